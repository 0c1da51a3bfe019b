package extract

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCallLog checks that a CallLog keeps each caller's first call of a
// callee, in order, and no more than Max.
func TestCallLog(t *testing.T) {
	l := CallLog{Max: 3}
	for _, c := range []NamedCall{
		{Callee: "check", Caller: "run", Line: 3},
		{Callee: "check", Caller: "run", Line: 9}, // the same caller and callee
		{Callee: "check", Caller: "main", Line: 4},
		{Callee: "parse", Caller: "run", Line: 5},
		{Callee: "open", Caller: "run", Line: 6}, // past Max
	} {
		l.Add(c)
	}
	want := []NamedCall{
		{Callee: "check", Caller: "run", Line: 3},
		{Callee: "check", Caller: "main", Line: 4},
		{Callee: "parse", Caller: "run", Line: 5},
	}
	if diff := cmp.Diff(want, l.Calls()); diff != "" {
		t.Errorf("Calls (-want +got):\n%s", diff)
	}
	if !l.Full() {
		t.Error("Full() = false with Max calls")
	}
}
