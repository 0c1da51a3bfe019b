package match

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// reasons says in words why candidate c matched.
func (ix *Index) reasons(sc *scratch, c *siteCand, q Query, exception string) []string {
	rec := ix.sites[c.site]
	out := make([]string, 0, 4) // a frame, the text, the type, one more
	if c.frameAt >= 0 {
		fr := q.Frames[c.frameAt]
		where := ix.str(ix.files[rec.file].path)
		if fr.Line > 0 { // a Java frame may print none: (Unknown Source)
			where = fmt.Sprintf("%s:%d", where, fr.Line)
		}
		switch {
		case c.caller:
			out = append(out, fmt.Sprintf("frame %d of the traceback (%s) is at this site, whose message the raise inside it passes on", c.frameAt+1, where))
		case c.frame == frameAtRaise:
			if sc.built > 0 && c.frameAt == 0 && rec.flags&flagViaLookup != 0 {
				out = append(out, fmt.Sprintf("frame %d of the traceback (%s) is this lookup, which the frame inside it (%s) failed", sc.built+1, where, sc.builder))
				break
			}
			if sc.built > 0 && c.frameAt == 0 {
				out = append(out, fmt.Sprintf("frame %d of the traceback (%s) is this raise, of the exception the frames inside it built (%s)", sc.built+1, where, sc.builder))
				break
			}
			out = append(out, fmt.Sprintf("the innermost frame (%s) is this raise", where))
		case c.frame == frameNearRaise:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is %d line(s) from this raise", where, ix.distance(c.site, fr)))
		case c.frame == frameSameFunction:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is in this function", where))
		case c.frame == frameSameFile:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is in this file", where))
		case c.frame == outerFrameAtSite:
			out = append(out, fmt.Sprintf("frame %d of the traceback (%s) is at this site", c.frameAt+1, where))
		default:
			out = append(out, fmt.Sprintf("the traceback passes through this file (%s)", where))
		}
	}
	al := &c.al
	switch {
	case c.empty && sc.msg.len() == 0:
		out = append(out, "the site raises the exception without a message")
	case c.empty:
		out = append(out, "the site raises the exception without a message, and this one has a message")
	case c.passOn:
		out = append(out, "the template is the message of the error it wraps")
	case c.opaque:
		out = append(out, "the template is all values: it is known by its place, not its text")
	case al.matched == al.total && al.unexplained < 1:
		out = append(out, "the message matches the template")
	case al.matched == al.total && c.wrappedBy >= 0:
		// The text around it is the wrapper's (said below).
		out = append(out, "the message holds the template whole")
	default:
		s := fmt.Sprintf("the message matches %d%% of the template's text", 100*al.matched/max(1, al.total))
		if al.truncTail > 0 {
			s += "; the message stops before the template's end"
		}
		if al.unexplained >= 1 {
			s += fmt.Sprintf("; %d characters of the message are other text", int(al.unexplained+0.5))
		}
		out = append(out, s)
	}
	if c.wrapped >= 0 {
		w := ix.sites[c.wrapped]
		out = append(out, "it wraps the message raised at "+ix.siteWhere(w))
	}
	if c.wrappedBy >= 0 {
		w := ix.sites[c.wrappedBy]
		out = append(out, "the message around it was added by the wrapper at "+ix.siteWhere(w))
	}
	if c.excOK {
		written := cmp.Or(ix.str(rec.excQ), ix.str(rec.exc))
		switch {
		case c.exc == 1:
			out = append(out, fmt.Sprintf("the exception type %s agrees", exception))
		case c.exc > 0:
			out = append(out, fmt.Sprintf("the exception type %s agrees with %s by name", exception, written))
		default:
			out = append(out, fmt.Sprintf("the exception type differs: the message says %s, the site raises %s", exception, written))
		}
	}
	if q.Repo != "" && c.repo == 1 {
		out = append(out, fmt.Sprintf("the repository is %s", ix.str(rec.repo)))
	}
	return out
}

// notRaised says where an error comes from whose innermost frame, in an
// indexed file of family fam, is at no raise. Python and C code call
// compiled code; Java and JavaScript record a stack where an error object
// is created, so such a frame is a factory returning it to a caller that
// throws it, or a call into the runtime's built-in code; Go's runtime
// panics in the frame that failed.
func notRaised(fam family) string {
	switch fam {
	case famJava, famJS:
		return "the error was created there and thrown further up (a factory returns it to its caller), or the runtime's built-in code called there threw it"
	case famGo:
		return "the Go runtime raised it there (an index out of range, a nil dereference, a failed conversion), or code that is not indexed did"
	}
	return "this error comes from compiled code called there"
}

