// Package extract defines the contract between the indexing driver and the
// per-language extractors, and holds the driver itself.
//
// An extractor is a plain struct value (fields can be added without breaking
// anyone), exported by one package per language (extract/python,
// extract/golang, ...) and listed by extract/all. Extractors are pure
// functions of a file and its syntax tree: the driver owns reading, parsing,
// time limits, concurrency and clean-up. A file that cannot be parsed or
// extracted is recorded as data (a skipped file with a reason) and never
// stops a run.
package extract

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/config"
	"github.com/errdex/errdex/syntax"
)

// Extractor finds error sites in the files of one language.
type Extractor struct {
	// Language is the language name the walker assigns to the files this
	// extractor handles ("python").
	Language string
	// Doc says in a sentence what the extractor recognises.
	Doc string
	// Grammar returns the tree-sitter grammar for a file path. When Grammar
	// is nil the driver does not parse; Extract reads File.Src itself (the
	// Go extractor uses go/parser).
	Grammar func(path string) *syntax.Language
	// Extract finds the sites of one file. It must not retain f.Tree, which
	// the driver reuses, and must not panic on any input: the driver
	// recovers and records a panic as a failed file, but a panic is a bug.
	// The returned sites need Language, Kind, Exception, Template,
	// Location.Span and Function; the driver fills ID, Repo, Rev and
	// Snippet.
	Extract func(f *File) (*FileResult, error)
	// Link, when set, runs once after every file has been extracted, with
	// the results of all files of this language. It resolves what needs the
	// whole repository, such as exception classes defined in another file
	// that build their own messages.
	Link func(files []*FileResult)
	// Configure, when set, returns the extractor adapted to a repository's
	// .errdex.yaml (extra error-constructing functions and macros). The
	// indexer calls it when the repository has such a file.
	Configure func(cfg *config.Config) *Extractor
}

// File is one source file handed to an extractor.
type File struct {
	Path     string // relative to the repository root, forward slashes
	Language string
	Src      []byte
	Tree     *syntax.Tree // nil when the extractor has no Grammar
	// Minified marks minified code (Input.Minified): an extractor may
	// leave out the facts that read its code by lines and names, which a
	// minifier reuses (FileResult.Analysis).
	Minified bool
}

// FileResult is what an extractor found in one file.
type FileResult struct {
	Path     string
	Language string
	Sites    []*errdex.Site
	// Problems are non-fatal notes about the file, such as a region with
	// syntax errors that was skipped.
	Problems []string
	// Facts carries what the extractor's Link step needs from this file.
	// Only the extractor that produced it interprets it.
	Facts any
	// Analysis holds the language-neutral facts the repository analyses
	// read (see FileFacts); nil when the extractor records none, which
	// leaves the file out of the call graph and of provenance.
	Analysis *FileFacts
}
