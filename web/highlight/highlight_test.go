package highlight

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLines(t *testing.T) {
	tests := []struct {
		name  string
		lang  string
		lines []string
		// want maps "line:text" to the class the token with that text
		// must have on that line.
		want map[string]string
	}{
		{
			name:  "python raise",
			lang:  "python",
			lines: []string{"if not ok:", `    raise ValueError("bad <b>")`},
			want:  map[string]string{"0:if": "k", "1:raise": "k", "1:ValueError": "ne", `1:"bad <b>"`: "s2"},
		},
		{
			name:  "go",
			lang:  "go",
			lines: []string{"func f() error {", `	return fmt.Errorf("x %d", 1)`, "}"},
			want:  map[string]string{"0:func": "kd", "1:return": "k"},
		},
		{
			name:  "shell example fix",
			lang:  "sh",
			lines: []string{"export LIMIT=1024"},
			want:  map[string]string{"0:export": "nb"},
		},
		{
			name:  "unknown language is plain",
			lang:  "cobol",
			lines: []string{"DISPLAY 'x'."},
			want:  map[string]string{"0:DISPLAY 'x'.": ""},
		},
		{
			name:  "line too long is plain",
			lang:  "python",
			lines: []string{"x = 1", "y = '" + strings.Repeat("a", maxLineSize) + "'"},
			want:  map[string]string{"0:x = 1": ""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Lines(tt.lang, tt.lines)
			if len(got) != len(tt.lines) {
				t.Fatalf("got %d lines, want %d", len(got), len(tt.lines))
			}
			for i, l := range got {
				if diff := cmp.Diff(tt.lines[i], joined(l)); diff != "" {
					t.Errorf("line %d text changed (-want +got):\n%s", i, diff)
				}
			}
			classes := map[string]string{}
			for i, l := range got {
				for _, tok := range l {
					classes[string(rune('0'+i))+":"+tok.Text] = tok.Class
				}
			}
			for key, want := range tt.want {
				gotClass, ok := classes[key]
				if !ok {
					t.Errorf("no token %q; tokens: %v", key, got)
					continue
				}
				if gotClass != want {
					t.Errorf("token %q has class %q, want %q", key, gotClass, want)
				}
			}
		})
	}
}

func TestSnippet(t *testing.T) {
	tests := []struct {
		name  string
		lang  string
		lines []string
		code  int
		// want is the class of the first token of line code.
		want string
	}{
		{"starts inside a docstring", "python", []string{
			"    Raises:",
			"        ValueError: if the address isn't valid",
			`    """`,
			"    raise ValueError(f'{address!r} does not appear to be an IPv4 address')",
		}, 3, "k"},
		{"starts inside a single-quoted docstring", "python", []string{
			"    it's fine",
			"    '''",
			"    raise KeyError(key)",
		}, 2, "k"},
		{"starts inside a block comment", "go", []string{
			" * don't panic",
			" */",
			`	panic("boom")`,
		}, 2, "nb"},
		{"already code", "python", []string{"x = 1", "raise ValueError('x')"}, 1, "k"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Snippet(tt.lang, tt.lines, tt.code)
			if len(got) != len(tt.lines) {
				t.Fatalf("%d lines, want %d", len(got), len(tt.lines))
			}
			for i, l := range got {
				if joined(l) != tt.lines[i] {
					t.Errorf("line %d changed: %q", i, joined(l))
				}
			}
			var first Token
			for _, tok := range got[tt.code] {
				if strings.TrimSpace(tok.Text) != "" {
					first = tok
					break
				}
			}
			if first.Class != tt.want {
				t.Errorf("first token %+v, want class %q; line %v", first, tt.want, got[tt.code])
			}
		})
	}
}

func TestCSS(t *testing.T) {
	css := CSS()
	for _, want := range []string{".chroma .k {", "@media (prefers-color-scheme: dark)"} {
		if !strings.Contains(css, want) {
			t.Errorf("CSS lacks %q", want)
		}
	}
}

// FuzzLines checks that any input comes back as the same text, one Line
// per input line, without panicking.
func FuzzLines(f *testing.F) {
	f.Add("python", "def f():\n    raise ValueError(f\"{x!r} <script>\")")
	f.Add("go", "panic(\"\\xff\")")
	f.Add("sh", "A='\x00'\n\n")
	f.Add("python", "'''unterminated\n\t\v\f")
	f.Fuzz(func(t *testing.T, lang, src string) {
		lines := strings.Split(src, "\n")
		got := Lines(lang, lines)
		if len(got) != len(lines) {
			t.Fatalf("got %d lines, want %d", len(got), len(lines))
		}
		for i, l := range got {
			if joined(l) != lines[i] {
				t.Fatalf("line %d: got %q, want %q", i, joined(l), lines[i])
			}
		}
	})
}
