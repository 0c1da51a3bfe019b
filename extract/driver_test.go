package extract_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// lineSites is a tiny real extractor for the tests: every line of a Python
// file that starts with "raise " is a site whose message is the rest of the
// line; a line "PANIC" makes it panic and a line "FAIL" makes it fail.
var lineSites = &extract.Extractor{
	Language: "python",
	Grammar:  func(string) *syntax.Language { return syntax.Python() },
	Extract: func(f *extract.File) (*extract.FileResult, error) {
		if f.Tree == nil {
			return nil, errors.New("no tree")
		}
		res := &extract.FileResult{}
		for i, line := range strings.Split(string(f.Src), "\n") {
			switch {
			case line == "PANIC":
				panic("boom")
			case line == "FAIL":
				return nil, errors.New("cannot extract this file")
			case strings.HasPrefix(line, "raise "):
				res.Sites = append(res.Sites, &errdex.Site{
					Kind: errdex.KindRaise, Exception: "E", Function: "<module>",
					Template: errdex.NewTemplate(errdex.Lit(strings.TrimPrefix(line, "raise "))),
					Location: errdex.Location{Span: errdex.Span{Line: i + 1, Column: 1, EndLine: i + 1}},
				})
			}
		}
		return res, nil
	},
}

func input(path, lang, src string, err error) extract.Input {
	return extract.Input{Path: path, Language: lang, Size: int64(len(src)),
		Read: func() ([]byte, error) { return []byte(src), err }}
}

func run(t *testing.T, ctx context.Context, ins ...extract.Input) (*extract.Result, error) {
	t.Helper()
	return extract.Run(ctx, func(yield func(extract.Input) bool) {
		for _, in := range ins {
			if !yield(in) {
				return
			}
		}
	}, extract.Options{Repo: "r", Rev: "abc", Extractors: []*extract.Extractor{lineSites}, Workers: 2, SnippetContext: 1})
}

func TestRunRecordsBadFilesAsData(t *testing.T) {
	res, err := run(t, context.Background(),
		input("b.py", "python", "x = 1\nraise same\nraise same\n", nil),
		input("a.py", "python", "raise first\n", nil),
		input("panics.py", "python", "PANIC\n", nil),
		input("fails.py", "python", "FAIL\n", nil),
		input("gone.py", "python", "", errors.New("permission denied")),
		input("x.zig", "zig", "const x = 1;", nil),
	)
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	for _, s := range res.Skipped {
		skipped = append(skipped, s.Path+" "+s.Reason)
	}
	want := []string{"fails.py extract-error", "gone.py unreadable", "panics.py extract-error", "x.zig no-extractor"}
	if diff := cmp.Diff(want, skipped); diff != "" {
		t.Errorf("skipped (-want +got):\n%s", diff)
	}
	if res.FilesSeen != 6 || res.FilesParsed != 2 {
		t.Errorf("seen %d parsed %d, want 6 and 2", res.FilesSeen, res.FilesParsed)
	}
	var got []string
	for _, s := range res.Sites {
		got = append(got, s.Location.String()+" "+s.Message())
		if s.Repo != "r" || s.Rev != "abc" || s.Language != "python" || len(s.ID) != 16 {
			t.Errorf("site %v: repo %q rev %q language %q id %q not filled", s.Location, s.Repo, s.Rev, s.Language, s.ID)
		}
	}
	if diff := cmp.Diff([]string{"a.py:1:1 first", "b.py:2:1 same", "b.py:3:1 same"}, got); diff != "" {
		t.Errorf("sites in source order (-want +got):\n%s", diff)
	}
	// Two sites with the same key get distinct IDs by ordinal.
	if res.Sites[1].ID == res.Sites[2].ID {
		t.Error("identical sites share an ID")
	}
	sn := res.Sites[1].Snippet
	if sn == nil || sn.StartLine != 1 || len(sn.Lines) != 3 || !cmp.Equal(sn.MarkLines, []int{2}) {
		t.Errorf("snippet = %+v, want lines 1-3 with line 2 marked", sn)
	}
}

