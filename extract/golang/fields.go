package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
)

// This file gives a site to each call that stores text in a field which
// a message of the package reads. Code ported from C keeps a problem in a
// state field and formats it later: libyaml's Go ports call
// yaml_parser_set_scanner_error(parser, "", mark, "mapping values are not
// allowed in this context"), which sets parser.problem = problem, and
// parser.fail formats failf("%s%s", where, msg) with msg =
// p.parser.problem. The call is where the error happens, its text the
// message: it gets a site with the reader's messages, the field's hole
// filled with the call's argument.
//
// So does a statement appending text to a field that collects messages
// (d.terrors = append(d.terrors, fmt.Sprintf("line %d: cannot unmarshal
// %s into %s", ...))) which an error joins (&TypeError{d.terrors}, read
// as "yaml: unmarshal errors:\n  " + strings.Join(d.terrors, "\n  ")).

// Setter is a small function or method named like an error
// (yaml_parser_set_scanner_error, setError, fail) that stores its string
// parameter Param in a field named Field (parser.problem = problem).
type Setter struct {
	Name  string
	Recv  string // the receiver's type name for a method
	Param int
	Field string
	Owner string // the name the field is selected from: parser of parser.problem
	// OwnerType is the type of Owner when a parameter declares it
	// (yaml_parser_t of parser *yaml_parser_t).
	OwnerType string
}

// FieldRead is a local variable of Function assigned the value of the
// field Field (msg = p.parser.problem): a hole naming it reads the field.
type FieldRead struct {
	Function string
	Var      string
	Field    string
	Owner    string // as Setter's
}

// Collect is a statement appending text to a field (d.terrors =
// append(d.terrors, msg)): Site is made a site where an error joins the
// field's messages (see joinedField).
type Collect struct {
	Field     string
	Owner     string // as Setter's
	Templates []errdex.Template
	Site      *callSite
}

// fieldHole is a hole of a site's messages that reads a field: the
// hole's expression selects it (p.parser.problem), or names a local
// variable the function assigns it to (see FieldRead).
type fieldHole struct {
	site  *errdex.Site
	hole  string
	field string
	owner string
}

// fieldFacts records d as a Setter when it is one, and its FieldReads.
func (x *fileCtx) fieldFacts(d *ast.FuncDecl, fn *funcCtx) {
	if len(d.Body.List) <= maxHelperStmts && errLikeFunc(d.Name.Name) {
		for _, st := range d.Body.List {
			if set, ok := x.setterStmt(st, d.Type); ok {
				set.Name, set.Recv = d.Name.Name, fn.recvType
				x.facts.Setters = append(x.facts.Setters, set)
			}
		}
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != len(a.Rhs) {
			return true
		}
		if c, ok := x.collect(a, fn); ok {
			x.facts.Collects = append(x.facts.Collects, c)
		}
		for i, l := range a.Lhs {
			id, ok := l.(*ast.Ident)
			sel, ok2 := ast.Unparen(a.Rhs[i]).(*ast.SelectorExpr)
			if ok && ok2 && id.Name != "_" {
				x.facts.FieldReads = append(x.facts.FieldReads, FieldRead{Function: fn.name, Var: id.Name, Field: sel.Sel.Name, Owner: owner(x.text(sel))})
			}
		}
		return true
	})
}

// collect reports whether a appends text to a field (x.f = append(x.f,
// msg)), and what.
func (x *fileCtx) collect(a *ast.AssignStmt, fn *funcCtx) (Collect, bool) {
	if a.Tok != token.ASSIGN || len(a.Lhs) != 1 {
		return Collect{}, false
	}
	sel, ok := a.Lhs[0].(*ast.SelectorExpr)
	call, ok2 := a.Rhs[0].(*ast.CallExpr)
	if !ok || !ok2 || call.Ellipsis.IsValid() || len(call.Args) < 2 || !isIdentNamed(call.Fun, "append") || x.text(call.Args[0]) != x.text(sel) {
		return Collect{}, false
	}
	c := Collect{Field: sel.Sel.Name, Owner: owner(x.text(sel)), Site: &callSite{span: x.span(a), function: fn.name}}
	for _, e := range call.Args[1:] {
		if hasStringLit(e) {
			c.Templates = append(c.Templates, scope{x, fn}.tmpl(e, 0)...)
		}
	}
	return c, len(c.Templates) > 0
}

