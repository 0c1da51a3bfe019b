package template

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// maxHoleName caps the length of a derived hole name.
const maxHoleName = 32

// PyHoleName derives a short name for a hole from the Python expression
// that fills it:
//
//	mask_len              → mask_len
//	self._size            → size (last attribute, leading underscores dropped)
//	len(mask)             → mask_len
//	str(x), repr(x)       → x (conversions are transparent)
//	type(obj).__name__    → obj_type
//	obj["key"], d['key']  → key
//	args[0], row[i]       → args_0, row_i
//	os.path.basename(p)   → p (path helpers are transparent)
//	self.describe(v)      → describe
//	", ".join(names)      → names
//	n - 1, a or b         → n, a (the first operand)
//
// Anything else (a literal, a lambda, an empty text) is named "value".
// Names are identifiers of at most 32 bytes. Use DistinctHoles to make the
// names of one template distinct.
func PyHoleName(expr string) string {
	e := newPyExpr(expr)
	n := e.name(0, len(e.toks), 0)
	if n == "" {
		return "value"
	}
	return clipName(n)
}

// pyTransparent are functions whose result is named after their argument.
var pyTransparent = map[string]bool{
	"str": true, "repr": true, "ascii": true, "format": true, "int": true, "float": true,
	"bool": true, "list": true, "tuple": true, "sorted": true, "set": true, "frozenset": true,
	"dict": true, "bytes": true, "bytearray": true, "hex": true, "oct": true, "bin": true,
	"abs": true, "round": true, "fspath": true, "abspath": true, "basename": true, "dirname": true,
	"realpath": true, "normpath": true, "relpath": true, "expanduser": true, "Path": true,
	"PurePath": true, "fsdecode": true, "fsencode": true, "escape": true, "quote": true,
	"safe_repr": true, "saferepr": true, "_safe_repr": true, "pformat": true, "join": true,
}

// pyTransparentMethods are methods whose result is named after their
// receiver.
var pyTransparentMethods = map[string]bool{
	"strip": true, "lstrip": true, "rstrip": true, "lower": true, "upper": true, "title": true,
	"casefold": true, "decode": true, "encode": true, "hex": true, "copy": true, "keys": true,
	"values": true, "items": true, "__str__": true, "__repr__": true, "getvalue": true,
	"as_posix": true, "resolve": true, "absolute": true, "isoformat": true, "capitalize": true,
	"splitlines": true, "split": true, "tolist": true, "item": true,
}

// name derives the name of toks[lo:hi]; "" when nothing fits.
func (e pyExpr) name(lo, hi, depth int) string {
	if lo >= hi || depth > 16 {
		return ""
	}
	if e.is(lo, tokName, "lambda") {
		return ""
	}
	if in := e.comprehensionSource(lo, hi); in[0] < in[1] {
		// "repr(n) for n in names": named after what it iterates.
		return e.name(in[0], in[1], depth+1)
	}
	lo, hi = e.operand(lo, hi)
	if lo >= hi {
		return ""
	}
	last := e.toks[hi-1]
	switch {
	case hi-lo == 1:
		t := e.toks[lo]
		if t.kind == tokName {
			return trimUnderscores(e.text(t))
		}
		return ""
	case last.kind == tokName && e.is(hi-2, tokOp, "."):
		attr := e.text(last)
		obj := e.name(lo, hi-2, depth+1)
		if strings.HasPrefix(attr, "__") && strings.HasSuffix(attr, "__") && len(attr) > 4 {
			switch attr {
			case "__name__", "__qualname__":
				// type(x).__name__, x.__class__.__name__ → x_type.
				if strings.HasSuffix(obj, "_type") {
					return obj
				}
				if obj == "" {
					return "name"
				}
				return obj + "_name"
			case "__class__":
				if obj == "" {
					return "type"
				}
				return obj + "_type"
			}
			if obj != "" {
				return obj
			}
		}
		if a := trimUnderscores(attr); a != "" {
			return a
		}
		return obj
	case last.kind == tokClose && e.text(last) == ")":
		open := e.openOf(lo, hi-1)
		if open <= lo {
			return e.name(lo+1, hi-1, depth+1) // a parenthesised group
		}
		return e.callName(lo, open, hi-1, depth)
	case last.kind == tokClose && e.text(last) == "]":
		open := e.openOf(lo, hi-1)
		if open <= lo {
			return "" // a list display
		}
		obj := e.name(lo, open, depth+1)
		items := e.split(open+1, hi-1)
		if len(items) != 1 {
			return obj
		}
		k := items[0]
		if k[1]-k[0] == 1 {
			t := e.toks[k[0]]
			switch t.kind {
			case tokString:
				if key := identifierize(pyStringBody(e.text(t))); key != "" {
					return key
				}
			case tokNumber, tokName:
				if obj != "" {
					return identifierize(obj + "_" + e.text(t))
				}
			}
		}
		return obj
	}
	return ""
}

