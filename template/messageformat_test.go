package template

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestMessageFormatParse(t *testing.T) {
	lit := errdex.Lit
	hole := func(expr string, typ errdex.HoleType) errdex.Part {
		return errdex.HolePart(HoleNameOf(expr), expr, typ)
	}
	tests := []struct {
		name     string
		pattern  string
		args     []string
		unknown  bool
		known    map[int]errdex.Template
		want     []errdex.Part
		problems int
	}{
		{name: "plain", pattern: "Cannot open {0}: {1}", args: []string{"path", "reason"},
			want: []errdex.Part{lit("Cannot open "), hole("path", errdex.HoleAny), lit(": "), hole("reason", errdex.HoleAny)}},
		{name: "reordered and repeated", pattern: "{1} then {0} and {1}", args: []string{"a", "b"},
			want: []errdex.Part{hole("b", errdex.HoleAny), lit(" then "), hole("a", errdex.HoleAny), lit(" and "), hole("b", errdex.HoleAny)}},
		{name: "typed", pattern: "{0,number,integer} rows at {1, date, short} ({2,choice,0#none|1#one|1<{2,number} many})", args: []string{"n", "when", "k"},
			want: []errdex.Part{hole("n", errdex.HoleStr), lit(" rows at "), hole("when", errdex.HoleStr), lit(" ("), hole("k", errdex.HoleStr), lit(")")}},
		{name: "single quote is eaten", pattern: "can't load {0}", args: []string{"name"},
			want: []errdex.Part{lit("cant load {0}")}},
		{name: "doubled quote", pattern: "can''t load {0}", args: []string{"name"},
			want: []errdex.Part{lit("can't load "), hole("name", errdex.HoleAny)}},
		{name: "quoted braces", pattern: "'{literal}' {0} '''x'''", args: []string{"v"},
			want: []errdex.Part{lit("{literal} "), hole("v", errdex.HoleAny), lit(" 'x'")}},
		{name: "missing argument prints itself", pattern: "{0} of {3}", args: []string{"a"},
			want: []errdex.Part{hole("a", errdex.HoleAny), lit(" of {3}")}},
		{name: "unknown args", pattern: "{0} of {3,number}", unknown: true,
			want: []errdex.Part{errdex.HolePart("arg0", "", errdex.HoleAny), lit(" of "), errdex.HolePart("arg3", "", errdex.HoleStr)}},
		{name: "known value inlined", pattern: "bad {1} in {0}", args: []string{"line", `"config.yaml"`},
			known: map[int]errdex.Template{1: errdex.NewTemplate(lit("config.yaml"))},
			want:  []errdex.Part{lit("bad config.yaml in "), hole("line", errdex.HoleAny)}},
		{name: "close brace alone is text", pattern: "a } b {0}", args: []string{"x"},
			want: []errdex.Part{lit("a } b "), hole("x", errdex.HoleAny)}},
		{name: "unmatched", pattern: "oops {0", args: []string{"x"}, want: []errdex.Part{lit("oops {0")}, problems: 1},
		{name: "bad index", pattern: "x {a} y", args: []string{"x"}, want: []errdex.Part{lit("x {a} y")}, problems: 1},
		{name: "unknown type", pattern: "{0,money}", args: []string{"x"}, want: []errdex.Part{hole("x", errdex.HoleStr)}, problems: 1},
		{name: "no placeholders", pattern: "plain text", want: []errdex.Part{lit("plain text")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := MessageFormat{UnknownArgs: tt.unknown, Value: func(i int) (errdex.Template, bool) {
				v, ok := tt.known[i]
				return v, ok
			}}
			res := m.Parse(tt.pattern, tt.args)
			if diff := cmp.Diff(errdex.NewTemplate(tt.want...), res.Template); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.pattern, diff)
			}
			if len(res.Problems) != tt.problems {
				t.Errorf("Parse(%q) problems %q, want %d", tt.pattern, res.Problems, tt.problems)
			}
		})
	}
}

// javaMessageFormat is a single-file Java program that formats each
// pattern it reads (one base64 pattern and an argument count per line) with
// String arguments "<0>", "<1>", ... and prints "OK output", "ERR" when the
// pattern is rejected, or "SKIP" when an argument does not suit its
// subformat; texts are base64.
const javaMessageFormat = `
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Base64;
public class MF {
  public static void main(String[] a) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split(" ");
      String pattern = new String(Base64.getDecoder().decode(f[0]), StandardCharsets.UTF_8);
      Object[] args = new Object[Integer.parseInt(f[1])];
      for (int i = 0; i < args.length; i++) args[i] = "<" + i + ">";
      MessageFormat mf;
      try { mf = new MessageFormat(pattern); } catch (IllegalArgumentException e) { System.out.println("ERR"); continue; }
      try {
        String out = mf.format(args);
        System.out.println("OK " + Base64.getEncoder().encodeToString(out.getBytes(StandardCharsets.UTF_8)));
      } catch (IllegalArgumentException e) { System.out.println("SKIP"); }
    }
  }
}
`

