package java

import "testing"

// TestArityAccepts checks which numbers of arguments a method's arity
// takes: its own count, and with varargs one fewer or any more.
func TestArityAccepts(t *testing.T) {
	tests := []struct {
		a    Arity
		args int
		want bool
	}{
		{Arity{Params: 0}, 0, true},
		{Arity{Params: 0}, 1, false},
		{Arity{Params: 1}, 0, false},
		{Arity{Params: 2}, 2, true},
		{Arity{Params: 2, Varargs: true}, 1, true},
		{Arity{Params: 2, Varargs: true}, 5, true},
		{Arity{Params: 2, Varargs: true}, 0, false},
	}
	for _, tt := range tests {
		if got := tt.a.Accepts(tt.args); got != tt.want {
			t.Errorf("%+v.Accepts(%d) = %v; want %v", tt.a, tt.args, got, tt.want)
		}
	}
}
