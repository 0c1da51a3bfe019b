package match

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSelectTop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 5, 17, 100, 1000, 5000} {
		for _, distinct := range []int{1, 3, 50, 1 << 30} {
			cs := make([]cand, n)
			for i := range cs {
				cs[i] = cand{entry: uint32(i), pre: float32(r.IntN(distinct))}
			}
			r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
			sorted := slices.Clone(cs)
			slices.SortFunc(sorted, func(a, b cand) int {
				if better(a, b) {
					return -1
				}
				return 1
			})
			for _, k := range []int{0, 1, 10, n / 2, n} {
				if k > n {
					continue
				}
				got := slices.Clone(cs)
				selectTop(got, k)
				top := got[:k]
				slices.SortFunc(top, func(a, b cand) int {
					if better(a, b) {
						return -1
					}
					return 1
				})
				if !slices.Equal(top, sorted[:k]) {
					t.Fatalf("n=%d distinct=%d k=%d: top differs", n, distinct, k)
				}
			}
		}
	}
}

// BenchmarkSelectTop selects the best candidates as retrieve does: the
// verified ones (64) or those kept for the common words (1024), among
// candidates scored in random order or in the order retrieval finds them
// (the best mostly first: the rarest words' templates come first).
func BenchmarkSelectTop(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		n, k   int
		sorted bool
	}{{2000, 64, false}, {2000, 64, true}, {8000, 1024, false}} {
		cs := make([]cand, c.n)
		for i := range cs {
			cs[i] = cand{entry: uint32(i), pre: r.Float32()}
		}
		if c.sorted {
			slices.SortFunc(cs, func(a, b cand) int {
				if better(a, b) {
					return -1
				}
				return 1
			})
			for i := range cs { // roughly: swap a tenth at random
				if r.IntN(10) == 0 {
					j := r.IntN(len(cs))
					cs[i], cs[j] = cs[j], cs[i]
				}
			}
		}
		name := fmt.Sprintf("n=%d/k=%d/random", c.n, c.k)
		if c.sorted {
			name = fmt.Sprintf("n=%d/k=%d/mostly-best-first", c.n, c.k)
		}
		b.Run(name, func(b *testing.B) {
			work := make([]cand, len(cs))
			for b.Loop() {
				copy(work, cs)
				selectTop(work, c.k)
			}
		})
	}
}
