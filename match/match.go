package match

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/errdex/errdex"
)

// scratch is the per-query working memory, pooled by the Index so that a
// query allocates little.
type scratch struct {
	msg      text
	acc      []float32
	touched  []uint32
	deferred []qtok
	qtoks    []qtok
	cands    []cand
	frames   []frameFile
	near     []uint32
	parts    []part
	lits     []litRef
	fold     []byte
	states   []state
	starts   []int
	path     []int32
	fail     []int32
	al       alignment
	found    []siteCand
	bySite   map[uint32]int
	stats    Stats
	budget   int
}

// siteCand is a site under consideration with its best template.
type siteCand struct {
	site    uint32
	alt     int
	tmpl    uint32
	weight  float32
	al      alignment // a copy; caps owned
	text    float64
	opaque  bool
	frame   float64
	frameAt int // the frame behind the frame evidence, -1 when none
	exc     float64
	excOK   bool
	repo    float64
	score   float64
	// offStack: the traceback contradicts the site (see contradicted).
	offStack bool
}

// Evidence weights: the text, the frames, the exception type and the
// repository hint. A component the query says nothing about (no frame in an
// indexed file, no exception type, no repository hint) is left out and the
// others are renormalised, so an exact message match alone scores 1.
const (
	wText  = 0.45
	wFrame = 0.45
	wExc   = 0.10
	wRepo  = 0.05
)

// Frame evidence levels (see frameEvidence).
const (
	frameAtRaise      = 1.0
	frameNearRaise    = 0.9
	outerFrameAtSite  = 0.5
	frameSameFunction = 0.45
	frameSameFile     = 0.3
	outerSameFunction = 0.3
	outerSameFile     = 0.2
	frameElsewhere    = 0.1 // no frame in an indexed file is the innermost
)

// Text scores of templates without literal text: a site reached through a
// frame at the raise, or through a rare exception type, is plausible; one
// reached otherwise is a guess.
const (
	opaqueSupported   = 0.5
	opaqueUnsupported = 0.15
	rareException     = 3 // at most this many opaque sites raise it
	// contradicted scales the score of a site the traceback contradicts:
	// the site's file is on no frame of the stack, or the innermost frame
	// is in an indexed file, at no raise, and not in the site's function
	// (compiled code raised the error; a site elsewhere with the same text
	// is a pure-Python twin or a copy).
	contradicted = 0.45
	// elsewhere scales the score of a site away from the raise the
	// innermost frame points at: that raise is most likely the one, even
	// when its template does not show the message (built by the exception
	// class, or extracted imperfectly), unless the code moved since it was
	// indexed; then the site with the text still ranks close behind.
	elsewhere = 0.85
	// atRaiseFloor is the text score of a template the message does not
	// match, at the raise the innermost frame points at.
	atRaiseFloor = 0.2
	// truncEvidence is how many literal bytes a cut message must show
	// for the template's unseen tail to count fully (see textScore).
	truncEvidence = 32
)

