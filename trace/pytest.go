package trace

import "strings"

// pytest prints failures in its own forms (--tb=long, the default; short;
// line). A failure is a run of frames, each a "path.py:12: ..." location
// line, with the failing source line marked ">" (long) or printed under the
// location (short), and the exception on "E   " lines:
//
//	    def test_json():
//	>       json.loads("[1, 2,]")
//
//	test_sample.py:17:
//	_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
//	...
//	E           json.decoder.JSONDecodeError: Expecting value: line 1 column 7 (char 6)
//
//	/usr/lib/python3.11/json/decoder.py:355: JSONDecodeError
//
// --tb=native prints ordinary Python tracebacks, handled by pyTraceback.

// maxPytestRegion bounds the lines one pytest failure region may span.
const maxPytestRegion = 20000

// isPytestRule reports whether tt is one of pytest's rules: a test header
// "____ test_x ____", a frame separator "_ _ _ _", a section "==== ... ====",
// or a captured-output header "---- Captured stdout call ----".
func isPytestRule(tt string) bool {
	if len(tt) < 6 {
		return false
	}
	switch tt[0] {
	case '_':
		return strings.HasPrefix(tt, "___") && strings.HasSuffix(tt, "___") || strings.HasPrefix(tt, "_ _ _")
	case '=':
		return strings.HasPrefix(tt, "===") && strings.HasSuffix(tt, "===")
	case '-':
		return strings.HasPrefix(tt, "---") && strings.HasSuffix(tt, "---") && strings.Contains(tt, " Captured ")
	}
	return false
}

// isPytestE reports whether t is one of pytest's "E   " exception lines.
func isPytestE(t string) bool {
	return t == "E" || strings.HasPrefix(t, "E ")
}

// isPytestArrow reports whether t is pytest's "> " failing-line marker.
func isPytestArrow(t string) bool {
	return strings.HasPrefix(t, "> ") && strings.TrimSpace(t[1:]) != ""
}

// pytestLocation is a parsed "path.py:12: ..." line.
type pytestLocation struct {
	path     string
	line     int
	function string // "in func" (--tb=short)
	typ      string // the exception type ending a --tb=long failure
	msg      string // --tb=line: "path:12: Type: message"
	hasMsg   bool
}

// parsePytestLocation parses "path.py:12:", "path.py:12: in func",
// "path.py:12: Type" and "path.py:12: Type: message". The path must end in
// ".py" and the line must not be indented.
func parsePytestLocation(t string) (pytestLocation, bool) {
	if t == "" || t[0] == ' ' || t[0] == '\t' {
		return pytestLocation{}, false
	}
	k := strings.Index(t, ".py:")
	if k <= 0 {
		return pytestLocation{}, false
	}
	loc := pytestLocation{path: t[:k+3]}
	rest := t[k+4:]
	num, after, ok := strings.Cut(rest, ":")
	if !ok {
		return pytestLocation{}, false
	}
	n, ok := atoi(num)
	if !ok || n == 0 || strings.ContainsAny(loc.path, " \t") {
		return pytestLocation{}, false
	}
	loc.line = n
	after = strings.TrimSpace(after)
	switch {
	case after == "":
	case strings.HasPrefix(after, "in "):
		loc.function = strings.TrimPrefix(after, "in ")
	default:
		typ, msg, ok := splitPyException(after)
		if !ok {
			return pytestLocation{}, false
		}
		loc.typ = typ
		if strings.Contains(after, ":") {
			loc.msg, loc.hasMsg = msg, true
		}
	}
	return loc, true
}

// pytestDef returns the function name of a "def name(" line.
func pytestDef(tt string) string {
	rest, ok := strings.CutPrefix(tt, "def ")
	if !ok {
		rest, ok = strings.CutPrefix(tt, "async def ")
	}
	if !ok {
		return ""
	}
	name, _, ok := strings.Cut(rest, "(")
	if !ok || !isDottedIdent(name) {
		return ""
	}
	return name
}

