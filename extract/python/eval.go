package python

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/python/pystr"
	"github.com/errdex/errdex/syntax"
	"github.com/errdex/errdex/template"
)

// maxEvalDepth bounds the evaluator's recursion: nested expressions and
// variables defined through other variables.
const maxEvalDepth = 24

// evaluator computes the message texts expressions build, statically:
// literals, concatenation, formatting, conversions, gettext wrappers,
// variables resolved to their assignments. Whatever it cannot know
// becomes a hole named after the source expression.
type evaluator struct {
	fs    *fileScan
	depth int
	// classCtx is set while the evaluator reads a class's methods for
	// Link: self.NAME stays a hole "self.NAME" (an attribute a subclass
	// may set or override), and variables that hold plain references keep
	// them, which Link can substitute. A class constant used as a format
	// string is still read (formatFor is set while evaluating one).
	classCtx, formatFor bool
	// selfClass, when set, is the class a base's methods are read for: a
	// class constant used as a format string is then read from it first
	// (see overridingConstant), and overridden records that one was.
	selfClass  *classInfo
	overridden bool
	// classIndex finds the file's classes by qualified name (see
	// fileClass); built on first use.
	classIndex map[string][]*classInfo
	// problems collects malformed format strings, by line.
	problems []string
	// imported holds the formats of names imported from another module
	// (see importedFormat), by the expression of the formatting.
	imported map[string]importedFormat
	// formatters caches formatterOf by function (the zero textFormatter
	// for one that is no formatting helper); helperCalls holds the calls
	// of imported functions that Link may read as formatting helpers'
	// (see formatters.go) met while evaluating one site's message, by the
	// expression of the call.
	formatters  map[*scope]textFormatter
	helperCalls map[string]helperCall
	// calls are the calls of the file's own functions being modelled,
	// innermost last (see calls.go); funcIndex finds a function's scope
	// by the tree index of its definition.
	calls     []callFrame
	funcIndex map[int]*scope
	// iterating is set while a loop's iteration (see resolve.go) is
	// computed.
	iterating bool
	// attrValues caches instanceConstants by class and attribute;
	// resolved caches resolve, and iterations caches iteration (see
	// resolve.go); truncated is set when an evaluation stopped at
	// maxEvalDepth, whose result is then not kept; reach is the deepest
	// depth an evaluation was entered at (see measured).
	attrValues map[attrKey]attrResult
	resolved   map[resolveKey]attrResult
	iterations map[resolveKey]iterResult
	truncated  bool
	reach      int
	// resolves counts the file's variable lookups, up to maxResolves;
	// exhausted is set once the budget ran out.
	resolves  int
	exhausted bool
	// firstSets caches, by if or elif clause and expression, where the
	// clause's body first assigns to the expression (see assignsTo).
	firstSets map[firstSetKey]int
	// tables caches classTables by class; subclasses lists the
	// subclasses in the file of each class that has some.
	tables     map[*classInfo][]messageTable
	subclasses map[*classInfo][]*classInfo
	// reading holds the properties being read (see property).
	reading map[*scope]bool
}

// firstSetKey names an expression in the body of an if or elif clause
// (the clause's tree index).
type firstSetKey struct {
	clause int
	expr   string
}