// Match finds the sites that may have raised the error described by q,
// best first. Its work is bounded by opt.MaxSteps whatever the query.
func (ix *Index) Match(q Query, opt Options) Result {
	opt = opt.withDefaults()
	sc, _ := ix.scratch.Get().(*scratch)
	if sc == nil {
		sc = &scratch{bySite: map[uint32]int{}}
	}
	defer ix.scratch.Put(sc)
	sc.stats = Stats{}
	sc.budget = opt.MaxSteps
	sc.found = sc.found[:0]
	clear(sc.bySite)

	exception := q.Exception
	sc.msg.normalize(q.Message)
	sc.stats.Steps += len(q.Message) / 8
	if name, n := exceptionPrefix(unsafeString(sc.msg.cased), exception); n > 0 &&
		(exception == "" || shortName(name) == shortName(exception)) {
		sc.msg.cut(n)
		exception = cmp.Or(exception, name)
	} else if name := unsafeString(sc.msg.cased); exception == "" && isIdentPath(name) && isExceptionName(name, "") {
		// A bare exception name: raised without a message ("EOFError").
		exception = strings.Clone(name)
		sc.msg.cut(sc.msg.len())
	}

	// Frames first, since they are the strongest evidence and the budget
	// may run out: the sites at the innermost frame's line (messages held in
	// variables are found this way), then sites at outer frames' lines.
	sc.frames = ix.resolveFrames(q.Frames, sc.frames)
	innermost := len(sc.frames) > 0 && sc.frames[0].frame == 0
	// Compiled code raised the error when the innermost frame lies in an
	// indexed file but at no raise: sites elsewhere that happen to hold the
	// same text (a pure-Python twin of a C function) are suspect.
	compiled := innermost && len(ix.sitesNear(sc.frames[0].file, q.Frames[0].Line, nearLines, sc.near[:0])) == 0
	// A raise leaves its frame on the stack: with a traceback in hand, a
	// site whose file is on no frame did not raise this error.
	stack := slices.ContainsFunc(q.Frames, func(f Frame) bool { return cleanPath(f.Path) != "" })
	for _, ff := range sc.frames {
		slack := nearLines
		if ff.frame > 0 {
			slack = 0
		}
		sc.near = ix.sitesNear(ff.file, q.Frames[ff.frame].Line, slack, sc.near[:0])
		for _, s := range sc.near[:min(len(sc.near), 8)] {
			if !sc.verifySite(ix, s) {
				break
			}
		}
	}
	if sc.msg.len() > 0 {
		ix.retrieve(sc, opt.MaxCandidates)
		for _, c := range sc.cands {
			e := ix.entries[c.entry]
			if !sc.verify(ix, e.site, int(e.alt), e.tmpl, e.weight, false) {
				break
			}
		}
	}

	// Opaque sites raising the query's exception type.
	if exception != "" {
		for _, s := range ix.opaque[shortName(exception)][:min(len(ix.opaque[shortName(exception)]), 2*rareException)] {
			sc.verifySite(ix, s)
		}
	}

	// Evidence and score.
	rare := len(ix.opaque[shortName(exception)]) <= rareException
	for i := range sc.found {
		c := &sc.found[i]
		rec := ix.sites[c.site]
		num, den := 0.0, wText
		if len(sc.frames) > 0 {
			c.frame, c.frameAt = ix.frameEvidence(rec, q.Frames, sc.frames, innermost)
			num += wFrame * c.frame
			den += wFrame
		}
		c.exc, c.excOK = excAgreement(exception, ix.str(rec.exc), ix.str(rec.excQ))
		if c.excOK {
			num += wExc * c.exc
			den += wExc
		}
		t := c.text
		switch {
		case c.opaque && (c.frame >= frameSameFunction || c.excOK && c.exc == 1 && rare):
			t = opaqueSupported
		case c.opaque:
			t = opaqueUnsupported
		case c.frame >= frameNearRaise:
			// The raise the traceback points at, whose text the message does
			// not show: an exception class that builds its own message.
			t = max(t, atRaiseFloor)
		}
		num += wText * t
		if q.Repo != "" {
			if sameRepo(q.Repo, ix.str(rec.repo)) {
				c.repo = 1
				num += wRepo
			}
			den += wRepo
		}
		c.score = num / den
		switch {
		case compiled && c.frame < frameSameFunction || stack && c.frameAt < 0:
			c.score *= contradicted
			c.offStack = true
		case innermost && !compiled && c.frame < frameNearRaise:
			c.score *= elsewhere
		}
	}
	slices.SortFunc(sc.found, func(a, b siteCand) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.text, a.text),
			cmp.Compare(b.weight, a.weight), cmp.Compare(a.site, b.site))
	})

	res := Result{}
	for i := range sc.found {
		c := &sc.found[i]
		if len(res.Matches) == opt.Limit || opt.MinScore > 0 && c.score < opt.MinScore {
			break
		}
		res.Matches = append(res.Matches, ix.result(sc, c, q, exception))
	}
	for _, ff := range sc.frames {
		f := ix.files[ff.file]
		fr := q.Frames[ff.frame]
		res.Nearest = &Location{Repo: ix.str(f.repo), Path: ix.str(f.path), Line: fr.Line, Function: fr.Function, Frame: ff.frame}
		break
	}
	if len(res.Matches) == 0 {
		res.Reason = ix.noMatch(sc, q, innermost)
	}
	res.Stats = sc.stats
	return res
}

