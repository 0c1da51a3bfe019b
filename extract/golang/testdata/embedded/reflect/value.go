package reflect

import "strconv"

// ValueError's message reads its Kind through Kind's String method, which
// returns an entry of a table: the entries are not ValueError's sites.
type ValueError struct {
	Method string
	Kind   Kind
}

func (e *ValueError) Error() string {
	return "reflect: call of " + e.Method + " on " + e.Kind.String() + " Value"
}

type Kind uint

func (k Kind) String() string {
	if uint(k) < uint(len(kindNames)) {
		return kindNames[uint(k)]
	}
	return "kind" + strconv.Itoa(int(k))
}

var kindNames = []string{
	"invalid",
	"bool",
	"string",
}

func mustBe(k Kind) {
	panic(&ValueError{Method: "reflect.Value.Field", Kind: k})
}