// text returns a node's source, with line breaks and the indentation after
// them collapsed to one space: hole expressions are shown on one line.
func (ev *evaluator) text(n syntax.Node) string {
	s := string(n.Bytes())
	if ev.fs.latin1 {
		s = pystr.Latin1ToUTF8(s)
	}
	if strings.ContainsAny(s, "\r\n") {
		return collapseLines(s)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

func collapseLines(s string) string {
	var b strings.Builder
	for i, line := range strings.Split(strings.ReplaceAll(s, "\r", ""), "\n") {
		line = strings.TrimSuffix(strings.TrimRight(line, " \t"), "\\")
		if i > 0 {
			line = strings.TrimLeft(line, " \t")
			if line != "" && b.Len() > 0 && !strings.HasSuffix(b.String(), "(") && !strings.HasSuffix(b.String(), "[") &&
				!strings.HasPrefix(line, ")") && !strings.HasPrefix(line, "]") {
				b.WriteByte(' ')
			}
		}
		b.WriteString(strings.TrimRight(line, " \t"))
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

// eval evaluates n in scope sc.
func (ev *evaluator) eval(n syntax.Node, sc *scope) value {
	ev.reach = max(ev.reach, ev.depth)
	if ev.depth >= maxEvalDepth {
		ev.truncated = true
	}
	if ev.depth >= maxEvalDepth || n.IsNull() {
		return unknown(ev.text(n), "")
	}
	ev.depth++
	defer func() { ev.depth-- }()
	switch n.Kind() {
	case "string":
		return ev.str(n, sc)
	case "concatenated_string":
		// Adjacent literals: bytes when they all are (mixing is a
		// syntax error), str otherwise.
		b := newTextBuilder()
		kind := vBytes
		var pieces []value
		for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
			if c.Kind() == "string" {
				v := ev.str(c, sc)
				if v.kind != vBytes {
					kind = vStr
				}
				pieces = append(pieces, v)
			}
		}
		for _, v := range pieces {
			if kind == vBytes {
				b.add(v.alts...)
			} else {
				b.add(v.strAlts()...)
			}
		}
		return value{kind: kind, alts: b.result(), expr: ev.text(n)}
	case "integer":
		if s, ok := pystr.IntLiteral(string(n.Bytes())); ok {
			return litValue(vNum, s, s)
		}
		return unknown(ev.text(n), errdex.HoleInt)
	case "float":
		if s, ok := pystr.FloatLiteral(string(n.Bytes())); ok {
			return litValue(vNum, s, s)
		}
		return unknown(ev.text(n), errdex.HoleFloat)
	case "true":
		return litValue(vConst, "True", "True")
	case "false":
		return litValue(vConst, "False", "False")
	case "none":
		return litValue(vConst, "None", "None")
	case "parenthesized_expression":
		if inner := n.NamedChild(0); !inner.IsNull() && inner.Kind() != "comment" && n.NamedChildCount() == 1 {
			v := ev.eval(inner, sc)
			return v
		}
	case "identifier":
		if v, ok := ev.narrowed(n, sc); ok {
			return v
		}
		return ev.name(n, sc)
	case "attribute":
		if v, ok := ev.narrowed(n, sc); ok {
			return v
		}
		return ev.attribute(n, sc)
	case "binary_operator":
		return ev.binary(n, sc)
	case "conditional_expression":
		a, cond, b := n.NamedChild(0), n.NamedChild(1), n.NamedChild(2)
		switch cond.Kind() {
		case "true":
			return ev.eval(a, sc)
		case "false":
			return ev.eval(b, sc)
		}
		if !a.IsNull() && !b.IsNull() {
			va, vb := ev.eval(a, sc), ev.eval(b, sc)
			if va.isStringish() || vb.isStringish() {
				v := union(va, vb)
				v.expr = ev.text(n)
				return v
			}
		}
	case "call":
		return ev.call(n, sc)
	case "boolean_operator":
		if n.Child("operator").Kind() == "or" {
			return ev.or(n, sc)
		}
	case "tuple", "list":
		return ev.display(n, sc)
	case "subscript":
		if v, ok := ev.narrowed(n, sc); ok {
			return v
		}
		if v, ok := ev.tableText(n, sc); ok {
			return v
		}
		// text[:N] caps a message's length; a cap of 64 or more leaves
		// most messages whole, so the message is the text itself.
		if sub := n.Child("subscript"); sub.Kind() == "slice" && strings.HasPrefix(sub.Text(), ":") {
			if limit, err := strconv.Atoi(strings.TrimSpace(sub.Text()[1:])); err == nil && limit >= 64 {
				if v := ev.eval(n.Child("value"), sc); v.isStringish() {
					return v
				}
			}
		}
	}
	return unknown(ev.text(n), "")
}

// narrowed returns the constant an enclosing if statement proves n to
// hold: in the body of "if X == C:" (or "C == X", "X is None", alone or
// among the operands of "and"), X is C, when C is a literal or an errno
// constant and X is not bound again between the test and n. ok is false
// otherwise.
func (ev *evaluator) narrowed(n syntax.Node, sc *scope) (value, bool) {
	x := compactName(ev.text(n))
	root, _, _ := strings.Cut(x, ".")
	root, _, _ = strings.Cut(root, "[")
	for a := range ifBodiesAround(n) {
		cond := a.Child("condition")
		c, ok := ev.equalTo(cond, x)
		if !ok {
			continue
		}
		for _, i := range sc.bindingsOf(root) {
			if at := sc.binds[i].at; at > cond.Index() && at < n.Index() {
				return value{}, false
			}
		}
		if x != root && ev.assignsTo(a, x, n.Index()) {
			return value{}, false
		}
		v := ev.eval(c, sc)
		if len(v.alts) == 1 && !v.container && len(v.alts[0].Holes()) == 0 && (v.kind == vNum || v.kind == vConst || v.kind == vStr) {
			v.expr = x
			return v, true
		}
		return value{}, false
	}
	return value{}, false
}

// assignsTo reports whether an assignment in the body of clause, an if
// or elif clause, before the node of index end, sets x, an attribute or
// item, or the object or container it is read from (self.state = "busy"
// for x "self.state"), which the scope's bindings do not record. The
// body is read once for each expression.
func (ev *evaluator) assignsTo(clause syntax.Node, x string, end int) bool {
	k := firstSetKey{clause.Index(), x}
	first, ok := ev.firstSets[k]
	if !ok {
		first = firstSet(clause.Child("consequence"), x)
		if ev.firstSets == nil {
			ev.firstSets = map[firstSetKey]int{}
		}
		ev.firstSets[k] = first
	}
	return first >= 0 && first < end
}

// firstSet returns the tree index of the first assignment in block that
// sets x or what x is read from (see assignsTo), or -1.
func firstSet(block syntax.Node, x string) int {
	sets := func(target syntax.Node) bool {
		t := compactName(target.Text())
		rest, ok := strings.CutPrefix(x, t)
		return ok && (rest == "" || rest[0] == '.' || rest[0] == '[')
	}
	for d := range block.Descendants() {
		if !d.Is("assignment", "augmented_assignment") {
			continue
		}
		left := d.Child("left")
		if !left.Is("pattern_list", "tuple_pattern", "list_pattern") {
			if sets(left) {
				return d.Index()
			}
			continue
		}
		for t := range left.NamedChildren() {
			if sets(t) {
				return d.Index()
			}
		}
	}
	return -1
}

// equalTo returns the operand cond, when true, proves equal to the
// expression x: C of "x == C", "C == x" or "x is C", alone or among the
// operands of "and".
func (ev *evaluator) equalTo(cond syntax.Node, x string) (syntax.Node, bool) {
	for c := range conjuncts(cond) {
		l, op, r, ok := comparison(c)
		if !ok || op != "==" && op != "is" {
			continue
		}
		switch {
		case compactName(ev.text(l)) == x && constantLike(r):
			return r, true
		case op == "==" && compactName(ev.text(r)) == x && constantLike(l):
			return l, true
		}
	}
	return syntax.Node{}, false
}

// constantLike reports whether n may name a constant: a literal, or a
// name or attribute (errno.EINVAL, a module's constant) whose value the
// evaluator may know.
func constantLike(n syntax.Node) bool {
	switch n.Kind() {
	case "identifier", "attribute":
		return true
	case "tuple", "list", "set", "parenthesized_expression":
		return false
	}
	return isConstant(n)
}

// or evaluates "a or b": a when it is known to be true, b when a is known
// to be false, and either when a is not known.
func (ev *evaluator) or(n syntax.Node, sc *scope) value {
	l, r := ev.eval(n.Child("left"), sc), ev.eval(n.Child("right"), sc)
	if l.kind != vUnknown && len(l.alts) == 1 {
		if s, ok := literalOnly(l.alts[0]); ok {
			if s == "" || s == "None" && l.kind == vConst || s == "False" && l.kind == vConst || s == "0" && l.kind == vNum {
				return r
			}
			return l
		}
	}
	if !l.isStringish() && !r.isStringish() && !(l.kind == vUnknown && r.kind == vUnknown && isReference(l.expr) && isReference(r.expr)) {
		return unknown(ev.text(n), "")
	}
	// Either operand: two references stay two holes ("msg or
	// standardMsg"), which a parameter's callers may fill.
	v := union(l, r)
	v.expr = ev.text(n)
	return v
}

// display evaluates a tuple or list display to the text str() prints: the
// repr of each item between brackets.
func (ev *evaluator) display(n syntax.Node, sc *scope) value {
	open, close := "(", ")"
	if n.Kind() == "list" {
		open, close = "[", "]"
	}
	out := lits(open)
	var items []value
	for c := range n.NamedChildren() {
		switch c.Kind() {
		case "comment":
			continue
		case "list_splat", "parenthesized_list_splat", "yield":
			return unknown(ev.text(n), "")
		}
		if len(items) > 0 {
			out = seq(out, lits(", "))
		}
		v := ev.eval(c, sc)
		out = seq(out, v.reprAlts())
		items = append(items, v)
	}
	if len(items) == 1 && open == "(" {
		out = seq(out, lits(","))
	}
	return value{kind: vStr, alts: seq(out, lits(close)), expr: ev.text(n), typ: errdex.HoleRepr, container: true,
		seqs: [][]value{items}}
}

// maxItems bounds the items of a list grown by appends.
const maxItems = 64

// listOp applies a statement growing a list (see scan's listOp) to the
// list's value: appended, extended and (at the front) inserted items are
// known when the list and the arguments are; anything else leaves the
// list unknown.
func (ev *evaluator) listOp(list value, call syntax.Node, name string, sc *scope) value {
	unknownList := unknown(name, "")
	op := call.Child("function").Child("attribute").Text()
	var args []syntax.Node
	for c := range call.Child("arguments").NamedChildren() {
		if c.Kind() != "comment" {
			args = append(args, c)
		}
	}
	if list.seqs == nil || len(args) == 0 {
		return unknownList
	}
	var add [][]value // alternatives of the items added
	switch {
	case op == "append" && len(args) == 1 && args[0].Kind() != "keyword_argument":
		add = [][]value{{ev.eval(args[0], sc)}}
	case op == "extend" && len(args) == 1:
		if add = ev.eval(args[0], sc).seqs; add == nil {
			return unknownList
		}
	case op == "insert" && len(args) == 2 && args[0].Text() == "0":
		add = [][]value{{ev.eval(args[1], sc)}}
	default:
		return unknownList
	}
	out := list
	out.seqs = nil
	for _, q := range list.seqs {
		for _, a := range add {
			if len(out.seqs) >= maxAlts || len(q)+len(a) > maxItems {
				continue
			}
			items := make([]value, 0, len(q)+len(a))
			if op == "insert" {
				items = append(append(items, a...), q...)
			} else {
				items = append(append(items, q...), a...)
			}
			out.seqs = append(out.seqs, items)
		}
	}
	if out.seqs == nil {
		return unknownList
	}
	out.alts = nil
	for _, q := range out.seqs {
		out.alts = appendAlts(out.alts, joinItems(lits(", "), q, true)...)
	}
	out.alts = seqAround(out.alts, list.alts)
	return out
}

// seqAround puts the brackets of the display whose str() was before
// around items joined by ", " (what str() of the grown list prints).
func seqAround(items, before []errdex.Template) []errdex.Template {
	open, close := "[", "]"
	if len(before) > 0 {
		if s := before[0].String(); strings.HasPrefix(s, "(") {
			open, close = "(", ")"
		}
	}
	out := make([]errdex.Template, len(items))
	for i, t := range items {
		out[i] = errdex.NewTemplate(errdex.Lit(open)).Concat(t).Concat(errdex.NewTemplate(errdex.Lit(close)))
	}
	return out
}

// joinItems is sep.join(items): the items' texts (their reprs with repr)
// between separators, the alternatives of each multiplied out up to
// maxAlts.
func joinItems(sep []errdex.Template, items []value, repr bool) []errdex.Template {
	b := newTextBuilder()
	for i, it := range items {
		if i > 0 {
			b.add(sep...)
		}
		switch {
		case repr:
			b.add(it.reprAlts()...)
		case it.kind == vUnknown:
			b.add(it.hole(errdex.HoleStr))
		default:
			b.add(it.strAlts()...)
		}
	}
	return b.result()
}

// str decodes a string literal, evaluating an f-string's fields.
func (ev *evaluator) str(n syntax.Node, sc *scope) value {
	start, end := n.FirstChild(), n.FirstChild()
	for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		end = c
	}
	if start.Kind() != "string_start" || end.Kind() != "string_end" || start.Index() == end.Index() {
		return unknown(ev.text(n), errdex.HoleStr)
	}
	prefix := pystr.ParsePrefix(strings.TrimRight(start.Text(), `'"`))
	src := ev.fs.src
	kind := vStr
	if prefix.Bytes {
		kind = vBytes
	}
	decode := func(s string) string {
		if ev.fs.latin1 && !prefix.Bytes {
			s = pystr.Latin1ToUTF8(s)
		}
		switch {
		case prefix.Format:
			s = pystr.DecodeFStringText(s, prefix.Raw)
		case !prefix.Raw:
			s = pystr.DecodeEscapes(s, prefix.Bytes)
		}
		if !prefix.Bytes {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		return s
	}
	if !prefix.Format {
		body := decode(string(src[start.EndByte():end.StartByte()]))
		return value{kind: kind, alts: []errdex.Template{errdex.NewTemplate(errdex.Lit(body))}, expr: ev.text(n)}
	}
	// An f-string: literal stretches between the interpolations.
	b := newTextBuilder()
	at := start.EndByte()
	for c := start.NextSibling(); !c.IsNull() && c.Index() != end.Index(); c = c.NextSibling() {
		if c.Kind() != "interpolation" {
			continue
		}
		b.add(errdex.Template{Parts: []errdex.Part{errdex.Lit(decode(string(src[at:c.StartByte()])))}})
		b.add(ev.interpolation(c, sc)...)
		at = c.EndByte()
	}
	b.add(errdex.Template{Parts: []errdex.Part{errdex.Lit(decode(string(src[at:end.StartByte()])))}})
	return value{kind: kind, alts: b.result(), expr: ev.text(n)}
}

// interpolation renders one f-string field: {expr}, {expr!r}, {expr:spec},
// and the self-documenting {expr=}.
func (ev *evaluator) interpolation(n syntax.Node, sc *scope) []errdex.Template {
	expr := n.Child("expression")
	conv := n.Child("type_conversion")
	spec := n.Child("format_specifier")
	var prefix string
	for c := n.FirstChild(); !c.IsNull(); c = c.NextSibling() {
		if !c.IsNamed() && c.Kind() == "=" {
			// Python prints the expression's text, the '=' and the spaces
			// around it, then repr() unless a conversion or spec is given.
			stop := n.EndByte() - 1
			if nx := c.NextSibling(); !nx.IsNull() {
				stop = nx.StartByte()
			}
			prefix = string(ev.fs.src[n.StartByte()+1 : stop])
		}
	}
	var conversion byte
	if t := conv.Text(); len(t) == 2 {
		conversion = t[1]
	}
	specText := ""
	if !spec.IsNull() {
		specText = strings.TrimPrefix(spec.Text(), ":")
	}
	if prefix != "" && conversion == 0 && spec.IsNull() {
		conversion = 'r'
	}
	v := ev.eval(expr, sc)
	var out []errdex.Template
	if len(v.alts) > 1 && specText == "" {
		// Several known texts: each gives a message.
		alts := v.strAlts()
		if conversion == 'r' || conversion == 'a' {
			alts = v.reprAlts()
		}
		out = alts
	} else {
		out = []errdex.Template{errdex.NewTemplate(template.PyField(v.arg(), conversion, specText)...)}
	}
	if prefix != "" {
		p := errdex.NewTemplate(errdex.Lit(strings.ToValidUTF8(prefix, "\uFFFD")))
		out = product([]errdex.Template{p}, out, errdex.Template.Concat)
	}
	return out
}

// name evaluates an identifier: a variable resolved to its assignments.
func (ev *evaluator) name(n syntax.Node, sc *scope) value {
	name := n.Text()
	v, ok := ev.resolve(name, n.Index(), sc)
	if !ok {
		return unknown(name, "")
	}
	if v.kind == vUnknown && v.expr == name {
		// An imported name resolves to itself.
		if c, ok := ev.errnoConst("", name, name); ok {
			return c
		}
	}
	return v
}

// attribute evaluates self.NAME and Class.NAME when the class body binds
// NAME to a message constant; anything else is unknown.
func (ev *evaluator) attribute(n syntax.Node, sc *scope) value {
	obj, attr := n.Child("object"), n.Child("attribute").Text()
	if obj.Kind() == "identifier" {
		if c, ok := ev.errnoConst(obj.Text(), attr, ev.text(n)); ok {
			return c
		}
		var cls *classInfo
		switch o := obj.Text(); {
		case sc.method() != nil && (o == sc.selfName() || o == "cls"):
			if ev.classCtx && !ev.formatFor {
				return unknown("self."+attr, "")
			}
			cls = sc.method()
			if v, ok := ev.overridingConstant(cls, attr); ok {
				return v
			}
		default:
			for _, c := range ev.fs.classes {
				if c.qual == o {
					cls = c
					break
				}
			}
		}
		if cls != nil {
			if v, ok := ev.classConstant(cls, attr); ok {
				return v
			}
			if cls == sc.method() {
				if v, ok := ev.instanceConstants(cls, attr, ev.text(n)); ok {
					return v
				}
				if v, ok := ev.property(cls, attr); ok {
					return v
				}
			}
		}
		// The message attributes of a caught exception hold another
		// error's message.
		if messageAttrs[attr] {
			if v, ok := ev.resolve(obj.Text(), obj.Index(), sc); ok && v.kind == vUnknown && v.typ == errdex.HoleError {
				return unknown(ev.text(n), errdex.HoleError)
			}
		}
	}
	return unknown(ev.text(n), "")
}

// returned unites what a function's return statements give (a
// property's), a value or None taken for the value.
func (ev *evaluator) returned(f *scope) value {
	var v value
	for i, r := range f.returns {
		if r.Kind() == "conditional_expression" && r.NamedChild(2).Kind() == "none" {
			r = r.NamedChild(0) // a value or None when unset: the value
		}
		if i == 0 {
			v = ev.eval(r, f)
		} else {
			v = union(v, ev.eval(r, f))
		}
	}
	return v
}

// property evaluates self.NAME where NAME is a property of class c whose
// returns give text (jinja2's Undefined._undefined_message, which
// if-branches build from the instance's attributes), when some of them
// has words of its own. ok is false for anything else, and for a
// property read while it is being read.
func (ev *evaluator) property(c *classInfo, attr string) (value, bool) {
	p := c.properties[attr]
	if p == nil || len(p.returns) == 0 || len(p.returns) > maxAlts || ev.reading[p] {
		return value{}, false
	}
	if ev.reading == nil {
		ev.reading = map[*scope]bool{}
	}
	ev.reading[p] = true
	defer delete(ev.reading, p)
	v := ev.returned(p)
	if v.kind != vStr || v.container || !slices.ContainsFunc(v.alts, func(t errdex.Template) bool { return silence(t) == 0 }) {
		// A property of no words ('{}#{}'.format(url, fragment)) is a
		// value, better named after itself.
		return value{}, false
	}
	return v, true
}

// messageAttrs are the attributes in which exception classes keep their
// message (re.error.msg, configparser.Error.message, OSError.strerror,
// UnicodeError.reason).
var messageAttrs = map[string]bool{"msg": true, "message": true, "strerror": true, "reason": true}

// classConstant evaluates a class attribute bound once in the class body
// to a text with literal content.
func (ev *evaluator) classConstant(c *classInfo, attr string) (value, bool) {
	var found *binding
	for _, i := range c.scope.bindingsOf(attr) {
		b := &c.scope.binds[i]
		if found != nil || b.kind != bindAssign {
			return value{}, false
		}
		found = b
	}
	if found == nil {
		return value{}, false
	}
	v := ev.eval(found.value, c.scope)
	if !v.isStringish() {
		return value{}, false
	}
	return v, true
}

// overridingConstant reads attr as a constant of ev.selfClass or of a
// class between it and owner (the class whose method reads it), nearest
// first: botocore's BotoCoreError.__init__ formats self.fmt, which each
// subclass binds to its own message.
func (ev *evaluator) overridingConstant(owner *classInfo, attr string) (value, bool) {
	if ev.selfClass == nil || ev.selfClass == owner {
		return value{}, false
	}
	for _, k := range ev.lineage(ev.selfClass, owner) {
		if v, ok := ev.classConstant(k, attr); ok {
			ev.overridden = true
			return v, true
		}
	}
	return value{}, false
}

// lineage returns the classes of the file on the way from c up to its
// base owner, c first and owner left out, depth first along the bases as
// written; nil when owner is not a base of c in the file.
func (ev *evaluator) lineage(c, owner *classInfo) []*classInfo {
	var path []*classInfo
	var walk func(k *classInfo, depth int) bool
	walk = func(k *classInfo, depth int) bool {
		if k == owner {
			return true
		}
		if depth > maxChain {
			return false
		}
		path = append(path, k)
		for _, b := range k.bases {
			if bc := ev.fileClass(compactName(ev.text(b)), k); bc != nil && walk(bc, depth+1) {
				return true
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if !walk(c, 0) {
		return nil
	}
	return path
}

// fileClass returns the class of the file named name, other than not.
func (ev *evaluator) fileClass(name string, not *classInfo) *classInfo {
	if ev.classIndex == nil {
		ev.classIndex = make(map[string][]*classInfo, len(ev.fs.classes))
		for _, c := range ev.fs.classes {
			ev.classIndex[c.qual] = append(ev.classIndex[c.qual], c)
		}
	}
	for _, c := range ev.classIndex[name] {
		if c != not {
			return c
		}
	}
	return nil
}

// instanceConstants is what an instance attribute holds when the
// methods of class c bind it (self.attr = ...) only to constant texts, at
// most maxAlts of them, None left out ("not set yet"): http.client's
// HTTPConnection sets self.__state only to _CS_IDLE, _CS_REQ_STARTED and
// _CS_REQ_SENT, so ResponseNotReady(self.__state) says "Idle",
// "Request-started" or "Request-sent". A hole named after the attribute
// comes last, for what a base class or other code may set. Results are
// kept per class and attribute (see attrValues).
func (ev *evaluator) instanceConstants(c *classInfo, attr, expr string) (value, bool) {
	if ev.iterating || ev.selfClass != nil {
		// Bindings read now would see no back edges, or a subclass's
		// constants: what they say holds for this reading only.
		return value{}, false
	}
	if len(ev.calls) > 0 {
		// A modelled call (message = self._format_error(value)) reads
		// the attribute as any method does: the bindings are read
		// outside the call, whose arguments they must not see.
		saved := ev.calls
		ev.calls = nil
		defer func() { ev.calls = saved }()
	}
	key := attrKey{c, attr}
	if r, ok := ev.attrValues[key]; ok && (r.pending || ev.fits(r.height)) {
		if r.pending {
			// A binding reads the attribute being computed: what it
			// gets is incomplete, and so is whatever is built on it,
			// which resolve must not keep (see measured).
			ev.truncated = true
		}
		return r.v, r.ok
	}
	if ev.attrValues == nil {
		ev.attrValues = map[attrKey]attrResult{}
	}
	kept, had := ev.attrValues[key]
	ev.attrValues[key] = attrResult{pending: true}
	var v value
	var ok bool
	height, truncated := ev.measured(func() { v, ok = ev.instanceBindings(c, "self."+attr) })
	if ok {
		v.alts = appendAlts(v.alts, unknown(expr, "").hole(""))
		v.expr = expr
	}
	switch {
	case truncated && had:
		ev.attrValues[key] = kept
	case truncated:
		delete(ev.attrValues, key)
	default:
		ev.attrValues[key] = attrResult{v: v, ok: ok, height: height}
	}
	return v, ok
}

// instanceBindings unites the constant texts the methods of c bind name
// ("self.attr") to; ok is false when one binding is anything else.
func (ev *evaluator) instanceBindings(c *classInfo, name string) (value, bool) {
	var out value
	found := false
	for _, f := range ev.fs.funcs {
		if f.method() != c {
			continue
		}
		for _, i := range f.bindingsOf(name) {
			b := &f.binds[i]
			if b.kind != bindAssign {
				return value{}, false
			}
			v := ev.eval(b.value, f)
			if v.kind == vConst && len(v.alts) == 1 {
				if t, _ := literalOnly(v.alts[0]); t == "None" {
					continue
				}
			}
			if v.kind != vStr || v.container || len(v.alts) == 0 {
				return value{}, false
			}
			if v = defaultedText(v); len(v.alts) == 0 {
				return value{}, false
			}
			if !found {
				out, found = v, true
			} else {
				out = union(out, v)
			}
			if len(out.alts) > maxAlts {
				return value{}, false
			}
		}
	}
	return out, found
}

// defaultedText returns the constant texts of v, a value bound to an
// instance attribute, when v is only such texts and values wholly
// unknown: "self.error = error or self.default_message" holds the class's
// default message unless a caller passes its own, which the hole named
// after the attribute stands for (see instanceConstants). The result has
// no alternatives when v has none constant, or one known in part.
func defaultedText(v value) value {
	kept := make([]errdex.Template, 0, len(v.alts))
	for _, a := range v.alts {
		if _, lit := literalOnly(a); lit {
			kept = append(kept, a)
			continue
		}
		if len(a.Parts) != 1 || !a.Parts[0].IsHole() {
			return value{}
		}
	}
	v.alts = kept
	return v
}

// attrKey names an instance attribute of a class; attrResult is a value
// found for it by instanceConstants (or for a name by resolve), with
// whether one was.
type (
	attrKey struct {
		c    *classInfo
		attr string
	}
	attrResult struct {
		v       value
		ok      bool
		pending bool // being computed (instanceConstants)
		// height is how deep below its start the evaluation that
		// gave the result went (see measured).
		height int
	}
)

// addsText reports whether l + r concatenates texts: one of them is a
// text, and neither is a number. A number says the sum is arithmetic
// (str + int raises TypeError), even where the other side may be a text
// because alternatives met as texts: n = n + 1 in a loop, with n
// starting at 0 and also a hole, is no concatenation.
func addsText(l, r value) bool {
	return (l.isStringish() || r.isStringish()) && l.kind != vNum && r.kind != vNum
}

// binary evaluates +, % and * on texts.
func (ev *evaluator) binary(n syntax.Node, sc *scope) value {
	left, right := n.Child("left"), n.Child("right")
	op := n.Child("operator").Kind()
	expr := ev.text(n)
	switch op {
	case "+":
		l, r := ev.eval(left, sc), ev.eval(right, sc)
		if l.container || r.container {
			break // list or tuple concatenation
		}
		if addsText(l, r) {
			return concat(l, r, expr)
		}
	case "%":
		l := ev.formatString(left, sc)
		if !l.isStringish() {
			if ev.importedName(left) {
				return ev.deferImported(expr, importedFormat{name: ev.text(left), percent: ev.percentOperands(right, sc)})
			}
			break
		}
		operands := ev.percentOperands(right, sc)
		out := l
		out.expr = expr
		out.alts = nil
		for _, f := range l.alts {
			for _, operand := range operands {
				t, err := template.PyPercent(f, operand)
				if err != nil && len(f.Holes()) > 0 {
					// A format built at run time: what it prints is
					// not known here.
					t = errdex.Template{Parts: []errdex.Part{template.PyHole(expr, errdex.HoleStr)}}
				}
				ev.formatProblem(n, f, err)
				out.alts = appendAlts(out.alts, t)
			}
		}
		return out
	case "*":
		l, r := ev.eval(left, sc), ev.eval(right, sc)
		if l.container || r.container {
			break // a repeated list or tuple
		}
		if r.isStringish() {
			l, r = r, l
		}
		if l.isStringish() && len(l.alts) == 1 && r.kind == vNum && len(r.alts) == 1 {
			s, ok1 := literalOnly(l.alts[0])
			count, err := strconv.Atoi(r.alts[0].Canonical())
			if ok1 && err == nil && count >= 0 && len(s)*count <= 1024 {
				return value{kind: l.kind, alts: []errdex.Template{errdex.NewTemplate(errdex.Lit(strings.Repeat(s, count)))}, expr: expr}
			}
		}
	}
	return unknown(expr, "")
}

// percentOperands reads the right operand of a %-format, once for each
// of its values when an argument may have several (a parameter a branch
// rebinds: "if filename: source = filename"), at most maxAlts of them: an
// argument of several values would be one hole of its expression, which a
// class's caller then binds to only one of them.
func (ev *evaluator) percentOperands(n syntax.Node, sc *scope) []template.PyPercentOperand {
	inner := unparen(n)
	switch inner.Kind() {
	case "tuple":
		var items []syntax.Node
		for c := range inner.NamedChildren() {
			switch c.Kind() {
			case "comment":
				continue
			case "list_splat", "parenthesized_list_splat":
				return []template.PyPercentOperand{{Value: unknown(ev.text(n), "").arg()}}
			}
			items = append(items, c)
		}
		return ev.tupleOperands(items, sc)
	case "call":
		// dict(key=value, ...)
		if inner.Child("function").Text() != "dict" {
			break
		}
		op := template.PyPercentOperand{IsDict: true, Dict: map[string]template.PyArg{}, Value: unknown(ev.text(n), "").arg()}
		for c := range inner.Child("arguments").NamedChildren() {
			switch c.Kind() {
			case "comment":
			case "keyword_argument":
				op.Dict[c.Child("name").Text()] = ev.eval(c.Child("value"), sc).arg()
			default:
				return []template.PyPercentOperand{{Value: ev.eval(n, sc).arg()}}
			}
		}
		return []template.PyPercentOperand{op}
	case "dictionary":
		op := template.PyPercentOperand{IsDict: true, Dict: map[string]template.PyArg{}, Value: unknown(ev.text(n), "").arg()}
		for c := range inner.NamedChildren() {
			if c.Kind() == "comment" {
				continue
			}
			key := ev.eval(c.Child("key"), sc)
			k, ok := "", false
			if key.kind == vStr && len(key.alts) == 1 {
				k, ok = literalOnly(key.alts[0])
			}
			if c.Kind() != "pair" || !ok {
				return []template.PyPercentOperand{{Value: unknown(ev.text(n), "").arg()}}
			}
			op.Dict[k] = ev.eval(c.Child("value"), sc).arg()
		}
		return []template.PyPercentOperand{op}
	}
	vs := ev.eval(n, sc).split()
	ops := make([]template.PyPercentOperand, len(vs))
	for i, v := range vs {
		ops[i] = template.PyPercentOperand{Value: v.arg()}
	}
	return ops
}

// formatProblem records a malformed format string f. A format with holes
// is built at run time ('%%0%dd' % width, then that % n): its text is not
// all known, so what looks malformed is the unknown part's doing, and is
// no problem of the file's.
func (ev *evaluator) formatProblem(n syntax.Node, f errdex.Template, err error) {
	if err != nil && len(f.Holes()) == 0 && len(ev.problems) < 20 {
		ev.problems = append(ev.problems, fmt.Sprintf("line %d: message %v", n.Line(), err))
	}
}

// gettext wrappers: the index of the message argument, and for the plural
// forms the index of the plural message.
var gettextFuncs = map[string][2]int{
	"_": {0, -1}, "N_": {0, -1}, "_l": {0, -1}, "gettext": {0, -1}, "ugettext": {0, -1},
	"gettext_lazy": {0, -1}, "ugettext_lazy": {0, -1}, "lazy_gettext": {0, -1}, "gettext_noop": {0, -1},
	"dgettext": {1, -1}, "pgettext": {1, -1}, "pgettext_lazy": {1, -1}, "ngettext": {0, 1},
	"ungettext": {0, 1}, "ngettext_lazy": {0, 1}, "lazy_ngettext": {0, 1}, "dngettext": {1, 2}, "npgettext": {1, 2},
}

// call evaluates calls that build text: str(), repr(), format(), the
// format, join and strip methods, gettext wrappers, textwrap.dedent and
// inspect.cleandoc.
func (ev *evaluator) call(n syntax.Node, sc *scope) value {
	fn := n.Child("function")
	args := n.Child("arguments")
	expr := ev.text(n)
	var pos []syntax.Node
	simple := args.Kind() == "argument_list"
	for c := range args.NamedChildren() {
		switch c.Kind() {
		case "comment":
		case "keyword_argument", "list_splat", "dictionary_splat", "parenthesized_list_splat":
			simple = false
		default:
			if simple {
				pos = append(pos, c)
			}
		}
	}
	var name string
	switch fn.Kind() {
	case "identifier":
		name = fn.Text()
	case "attribute":
		name = fn.Child("attribute").Text()
	}
	if name == "cast" && simple && len(pos) == 2 && ev.typingName(fn) == "typing.cast" {
		// typing.cast(T, value) is value (jinja2's __str__ returns
		// t.cast(str, self.message)).
		return ev.eval(pos[1], sc)
	}
	if fn.Kind() == "attribute" {
		if v, ok := ev.method(n, fn.Child("object"), name, args, pos, simple, sc); ok {
			return v
		}
	}
	if idx, ok := gettextFuncs[name]; ok && simple && idx[0] < len(pos) {
		v := ev.eval(pos[idx[0]], sc)
		if idx[1] >= 0 && idx[1] < len(pos) {
			v = union(v, ev.eval(pos[idx[1]], sc))
		}
		if v.isStringish() {
			return v
		}
	}
	callee := ev.text(fn)
	switch {
	case simple && len(pos) == 1 && (callee == "str"):
		v := ev.eval(pos[0], sc)
		if v.kind == vUnknown {
			if v.typ == "" || v.typ == errdex.HoleAny {
				v.typ = errdex.HoleStr
			}
			return v
		}
		return v.asStr()
	case simple && len(pos) == 1 && (callee == "repr" || callee == "ascii"):
		v := ev.eval(pos[0], sc)
		if v.kind == vUnknown {
			return unknown(v.expr, reprType(v.typ))
		}
		return value{kind: vStr, alts: v.reprAlts(), expr: v.expr}
	case simple && (len(pos) == 1 || len(pos) == 2) && callee == "format" && ev.builtin(fn, sc):
		v := ev.eval(pos[0], sc)
		spec := ""
		if len(pos) == 2 {
			s := ev.eval(pos[1], sc)
			if s.kind != vStr || len(s.alts) != 1 {
				return unknown(expr, "")
			}
			var ok bool
			if spec, ok = literalOnly(s.alts[0]); !ok {
				return unknown(expr, "")
			}
		}
		return strValue(expr, errdex.NewTemplate(template.PyField(v.arg(), 0, spec)...))
	case simple && len(pos) == 1 && ev.isStrerror(callee):
		return strerror(expr, ev.eval(pos[0], sc))
	case simple && len(pos) == 1 && (callee == "textwrap.dedent" || callee == "dedent" && ev.importedFrom("dedent", "textwrap")):
		if v := ev.eval(pos[0], sc); v.kind == vStr {
			return v.mapAlts(pystr.Dedent)
		}
	case simple && len(pos) == 1 && (callee == "inspect.cleandoc" || callee == "cleandoc" && ev.importedFrom("cleandoc", "inspect")):
		if v := ev.eval(pos[0], sc); v.kind == vStr {
			return v.mapAlts(pystr.Cleandoc)
		}
	}
	if v, ok := ev.formatterCall(n, sc); ok {
		return v
	}
	if v, ok := ev.localCall(n, sc); ok {
		return v
	}
	return unknown(expr, "")
}

// builtin reports whether the identifier fn names a built-in function:
// no import and no function of the file rebinds it (humanfriendly's
// format(text, *args) imported from humanfriendly.text).
func (ev *evaluator) builtin(fn syntax.Node, sc *scope) bool {
	if _, imported := ev.fs.imports[fn.Text()]; imported {
		return false
	}
	f, _ := ev.callee(fn, sc)
	return f == nil
}

// importedFrom reports whether the file imports name from module.
func (ev *evaluator) importedFrom(name, module string) bool {
	t, ok := ev.fs.imports[name]
	return ok && t.module == module && t.name == name
}

// method evaluates text methods called on a text value.
func (ev *evaluator) method(n, obj syntax.Node, name string, args syntax.Node, pos []syntax.Node, simple bool, sc *scope) (value, bool) {
	switch name {
	case "format", "format_map", "join", "strip", "lstrip", "rstrip":
	default:
		return value{}, false
	}
	if name == "format" {
		if v, ok := ev.deferredFormat(obj, args, sc); ok {
			return v, true
		}
	}
	recv := ev.formatString(obj, sc)
	expr := ev.text(n)
	if !recv.isStringish() {
		if name == "format" && ev.importedName(obj) {
			fa := ev.formatArgs(args, sc)
			return ev.deferImported(expr, importedFormat{name: ev.text(obj), format: &fa}), true
		}
		return value{}, false
	}
	switch name {
	case "format", "format_map":
		fa := template.PyFormatArgs{Keyword: map[string]template.PyArg{}}
		if name == "format_map" {
			if len(pos) != 1 || !simple {
				return value{}, false
			}
			fa.DoubleStar = ev.text(pos[0])
		} else {
			fa = ev.formatArgs(args, sc)
		}
		out := recv
		out.expr, out.alts = expr, nil
		for _, f := range recv.alts {
			if isHole(f) {
				// A format whose text is not known here (a parameter, an
				// attribute) prints the text filled, not the text: a
				// hole of the call, which Link may fill once the format
				// and the arguments are bound (see bindings.starFormat).
				out.alts = appendAlts(out.alts, errdex.Template{Parts: []errdex.Part{template.PyHole(expr, errdex.HoleStr)}})
				continue
			}
			t, err := template.PyFormat(f, fa)
			ev.formatProblem(n, f, err)
			out.alts = appendAlts(out.alts, t)
		}
		return out, true
	case "join":
		if !simple || len(pos) != 1 || len(recv.alts) != 1 {
			break
		}
		seq := pos[0]
		if seq.Kind() != "list" && seq.Kind() != "tuple" {
			// A list built before: its item sequences, when known.
			v := ev.eval(seq, sc)
			if v.seqs == nil || recv.kind != vStr {
				return unknown(expr, errdex.HoleStr), true
			}
			out := value{kind: vStr, expr: expr}
			for _, q := range v.seqs {
				out.alts = appendAlts(out.alts, joinItems(recv.alts, q, false)...)
			}
			return out, true
		}
		var items []errdex.Template
		for c := range seq.NamedChildren() {
			if c.Kind() == "comment" {
				continue
			}
			v := ev.eval(c, sc)
			switch {
			case v.kind == vUnknown && recv.kind == vStr:
				items = append(items, v.hole(errdex.HoleStr))
			case v.kind != recv.kind || len(v.alts) != 1:
				return unknown(expr, errdex.HoleStr), true
			default:
				items = append(items, v.alts[0])
			}
		}
		var out errdex.Template
		for i, it := range items {
			if i > 0 {
				out = out.Concat(recv.alts[0])
			}
			out = out.Concat(it)
		}
		return value{kind: recv.kind, alts: []errdex.Template{out}, expr: expr}, true
	default: // strip, lstrip, rstrip
		cut := ""
		if len(pos) == 1 && simple {
			c := ev.eval(pos[0], sc)
			if c.kind != recv.kind || len(c.alts) != 1 {
				return unknown(expr, errdex.HoleStr), true
			}
			var ok bool
			if cut, ok = literalOnly(c.alts[0]); !ok {
				return unknown(expr, errdex.HoleStr), true
			}
		} else if len(pos) > 1 || !simple {
			return unknown(expr, errdex.HoleStr), true
		}
		left, right := name != "rstrip", name != "lstrip"
		v := recv.mapAlts(func(t errdex.Template) errdex.Template { return pystr.Strip(t, cut, left, right) })
		v.expr = expr
		return v, true
	}
	return value{}, false
}

// formatArgs evaluates the arguments of a str.format call.
func (ev *evaluator) formatArgs(args syntax.Node, sc *scope) template.PyFormatArgs {
	fa := template.PyFormatArgs{Keyword: map[string]template.PyArg{}}
	for c := range args.NamedChildren() {
		switch c.Kind() {
		case "comment":
		case "keyword_argument":
			fa.Keyword[c.Child("name").Text()] = ev.eval(c.Child("value"), sc).arg()
		case "list_splat", "parenthesized_list_splat":
			if fa.Star == "" {
				fa.Star = ev.text(c.NamedChild(0))
			}
		case "dictionary_splat":
			fa.DoubleStar = ev.text(c.NamedChild(0))
		default:
			if fa.Star == "" {
				fa.Positional = append(fa.Positional, ev.eval(c, sc).arg())
			}
		}
	}
	return fa
}

// tupleOperands returns the % operands of a tuple of items: one per
// combination of the items' alternatives, at most maxAlts.
func (ev *evaluator) tupleOperands(items []syntax.Node, sc *scope) []template.PyPercentOperand {
	vals := make([]value, len(items))
	for i, c := range items {
		vals[i] = ev.eval(c, sc)
	}
	return tupleOperandsOf(vals)
}

// tupleOperandsOf returns the % operands of a tuple of values (see
// tupleOperands).
func tupleOperandsOf(vals []value) []template.PyPercentOperand {
	ops := []template.PyPercentOperand{{IsTuple: true}}
	for _, v := range vals {
		vs := v.split()
		next := make([]template.PyPercentOperand, 0, min(len(ops)*len(vs), maxAlts))
		for _, o := range ops {
			for _, item := range vs {
				if len(next) < maxAlts {
					next = append(next, template.PyPercentOperand{IsTuple: true, Tuple: append(o.Tuple[:len(o.Tuple):len(o.Tuple)], item.arg())})
				}
			}
		}
		ops = next
	}
	return ops
}

// importedFormat is a %-format or a str.format whose format is a name
// imported from another module, NAME or module.NAME: raise
// DocumentError(errors.DOCUMENT_FORMAT.format(document)) with the texts
// in cerberus's errors module. The formatting is a hole of its
// expression, which Link fills once it knows the text the name holds
// (see linker.importedConsts).
type importedFormat struct {
	name    string // as written: "errors.DOCUMENT_FORMAT"
	percent []template.PyPercentOperand
	format  *template.PyFormatArgs
}

// importedName reports whether n names something the file imports: an
// imported name, or a name of an imported module (mod.NAME).
func (ev *evaluator) importedName(n syntax.Node) bool {
	switch n.Kind() {
	case "identifier":
		t, ok := ev.fs.imports[n.Text()]
		return ok && t.name != ""
	case "attribute":
		obj := n.Child("object")
		if obj.Kind() != "identifier" {
			return false
		}
		_, ok := ev.fs.imports[obj.Text()]
		return ok
	}
	return false
}

// deferImported records f for Link and returns the hole it fills.
func (ev *evaluator) deferImported(expr string, f importedFormat) value {
	if ev.imported == nil {
		ev.imported = map[string]importedFormat{}
	}
	if _, ok := ev.imported[expr]; !ok {
		ev.imported[expr] = f
	}
	return unknown(expr, errdex.HoleStr)
}

// deferredFormat reads self.NAME.format(**kwargs) (or .format()) in a
// method, where the class binds NAME to a text, for Link: a hole
// "type(self).NAME.format(**kwargs)" that Link fills from the nearest
// class on the raised class's chain that binds NAME, which may be in
// another file (moto's ServiceException formats self.message, which each
// service's subclass binds). ok is false for any other call, and while a
// base's methods are read for a subclass of the file (see inherit).
func (ev *evaluator) deferredFormat(obj, args syntax.Node, sc *scope) (value, bool) {
	c := sc.method()
	if !ev.classCtx || ev.selfClass != nil || c == nil || obj.Kind() != "attribute" ||
		obj.Child("object").Kind() != "identifier" || obj.Child("object").Text() != sc.selfName() {
		return value{}, false
	}
	attr := obj.Child("attribute").Text()
	if _, ok := ev.classConstant(c, attr); !ok {
		return value{}, false
	}
	var spread string
	for a := range args.NamedChildren() {
		switch {
		case a.Kind() == "comment":
		case a.Kind() == "dictionary_splat" && spread == "" && a.NamedChild(0).Kind() == "identifier":
			spread = "**" + a.NamedChild(0).Text()
		default:
			return value{}, false
		}
	}
	return unknown("type(self)."+attr+".format("+spread+")", errdex.HoleStr), true
}

// formatString evaluates the format of a % or .format operation, where a
// class constant is read even for Link (see evaluator.classCtx).
func (ev *evaluator) formatString(n syntax.Node, sc *scope) value {
	saved := ev.formatFor
	ev.formatFor = true
	defer func() { ev.formatFor = saved }()
	return ev.eval(n, sc)
}

// typingName returns what a called name refers to through the file's
// imports ("typing.cast" for cast, t.cast or typing.cast), or "".
func (ev *evaluator) typingName(fn syntax.Node) string {
	switch fn.Kind() {
	case "identifier":
		if t, ok := ev.fs.imports[fn.Text()]; ok {
			return t.qualified()
		}
	case "attribute":
		if obj := fn.Child("object"); obj.Kind() == "identifier" {
			if t, ok := ev.fs.imports[obj.Text()]; ok && t.name == "" {
				return t.module + "." + fn.Child("attribute").Text()
			}
		}
	}
	return ""
}
