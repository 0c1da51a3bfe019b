package cguard

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex/syntax"
)

// siteGuards parses src as JavaScript and returns the guards of the throw
// statement on the line holding marker, as "condition [kind]" strings
// ("/neg" marks a negated one).
func siteGuards(t *testing.T, src, marker string) []string {
	t.Helper()
	return langGuards(t, syntax.JavaScript(), JavaScript, "throw_statement", src, marker)
}

// langGuards is siteGuards for a language and the kind of its site nodes.
func langGuards(t *testing.T, lang *syntax.Language, g *Grammar, siteKind, src, marker string) []string {
	t.Helper()
	p, err := syntax.NewParser(lang, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	tree, err := p.Parse(t.Context(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, marker) {
			line = i + 1
		}
	}
	var site syntax.Node
	for i := range tree.Len() {
		if n := tree.At(i); n.Kind() == siteKind && n.Line() == line {
			site = n
			break
		}
	}
	if site.IsNull() {
		t.Fatalf("no %s on the line of %q", siteKind, marker)
	}
	var out []string
	for _, gd := range Guards(site, g) {
		s := gd.Condition + " [" + gd.Kind
		if gd.Negated {
			s += "/neg"
		}
		out = append(out, s+"]")
	}
	return out
}

func TestGuards(t *testing.T) {
	tests := []struct {
		name, src, marker string
		want              []string
	}{
		{
			name: "an if and the early exits before it",
			src: `function set(cfg, key, value) {
  if (!cfg) return;
  if (typeof key !== 'string') {
    throw new TypeError('key must be a string');
  }
  if (value > cfg.max) throw new RangeError('too big'); // here
}`,
			marker: "// here",
			want:   []string{"cfg [early-return/neg]", "typeof key === 'string' [early-return/neg]", "value > cfg.max [if]"},
		},
		{
			name: "an else-if chain's branches failed before the else",
			src: `function kind(k) {
  if (k === 'a') {
    return 1;
  } else if (k === 'b') {
    return 2;
  } else {
    throw new Error('bad kind ' + k); // here
  }
}`,
			marker: "// here",
			want:   []string{"k !== 'a' [elif/neg]", "k !== 'b' [else/neg]"},
		},
		{
			name: "an else-if's own branch",
			src: `function kind(k, n) {
  if (k === 'a') {
    return 1;
  } else if (n < 0 && !k.startsWith('(')) {
    throw new Error('negative'); // here
  }
}`,
			marker: "// here",
			want:   []string{"k !== 'a' [elif/neg]", "n < 0 && !k.startsWith('(') [elif]"},
		},
		{
			name: "an exit that does not always leave gives nothing",
			src: `function f(a, b) {
  if (a) { log(a); }
  if (b) { if (a) return; }
  throw new Error('no'); // here
}`,
			marker: "// here",
			want:   nil,
		},
		{
			name: "the guards of the enclosing function end at a closure",
			src: `function outer(x) {
  if (x) {
    return () => {
      if (!ready()) throw new Error('not ready'); // here
    };
  }
}`,
			marker: "// here",
			want:   []string{"!ready() [if]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, siteGuards(t, tt.src, tt.marker)); diff != "" {
				t.Errorf("guards (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGrammars checks the other languages' grammars on one shape each:
// an early exit, an else-if chain, and the site's own if.
func TestGrammars(t *testing.T) {
	tests := []struct {
		name     string
		lang     *syntax.Language
		g        *Grammar
		siteKind string
		src      string
		want     []string
	}{
		{
			name: "java", lang: syntax.Java(), g: Java, siteKind: "throw_statement",
			src: `class A {
  void set(String key, int n) {
    if (key == null) return;
    if (n == 0) {
      count = 0;
    } else if (n < 0) {
      throw new IllegalArgumentException("negative: " + n); // here
    }
  }
}`,
			want: []string{"key != null [early-return/neg]", "n != 0 [elif/neg]", "n < 0 [elif]"},
		},
		{
			name: "c++", lang: syntax.CPP(), g: C, siteKind: "throw_statement",
			src: `void set(const char* key, int n) {
  if (!key) { return; }
  if (n > limit) {
    log(n);
  } else {
    throw std::runtime_error("too small"); // here
  }
}`,
			want: []string{"key [early-return/neg]", "n <= limit [else/neg]"},
		},
		{
			name: "rust", lang: syntax.Rust(), g: Rust, siteKind: "macro_invocation",
			src: `fn set(key: &str, n: i64) -> Result<(), Error> {
    if key.is_empty() {
        return Err(Error::Empty);
    }
    if let Some(x) = lookup(key) {
        if n > x.max {
            panic!("{} exceeds {}", n, x.max); // here
        }
    }
    Ok(())
}`,
			want: []string{"!key.is_empty() [early-return/neg]", "let Some(x) = lookup(key) [if]", "n > x.max [if]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, langGuards(t, tt.lang, tt.g, tt.siteKind, tt.src, "// here")); diff != "" {
				t.Errorf("guards (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNegate(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"!ok", "ok"},
		{"ok", "!ok"},
		{"this.map.has(key)", "!this.map.has(key)"},
		{"!input.endsWith('(')", "input.endsWith('(')"},
		{"typeof x !== 'string'", "typeof x === 'string'"},
		{"a.length >= max", "a.length < max"},
		{"a < b && c", "!(a < b && c)"},
		{"x == '<'", "x != '<'"},
		{"a << 2", "!(a << 2)"},
		{"x instanceof Error", "!(x instanceof Error)"},
		{"!(a || b)", "a || b"},
		{"!(a) || (b)", "!(!(a) || (b))"},
	} {
		if got := Negate(tt.in); got != tt.want {
			t.Errorf("Negate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzNegate(f *testing.F) {
	f.Add("typeof x !== 'str\\'ing'")
	f.Add("((a)")
	f.Fuzz(func(t *testing.T, cond string) {
		Negate(cond)
	})
}
