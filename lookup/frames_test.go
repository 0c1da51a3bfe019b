package lookup

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/match"
)

// newPythonService extracts the Python package under testdata/frames/src
// with the real extractor into a real SQLite store, as repository
// "regions", and builds the lookup service over it.
func newPythonService(t *testing.T) *Service {
	t.Helper()
	st := openStore(t)
	if _, err := index.Dir(context.Background(), st, filepath.Join("testdata", "frames", "src"),
		index.Options{Repo: "regions", Extractors: []*extract.Extractor{python.Extractor}}); err != nil {
		t.Fatal(err)
	}
	return newServiceOf(t, st)
}

// TestInnermostFrame checks how the innermost frame of a real traceback
// (testdata/frames/*.txt, printed by python3 running the package under
// testdata/frames/src) decides the answer when the message does not match
// the raise's extracted template.
func TestInnermostFrame(t *testing.T) {
	svc := newPythonService(t)
	tests := []struct {
		name, file string
		// want is the answer's path:line, "" for none.
		want string
		// reason is a reason of the answer, or the refusal's reason.
		reason string
	}{
		{
			// regions.errors.InvalidRegionError builds its message from
			// a format set after the class: its template reads "An
			// unspecified error occurred". The frame, its function and
			// the type's name tie the raise to the traceback.
			name: "the innermost frame is a raise whose template is wrong", file: "region.txt",
			want: "validate.py:6", reason: atRaiseReason,
		},
		{
			// The final exception's raise, not the EndOfInput it was
			// raised while handling, whose template its message matches.
			name: "a chain: the final exception's raise wins", file: "chained.txt",
			want: "regions/settings.py:15", reason: atRaiseReason,
		},
		{
			// The frame of code compiled from a string ("<string>", line
			// 2, in build) is innermost; the raise calling it is the
			// answer.
			name: "a pseudo-file frame under the raise", file: "pseudo.txt",
			want: "regions/render.py:9", reason: "the innermost frame (regions/render.py:9) is this raise",
		},
		{
			// A template engine rewrote the traceback to end in the
			// template's frame: the parser that raised is not on it, and
			// the raise of the rewritten error above the template's frame
			// is not where the message was made.
			name: "a traceback rewritten to end in a template", file: "rewritten.txt",
			want: "regions/templates.py:12", reason: "the message matches the template",
		},
		{
			// Another library's validate.py, raising at the same line in
			// another function: the base name alone is not evidence.
			name: "the base name alone with another function", file: "elsewhere.txt",
			reason: "the innermost frame validate.py:6 in check is a raise whose message does not match this one",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", "frames", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			ans, err := svc.Explain(context.Background(), string(b), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if len(ans.Hits) > 0 {
					t.Fatalf("answered %s:%d, want no answer", ans.Hits[0].Path, ans.Hits[0].Line)
				}
				if ans.Reason != tt.reason {
					t.Errorf("reason %q, want %q", ans.Reason, tt.reason)
				}
				return
			}
			if len(ans.Hits) == 0 {
				t.Fatalf("no answer (%s), want %s", ans.Reason, tt.want)
			}
			h := ans.Hits[0]
			if got := h.Path + ":" + strconv.Itoa(h.Line); got != tt.want {
				t.Fatalf("answered %s, want %s", got, tt.want)
			}
			if !slices.Contains(h.Reasons, tt.reason) {
				t.Errorf("reasons %q, want %q among them", h.Reasons, tt.reason)
			}
			if h.Site == nil || h.Site.ID != h.ID {
				t.Errorf("site of %s not loaded", h.ID)
			}
		})
	}
}

// TestAtRaiseEvidence checks which facts tie a traceback's innermost frame
// to a raise whose template the message does not match, on synthetic
// frames over the extracted package.
func TestAtRaiseEvidence(t *testing.T) {
	svc := newPythonService(t)
	const msg = "Provided region_name 'x y' doesn't match a supported format."
	tests := []struct {
		name      string
		path, fn  string
		line      int
		exception string
		want      bool
	}{
		{"base name, function, type", "/venv/lib/validate.py", "validate_region_name", 6, "regionkit.InvalidRegionError", true},
		{"base name and function", "/venv/lib/validate.py", "validate_region_name", 6, "", true},
		{"base name and type, another function", "/venv/lib/validate.py", "check", 6, "regionkit.InvalidRegionError", false},
		{"another line", "/venv/lib/validate.py", "validate_region_name", 5, "regionkit.InvalidRegionError", false},
		{"another class raised there", "/venv/lib/validate.py", "validate_region_name", 6, "TypeError", false},
		{"a pseudo-file", "<string>", "validate_region_name", 6, "regionkit.InvalidRegionError", false},
		// regions/settings.py:15 raises SettingsError in read_setting.
		{"two components and the type, another function", "/venv/lib/regions/settings.py", "load", 15, "regionkit.SettingsError", true},
		{"two components, another function and type", "/venv/lib/regions/settings.py", "load", 15, "KeyError", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := match.Query{Message: msg, Exception: tt.exception,
				Frames: []match.Frame{{Path: tt.path, Line: tt.line, Function: tt.fn}}}
			r, ok := atRaise(svc.Index(), q)
			if ok != tt.want {
				t.Fatalf("answered %v (%v), want %v", ok, r.Matches, tt.want)
			}
			if ok && (len(r.Matches) != 1 || r.Matches[0].Score > match.DefaultMinScore || r.Tied != 1) {
				t.Errorf("result %+v, want one match scoring at most %.2f", r, match.DefaultMinScore)
			}
		})
	}
}