// setterStmt reports whether st stores a string parameter of a function
// of type ft in a field (x.f = p), and which.
func (x *fileCtx) setterStmt(st ast.Stmt, ft *ast.FuncType) (Setter, bool) {
	a, ok := st.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return Setter{}, false
	}
	sel, ok := a.Lhs[0].(*ast.SelectorExpr)
	id, ok2 := a.Rhs[0].(*ast.Ident)
	if !ok || !ok2 {
		return Setter{}, false
	}
	set := Setter{Param: -1, Field: sel.Sel.Name, Owner: owner(x.text(sel))}
	i := 0
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if n.Name == id.Name && x.isStringParam(ft, i) {
				set.Param = i
			}
			if isIdentNamed(sel.X, n.Name) {
				set.OwnerType = typeName(f.Type)
			}
			i++
		}
	}
	return set, set.Param >= 0
}

// selectedField returns the field a hole's expression selects (Name of
// e.Name, problem of p.parser.problem), or "".
func selectedField(expr string) string {
	i := strings.LastIndexByte(expr, '.')
	if i < 0 {
		return ""
	}
	for _, part := range strings.Split(expr, ".") {
		if !token.IsIdentifier(part) {
			return ""
		}
	}
	return expr[i+1:]
}

// owner returns the name a selector expression's field is selected from:
// parser of p.parser.problem and of parser.problem, "" for another
// expression.
func owner(sel string) string {
	parts := strings.Split(sel, ".")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}

// fieldSites gives each call of a Setter passing text a site: the
// messages of the sites of its package that read the field it sets, the
// field's hole filled with the call's text (see the top of this file).
// A call already made a site (of a helper) is left as it is. So does
// each Collect whose field a site's message joins.
func (l *linker) fieldSites() {
	setters := map[key][]Setter{}
	var reads []FieldRead
	fields, collected := map[string]bool{}, map[string]bool{}
	l.eachFile(func(_ *extract.FileResult, fx *Facts) {
		for _, s := range fx.Setters {
			k := key{fx.Dir, helperKey(s.Recv, s.Name)}
			setters[k] = append(setters[k], s)
			fields[s.Field] = true
		}
		reads = append(reads, fx.FieldReads...)
		for _, c := range fx.Collects {
			collected[c.Field] = true
		}
	})
	if len(fields) == 0 && len(collected) == 0 {
		return
	}
	holes, joins := map[key][]fieldHole{}, map[key][]fieldHole{}
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		for _, s := range f.Sites {
			if l.drop[s] {
				continue
			}
			seen := map[fieldHole]bool{}
			add := func(to map[key][]fieldHole, h fieldHole) {
				if !seen[h] {
					seen[h] = true
					to[key{fx.Dir, h.field}] = append(to[key{fx.Dir, h.field}], h)
				}
			}
			for _, t := range append([]errdex.Template{s.Template}, s.Alternatives...) {
				for _, p := range t.Holes() {
					for _, h := range readFields(s, p, fields, reads) {
						add(holes, h)
					}
					if field, owner := joinedField(p.Expr); collected[field] {
						add(joins, fieldHole{site: s, hole: p.Hole, field: field, owner: owner})
					}
				}
			}
		}
	})
	l.eachFile(func(f *extract.FileResult, fx *Facts) {
		for _, c := range fx.Calls {
			if c.Forward || c.Import != "" || c.Scope != "" || c.Site.made != nil || c.Method && c.Recv == "" {
				continue
			}
			for _, set := range setters[key{fx.Dir, helperKey(c.Recv, c.Name)}] {
				if set.Param >= len(c.Args) || !anyText(c.Args[set.Param].Templates) {
					continue
				}
				hs := sameOwner(holes[key{fx.Dir, set.Field}], set.Owner, set.OwnerType)
				fact := errdex.Fact{Name: set.Name, Kind: errdex.FactHelper, Text: helperKey(set.Recv, set.Name) + " sets " + set.Field}
				if fieldSite(f, fx, c.Site, fact, c.Args[set.Param].Templates, hs) {
					break
				}
			}
		}
		for _, c := range fx.Collects {
			hs := sameOwner(joins[key{fx.Dir, c.Field}], c.Owner, "")
			fact := errdex.Fact{Name: c.Field, Kind: "field", Text: c.Site.function + " collects " + c.Field}
			fieldSite(f, fx, c.Site, fact, c.Templates, hs)
		}
	})
}

