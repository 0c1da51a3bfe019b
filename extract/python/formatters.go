package python

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/python/pystr"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// This file models text formatting helpers: functions that return their
// first parameter's text formatted with the rest of their arguments.
// asn1crypto's unwrap(string, *params) dedents the text, joins its lines
// and applies output % params; humanfriendly's format(text, *args, **kw)
// applies text %= args and text.format(**kw), and its compact(text,
// *args, **kw) returns format(' '.join(text.split()), *args, **kw). A
// call of one with a text, raise ValueError(unwrap('''...%s...''', x)),
// prints the text formatted as the % operator (or str.format) would with
// the call's other arguments. The file's own helpers are read where they
// are called; a helper imported from another module of the repository is
// a hole of the call, which Link fills (see linker.importedFormat).
//
// Whitespace the helper rearranges (joined lines, collapsed runs) is left
// as written: the matcher reads any run of whitespace as one.

// textFormatter is what a formatting helper does to its text.
type textFormatter struct {
	percent bool // text % args, with the call's positional arguments
	brace   bool // text.format(**kw), with the call's keyword arguments
	dedent  bool // textwrap.dedent or inspect.cleandoc first
}

// formatCall is a helper call's arguments after the text: as % operands
// and as str.format arguments.
type formatCall struct {
	percent []template.PyPercentOperand
	format  template.PyFormatArgs
	nPos    int // positional arguments after the text
}

// apply formats each of texts as the helper does for call c.
func (tf textFormatter) apply(texts []errdex.Template, c formatCall) []errdex.Template {
	var out []errdex.Template
	for _, t := range texts {
		if tf.dedent {
			t = pystr.Dedent(t)
		}
		steps := []errdex.Template{t}
		if tf.percent && c.nPos > 0 {
			var next []errdex.Template
			for _, s := range steps {
				for _, op := range c.percent {
					if f, err := template.PyPercent(s, op); err == nil {
						next = appendAlts(next, f)
					}
				}
			}
			steps = next
		}
		if tf.brace && len(c.format.Keyword) > 0 {
			var next []errdex.Template
			for _, s := range steps {
				if f, err := template.PyFormat(s, c.format); err == nil {
					next = appendAlts(next, f)
				}
			}
			steps = next
		}
		out = appendAlts(out, steps...)
	}
	return out
}

// formatterCall evaluates call n of a text formatting helper whose first
// argument is a text: a helper of the file, applied here, or a function
// imported from another module, deferred to Link as a hole of the call.
// ok is false for any other call.
func (ev *evaluator) formatterCall(n syntax.Node, sc *scope) (value, bool) {
	fn, args := n.Child("function"), n.Child("arguments")
	if args.Kind() != "argument_list" || fn.Kind() != "identifier" && fn.Kind() != "attribute" {
		return value{}, false
	}
	// Which helper, if any, before any argument is evaluated.
	var tf textFormatter
	f, _ := ev.callee(fn, sc)
	switch {
	case f != nil:
		var ok bool
		if tf, ok = ev.formatterOf(f, 0); !ok {
			return value{}, false
		}
	case !ev.importedName(fn):
		return value{}, false
	}
	var text syntax.Node
	var rest []syntax.Node
	var kw []syntax.Node
	for a := range args.NamedChildren() {
		switch a.Kind() {
		case "comment":
		case "keyword_argument":
			kw = append(kw, a)
		case "list_splat", "parenthesized_list_splat", "dictionary_splat":
			return value{}, false
		default:
			if text.IsNull() {
				text = a
			} else {
				rest = append(rest, a)
			}
		}
	}
	if text.IsNull() || f == nil && !writtenText(text, sc) {
		// Any call of an imported function may be a helper's: only one
		// with a text written in place is worth evaluating for Link.
		return value{}, false
	}
	tv := ev.eval(text, sc)
	if tv.kind != vStr || !hasLiteral(tv.alts) {
		return value{}, false
	}
	c := formatCall{format: template.PyFormatArgs{Keyword: map[string]template.PyArg{}}, nPos: len(rest)}
	for _, a := range kw {
		c.format.Keyword[a.Child("name").Text()] = ev.eval(a.Child("value"), sc).arg()
	}
	vals := make([]value, len(rest))
	for i, r := range rest {
		vals[i] = ev.eval(r, sc)
		c.format.Positional = append(c.format.Positional, vals[i].arg())
	}
	c.percent = tupleOperandsOf(vals)
	expr := ev.text(n)
	if f == nil {
		if ev.helperCalls == nil {
			ev.helperCalls = map[string]helperCall{}
		}
		ev.helperCalls[expr] = helperCall{expr: expr, callee: ev.text(fn), texts: tv.alts, call: c}
		return unknown(expr, ""), true
	}
	out := tf.apply(tv.alts, c)
	if len(out) == 0 {
		return value{}, false
	}
	return strValue(expr, out...), true
}

// helperCall is a call of a function imported from another module, with
// a text first, that Link reads as a formatting helper's when the
// function is one (see linker.helperFormat).
type helperCall struct {
	expr   string // the call, as written
	callee string // as written: "unwrap", "text.format"
	texts  []errdex.Template
	call   formatCall
}

// maxFormatterDepth bounds the helpers followed through helpers that
// return a call of another (compact returning format(...)).
const maxFormatterDepth = 3

