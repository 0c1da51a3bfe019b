package match

import (
	"bytes"
	"cmp"
	"strings"
)

// Wrapped messages. Code that catches an exception and raises another
// often puts the first one's message inside the second's: raise
// AddressValueError("%s in %r" % (exc, ip_str)). The wrapper's template is
// then mostly an error hole ("{exc} in {ip_str!r}") and matches any text
// weakly, while the inner site's template matches only part of the
// message. When a candidate's error hole holds the whole of another
// candidate's message, the wrapper is credited with that candidate's
// literal text, as if its template spelled the inner message out: the two
// together explain the message, and the wrapper is the raise the user saw.
// A text hole that ends the template counts as an error hole: a message
// that ends with another's is its wrapper whatever the hole's type says
// (text/template's parser prints the lexer's errors as "template: %s:%d:
// %s" of the lexer's text).
//
// Exceptions are caught near where they are raised, so the credit is
// scaled by how close the two sites are: the whole of it within one class,
// less within one file, less again across files; but a value made to be
// passed anywhere (a sentinel, syscall.Errno's table of messages) is
// credited whole wherever it is wrapped (see affinity).
//
// An application often appends a remark to the error it passes on
// (`fmt.Errorf("%w (is another instance running?)", err)`, `raise
// RuntimeError(f"{e} (retry later)")`). When the error hole runs to the
// end of the message, the inner message may be followed there by such a
// remark: the inner site is credited all the same, and the remark counts
// as text no template explains, as it would after any template.
//
// Errors that are values (Go, Rust) turn this around. A wrapper
// (`&url.Error{Op: "parse", URL: u, Err: err}`, `fmt.Errorf("load config:
// %w", err)`, even `panic("regexp: Compile(" + ... + err.Error())`) passes
// on a failure that happened where the inner value was made
// (url.unescape's EscapeError). So when the inner site builds a value, it
// is credited with the wrapper's text and ranks first, the wrapper named
// in its reasons, and a traceback passing the wrapper counts for it too;
// unless the inner site is an Error method (syscall.Errno's table of
// messages), which formats a value made by no indexed code (the kernel
// returned the errno), or a sentinel's definition (`var ErrNotFound =
// errors.New(...)`), a value made once and returned from anywhere: then
// the wrapper is where the failure entered the code, and it keeps the
// credit. So it does when the inner template's text is under
// minInnerShare of the wrapper's: pflag's "invalid argument %q for %q
// flag: %v" holding Go's time error, which a generic "time: %w" of
// another package happens to begin, is no evidence of that package (the
// inner template's text counts with the text of what it wraps in turn).
//
// Layers stack: env's "env: parse error on field %q: %v" holds
// "unable to parse duration: %w", which holds time's "time: unknown unit
// ...". A layer credited by its wrapper passes the credit on with its
// own (see siteCand.chain), so that the value at the bottom is credited
// with every layer above it; compose repeats its pass while a pass
// raises a score, since the candidates come in no particular order.
const (
	// minWrapped is the shortest error-hole capture looked into.
	minWrapped = 8
	// innerMisfit is the type fit (see typeFit) at or below which a
	// capture of a typed hole (a number, repr, path, boolean) shows
	// that an inner template does not hold a wrapper's text: its words
	// happen to occur in it (ipaddress's "{exc} in {ip_str!r}" within
	// jsonschema's "5 is not of type 'string'\n\nFailed validating
	// 'type' in schema: ...", the repr hole holding the rest of the
	// report). Text holes are not judged: an unbalanced bracket there
	// is often the very value that failed (regexp's "missing closing
	// ): `^(\d+`").
	innerMisfit = -0.5
	// minInnerShare is the least literal text an inner value's template
	// must match, as a share of its wrapper's, to rank before it: a
	// generic "time: %w" that happens to begin the text pflag wraps
	// says little of where the failure happened.
	minInnerShare = 0.25
	// Affinity of the wrapper to the wrapped site.
	wrapSameClass = 1.0
	wrapSameFile  = 0.9
	wrapElsewhere = 0.75
)

// maxComposePasses bounds the passes of compose: a chain of layers is
// credited from the outside in, one layer a pass when the candidates come
// in the other order.
const maxComposePasses = 3

// compose credits the candidates whose error holes hold another
// candidate's whole message (see above), raising their text scores, pass
// after pass while a pass raises one (see maxComposePasses).
func (sc *scratch) compose(ix *Index) {
	for range maxComposePasses {
		if !sc.composePass(ix) {
			return
		}
	}
}

