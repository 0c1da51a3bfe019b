package match

import (
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
	genBudget = 1 << 16
	// keepCandidates bounds the candidates scored by the common words.
	keepCandidates = 1024
)

type qtok struct {
	id  uint32
	df  int
	idf float32
}

// retrieve finds the entries whose templates share the most weight of
// words with the message, scored by a Dice coefficient over idf weights:
// 2·shared / (message words + template words). It returns at most limit
// entries (limit), best first, in sc.cands.
func (ix *Index) retrieve(sc *scratch, limit int) {
	sc.cands = sc.cands[:0]
	sc.qtoks = sc.qtoks[:0]
	f := sc.msg.folded
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
			slices.SortFunc(touched, func(a, b uint32) int { return cmp.Or(cmp.Compare(acc[b], acc[a]), cmp.Compare(a, b)) })
			for _, e := range touched[keepCandidates:] {
				acc[e] = 0
			}
			touched = touched[:keepCandidates]
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
	for _, e := range touched {
		w := ix.entries[e].weight
		sc.cands = append(sc.cands, cand{entry: e, pre: 2 * acc[e] / (qw + w)})
		acc[e] = 0
	}
	sc.touched, sc.deferred = touched[:0], deferred[:0]
	slices.SortFunc(sc.cands, func(a, b cand) int { return cmp.Or(cmp.Compare(b.pre, a.pre), cmp.Compare(a.entry, b.entry)) })
	if len(sc.cands) > limit {
		sc.cands = sc.cands[:limit]
	}
}

// cand is a retrieved entry with its retrieval score.
type cand struct {
	entry uint32
	pre   float32
}
