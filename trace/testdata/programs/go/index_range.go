package main

import "fmt"

func pick(xs []int, i int) int {
	return xs[i]
}

func main() {
	fmt.Println(pick([]int{1, 2, 3}, 5))
}
