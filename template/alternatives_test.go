package template_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/template"
)

// alts builds templates from a compact notation: literal text with holes
// written {name} or {name=expr}.
func alts(specs ...string) []errdex.Template {
	var out []errdex.Template
	for _, s := range specs {
		var parts []errdex.Part
		for s != "" {
			open := strings.IndexByte(s, '{')
			if open < 0 {
				parts = append(parts, errdex.Lit(s))
				break
			}
			parts = append(parts, errdex.Lit(s[:open]))
			end := open + strings.IndexByte(s[open:], '}')
			name, expr, ok := strings.Cut(s[open+1:end], "=")
			if !ok {
				expr = name
			}
			parts = append(parts, errdex.HolePart(name, expr, errdex.HoleAny))
			s = s[end+1:]
		}
		out = append(out, errdex.NewTemplate(parts...))
	}
	return out
}

// show renders templates with each hole as {name=expr}, so that tests see
// expressions too.
func show(ts []errdex.Template) []string {
	out := []string{}
	for _, t := range ts {
		var b strings.Builder
		for _, p := range t.Parts {
			if p.IsHole() {
				b.WriteString("{" + p.Hole + "=" + p.Expr + "}")
				continue
			}
			b.WriteString(p.Text)
		}
		out = append(out, b.String())
	}
	return out
}