// verifySite aligns every template of site s, keeping the site even when
// none aligns (it was reached by its place, not its text). It returns false
// when the step budget ran out.
func (sc *scratch) verifySite(ix *Index, s uint32) bool {
	rec := ix.sites[s]
	off := rec.tmpl
	for alt := range int(rec.nTmpl) {
		start := off
		sc.parts, off = ix.decode(off, sc.parts[:0])
		if !sc.verify(ix, s, alt, start, 0, true) {
			return false
		}
	}
	return true
}

// verify aligns the template at arena offset tmpl (template alt of site s)
// and keeps it when it is the site's best so far; a template whose literal
// text does not occur in the message is kept only when keep is set. weight
// is the entry's
// weight when known (0 otherwise); it breaks ties between equal scores in
// favour of the more specific template.
func (sc *scratch) verify(ix *Index, s uint32, alt int, tmpl uint32, weight float32, keep bool) bool {
	if sc.stats.Steps > sc.budget {
		sc.stats.Truncated = true
		return false
	}
	if i, ok := sc.bySite[s]; ok && sc.found[i].tmpl == tmpl {
		return true // already verified
	}
	sc.parts, _ = ix.decode(tmpl, sc.parts[:0])
	sc.stats.Verified++
	if !sc.align(sc.parts, &sc.al) {
		sc.stats.Truncated = true
		return false
	}
	al := &sc.al
	opaque := al.total == 0
	if !al.ok && !opaque && !keep {
		return true
	}
	t := 0.0
	if !opaque {
		t = al.textScore(sc.msg.truncated)
	}
	i, ok := sc.bySite[s]
	if !ok {
		i = len(sc.found)
		sc.bySite[s] = i
		sc.found = append(sc.found, siteCand{site: s, frameAt: -1})
	}
	c := &sc.found[i]
	if ok && t <= c.text {
		return true
	}
	caps := append(c.al.caps[:0], al.caps...)
	c.al = *al
	c.al.caps = caps
	c.alt, c.tmpl, c.text, c.opaque = alt, tmpl, t, opaque
	if weight > c.weight {
		c.weight = weight
	}
	return true
}

// textScore turns an alignment into a score in [0, 1]:
//
//	coverage² × explained × (0.6 + 0.4·confidence) × fit × case × specificity
//
// where coverage is the share of the template's literal text found (a tail
// cut off the message counts 40%, or 90% when the message shows it was
// cut, scaled down when fewer than truncEvidence literal bytes were seen
// before the cut), explained is the share of the message some part of the template
// accounts for, confidence grows with the literal bytes matched (a
// nine-letter "not found" is weak evidence, a sentence is strong), fit
// lowers the score when captures do not look like their holes' types, case
// lowers it when letters differ in case, and specificity lowers it when
// holes rather than literal text account for most of the message (a
// template like "missing {name}" swallowing a whole sentence): it is 1 when
// literal text is at least half of what the template matched, down to 0.6
// (captures of error-typed holes, another error's message, do not count).
func (al *alignment) textScore(truncated bool) float64 {
	if al.total == 0 || al.matched == 0 {
		return 0
	}
	credit := 0.4
	if al.partial || truncated {
		credit = 0.9
	}
	// A cut message vouches for the template's unseen tail only as far as
	// it showed enough of the template to be sure of it.
	credit *= min(1, float64(al.matched)/truncEvidence)
	coverage := (float64(al.matched) + credit*float64(al.truncTail)) / float64(al.total)
	explained := max(0, 1-float64(al.unexplained)/float64(al.query))
	confidence := 1 - math.Exp(-float64(al.matched)/10)
	fit := 1.0
	if al.fitN > 0 {
		fit += 0.05 * min(0, float64(al.fitSum)/float64(al.fitN))
	}
	caseFactor := 1 - 0.2*float64(al.caseMiss)/float64(al.matched)
	share := float64(al.matched) / float64(al.matched+al.captured)
	specificity := 0.6 + 0.4*min(1, share/0.5)
	return min(1, max(0, coverage*coverage*explained*(0.6+0.4*confidence)*fit*caseFactor*specificity))
}

