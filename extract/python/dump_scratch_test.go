package python

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/errdex/errdex/extract"
)

func TestDumpScratch(t *testing.T) {
	out := os.Getenv("DUMP")
	if out == "" {
		t.Skip()
	}
	ins := stdlibInputs(t, stdlibRoot(t), os.Getenv("TESTS") != "")
	res, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
		for _, in := range ins {
			if !yield(in) {
				return
			}
		}
	}, extract.Options{Repo: "cpython", Extractors: []*extract.Extractor{Extractor}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Sites {
		s.Snippet = nil
	}
	probs := map[string][]string{}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			probs[f.Path] = f.Problems
		}
	}
	b, _ := json.Marshal(map[string]any{"sites": res.Sites, "problems": probs})
	os.WriteFile(out, b, 0o644)
}