// formatterOf reports whether function f is a text formatting helper, and
// what it does: a function, not a method, whose first parameter is the
// text and that has a *args or **kwargs parameter, and that formats a
// value derived from the text with them (text % args, text %= args,
// text.format(**kw)), or returns a call of another helper of the file
// with such a value and them.
func (ev *evaluator) formatterOf(f *scope, depth int) (textFormatter, bool) {
	if tf, ok := ev.formatters[f]; ok {
		return tf, tf != textFormatter{}
	}
	if ev.formatters == nil {
		ev.formatters = map[*scope]textFormatter{}
	}
	ev.formatters[f] = textFormatter{} // recursion ends here
	if depth > maxFormatterDepth || f.method() != nil || len(f.params) == 0 || f.params[0].kind != paramPlain || len(f.returns) == 0 {
		return textFormatter{}, false
	}
	var star, dstar string
	for _, p := range f.params {
		switch p.kind {
		case paramStar:
			star = p.name
		case paramDoubleStar:
			dstar = p.name
		}
	}
	if star == "" && dstar == "" {
		return textFormatter{}, false
	}
	derived := derivedNames(f, f.params[0].name)
	isDerived := func(n syntax.Node) bool { return n.Kind() == "identifier" && derived[n.Text()] }
	splats := func(args syntax.Node) bool {
		for a := range args.NamedChildren() {
			switch {
			case a.Kind() == "list_splat" && star != "" && a.NamedChild(0).Text() == star,
				a.Kind() == "dictionary_splat" && dstar != "" && a.NamedChild(0).Text() == dstar:
				return true
			}
		}
		return false
	}
	var tf textFormatter
	t := f.body.Tree()
	for i := f.body.Index() + 1; i < f.body.SkipSubtree(); i++ {
		node := t.At(i)
		switch node.Kind() {
		case "function_definition", "class_definition", "lambda":
			i = node.SkipSubtree() - 1
		case "binary_operator":
			if node.Child("operator").Kind() == "%" && isDerived(unparen(node.Child("left"))) && identIs(node.Child("right"), star) {
				tf.percent = true
			}
		case "augmented_assignment":
			if node.Child("operator").Kind() == "%=" && isDerived(node.Child("left")) && identIs(node.Child("right"), star) {
				tf.percent = true
			}
		case "call":
			callee, args := node.Child("function"), node.Child("arguments")
			var first syntax.Node
			if pos := positional(node); len(pos) > 0 {
				first = unparen(pos[0])
			}
			switch {
			case callee.Kind() == "attribute" && callee.Child("attribute").Text() == "format" && isDerived(unparen(callee.Child("object"))) && splats(args):
				tf.brace = true
			case callee.Kind() == "identifier" && mentions(first, derived) && splats(args):
				if g, _ := ev.callee(callee, f); g != nil && g != f {
					if inner, ok := ev.formatterOf(g, depth+1); ok {
						tf.percent, tf.brace = tf.percent || inner.percent, tf.brace || inner.brace
						tf.dedent = tf.dedent || inner.dedent
					}
				}
			case (strings.HasSuffix(callee.Text(), "dedent") || strings.HasSuffix(callee.Text(), "cleandoc")) && mentions(first, derived):
				tf.dedent = true
			}
		}
	}
	if !tf.percent && !tf.brace {
		return textFormatter{}, false
	}
	for _, r := range f.returns {
		if !mentions(r, derived) {
			return textFormatter{}, false
		}
	}
	ev.formatters[f] = tf
	return tf, true
}

// derivedNames returns the names of function f holding a value computed
// from parameter text: text itself, and every local a binding assigns
// from an expression that reads such a name (output =
// textwrap.dedent(string); output = re.sub(..., output)).
func derivedNames(f *scope, text string) map[string]bool {
	derived := map[string]bool{text: true}
	for changed := true; changed; {
		changed = false
		for _, b := range f.binds {
			if derived[b.name] || b.value.IsNull() || b.kind == bindExcept {
				continue
			}
			if mentions(b.value, derived) {
				derived[b.name] = true
				changed = true
			}
		}
	}
	return derived
}

// mentions reports whether expression n reads one of names.
func mentions(n syntax.Node, names map[string]bool) bool {
	if n.IsNull() {
		return false
	}
	if n.Kind() == "identifier" {
		return names[n.Text()]
	}
	for d := range n.Descendants() {
		if d.Kind() == "identifier" && names[d.Text()] && d.FieldName() != "attribute" {
			return true
		}
	}
	return false
}

// identIs reports whether n is the identifier name.
func identIs(n syntax.Node, name string) bool {
	return name != "" && unparen(n).Kind() == "identifier" && unparen(n).Text() == name
}

// moduleFormatters returns the module-level functions of the file that
// are text formatting helpers, which other modules may import.
func (x *extraction) moduleFormatters() map[string]textFormatter {
	var out map[string]textFormatter
	for _, f := range x.fs.funcs {
		if f.parent != x.fs.module {
			continue
		}
		if tf, ok := x.ev.formatterOf(f, 0); ok {
			if out == nil {
				out = map[string]textFormatter{}
			}
			out[f.name] = tf
		}
	}
	return out
}

// writtenText reports whether n is a string literal, or a name that scope
// sc binds only to string literals (msg = "Failed to parse size! (input
// %r)"; raise InvalidSize(format(msg, size))).
func writtenText(n syntax.Node, sc *scope) bool {
	n = unparen(n)
	switch n.Kind() {
	case "string", "concatenated_string":
		return true
	case "identifier":
		idx := sc.bindingsOf(n.Text())
		for _, i := range idx {
			b := sc.binds[i]
			if b.kind != bindAssign || !b.value.Is("string", "concatenated_string") {
				return false
			}
		}
		return len(idx) > 0
	}
	return false
}
