package trace

import "strings"

// IPython and Jupyter print Python tracebacks in their own form:
//
//	---------------------------------------------------------------------------
//	JSONDecodeError                           Traceback (most recent call last)
//	Cell In[3], line 1
//	----> 1 load('{"a": 1,}')
//
//	File ~/lib/python3.11/json/decoder.py:353, in JSONDecoder.raw_decode(self, s, idx)
//	    352 try:
//	--> 353     obj, end = self.scan_once(s, idx)
//
//	JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 9 (char 8)
//
// IPython 7 and older print a frame as "/path/x.py in func(args)" (or
// "<ipython-input-3-1a2b> in <module>") with the line only in the "---->"
// marker.

// isIPythonHeader reports whether tt reads "TypeName   Traceback (most
// recent call last)".
func isIPythonHeader(tt string) bool {
	head, ok := strings.CutSuffix(tt, "Traceback (most recent call last)")
	if !ok || !strings.HasSuffix(head, "  ") {
		return false
	}
	return isDottedIdent(strings.TrimSpace(head))
}

// parseIPythonFrame parses an IPython frame header line.
func parseIPythonFrame(t string) (Frame, bool) {
	if rest, ok := strings.CutPrefix(t, "File "); ok {
		loc, fn, _ := strings.Cut(rest, ", in ")
		path, n, _, ok := splitLocation(loc)
		if !ok {
			return Frame{}, false
		}
		return Frame{Path: path, Line: n, Function: goFunctionName(fn)}, true
	}
	if rest, ok := strings.CutPrefix(t, "Cell In["); ok {
		cell, num, ok := strings.Cut(rest, "], line ")
		n, isNum := atoi(num)
		if !ok || !isNum {
			return Frame{}, false
		}
		return Frame{Path: "Cell In[" + cell + "]", Line: n}, true
	}
	// IPython 7: "/path/x.py in func(args)" or "<ipython-input-3-1a2b> in <module>".
	path, fn, ok := strings.Cut(t, " in ")
	if !ok || strings.ContainsAny(path, " \t") || !(strings.HasSuffix(path, ".py") || strings.HasPrefix(path, "<ipython-input-")) {
		return Frame{}, false
	}
	return Frame{Path: path, Function: goFunctionName(fn)}, true
}

// ipythonSource parses a numbered source line "    346     return x" or
// "--> 346     return x"; marked reports the "-->" arrow.
func ipythonSource(t string) (n int, code string, marked, ok bool) {
	s := strings.TrimLeft(t, " ")
	if strings.HasPrefix(s, "-") {
		k := strings.IndexByte(s, '>')
		if k < 0 || strings.Trim(s[:k], "-") != "" {
			return 0, "", false, false
		}
		s, marked = strings.TrimLeft(s[k+1:], " "), true
	}
	num, code, _ := strings.Cut(s, " ")
	n, ok = atoi(num)
	return n, strings.TrimSpace(code), marked, ok
}

// ipython parses an IPython traceback whose header is ls[i].
func (p *parser) ipython(ls []line, i int) int {
	j := i + 1
	var frames []Frame
	for j < len(ls) {
		t := ls[j].text
		if ls[j].blank() {
			j++
			continue
		}
		f, ok := parseIPythonFrame(t)
		if !ok {
			break
		}
		j++
		for j < len(ls) {
			u := ls[j].text
			if strings.TrimSpace(u) == "(...)" {
				j++
				continue
			}
			n, code, marked, ok := ipythonSource(u)
			if !ok {
				break
			}
			if marked {
				f.Source = code
				if f.Line == 0 {
					f.Line = n
				}
			}
			j++
		}
		frames = append(frames, f)
	}
	e := Exception{Language: Python, Kind: KindException, Frames: frames, Line: int(ls[i].no)}
	e.Type = strings.TrimSpace(strings.TrimSuffix(ls[i].trimmed(), "Traceback (most recent call last)"))
	if j < len(ls) && indent(ls[j].text) == 0 {
		if typ, msg, ok := splitPyException(ls[j].text); ok {
			e.Type, e.Message, e.Line = typ, msg, int(ls[j].no)
			var more []string
			j, more = pyContinuation(ls, j+1)
			if len(more) > 0 {
				e.Message += "\n" + strings.Join(more, "\n")
			}
		}
	}
	p.add(e)
	return j
}
