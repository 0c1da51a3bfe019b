package match

import (
	"bytes"
	"cmp"
	"slices"
)

// Retrieval budgets. Tokens are visited rarest first; a token whose posting
// list no longer fits the generation budget only adds weight to candidates
// already found, by binary search, instead of adding new ones.
const (
	// maxQueryTokens is the most distinct message words looked at (the
	// rarest ones).
	maxQueryTokens = 64
	// genBudget bounds the posting entries read to generate candidates.
	genBudget = 1 << 15
	// keepCandidates bounds the candidates scored by the common words.
	keepCandidates = 1024
	// A wrapper's template (one with an error hole: "{exc} at position
	// {pos}") shows few words of its own, so a long message holding
	// another error's words ranks it low by the Dice coefficient. Up to
	// maxWrappers wrappers whose words make up at least wrapperCover of
	// their weight in the message are verified beyond the limit.
	maxWrappers  = 16
	wrapperCover = 0.999
)

type qtok struct {
	id  uint32
	df  int
	idf float32
}

// retrieve finds the entries whose templates share the most weight of
// words with the message from its byte from on (0: the whole message),
// scored by a Dice coefficient over idf weights: 2·shared / (message
// words + template words). It returns at most limit entries (limit), best
// first, in sc.cands.
func (ix *Index) retrieve(sc *scratch, limit, from int) {
	sc.cands = sc.cands[:0]
	sc.qtoks = sc.qtoks[:0]
	f := sc.msg.folded[from:]
	eachToken(unsafeString(f), false, false, func(start, end int) {
		if id, ok := ix.token(f[start:end]); ok {
			sc.qtoks = append(sc.qtoks, qtok{id: id})
		}
		sc.stats.Steps++
	})
	slices.SortFunc(sc.qtoks, func(a, b qtok) int { return cmp.Compare(a.id, b.id) })
	sc.qtoks = slices.CompactFunc(sc.qtoks, func(a, b qtok) bool { return a.id == b.id })
	for i := range sc.qtoks {
		t := &sc.qtoks[i]
		t.df = len(ix.postings(t.id))
		t.idf = ix.idf[t.id]
	}
	slices.SortFunc(sc.qtoks, func(a, b qtok) int { return cmp.Or(cmp.Compare(a.df, b.df), cmp.Compare(a.id, b.id)) })
	sc.stats.Words = len(sc.qtoks)
	if len(sc.qtoks) > maxQueryTokens {
		sc.qtoks = sc.qtoks[:maxQueryTokens]
	}
	if len(sc.qtoks) == 0 {
		return
	}
	if len(sc.acc) < len(ix.entries) {
		sc.acc = make([]float32, len(ix.entries))
	}
	acc := sc.acc
	touched := sc.touched[:0]
	deferred := sc.deferred[:0]
	visited := 0
	qw := float32(0)
	for _, t := range sc.qtoks {
		qw += t.idf
		list := ix.postings(t.id)
		if len(touched) > 0 && visited+len(list) > genBudget {
			deferred = append(deferred, t)
			continue
		}
		if n := genBudget - visited; len(list) > n {
			list = list[:max(n, 4096)] // the lightest templates
			sc.stats.Truncated = true
		}
		for _, e := range list {
			if acc[e] == 0 {
				touched = append(touched, e)
			}
			acc[e] += t.idf
		}
		visited += len(list)
	}
	sc.stats.Postings += visited
	if len(deferred) > 0 {
		if len(touched) > keepCandidates {
			cs := sc.cands[:0]
			for _, e := range touched {
				cs = append(cs, cand{entry: e, pre: acc[e]})
			}
			selectTop(cs, keepCandidates)
			for _, c := range cs[keepCandidates:] {
				acc[c.entry] = 0
			}
			touched = touched[:0]
			for _, c := range cs[:keepCandidates] {
				touched = append(touched, c.entry)
			}
			sc.cands = cs[:0]
		}
		slices.Sort(touched)
		for _, t := range deferred {
			list := ix.postings(t.id)
			j := 0
			for _, e := range touched {
				k, found := slices.BinarySearch(list[j:], e)
				j += k
				sc.stats.Postings += 16
				if found {
					acc[e] += t.idf
				}
				if j >= len(list) {
					break
				}
			}
		}
	}
	wrappers := sc.wrappers[:0]
	for _, e := range touched {
		w := ix.entries[e].weight
		rank := ix.entries[e].rank
		sc.cands = append(sc.cands, cand{entry: e, pre: 2 * acc[e] / (qw + w), rank: rank})
		if ix.entries[e].wrapper && acc[e] >= w*wrapperCover {
			wrappers = append(wrappers, cand{entry: e, pre: acc[e], rank: rank})
		}
		acc[e] = 0
	}
	sc.touched, sc.deferred = touched[:0], deferred[:0]
	if len(sc.cands) > limit {
		selectTop(sc.cands, limit)
		sc.cands = sc.cands[:limit]
		// Wrappers whose words the message holds all, beyond the limit:
		// the heaviest few, the likeliest first among equals (see
		// maxWrappers): "open {name}: {err}" is written in dozens of
		// places.
		if len(wrappers) > maxWrappers {
			selectTop(wrappers, maxWrappers)
			wrappers = wrappers[:maxWrappers]
		}
		for _, w := range wrappers {
			if !slices.ContainsFunc(sc.cands, func(c cand) bool { return c.entry == w.entry }) {
				sc.cands = append(sc.cands, cand{entry: w.entry})
			}
		}
	}
	sc.wrappers = wrappers[:0]
	slices.SortFunc(sc.cands, func(a, b cand) int { return cmp.Or(cmp.Compare(b.pre, a.pre), cmp.Compare(a.entry, b.entry)) })
}

