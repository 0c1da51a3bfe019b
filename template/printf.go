package template

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// PrintfDialect selects a family of printf-style format strings. The
// dialects share the shape "%[flags][width][.precision]verb" but differ in
// their verbs, argument indexing and length modifiers.
type PrintfDialect uint8

// The printf dialects.
const (
	// PrintfGo is Go's fmt: verbs v s d q x X o O b e E f F g G t p c U T w,
	// flags "+-# 0", width and precision as digits or '*', explicit argument
	// indexes "%[2]d" (which also move the following implicit arguments).
	// %w formats a wrapped error: its hole has type errdex.HoleError.
	PrintfGo PrintfDialect = iota + 1
	// PrintfC is C's printf: flags "-+ #0'", width and precision as digits
	// or '*', length modifiers hh h l ll q L j z Z t I I32 I64, POSIX
	// positional arguments "%2$d", conversions d i u o x X e E f F g G a A
	// c s p n m. %n prints nothing; %m (glibc) prints strerror(errno).
	PrintfC
	// PrintfCPython is the format of CPython's PyUnicode_FromFormat, used by
	// PyErr_Format: C's integer conversions with length modifiers, %s %p %c
	// %x, and the object conversions %R (repr), %S (str), %A (ascii), %U
	// (a str object), %V (a str object, or a char* when it is NULL: two
	// arguments), %T and %N (an object's type name).
	PrintfCPython
	// PrintfJava is java.util.Formatter (String.format, printf,
	// String.formatted): "%[index$][flags][width][.precision]conversion"
	// with flags "-#+ 0,(", the previous argument "%<s", date/time
	// conversions "%tY", %n (a line separator) and %%.
	PrintfJava
)

// String returns the dialect's name: "go", "c", "cpython" or "java".
func (d PrintfDialect) String() string {
	switch d {
	case PrintfGo:
		return "go"
	case PrintfC:
		return "c"
	case PrintfCPython:
		return "cpython"
	case PrintfJava:
		return "java"
	}
	return fmt.Sprintf("PrintfDialect(%d)", uint8(d))
}

// Printf parses printf-style format strings of one dialect into templates.
// The zero value of each hook selects a default; a Printf is a plain value
// safe for concurrent use when its hooks are.
type Printf struct {
	Dialect PrintfDialect
	// HoleName derives a hole's name from the source text of the argument
	// that fills it ("e.Path" → "Path"). Nil selects HoleNameOf, which
	// understands the expression syntax of C-like languages.
	HoleName func(expr string) string
	// Value, when set, returns the message of argument i (0-based, counted
	// after the format) when the caller knows it statically: a constant's
	// text as a literal, or the template of a nested Sprintf. A verb that
	// prints its argument as plain text (%s, %v, %d without width or
	// precision) then inlines that template instead of making a hole.
	Value func(i int) (errdex.Template, bool)
}

// PrintfResult is a parsed format string.
type PrintfResult struct {
	// Template is the message the format produces, normalised, with hole
	// names made distinct (see DistinctHoles).
	Template errdex.Template
	// Wrapped holds the indexes of the arguments formatted with Go's %w, in
	// format order: the errors this message wraps.
	Wrapped []int
	// Problems describe what was malformed (an unknown verb, a missing
	// argument, a format that ends inside a directive). Parsing never
	// fails: each problem degrades to a hole or to literal text.
	Problems []string
}

// Parse parses format, the decoded value of a format string literal, with
// args the source texts of the arguments that follow the format. An
// argument the format needs but args lacks (a call that spreads a slice)
// becomes a hole without an expression, and a problem.
func (p Printf) Parse(format string, args []string) PrintfResult {
	s := &printfState{p: p, format: format, args: args, used: make([]bool, len(args))}
	switch p.Dialect {
	case PrintfGo:
		s.parseGo()
	case PrintfC, PrintfCPython:
		s.parseC()
	case PrintfJava:
		s.parseJava()
	default:
		s.problem(0, "unknown printf dialect %v", p.Dialect)
		s.lit(format)
	}
	return PrintfResult{
		Template: DistinctHoles(errdex.Template{Parts: s.parts}.Normalize()),
		Wrapped:  s.wrapped,
		Problems: s.problems,
	}
}

