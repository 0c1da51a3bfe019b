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

func TestRuleSet(t *testing.T) {
	cfg, err := config.Parse([]byte("errors:\n  - {call: [Fail, ns::Abort]}\n  - {call: errors::NotFound, exception: Mine}\n"))
	if err != nil {
		t.Fatal(err)
	}
	rs := newRuleSet(config.Merge(builtinRules, cfg, "cpp"))
	for callee, want := range map[string]string{
		"Fail": "Fail", "obj->Fail": "Fail", "x::ns::Abort": "ns::Abort", "Abort": "", "assert": "assert",
		"tensorflow::errors::NotFound": "errors::NotFound", "NotFound": "", "PyErr_Format": "PyErr_Format", "format": "",
	} {
		r := rs.match(callee)
		got := ""
		if r != nil {
			got = r.Calls[0]
			for _, c := range r.Calls {
				if c == want {
					got = c
				}
			}
		}
		if got != want {
			t.Errorf("match(%q) = %q, want %q", callee, got, want)
		}
	}
	if r := rs.match("errors::NotFound"); r == nil || r.Exception != "Mine" {
		t.Errorf("the repository's rule does not replace the built-in one: %+v", r)
	}
}

// TestGoldenLink extracts files that call helpers of other files: each
// call that passes text for a helper's message is a site of the helper's
// exception (see link).
func TestGoldenLink(t *testing.T) {
	res := extracttest.Run(t, CPP, extracttest.Inputs(t, filepath.Join("testdata", "link"), "cpp", ".cc", ".h"))
	extracttest.Check(t, filepath.Join("testdata", "link.golden.json"), extracttest.View(res, true), *update)
}

// TestConstructors extracts throws of classes whose constructors, in
// another file, build the message, in files whose macros the grammar
// cannot read.
func TestConstructors(t *testing.T) {
	res := extracttest.Run(t, CPP, extracttest.Inputs(t, filepath.Join("testdata", "ctors"), "cpp", ".cc", ".h"))
	extracttest.Check(t, filepath.Join("testdata", "ctors.golden.json"), extracttest.View(res, true), *update)
}
