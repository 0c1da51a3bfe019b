package template

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// Alternatives bounds and identifies the alternative messages an extractor
// evaluates one expression to: a variable assigned in two branches, a
// conditional expression, a concatenation of such values. Every operation
// keeps at most Max alternatives, the first ones in order, so that
// evaluation stays linear however the alternatives multiply on hostile
// input.
//
// An extractor declares its policy once, as an immutable package-level
// value:
//
//	var alternatives = template.Alternatives{Max: 8, MaxText: 4096, Key: template.ExprKey}
//
// The zero value keeps every alternative, caps no text and tells
// alternatives apart by Template.String.
type Alternatives struct {
	// Max is the number of alternatives a result keeps; 0 keeps all.
	Max int
	// MaxText caps the literal text of each concatenation Product makes,
	// in bytes (see CapText), so that a message grown in a loop of
	// "msg += ..." stays bounded; 0 caps nothing.
	MaxText int
	// Key tells alternatives apart: Union keeps the first of those with
	// the same key. Nil means Template.String (literal text and hole
	// names); ExprKey tells holes apart by their source expressions.
	Key func(errdex.Template) string
}

// Product concatenates every alternative of a with every alternative of b,
// a's order outermost ([x, y] × [1, 2] is x1, x2, y1, y2), keeping the
// first Max and capping each to MaxText. Each result is normalised. An
// empty side gives no alternatives: nothing is known of the
// concatenation.
func (p Alternatives) Product(a, b []errdex.Template) []errdex.Template {
	n := len(a) * len(b)
	if p.Max > 0 {
		n = min(n, p.Max)
	}
	if n == 0 {
		return nil
	}
	out := make([]errdex.Template, 0, n)
	for _, x := range a {
		for _, y := range b {
			if len(out) == n {
				return out
			}
			t := x.Concat(y)
			if p.MaxText > 0 {
				t = CapText(t, p.MaxText)
			}
			out = append(out, t)
		}
	}
	return out
}

// Union returns the alternatives of the lists in order, each once (by
// Key), keeping the first Max. It returns nil when the lists hold none.
func (p Alternatives) Union(lists ...[]errdex.Template) []errdex.Template {
	key := p.Key
	if key == nil {
		key = errdex.Template.String
	}
	var out []errdex.Template
	seen := map[string]bool{}
	for _, l := range lists {
		for _, t := range l {
			if p.Max > 0 && len(out) == p.Max {
				return out
			}
			if k := key(t); !seen[k] {
				seen[k] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// Substitute replaces the holes of ts whose Expr is a key of values with
// each alternative of that value: a message built from a parameter takes
// the messages of the arguments passed for it. The alternatives of one
// template multiply as in Product; those of all templates are joined as in
// Union. A hole whose value has no alternatives is dropped. Substitute
// returns ts itself when values is empty.
func (p Alternatives) Substitute(ts []errdex.Template, values map[string][]errdex.Template) []errdex.Template {
	if len(values) == 0 {
		return ts
	}
	var out []errdex.Template
	for _, t := range ts {
		acc := []errdex.Template{{}}
		for _, part := range t.Parts {
			v, ok := values[part.Expr]
			switch {
			case !part.IsHole() || !ok:
				acc = p.Product(acc, []errdex.Template{{Parts: []errdex.Part{part}}})
			case len(v) > 0:
				acc = p.Product(acc, v)
			}
		}
		out = p.Union(out, acc)
	}
	return out
}

// ExprKey identifies a template by its literal text and its holes' source
// expressions, whatever the holes' names and types: "{n} items" built
// from len(a) and from len(b) are two alternatives, though both holes may
// be named the same.
func ExprKey(t errdex.Template) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteString("\x00" + p.Expr + "\x00")
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// CapText cuts t after n bytes of literal text: the literal part that
// crosses the limit is cut at a rune boundary at or before it, and the
// parts after it, holes included, are dropped. A template within the
// limit is returned as it is.
func CapText(t errdex.Template, n int) errdex.Template {
	size := 0
	for i, p := range t.Parts {
		size += len(p.Text)
		if size <= n {
			continue
		}
		parts := slices.Clone(t.Parts[:i+1])
		keep := len(p.Text) - (size - n)
		for keep > 0 && !utf8.RuneStart(p.Text[keep]) {
			keep--
		}
		parts[i].Text = p.Text[:keep]
		return errdex.Template{Parts: parts}.Normalize()
	}
	return t
}

// Pick orders the alternative messages of one site for display and
// storage: each is normalised with distinct hole names (DistinctHoles),
// empty ones are dropped unless all are, and those with literal text come
// before opaque ones, in their order otherwise. It returns the first as
// the site's template and the others as its alternatives (nil when there
// are none); no alternatives give the empty template.
func Pick(alts []errdex.Template) (errdex.Template, []errdex.Template) {
	if len(alts) == 0 {
		return errdex.Template{}, nil
	}
	alts = slices.Clone(alts)
	for i := range alts {
		alts[i] = DistinctHoles(alts[i].Normalize())
	}
	kept := alts[:0]
	for _, a := range alts {
		if !a.IsEmpty() {
			kept = append(kept, a)
		}
	}
	if len(kept) == 0 {
		kept = alts[:1]
	}
	slices.SortStableFunc(kept, func(a, b errdex.Template) int {
		switch {
		case !a.IsOpaque() && b.IsOpaque():
			return -1
		case a.IsOpaque() && !b.IsOpaque():
			return 1
		}
		return 0
	})
	if len(kept) == 1 {
		return kept[0], nil
	}
	return kept[0], kept[1:]
}