// frameEvidence grades how the query's frames point at site rec (see the
// frame* constants) and returns the frame responsible.
func (ix *Index) frameEvidence(rec siteRec, frames []Frame, hits []frameFile, innermost bool) (float64, int) {
	best, at := 0.0, -1
	if !innermost {
		best = frameElsewhere
	}
	fn := ix.str(rec.function)
	for _, h := range hits {
		if h.file != rec.file {
			continue
		}
		fr := frames[h.frame]
		d := lineDistance(rec, fr.Line)
		level := 0.0
		switch {
		case h.frame == 0 && fr.Line > 0 && d == 0:
			level = frameAtRaise
		case h.frame == 0 && fr.Line > 0 && d <= nearLines:
			level = frameNearRaise
		case h.frame == 0 && sameFunction(fr.Function, fn):
			level = frameSameFunction
		case h.frame == 0:
			level = frameSameFile
		case fr.Line > 0 && d == 0:
			level = outerFrameAtSite
		case sameFunction(fr.Function, fn):
			level = outerSameFunction
		default:
			level = outerSameFile
		}
		if level > best {
			best, at = level, h.frame
		}
	}
	return best, at
}

// excAgreement compares the query's exception type with the site's: 1 when
// it equals the name as written or qualified; 0.85 when the short names
// agree and one side is unqualified; 0.5 when both are qualified
// differently ("locale.Error", "_csv.Error": a generic short name, or a
// class re-exported elsewhere); 0 otherwise (a wrapper may have changed the
// type: this lowers the score without excluding the site). ok is false when
// either side is unknown.
func excAgreement(q, written, qualified string) (level float64, ok bool) {
	if q == "" || written == "" && qualified == "" {
		return 0, false
	}
	site := cmp.Or(qualified, written)
	switch {
	case q == written || q == qualified:
		return 1, true
	case shortName(q) != shortName(site):
		return 0, true
	case shortName(q) == q || shortName(site) == site:
		return 0.85, true
	}
	return 0.5, true
}

// isIdentPath reports whether s is a dotted identifier ("_queue.Empty").
func isIdentPath(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '.' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' && i > 0) {
			return false
		}
	}
	return true
}

// sameRepo compares a repository hint with a site's repository, ignoring
// case and a host prefix ("github.com/o/n" and "o/n").
func sameRepo(hint, repo string) bool {
	h, r := strings.ToLower(strings.Trim(hint, "/")), strings.ToLower(repo)
	return h == r || strings.HasSuffix(r, "/"+h) || strings.HasSuffix(h, "/"+r)
}

