package match

// Sentinels. A Go package defines an error once (`var EOF =
// errors.New("EOF")`) and returns that value from many places; the
// extractor records the definition as a site, with the returns as its
// facts, and a site that raises the value itself (`panic(io.EOF)` in fmt's
// scanner) as a site whose message is the sentinel's, citing the
// definition (errdex.FactWraps). Both then match the message alike. An
// exported sentinel is what a package returns to its users, from many
// places: its definition is where the error was made, whichever of its
// uses raised it, and it comes first among them. An unexported one
// exists for the few places that raise it (runtime's divideError, which
// panicdivide panics with when compiled code divides by zero): they come
// first, as the priors order them.

// sentinelFirst puts each sentinel's definition before the tied sites
// among sc.found[:tied] that raise it, keeping the order otherwise.
func (sc *scratch) sentinelFirst(ix *Index, tied int) {
	if len(ix.sentinelOf) == 0 || tied < 2 {
		return
	}
	for i := 0; i < tied; i++ {
		def, ok := ix.sentinelOf[sc.found[i].site]
		if !ok {
			continue
		}
		for k := i + 1; k < tied; k++ {
			if sc.found[k].site == def {
				c := sc.found[k]
				copy(sc.found[i+1:k+1], sc.found[i:k])
				sc.found[i] = c
				i++ // the use, now one further on
				break
			}
		}
	}
}