func TestAlternativesProduct(t *testing.T) {
	tests := []struct {
		name string
		p    template.Alternatives
		a, b []errdex.Template
		want []string
	}{
		{"cross product, a outermost", template.Alternatives{}, alts("x", "y"), alts("1", "2"),
			[]string{"x1", "x2", "y1", "y2"}},
		{"holes kept and literals merged", template.Alternatives{}, alts("n={n}, "), alts("m={m}"),
			[]string{"n={n=n}, m={m=m}"}},
		{"first Max kept", template.Alternatives{Max: 3}, alts("x", "y"), alts("1", "2"),
			[]string{"x1", "x2", "y1"}},
		{"text capped", template.Alternatives{MaxText: 4}, alts("abc"), alts("def", "{h}"),
			[]string{"abcd", "abc{h=h}"}},
		{"empty left side", template.Alternatives{}, nil, alts("x"), []string{}},
		{"empty right side", template.Alternatives{Max: 8}, alts("x"), nil, []string{}},
		{"duplicates kept", template.Alternatives{}, alts("a", "a"), alts("b"), []string{"ab", "ab"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, show(tt.p.Product(tt.a, tt.b))); diff != "" {
				t.Errorf("Product (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAlternativesUnion(t *testing.T) {
	tests := []struct {
		name  string
		p     template.Alternatives
		lists [][]errdex.Template
		want  []string
	}{
		{"in order, each once", template.Alternatives{}, [][]errdex.Template{alts("a", "b"), alts("b", "c", "a")},
			[]string{"a", "b", "c"}},
		{"first Max kept", template.Alternatives{Max: 2}, [][]errdex.Template{alts("a"), alts("a", "b", "c")},
			[]string{"a", "b"}},
		{"by String, holes of one name are the same", template.Alternatives{},
			[][]errdex.Template{alts("{n=len(a)} items"), alts("{n=len(b)} items")}, []string{"{n=len(a)} items"}},
		{"by ExprKey, holes of other expressions differ", template.Alternatives{Key: template.ExprKey},
			[][]errdex.Template{alts("{n=len(a)} items"), alts("{n=len(b)} items", "{m=len(a)} items")},
			[]string{"{n=len(a)} items", "{n=len(b)} items"}},
		{"by Canonical", template.Alternatives{Key: errdex.Template.Canonical},
			[][]errdex.Template{alts("{a} x"), alts("{b} x", "{b} y")}, []string{"{a=a} x", "{b=b} y"}},
		{"nothing", template.Alternatives{}, [][]errdex.Template{nil, {}}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, show(tt.p.Union(tt.lists...))); diff != "" {
				t.Errorf("Union (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAlternativesSubstitute(t *testing.T) {
	tests := []struct {
		name   string
		p      template.Alternatives
		ts     []errdex.Template
		values map[string][]errdex.Template
		want   []string
	}{
		{"no values: unchanged", template.Alternatives{}, alts("bad {x}"), nil, []string{"bad {x=x}"}},
		{"one value", template.Alternatives{}, alts("bad {x}: {y}"), map[string][]errdex.Template{"x": alts("name")},
			[]string{"bad name: {y=y}"}},
		{"by expression, not name", template.Alternatives{}, alts("bad {x=a.b}"),
			map[string][]errdex.Template{"x": alts("no"), "a.b": alts("{v}")}, []string{"bad {v=v}"}},
		{"alternatives multiply", template.Alternatives{}, alts("{x}-{y}"),
			map[string][]errdex.Template{"x": alts("a", "b"), "y": alts("1", "2")}, []string{"a-1", "a-2", "b-1", "b-2"}},
		{"templates joined, each once", template.Alternatives{}, alts("{x}!", "a!", "c!"),
			map[string][]errdex.Template{"x": alts("a", "b")}, []string{"a!", "b!", "c!"}},
		{"capped", template.Alternatives{Max: 3, MaxText: 3}, alts("{x}{y}"),
			map[string][]errdex.Template{"x": alts("ab", "cd"), "y": alts("ef", "gh")}, []string{"abe", "abg", "cde"}},
		{"a value without alternatives drops the hole", template.Alternatives{}, alts("a{x}b"),
			map[string][]errdex.Template{"x": nil}, []string{"ab"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, show(tt.p.Substitute(tt.ts, tt.values))); diff != "" {
				t.Errorf("Substitute (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExprKey(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"{n=len(a)} items", "{m=len(a)} items", true},
		{"{n=len(a)} items", "{n=len(b)} items", false},
		{"a {x}", "a {x}", true},
		{"a {x}", "a x", false},
	}
	for _, tt := range tests {
		a, b := alts(tt.a)[0], alts(tt.b)[0]
		if got := template.ExprKey(a) == template.ExprKey(b); got != tt.same {
			t.Errorf("ExprKey(%q) == ExprKey(%q) is %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

func TestCapText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		n    int
		want string
	}{
		{"within", "ab{x}cd", 4, "ab{x=x}cd"},
		{"cut in the last part", "ab{x}cdef", 4, "ab{x=x}cd"},
		{"later holes dropped", "abcdef{x}gh", 3, "abc"},
		{"hole before the cut kept", "{x}abcdef", 2, "{x=x}ab"},
		{"at a rune boundary", "aé", 2, "a"},
		{"nothing left of the part", "ab{x}é", 3, "ab{x=x}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := show([]errdex.Template{template.CapText(alts(tt.in)[0], tt.n)})[0]
			if got != tt.want {
				t.Errorf("CapText(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

func TestPick(t *testing.T) {
	tests := []struct {
		name     string
		in       []errdex.Template
		want     string
		wantAlts []string
	}{
		{"none", nil, "", []string{}},
		{"one", alts("bad {x}"), "bad {x=x}", []string{}},
		{"literal before opaque, in order otherwise", alts("{a}", "b {c}", "{d}", "e"), "b {c=c}",
			[]string{"e", "{a=a}", "{d=d}"}},
		{"empty dropped", alts("", "x", ""), "x", []string{}},
		{"all empty", alts("", ""), "", []string{}},
		{"hole names made distinct", alts("{x} and {x=y}"), "{x=x} and {x_2=y}", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmpl, rest := template.Pick(tt.in)
			if got := show([]errdex.Template{tmpl})[0]; got != tt.want {
				t.Errorf("Pick: template %q, want %q", got, tt.want)
			}
			if diff := cmp.Diff(tt.wantAlts, show(rest)); diff != "" {
				t.Errorf("Pick: alternatives (-want +got):\n%s", diff)
			}
			if rest != nil && len(rest) == 0 {
				t.Errorf("Pick: empty alternatives are not nil")
			}
		})
	}
}

func TestPickKeepsInput(t *testing.T) {
	in := alts("{a}", "b")
	before := show(in)
	template.Pick(in)
	if diff := cmp.Diff(before, show(in)); diff != "" {
		t.Errorf("Pick changed its input (-want +got):\n%s", diff)
	}
}