// pytest parses a pytest failure region starting at ls[i].
func (p *parser) pytest(ls []line, i int) int {
	t := ls[i].text
	tt := ls[i].trimmed()
	loc, isLoc := parsePytestLocation(t)
	header := strings.HasPrefix(tt, "___") && strings.HasSuffix(tt, "___") && len(tt) > 6
	if !(isPytestE(t) && strings.TrimSpace(t[1:]) != "" || isPytestArrow(t) || isLoc || header) || i < p.pytestNoneUntil {
		return i
	}
	if isLoc && loc.hasMsg { // --tb=line
		p.add(Exception{Language: Python, Kind: KindException, Type: loc.typ, Message: loc.msg,
			Frames: []Frame{{Path: loc.path, Line: loc.line}}, Line: int(ls[i].no)})
		return i + 1
	}
	r := pytestRegion{p: p}
	before := len(p.rep.Exceptions)
	done := func(j int) int {
		if len(p.rep.Exceptions) == before {
			p.pytestNoneUntil = j
			return i // nothing recognised: let the other parsers try
		}
		return max(j, i+1)
	}
	if !header {
		r.def = lookBackDef(ls, i)
	}
	j := i
	if header {
		j++
	}
	for ; j < len(ls) && j-i < maxPytestRegion; j++ {
		l := &ls[j]
		t, tt := l.text, l.trimmed()
		switch {
		case isPytestRule(tt) && !strings.HasPrefix(tt, "_ _ _"),
			strings.HasPrefix(tt, "Traceback (most recent call last):"),
			strings.HasPrefix(t, "FAILED "), strings.HasPrefix(t, "ERROR "):
			r.emit()
			return done(j)
		case strings.HasPrefix(tt, "_ _ _"):
			r.def, r.src = "", ""
		case tt == pyContextMarker || tt == pyCauseMarker:
			r.emit()
			link := LinkContext
			if tt == pyCauseMarker {
				link = LinkCause
			}
			p.pending = &pendingLink{link, -1}
		case isPytestE(t):
			r.addE(t, int(l.no))
		case isPytestArrow(t):
			r.src = strings.TrimSpace(t[1:])
		default:
			if loc, ok := parsePytestLocation(t); ok {
				if loc.hasMsg {
					r.emit()
					return done(j) // a --tb=line entry: the main loop takes it
				}
				f := Frame{Path: loc.path, Line: loc.line, Function: loc.function, Source: r.src}
				if f.Function == "" {
					f.Function = r.def
				}
				if loc.function != "" && j+1 < len(ls) && indent(ls[j+1].text) > 0 && !isPytestE(ls[j+1].text) {
					f.Source = strings.TrimSpace(ls[j+1].text) // --tb=short prints the line under its location
					j++
				}
				if len(r.eLines) > 0 && loc.function != "" {
					r.emit() // a new short-form failure after the last one's E lines
				}
				r.frames = append(r.frames, f)
				r.src = ""
				if loc.typ != "" {
					r.typ, r.locNo = loc.typ, int(l.no)
					r.emit()
				}
				continue
			}
			if d := pytestDef(tt); d != "" {
				r.def = d
			}
		}
	}
	r.emit()
	return done(j)
}

// lookBackDef finds the "def" line of the failing function above a pytest
// region that did not start at a test header (at most 100 lines back).
func lookBackDef(ls []line, i int) string {
	for k := i - 1; k >= 0 && i-k <= 100; k-- {
		tt := ls[k].trimmed()
		if d := pytestDef(tt); d != "" {
			return d
		}
		if isPytestRule(tt) {
			break
		}
		if _, ok := parsePytestLocation(ls[k].text); ok {
			break
		}
	}
	return ""
}

// pytestRegion accumulates one failure.
type pytestRegion struct {
	p      *parser
	frames []Frame
	eLines []string
	eWidth int
	eLine  int
	src    string
	def    string
	typ    string // from the final location line
	locNo  int    // the input line of that location
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// addE adds an "E" line, removing the "E" and the indentation of the first
// E line of the block (later lines keep any deeper indentation).
func (r *pytestRegion) addE(t string, no int) {
	rest := t[1:]
	w := indent(rest)
	if len(r.eLines) == 0 {
		r.eWidth, r.eLine = w, no
	}
	rest = rest[min(w, r.eWidth):]
	r.eLines = append(r.eLines, rest)
}

// emit adds the accumulated failure, if it has E lines or a typed final
// location, and resets the region.
func (r *pytestRegion) emit() {
	defer func() { r.frames, r.eLines, r.typ, r.src, r.def, r.eLine = nil, nil, "", "", "", 0 }()
	if len(r.eLines) == 0 && r.typ == "" {
		return
	}
	e := Exception{Language: Python, Kind: KindException, Frames: r.frames, Line: r.eLine}
	switch typ, m, ok := splitPyException(first(r.eLines)); {
	case ok && (r.typ == "" || typ == r.typ || strings.HasSuffix(typ, "."+r.typ)):
		e.Type = typ
		e.Message = strings.Join(append([]string{m}, r.eLines[1:]...), "\n")
	default:
		e.Type, e.Message = r.typ, strings.Join(r.eLines, "\n")
	}
	if e.Line == 0 {
		e.Line = r.locNo
	}
	r.p.add(e)
}