// better orders candidates: higher score first, then higher rank (the
// likelier wrapper), then lower entry number (the lighter template).
func better(a, b cand) bool {
	return a.pre > b.pre || a.pre == b.pre && (a.rank > b.rank || a.rank == b.rank && a.entry < b.entry)
}

// selectTop reorders cs so that its first k elements are the k best (in no
// particular order). When they are few among many (the candidates
// verified), they are kept as a heap with the worst of them at the root,
// which each later candidate is compared with, and replaces when it is
// better: O(len(cs) + m·log k) for the m candidates that enter, few when
// the best come early, as retrieval finds them (the rarest words first).
// Otherwise quickselect takes O(len(cs)) (see BenchmarkSelectTop).
func selectTop(cs []cand, k int) {
	if k <= 0 || k >= len(cs) {
		return
	}
	if len(cs) < 8*k {
		quickselectTop(cs, k)
		return
	}
	top := cs[:k]
	for i := k/2 - 1; i >= 0; i-- {
		siftWorst(top, i)
	}
	for j := k; j < len(cs); j++ {
		if better(cs[j], top[0]) {
			top[0], cs[j] = cs[j], top[0]
			siftWorst(top, 0)
		}
	}
}

// siftWorst moves h[i] down the heap h until it is worse than neither of
// its children: the root of h is then its worst candidate.
func siftWorst(h []cand, i int) {
	for {
		worst := i
		if l := 2*i + 1; l < len(h) && better(h[worst], h[l]) {
			worst = l
		}
		if r := 2*i + 2; r < len(h) && better(h[worst], h[r]) {
			worst = r
		}
		if worst == i {
			return
		}
		h[i], h[worst] = h[worst], h[i]
		i = worst
	}
}

// quickselectTop is selectTop by quickselect: O(len(cs)) expected, with a
// median-of-three pivot and a fall back to sorting when partitions stay
// lopsided.
func quickselectTop(cs []cand, k int) {
	lo, hi := 0, len(cs)
	for rounds := 0; hi-lo > 16 && rounds < 64; rounds++ {
		m := lo + (hi-lo)/2
		a, b, c := cs[lo], cs[m], cs[hi-1]
		pivot := b
		switch {
		case better(a, b) == better(b, c):
			pivot = b
		case better(b, a) == better(a, c):
			pivot = a
		default:
			pivot = c
		}
		// Three-way partition: better than pivot, equal, worse.
		i, j, n := lo, lo, hi
		for j < n {
			switch {
			case better(cs[j], pivot):
				cs[i], cs[j] = cs[j], cs[i]
				i++
				j++
			case better(pivot, cs[j]):
				n--
				cs[j], cs[n] = cs[n], cs[j]
			default:
				j++
			}
		}
		switch {
		case k < i:
			hi = i
		case k <= n:
			return
		default:
			lo = n
		}
	}
	slices.SortFunc(cs[lo:hi], func(a, b cand) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
}

// cand is a retrieved entry with its retrieval score.
type cand struct {
	entry uint32
	pre   float32
	// rank breaks ties of pre: the site's prior (see Index.priorRank),
	// so that of more equal candidates than are verified, those of the
	// likelier copies are (a package's modules before its bundles, which
	// may repeat a message a hundred times).
	rank uint32
}

// verifyCands verifies the candidates retrieve found, best first, while
// the budget lasts.
func (sc *scratch) verifyCands(ix *Index) {
	for _, c := range sc.cands {
		e := ix.entries[c.entry]
		if !sc.verify(ix, e.site, int(e.alt), e.tmpl, e.weight, false) {
			return
		}
	}
}

// bestText returns the best text score of the candidates verified so
// far, 0 when none.
func (sc *scratch) bestText() float64 {
	best := 0.0
	for i := range sc.found {
		best = max(best, sc.found[i].text)
	}
	return best
}

// nextLayer returns the offset in the folded message f of the text after
// its first separator ": " at or after from that has text after it: the
// next inner layer of an error chain; -1 when there is none.
func nextLayer(f []byte, from int) int {
	if from >= len(f) {
		return -1
	}
	j := bytes.Index(f[from:], []byte(": "))
	if j < 0 || from+j+2 >= len(f) {
		return -1
	}
	return from + j + 2
}
