package python

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// This file records the language-neutral facts of a file for the
// repository analyses (extract.FileFacts): functions with their
// parameters, assignments and calls, classes with their fields, imports,
// configuration (facts_config.go), and each site's guards (guards.go) and
// reads. It reuses the scopes the scan found and makes one more pass over
// the flat tree, which costs a few percent of the extraction.

// moduleFunction names the top level of a file, as sites there report it.
const moduleFunction = "<module>"

// factWalker builds the FileFacts of one file.
type factWalker struct {
	fs *fileScan
	ff *extract.FileFacts
	// funcs and classes map a definition's tree index to its position in
	// ff.Functions and ff.Classes.
	funcs, classes map[int]int
}

// factFrame is a function or class being walked: the indexes of the
// function whose calls and assignments it holds, and of the class whose
// body it is (-1 when not a class body).
type factFrame struct {
	end, fn, class int
}

// analysisFacts records the facts of a scanned file and sets the guards of
// its sites.
func analysisFacts(fs *fileScan, sites []*errdex.Site) *extract.FileFacts {
	w := &factWalker{fs: fs, ff: &extract.FileFacts{}, funcs: map[int]int{}, classes: map[int]int{}}
	w.definitions()
	w.walk()
	w.sites(sites)
	return w.ff
}

// definitions lists the functions, classes and imports the scan found.
func (w *factWalker) definitions() {
	ff := w.ff
	root := w.fs.tree.Root()
	ff.Functions = append(ff.Functions, extract.Function{Name: moduleFunction, Line: 1, EndLine: root.EndLine()})
	for _, s := range w.fs.funcs {
		fn := extract.Function{Name: s.qual, Receiver: s.selfName(), Line: s.node.Line(), EndLine: s.node.EndLine()}
		col := s.node.Start().Column + 1
		if c := s.method(); c != nil {
			fn.Class = c.qual
		}
		for _, p := range s.params {
			fp := extract.Param{Name: p.name, Line: s.node.Line(), Column: col}
			if !p.def.IsNull() {
				fp.Default, fp.HasDefault = oneLine(p.def.Text()), true
				fp.Line, fp.Column = p.def.Line(), p.def.Start().Column+1
			}
			fn.Params = append(fn.Params, fp)
		}
		w.funcs[s.node.Index()] = len(ff.Functions)
		ff.Functions = append(ff.Functions, fn)
	}
	for _, c := range w.fs.classes {
		n := c.scope.node
		cl := extract.Class{Name: c.qual, Line: n.Line(), EndLine: n.EndLine()}
		for _, b := range c.bases {
			cl.Bases = append(cl.Bases, compactName(b.Text()))
		}
		if p := n.Parent(); p.Kind() == "decorated_definition" {
			for d := range p.NamedChildren() {
				if d.Kind() == "decorator" {
					cl.Decorators = append(cl.Decorators, oneLine(strings.TrimPrefix(d.Text(), "@")))
				}
			}
		}
		w.classes[n.Index()] = len(ff.Classes)
		ff.Classes = append(ff.Classes, cl)
	}
	for local, t := range w.fs.imports {
		ff.Imports = append(ff.Imports, extract.Import{Local: local, Module: t.module, Name: t.name})
	}
	// Map iteration order is random: sort for deterministic facts.
	slices.SortFunc(ff.Imports, func(a, b extract.Import) int { return strings.Compare(a.Local, b.Local) })
	ff.AllImports = w.fs.imported
}

// walk makes the pass over the tree that records assignments, calls and
// configuration.
func (w *factWalker) walk() {
	tree := w.fs.tree
	stack := []factFrame{{end: tree.Len(), fn: 0, class: -1}}
	for i := 1; i < tree.Len(); {
		for len(stack) > 1 && i >= stack[len(stack)-1].end {
			stack = stack[:len(stack)-1]
		}
		node := tree.At(i)
		if node.IsError() {
			i = node.SkipSubtree()
			continue
		}
		top := stack[len(stack)-1]
		switch node.Kind() {
		case "function_definition":
			if k, ok := w.funcs[node.Index()]; ok {
				stack = append(stack, factFrame{end: node.SkipSubtree(), fn: k, class: -1})
			} else {
				i = node.SkipSubtree() // not scanned (inside an error)
				continue
			}
		case "class_definition":
			if k, ok := w.classes[node.Index()]; ok {
				stack = append(stack, factFrame{end: node.SkipSubtree(), fn: top.fn, class: k})
			} else {
				i = node.SkipSubtree()
				continue
			}
		case "call":
			w.call(node, top)
		case "assignment":
			w.assignment(node, top)
		case "augmented_assignment":
			if left := node.Child("left"); left.Kind() == "identifier" || left.Kind() == "attribute" {
				op := strings.TrimSpace(node.Child("operator").Text())
				w.bind(top, left, op, node.Child("right"), node)
			}
		case "named_expression":
			w.bind(top, node.Child("name"), "=", node.Child("value"), node)
		case "subscript":
			w.environSubscript(node, top)
		case "comparison_operator":
			w.environTest(node, top)
		}
		i++
	}
}

// fnName names the function of a frame.
func (w *factWalker) fnName(f factFrame) string { return w.ff.Functions[f.fn].Name }

func (w *factWalker) call(node syntax.Node, top factFrame) {
	callee := calleeName(node)
	if callee == "" {
		return
	}
	fn := &w.ff.Functions[top.fn]
	fn.Calls = append(fn.Calls, extract.Call{Callee: callee, Line: node.Line()})
	w.configCall(node, callee, top)
}

