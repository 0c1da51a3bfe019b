package match

import (
	"bytes"
	"math"
	"slices"
)

// Alignment of a template against a normalised message.
//
// A template is literals L0..Lk-1 with holes between them (normalised
// templates never put two literals side by side), possibly holes before L0
// (lead) and after Lk-1 (trail). Each literal is found in the message as
// whole occurrences (at most maxOcc of them: the leftmost, and the
// rightmost when there are more; see occurrences) and, for the
// truncated tail, as its longest proper prefix that ends the message (a
// "partial" occurrence, which can only be the last one used). A dynamic
// program then picks an increasing chain of occurrences of a subsequence of
// the literals, maximising
//
//	matched literal bytes
//	+ fitWeight × type fit of each hole's capture (between consecutive literals)
//	− unexplainedCost × message bytes no part of the template accounts for
//	− skipCost × bytes spanned by literals that were skipped
//
// where holes match any text, literals must match exactly (after
// normalisation: case-folded, white space collapsed, quotes unified) and a
// skipped literal costs its bytes. The DP has one state per occurrence and
// considers transitions from the previous literal's occurrences and, for
// skips, from every earlier state; with at most maxStates states the work
// is O(maxStates²) transitions plus one substring search per literal, and
// every unit of it is charged to the query's step budget. Nothing
// backtracks: the cost is bounded whatever the template and the message.
const (
	fitWeight       = 0.5
	unexplainedCost = 0.02
	skipCost        = 0.01
	maxStates       = 384
	maxOcc          = 16
	// maxPartial bounds the prefix of a literal considered for a truncated
	// tail.
	maxPartial = 1024
)

// litRef is a literal of the template being aligned: its part index and its
// folded text in scratch.fold[from:to].
type litRef struct {
	part     int
	from, to int
	cased    []byte
}

type state struct {
	lit        int32
	start, end int32
	prev       int32
	score      float32
	partial    bool
}

// capture is a hole's place in the normalised message; start < 0 when the
// hole was not placed.
type capture struct{ start, end int32 }

// alignment is the outcome of aligning one template.
type alignment struct {
	ok        bool
	matched   int // literal bytes found in the message
	total     int // literal bytes of the template
	truncTail int // literal bytes after the point where the message ends
	caseMiss  int // matched bytes that differ in case
	captured  int // message bytes captured by holes
	// structured is the part of captured that repr holes hold as whole
	// structured values (a list, a dict, an object's repr): data, not
	// sentences a hole swallowed (see textScore).
	structured  int
	unexplained float32
	query       int     // message bytes that count (noise excluded)
	misfit      float32 // the summed type fit of the captures that fit badly (≤ 0)
	partial     bool
	caps        []capture // per part; meaningful for holes
	// lo and hi delimit the literal text matched: the start of the first
	// literal occurrence used and the end of the last (-1 when none).
	lo, hi int32
}

