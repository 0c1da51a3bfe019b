package python

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errdex/errdex/extract"
)

// TestMessagesAgainstPython raises exceptions whose messages are fully
// known statically, in a file extracted by the real driver, and checks
// that each template is literal text equal to what Python prints for
// str(exception).
func TestMessagesAgainstPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	cases := []string{
		`ValueError("tab\there, newline\nthere, \x41\u00e9\U0001F600 \N{BULLET} \101 \\ \' \"")`,
		`ValueError(r"raw \n stays \d+ and \x41")`,
		`ValueError(b"bytes \x00\xff\x7f 'quoted' \\ \t")`,
		`ValueError(b'it"s')`,
		`ValueError("""first
    second with 'single' and "double"
""")`,
		`ValueError("a" 'b' f"c" """d""")`,
		`ValueError("part one, " \
"part two")`,
		`ValueError("continued \
here")`,
		`ValueError("%s: %d%% done, %r, %a, %c%c" % ("x", 3, "q", "é", 65, "z"))`,
		`ValueError("%(a)s-%(b)r" % {"a": "A", "b": 2})`,
		`ValueError("{} {!r} {!s} {{}} {0!a}".format("a", "b", "c") if False else "{} {!r} {!s} {{}}".format("a", "b", "c"))`,
		`ValueError("{x}+{y}".format(x="1", y=2))`,
		`ValueError(f"{'x'!r} {3} {'y'} {{}} {'é'!a} {f'{1}{2}'}")`,
		`ValueError("=" * 5 + "|" + 3 * "ab")`,
		`ValueError(", ".join(["a", "b", "c"]) + "|" + "".join(("x", "y")))`,
		`ValueError("  x  ".strip() + "|" + "--y--".strip("-") + "|" + "  z ".rstrip() + "|" + " w".lstrip())`,
		`ValueError(textwrap.dedent("""\
    a
      b

    c
    """))`,
		`ValueError(inspect.cleandoc("""
        first
            indented
        last
    """))`,
		`ValueError(str(1.5) + str(10) + str(True) + repr(None) + repr("it's") + repr('q"') + repr("\n\t\x01é\u200b") + repr(b"\x80'"))`,
		`ValueError(str(0x1F) + " " + str(1_000) + " " + str(1e20) + " " + str(1.5e-7) + " " + str(0.1) + " " + str(1e16) + " " + str(123456789012345678.0) + " " + str(0o17) + " " + str(0b101) + " " + str(2.50))`,
		`ValueError(("a", 1, None, "it's"))`,
		`ValueError(["x", 2.0])`,
		`ValueError(("single",))`,
		`ValueError("a", 1)`,
		`ValueError()`,
		`KeyError("k")`,
		`KeyError("it's")`,
		`OSError(2, "No such file or directory", "/tmp/x")`,
		`OSError(17, "File exists", "a", None, "b")`,
		`OSError(5, "I/O error")`,
		`ValueError(None or "fallback")`,
		`ValueError("" or "empty")`,
		`ValueError("kept" or "other")`,
		`ValueError(format("x") + format("y", "") + format(3, "d"))`,
		`ValueError("%.3s|%5s" % ("abcdef", "ab") if False else "plain")`,
		`ValueError("%c%c%c" % (65, "z", 0x263A))`,
		`ValueError("\u00e9\xe9\351")`,
		`ValueError("%s" % (("t",),))`,
	}
	dir := t.TempDir()
	var src strings.Builder
	src.WriteString("import textwrap\nimport inspect\n\n\ndef f():\n")
	for _, c := range cases {
		src.WriteString("    raise " + strings.ReplaceAll(c, "\n", "\n") + "\n")
	}
	file := filepath.Join(dir, "cases.py")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(py, "-c", `
import json, sys, textwrap, inspect
print(json.dumps([str(eval(c)) for c in json.load(sys.stdin)]))
`)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	res := run(t, []extract.Input{{Path: "cases.py", Language: "python", Read: func() ([]byte, error) { return os.ReadFile(file) }}})
	if len(res.Sites) != len(cases) {
		t.Fatalf("got %d sites for %d cases; problems %v", len(res.Sites), len(cases), res.Files[0].Problems)
	}
	for i, s := range res.Sites {
		if len(s.Template.Holes()) > 0 || len(s.Alternatives) > 0 {
			t.Errorf("raise %s: template %q has holes or alternatives %v, want literal %q", cases[i], s.Message(), s.Alternatives, want[i])
			continue
		}
		if got := s.Message(); got != want[i] {
			t.Errorf("raise %s:\n got %q\nwant %q", cases[i], got, want[i])
		}
	}
}
