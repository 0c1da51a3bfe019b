package main

import "fmt"

type node struct {
	next *node
	val  int
}

func last(n *node) int {
	for n.next != nil {
		n = n.next
	}
	return n.val
}

func main() {
	var n *node
	fmt.Println(last(n))
}