// callName names a call: callee toks[lo:open], arguments toks[open+1:close].
func (e pyExpr) callName(lo, open, close, depth int) string {
	var fn, recv string
	recvLo, recvHi := -1, -1
	if open-lo >= 1 && e.toks[open-1].kind == tokName {
		fn = e.text(e.toks[open-1])
		if open-lo >= 3 && e.is(open-2, tokOp, ".") {
			recvLo, recvHi = lo, open-2
			recv = e.name(lo, open-2, depth+1)
		}
	}
	args := e.split(open+1, close)
	var positional [][2]int
	for _, a := range args {
		if a[1]-a[0] >= 2 && e.toks[a[0]].kind == tokName && e.is(a[0]+1, tokOp, "=") {
			continue // keyword argument
		}
		positional = append(positional, a)
	}
	arg := func(k int) string {
		if k >= len(positional) {
			return ""
		}
		return e.name(positional[k][0], positional[k][1], depth+1)
	}
	switch {
	case fn == "":
		return e.name(lo, open, depth+1)
	case fn == "len" && len(positional) == 1:
		if a := arg(0); a != "" {
			return a + "_len"
		}
		return "len"
	case fn == "type" && len(positional) == 1:
		if a := arg(0); a != "" {
			return a + "_type"
		}
		return "type"
	case fn == "getattr" && len(positional) >= 2:
		p := positional[1]
		if p[1]-p[0] == 1 && e.toks[p[0]].kind == tokString {
			if key := identifierize(pyStringBody(e.text(e.toks[p[0]]))); key != "" {
				return key
			}
		}
		return arg(0)
	case fn == "join" && recvLo >= 0 && e.toks[recvLo].kind == tokString && len(positional) == 1:
		if a := arg(0); a != "" {
			return a
		}
	case fn == "format" && recvLo >= 0 && e.toks[recvLo].kind == tokString:
		return "text"
	case pyTransparent[fn] && len(positional) >= 1:
		if a := arg(0); a != "" {
			return a
		}
	case recv != "" && len(positional) == 0 && pyTransparentMethods[fn]:
		return recv
	case recvHi > recvLo && len(positional) == 0 && (fn == "get" || fn == "pop"):
		return recv
	case (fn == "get" || fn == "pop") && len(positional) >= 1:
		p := positional[0]
		if p[1]-p[0] == 1 && e.toks[p[0]].kind == tokString {
			if key := identifierize(pyStringBody(e.text(e.toks[p[0]]))); key != "" {
				return key
			}
		}
	}
	if n := trimUnderscores(fn); n != "" {
		return n
	}
	return recv
}