// calleeName is the called name of a call as written, or "" when the
// function is not a name or an attribute chain (super().m counts).
func calleeName(call syntax.Node) string {
	f := call.Child("function")
	if isChain(f) {
		return compactName(f.Text())
	}
	if f.Kind() == "attribute" {
		if o := f.Child("object"); o.Kind() == "call" && o.Child("function").Text() == "super" {
			return "super()." + f.Child("attribute").Text()
		}
	}
	return ""
}

// assignment records "left = right", each target of a chained assignment
// on its own (the pass visits the inner assignments in turn), and class
// fields annotated without a value.
func (w *factWalker) assignment(node syntax.Node, top factFrame) {
	right := node.Child("right")
	for right.Kind() == "assignment" {
		right = right.Child("right")
	}
	left := node.Child("left")
	if right.IsNull() {
		if top.class >= 0 && left.Kind() == "identifier" && !node.Child("type").IsNull() {
			w.field(top, left, ":", syntax.Node{}, node)
		}
		return
	}
	switch left.Kind() {
	case "identifier", "attribute":
		w.bind(top, left, "=", right, node)
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list":
		for d := range left.Descendants() {
			if d.Kind() == "identifier" && d.Parent().Kind() != "attribute" {
				w.bind(top, d, "=", right, node)
			}
		}
	}
}

// bind records one binding of target in the frame: a class field in a
// class body, else an assignment of the frame's function (locals, the
// receiver's attributes, the module's globals).
func (w *factWalker) bind(top factFrame, target syntax.Node, op string, value, stmt syntax.Node) {
	// Frames of functions nested in a class are pushed above the class
	// frame with class -1, so class >= 0 means the class body itself.
	if top.class >= 0 && target.Kind() == "identifier" {
		w.field(top, target, op, value, stmt)
		return
	}
	fn := &w.ff.Functions[top.fn]
	name := ""
	switch target.Kind() {
	case "identifier":
		name = target.Text()
	case "attribute":
		obj := target.Child("object")
		if fn.Receiver == "" || obj.Kind() != "identifier" || obj.Text() != fn.Receiver {
			return
		}
		name = fn.Receiver + "." + target.Child("attribute").Text()
	default:
		return
	}
	a := w.assign(name, op, value, stmt)
	if top.fn != 0 {
		conditionOf(&a, stmt)
	}
	fn.Assigns = append(fn.Assigns, a)
	if top.fn == 0 && target.Kind() == "identifier" {
		w.envDecl(name, value, stmt, top) // a module-level NAME = EnvInt(0)
	}
}

func (w *factWalker) assign(target, op string, value, stmt syntax.Node) extract.Assign {
	// One copy of the statement's text; the value's text is a slice of it.
	text := stmt.Text()
	a := extract.Assign{Target: target, Op: op, Text: oneLine(text), Line: stmt.Line(),
		Column: stmt.Start().Column + 1, EndLine: stmt.EndLine()}
	if !value.IsNull() {
		if off := stmt.StartByte(); value.StartByte() >= off && value.EndByte()-off <= len(text) {
			a.Value = oneLine(text[value.StartByte()-off : value.EndByte()-off])
		} else {
			a.Value = oneLine(value.Text())
		}
		a.Reads = chainNames(value, maxGuardNames)
		if value.Kind() == "call" {
			a.Callee = calleeName(value)
		}
	}
	return a
}

// field records a binding in a class body, and the configuration it
// declares.
func (w *factWalker) field(top factFrame, target syntax.Node, op string, value, stmt syntax.Node) {
	a := w.assign(target.Text(), op, value, stmt)
	cl := &w.ff.Classes[top.class]
	cl.Fields = append(cl.Fields, a)
	w.configField(cl, target.Text(), value, stmt, top)
}

// sites sets each site's guards and records what its statement reads.
func (w *factWalker) sites(sites []*errdex.Site) {
	type pos struct{ line, col int }
	byPos := make(map[pos]*errdex.Site, len(sites))
	for _, s := range sites {
		byPos[pos{s.Location.Line, s.Location.Column}] = s
	}
	for _, c := range w.fs.sites {
		s := byPos[pos{c.node.Line(), c.node.Start().Column + 1}]
		if s == nil {
			continue
		}
		s.Guards = guardsOf(c.node, true)
		w.ff.Sites = append(w.ff.Sites, extract.SiteFacts{Site: s, Reads: statementReads(c.node)})
	}
}

// statementReads returns the names a raise's exception arguments or an
// assert's message read.
func statementReads(stmt syntax.Node) []string {
	if stmt.Kind() == "subscript" { // os.environ["NAME"]: its config use says what it reads
		return nil
	}
	if stmt.Kind() == "call" { // raise_from(exc, cause): exc is raised
		if exc := unparen(raisedArg(stmt)); exc.Kind() == "call" {
			return chainNames(exc.Child("arguments"), maxGuardNames)
		} else if !exc.IsNull() {
			return chainNames(exc, maxGuardNames)
		}
		return nil
	}
	var reads []string
	k := 0
	for ch := range stmt.NamedChildren() {
		if ch.Kind() == "comment" || ch.FieldName() == "cause" {
			continue
		}
		k++
		switch {
		case stmt.Kind() == "assert_statement":
			if k == 2 {
				reads = chainNames(ch, maxGuardNames)
			}
		case ch.Kind() == "call":
			reads = chainNames(ch.Child("arguments"), maxGuardNames)
		default:
			if k == 1 {
				reads = chainNames(ch, maxGuardNames)
			}
		}
	}
	return reads
}

// cutText cuts s at extract.MaxFactText bytes, on a character boundary,
// with an ellipsis.
func cutText(s string) string {
	if len(s) <= extract.MaxFactText {
		return s
	}
	cut := extract.MaxFactText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
