package main

import (
	"fmt"
	"slices"
)

// The runtime cases panic in a language operation: the compiler's checks
// (bounds, nil, division, conversion) or a runtime call it inserts (map
// assignment, close, channel send).

var sink any

func index(s []int, i int) int { return s[i] }

var runtimeCases = []tcase{
	{id: "runtime.index_out_of_range", panics: func() { sink = index([]int{1, 2, 3}, 5) }},
	{id: "runtime.slice_bounds", panics: func() {
		s := []byte("abc")
		n := 10
		sink = s[1:n]
	}},
	{id: "runtime.nil_map", panics: func() {
		var m map[string]int
		m["requests"]++
	}},
	{id: "runtime.nil_pointer", panics: func() {
		var p *page
		sink = p.Title
	}},
	{id: "runtime.divide_by_zero", panics: func() {
		a, b := 10, 0
		sink = a / b
	}},
	{id: "runtime.type_assertion", panics: func() {
		var v any = "8080"
		sink = v.(int)
	}},
	{id: "runtime.close_closed", panics: func() {
		ch := make(chan int)
		close(ch)
		close(ch)
	}},
	{id: "runtime.send_closed", panics: func() {
		ch := make(chan int, 1)
		close(ch)
		ch <- 1
	}},
	{id: "runtime.makeslice", panics: func() {
		n := -1
		sink = make([]int, n)
	}},
	{id: "slices.insert.range", panics: func() { sink = slices.Insert([]int{1, 2, 3}, 10, 4) }},
	{id: "program.panic", panics: func() { panic(fmt.Sprintf("unreachable state %d", 3)) }},
}
