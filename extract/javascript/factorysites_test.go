package javascript

import (
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// TestFactoryCitations checks that a throw of a call of a factory of the
// file cites the factory's construction, itself a site, as its helper.
func TestFactoryCitations(t *testing.T) {
	src := `function endOfData(end) {
  let error = new Error('Unexpected end of data');
  error.incomplete = true;
  return error;
}
function read(src) {
  if (!src.length) throw endOfData();
  if (src.length < 2) throw endOfData(2);
  throw new Error('not a factory');
}
`
	res := extracttest.Run(t, Extractor, []extract.Input{{Path: "unpack.js", Language: "javascript", Read: func() ([]byte, error) { return []byte(src), nil }}})
	cites := map[int]int{}
	for _, s := range res.Sites {
		for _, f := range s.Provenance {
			if f.Kind == errdex.FactHelper {
				cites[s.Location.Line] = f.Location.Line
			}
		}
	}
	want := map[int]int{7: 2, 8: 2}
	if len(cites) != len(want) || cites[7] != 2 || cites[8] != 2 {
		t.Errorf("helper citations by line %v, want %v", cites, want)
	}
	found := false
	for _, s := range res.Sites {
		found = found || s.Location.Line == 2 && s.Message() == "Unexpected end of data"
	}
	if !found {
		t.Errorf("no site at the factory's construction (line 2)")
	}
}
