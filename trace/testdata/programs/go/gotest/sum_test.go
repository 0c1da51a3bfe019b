package sum

import "testing"

func Sum(xs []int) int {
	total := 0
	for i := 0; i <= len(xs); i++ {
		total += xs[i]
	}
	return total
}

func TestSum(t *testing.T) {
	if got := Sum([]int{1, 2}); got != 3 {
		t.Fatalf("Sum = %d, want 3", got)
	}
}