// openOf returns the index of the bracket opening the one at close, within
// toks[lo:close], or -1.
func (e pyExpr) openOf(lo, close int) int {
	depth := 0
	for j := close; j >= lo; j-- {
		switch e.toks[j].kind {
		case tokClose:
			depth++
		case tokOpen:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// pyStringBody returns the text between the quotes of a string literal,
// without decoding escapes.
func pyStringBody(lit string) string {
	i := strings.IndexAny(lit, `'"`)
	if i < 0 {
		return ""
	}
	q := lit[i]
	body := lit[i+1:]
	if strings.HasPrefix(body, string([]byte{q, q})) {
		body = body[2:]
		body = strings.TrimSuffix(body, string([]byte{q, q, q}))
	} else {
		body = strings.TrimSuffix(body, string(q))
	}
	return body
}

// identifierize makes text into an identifier: runs of other characters
// become one underscore. "" when nothing remains or the text is long prose.
func identifierize(s string) string {
	if len(s) > 3*maxHoleName {
		return ""
	}
	var b strings.Builder
	pending := false
	for _, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	out := b.String()
	if out == "" {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(out); unicode.IsDigit(r) {
		out = "n" + out
	}
	return out
}

func trimUnderscores(s string) string {
	if strings.HasPrefix(s, "__") && strings.HasSuffix(s, "__") {
		return strings.Trim(s, "_")
	}
	return strings.TrimLeft(s, "_")
}

// clipName shortens a name to maxHoleName bytes, at an underscore when
// there is one in the second half.
func clipName(n string) string {
	n = identifierize(n)
	if n == "" {
		return "value"
	}
	if len(n) <= maxHoleName {
		return n
	}
	cut := maxHoleName
	for cut > 0 && !utf8.RuneStart(n[cut]) {
		cut--
	}
	if k := strings.LastIndexByte(n[:cut], '_'); k > maxHoleName/2 {
		cut = k
	}
	return n[:cut]
}

// pyIntFuncs, pyStrFuncs and pyPathFuncs are callees whose results have a
// known type.
var (
	pyIntFuncs = map[string]bool{
		"len": true, "int": true, "hash": true, "id": true, "ord": true, "count": true,
		"index": true, "find": true, "rfind": true, "tell": true, "fileno": true, "getpid": true,
		"bit_length": true, "sum": true,
	}
	pyStrFuncs = map[string]bool{
		"str": true, "format": true, "join": true, "hex": true, "oct": true, "bin": true,
		"chr": true, "lower": true, "upper": true, "strip": true, "decode": true, "getvalue": true,
		"isoformat": true, "strftime": true, "title": true, "capitalize": true,
		"replace": true, "ljust": true, "rjust": true, "center": true, "zfill": true,
	}
	pyPathFuncs = map[string]bool{
		"fspath": true, "abspath": true, "realpath": true, "normpath": true, "relpath": true,
		"expanduser": true, "getcwd": true, "fsdecode": true, "dirname": true, "basename": true,
	}
)

// PyExprType guesses the type of the value of a Python expression from
// its text, where the code makes it clear: literals, len(), int(),
// float(), repr(), str() and friends, type names (type(x).__name__),
// os.path functions, and variables whose names say they hold a path
// (path, filename, fname, dirname, *_path, *_dir, *_file). It returns ""
// when the text says nothing.
func PyExprType(expr string) errdex.HoleType {
	e := newPyExpr(expr)
	if len(e.toks) == 0 {
		return ""
	}
	lo, hi := e.operand(0, len(e.toks))
	if lo != 0 || hi != len(e.toks) {
		// An operator: only a few are clear.
		if hi < len(e.toks) && e.toks[hi].kind == tokOp && e.text(e.toks[hi]) == "%" && e.toks[lo].kind == tokString {
			return errdex.HoleStr
		}
		return ""
	}
	last := e.toks[hi-1]
	switch {
	case hi-lo == 1 && last.kind == tokNumber:
		s := e.text(last)
		if strings.ContainsAny(s, "jJ") {
			return ""
		}
		if strings.ContainsAny(s, ".eE") && !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
			return errdex.HoleFloat
		}
		return errdex.HoleInt
	case last.kind == tokString && e.toks[lo].kind == tokString:
		return errdex.HoleStr
	case hi-lo == 1 && last.kind == tokName:
		switch s := e.text(last); s {
		case "True", "False":
			return errdex.HoleBool
		default:
			if isPathName(s) {
				return errdex.HolePath
			}
		}
	case last.kind == tokName && e.is(hi-2, tokOp, "."):
		switch attr := e.text(last); {
		case attr == "__name__" || attr == "__qualname__" || attr == "__module__":
			return errdex.HoleStr
		case isPathName(attr):
			return errdex.HolePath
		}
	case last.kind == tokClose && e.text(last) == ")":
		open := e.openOf(lo, hi-1)
		if open <= lo || e.toks[open-1].kind != tokName {
			return ""
		}
		switch fn := e.text(e.toks[open-1]); {
		case fn == "repr" || fn == "ascii" || fn == "saferepr" || fn == "safe_repr" || fn == "_safe_repr":
			return errdex.HoleRepr
		case fn == "float":
			return errdex.HoleFloat
		case fn == "bool" || fn == "isinstance" || fn == "callable" || fn == "hasattr":
			return errdex.HoleBool
		case pyIntFuncs[fn]:
			return errdex.HoleInt
		case pyPathFuncs[fn]:
			return errdex.HolePath
		case pyStrFuncs[fn]:
			return errdex.HoleStr
		}
	}
	return ""
}

// isPathName reports whether a variable or attribute name says it holds a
// file system path.
func isPathName(s string) bool {
	s = strings.ToLower(strings.TrimLeft(s, "_"))
	switch s {
	case "path", "filename", "fname", "filepath", "dirname", "dirpath", "directory", "pathname",
		"fpath", "abspath", "relpath", "fullpath", "realpath", "srcfile", "dstfile":
		return true
	}
	for _, suf := range [...]string{"_path", "_dir", "_file", "_filename", "_dirname", "_fname"} {
		if strings.HasSuffix(s, suf) && len(s) > len(suf) {
			return true
		}
	}
	return false
}

// PySubstitute replaces the free names of a Python expression: every name
// token in repl that is not an attribute (after a dot) or a keyword
// argument's name. A replacement that is not a primary expression is
// parenthesised where it meets an operator or a trailer. It is how a hole
// of a class's message ("len(items)") is rewritten with the arguments of
// the call that raises it ("len(found)").
func PySubstitute(expr string, repl map[string]string) string {
	e := newPyExpr(expr)
	var b strings.Builder
	at := 0
	for i, t := range e.toks {
		if t.kind != tokName {
			continue
		}
		r, ok := repl[e.text(t)]
		if !ok || e.is(i-1, tokOp, ".") || e.is(i+1, tokOp, "=") && (e.is(i-1, tokOp, ",") || e.is(i-1, tokOpen, "(")) {
			continue
		}
		if !e.delimited(i) && !isPyPrimary(r) {
			r = "(" + r + ")"
		}
		b.WriteString(expr[at:t.start])
		b.WriteString(r)
		at = t.end
	}
	if at == 0 {
		return expr
	}
	b.WriteString(expr[at:])
	return b.String()
}

// delimited reports whether token i stands alone between delimiters (the
// start or end of the text, brackets, commas, '=' or ':'), so that any
// expression may replace it without parentheses.
func (e pyExpr) delimited(i int) bool {
	before := i == 0 || e.toks[i-1].kind == tokOpen
	if !before {
		s := e.text(e.toks[i-1])
		before = e.toks[i-1].kind == tokOp && (s == "," || s == "=" || s == ":")
	}
	after := i == len(e.toks)-1 || e.toks[i+1].kind == tokClose
	if !after {
		s := e.text(e.toks[i+1])
		after = e.toks[i+1].kind == tokOp && (s == "," || s == ":")
	}
	return before && after
}

// comprehensionSource returns the token range of the iterable of a
// generator expression's first "for ... in ..." clause within toks[lo:hi],
// or an empty range.
func (e pyExpr) comprehensionSource(lo, hi int) [2]int {
	inFor := false
	start := -1
	for j := lo; j < hi; j++ {
		t := e.toks[j]
		switch {
		case t.kind == tokOpen:
			j = e.match(j)
		case t.kind != tokName:
		case e.text(t) == "for" && start < 0:
			inFor = true
		case e.text(t) == "in" && inFor && start < 0:
			start = j + 1
		case (e.text(t) == "if" || e.text(t) == "for") && start >= 0:
			return [2]int{start, j}
		}
	}
	if start < 0 {
		return [2]int{}
	}
	return [2]int{start, hi}
}
