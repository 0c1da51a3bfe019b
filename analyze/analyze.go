// Package analyze runs the repository-wide analyses that follow
// extraction: each derives facts about every site from the whole
// repository (who calls its function, which settings its conditions depend
// on, which failure family it belongs to, which other errors are worth
// reading beside it) and writes them into the sites' analysis fields.
//
// The shape follows golang.org/x/tools/go/analysis: an Analyzer is a plain
// struct value, exported by one small package per analysis
// (analyze/config, analyze/callers, analyze/family, analyze/related), and
// analyze/all lists them in the order they must run. An analysis reads the
// repository through a Pass: the sites, and the language-neutral facts the
// extractors recorded (extract.FileFacts), indexed once by Repo, which also
// resolves names across files (imports, classes, module globals).
//
// Guards are not an analysis here: they are syntactic and the extractor
// records them with each site in its single pass over a file.
//
// Analyses are pure functions of the extraction result, run on one
// goroutine, and cost a small fraction of the extraction (see the stdlib
// benchmark in analyze/all).
package analyze

import (
	"context"
	"fmt"

	"github.com/errdex/errdex/extract"
)

// Analyzer is one repository analysis.
type Analyzer struct {
	// Name is a short identifier ("callers").
	Name string
	// Doc says in a sentence what the analysis derives.
	Doc string
	// Run derives the analysis's facts for every site of the pass. It
	// must not panic on any input and must not keep the pass.
	Run func(p *Pass)
}

// Pass is what an analyzer gets: the repository being indexed.
type Pass struct {
	Repo *Repo
}

// Run runs the analyzers in order over an extraction result. Later
// analyzers read what earlier ones wrote (related errors use the
// configuration found by the config analysis), so order matters. Only a
// canceled context fails a run.
func Run(ctx context.Context, res *extract.Result, analyzers []*Analyzer) error {
	p := &Pass{Repo: NewRepo(res)}
	for _, a := range analyzers {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("analyze: %w", err)
		}
		a.Run(p)
	}
	return nil
}
