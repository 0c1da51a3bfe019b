package match

import "testing"

func TestTypeFit(t *testing.T) {
	tests := []struct {
		typ  uint8
		v    string
		want float32
	}{
		{tInt, "42", 1},
		{tInt, "4.2", -1},
		{tFloat, "4.2", 1},
		{tRepr, "'abc'", 1},
		{tRepr, "b'\\x00'", 1},
		{tRepr, "'it's'", 1},                 // an apostrophe inside a word
		{tRepr, "'010' in '010.0.0.1'", 0.5}, // two reprs and the text between
		{tRepr, "[1, 2]", 1},
		{tRepr, "Attribute(name='x', default=0)", 1}, // an object printed as a call
		{tRepr, "datetime.date(2024, 1, 2)", 1},
		{tRepr, "f(x) and g(y)", -0.5}, // two calls and the text between
		{tRepr, "3", 0.5},
		{tRepr, "abc", -0.5},
		{tPath, "/etc/app.yaml", 1},
		{tStr, "a (b", -0.5},
		{tStr, "fine", 0},
		{tStr, "}", 0}, // a lone bracket is a value: unexpected '}'
		{tAny, "(", 0},
		{tError, "", -0.3},
		{tError, "unbalanced (", -0.5},
		{tError, "a wrapped message", float32(len("a wrapped message")) / 1024}, // longer captures preferred
	}
	for _, tt := range tests {
		if got := typeFit(tt.typ, []byte(tt.v)); got != tt.want {
			t.Errorf("typeFit(%s, %q) = %v, want %v", holeTypes[tt.typ], tt.v, got, tt.want)
		}
	}
}
