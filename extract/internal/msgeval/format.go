package msgeval

import "github.com/errdex/errdex"

// Vary evaluates a formatting call with n arguments whose values may each
// have several alternatives. parse parses the format with arg giving the
// template of argument i to inline, or false to leave a hole (an
// argument out of range, or one that is not text). The first template
// inlines the first alternative of every argument; then, one argument
// at a time, each further alternative of an argument the format used
// gives one more, up to Rules.Alternatives.Max. eval evaluates argument
// i, at most once and only when the format uses it. Vary returns the
// problems parse reported for the first template.
func (r Rules) Vary(n int, eval func(i int) Value, parse func(arg func(i int) (errdex.Template, bool)) (errdex.Template, []string)) (Value, []string) {
	vals := make([]*Value, n)
	get := func(i int) Value {
		if vals[i] == nil {
			v := eval(i)
			vals[i] = &v
		}
		return *vals[i]
	}
	with := func(vary, alt int) func(int) (errdex.Template, bool) {
		return func(i int) (errdex.Template, bool) {
			if i < 0 || i >= n {
				return errdex.Template{}, false
			}
			v := get(i)
			if !v.Text || len(v.Alts) == 0 {
				return errdex.Template{}, false
			}
			if i == vary {
				return v.Alts[alt], true
			}
			return v.Alts[0], true
		}
	}
	first, problems := parse(with(-1, 0))
	out := Value{Alts: []errdex.Template{first}, Text: true}
	for i, v := range vals {
		if v == nil || !v.Text {
			continue
		}
		for j := 1; j < len(v.Alts) && (r.Alternatives.Max == 0 || len(out.Alts) < r.Alternatives.Max); j++ {
			t, _ := parse(with(i, j))
			out.Alts = append(out.Alts, t)
		}
	}
	return r.Union(out), problems
}
