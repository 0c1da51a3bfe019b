package match

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/errdex/errdex"
)

// Calls of one helper. Code often builds an error in one helper and calls
// it from many places with the words that differ (os's f.wrapErr("write",
// e) from File.Write, WriteAt and ReadFrom). Each call is a site, with the
// helper's template and the call's words filled in, and the helper's own
// construction is a site too. When a message matches several calls of one
// helper equally well, nothing tells which call ran; the helper is the one
// place they share, the code that built the error whichever call it was.
// So it is put first, with their score, and its reasons say which calls it
// stands for; the calls follow it, still tied. Only a helper in the same
// file as the calls counts: a file's own helper (os's File.wrapErr, xml's
// Decoder.syntaxError) is part of the code that failed, while a generic
// constructor shared across a library (os.NewSyscallError, called from
// net's connect and listen) says less than any of its calls.

// citeRef is the place of another site that a site's provenance cites:
// its helper, or the sentinel it raises.
type citeRef struct {
	site       uint32
	repo, path string
	line       uint32
}

// citation returns the first fact of site s of the given kind that cites
// a place.
func citation(s *errdex.Site, kind string) (errdex.Fact, bool) {
	for _, f := range s.Provenance {
		if f.Kind == kind && f.Location.Path != "" && f.Location.Line > 0 {
			return f, true
		}
	}
	return errdex.Fact{}, false
}

// resolve maps each citing site of refs to the cited site: the first site
// at the cited line of the cited file of the same repository. Citations
// of code that is not a site are dropped; the map is nil when none is
// left.
func (b *Builder) resolve(refs []citeRef) map[uint32]uint32 {
	ix := b.ix
	var out map[uint32]uint32
	for _, h := range refs {
		b.key = append(append(append(b.key[:0], h.repo...), 0), h.path...)
		f, ok := b.files[string(b.key)]
		if !ok {
			continue
		}
		run := ix.fileSites[ix.files[f].first : ix.files[f].first+ix.files[f].n]
		i, found := slices.BinarySearchFunc(run, h.line, func(s, line uint32) int {
			return cmp.Compare(ix.sites[s].line, line)
		})
		if !found || run[i] == h.site {
			continue
		}
		if out == nil {
			out = map[uint32]uint32{}
		}
		out[h.site] = run[i]
	}
	return out
}

// maxHelpers bounds the helpers verified for one query.
const maxHelpers = 8

// verifyHelpers makes candidates of the helpers that the candidates found
// so far call, at most maxHelpers of them: a helper's template is mostly
// holes ("{op} {name}: {err}") and retrieval by its words rarely finds it.
func (sc *scratch) verifyHelpers(ix *Index) {
	if len(ix.helperOf) == 0 {
		return
	}
	done := 0
	for i, n := 0, len(sc.found); i < n && done < maxHelpers; i++ {
		h, ok := ix.helperOf[sc.found[i].site]
		if !ok {
			continue
		}
		if _, seen := sc.bySite[h]; seen {
			continue
		}
		done++
		if !sc.verifySite(ix, h) {
			return
		}
	}
}

// helperCount counts the tied calls of one helper (see promoteHelper).
type helperCount struct {
	helper uint32
	calls  int
}

// minHelperCalls is how many tied calls of one helper put it first.
const minHelperCalls = 2

// promoteHelper puts first the helper whose calls make up at least
// minHelperCalls of the tied first candidates, sc.found[:tied], when the
// helper is a candidate too (see above). It returns the new number of tied
// candidates and the number of calls the first one stands for (0 when
// nothing moved).
func (sc *scratch) promoteHelper(ix *Index, tied int) (int, int) {
	if len(ix.helperOf) == 0 || tied < minHelperCalls {
		return tied, 0
	}
	// Calls per helper of their own file, in order of first call.
	counts := sc.helperCalls[:0]
	for i := range tied {
		s := sc.found[i].site
		h, ok := ix.helperOf[s]
		if !ok || ix.sites[h].file != ix.sites[s].file {
			continue
		}
		k := slices.IndexFunc(counts, func(c helperCount) bool { return c.helper == h })
		if k < 0 {
			k = len(counts)
			counts = append(counts, helperCount{helper: h})
		}
		counts[k].calls++
	}
	sc.helperCalls = counts
	helper, calls := uint32(0), 0
	for _, c := range counts {
		if c.calls > calls {
			helper, calls = c.helper, c.calls
		}
	}
	if calls < minHelperCalls {
		return tied, 0
	}
	// sc.bySite holds positions from before the candidates were sorted.
	k := slices.IndexFunc(sc.found, func(c siteCand) bool { return c.site == helper })
	if k < 0 || k < tied && ix.sites[helper].family&famJS == 0 {
		return tied, 0 // not a candidate, or already tied with its calls
	}
	c := sc.found[k]
	c.score = sc.found[0].score
	copy(sc.found[1:k+1], sc.found[:k])
	sc.found[0] = c
	if k < tied {
		// A JavaScript factory tied with its calls (function
		// invalidChar(c) { return syntaxError(`JSON5: invalid
		// character ...`) }, thrown whole by throw invalidChar(c)):
		// first among them, as the line a Node stack names first.
		return tied, calls
	}
	return tied + 1, calls
}

// helperReason says which calls the first match stands for.
func helperReason(calls int) string {
	return fmt.Sprintf("%d calls of this helper match equally well: it builds the error whichever of them ran", calls)
}
