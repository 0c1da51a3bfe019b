package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/errdex/errdex"
)

// exportedFiles lists the files under dir, relative and slash-separated.
func exportedFiles(t *testing.T, dir string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = true
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// links returns the href and src attributes of a page.
func links(page []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		for _, a := range z.Token().Attr {
			if a.Key == "href" || a.Key == "src" || a.Key == "action" || a.Key == "data-index" {
				out = append(out, a.Val)
			}
		}
	}
}

func TestExport(t *testing.T) {
	for _, base := range []string{"", "/docs/errdex"} {
		t.Run("base="+base, func(t *testing.T) {
			env := newTestEnv(t, Config{}, minidisagg, xssRepo)
			dir := filepath.Join(t.TempDir(), "site")
			calls := 0
			stats, err := Export(context.Background(), Config{Store: env.store, Logger: env.srv.log}, dir, ExportOptions{
				BasePath:  base,
				PublicURL: "https://errors.example",
				Progress:  func(done, total int) { calls++ },
			})
			if err != nil {
				t.Fatal(err)
			}
			files := exportedFiles(t, dir)
			disabled := env.site(t, minidisagg.name, "minidisagg/utils.py:19")
			slug := Slug(disabled.Template)
			for _, want := range []string{
				"index.html", "search/index.html", "repos/index.html", "families/index.html", "404.html", "robots.txt", "sitemap.xml",
				"search-index.json", "api/families.json", "api/repos.json", "api/openapi.json",
				"api/families/missing-setting.json", "api/repos/example/minidisagg.json",
				"errors/" + string(disabled.ID) + "/" + slug + "/index.html",
				"errors/" + string(disabled.ID) + "/index.html",
				"api/errors/" + string(disabled.ID) + ".json",
				"repos/example/minidisagg/index.html",
				"repos/example/minidisagg/-/file/minidisagg/utils.py/index.html",
				"repos/example/minidisagg/-/family/missing-setting/index.html",
				"families/missing-setting/index.html",
				"repos/evil/\"><script>alert('xss-repo')</script>/-/file/" + hostileName + "/index.html",
			} {
				if !files[want] {
					t.Errorf("export lacks %s", want)
				}
			}
			if calls != len(env.sites) || stats.Pages == 0 || stats.JSON == 0 || stats.Assets == 0 || len(stats.Skipped) != 0 {
				t.Errorf("stats %+v, progress calls %d for %d sites", stats, calls, len(env.sites))
			}

			// The JSON is the site contract.
			var site errdex.Site
			b, err := os.ReadFile(filepath.Join(dir, "api/errors/"+string(disabled.ID)+".json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &site); err != nil || site.ID != disabled.ID || len(site.Guards) == 0 {
				t.Errorf("api/errors JSON: %v %+v", err, site.ID)
			}

			// The per-family and per-repository documents are the API's.
			type member struct {
				ID errdex.ID `json:"id"`
			}
			var fam struct {
				Members []member `json:"members"`
			}
			b, err = os.ReadFile(filepath.Join(dir, "api/families/missing-setting.json"))
			if err != nil || json.Unmarshal(b, &fam) != nil || !slices.Contains(fam.Members, member{disabled.ID}) {
				t.Errorf("api/families/missing-setting.json does not list %s: %v", disabled.ID, err)
			}

			// Every internal link of every page leads to an exported file,
			// and every page is inert.
			for f := range files {
				if !strings.HasSuffix(f, ".html") {
					continue
				}
				page, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				for _, pr := range inertProblems(page, base+"/static/") {
					t.Errorf("%s: %s", f, pr)
				}
				for _, l := range links(page) {
					u, err := url.Parse(l)
					if err != nil {
						t.Errorf("%s: bad link %q", f, l)
						continue
					}
					if u.Scheme != "" || u.Host != "" || u.Path == "" {
						continue // external, or a fragment of the page
					}
					if !strings.HasPrefix(u.Path, base+"/") {
						t.Errorf("%s: link %q is outside the base path %q", f, l, base)
						continue
					}
					rel := strings.TrimPrefix(u.Path, base+"/")
					if rel == "" || strings.HasSuffix(rel, "/") {
						rel += "index.html"
					}
					rel = path.Clean(rel)
					if !files[rel] {
						t.Errorf("%s: link %q leads nowhere (no %s)", f, l, rel)
					}
				}
			}

			// The static search page says what it can do, and the layout
			// carries the CSP the server would send.
			search, _ := os.ReadFile(filepath.Join(dir, "search/index.html"))
			for _, want := range []string{"data-static-search", "errdex serve", `http-equiv="Content-Security-Policy"`} {
				if !bytes.Contains(search, []byte(want)) {
					t.Errorf("search page lacks %q", want)
				}
			}
			// Exporting again into the same directory needs Overwrite.
			if _, err := Export(context.Background(), Config{Store: env.store}, dir, ExportOptions{}); errdex.KindOf(err) != errdex.Invalid {
				t.Errorf("export into a non-empty directory: %v, want an Invalid error", err)
			}
		})
	}
}

func TestSafeSegments(t *testing.T) {
	tests := map[string]bool{
		"owner/name":        true,
		"a/b/c.py":          true,
		"../etc":            false,
		"a/../b":            false,
		"a//b":              false,
		"/abs":              false,
		`a\b`:               false,
		"a/\x00":            false,
		".":                 false,
		`"><script>x</x>/y`: true,
	}
	for in, want := range tests {
		if got := safeSegments(in); got != want {
			t.Errorf("safeSegments(%q) = %v, want %v", in, got, want)
		}
	}
}