// result builds the public Match for candidate c.
func (ix *Index) result(sc *scratch, c *siteCand, q Query, exception string) Match {
	rec := ix.sites[c.site]
	f := ix.files[rec.file]
	m := Match{
		ID: errdex.ID(ix.str(rec.id)), Repo: ix.str(rec.repo), Language: ix.str(rec.lang),
		Path: ix.str(f.path), Line: int(rec.line), EndLine: int(rec.endLine),
		Function: ix.str(rec.function), Exception: ix.str(rec.exc),
		Score: c.score, TextScore: c.text, Template: c.alt,
	}
	if c.opaque {
		m.TextScore = 0
	}
	sc.parts, _ = ix.decode(c.tmpl, sc.parts[:0])
	for i, p := range sc.parts {
		if !p.hole {
			continue
		}
		v := Value{Name: ix.str(p.name), Type: holeTypes[p.typ], Start: -1, End: -1}
		if cp := c.al.caps[i]; cp.start >= 0 {
			v.Start, v.End = sc.msg.span(q.Message, int(cp.start), int(cp.end))
			v.Text = q.Message[v.Start:v.End]
		}
		m.Values = append(m.Values, v)
	}
	m.Reasons = ix.reasons(sc, c, q, exception)
	return m
}

// reasons says in words why candidate c matched.
func (ix *Index) reasons(sc *scratch, c *siteCand, q Query, exception string) []string {
	rec := ix.sites[c.site]
	var out []string
	if c.frameAt >= 0 {
		fr := q.Frames[c.frameAt]
		where := fmt.Sprintf("%s:%d", ix.str(ix.files[rec.file].path), fr.Line)
		switch c.frame {
		case frameAtRaise:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is this raise", where))
		case frameNearRaise:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is %d line(s) from this raise", where, lineDistance(rec, fr.Line)))
		case frameSameFunction:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is in this function", where))
		case frameSameFile:
			out = append(out, fmt.Sprintf("the innermost frame (%s) is in this file", where))
		case outerFrameAtSite:
			out = append(out, fmt.Sprintf("frame %d of the traceback (%s) is at this site", c.frameAt+1, where))
		default:
			out = append(out, fmt.Sprintf("the traceback passes through this file (%s)", where))
		}
	}
	al := &c.al
	switch {
	case c.opaque:
		out = append(out, "the template is all values: it is known by its place, not its text")
	case al.matched == al.total && al.unexplained < 1:
		out = append(out, "the message matches the template")
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

// noMatch explains an empty result.
func (ix *Index) noMatch(sc *scratch, q Query, innermost bool) string {
	if len(sc.frames) > 0 {
		ff := sc.frames[0]
		fr := q.Frames[ff.frame]
		where := fmt.Sprintf("%s:%d%s", ix.str(ix.files[ff.file].path), fr.Line, inFunction(fr.Function))
		atRaise := len(ix.sitesNear(ff.file, fr.Line, 0, nil)) > 0
		switch {
		case innermost && !atRaise:
			return fmt.Sprintf("the innermost frame %s is not a raise: this error comes from compiled code called there", where)
		case innermost:
			return fmt.Sprintf("the innermost frame %s is a raise whose message does not match this one", where)
		default:
			return fmt.Sprintf("the error was raised in %s, which is not indexed; the nearest indexed frame is %s",
				cmp.Or(cleanPath(q.Frames[0].Path), "a file that is not named"), where)
		}
	}
	if sc.msg.len() == 0 {
		if len(q.Frames) > 0 {
			return "the message is empty and no frame of the traceback lies in an indexed file"
		}
		return "the message is empty"
	}
	if sc.stats.Words == 0 {
		return fmt.Sprintf("no indexed template contains the words %s", ix.someWords(sc))
	}
	if len(sc.found) > 0 && sc.found[0].offStack && sc.found[0].text >= DefaultMinScore {
		c := &sc.found[0]
		rec := ix.sites[c.site]
		return fmt.Sprintf("the message matches %s:%d%s, but the traceback does not pass there: the error was raised by other code with the same message (compiled code?)",
			ix.str(ix.files[rec.file].path), rec.line, inFunction(ix.str(rec.function)))
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
	f := unsafeString(sc.msg.cased)
	eachToken(f, false, false, func(start, end int) {
		if w := f[start:end]; len(w) > 2 && !slices.Contains(words, w) {
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
