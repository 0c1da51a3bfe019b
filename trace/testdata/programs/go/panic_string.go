package main

import "fmt"

type server struct{ workers int }

func (s *server) start() {
	if s.workers <= 0 {
		panic(fmt.Sprintf("server: invalid worker count %d", s.workers))
	}
}

func main() {
	s := &server{}
	s.start()
}