// align aligns the template parts against sc.msg into al. It returns false
// when the step budget ran out.
func (sc *scratch) align(parts []part, al *alignment) bool {
	msg := &sc.msg
	nf := msg.folded
	n := len(nf)
	al.ok, al.matched, al.total, al.truncTail, al.caseMiss = false, 0, 0, 0, 0
	al.unexplained, al.misfit, al.partial, al.captured, al.structured = 0, 0, false, 0, 0
	al.query = max(1, msg.noise)
	al.lo, al.hi = -1, -1
	al.caps = al.caps[:0]
	for range parts {
		al.caps = append(al.caps, capture{-1, -1})
	}
	lits := sc.lits[:0]
	fold := sc.fold[:0]
	for i, p := range parts {
		if p.hole {
			continue
		}
		from := len(fold)
		fold = foldInto(fold, unsafeString(p.lit))
		lits = append(lits, litRef{part: i, from: from, to: len(fold), cased: p.lit})
		al.total += len(p.lit)
	}
	sc.lits, sc.fold = lits, fold
	k := len(lits)
	if k == 0 {
		// An opaque template: its first hole takes the whole message.
		for i, p := range parts {
			if p.hole {
				al.caps[i] = capture{0, int32(msg.noise)}
				break
			}
		}
		al.ok = true
		return true
	}
	capEnd := func(e int) int {
		if msg.noise >= e {
			return msg.noise
		}
		return n
	}
	occ := max(2, min(maxOcc, maxStates/k))
	// Where the message was cut: before a truncation marker, or its end.
	cut := n
	if msg.truncated {
		cut = msg.noise
	}
	states := sc.states[:0]
	starts := sc.starts[:0]
	for i := 0; i < k; i++ {
		starts = append(starts, len(states))
		l := fold[lits[i].from:lits[i].to]
		for _, at := range sc.occurrences(nf, l, occ) {
			states = append(states, state{lit: int32(i), start: at, end: at + int32(len(l))})
		}
		if p := sc.prefixSuffix(l, nf[:cut]); p > 0 && (msg.truncated || i < k-1 || lits[i].part < len(parts)-1 || hasWordByte(l[p:])) {
			states = append(states, state{lit: int32(i), start: int32(cut - p), end: int32(cut), partial: true})
		}
		var lead []part
		if i == 0 {
			lead = parts[:lits[0].part]
		} else {
			lead = parts[lits[i-1].part+1 : lits[i].part]
		}
		for si := starts[i]; si < len(states); si++ {
			st := &states[si]
			s := int(st.start)
			best, prev := float32(0), int32(-1)
			switch {
			case i > 0:
				best = -skipCost * float32(s)
			case len(lead) > 0:
				best = fitWeight * holeFit(lead, nf[:s])
			default:
				best = -unexplainedCost * prefixCost(msg.cased[:s])
			}
			if i > 0 {
				for pi := starts[i-1]; pi < starts[i]; pi++ {
					p := &states[pi]
					if p.partial || int(p.end) > s {
						continue
					}
					v := p.score + fitWeight*holeFit(lead, nf[p.end:s])
					if v > best {
						best, prev = v, int32(pi)
					}
				}
				for pi := 0; pi < starts[i-1]; pi++ {
					p := &states[pi]
					if p.partial || int(p.end) > s {
						continue
					}
					if v := p.score - skipCost*float32(s-int(p.end)); v > best {
						best, prev = v, int32(pi)
					}
				}
				sc.stats.Steps += starts[i] + 8
			}
			st.score, st.prev = best+float32(st.end-st.start), prev
		}
		if sc.stats.Steps > sc.budget {
			sc.states, sc.starts = states, starts
			return false
		}
	}
	sc.states, sc.starts = states, starts

	// The best last state, with what follows it.
	bestState, bestTotal := -1, float32(math.Inf(-1))
	for si := range states {
		st := &states[si]
		i := int(st.lit)
		tail := float32(0)
		switch {
		case st.partial:
		case i == k-1 && lits[i].part == len(parts)-1:
			tail = -unexplainedCost * suffixCost(msg.cased[st.end:max(int(st.end), msg.noise)])
		case i == k-1:
			tail = fitWeight * holeFit(parts[lits[i].part+1:], nf[st.end:capEnd(int(st.end))])
		default:
			tail = fitWeight * holeFit(parts[lits[i].part+1:lits[i+1].part], nf[st.end:capEnd(int(st.end))])
		}
		if v := st.score + tail; v > bestTotal {
			bestState, bestTotal = si, v
		}
	}
	if bestState < 0 {
		return true // no literal occurs: al.ok stays false
	}
	path := sc.path[:0]
	for si := int32(bestState); si >= 0; si = states[si].prev {
		path = append(path, si)
	}
	sc.path = path

	// Walk the chain from the first state, collecting figures and captures.
	al.ok = true
	al.lo, al.hi = states[path[len(path)-1]].start, states[path[0]].end
	var last *state
	for pi := len(path) - 1; pi >= 0; pi-- {
		st := &states[path[pi]]
		i := int(st.lit)
		lit := lits[i]
		al.matched += int(st.end - st.start)
		for x := range int(st.end - st.start) {
			if msg.cased[int(st.start)+x] != lit.cased[x] {
				al.caseMiss++
			}
		}
		switch {
		case last == nil && i == 0 && lit.part > 0:
			al.place(parts, 0, lit.part, 0, int(st.start), nf)
		case last == nil && i == 0:
			al.unexplained += prefixCost(msg.cased[:st.start])
		case last == nil:
			al.unexplained += 0.5 * float32(st.start)
		case int(last.lit) == i-1:
			al.place(parts, lits[i-1].part+1, lit.part, int(last.end), int(st.start), nf)
		default:
			al.unexplained += 0.5 * float32(st.start-last.end)
		}
		last = st
	}
	i := int(last.lit)
	e := int(last.end)
	for _, l := range lits[i+1:] {
		al.truncTail += len(l.cased)
	}
	switch {
	case last.partial:
		al.partial = true
		al.truncTail += len(lits[i].cased) - int(last.end-last.start)
	case i == k-1 && lits[i].part == len(parts)-1:
		al.unexplained += suffixCost(msg.cased[e:max(e, msg.noise)])
	case i == k-1:
		al.place(parts, lits[i].part+1, len(parts), e, capEnd(e), nf)
	default:
		al.place(parts, lits[i].part+1, lits[i+1].part, e, capEnd(e), nf)
	}
	al.query = max(1, msg.noise, e)
	return true
}

