package related_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/analyzetest"
	"github.com/errdex/errdex/analyze/config"
	"github.com/errdex/errdex/analyze/related"
)

var repo = map[string]string{
	"app/__init__.py": "",
	"app/environ.py": `class Envs:
    APP_DISAGGREGATION_MASK_TOKENS = EnvInt(0)
    APP_DISAGG_STAGING = EnvBool(False)
envs = Envs()
`,
	"app/buffers.py": `from app.environ import envs

class Buffers:
    def __init__(self):
        self.tokens = envs.APP_DISAGGREGATION_MASK_TOKENS.get()

    def put(self, req):
        if req.mask and self.tokens <= 0:
            raise RuntimeError("masks need APP_DISAGGREGATION_MASK_TOKENS > 0")
        if len(req.mask) > self.tokens:
            raise RuntimeError("mask longer than the buffer")
        if req.mask is None:
            raise RuntimeError("mask longer than the buffer")

    def get(self, slot):
        raise IndexError("slot out of range")
`,
	"app/staging.py": `from app.environ import envs

def check(model):
    if envs.APP_DISAGG_STAGING.get() and model.mla:
        raise ValueError("APP_DISAGG_STAGING is designed for non-MLA models")

def parse_header(text):
    raise ValueError("invalid header line in staging manifest")

def parse_footer(text):
    raise ValueError("invalid footer line in staging manifest")
`,
	"app/search.py": `def bisect_left(a, x, lo=0):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    return lo

def bisect_right(a, x, lo=0):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if x is None:
        raise ValueError("lo must be non-negative")
    return lo
`,
	"app/stats.py": `def spread(sigma):
    if sigma < 0:
        raise ValueError("sigma must be non-negative")

def insort(a, x, lo=0):
    if lo < 0:
        raise ValueError("lo must be non-negative")

def bound(a):
    raise ValueError("None")

def other_bound(a):
    raise ValueError("None")
`,
}

func TestRelated(t *testing.T) {
	res := analyzetest.Run(t, repo, config.Analyzer, related.Analyzer)
	title := map[errdex.ID]string{}
	for _, s := range res.Sites {
		title[s.ID] = s.Message()
	}
	tests := []struct {
		message string
		want    []string // "reason: title"
	}{
		{
			message: "masks need",
			want: []string{
				"same function: mask longer than the buffer",
				"same class: slot out of range",
				"same env prefix APP_DISAGG: APP_DISAGG_STAGING is designed for non-MLA models",
			},
		},
		{
			message: "invalid header",
			want: []string{
				"similar message: invalid footer line in staging manifest",
				"same file: APP_DISAGG_STAGING is designed for non-MLA models",
			},
		},
		{
			// The same message elsewhere is related, once per function,
			// named by module and function in another file; a phrase
			// shared with another message ("non-negative") relates it.
			message: "lo must be",
			want: []string{
				"same message in bisect_right: lo must be non-negative",
				"same message in app.stats.insort: lo must be non-negative",
				"similar message: sigma must be non-negative",
			},
		},
		{
			// A message of no distinctive words raised twice is not
			// "the same message".
			message: "None",
			want:    []string{"same file: sigma must be non-negative", "same file: lo must be non-negative"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			s := analyzetest.Site(t, res, tt.message)
			var got []string
			for _, r := range s.Related {
				if r.Title != title[r.ID] {
					t.Errorf("related %s: title %q, message %q", r.ID, r.Title, title[r.ID])
				}
				got = append(got, fmt.Sprintf("%s: %s", r.Reason, r.Title))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("related (-want +got):\n%s", diff)
			}
		})
	}
	// Never the site itself, never the same site twice, never the same
	// title twice unless it is the site's own message raised elsewhere.
	byID := map[errdex.ID]*errdex.Site{}
	for _, s := range res.Sites {
		byID[s.ID] = s
	}
	for _, s := range res.Sites {
		seen := map[string]bool{}
		ids := map[errdex.ID]bool{}
		for _, r := range s.Related {
			o := byID[r.ID]
			same := r.Title == s.Message() && strings.HasPrefix(r.Reason, "same message in ") &&
				(o.Function != s.Function || o.Location.Path != s.Location.Path)
			if r.ID == s.ID || ids[r.ID] || seen[r.Title] && !same || r.Title == s.Message() && !same {
				t.Errorf("%s: related %q repeats itself or another", s.Message(), r.Title)
			}
			seen[r.Title], ids[r.ID] = true, true
			if r.Reason == "" || strings.TrimSpace(r.Title) == "" {
				t.Errorf("%s: related without a title or a reason", s.Message())
			}
		}
	}
}