// TestMessageFormatJava compares Parse with java.text.MessageFormat run by
// the JDK: the template filled with the arguments must be what Java prints,
// and a pattern Java rejects must come with a problem.
func TestMessageFormatJava(t *testing.T) {
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("no java on PATH: the MessageFormat differential test needs a JDK 11 or later")
	}
	patterns := []string{
		"Cannot open {0}: {1}", "{1} then {0} and {1}", "can't load {0}", "can''t load {0}", "'{literal}' {0} '''x'''",
		"{0} of {3}", "a } b {0}", "oops {0", "x {a} y", "{0,money}", "plain text", "", "'", "''", "{", "}", "{}", "{ 0}",
		"{0 }", "{0,}", "{00}", "{0,number", "it''s {0}, '{1}' and ''{2}''", "{0}{1}{2}{3}{4}{5}{6}{7}{8}{9}{10}",
		"quoted 'unterminated {0}", "{0,choice,0#a|1#{1}}", "{-1}", "{+1}", "{0, time}", "{0,date,'}'}", "é {0} ü",
		"{0,number,'#'##}", "{1'}'}", "{2147483648}",
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "MF.java")
	if err := os.WriteFile(src, []byte(javaMessageFormat), 0o644); err != nil {
		t.Fatal(err)
	}
	const nargs = 3
	var stdin bytes.Buffer
	for _, p := range patterns {
		fmt.Fprintf(&stdin, "%s %d\n", base64.StdEncoding.EncodeToString([]byte(p)), nargs)
	}
	cmd := exec.Command(java, src)
	cmd.Stdin = &stdin
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("java: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	args := make([]string, nargs)
	fill := map[string]string{}
	for i := range args {
		args[i] = fmt.Sprintf("a%d", i)
		fill[args[i]] = fmt.Sprintf("<%d>", i)
	}
	for _, p := range patterns {
		if !sc.Scan() {
			t.Fatalf("java printed too few lines: %q", out)
		}
		res := MessageFormat{HoleName: func(e string) string { return e }}.Parse(p, args)
		verdict, enc, _ := strings.Cut(sc.Text(), " ")
		switch verdict {
		case "ERR":
			if len(res.Problems) == 0 {
				t.Errorf("Java rejects %q; Parse reports no problem (template %q)", p, res.Template)
			}
		case "OK":
			want, err := base64.StdEncoding.DecodeString(enc)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Problems) > 0 {
				t.Errorf("Parse(%q) reports %q; Java formats it as %q", p, res.Problems, want)
			}
			if got := res.Template.Fill(fill); got != string(want) && !strings.Contains(p, ",") {
				t.Errorf("Parse(%q).Fill = %q, Java prints %q", p, got, want)
			}
		}
	}
}

// FuzzMessageFormat checks that no pattern panics, that every hole is
// named, and that text without braces or quotes is kept as it is.
func FuzzMessageFormat(f *testing.F) {
	for _, seed := range []string{"Cannot open {0}: {1}", "can't {0}", "'{'}", "{0,choice,0#a|1#{1}}", "{", "}{", "{99999999999999999999}", "\xff{0}"} {
		f.Add(seed, uint8(2))
	}
	f.Fuzz(func(t *testing.T, pattern string, n uint8) {
		args := make([]string, n%5)
		for i := range args {
			args[i] = fmt.Sprintf("a%d", i)
		}
		for _, unknown := range []bool{false, true} {
			res := MessageFormat{UnknownArgs: unknown}.Parse(pattern, args)
			for _, p := range res.Template.Parts {
				if p.IsHole() && p.Hole == "" {
					t.Fatalf("Parse(%q) made an unnamed hole", pattern)
				}
			}
			if !strings.ContainsAny(pattern, "{}'") {
				if diff := cmp.Diff(errdex.NewTemplate(errdex.Lit(pattern)), res.Template); diff != "" || len(res.Problems) > 0 {
					t.Fatalf("Parse(%q) without placeholders (-want +got):\n%s\nproblems %q", pattern, diff, res.Problems)
				}
			}
		}
	})
}
