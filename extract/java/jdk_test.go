package java

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
)

// jdkModule is the module of the JDK sources the corpus test indexes.
const jdkModule = "java.base/"

// jdkSources opens the src.zip of an installed JDK: $JAVA_HOME's first,
// then those under /usr/lib/jvm. It skips the test when there is none
// (Debian's openjdk-17-source package, or any Temurin or Oracle JDK,
// provides one).
func jdkSources(t testing.TB) *zip.ReadCloser {
	t.Helper()
	var cands []string
	if home := os.Getenv("JAVA_HOME"); home != "" {
		cands = append(cands, filepath.Join(home, "lib", "src.zip"))
	}
	more, _ := filepath.Glob("/usr/lib/jvm/*/lib/src.zip")
	cands = append(cands, more...)
	for _, c := range cands {
		if z, err := zip.OpenReader(c); err == nil {
			t.Logf("JDK sources: %s", c)
			return z
		}
	}
	t.Skip("no JDK src.zip found in $JAVA_HOME/lib or /usr/lib/jvm/*/lib (install a JDK with its sources, such as Debian's openjdk-17-source)")
	return nil
}

// jdkInputs lists the .java files of one module of src.zip as inputs.
func jdkInputs(t testing.TB, z *zip.ReadCloser) []extract.Input {
	t.Helper()
	var ins []extract.Input
	for _, f := range z.File {
		if !strings.HasPrefix(f.Name, jdkModule) || !strings.HasSuffix(f.Name, ".java") {
			continue
		}
		ins = append(ins, extract.Input{Path: f.Name, Language: "java", Size: int64(f.UncompressedSize64),
			Read: func() ([]byte, error) {
				r, err := f.Open()
				if err != nil {
					return nil, err
				}
				defer r.Close()
				return io.ReadAll(r)
			}})
	}
	if len(ins) == 0 {
		t.Fatalf("no %s sources in the JDK's src.zip", jdkModule)
	}
	return ins
}

// TestJDK indexes the java.base module of the JDK: no file may fail or
// time out, and the throw sites must agree with an independent count of
// throw keywords.
func TestJDK(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test")
	}
	z := jdkSources(t)
	defer z.Close()
	ins := jdkInputs(t, z)
	start := time.Now()
	res := extracttest.Run(t, Extractor, ins)
	elapsed := time.Since(start)
	for _, s := range res.Skipped {
		t.Errorf("skipped %s: %s %s", s.Path, s.Reason, s.Detail)
	}
	broken := map[string]bool{}
	for _, f := range res.Files {
		if len(f.Problems) > 0 {
			broken[f.Path] = true
		}
	}
	byKind := map[errdex.SiteKind]int{}
	opaque, qualified, throws := 0, 0, 0
	thrown := map[errdex.Span]bool{} // a throw of a factory's result is a site per exception
	for _, s := range res.Sites {
		byKind[s.Kind]++
		if s.Kind != errdex.KindRaiseObject && s.Kind != errdex.KindReraise && !s.Template.IsEmpty() && s.Template.IsOpaque() {
			opaque++ // a new message made of holes only
		}
		if s.ExceptionQualified != "" {
			qualified++
		}
		if !broken[s.Location.Path] && !thrown[s.Location.Span] && (s.Kind == errdex.KindThrow || s.Kind == errdex.KindRaiseObject || s.Kind == errdex.KindReraise) {
			thrown[s.Location.Span] = true
			throws++
		}
	}
	keywords := 0
	for _, in := range ins {
		if broken[in.Path] {
			continue
		}
		src, err := in.Read()
		if err != nil {
			t.Fatal(err)
		}
		keywords += countThrows(src)
	}
	var kinds []string
	for k, n := range byKind {
		kinds = append(kinds, fmt.Sprintf("%s=%d", k, n))
	}
	sort.Strings(kinds)
	t.Logf("%s: %d files (%d with problems), %.1f MB, %d sites (%s), %d opaque, %d with a qualified exception, %d throw keywords, %v (%.2f MB/s with one worker)",
		jdkModule, res.FilesSeen, res.FilesWithProblems, float64(res.Bytes)/1e6, len(res.Sites), strings.Join(kinds, " "),
		opaque, qualified, keywords, elapsed.Round(time.Millisecond), float64(res.Bytes)/1e6/elapsed.Seconds())
	if throws != keywords {
		t.Errorf("%d throw sites, %d throw keywords in files without syntax errors", throws, keywords)
	}
	if opaque*5 > len(res.Sites) {
		t.Errorf("%d of %d sites build a message of holes only", opaque, len(res.Sites))
	}
}

// countThrows counts the throw keywords of Java source outside comments,
// string and character literals and text blocks, by a scan independent of
// tree-sitter.
func countThrows(src []byte) int {
	s := string(src)
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return n
			}
			i += end + 3
		case strings.HasPrefix(s[i:], `"""`):
			end := strings.Index(s[i+3:], `"""`)
			for end >= 0 && s[i+3+end-1] == '\\' && (end < 2 || s[i+3+end-2] != '\\') {
				next := strings.Index(s[i+3+end+1:], `"""`)
				if next < 0 {
					end = -1
					break
				}
				end += next + 1
			}
			if end < 0 {
				return n
			}
			i += end + 5
		case c == '"' || c == '\'':
			for j := i + 1; j < len(s); j++ {
				if s[j] == '\\' {
					j++
					continue
				}
				if s[j] == c || s[j] == '\n' {
					i = j
					break
				}
			}
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			if s[i:j] == "throw" && (i == 0 || s[i-1] != '.') {
				n++
			}
			i = j - 1
		}
	}
	return n
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }
