package golang

import (
	"go/ast"
	"go/parser"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// This file specialises a helper's own sites with the constants its
// callers pass. strconv's syntaxError(fn, str string) builds &NumError{fn,
// stringslite.Clone(str), ErrSyntax}, "strconv.{fn}: parsing {str}: invalid
// syntax"; toError(fn, s, ...) passes fn on unchanged, and ParseUint calls
// toError("ParseUint", s, ...). The site in syntaxError then also reads
// "strconv.ParseUint: parsing {str}: invalid syntax", one alternative for
// each distinct binding of constants its callers make. Callers are the
// calls of the helper in its own package (resolved as helperIndex.of
// resolves them) whose argument for a parameter is constant text (a
// string or number literal, or a constant of the file or function, as a
// Call's arguments resolve them), or, in another helper, that helper's own parameter passed on
// unchanged, whose callers are followed in turn, at most maxHelperDepth
// helpers up (the rule of chains.go, in the other direction). A call that is a site itself (helperSites made it one:
// os's f.wrapErr("read", e) is "read {name}: {e}" where it is made) gives
// nothing: its message is indexed where it is made, and the helper's site
// would only tie with it. The site keeps its own templates first, so that
// callers not known still match it.

// maxCallerBindings bounds the bindings collected for one helper.
const maxCallerBindings = 32

// constBinding is the constant text one call of a helper gives each of its
// parameters, parallel to Helper.Params; "" where the call gives none.
type constBinding []string

// callerRef is a call of a helper, and the helper whose body makes it (nil
// when the call is in no helper).
type callerRef struct {
	call *Call
	in   *Helper
	made bool // the call is a site (see helperSites)
}

// callerIndex finds the bindings the callers of each helper make.
type callerIndex struct {
	callers map[*Helper][]callerRef
	// memo holds the bindings of each helper at a depth (see
	// maxHelperDepth).
	memo map[atDepth][]constBinding
}

// callerTemplates adds to the sites of each helper the templates its
// callers' constants give (see the comment at the top of the file).
func (l *linker) callerTemplates(ix *helperIndex) {
	ci := &callerIndex{callers: map[*Helper][]callerRef{}, memo: map[atDepth][]constBinding{}}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		var in map[int]*Helper
		for i := range fx.Helpers {
			for _, j := range fx.Helpers[i].Calls {
				if in == nil {
					in = map[int]*Helper{}
				}
				in[j] = &fx.Helpers[i]
			}
		}
		for j := range fx.Calls {
			c := &fx.Calls[j]
			if h := ix.of(*c, fx); h != nil && h.file.Dir == fx.Dir {
				ci.callers[h] = append(ci.callers[h], callerRef{c, in[j], ix.made[c.Site.made]})
			}
		}
	})
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for i := range fx.Helpers {
			h := &fx.Helpers[i]
			for k, s := range h.Sites {
				if !l.drop[s] && len(ci.callers[h]) > 0 {
					var conds []Cond
					if k < len(h.Conds) {
						conds = h.Conds[k]
					}
					ci.specialise(s, h, conds)
				}
			}
		}
	})
}

// specialise adds to s, a site of h, its templates with the parameters
// they read directly (see directReads) replaced by the constants of each
// binding h's callers make under which s may be made (conds, see
// paramConds), keeping at most maxAlternatives templates in all.
func (ci *callerIndex) specialise(s *errdex.Site, h *Helper, conds []Cond) {
	ts := append([]errdex.Template{s.Template}, s.Alternatives...)
	if len(ts) >= maxAlternatives {
		return
	}
	reads := directReads(ts, h)
	if reads == nil {
		return
	}
	var more []errdex.Template
	for _, b := range ci.bindings(h, 0) {
		if !holdsFor(conds, h, b) {
			continue
		}
		for i, t := range ts {
			if bt, ok := bind(t, reads[i], b); ok {
				more = append(more, bt)
			}
		}
	}
	if len(more) == 0 {
		return
	}
	ts = preferLiteral(dedupe(append(ts, more...), maxAlternatives))
	s.Template, s.Alternatives = ts[0], ts[1:]
}