// maxPrintfProblems caps the problems reported for one format, so that a
// garbage string cannot produce a report larger than itself many times over.
const maxPrintfProblems = 8

// printfState is the progress of one Parse call.
type printfState struct {
	p        Printf
	format   string
	args     []string
	used     []bool
	parts    []errdex.Part
	wrapped  []int
	problems []string
}

func (s *printfState) lit(text string) {
	if text != "" {
		s.parts = append(s.parts, errdex.Lit(text))
	}
}

func (s *printfState) problem(at int, format string, args ...any) {
	if len(s.problems) < maxPrintfProblems {
		s.problems = append(s.problems, fmt.Sprintf("byte %d: ", at)+fmt.Sprintf(format, args...))
	}
}

// directive is one parsed conversion, in the terms every dialect shares.
type directive struct {
	start  int    // offset of the '%'
	text   string // the directive as written, "%-10.3s"
	flags  string
	width  string // digits, "*" or ""
	prec   string // digits, "*" or "" (hasPrec tells "%.s" from "%s")
	verb   string // conversion, with Java's t/T prefix ("tY")
	arg    int    // index of the argument it formats; -1 when none
	hasArg bool
}

// plain reports whether the directive prints its argument's text unchanged,
// so that a statically known value can be inlined.
func (d directive) plain() bool {
	return d.width == "" && d.prec == "" && d.flags == ""
}

// emit appends the part for a directive that formats argument d.arg as
// verb v describes.
func (s *printfState) emit(d directive, v verbInfo) {
	if d.arg < 0 || d.arg >= len(s.args) {
		s.problem(d.start, "%s has no argument", d.text)
		s.parts = append(s.parts, errdex.HolePart("", "", v.typ))
		return
	}
	s.used[d.arg] = true
	if s.p.Value != nil && d.plain() && (v.inline || v.quote) {
		if known, ok := s.p.Value(d.arg); ok {
			switch {
			case v.inline:
				s.parts = append(s.parts, known.Parts...)
				return
			case quotable(known):
				s.lit(`"`)
				s.parts = append(s.parts, known.Parts...)
				s.lit(`"`)
				return
			}
		}
	}
	expr := s.args[d.arg]
	s.parts = append(s.parts, errdex.HolePart(s.name(expr)+v.suffix, expr, v.typ))
}

// quotable reports whether quoting v's text gives the same result as
// quoting each literal part: no literal needs an escape.
func quotable(v errdex.Template) bool {
	for _, p := range v.Parts {
		if p.IsHole() {
			continue
		}
		for _, r := range p.Text {
			if r == '"' || r == '\\' || !strconv.IsPrint(r) {
				return false
			}
		}
	}
	return true
}

func (s *printfState) name(expr string) string {
	if s.p.HoleName != nil {
		return s.p.HoleName(expr)
	}
	return HoleNameOf(expr)
}

// checkExtra reports arguments no directive formatted.
func (s *printfState) checkExtra() {
	for i, u := range s.used {
		if !u {
			s.problem(len(s.format), "argument %d (%s) is not formatted", i+1, clipExpr(s.args[i]))
			return
		}
	}
}

func clipExpr(e string) string {
	if len(e) > 40 {
		cut := 40
		for cut > 0 && !utf8.RuneStart(e[cut]) {
			cut--
		}
		return e[:cut] + "…"
	}
	return e
}

