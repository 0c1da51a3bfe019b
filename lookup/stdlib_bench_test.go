package lookup_test

import (
	"context"
	"testing"

	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/lookup/lookuptest"
)

// BenchmarkExplainStdlib measures a whole search as the web server and the
// CLI run it: parse the paste, match it against this machine's Python
// standard library, and load the matching sites (with snippets and facts)
// from a real SQLite file.
func BenchmarkExplainStdlib(b *testing.B) {
	_, svc := lookuptest.PythonStdlib(b)
	ctx := context.Background()
	for _, tc := range []struct{ name, text string }{
		{"message", "ValueError: '10.0.0.1/33' does not appear to be an IPv4 or IPv6 network"},
		{"ambiguous", "ValueError: I/O operation on closed file."},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				ans, err := svc.Explain(ctx, tc.text, lookup.Options{})
				if err != nil || len(ans.Hits) == 0 {
					b.Fatalf("Explain(%q) = %v hits, %v", tc.text, len(ans.Hits), err)
				}
			}
		})
	}
}