// composePass is one pass of compose; it reports whether it raised a text
// score. The other candidate is aligned again against the hole's capture
// alone, since against the whole message its holes may have run past the
// capture.
func (sc *scratch) composePass(ix *Index) bool {
	raised := false
	for i := range sc.found {
		c := &sc.found[i]
		if c.opaque || c.empty || !c.al.ok {
			continue
		}
		sc.parts, _ = ix.decode(c.tmpl, sc.parts[:0])
		for j, p := range sc.parts {
			last := j == len(sc.parts)-1
			if !p.hole || j >= len(c.al.caps) || p.typ != tError && !(last && (p.typ == tStr || p.typ == tAny)) {
				continue
			}
			cp := c.al.caps[j]
			if cp.start < 0 || cp.end-cp.start < minWrapped {
				continue
			}
			best, inner, text, tail := 0.0, -1, 0, float32(0)
			// The hole runs to the end of the message: an appended
			// remark may follow the inner message.
			tailHole := last && int(cp.end) >= sc.msg.noise
			for k := range sc.found {
				if !sc.mayWrap(i, k, cp) {
					continue
				}
				c2 := &sc.found[k]
				credit := sc.credit(ix, c, c2)
				better := credit > best || inner >= 0 && credit == best && ix.innerBefore(c2.site, sc.found[inner].site)
				if !better {
					continue
				}
				if ok, remark := sc.wholeWithin(ix, c2, cp, tailHole); ok {
					best, inner, text, tail = credit, k, sc.subAl.matched, remark
				}
			}
			if inner < 0 {
				continue
			}
			if k, ktext, ktail, ok := sc.construction(ix, i, inner, cp, tailHole); ok {
				// The inner site is an Error method: a construction
				// of its type that explains the same text made the
				// value it formats (mapstructure's
				// &UnconvertibleTypeError{...} in decodeInt, under
				// newDecodeError's "'%s' %s").
				inner, text, tail = k, ktext, ktail
				best = sc.credit(ix, c, &sc.found[k])
			}
			// The inner value's text counts with what it wraps in turn
			// (os's "open {name}: {err}" holding syscall's "no such file
			// or directory", inside env's "could not load content of
			// file {file} ...: {err}").
			innerText := text + sc.found[inner].wrapText
			if !ix.innerFirst(sc.found[inner].site, c.site) || float64(innerText) < minInnerShare*float64(c.al.matched) {
				if t := sc.wrappedScore(c, best, text, tail); t > c.text {
					c.text = t
					c.wrapped = int64(sc.found[inner].site)
					c.wrapText = innerText
					raised = true
				}
				continue
			}
			if innerText > c.wrapText {
				// What c wraps, for its own wrappers (see innerText).
				c.wrapText = innerText
				raised = true
			}
			// The inner value is where it happened: every site making
			// a value of the same text is credited alike (url.parseHost
			// raises "invalid port %q after host" at two places), and
			// so is a construction of the type whose Error method the
			// inner site is, wherever it is (BurntSushi/toml's
			// lx.errorPrevLine(errLexStringNL{}) in lex.go, of
			// errLexStringNL.Error's fixed text in error.go): it made
			// the value the method formats.
			for k := range sc.found {
				c2 := &sc.found[k]
				if k != inner && (!sc.mayWrap(i, k, cp) || !ix.innerFirst(c2.site, c.site) ||
					sc.credit(ix, c, c2) != best && !ix.constructs(c2.site, sc.found[inner].site)) {
					continue
				}
				text, tail := text, tail
				if k != inner {
					ok, remark := sc.wholeWithin(ix, c2, cp, tailHole)
					if !ok {
						continue
					}
					text, tail = sc.subAl.matched, remark
				}
				if t := sc.wrappedScore(c, best, text, tail); t > c2.text {
					c2.text = t
					c2.wrappedBy = int64(c.site)
					c2.chain, c2.chained = c.credited(best, text, tail), true
					raised = true
				}
			}
		}
	}
	return raised
}

// mayWrap reports whether candidate k's matched text lies within the
// capture cp of candidate i's hole, so that i may wrap k.
func (sc *scratch) mayWrap(i, k int, cp capture) bool {
	c, c2 := &sc.found[i], &sc.found[k]
	return k != i && !c2.opaque && !c2.empty && c2.al.ok && c2.al.lo >= cp.start && c2.al.hi <= cp.end && c2.site != c.site
}