// hasWordByte reports whether b holds a letter or a digit (any byte of a
// multi-byte character counts). A message that stops where its template's
// last literal has punctuation alone left ("x is not a function" against a
// polyfill's "{it} is not a function!") was not cut: it is another text,
// unless it shows it was cut.
func hasWordByte(b []byte) bool { return slices.ContainsFunc(b, isWordByte) }

// occurrences returns where literal l occurs in nf, at most occ places in
// increasing order: all of them when there are no more, else the first
// and the last occ/2 (a separator that recurs inside a long value, ", "
// in an object's repr, occurs again after it, where the template's next
// hole begins).
func (sc *scratch) occurrences(nf, l []byte, occ int) []int32 {
	n := len(nf)
	out := sc.occ[:0]
	pos := 0
	for len(out) < occ && pos+len(l) <= n {
		j := bytes.Index(nf[pos:], l)
		sc.stats.Steps += (n-pos)/16 + 1
		if j < 0 {
			break
		}
		out = append(out, int32(pos+j))
		pos += j + 1
	}
	if len(out) < occ || pos+len(l) > n {
		sc.occ = out
		return out
	}
	// More may follow: the last ones, found from the end, replace the
	// first ones' second half.
	keep := occ - occ/2
	end := n
	var tail []int32
	for len(tail) < occ/2 {
		j := bytes.LastIndex(nf[:end], l)
		sc.stats.Steps += (end-max(0, j))/16 + 1
		if j < 0 || int32(j) <= out[keep-1] {
			break
		}
		tail = append(tail, int32(j))
		end = j + len(l) - 1
	}
	if len(tail) > 0 && tail[0] > out[len(out)-1] {
		// Some lie beyond the first occ: the last ones, in increasing
		// order, after the first keep.
		out = out[:keep]
		for k := len(tail) - 1; k >= 0; k-- {
			out = append(out, tail[k])
		}
	}
	sc.occ = out
	return out
}

// place records that the first hole among parts[lo:hi] captures
// nf[from:to] and adds its type fit.
func (al *alignment) place(parts []part, lo, hi, from, to int, nf []byte) {
	for j := lo; j < hi; j++ {
		if parts[j].hole {
			al.caps[j] = capture{int32(from), int32(to)}
			al.misfit += min(0, holeFit(parts[lo:hi], nf[from:to]))
			al.captured += to - from
			if parts[j].typ == tRepr && isStructured(bytes.TrimSpace(nf[from:to])) {
				al.structured += to - from
			}
			if parts[j].typ == tRepr && isQuoted(bytes.TrimSpace(nf[from:to])) {
				// The quotes repr() puts around a string are the
				// template's text as much as a literal's: a repr hole
				// and a str hole between literal quotes ("%r" and
				// "'%s'") explain the same message equally well.
				al.matched += 2
				al.total += 2
				al.captured -= 2
			}
			return
		}
	}
}

