package match

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unicode"

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
	wrappers []cand
	frames   []frameFile
	near     []uint32
	pass     []uint32 // passThrough's wrappers to look at elsewhere
	occ      []int32  // align's occurrences of one literal
	parts    []part
	inner    []part    // a wrapped candidate's parts (compose.go)
	subAl    alignment // its alignment against an error hole's capture
	lits     []litRef
	fold     []byte
	states   []state
	starts   []int
	path     []int32
	fail     []int32
	al       alignment
	found    []siteCand
	order    []int32 // sortFound's
	bySite   map[uint32]int
	// helperCalls is promoteHelper's scratch.
	helperCalls []helperCount
	// built is how many innermost frames built the error rather than
	// threw it, or raised it for the lookup outside them, and builder
	// the function of the first (see constructionFrames, lookupFrames).
	built   int
	builder string
	stats   Stats
	budget  int
}

// siteCand is a site under consideration with its best template.
type siteCand struct {
	site   uint32
	alt    int
	tmpl   uint32
	weight float32
	al     alignment // a copy; caps owned
	text   float64
	opaque bool
	// empty: the template has no part at all (a raise without message).
	empty bool
	// wrapped is the site whose message an error hole of the template
	// holds (see compose.go), or -1.
	wrapped int64
	// wrappedBy is the site whose error hole holds this candidate's
	// message, credited to this one (see compose.go), or -1.
	wrappedBy int64
	// chain, when chained, is al as the wrappers credited to this one
	// made it: their text counted as matched, the capture that held this
	// candidate's text no longer a capture (see compose.go).
	chain   alignment
	chained bool
	// wrapText is the literal text, in bytes, of the templates this
	// candidate was credited with wrapping (see compose.go).
	wrapText int
	// passOn: a template of one error hole credited with the text of the
	// site it wraps (see passThrough).
	passOn  bool
	frame   float64
	frameAt int // the frame behind the frame evidence, -1 when none
	exc     float64
	excOK   bool
	repo    float64
	score   float64
	// caller: the site is at an outer frame and wrote the message the
	// raise at the innermost frame passes on (see raisePassesOn).
	caller bool
	// offStack: the traceback contradicts the site (see contradicted).
	offStack bool
	// alien: the site's language cannot have raised the query's error
	// (a Go site under a Python traceback, or for "ZeroDivisionError: ...").
	alien bool
	// typeContradicted: the site raises another built-in Python class
	// than the one printed (see pytypes.go).
	typeContradicted bool
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

// An error chain's inner layers (see Index.match): the text score below
// which they are retrieved on their own, and how many of them.
const (
	chainRetry       = 0.85
	maxChainSuffixes = 3
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
	// opaqueDistinctive is the text score of a template without literal
	// text raising the query's own exception class when that class is a
	// repository's (qualified, not a builtin) and rare, and the message is
	// data rather than prose: a message that is only a value
	// ("referencing.jsonschema.UnknownDialect: urn:x") has no words to
	// match, and the class names the place. A sentence no indexed template
	// holds was written elsewhere (compiled code raising the class: _csv's
	// "need to escape, but no escapechar set"), and a site that raises
	// the class with text of unknown origin is no better than a guess;
	// unless the site passes on a caught error's message whole (`raise
	// ParseError(e)` around a failure of compiled code: iso8601's
	// "day is out of range for month" from datetime) in the module that
	// the class's name says defines it: that sentence was written
	// elsewhere by design, and the class still names the place. (csv's
	// `raise Error(str(e))` raises _csv.Error, which the compiled _csv
	// module defines and raises itself.)
	opaqueDistinctive = 0.75
	// maxBare bounds the sites verified for a bare exception name.
	maxBare = 32
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
	res, wraps := ix.match(q, opt, false, false)
	if len(res.Matches) == 0 && ix.readTypeFromMessage(q, res.Exception) {
		// The message's first word was read as an exception type, and
		// nothing matched: it may be part of the message. A lone name may
		// be a message of one word (Rust's Debug text "ParseBoolError",
		// Go's "EOF"), and a C++ library may write its class into its own
		// messages (Boost.Format's "boost::bad_format_string: format-string
		// is ill-formed"), or a class no indexed site raises into its
		// messages. Python and Java print "Type: " themselves before a
		// class indexed sites raise: it is never the message's text.
		if asText, _ := ix.match(q, opt, false, true); len(asText.Matches) > 0 {
			asText.Stats.Steps += res.Stats.Steps
			res = asText
		}
	}
	if left := opt.MaxSteps - res.Stats.Steps; wraps && left > 0 {
		// The message has line breaks inside words, as a terminal or a
		// log viewer that wraps at a fixed width leaves them: try it with
		// those breaks joined, within what is left of the budget, and
		// keep the better answer.
		o := opt
		o.MaxSteps = left
		joined, _ := ix.match(q, o, true, false)
		work := res.Stats
		if len(joined.Matches) > 0 && (len(res.Matches) == 0 || joined.Matches[0].Score > res.Matches[0].Score) {
			res = joined
		}
		res.Stats.Steps = work.Steps + joined.Stats.Steps
		res.Stats.Postings = work.Postings + joined.Stats.Postings
		res.Stats.Verified = work.Verified + joined.Stats.Verified
		res.Stats.Truncated = work.Truncated || joined.Stats.Truncated
	}
	return res
}

// readTypeFromMessage reports whether Match read a type from the query's
// message that the message may hold as text (see Match): the message is
// one name, read as an exception raised without a message (exception is
// the one the result read), or starts with a C++ or Rust path and ": ",
// or with a name no indexed site raises (jmespath's own "ArgumentError:
// length() takes 1 argument", written into an Error's message) or only
// sites of languages that print no type names before messages raise
// (go-jmespath's SyntaxError, whose Error() is "SyntaxError: " and its
// message: Go prints err.Error() alone).
func (ix *Index) readTypeFromMessage(q Query, exception string) bool {
	msg := strings.TrimSpace(q.Message)
	if q.Exception == "" && exception != "" && msg == exception {
		return true
	}
	name, n := exceptionPrefix(msg, q.Exception, ix.raised)
	if n == 0 {
		return false
	}
	fams := ix.raised[shortName(name)]
	return strings.Contains(name, "::") || q.Exception == "" && fams&printsTypeName == 0
}

// match is one pass of Match; joinWraps joins the lines broken inside a
// word (see text.normalize), and whole keeps the message whole instead of
// reading a leading exception name ("Type: ", or a message that is one
// name) as the exception. wraps reports that the message has line breaks
// inside words.
func (ix *Index) match(q Query, opt Options, joinWraps, whole bool) (Result, bool) {
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
	sc.msg.normalize(q.Message, joinWraps)
	sc.stats.Steps += len(q.Message) / 8
	if name, n := exceptionPrefix(unsafeString(sc.msg.cased), exception, ix.raised); n > 0 && !whole &&
		(exception == "" || shortName(name) == shortName(exception)) {
		if exception == "" {
			exception = strings.Clone(name) // cut overwrites name's bytes
		}
		sc.msg.cut(n)
	} else if name := unsafeString(sc.msg.cased); exception == "" && !whole && isIdentPath(name) &&
		(isExceptionName(name, "", ix.raised) || isQualified(name) && startsUpper(shortName(name))) {
		// A bare exception name: raised without a message ("EOFError",
		// "_queue.Full").
		exception = strings.Clone(name)
		sc.msg.cut(sc.msg.len())
	}

	// Frames first, since they are the strongest evidence and the budget
	// may run out: the sites at the innermost frame's line (messages held in
	// variables are found this way), then sites at outer frames' lines.
	sc.frames = ix.resolveFrames(q.Frames, sc.frames)
	sc.built, sc.builder = ix.constructionFrames(q.Frames, sc.frames, sc.near[:0]), ""
	if sc.built == 0 {
		sc.built = ix.lookupFrames(q.Frames, sc.frames, sc.near[:0])
	}
	if sc.built > 0 {
		sc.builder = q.Frames[0].Function
		q.Frames = q.Frames[sc.built:]
		sc.frames = ix.resolveFrames(q.Frames, sc.frames)
	}
	innermost := len(sc.frames) > 0 && sc.frames[0].frame == 0
	// Compiled code raised the error when the innermost frame lies in an
	// indexed file but at no raise: sites elsewhere that happen to hold the
	// same text (a pure-Python twin of a C function) are suspect.
	inner := sc.innermostFile(ix, q.Frames)
	compiled := innermost && len(ix.sitesNear(inner.file, q.Frames[0], nearLines, sc.near[:0])) == 0
	// A raise leaves its frame on the stack: with a traceback in hand, a
	// site whose file is on no frame did not raise this error.
	stack := slices.ContainsFunc(q.Frames[:min(len(q.Frames), maxFrames)], func(f Frame) bool { return cleanPath(f.Path) != "" })
	// A stack shows the frames of its own languages only (see
	// language.go): unless its innermost frame is at a raise, it says
	// nothing of a site of another language (a C extension raising under
	// Python frames).
	shown := stackFamilies(q.Frames)
	// The languages that printed the error: those of the stack, and the
	// one the paste's form names.
	printed := shown | siteFamily(q.Language)
	atRaise := innermost && !compiled
	for _, ff := range sc.frames {
		slack := nearLines
		if ff.frame > 0 {
			slack = 0
		}
		sc.near = ix.sitesNear(ff.file, q.Frames[ff.frame], slack, sc.near[:0])
		for _, s := range sc.near[:min(len(sc.near), 8)] {
			if !sc.verifySite(ix, s) {
				break
			}
		}
	}
	rethrow := atRaise && sc.rethrows(ix, inner.file, q.Frames[0])
	if sc.msg.len() > 0 {
		ix.retrieve(sc, opt.MaxCandidates, 0)
		sc.verifyCands(ix)
		// An error chain ("write tcp a->b: write: broken pipe") holds the
		// words of its inner layers after ": ", where a template of a
		// common word ("write: {err}") ranks below the limit on the whole
		// message. When nothing explains a message of one line well, the
		// text after each of its first separators retrieves candidates of
		// its own, verified against the whole message as the others are.
		// (The lines of a message of several, errors.Join's among them,
		// are matched on their own too; see lookup.Queries.)
		oneLine := !strings.Contains(strings.TrimSpace(q.Message), "\n")
		for i, from := 0, 0; oneLine && i < maxChainSuffixes && sc.bestText() < chainRetry; i++ {
			if from = nextLayer(sc.msg.folded, from); from < 0 {
				break
			}
			ix.retrieve(sc, opt.MaxCandidates, from)
			sc.verifyCands(ix)
		}
	}

	// A bare exception name: the sites raising it without a message.
	if exception != "" && sc.msg.len() == 0 {
		bare := ix.bare[shortName(exception)]
		for _, s := range bare[:min(len(bare), maxBare)] {
			if !sc.verifySite(ix, s) {
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

	sc.verifyHelpers(ix)
	sc.compose(ix)
	sc.passThrough(ix, exception)

	// Evidence and score.
	rare := len(ix.opaque[shortName(exception)]) <= rareException
	ownClass := rare && isQualified(exception) && pyBuiltin(shortName(exception)) == ""
	prose := ownClass && isProse(sc.msg.folded)
	passedDown, innerText := false, 0.0
	if atRaise {
		passedDown, innerText = sc.raisePassesOn(ix, inner.file, q.Frames[0])
	}
	for i := range sc.found {
		c := &sc.found[i]
		rec := ix.sites[c.site]
		num, den := 0.0, wText
		foreign := shown != 0 && rec.family != 0 && shown&rec.family == 0 && !atRaise
		passedOn := rethrow && madeOffStack(rec)
		if len(sc.frames) > 0 && !foreign {
			c.frame, c.frameAt = ix.frameEvidence(c.site, q.Frames, sc.frames, innermost)
			// A value passed on by a re-raise (see rethrows) was made
			// off the stack: the stack says nothing of its site, even
			// one in the same file as the re-raise.
			if !passedOn {
				num += wFrame * c.frame
				den += wFrame
			}
		}
		if passedDown && c.frame == outerFrameAtSite && c.text >= callerText && c.text > innerText {
			// The raise passes on a message; this call, on the stack
			// above it, wrote the words (see raisePassesOn).
			num += wFrame * (frameAtRaise - c.frame)
			c.frame, c.caller = frameAtRaise, true
		}
		if c.wrappedBy >= 0 && len(sc.frames) > 0 && !foreign {
			// The wrapper's place on the stack is where this value went.
			w := &sc.found[sc.bySite[uint32(c.wrappedBy)]]
			if f, at := ix.frameEvidence(w.site, q.Frames, sc.frames, innermost); f > c.frame {
				num += wFrame * (f - c.frame)
				c.frame, c.frameAt = f, at
			}
		}
		c.exc, c.excOK = excAgreement(exception, ix.str(rec.exc), ix.str(rec.excQ))
		if !c.excOK && exception != "" && !genericType(exception) && rec.family&(famGo|famRust) != 0 {
			// Go and Rust print no type before a message: a typed one
			// ("ValueError: ...") was not made here.
			c.exc, c.excOK = 0, true
		}
		// A Python built-in class, printed unqualified as Python prints
		// it, names a Python exception, which Go code never raises (Rust
		// code may, through PyO3). And the languages that printed the
		// error (its stack's, or the one the paste's form names) call
		// native code (C, C++, Rust), not the code of another managed
		// language: a Go, Java, JavaScript or Python site of none of them
		// did not raise it.
		c.alien = rec.family == famGo && pyBuiltinName(exception) ||
			printed != 0 && rec.family&managed != 0 && rec.family&printed == 0
		if c.excOK {
			num += wExc * c.exc
			den += wExc
		}
		t := c.text
		switch {
		case c.passOn:
			// the wrapped site's text (see passThrough)
		case c.empty && sc.msg.len() == 0:
			t = 1 // no message, as the site raises it
		case c.empty && c.frame < frameNearRaise:
			t = 0 // the site prints no message; this one has one
		case c.empty:
			t = atRaiseFloor
		case c.opaque && c.frame < frameSameFunction && c.excOK && c.exc == 1 && ownClass && (!prose || sc.loneErrorHole(ix, rec) && ix.definesModule(rec, exception)):
			t = opaqueDistinctive
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
		if rec.prior>>priorBuildBits == 0 {
			c.score *= offBuild // see build.go
		}
		if rec.flags&flagExactType != 0 && pyTypeContradicts(exception, cmp.Or(ix.str(rec.excQ), ix.str(rec.exc))) {
			c.score *= contradicted
			c.typeContradicted = true
		}
		if c.alien {
			c.score *= contradicted
		}
		switch {
		case foreign:
		case rec.flags&flagUnwinds != 0 && (compiled && c.frame < frameSameFunction || stack && c.frameAt < 0 && !passedOn && !recoverable(rec, sc.frames)):
			c.score *= contradicted
			c.offStack = true
		case atRaise && c.frame < frameNearRaise && !passedOn:
			c.score *= elsewhere
		}
	}
	sc.sortFound(ix)

	res := Result{Exception: exception}
	if len(sc.found) > 0 && (opt.MinScore <= 0 || sc.found[0].score >= opt.MinScore) {
		res.Tied = 1
		for res.Tied < len(sc.found) && sc.found[res.Tied].score == sc.found[0].score {
			res.Tied++
		}
	}
	var helperCalls int
	sc.sentinelFirst(ix, res.Tied)
	res.Tied, helperCalls = sc.promoteHelper(ix, res.Tied)
	res.RunnerUp = sc.runnerUp(ix)
	n := 0 // the matches returned
	for n < len(sc.found) && (n < opt.Limit || opt.AllTied && n < res.Tied) && !(opt.MinScore > 0 && sc.found[n].score < opt.MinScore) {
		n++
	}
	if n > 0 {
		res.Matches = make([]Match, 0, n)
	}
	for i := range n {
		m := ix.result(sc, &sc.found[i], q, exception)
		if i == 0 && helperCalls > 0 {
			m.Reasons = append(m.Reasons, helperReason(helperCalls))
		}
		if i < res.Tied && res.Tied > 1 {
			m.Reasons = append(m.Reasons, tieReason(res.Tied, len(sc.frames) > 0))
		}
		res.Matches = append(res.Matches, m)
	}
	if len(sc.frames) > 0 {
		f := ix.files[inner.file]
		fr := q.Frames[inner.frame]
		res.Nearest = &Location{Repo: ix.str(f.repo), Path: ix.str(f.path), Line: fr.Line, Function: fr.Function, Frame: sc.built + inner.frame}
	}
	if len(res.Matches) == 0 {
		res.Reason = ix.noMatch(sc, q, exception, innermost)
	}
	res.Stats = sc.stats
	return res, sc.msg.wraps
}

// callerText is the least text score of a site at an outer frame credited
// with the message a raise passes on (see raisePassesOn).
const callerText = 0.9

// raisePassesOn reports whether the sites at the innermost frame's line
// (file and line) all pass on text they are given: templates with a hole
// (a helper raising what it is given: commander's _exit(code, message)
// throwing new CommanderError(code, message), js-yaml's throwAt,
// smol-toml's TomlError.x(message, ...) throwing "Invalid TOML document:
// {message}"). It also returns the best text score among them. The words
// of the message were then written by a caller on the stack above it,
// and a site at an outer frame whose template holds them, and so
// explains the message better than the raise does, is where the error
// comes from: it is credited as the raise, instead of being scaled down
// as elsewhere.
func (sc *scratch) raisePassesOn(ix *Index, file uint32, fr Frame) (bool, float64) {
	n, text := 0, 0.0
	for i := range sc.found {
		c := &sc.found[i]
		rec := ix.sites[c.site]
		if rec.file != file || ix.distance(c.site, fr) != 0 {
			continue
		}
		if !c.opaque && c.al.captured == 0 {
			return false, 0
		}
		n++
		text = max(text, c.text)
	}
	return n > 0, text
}

// sortFound orders the candidates best first: by score, text score, entry
// weight, prior, then site number, an order without ties since each site
// is found once. It sorts their positions and then moves each candidate
// once, rather than moving the large records at every step of the sort.
func (sc *scratch) sortFound(ix *Index) {
	found := sc.found
	order := sc.order[:0]
	for i := range found {
		order = append(order, int32(i))
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &found[i], &found[j]
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.text, a.text),
			cmp.Compare(b.weight, a.weight), ix.comparePrior(a.site, b.site), ix.compareNesting(a.site, b.site), cmp.Compare(a.site, b.site))
	})
	// found[i] takes the candidate at order[i]: follow each cycle of the
	// permutation, marking the positions filled.
	for i := range order {
		if order[i] < 0 {
			continue
		}
		tmp := found[i]
		j := i
		for {
			k := int(order[j])
			order[j] = -1
			if k == i {
				found[j] = tmp
				break
			}
			found[j] = found[k]
			j = k
		}
	}
	sc.order = order[:0]
}

// runnerUp returns the score of the best candidate after the first that
// is another answer (see Result.RunnerUp).
func (sc *scratch) runnerUp(ix *Index) float64 {
	if len(sc.found) < 2 {
		return 0
	}
	first := ix.sites[sc.found[0].site]
	for _, c := range sc.found[1:] {
		rec := ix.sites[c.site]
		if rec.flags&flagFormatter != 0 && rec.exc == first.exc && rec.repo == first.repo && first.flags&flagFormatter == 0 {
			continue // the first's error, formatted
		}
		return c.score
	}
	return 0
}

// recoverable reports whether a stack that passes no indexed file says
// nothing against site rec: a Go panic is often recovered by the library
// that raised it and returned as an error (text/template, encoding/json
// do), which the program may print or panic with anywhere; a JavaScript
// library often hides its own frames from the stacks of the errors it
// throws (Error.captureStackTrace(this, caller)), so that the stack
// starts at the caller's code.
func recoverable(rec siteRec, frames []frameFile) bool {
	return (rec.family == famGo || rec.family == famJS) && len(frames) == 0
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

// madeOffStack reports whether site rec may have made the value a re-raise
// at the innermost frame passes on (see rethrows), though the stack does
// not pass it: an error value (Go, Rust) travels up its callers before it
// is raised, and a Go panic is often recovered by the library that raised
// it and returned as an error (text/template's parser), which a
// `panic(err)` such as template.Must then raises again with a stack of
// its own.
func madeOffStack(rec siteRec) bool {
	return rec.flags&flagValue != 0 || rec.family == famGo
}

// rethrows reports whether every site at line of file (within nearLines),
// all verified already, shows no text of its own: `panic(err)`, `raise
// exc`, an error value made elsewhere passed on. The innermost frame at
// such a raise says where the value was thrown, not where it was made, so
// a value site elsewhere whose text matches is not away from the raise
// (see the scoring in match).
func (sc *scratch) rethrows(ix *Index, file uint32, fr Frame) bool {
	sc.near = ix.sitesNear(file, fr, nearLines, sc.near[:0])
	near := sc.near
	for _, s := range near {
		i, ok := sc.bySite[s]
		if !ok || !sc.found[i].opaque {
			return false
		}
	}
	return len(near) > 0
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
		// The slot's captures from an earlier query are reused: each slot
		// owns its own.
		var caps []capture
		if i < cap(sc.found) {
			caps = sc.found[:i+1][i].al.caps[:0]
		}
		sc.found = append(sc.found, siteCand{site: s, frameAt: -1, wrapped: -1, wrappedBy: -1, al: alignment{caps: caps}})
	}
	c := &sc.found[i]
	if ok && t <= c.text {
		return true
	}
	caps := append(c.al.caps[:0], al.caps...)
	c.al = *al
	c.al.caps = caps
	c.alt, c.tmpl, c.text, c.opaque, c.empty = alt, tmpl, t, opaque, len(sc.parts) == 0
	if weight > c.weight {
		c.weight = weight
	}
	return true
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
	holes := 0
	for _, p := range sc.parts {
		if p.hole {
			holes++
		}
	}
	if holes > 0 {
		m.Values = make([]Value, 0, holes)
	}
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

// proseWords is how many words make a message prose (see isProse).
const proseWords = 3

// definesModule reports whether site rec's file is the module that the
// qualified exception name says defines the class
// ("iso8601.iso8601.ParseError" raised in iso8601/iso8601.py).
func (ix *Index) definesModule(rec siteRec, exception string) bool {
	mod := exception[:max(0, len(exception)-len(shortName(exception))-1)]
	if mod == "" {
		return false
	}
	path := ix.str(ix.files[rec.file].path)
	rel := strings.ReplaceAll(mod, ".", "/")
	for _, p := range [...]string{rel + ".py", rel + "/__init__.py"} {
		if path == p || strings.HasSuffix(path, "/"+p) {
			return true
		}
	}
	return false
}

// isProse reports whether a folded message reads as a sentence: it has
// at least proseWords words of two or more letters between spaces
// ("need to escape, but no escapechar set"), where a value has few or
// none ("urn:x", "'b'", "{}").
func isProse(msg []byte) bool {
	words := 0
	for f := range bytes.FieldsSeq(msg) {
		f = bytes.TrimRight(f, ".,;:!?)")
		f = bytes.TrimLeft(f, "(")
		if len(f) < 2 || bytes.ContainsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }) {
			continue
		}
		if words++; words >= proseWords {
			return true
		}
	}
	return false
}