// wrappedScore is the text score of wrapper c with credit bytes of an inner
// template's text in its hole, text of them matched, and a remark costing
// tail after it: the wrapped template's text is matched text of the
// wrapper's, no longer a capture; the remark is unexplained text.
func (sc *scratch) wrappedScore(c *siteCand, credit float64, text int, tail float32) float64 {
	al := c.credited(credit, text, tail)
	return al.textScore(sc.msg.truncated)
}

// credited is wrapper c's alignment, as its own wrappers credited it when
// they did (a chain: env's "parse error on field %q: %v" around
// "unable to parse duration: %w" around time's "time: unknown unit"),
// with credit bytes of an inner template's text in its hole (see
// wrappedScore). Its captures are not copied.
func (c *siteCand) credited(credit float64, text int, tail float32) alignment {
	al := c.al
	if c.chained {
		al = c.chain
	}
	al.caps = nil
	al.matched += int(credit)
	al.total += int(credit)
	al.captured = max(0, al.captured-text-int(tail))
	al.unexplained += tail
	return al
}

// innerBefore reports whether inner site a is likelier than b to be the one
// a wrapper's hole holds, when both explain the same text: a construction
// of a type rather than that type's Error method, which only formats what
// the construction made (`newParseError(...)` in time.parse before
// ParseError.Error); an Error method's table of system messages rather
// than another value copying one (syscall.Errno's "invalid argument"
// before oserror's ErrInvalid); else the one with the stronger prior
// (Linux's errno table before js/wasm's copy of it).
func (ix *Index) innerBefore(a, b uint32) bool {
	fa, fb := ix.sites[a].flags&flagFormatter != 0, ix.sites[b].flags&flagFormatter != 0
	if fa != fb {
		if ix.sameErrorType(a, b) {
			return !fa
		}
		return fa
	}
	return ix.priorRank(a) > ix.priorRank(b)
}

// constructs reports whether site a constructs a value of the type whose
// Error method is site f.
func (ix *Index) constructs(a, f uint32) bool {
	return ix.sites[f].flags&flagFormatter != 0 && ix.sites[a].flags&flagFormatter == 0 && ix.sameErrorType(a, f)
}

// construction returns, when candidate inner, chosen as what candidate
// i's hole holds (capture cp), is an Error method, a candidate that
// constructs a value of its type (not a sentinel) and explains the
// capture whole too, with its matched text and remark cost.
func (sc *scratch) construction(ix *Index, i, inner int, cp capture, tailHole bool) (int, int, float32, bool) {
	f := sc.found[inner].site
	if ix.sites[f].flags&flagFormatter == 0 {
		return 0, 0, 0, false
	}
	for k := range sc.found {
		c2 := &sc.found[k]
		if k == inner || !sc.mayWrap(i, k, cp) || ix.sites[c2.site].flags&flagSentinel != 0 || !ix.constructs(c2.site, f) {
			continue
		}
		if ok, remark := sc.wholeWithin(ix, c2, cp, tailHole); ok {
			return k, sc.subAl.matched, remark, true
		}
	}
	return 0, 0, 0, false
}

// sameErrorType reports whether sites a and b name the same error type,
// pointer or not (*time.ParseError and time.ParseError).
func (ix *Index) sameErrorType(a, b uint32) bool {
	ta := strings.TrimPrefix(ix.str(ix.sites[a].exc), "*")
	tb := strings.TrimPrefix(ix.str(ix.sites[b].exc), "*")
	return ta != "" && ta == tb
}

// innerFirst reports whether the wrapped site inner, rather than its
// wrapper, is where the failure happened (see above). Of two formatters,
// neither making the error, the inner one says what failed: serde_json's
// ErrorCode arm "EOF while parsing a value" under ErrorImpl's "{code} at
// line {line} column {column}".
func (ix *Index) innerFirst(inner, wrapper uint32) bool {
	in, out := ix.sites[inner].flags, ix.sites[wrapper].flags
	if in&flagFormatter != 0 && out&flagFormatter != 0 {
		return true
	}
	return in&flagValue != 0 && in&(flagFormatter|flagSentinel) == 0
}

