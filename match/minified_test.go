package match

import (
	"slices"
	"testing"

	"github.com/errdex/errdex"
)

// minifiedSites is a package that ships its code twice, readable
// (dist/index.js) and minified (lib/pkg.esm.js, every statement of the
// module on line 87), as npm packages do.
func minifiedSites() []*errdex.Site {
	at := func(path string, line, col, endCol int) errdex.Location {
		return errdex.Location{Span: errdex.Span{Path: path, Line: line, Column: col, EndLine: line, EndColumn: endCol}}
	}
	js := func(id, fn string, loc errdex.Location, minified bool, kind errdex.SiteKind, parts ...errdex.Part) *errdex.Site {
		return &errdex.Site{ID: errdex.ID(id), Repo: "acme/pkg", Language: "javascript", Kind: kind, Exception: "Error",
			Function: fn, Location: loc, Minified: minified, Template: errdex.NewTemplate(parts...)}
	}
	return []*errdex.Site{
		js("min-name", "ne.use", at("lib/pkg.esm.js", 87, 1459, 1500), true, errdex.KindThrow, errdex.Lit("extension name required")),
		js("min-renderer", "ne.use", at("lib/pkg.esm.js", 87, 4692, 4744), true, errdex.KindThrow,
			errdex.Lit("renderer '"), errdex.HolePart("o", "o", errdex.HoleStr), errdex.Lit("' does not exist")),
		js("min-rethrow", "ne.parse", at("lib/pkg.esm.js", 87, 6001, 6008), true, errdex.KindRaiseObject, errdex.HolePart("n", "n", errdex.HoleAny)),
		js("readable-renderer", "Marked.use", at("dist/index.js", 40, 13, 70), false, errdex.KindThrow,
			errdex.Lit("renderer '"), errdex.HolePart("prop", "prop", errdex.HoleStr), errdex.Lit("' does not exist")),
	}
}

// TestMinifiedColumns checks that in minified code, where one line holds
// many sites, a frame's column says which statement it is at, and that a
// readable copy of the same code comes first among equal matches.
func TestMinifiedColumns(t *testing.T) {
	ix := NewIndex(slices.Values(minifiedSites()))
	frame := func(line, col int) []Frame {
		return []Frame{{Path: "/app/node_modules/pkg/lib/pkg.esm.js", Line: line, Column: col, Function: "ne.use"}}
	}
	tests := []struct {
		name   string
		q      Query
		want   errdex.ID
		reason string // the top match's first reason; "" to skip the check
		tied   int
	}{
		{
			name:   "the frame's column is at the throw",
			q:      Query{Message: "renderer 'nosuch' does not exist", Exception: "Error", Frames: frame(87, 4698)},
			want:   "min-renderer",
			reason: "the innermost frame (lib/pkg.esm.js:87) is this raise",
			tied:   1,
		},
		{
			// Only the frame finds a message held in a variable; of the
			// three sites on line 87, the column picks the one it is at.
			name:   "a message in a variable, found by the column",
			q:      Query{Message: "something else went wrong", Exception: "Error", Frames: frame(87, 6001)},
			want:   "min-rethrow",
			reason: "the innermost frame (lib/pkg.esm.js:87) is this raise",
			tied:   1,
		},
		{
			// The frame is on the line but at another statement: the
			// text still finds the site, but not as the frame's raise.
			name:   "a frame at another statement of the line",
			q:      Query{Message: "renderer 'nosuch' does not exist", Exception: "Error", Frames: frame(87, 3000)},
			want:   "min-renderer",
			reason: "the innermost frame (lib/pkg.esm.js:87) is in this function",
			tied:   1,
		},
		{
			name: "the readable copy first among equal matches",
			q:    Query{Message: "renderer 'nosuch' does not exist", Exception: "Error"},
			want: "readable-renderer",
			tied: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Match(tt.q, Options{})
			if len(res.Matches) == 0 {
				t.Fatalf("no match: %s", res.Reason)
			}
			top := res.Matches[0]
			if top.ID != tt.want || res.Tied != tt.tied {
				t.Fatalf("top %s (%.3f), tied %d; want %s, tied %d; all: %v", top.ID, top.Score, res.Tied, tt.want, tt.tied, ids(res))
			}
			if tt.reason != "" && top.Reasons[0] != tt.reason {
				t.Errorf("reason %q, want %q (all: %q)", top.Reasons[0], tt.reason, top.Reasons)
			}
		})
	}
	// Without a column, a frame on the line is at every site of it.
	res := ix.Match(Query{Message: "something else went wrong", Exception: "Error", Frames: frame(87, 0)}, Options{})
	if len(res.Matches) == 0 || res.Matches[0].Reasons[0] != "the innermost frame (lib/pkg.esm.js:87) is this raise" {
		t.Errorf("a frame without a column: %v", res)
	}
}

// TestNotRaisedJS checks what an answer says when a JavaScript stack's
// innermost frame lies in an indexed file at no raise: V8 records where an
// error is created, so that is a factory or a call into built-in code, not
// compiled code as for Python.
func TestNotRaisedJS(t *testing.T) {
	ix := NewIndex(slices.Values(minifiedSites()))
	res := ix.Match(Query{Message: "ValidationError: age must be a number", Frames: []Frame{
		{Path: "/srv/app/node_modules/pkg/dist/index.js", Line: 12, Column: 10, Function: "createError"},
		{Path: "/srv/app/main.js", Line: 3, Column: 1, Function: "main"},
	}}, Options{})
	want := "the innermost frame dist/index.js:12 in createError is not a raise: the error was created there and thrown further up (a factory returns it to its caller), or the runtime's built-in code called there threw it"
	if len(res.Matches) != 0 || res.Reason != want {
		t.Errorf("got %v, reason %q; want no match and %q", ids(res), res.Reason, want)
	}
}
