package python

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// stdlibRoot finds the Python standard library: $ERRDEX_PYTHON_STDLIB, or
// the one of the machine's python3. It skips the test when there is none.
func stdlibRoot(t testing.TB) string {
	t.Helper()
	if root := os.Getenv("ERRDEX_PYTHON_STDLIB"); root != "" {
		return root
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	out, err := exec.Command(py, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		t.Fatalf("python3 cannot name its standard library: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// stdlibInputs lists the library's .py files below 2 MiB, without
// site-packages and, unless tests is set, without test directories (the
// set syntax's BenchmarkParsePythonStdlib parses).
func stdlibInputs(t testing.TB, root string, tests bool) []extract.Input {
	t.Helper()
	var ins []extract.Input
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); n == "site-packages" || !tests && (n == "test" || n == "tests") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".py") {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() >= 2<<20 {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		ins = append(ins, extract.Input{Path: filepath.ToSlash(rel), Language: "python", Size: info.Size(),
			Read: func() ([]byte, error) { return os.ReadFile(p) }})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ins
}

// TestStdlib extracts the whole standard library, tests included: no
// crash, no timeout, sane counts, and known sites with their templates.
func TestStdlib(t *testing.T) {
	root := stdlibRoot(t)
	ins := stdlibInputs(t, root, true)
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
	for _, s := range res.Skipped {
		t.Errorf("skipped %s: %s %s", s.Path, s.Reason, s.Detail)
	}
	kinds := map[errdex.SiteKind]int{}
	opaque := 0
	for _, s := range res.Sites {
		kinds[s.Kind]++
		if s.Template.IsOpaque() {
			opaque++
		}
	}
	t.Logf("%d files, %d parsed, %d with problems, %d sites %v, %d opaque", res.FilesSeen, res.FilesParsed, res.FilesWithProblems, len(res.Sites), kinds, opaque)
	if res.FilesSeen < 1000 || len(res.Sites) < 4000 || len(res.Sites) > 100000 {
		t.Errorf("counts out of range: %d files, %d sites", res.FilesSeen, len(res.Sites))
	}
	if kinds[errdex.KindRaise] < 5*kinds[errdex.KindReraise] || kinds[errdex.KindAssert] == 0 || kinds[errdex.KindRaiseObject] == 0 {
		t.Errorf("implausible mix of kinds: %v", kinds)
	}

	for _, want := range []struct {
		path, function, exception, qualified, message string
		kind                                          errdex.SiteKind
	}{
		// Resolved through JSONDecodeError.__init__'s own message.
		{"json/decoder.py", "py_scanstring", "JSONDecodeError", "json.decoder.JSONDecodeError",
			"Unterminated string starting at: line {lineno} column {colno} (char {begin})", errdex.KindRaise},
		{"json/decoder.py", "JSONDecoder.raw_decode", "JSONDecodeError", "json.decoder.JSONDecodeError",
			"Expecting value: line {lineno} column {colno} (char {value})", errdex.KindRaise},
		// A message variable assigned in if/elif branches.
		{"json/decoder.py", "py_scanstring", "JSONDecodeError", "json.decoder.JSONDecodeError",
			"Invalid control character {terminator} at: line {lineno} column {colno} (char {end})", errdex.KindRaise},
		{"os.py", "fdopen", "TypeError", "", "invalid fd type ({fd_type}, expected integer)", errdex.KindRaise},
		{"os.py", "_Environ.__getitem__", "KeyError", "", "{key}", errdex.KindRaise},
		{"shutil.py", "copyfile", "SameFileError", "shutil.SameFileError", "{src} and {dst} are the same file", errdex.KindRaise},
		{"subprocess.py", "Popen.__init__", "TypeError", "", "bufsize must be an integer", errdex.KindRaise},
		{"fractions.py", "Fraction.__new__", "ZeroDivisionError", "", "Fraction({numerator}, 0)", errdex.KindRaise},
		{"tarfile.py", "TarFile.getmember", "KeyError", "", "'filename {name} not found'", errdex.KindRaise},
		{"zipfile.py", "ZipFile.getinfo", "KeyError", "", "'There is no item named {name} in the archive'", errdex.KindRaise},
		{"configparser.py", "RawConfigParser.add_section", "ValueError", "", "Invalid section name: {section}", errdex.KindRaise},
		{"configparser.py", "RawConfigParser.options", "NoSectionError", "configparser.NoSectionError", "No section: {section}", errdex.KindRaise},
		// Classes whose __str__ or __init__ builds the message.
		{"subprocess.py", "Popen._wait", "TimeoutExpired", "subprocess.TimeoutExpired",
			"Command '{args}' timed out after {timeout} seconds", errdex.KindRaise},
		{"argparse.py", "ArgumentParser._get_value", "ArgumentError", "argparse.ArgumentError",
			"invalid {type} value: {value}", errdex.KindRaise},
		// A factory method returning the exception (re's Tokenizer.error).
		{"re/_parser.py", "Tokenizer.checkgroupname", "error", "re._constants.error",
			"bad character in group name {name} at position {tell} (line {lineno}, column {colno})", errdex.KindRaise},
	} {
		found := false
		var near []string
		for _, s := range res.Sites {
			if s.Location.Path != want.path || s.Function != want.function {
				continue
			}
			near = append(near, string(s.Kind)+" "+s.Exception+" "+s.ExceptionQualified+" "+s.Message())
			if s.Kind == want.kind && s.Exception == want.exception && s.ExceptionQualified == want.qualified && s.Message() == want.message {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no %s site %s(%q) in %s %s; the function's sites:\n%s", want.kind, want.exception, want.message, want.path, want.function, strings.Join(near, "\n"))
		}
	}
}

// BenchmarkExtractPythonStdlib measures parsing plus extraction (Extract
// and Link) over the standard library without its tests, the files
// syntax's BenchmarkParsePythonStdlib parses, on one goroutine. Besides
// MB/s for the whole, it reports the MB/s of bare parsing and the ratio
// of the whole to bare parsing, both timed inside the same loop so that
// machine load affects them alike.
func BenchmarkExtractPythonStdlib(b *testing.B) {
	root := stdlibRoot(b)
	var files []*extract.File
	var total int64
	for _, in := range stdlibInputs(b, root, false) {
		src, err := in.Read()
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, &extract.File{Path: in.Path, Language: "python", Src: src})
		total += int64(len(src))
	}
	p, err := syntax.NewParser(syntax.Python(), 0)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	b.SetBytes(total)
	var parse, work time.Duration
	sites := 0
	for b.Loop() {
		sites = 0
		results := make([]*extract.FileResult, 0, len(files))
		for _, f := range files {
			t0 := time.Now()
			tree, err := p.Parse(context.Background(), f.Src)
			if err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			f.Tree = tree
			res, err := Extractor.Extract(f)
			if err != nil {
				b.Fatal(err)
			}
			f.Tree = nil
			res.Path = f.Path
			results = append(results, res)
			sites += len(res.Sites)
			parse += t1.Sub(t0)
			work += time.Since(t1)
		}
		t2 := time.Now()
		Extractor.Link(results)
		work += time.Since(t2)
	}
	b.ReportMetric(float64(len(files)), "files")
	b.ReportMetric(float64(sites), "sites")
	b.ReportMetric(float64(total)*float64(b.N)/parse.Seconds()/1e6, "parse-MB/s")
	b.ReportMetric((parse+work).Seconds()/parse.Seconds(), "x-parse")
}
