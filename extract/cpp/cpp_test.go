package cpp

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/extract/extracttest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestGoldenC(t *testing.T) {
	extracttest.GoldenDir(t, "testdata", ".c", C, *update)
}

func TestGoldenCPP(t *testing.T) {
	extracttest.GoldenDir(t, "testdata", ".cc", CPP, *update)
}

// TestConfigured extracts a repository with its own .errdex.yaml: its
// rules add sites, replace a built-in rule, and leave the others.
func TestConfigured(t *testing.T) {
	root := filepath.Join("testdata", "configured")
	cfg, err := config.Load(context.Background(), os.DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	res := extracttest.Run(t, New("cpp", cfg), extracttest.Inputs(t, root, "cpp", ".cc"))
	extracttest.Check(t, filepath.Join("testdata", "configured.golden.json"), extracttest.View(res, true), *update)
}

// TestBuiltinRules checks that the built-in rules parse and every one
// applies to C or C++.
func TestBuiltinRules(t *testing.T) {
	if len(builtinRules) < 40 {
		t.Fatalf("%d built-in rules", len(builtinRules))
	}
	for _, r := range builtinRules {
		if len(config.Merge([]config.Rule{r}, nil, "c"))+len(config.Merge([]config.Rule{r}, nil, "cpp")) == 0 {
			t.Errorf("rule for %v applies to no language", r.Calls)
		}
	}
}
