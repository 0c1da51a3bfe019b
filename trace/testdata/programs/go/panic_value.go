package main

type state struct {
	Name  string
	Count int
}

func main() {
	panic(state{Name: "draining", Count: 3})
}