// noMatch explains an empty result.
func (ix *Index) noMatch(sc *scratch, q Query, exception string, innermost bool) string {
	if len(sc.frames) > 0 {
		ff := sc.innermostFile(ix, q.Frames)
		fr := q.Frames[ff.frame]
		where := fmt.Sprintf("%s:%d%s", ix.str(ix.files[ff.file].path), fr.Line, inFunction(fr.Function))
		atRaise := len(ix.sitesNear(ff.file, fr, 0, nil)) > 0
		switch {
		case innermost && !atRaise:
			r := fmt.Sprintf("the innermost frame %s is not a raise: %s", where, notRaised(frameFamily(cleanPath(fr.Path))))
			if tw, fam := ix.twin(sc); tw != "" && fam == famPython {
				r += "; " + tw + " raises the same message in Python: it may be the compiled code's pure-Python equivalent"
			} else if tw != "" {
				r += "; " + tw + " raises the same message elsewhere"
			}
			return r
		case innermost:
			return fmt.Sprintf("the innermost frame %s is a raise whose message does not match this one", where)
		default:
			return fmt.Sprintf("the error was raised in %s, which is not indexed; the nearest indexed frame is %s",
				cmp.Or(cleanPath(q.Frames[0].Path), "a file that is not named"), where)
		}
	}
	if sc.msg.len() == 0 {
		if exception != "" {
			return fmt.Sprintf("no indexed site raises %s without a message", exception)
		}
		if len(q.Frames) > 0 {
			return "the message is empty and no frame of the traceback lies in an indexed file"
		}
		return "the message is empty"
	}
	if sc.stats.Words == 0 {
		return fmt.Sprintf("no indexed template contains the words %s", ix.someWords(sc))
	}
	if len(sc.found) > 0 && sc.found[0].alien && sc.found[0].text >= DefaultMinScore {
		c := &sc.found[0]
		rec := ix.sites[c.site]
		printed := familyName(stackFamilies(q.Frames) | siteFamily(q.Language))
		why := fmt.Sprintf("the error was printed by %s code, which does not call it", printed)
		if len(q.Frames) > 0 {
			why = fmt.Sprintf("the traceback shows %s code, which does not call it", printed)
		}
		if pyBuiltinName(exception) && rec.family == famGo {
			why = fmt.Sprintf("Go code raises no %s", exception)
		}
		return fmt.Sprintf("the message matches %s, but that is %s code: %s", ix.siteWhere(rec), familyName(rec.family), why)
	}
	if len(sc.found) > 0 && sc.found[0].offStack && sc.found[0].text >= DefaultMinScore {
		c := &sc.found[0]
		rec := ix.sites[c.site]
		return fmt.Sprintf("the message matches %s, but the traceback does not pass there: the error was raised by other code with the same message (compiled code?)",
			ix.siteWhere(rec))
	}
	if len(sc.found) > 0 {
		c := &sc.found[0]
		rec := ix.sites[c.site]
		return fmt.Sprintf("no indexed template matches the message well enough: the closest, %s:%d, scores %.2f",
			ix.str(ix.files[rec.file].path), rec.line, c.score)
	}
	return fmt.Sprintf("no indexed template matches the message: templates hold its words %s, but not its text", ix.knownWords(sc))
}

// knownWords lists up to five of the message's rarest words that templates
// hold, quoted.
func (ix *Index) knownWords(sc *scratch) string {
	var words []string
	for _, t := range sc.qtoks[:min(len(sc.qtoks), 5)] {
		words = append(words, fmt.Sprintf("%q", ix.arena[ix.tokOff[t.id]:ix.tokOff[t.id]+uint32(ix.tokLen[t.id])]))
	}
	return strings.Join(words, ", ")
}

func inFunction(fn string) string {
	if fn == "" {
		return ""
	}
	return " in " + fn
}

// someWords lists up to five of the message's longest words, quoted.
func (ix *Index) someWords(sc *scratch) string {
	var words []string
	seen := map[string]bool{}
	f := unsafeString(sc.msg.cased)
	eachToken(f, false, false, func(start, end int) {
		if w := f[start:end]; len(w) > 2 && !seen[w] && len(seen) < 256 {
			seen[w] = true
			words = append(words, w)
		}
	})
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	words = words[:min(len(words), 5)]
	for i, w := range words {
		words[i] = fmt.Sprintf("%q", w)
	}
	if len(words) == 0 {
		return "of the message"
	}
	return strings.Join(words, ", ")
}

// twinText is the text score from which a site's template is taken to
// hold the message itself, not just resemble it.
const twinText = 0.9

// twin names the best candidate whose template holds the message, as
// "path:line in function", with its language family, or "": when compiled
// code raised the error, a site with the same message is most often the
// pure-Python version of that code (json's scanner, datetime, heapq),
// which shows what it checks.
func (ix *Index) twin(sc *scratch) (string, family) {
	for i := range sc.found {
		if c := &sc.found[i]; c.text >= twinText && !c.opaque && !c.empty {
			rec := ix.sites[c.site]
			return ix.siteWhere(rec), rec.family
		}
	}
	return "", 0
}

// siteWhere names site rec as "path:line in function".
func (ix *Index) siteWhere(rec siteRec) string {
	return fmt.Sprintf("%s:%d%s", ix.str(ix.files[rec.file].path), rec.line, inFunction(ix.str(rec.function)))
}

// tieReason says that tied sites match equally well, and what failed to
// tell them apart: the text alone, or the text and the stack's frames.
// What would tell them apart depends on the language (lookup.TieNote).
func tieReason(tied int, frames bool) string {
	if frames {
		return fmt.Sprintf("%d sites match equally well: neither the message nor the stack's frames tell them apart", tied)
	}
	return fmt.Sprintf("%d sites match equally well: the message alone cannot tell them apart", tied)
}