// fieldSite makes cs a site of file f with the messages of holes, the
// holes reading a field, filled with texts, what it stores there, and
// cites the site whose message it takes in fact (a helper's, a setter
// call; a field's, a collecting statement), completed. It reports
// whether it did.
func fieldSite(f *extract.FileResult, fx *Facts, cs *callSite, fact errdex.Fact, texts []errdex.Template, holes []fieldHole) bool {
	var ts []errdex.Template
	var from *errdex.Site
	for _, h := range holes {
		filled := fillField(h, texts)
		if len(filled) > 0 && from == nil {
			from = h.site
		}
		ts = append(ts, filled...)
	}
	if from == nil {
		return false
	}
	ts = dedupe(ts, maxAlternatives)
	s := cs.site()
	s.Template, s.Alternatives = ts[0], ts[1:]
	s.Kind, s.Exception = from.Kind, from.Exception
	fact.Location = from.Location.Span
	fact.Text += ", which " + from.Function + " formats: " + from.Template.String()
	s.Provenance = append(s.Provenance, fact)
	guardFile(fx.Build, []*errdex.Site{s})
	f.Sites = append(f.Sites, s)
	return true
}

// joinedField returns the field whose messages a hole's expression joins
// (terrors of strings.Join(d.terrors, "\n  ")) and the name it is
// selected from, or "".
func joinedField(expr string) (field, from string) {
	if !strings.Contains(expr, "Join(") {
		return "", ""
	}
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", ""
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return "", ""
	}
	fun, ok := call.Fun.(*ast.SelectorExpr)
	sel, ok2 := call.Args[0].(*ast.SelectorExpr)
	if !ok || !ok2 || !isIdentNamed(fun.X, "strings") || fun.Sel.Name != "Join" {
		return "", ""
	}
	return sel.Sel.Name, owner(expr[sel.Pos()-1 : sel.End()-1])
}

// readFields returns the holes of site s, for its hole p, that read a
// field of fields: the one its expression selects, or those its
// variable is assigned.
func readFields(s *errdex.Site, p errdex.Part, fields map[string]bool, reads []FieldRead) []fieldHole {
	if f := selectedField(p.Expr); f != "" || p.Expr != p.Hole {
		if fields[f] {
			return []fieldHole{{site: s, hole: p.Hole, field: f, owner: owner(p.Expr)}}
		}
		return nil
	}
	var out []fieldHole
	for _, r := range reads {
		if r.Function == s.Function && r.Var == p.Expr && fields[r.Field] {
			out = append(out, fieldHole{site: s, hole: p.Hole, field: r.Field, owner: r.Owner})
		}
	}
	return out
}

// sameOwner returns those of holes read through owner, the name a field
// is stored through, or one named as its type, ownerType (p.parser.problem
// for parser.problem = problem, not e.emitter.problem), or all when none
// is.
func sameOwner(holes []fieldHole, owner, ownerType string) []fieldHole {
	var out []fieldHole
	for _, h := range holes {
		if h.owner == owner || h.owner == ownerType && h.owner != "" {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return holes
	}
	return out
}

// fillField returns the messages of h's site that hold its hole, with
// each of texts, the messages a call stores in the field, in its place.
func fillField(h fieldHole, texts []errdex.Template) []errdex.Template {
	var out []errdex.Template
	for _, t := range append([]errdex.Template{h.site.Template}, h.site.Alternatives...) {
		for _, text := range texts {
			if !hasText(text) {
				continue
			}
			var parts []errdex.Part
			found := false
			for _, p := range t.Parts {
				if p.IsHole() && p.Hole == h.hole {
					parts, found = append(parts, text.Parts...), true
				} else {
					parts = append(parts, p)
				}
			}
			if found {
				out = append(out, errdex.NewTemplate(parts...))
			}
		}
	}
	return out
}