// wholeWithin reports whether candidate c's template matches the span cp
// of the message whole: all its text, nothing else, no cut. With remark,
// the span may go on after the template's last literal with a remark
// (see above), whose cost as unexplained text is returned.
func (sc *scratch) wholeWithin(ix *Index, c *siteCand, cp capture, remark bool) (bool, float32) {
	sc.inner, _ = ix.decode(c.tmpl, sc.inner[:0])
	full := sc.msg
	sub := text{
		cased: full.cased[cp.start:cp.end], folded: full.folded[cp.start:cp.end],
		start: full.start[cp.start:cp.end], end: full.end[cp.start:cp.end],
		noise: int(cp.end - cp.start),
	}
	sc.msg = sub
	ok := sc.align(sc.inner, &sc.subAl)
	sc.msg = full
	al := &sc.subAl
	if !ok || !al.ok || al.total == 0 || al.matched != al.total || al.truncTail != 0 || al.partial {
		return false, 0
	}
	if sc.typedMisfit(sub) {
		return false, 0
	}
	if al.unexplained < 1 {
		return true, 0
	}
	if !remark || al.hi < 0 || int(al.hi) >= len(sub.cased) {
		return false, 0
	}
	after := sub.cased[al.hi:]
	if len(bytes.TrimSpace(after)) == 0 || after[0] != ' ' {
		return false, 0 // a remark is set apart by a space
	}
	cost := suffixCost(after)
	if al.unexplained-cost >= 1 {
		return false, 0 // more text unexplained than the remark
	}
	return true, cost
}

// typedMisfit reports whether a capture of a typed hole of the template
// last aligned into sc.subAl (sc.inner) cannot be of its type (see
// innerMisfit); sub is the text it was aligned against.
func (sc *scratch) typedMisfit(sub text) bool {
	for i, p := range sc.inner {
		if !p.hole || i >= len(sc.subAl.caps) {
			continue
		}
		switch p.typ {
		case tInt, tFloat, tRepr, tPath, tBool:
		default:
			continue
		}
		cp := sc.subAl.caps[i]
		if cp.start < 0 || int(cp.end) > len(sub.cased) {
			continue
		}
		if typeFit(p.typ, sub.folded[cp.start:cp.end]) <= innerMisfit {
			return true
		}
	}
	return false
}

// credit is what wrapper c gains from holding inner candidate c2's whole
// text: that text's length, scaled by how close the two sites are.
func (sc *scratch) credit(ix *Index, c, c2 *siteCand) float64 {
	return float64(c2.al.total) * ix.affinity(c.site, c2.site, c2.al.captured == 0)
}

// affinity grades how close wrapper a is to the inner site b (see above).
// A fixed message of a value made to be passed anywhere (a sentinel's, or
// an Error method's table of system messages: fixed says the alignment
// captured nothing) is as close to every wrapper: `&PathError{Op: "read",
// Err: err}` in os holds syscall's "is a directory" as surely as a
// literal spelled out elsewhere does.
func (ix *Index) affinity(a, b uint32, fixed bool) float64 {
	ra, rb := ix.sites[a], ix.sites[b]
	if fixed && rb.flags&flagValue != 0 && rb.flags&(flagFormatter|flagSentinel) != 0 {
		return wrapSameClass
	}
	if ra.file != rb.file {
		return wrapElsewhere
	}
	ca, cb := className(ix.str(ra.function)), className(ix.str(rb.function))
	if ca != "" && ca == cb {
		return wrapSameClass
	}
	return wrapSameFile
}

// className is the qualifier of a function's name ("_BaseV4" for
// "_BaseV4._parse_octet"), or "" for a plain function.
func className(fn string) string {
	if i := strings.LastIndexByte(fn, '.'); i > 0 {
		return fn[:i]
	}
	return ""
}

// Pass-through wrappers. Code often catches an exception and raises
// another type with the caught one's message as its whole message: Java's
// `throw new IllegalArgumentException(x.getMessage(), x)` in URI.create
// around URI.Parser's URISyntaxException, Python's `raise ConfigError(str(e))
// from e`. The wrapper's template is one error hole and names no words;
// the printed type is the wrapper's, the text the inner site's. When the
// query names a type the site matching its text does not raise, the sites
// of that file that raise the query's type with a lone error hole are
// its wrappers: each is credited with the inner site's text score, scaled
// by affinity, so that the type and the text agree on it. Only the inner
// site's own file is searched: exceptions are caught near where they are
// raised, and a lone error hole elsewhere says nothing of this text.
const (
	// maxPassScan bounds the sites of a file looked at for wrappers.
	maxPassScan = 512
	// maxPassWrappers bounds the wrappers credited for one query.
	maxPassWrappers = 4
	// maxPassElsewhere bounds the sites raising the query's type with
	// no words, anywhere, among which wrappers outside the inner site's
	// file are looked for (a type raised more often says little), and
	// maxElsewhereWrappers the wrappers credited there.
	maxPassElsewhere     = 64
	maxElsewhereWrappers = 16
)