// bindings returns the distinct bindings of h's parameters that its
// callers make, at most maxCallerBindings: a call's constants, and for a
// parameter a call passes on from the helper it is in, the bindings of
// that helper's callers (depth counts the helpers followed, and callers
// are followed while depth < maxHelperDepth).
func (ci *callerIndex) bindings(h *Helper, depth int) []constBinding {
	k := atDepth{h, depth}
	if bs, ok := ci.memo[k]; ok {
		return bs
	}
	var out []constBinding
	seen := map[string]bool{}
	add := func(b constBinding) {
		k := strings.Join(b, "\x00")
		if len(out) < maxCallerBindings && !seen[k] && slices.ContainsFunc(b, func(v string) bool { return v != "" }) {
			seen[k] = true
			out = append(out, b)
		}
	}
	for _, r := range ci.callers[h] {
		if r.made {
			continue // its message is a site at the call
		}
		b := make(constBinding, len(h.Params))
		passed := map[int]int{} // h's parameter → r.in's
		for i := range min(len(h.Params), len(r.call.Args)) {
			a := r.call.Args[i]
			if v, ok := constArg(a); ok {
				b[i] = v
			} else if j := passedParam(a, r.in); j >= 0 {
				passed[i] = j
			}
		}
		if len(passed) > 0 && depth < maxHelperDepth {
			for _, up := range ci.bindings(r.in, depth+1) {
				nb := slices.Clone(b)
				for i, j := range passed {
					nb[i] = up[j]
				}
				add(nb)
			}
		}
		add(b)
	}
	ci.memo[k] = out
	return out
}

// passedParam returns the index of the parameter of in that a call's
// argument passes on unchanged (no assignment to it reaches the call), or
// -1.
func passedParam(a CallArg, in *Helper) int {
	if in == nil || len(a.Templates) != 1 || !isSingleHole(a.Templates[0]) || a.Templates[0].Parts[0].Expr != a.Expr || a.Expr == "_" {
		return -1
	}
	return slices.Index(in.Params, a.Expr)
}

// constArg returns the text of a call's argument that is a constant: a
// single template of literal text, not empty.
func constArg(a CallArg) (string, bool) {
	if len(a.Templates) != 1 {
		return "", false
	}
	v, ok := literalText(a.Templates[0])
	return v, ok && v != ""
}

// directReads returns, for each part of each of ts, the parameter of h
// the part reads directly (see directParam), or -1; nil when no part
// does. A parameter that a hole reads otherwise (len(fn)) is read
// directly by none, as are the format parameter and its arguments and a
// final variadic parameter.
func directReads(ts []errdex.Template, h *Helper) [][]int {
	reads := make([][]int, len(ts))
	skip := map[int]bool{}
	if h.Format >= 0 {
		skip[h.Format], skip[h.Format+1] = true, true
	}
	if h.Variadic {
		skip[len(h.Params)-1] = true
	}
	for k, t := range ts {
		reads[k] = make([]int, len(t.Parts))
		for j, p := range t.Parts {
			reads[k][j] = -1
			if !p.IsHole() {
				continue
			}
			i, _ := paramRef(p.Expr, h.Params)
			if i < 0 {
				continue
			}
			if directParam(p, h.Params) == i {
				reads[k][j] = i
			} else {
				skip[i] = true
			}
		}
	}
	found := false
	for _, r := range reads {
		for j, i := range r {
			if i >= 0 && skip[i] {
				r[j] = -1
			}
			found = found || r[j] >= 0
		}
	}
	if !found {
		return nil
	}
	return reads
}

// directParam returns the index of the parameter a hole is, possibly
// through calls that keep its text (stringslite.Clone(str), string(s)) or
// quote it in a hole of type repr (Quote(str)), or -1.
func directParam(p errdex.Part, params []string) int {
	e, err := parser.ParseExpr(p.Expr)
	if err != nil {
		return -1
	}
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
			break
		}
		switch name, _ := calleeName(call); name {
		case "Clone", "string":
		case "Quote":
			if p.Type != errdex.HoleRepr {
				return -1
			}
		default:
			return -1
		}
		e = call.Args[0]
	}
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return -1
	}
	return slices.Index(params, id.Name)
}

// bind replaces in t the holes that read a parameter directly (reads,
// parallel to t's parts, see directReads) with the text b binds to it,
// quoted in a hole of type repr, and reports whether it replaced any.
func bind(t errdex.Template, reads []int, b constBinding) (errdex.Template, bool) {
	parts := slices.Clone(t.Parts)
	changed := false
	for j, i := range reads {
		if i < 0 || i >= len(b) || b[i] == "" {
			continue
		}
		v := b[i]
		if parts[j].Type == errdex.HoleRepr {
			v = strconv.Quote(v)
		}
		parts[j] = errdex.Lit(v)
		changed = true
	}
	if !changed {
		return t, false
	}
	return errdex.NewTemplate(parts...), true
}
