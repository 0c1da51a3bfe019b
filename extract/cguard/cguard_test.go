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
	p, err := syntax.NewParser(syntax.JavaScript(), time.Second)
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
		if n := tree.At(i); n.Kind() == "throw_statement" && n.Line() == line {
			site = n
			break
		}
	}
	if site.IsNull() {
		t.Fatalf("no throw on the line of %q", marker)
	}
	var out []string
	for _, g := range Guards(site, JavaScript) {
		s := g.Condition + " [" + g.Kind
		if g.Negated {
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