// prefixCost is the cost of a message prefix no template part accounts
// for: a wrapper that ends like "...: " or "... - " (another library's
// context) costs 30% of its bytes, anything else all of them.
func prefixCost(prefix []byte) float32 {
	p := bytes.TrimRight(prefix, " ")
	if len(p) == 0 {
		return 0
	}
	switch p[len(p)-1] {
	case ':', '-', '|', ']', '>', ')', ';', ',':
		return 0.3 * float32(len(prefix))
	}
	return float32(len(prefix))
}

// suffixCost is the cost of a message suffix no template part accounts
// for: a short position (", line:1, col:1" that liquidjs appends, " at
// line 2, column 1:" that yaml does, " (at line 3, column 5)") costs 10%
// of its bytes, since it tells where in the input, not what went wrong,
// and the shorter the message, the more of it it is; a parenthesised or
// bracketed remark (" [type=value_error]") that a library appends 30%;
// anything else all of them.
func suffixCost(suffix []byte) float32 {
	s := bytes.TrimSpace(suffix)
	if isPosition(s) {
		return 0.1 * float32(len(suffix))
	}
	if len(s) >= 2 && (s[0] == '(' && s[len(s)-1] == ')' || s[0] == '[' && s[len(s)-1] == ']') {
		return 0.3 * float32(len(suffix))
	}
	return float32(len(suffix))
}

// maxPosition is the longest suffix isPosition takes for a position.
const maxPosition = 48

// isPosition reports whether s, a message's unexplained end, only says
// where in the input the error is: "line" (or "row") and a number, with
// "col", "column", "char" or "position" and numbers, and punctuation.
func isPosition(s []byte) bool {
	lower := bytes.ToLower(s)
	if len(s) > maxPosition || !bytes.Contains(lower, []byte("line")) && !bytes.Contains(lower, []byte("row")) {
		return false
	}
	digits := false
	for _, w := range bytes.FieldsFunc(lower, func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '=' || r == '(' || r == ')' || r == '.'
	}) {
		switch string(w) {
		case "at", "on", "in", "line", "row", "col", "column", "char", "position", "pos", "offset":
			continue
		}
		if len(bytes.Trim(w, "0123456789")) > 0 {
			return false
		}
		digits = true
	}
	return digits
}

// prefixSuffix returns the length of the longest proper prefix of l (at most
// maxPartial bytes) that ends s: O(len(l)) steps.
func (sc *scratch) prefixSuffix(l, s []byte) int {
	m := min(len(l), maxPartial, len(s)+1)
	if m < 2 {
		return 0
	}
	// Most often few of the last bytes of s are l's first byte, and
	// trying each of them as the prefix's start, longest first, settles
	// it; past a few tries, the Knuth-Morris-Pratt failure function
	// bounds the work whatever the text.
	tail := s[len(s)-min(m, len(l)-1, len(s)):]
	for range 8 {
		i := bytes.IndexByte(tail, l[0])
		if i < 0 {
			sc.stats.Steps += 2 * m
			return 0
		}
		if bytes.HasPrefix(l, tail[i:]) {
			sc.stats.Steps += 2 * m
			return len(tail) - i
		}
		tail = tail[i+1:]
	}
	return sc.prefixSuffixKMP(l, s, m)
}

// prefixSuffixKMP is prefixSuffix by the Knuth-Morris-Pratt failure
// function, for m = min(len(l), maxPartial, len(s)+1).
func (sc *scratch) prefixSuffixKMP(l, s []byte, m int) int {
	p := l[:m]
	fail := sc.fail[:0]
	fail = append(fail, 0)
	for q, i := 0, 1; i < m; i++ {
		for q > 0 && p[q] != p[i] {
			q = int(fail[q-1])
		}
		if p[q] == p[i] {
			q++
		}
		fail = append(fail, int32(q))
	}
	sc.fail = fail
	q := 0
	for _, c := range s[max(0, len(s)-m):] {
		if q == m {
			q = int(fail[q-1])
		}
		for q > 0 && p[q] != c {
			q = int(fail[q-1])
		}
		if p[q] == c {
			q++
		}
	}
	sc.stats.Steps += 2 * m
	if q == len(l) {
		q = int(fail[q-1]) // a whole occurrence is found by the search
	}
	return q
}
