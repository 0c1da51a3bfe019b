package cpp

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// messageRegexp matches the messages a template can print: literal parts
// exactly, holes as any text; prefix allows text before the template (a
// program name, a log prefix).
func messageRegexp(t errdex.Template, prefix bool) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	if prefix {
		b.WriteString("(?s:.*?)")
	}
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteString("(?s:.+?)")
			continue
		}
		b.WriteString(regexp.QuoteMeta(p.Text))
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// siteWith returns the one site whose message contains text.
func siteWith(t *testing.T, res *extract.Result, text string) *errdex.Site {
	t.Helper()
	var found *errdex.Site
	for _, s := range res.Sites {
		if strings.Contains(s.Message(), text) {
			if found != nil {
				t.Fatalf("two sites contain %q: %q and %q", text, found.Message(), s.Message())
			}
			found = s
		}
	}
	if found == nil {
		t.Fatalf("no site contains %q", text)
	}
	return found
}

// TestCPythonIntError checks that the PyErr_Format site of a CPython-style
// fixture yields the template Python prints: the real python3's message
// for int('x') matches it, and the exception agrees.
func TestCPythonIntError(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	out, err := exec.Command(py, "-c", "int('x')").CombinedOutput()
	if err == nil {
		t.Fatal("int('x') did not fail")
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	exc, msg, ok := strings.Cut(lines[len(lines)-1], ": ")
	if !ok {
		t.Fatalf("unexpected python3 output %q", out)
	}
	res := extracttest.Run(t, C, extracttest.Inputs(t, "testdata", "c", "longobject.c"))
	s := siteWith(t, res, "invalid literal for int()")
	if s.Exception != exc {
		t.Errorf("exception %q, Python raised %q", s.Exception, exc)
	}
	if !messageRegexp(s.Template, false).MatchString(msg) {
		t.Errorf("template %q does not match Python's message %q", s.Message(), msg)
	}
	holes := s.Template.Holes()
	if len(holes) != 2 || holes[0].Type != errdex.HoleInt || holes[1].Type != errdex.HoleRepr {
		t.Errorf("holes %+v, want an int (the base) and a repr (the string)", holes)
	}
}

// compile builds src with the compiler and returns the program's path.
func compile(t *testing.T, compiler, name, src string) string {
	t.Helper()
	cc, err := exec.LookPath(compiler)
	if err != nil {
		t.Skipf("%s not found", compiler)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "prog")
	if out, err := exec.Command(cc, "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", compiler, err, out)
	}
	return bin
}

// runFailing runs a program that must fail and returns its standard
// error.
func runFailing(t *testing.T, bin string, args ...string) string {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Fatalf("%s %v did not fail", bin, args)
	}
	return strings.TrimSpace(stderr.String())
}

const cProgram = `#include <assert.h>
#include <err.h>
#include <errno.h>
#include <stddef.h>

int main(int argc, char **argv)
{
    if (argc == 2)
        errx(3, "bad argument %s (%d given)", argv[1], argc);
    if (argc == 3) {
        errno = ENOENT;
        err(4, "cannot open %s", argv[1]);
    }
    assert(argc > 5 &&
           argv[0] != NULL);
    return 0;
}
`

// TestAgainstLibc compiles a program with the machine's C compiler and
// checks the messages glibc prints (errx, err, assert) against the sites'
// templates.
func TestAgainstLibc(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "prog.c"), []byte(cProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	res := extracttest.Run(t, C, extracttest.Inputs(t, dir, "c", ".c"))
	bin := compile(t, "gcc", "prog.c", cProgram)
	for _, c := range []struct {
		args []string
		site string
	}{
		{[]string{"x"}, "bad argument"},
		{[]string{"x", "y"}, "cannot open"},
		{nil, "Assertion"},
	} {
		got := runFailing(t, bin, c.args...)
		s := siteWith(t, res, c.site)
		if !messageRegexp(s.Template, true).MatchString(got) {
			t.Errorf("prog %v printed %q; the template %q does not match", c.args, got, s.Message())
		}
	}
}

const cppProgram = `#include <stdexcept>
#include <string>

namespace store {
void read(const std::string& name, int size) {
    if (size > 4096) {
        throw std::runtime_error(std::string("block ") + name + " is too large: " + std::to_string(size) + " bytes");
    }
}
}

int main(int argc, char **argv) {
    store::read(argv[0], 5000 + argc);
}
`

// TestAgainstLibstdcxx compiles a program that lets an exception escape
// and checks what() as libstdc++ prints it against the throw site.
func TestAgainstLibstdcxx(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "prog.cc"), []byte(cppProgram), 0o644); err != nil {
		t.Fatal(err)
	}
	res := extracttest.Run(t, CPP, extracttest.Inputs(t, dir, "cpp", ".cc"))
	got := runFailing(t, compile(t, "g++", "prog.cc", cppProgram))
	// terminate called after throwing an instance of 'std::runtime_error'
	//   what():  block ./prog is too large: 5001 bytes
	_, what, ok := strings.Cut(got, "what():  ")
	if !ok {
		t.Fatalf("no what() in %q", got)
	}
	s := siteWith(t, res, "is too large")
	if !messageRegexp(s.Template, false).MatchString(what) {
		t.Errorf("what() is %q; the template %q does not match", what, s.Message())
	}
	if !strings.Contains(got, "'"+s.Exception+"'") || s.Function != "store::read" {
		t.Errorf("site %s in %s; the program printed %q", s.Exception, s.Function, got)
	}
}