func TestRunIDsAreStable(t *testing.T) {
	a, err := run(t, context.Background(), input("m.py", "python", "raise a\nraise b\n", nil))
	if err != nil {
		t.Fatal(err)
	}
	// The same sites moved down and into another order of files keep their IDs.
	b, err := run(t, context.Background(), input("z.py", "python", "\n\n\nraise a\n\nraise b\n", nil), input("y.py", "python", "", nil))
	if err != nil {
		t.Fatal(err)
	}
	if a.Sites[0].ID != b.Sites[0].ID || a.Sites[1].ID != b.Sites[1].ID {
		t.Errorf("IDs changed when code moved: %s %s vs %s %s", a.Sites[0].ID, a.Sites[1].ID, b.Sites[0].ID, b.Sites[1].ID)
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := run(t, ctx, input("a.py", "python", "raise x\n", nil)); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestMakeSnippet(t *testing.T) {
	lines := []string{"a", "b\r", strings.Repeat("é", 300), "d"}
	sn := extract.MakeSnippet(lines, errdex.Span{Line: 2, Column: 1, EndLine: 3}, 1)
	if sn.StartLine != 1 || len(sn.Lines) != 4 || sn.Lines[1] != "b" || !cmp.Equal(sn.MarkLines, []int{2, 3}) {
		t.Fatalf("snippet = %+v", sn)
	}
	if l := sn.Lines[2]; len(l) > 404 || !strings.HasSuffix(l, "…") || !strings.HasPrefix(l, "é") {
		t.Errorf("long line not cut at a rune boundary: %d bytes", len(l))
	}
	if extract.MakeSnippet(lines, errdex.Span{Line: 9, EndLine: 9}, 1) != nil {
		t.Error("a line past the end must give no snippet")
	}
}

// TestMakeSnippetWindow checks that a site in the middle of a long
// (minified) line gets a window of that line around its column, and that
// the ends stay whole when the site is near them.
func TestMakeSnippetWindow(t *testing.T) {
	long := strings.Repeat("a();", 500) + `throw new Error("boom")` + strings.Repeat("é;", 400)
	col := strings.Index(long, "throw") + 1
	tests := []struct {
		name           string
		column         int
		wantIn         string
		prefix, suffix bool // an ellipsis at the start, at the end
	}{
		{"middle", col, `throw new Error("boom")`, true, true},
		{"start", 1, "a();a();", false, true},
		{"end", len(long), "é;é;", true, false},
	}
	for _, tt := range tests {
		sn := extract.MakeSnippet([]string{"x", long, "y"}, errdex.Span{Line: 2, Column: tt.column, EndLine: 2}, 1)
		l := sn.Lines[1]
		if !strings.Contains(l, tt.wantIn) || strings.HasPrefix(l, "…") != tt.prefix || strings.HasSuffix(l, "…") != tt.suffix {
			t.Errorf("%s: window %q does not hold %q with ellipses %v %v", tt.name, l, tt.wantIn, tt.prefix, tt.suffix)
		}
		if len(l) > 400+2*len("…") || !utf8.ValidString(l) {
			t.Errorf("%s: window of %d bytes, valid UTF-8 %v", tt.name, len(l), utf8.ValidString(l))
		}
	}
}

// TestRunSnippetsOfLinkedSites checks that a site a Link step adds to a
// file, after its source was read, gets its snippet, path and language.
func TestRunSnippetsOfLinkedSites(t *testing.T) {
	linked := *lineSites
	linked.Link = func(files []*extract.FileResult) {
		for _, f := range files {
			f.Sites = append(f.Sites, &errdex.Site{
				Kind: errdex.KindRaise, Exception: "E", Function: "<module>",
				Template: errdex.NewTemplate(errdex.Lit("linked")),
				Location: errdex.Location{Span: errdex.Span{Line: 2, Column: 1, EndLine: 2}},
			})
		}
	}
	res, err := extract.Run(context.Background(), func(yield func(extract.Input) bool) {
		yield(input("m.py", "python", "x = 1\ncall()\ny = 2\n", nil))
	}, extract.Options{Repo: "r", Extractors: []*extract.Extractor{&linked}, SnippetContext: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sites) != 1 {
		t.Fatalf("%d sites, want the linked one", len(res.Sites))
	}
	s := res.Sites[0]
	want := &errdex.Snippet{StartLine: 1, Lines: []string{"x = 1", "call()", "y = 2"}, MarkLines: []int{2}}
	if diff := cmp.Diff(want, s.Snippet); diff != "" || s.Location.Path != "m.py" || s.Language != "python" {
		t.Errorf("path %q, language %q, snippet (-want +got):\n%s", s.Location.Path, s.Language, diff)
	}
}
