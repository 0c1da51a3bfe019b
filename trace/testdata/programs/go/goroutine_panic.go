package main

import (
	"strconv"
	"sync"
)

func parse(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		parse("12a") // panics: wg.Done is never reached, so main waits for the crash
		wg.Done()
	}()
	wg.Wait()
}