// digits returns the run of ASCII digits at the start of s.
func digits(s string) string {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// atoiSmall converts a digit run, saturating instead of overflowing.
func atoiSmall(ds string) int {
	n := 0
	for i := 0; i < len(ds); i++ {
		n = n*10 + int(ds[i]-'0')
		if n > 1e6 {
			return 1e6
		}
	}
	return n
}

// each walks the format: it emits the literal text between directives and
// calls directive with the offset of each '%'. directive returns the offset
// after the directive (len(format) to stop).
func (s *printfState) each(directive func(start int) int) {
	f := s.format
	for i := 0; i < len(f); {
		j := strings.IndexByte(f[i:], '%')
		if j < 0 {
			s.lit(f[i:])
			return
		}
		s.lit(f[i : i+j])
		i = directive(i + j)
	}
}

// truncated handles a format that ends inside the directive at start: the
// directive is kept as literal text, as the runtimes print it.
func (s *printfState) truncated(start int) int {
	s.problem(start, "%q ends without a verb", s.format[start:])
	s.lit(s.format[start:])
	return len(s.format)
}

// span returns the run of bytes from set at f[i:].
func span(f string, i int, set string) string {
	k := i
	for k < len(f) && strings.IndexByte(set, f[k]) >= 0 {
		k++
	}
	return f[i:k]
}

// positional parses a POSIX/Java argument position "n$" at f[i:]: it
// returns the 0-based argument and the bytes taken, or (-1, 0).
func positional(f string, i int) (arg, size int) {
	ds := digits(f[i:])
	if ds == "" || i+len(ds) >= len(f) || f[i+len(ds)] != '$' {
		return -1, 0
	}
	return atoiSmall(ds) - 1, len(ds) + 1
}

// widthPrec parses C and Java width and precision at f[i:] into d and
// returns the offset after them. star, when set, consumes the argument of
// a '*' at f[i:] and returns the offset after it; Java has no '*'.
func (s *printfState) widthPrec(d *directive, i int, star func(i int) int) int {
	f := s.format
	if star != nil && i < len(f) && f[i] == '*' {
		d.width, i = "*", star(i)
	} else {
		d.width = digits(f[i:])
		i += len(d.width)
	}
	if i >= len(f) || f[i] != '.' {
		return i
	}
	i++
	if star != nil && i < len(f) && f[i] == '*' {
		d.prec, i = "*", star(i)
		return i
	}
	d.prec = "." + digits(f[i:])
	return i + len(d.prec) - 1
}

// parseGo follows the directive grammar of fmt.Printf (see doPrintf in
// fmt/print.go): flags, [n] argument index, width, precision, [n], verb.
func (s *printfState) parseGo() {
	f := s.format
	argNum := 0
	reordered := false
	s.each(func(start int) int {
		d := directive{start: start}
		d.flags = span(f, start+1, "#0+- ")
		i := start + 1 + len(d.flags)
		good := true
		// argIndex parses "[n]" at i, moving argNum, and reports whether
		// an index was present, as fmt's argNumber does.
		argIndex := func() bool {
			if i >= len(f) || f[i] != '[' {
				return false
			}
			reordered = true
			end := strings.IndexByte(f[i:], ']')
			if end < 0 || len(f)-i < 3 {
				good = false // fmt skips the '[' alone
				i++
				return false
			}
			ds := f[i+1 : i+end]
			i += end + 1
			if ds == "" || digits(ds) != ds {
				good = false
				return false
			}
			if n := atoiSmall(ds); n >= 1 {
				argNum = n - 1
			} else {
				good = false
			}
			return true
		}
		star := func() string {
			i++
			s.star(argNum, start)
			argNum++
			return "*"
		}
		after := argIndex()
		if i < len(f) && f[i] == '*' {
			d.width, after = star(), false
		} else {
			d.width = digits(f[i:])
			i += len(d.width)
			good = good && !(after && d.width != "")
		}
		if i < len(f) && f[i] == '.' {
			i++
			good = good && !after
			after = argIndex()
			if i < len(f) && f[i] == '*' {
				d.prec, after = star(), false
			} else {
				d.prec = "." + digits(f[i:])
				i += len(d.prec) - 1
			}
		}
		if !after {
			argIndex()
		}
		if i >= len(f) {
			return s.truncated(start)
		}
		verb, size := utf8.DecodeRuneInString(f[i:])
		i += size
		d.text, d.verb = f[start:i], string(verb)
		switch {
		case verb == '%':
			s.lit("%")
		case !good:
			s.problem(start, "%s has a bad argument index", d.text)
			s.parts = append(s.parts, errdex.HolePart("", "", errdex.HoleAny))
		default:
			d.arg = argNum
			argNum++
			v := s.lookupVerb(goVerbs, verb, d)
			if verb == 'v' && strings.Contains(d.flags, "#") {
				v = verbInfo{typ: errdex.HoleRepr, quote: true, args: 1}
			}
			if verb == 'w' && d.arg < len(s.args) {
				s.wrapped = append(s.wrapped, d.arg)
			}
			s.emit(d, v)
		}
		return i
	})
	if !reordered {
		s.checkExtra()
	}
}

// star marks argument i as consumed by a '*' width or precision.
func (s *printfState) star(i, at int) {
	if 0 <= i && i < len(s.args) {
		s.used[i] = true
		return
	}
	s.problem(at, "'*' has no argument")
}

// parseC parses C printf and CPython PyUnicode_FromFormat directives.
func (s *printfState) parseC() {
	f := s.format
	next := 0
	anyPositional := false
	s.each(func(start int) int {
		i := start + 1
		if i < len(f) && f[i] == '%' {
			s.lit("%")
			return i + 1
		}
		d := directive{start: start, arg: -1}
		pos := -1
		if s.p.Dialect == PrintfC {
			var n int
			pos, n = positional(f, i)
			i += n
			anyPositional = anyPositional || n > 0
		}
		d.flags = span(f, i, "-+ #0'")
		i = s.widthPrec(&d, i+len(d.flags), func(i int) int {
			i++ // the '*'
			if a, n := positional(f, i); n > 0 {
				s.star(a, start)
				return i + n
			}
			s.star(next, start)
			next++
			return i
		})
		i += len(cLength(f[i:]))
		if i >= len(f) {
			return s.truncated(start)
		}
		verb, size := utf8.DecodeRuneInString(f[i:])
		i += size
		d.text, d.verb = f[start:i], string(verb)
		table := cVerbs
		if s.p.Dialect == PrintfCPython {
			table = cpythonVerbs
		}
		v := s.lookupVerb(table, verb, d)
		if verb == '%' {
			s.lit("%")
			return i
		}
		switch {
		case verb == 'm' && s.p.Dialect == PrintfC:
			s.parts = append(s.parts, errdex.HolePart("strerror", "strerror(errno)", errdex.HoleStr))
			return i
		case pos >= 0:
			d.arg = pos
		default:
			d.arg = next
			next += v.args
		}
		for a := d.arg; a < d.arg+v.args; a++ {
			if 0 <= a && a < len(s.args) {
				s.used[a] = true
			}
		}
		if verb != 'n' { // %n stores a count and prints nothing
			s.emit(d, v)
		}
		return i
	})
	if !anyPositional {
		s.checkExtra()
	}
}

// cLength returns the length modifier at the start of s.
func cLength(s string) string {
	for _, m := range [...]string{"hh", "ll", "I64", "I32", "h", "l", "q", "L", "j", "z", "Z", "t", "I"} {
		if strings.HasPrefix(s, m) {
			return m
		}
	}
	return ""
}

// parseJava parses java.util.Formatter directives.
func (s *printfState) parseJava() {
	f := s.format
	ordinary := 0 // the next ordinary (non-indexed) argument
	last := -1    // the argument of the previous directive, for "%<s"
	s.each(func(start int) int {
		d := directive{start: start, arg: -1}
		explicit, n := positional(f, start+1)
		i := start + 1 + n
		d.flags = span(f, i, "-#+ 0,(<")
		i = s.widthPrec(&d, i+len(d.flags), nil)
		if i >= len(f) {
			return s.truncated(start)
		}
		vstart := i
		verb, size := utf8.DecodeRuneInString(f[i:])
		i += size
		if (verb == 't' || verb == 'T') && i < len(f) {
			_, sz := utf8.DecodeRuneInString(f[i:])
			i += sz
		}
		d.text, d.verb = f[start:i], f[vstart:i]
		switch verb {
		case '%':
			s.lit("%")
			return i
		case 'n':
			s.lit("\n")
			return i
		}
		v := s.lookupVerb(javaVerbs, verb, d)
		if strings.ContainsAny(d.flags, ",(") {
			v.typ, v.inline = errdex.HoleStr, false // grouped digits, (negative)
		}
		switch {
		case strings.Contains(d.flags, "<"):
			d.arg = last
			d.flags = strings.ReplaceAll(d.flags, "<", "")
		case n > 0:
			d.arg = explicit
		default:
			d.arg = ordinary
			ordinary++
		}
		last = d.arg
		s.emit(d, v)
		return i
	})
}

// HoleNameOf derives a short hole name from an argument's source text in a
// C-like language (Go, C, C++, Java, JavaScript): the last name of a
// selector chain ("e.Path" → "Path", "obj->tp_name" → "tp_name"), the
// argument of a one-argument call ("strconv.Quote(s)" → "s"), the receiver
// of a conversion method ("err.Error()" → "err"), "x_len" for a length
// ("len(x)", "strlen(x)"), the callee otherwise ("time.Now()" → "Now"), and
// "value" when nothing fits (a literal, an empty expression).
func HoleNameOf(expr string) string {
	return holeName(expr, 0)
}

// holeName is HoleNameOf with a recursion depth, which bounds the work on
// pathological input.
func holeName(expr string, depth int) string {
	e := strings.TrimSpace(expr)
	if depth > 8 || e == "" {
		return "value"
	}
	// Unary prefixes, C casts and wrapping parentheses.
	for e != "" {
		switch {
		case strings.IndexByte("&*!-+^~", e[0]) >= 0:
			e = strings.TrimSpace(e[1:])
			continue
		case e[0] == '(':
			close := closingBracket(e)
			if close < 0 {
				e = e[1:]
				continue
			}
			if close == len(e)-1 {
				e = strings.TrimSpace(e[1:close])
				continue
			}
			if isTypeText(e[1:close]) {
				e = strings.TrimSpace(e[close+1:])
				continue
			}
		}
		break
	}
	if e == "" {
		return "value"
	}
	if c := e[0]; c == '"' || c == '\'' || c == '`' || '0' <= c && c <= '9' {
		return "value"
	}
	if op := topLevelOperator(e); op > 0 {
		// "n - 1", "a + b": name the first operand.
		return holeName(e[:op], depth+1)
	}
	switch e[len(e)-1] {
	case ')':
		open := matchBackward(e, len(e)-1)
		if open <= 0 {
			break
		}
		callee, inner := strings.TrimSpace(e[:open]), strings.TrimSpace(e[open+1:len(e)-1])
		fn, recv := lastName(callee)
		switch {
		case fn == "":
			return holeName(callee, depth+1)
		case inner == "" && recv != "" && conversionMethod[fn]:
			return holeName(recv, depth+1)
		case lengthFunc[fn] && inner != "" && topLevelComma(inner) < 0:
			return holeName(inner, depth+1) + "_len"
		case inner != "" && topLevelComma(inner) < 0:
			if n := holeName(inner, depth+1); n != "value" {
				return n
			}
		}
		return fn
	case ']':
		if open := matchBackward(e, len(e)-1); open > 0 {
			return holeName(e[:open], depth+1)
		}
	}
	if fn, _ := lastName(e); fn != "" {
		return fn
	}
	return "value"
}

// conversionMethod names methods that render their receiver as text.
var conversionMethod = map[string]bool{
	"Error": true, "String": true, "toString": true, "getMessage": true,
	"c_str": true, "what": true, "str": true, "data": true, "getName": true,
	"name": true, "message": true, "GoString": true, "Name": true,
}

// lengthFunc names functions that return a length.
var lengthFunc = map[string]bool{
	"len": true, "strlen": true, "size": true, "length": true, "Len": true,
	"cap": true, "Py_SIZE": true, "PyList_GET_SIZE": true, "PyTuple_GET_SIZE": true,
}

// lastName returns the last identifier of a selector chain ("a.b->c" →
// "c") and the text before its separator ("a.b"), or "" when the text does
// not end in an identifier.
func lastName(e string) (name, recv string) {
	end := len(e)
	k := end
	for k > 0 {
		r, size := utf8.DecodeLastRuneInString(e[:k])
		if r != '_' && r != '$' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		k -= size
	}
	name = e[k:end]
	if name == "" || '0' <= name[0] && name[0] <= '9' {
		return "", ""
	}
	rest := strings.TrimSpace(e[:k])
	for _, sep := range [...]string{"->", ".", "?."} {
		if strings.HasSuffix(rest, sep) {
			return name, strings.TrimSpace(strings.TrimSuffix(rest, sep))
		}
	}
	return name, ""
}

// isTypeText reports whether the text in parentheses looks like a C cast's
// type: names, '*', spaces and nothing else.
func isTypeText(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '_' && r != '*' && r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// scanBrackets calls visit for each byte of e outside quoted text, with the
// bracket depth before that byte, until visit returns false.
func scanBrackets(e string, visit func(i, depth int) bool) {
	depth := 0
	for i := 0; i < len(e); i++ {
		c := e[i]
		if c == '"' || c == '\'' || c == '`' {
			i = skipQuoted(e, i)
			continue
		}
		if !visit(i, depth) {
			return
		}
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
}

// closingBracket returns the index of the bracket closing the one that
// opens e, or -1.
func closingBracket(e string) int {
	at := -1
	scanBrackets(e, func(i, depth int) bool {
		if depth == 1 && strings.IndexByte(")]}", e[i]) >= 0 {
			at = i
			return false
		}
		return true
	})
	return at
}

// topLevelOperator returns the index of the first binary operator outside
// brackets and quotes, or -1. C's "->" and Go's "<-" are not operators
// here.
func topLevelOperator(e string) int {
	at := -1
	scanBrackets(e, func(i, depth int) bool {
		if depth != 0 || i == 0 {
			return true
		}
		next := byte(0)
		if i+1 < len(e) {
			next = e[i+1]
		}
		switch c := e[i]; {
		case c == '-' && next == '>', c == '<' && next == '-':
			return true
		case strings.IndexByte("+-*/%|^?=<", c) >= 0, c == ' ' && next != 0 && strings.IndexByte("&|>", next) >= 0:
			at = i
			return false
		}
		return true
	})
	return at
}

// topLevelComma returns the index of the first comma outside brackets and
// quotes, or -1.
func topLevelComma(e string) int {
	at := -1
	scanBrackets(e, func(i, depth int) bool {
		if depth == 0 && e[i] == ',' {
			at = i
			return false
		}
		return true
	})
	return at
}

// matchBackward returns the index of the bracket opening the one at close,
// or -1. It does not understand quotes containing brackets, which only
// costs a worse name.
func matchBackward(e string, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch e[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// skipQuoted returns the index of the quote closing the one at i, or the
// last index.
func skipQuoted(e string, i int) int {
	q := e[i]
	for j := i + 1; j < len(e); j++ {
		switch e[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return len(e) - 1
}

// DistinctHoles renames holes so that holes of different expressions have
// different names: the second "n" becomes "n_2", the third "n_3". Holes of
// the same expression keep one name, so filling by name stays consistent.
func DistinctHoles(t errdex.Template) errdex.Template {
	type key struct{ name, expr string }
	exprOf := map[string]string{} // name → expr that owns it
	renamed := map[key]string{}
	var out []errdex.Part
	for i, p := range t.Parts {
		if !p.IsHole() {
			continue
		}
		k := key{p.Hole, p.Expr}
		if n, ok := renamed[k]; ok && p.Expr != "" {
			p.Hole = n
		} else if owner, taken := exprOf[p.Hole]; !taken {
			exprOf[p.Hole] = p.Expr
			renamed[k] = p.Hole
		} else if owner != p.Expr || p.Expr == "" {
			n := p.Hole
			for j := 2; ; j++ {
				n = p.Hole + "_" + strconv.Itoa(j)
				if _, used := exprOf[n]; !used {
					break
				}
			}
			exprOf[n] = p.Expr
			if p.Expr != "" {
				renamed[k] = n
			}
			p.Hole = n
		}
		if p.Hole != t.Parts[i].Hole {
			if out == nil {
				out = append([]errdex.Part(nil), t.Parts...)
			}
			out[i] = p
		}
	}
	if out == nil {
		return t
	}
	return errdex.Template{Parts: out}
}

// verbInfo says how a verb prints its argument.
type verbInfo struct {
	typ    errdex.HoleType
	inline bool   // a statically known value prints as its own text
	quote  bool   // a statically known value prints quoted (Go's %q)
	args   int    // arguments consumed
	suffix string // added to the hole's name: "_type" for a type name
}

// verbGroup gives several verbs the same verbInfo.
type verbGroup struct {
	verbs string
	info  verbInfo
}

// verbTable builds an immutable verb → verbInfo table.
func verbTable(groups ...verbGroup) map[rune]verbInfo {
	t := map[rune]verbInfo{}
	for _, g := range groups {
		for _, v := range g.verbs {
			t[v] = g.info
		}
	}
	return t
}

// The kinds of verbs: "inline" verbs print a statically known value as its
// own text; the others only make holes.
var (
	inlineAny   = verbInfo{typ: errdex.HoleAny, inline: true, args: 1}
	inlineStr   = verbInfo{typ: errdex.HoleStr, inline: true, args: 1}
	inlineInt   = verbInfo{typ: errdex.HoleInt, inline: true, args: 1}
	inlineBool  = verbInfo{typ: errdex.HoleBool, inline: true, args: 1}
	inlineError = verbInfo{typ: errdex.HoleError, inline: true, args: 1}
	quoted      = verbInfo{typ: errdex.HoleRepr, quote: true, args: 1}
	holeAny     = verbInfo{typ: errdex.HoleAny, args: 1}
	holeStr     = verbInfo{typ: errdex.HoleStr, args: 1}
	holeInt     = verbInfo{typ: errdex.HoleInt, args: 1}
	holeFloat   = verbInfo{typ: errdex.HoleFloat, args: 1}
	holeBool    = verbInfo{typ: errdex.HoleBool, args: 1}
	holeRepr    = verbInfo{typ: errdex.HoleRepr, args: 1}
	typeName    = verbInfo{typ: errdex.HoleStr, args: 1, suffix: "_type"} // Go's %T, CPython's %T and %N
)

// Verb tables of the dialects. A verb missing from its table is unknown:
// it becomes a hole of type any, with a problem. Go's %#v (Go syntax) is
// handled apart as quoted.
var (
	goVerbs = verbTable(verbGroup{"v", inlineAny}, verbGroup{"s", inlineStr}, verbGroup{"d", inlineInt},
		verbGroup{"q", quoted}, verbGroup{"w", inlineError}, verbGroup{"t", inlineBool},
		verbGroup{"boO", holeInt}, verbGroup{"eEfFgG", holeFloat}, verbGroup{"xXcUp", holeStr}, verbGroup{"T", typeName})
	cVerbs = verbTable(verbGroup{"diu", inlineInt}, verbGroup{"o", holeInt}, verbGroup{"s", inlineStr},
		verbGroup{"eEfFgGaA", holeFloat}, verbGroup{"xXcpCS", holeStr}, verbGroup{"n", holeAny},
		verbGroup{"m", verbInfo{typ: errdex.HoleStr}})
	cpythonVerbs = verbTable(verbGroup{"diu", inlineInt}, verbGroup{"o", holeInt}, verbGroup{"sUS", inlineStr},
		verbGroup{"V", verbInfo{typ: errdex.HoleStr, args: 2}}, verbGroup{"RA", holeRepr}, verbGroup{"xXcp", holeStr},
		verbGroup{"TN", typeName})
	javaVerbs = verbTable(verbGroup{"s", inlineStr}, verbGroup{"S", holeStr}, verbGroup{"d", inlineInt},
		verbGroup{"o", holeInt}, verbGroup{"b", inlineBool}, verbGroup{"B", holeBool},
		verbGroup{"eEfgGaA", holeFloat}, verbGroup{"cCxXhHtT", holeStr})
)

// lookupVerb returns the verb's entry in table, reporting an unknown verb
// and returning a one-argument hole of type any for it.
func (s *printfState) lookupVerb(table map[rune]verbInfo, verb rune, d directive) verbInfo {
	if v, ok := table[verb]; ok {
		return v
	}
	s.problem(d.start, "%s: unknown verb %q", d.text, verb)
	return holeAny
}
