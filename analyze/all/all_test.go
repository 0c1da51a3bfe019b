package all_test

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/extracttest"
	"github.com/errdex/errdex/extract/golang"
	"github.com/errdex/errdex/extract/javascript"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/store/sqlite"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenSite is every derived field of a site, with related errors named
// by their place rather than their ID so that the golden file reads.
type goldenSite struct {
	At          string              `json:"at"`
	Function    string              `json:"function"`
	Exception   string              `json:"exception,omitempty"`
	Message     string              `json:"message"`
	Guards      []errdex.Guard      `json:"guards,omitempty"`
	Provenance  []errdex.Fact       `json:"provenance,omitempty"`
	Config      []errdex.ConfigRef  `json:"config,omitempty"`
	Callers     []errdex.Caller     `json:"callers,omitempty"`
	CallPath    []errdex.Caller     `json:"call_path,omitempty"`
	Related     []goldenRelated     `json:"related,omitempty"`
	Family      *errdex.FamilyRef   `json:"family,omitempty"`
	Explanation *errdex.Explanation `json:"explanation,omitempty"`
	Reach       errdex.Reach        `json:"reach"`
}

type goldenRelated struct {
	At     string `json:"at"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

// TestGolden indexes each fixture repository through the real pipeline
// (index.Dir into a SQLite file), reads every site back from the store
// and compares all derived fields with testdata/<repo>.golden.json.
func TestGolden(t *testing.T) {
	for _, repo := range []string{"srvkit", "gokit", "jskit"} {
		t.Run(repo, func(t *testing.T) {
			sites := indexFixture(t, repo)
			extracttest.Check(t, filepath.Join("..", "testdata", repo+".golden.json"), golden(t, sites), *update)
		})
	}
}

// indexFixture copies a fixture repository out of the module's git tree,
// indexes it into a new SQLite store and returns the stored sites.
func indexFixture(t *testing.T, repo string) []*errdex.Site {
	t.Helper()
	ctx := context.Background()
	tmp := t.TempDir()
	dir := filepath.Join(tmp, repo)
	copyDir(t, filepath.Join("..", "testdata", "repos", repo), dir)
	st, err := sqlite.Open(ctx, filepath.Join(tmp, "errdex.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = index.Dir(ctx, st, dir, index.Options{Repo: "fixture/" + repo,
		Extractors: []*extract.Extractor{python.Extractor, golang.Extractor, javascript.Extractor, javascript.TypeScript},
		Workers:    1})
	if err != nil {
		t.Fatal(err)
	}
	var ids []errdex.ID
	err = st.ListSites(ctx, errdex.SiteFilter{Repo: "fixture/" + repo}, func(s *errdex.Site) error {
		ids = append(ids, s.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sites []*errdex.Site
	for _, id := range ids {
		s, err := st.Site(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		sites = append(sites, s)
	}
	if len(sites) == 0 {
		t.Fatalf("no sites in %s", repo)
	}
	return sites
}

func golden(t *testing.T, sites []*errdex.Site) []goldenSite {
	t.Helper()
	at := map[errdex.ID]string{}
	for _, s := range sites {
		at[s.ID] = fmt.Sprintf("%s:%d", s.Location.Path, s.Location.Line)
	}
	var out []goldenSite
	for _, s := range sites {
		g := goldenSite{At: at[s.ID], Function: s.Function, Exception: s.Exception, Message: s.Message(),
			Guards: s.Guards, Provenance: s.Provenance, Config: s.Config, Callers: s.Callers, CallPath: s.CallPath,
			Family: s.Family, Explanation: s.Explanation, Reach: s.Reach}
		for _, r := range s.Related {
			where, ok := at[r.ID]
			if !ok {
				t.Errorf("%s: related %s is not a site of the repository", g.At, r.ID)
			}
			if r.ID == s.ID {
				t.Errorf("%s: related to itself", g.At)
			}
			g.Related = append(g.Related, goldenRelated{At: where, Title: r.Title, Reason: r.Reason})
		}
		out = append(out, g)
	}
	return out
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