// passThrough credits the pass-through wrappers of the best candidate
// whose whole text the message shows but whose type differs from the
// query's exception (see above).
func (sc *scratch) passThrough(ix *Index, exception string) {
	if exception == "" {
		return
	}
	inner := -1
	for i := range sc.found {
		c := &sc.found[i]
		if c.opaque || c.empty || !c.al.ok || c.al.matched != c.al.total {
			continue
		}
		rec := ix.sites[c.site]
		if c.al.unexplained >= 1 && !sc.typePrefixed(ix, rec, c) {
			continue
		}
		if lvl, ok := excAgreement(exception, ix.str(rec.exc), ix.str(rec.excQ)); !ok || lvl > 0 {
			continue
		}
		if inner < 0 || c.text > sc.found[inner].text {
			inner = i
		}
	}
	if inner < 0 {
		return
	}
	in := sc.found[inner]
	f := ix.files[ix.sites[in.site].file]
	run := ix.fileSites[f.first : f.first+f.n]
	credited, ok := sc.creditWrappers(ix, exception, in, run[:min(len(run), maxPassScan)], maxPassWrappers, 0)
	if credited > 0 || !ok {
		return
	}
	// None in its file: the wrappers elsewhere in its repository of a
	// rarely raised type that names its module (Gson's fromJson throwing
	// new JsonSyntaxException(e) around JsonReader's EOFException). A
	// built-in type printed bare (Python's ValueError, raised with
	// str(exc) by tkinter) says nothing of where it was raised. Such a
	// type, printed, says the wrapper raised the error more surely than
	// nearness would: the credit is scaled as within a file
	// (packaging's Requirement raising InvalidRequirement(str(e)) around
	// the tokenizer's ParserSyntaxError, in another module).
	if !isQualified(exception) || pyBuiltin(shortName(exception)) != "" {
		return
	}
	if opaque := ix.opaque[shortName(exception)]; len(opaque) <= maxPassElsewhere {
		repo := ix.str(ix.files[ix.sites[in.site].file].repo)
		sc.pass = sc.pass[:0]
		for _, s := range opaque {
			if ix.str(ix.files[ix.sites[s].file].repo) == repo {
				sc.pass = append(sc.pass, s)
			}
		}
		sc.creditWrappers(ix, exception, in, sc.pass, maxElsewhereWrappers, wrapSameFile)
	}
}

// typePrefixed reports whether all that candidate c's template leaves of
// the message before it, and all it leaves unexplained, is the type its
// site raises and ": ": the inner error printed whole, as Java's
// Throwable(cause) makes its message (cause.toString():
// "java.io.EOFException: End of input at line 1 column 5").
func (sc *scratch) typePrefixed(ix *Index, rec siteRec, c *siteCand) bool {
	if c.al.lo <= 0 || c.al.unexplained > prefixCost(sc.msg.cased[:c.al.lo])+0.5 {
		return false // no prefix, or text unexplained besides it
	}
	prefix := strings.TrimSuffix(string(sc.msg.cased[:c.al.lo]), ": ")
	exc, q := ix.str(rec.exc), ix.str(rec.excQ)
	return prefix == exc || prefix == q || shortName(prefix) == shortName(cmp.Or(q, exc)) && isIdentPath(prefix)
}

// creditWrappers credits the sites of run that raise exception with a
// lone error hole as pass-through wrappers of candidate in (see above), at
// most limit of them, scaling the credit by their affinity to in, or by
// minAffinity when that is more. It returns how many it credited, and
// false when the search budget ran out.
func (sc *scratch) creditWrappers(ix *Index, exception string, in siteCand, run []uint32, limit int, minAffinity float64) (int, bool) {
	credited := 0
	for _, s := range run {
		if credited == limit {
			break
		}
		rec := ix.sites[s]
		if lvl, ok := excAgreement(exception, ix.str(rec.exc), ix.str(rec.excQ)); !ok || lvl < 1 || !sc.loneErrorHole(ix, rec) {
			continue
		}
		if !sc.verifySite(ix, s) {
			return credited, false
		}
		c := &sc.found[sc.bySite[s]]
		if t := in.text * max(minAffinity, ix.affinity(s, in.site, false)); t > c.text {
			c.text, c.wrapped, c.passOn = t, int64(in.site), true
		}
		credited++
	}
	return credited, true
}

// loneErrorHole reports whether site rec's template is one error hole:
// another error's message, whole.
func (sc *scratch) loneErrorHole(ix *Index, rec siteRec) bool {
	sc.inner, _ = ix.decode(rec.tmpl, sc.inner[:0])
	return len(sc.inner) == 1 && sc.inner[0].hole && sc.inner[0].typ == tError
}
