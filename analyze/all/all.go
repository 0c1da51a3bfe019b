// Package all lists the repository analyses in the order they run, and
// runs them with the deterministic explanations that follow.
package all

import (
	"context"

	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/analyze/callers"
	"github.com/errdex/errdex/analyze/config"
	"github.com/errdex/errdex/analyze/family"
	"github.com/errdex/errdex/analyze/importers"
	"github.com/errdex/errdex/analyze/related"
	"github.com/errdex/errdex/explain"
	"github.com/errdex/errdex/extract"
)

// Analyzers are the analyses, in order: configuration and provenance
// first (the family and related errors read what it finds), then
// callers, importers, family and related errors.
var Analyzers = []*analyze.Analyzer{
	config.Analyzer,
	callers.Analyzer,
	importers.Analyzer,
	family.Analyzer,
	related.Analyzer,
}

// Run runs every analysis over an extraction result, then explains each
// site from the facts they derived.
func Run(ctx context.Context, res *extract.Result) error {
	if err := analyze.Run(ctx, res, Analyzers); err != nil {
		return err
	}
	for _, s := range res.Sites {
		s.Explanation = explain.Site(s)
	}
	return nil
}
