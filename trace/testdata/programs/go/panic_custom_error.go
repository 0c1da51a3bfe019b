package main

import "fmt"

type ValidationError struct {
	Field string
	Value int
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("invalid %s: %d must be positive", e.Field, e.Value)
}

func validate(n int) error {
	if n <= 0 {
		return &ValidationError{Field: "replicas", Value: n}
	}
	return nil
}

func main() {
	if err := validate(-2); err != nil {
		panic(err)
	}
}
