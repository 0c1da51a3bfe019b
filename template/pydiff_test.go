package template

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// The differential tests run the real Python on each case and check that
// the template's literal text matches what Python prints, with holes
// standing where Python substituted values, and that a malformed format is
// reported where Python raises.

// Hole types, shortened for the tables.
const (
	anyT   = errdex.HoleAny
	strT   = errdex.HoleStr
	intT   = errdex.HoleInt
	floatT = errdex.HoleFloat
	reprT  = errdex.HoleRepr
)

// pyCase is one formatting case. Args are Python expressions; Known says
// which ones the Go side sees as statically known values (with the str()
// and repr() Python computes for them). Op is "tuple", "single", "dict"
// (Keys name the dict's keys) for %, or "format" (Keys name keyword
// arguments, positional ones have "").
type pyCase struct {
	Format string   `json:"format"`
	Op     string   `json:"op"`
	Args   []string `json:"args"`
	Keys   []string `json:"keys"`
	Known  []bool   `json:"-"`
}

// pyOutcome is what Python printed or raised, and the str() and repr() of
// each argument.
type pyOutcome struct {
	Out   string   `json:"out"`
	Error string   `json:"error"`
	Strs  []string `json:"strs"`
	Reprs []string `json:"reprs"`
}

const pyHarness = `
import json, sys
out = []
for c in json.load(sys.stdin):
    vals = [eval(a) for a in c["args"] or []]
    keys = c["keys"] or [""] * len(vals)
    r = {"strs": [str(v) for v in vals], "reprs": [repr(v) for v in vals], "out": "", "error": ""}
    try:
        op, f = c["op"], c["format"]
        if op == "tuple":
            r["out"] = f % tuple(vals)
        elif op == "single":
            r["out"] = f % vals[0]
        elif op == "dict":
            r["out"] = f % dict(zip(keys, vals))
        else:
            pos = [v for k, v in zip(keys, vals) if not k]
            kw = {k: v for k, v in zip(keys, vals) if k}
            r["out"] = f.format(*pos, **kw)
    except Exception as e:
        r["error"] = type(e).__name__ + ": " + str(e)
    out.append(r)
json.dump(out, sys.stdout)
`

// runPython evaluates the cases with python3, or skips the test when there
// is none.
func runPython(t *testing.T, cases []pyCase) []pyOutcome {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "-c", pyHarness)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	var res []pyOutcome
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	if len(res) != len(cases) {
		t.Fatalf("python3 returned %d outcomes for %d cases", len(res), len(cases))
	}
	return res
}

// caseArgs builds the Go arguments of a case from Python's outcome.
func caseArgs(c pyCase, o pyOutcome) []PyArg {
	args := make([]PyArg, len(c.Args))
	for i, expr := range c.Args {
		args[i] = PyArg{Expr: expr, Type: PyExprType(expr)}
		if i < len(c.Known) && c.Known[i] {
			s := errdex.NewTemplate(errdex.Lit(o.Strs[i]))
			r := errdex.NewTemplate(errdex.Lit(o.Reprs[i]))
			args[i].Str, args[i].Repr = &s, &r
		}
	}
	return args
}

// templateRegexp matches the texts a template can print: literal parts
// exactly, holes as any text.
func templateRegexp(t errdex.Template) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`^`)
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteString(`(?s:.*?)`)
			continue
		}
		b.WriteString(regexp.QuoteMeta(p.Text))
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

// checkAgainstPython compares one parse with Python's outcome.
func checkAgainstPython(t *testing.T, c pyCase, o pyOutcome, got errdex.Template, err error) {
	t.Helper()
	if o.Error != "" {
		if err == nil {
			t.Errorf("%q (%s %v): Python raises %s, parse reports nothing (template %q)", c.Format, c.Op, c.Args, o.Error, got)
		}
		return
	}
	if err != nil {
		t.Errorf("%q (%s %v): Python prints %q, parse reports %v", c.Format, c.Op, c.Args, o.Out, err)
	}
	if !templateRegexp(got).MatchString(o.Out) {
		t.Errorf("%q (%s %v): template %q does not match Python's %q", c.Format, c.Op, c.Args, got, o.Out)
	}
	for _, p := range got.Parts {
		if p.IsHole() && p.Hole == "" {
			t.Errorf("%q: unnamed hole in %q", c.Format, got)
		}
	}
}

// checkParse compares a parse with the expected parts and error.
func checkParse(t *testing.T, fn, format string, got errdex.Template, err error, want []errdex.Part, wantErr string) {
	t.Helper()
	if diff := cmp.Diff(errdex.NewTemplate(want...), got); diff != "" {
		t.Errorf("%s(%q) (-want +got):\n%s", fn, format, diff)
	}
	switch {
	case wantErr == "" && err != nil:
		t.Errorf("%s(%q) error = %v, want none", fn, format, err)
	case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
		t.Errorf("%s(%q) error = %v, want %q", fn, format, err, wantErr)
	}
}
