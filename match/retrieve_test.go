package match

import (
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
