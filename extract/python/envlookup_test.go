package python

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/errdex/errdex"
)

// TestEnvLookups checks the fixture's rule: exactly the lookups of
// variables named SITE_* are sites, each a KeyError of its quoted name.
func TestEnvLookups(t *testing.T) {
	src, err := os.ReadFile("testdata/env_lookup.py")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`["'](SITE_[A-Z_]+)["']`).FindAllStringSubmatch(string(src), -1) {
		if !slices.Contains(want, m[1]) {
			want = append(want, m[1])
		}
	}
	var got []string
	for _, s := range extractSource(t, string(src)).Sites {
		if s.Kind != errdex.KindEnvLookup {
			t.Errorf("line %d: kind %q, want only env lookups in the fixture", s.Location.Line, s.Kind)
			continue
		}
		if s.Exception != "KeyError" || s.Message() != "'"+s.EnvVariable()+"'" {
			t.Errorf("line %d: %s: %q, want KeyError: '%s'", s.Location.Line, s.Exception, s.Message(), s.EnvVariable())
		}
		got = append(got, s.EnvVariable())
	}
	if !slices.Equal(got, want) {
		t.Errorf("env lookups %q, want %q", got, want)
	}
}

// TestEnvLookupImports checks that only os.environ counts, through the
// file's own imports.
func TestEnvLookupImports(t *testing.T) {
	tests := []struct {
		name, src string
		sites     int
	}{
		{"import os", "import os\nx = os.environ['A_B']\n", 1},
		{"import os as", "import os as system\nx = system.environ['A_B']\n", 1},
		{"from os import", "from os import environ\nx = environ['A_B']\n", 1},
		{"from os import as", "from os import environ as env\nx = env['A_B']\n", 0}, // not written environ
		{"not imported", "x = os.environ['A_B']\n", 0},
		{"local environ", "environ = {}\nx = environ['A_B']\n", 0},
		{"other module", "import flask\nx = flask.request.environ['A_B']\n", 0},
		{"not a name", "import os\nx = os.environ['A B']\n", 0},
		{"tuple key", "import os\nx = os.environ['A', 'B']\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := len(extractSource(t, tt.src).Sites); got != tt.sites {
				t.Errorf("%d sites, want %d", got, tt.sites)
			}
		})
	}
}
