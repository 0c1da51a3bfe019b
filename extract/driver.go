package extract

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/sync/errgroup"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// Reasons recorded for files the driver could not index.
const (
	ReasonUnreadable   = "unreadable"    // the file could not be read
	ReasonTimeout      = "timeout"       // parsing took longer than the time limit
	ReasonExtractError = "extract-error" // the extractor failed or panicked
	ReasonNoExtractor  = "no-extractor"  // no extractor for the file's language
)

// Input is a file to index: where it is, its language, and how to read it.
type Input struct {
	Path     string // relative to the repository root, forward slashes
	Language string
	Size     int64
	Read     func() ([]byte, error)
	// Minified marks minified code (see walk.Options.SkipMinified): its
	// sites are marked (errdex.Site.Minified) and their snippets show a
	// window of the site's line alone.
	Minified bool
}

// snippetContext is the number of lines a snippet of in shows on each side
// of a site.
func snippetContext(in Input, context int) int {
	if in.Minified {
		return min(context, minifiedContext)
	}
	return context
}

// Options configure Run. Zero values select the defaults.
type Options struct {
	Repo       string
	Rev        string
	Extractors []*Extractor
	// Workers is the number of files processed at once (default GOMAXPROCS).
	Workers int
	// ParseTimeout limits the parse time of one file (default 10s).
	ParseTimeout time.Duration
	// SnippetContext is the number of lines kept on each side of a site
	// (default 15).
	SnippetContext int
	// OnFile, when set, is called once per input after it is processed,
	// from one goroutine at a time, for progress reports.
	OnFile func(in Input, sites int)
}

// Result is the outcome of Run.
type Result struct {
	// Sites are sorted by path, line and column, with IDs assigned.
	Sites []*errdex.Site
	// Files holds each extracted file's result, sorted by path; analyses
	// read their facts.
	Files []*FileResult
	// Skipped are inputs that could not be indexed, with the reason.
	Skipped []errdex.SkippedFile
	// Partial are the files indexed in part (FileResult.Problems: syntax
	// errors around which extraction went on), with reason
	// errdex.ReasonPartial and the first problem as the detail.
	Partial []errdex.SkippedFile
	// FilesSeen counts every input; FilesParsed those extracted (with or
	// without syntax errors); FilesWithProblems those with notes.
	FilesSeen, FilesParsed, FilesWithProblems int
	Bytes                                     int64
}

// Run reads, parses and extracts every input, runs each extractor's Link
// step, assigns IDs and returns the sites. Only a canceled context or an
// infrastructure failure (a parser that cannot be created) fails the run;
// problems with single files are recorded in Result.Skipped.
func Run(ctx context.Context, inputs iter.Seq[Input], opts Options) (*Result, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.ParseTimeout <= 0 {
		opts.ParseTimeout = 10 * time.Second
	}
	if opts.SnippetContext <= 0 {
		opts.SnippetContext = 15
	}
	byLang := map[string]*Extractor{}
	for _, x := range opts.Extractors {
		byLang[x.Language] = x
	}

	type outcome struct {
		in      Input
		file    *FileResult
		skipped *errdex.SkippedFile
		size    int64
	}
	g, ctx := errgroup.WithContext(ctx)
	work := make(chan Input)
	out := make(chan outcome)
	g.Go(func() error {
		defer close(work)
		for in := range inputs {
			select {
			case work <- in:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	var workers sync.WaitGroup
	for range opts.Workers {
		workers.Add(1)
		g.Go(func() error {
			defer workers.Done()
			w := worker{opts: &opts, byLang: byLang, parsers: map[*syntax.Language]*syntax.Parser{}}
			defer w.close()
			for in := range work {
				file, skipped, size, err := w.process(ctx, in)
				if err != nil {
					return err
				}
				select {
				case out <- outcome{in, file, skipped, size}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
	}
	go func() {
		workers.Wait()
		close(out)
	}()

	res := &Result{}
	// Inputs by path, to read again for the sites Link adds (see
	// linkedSnippets).
	read := map[string]Input{}
	for o := range out {
		res.FilesSeen++
		res.Bytes += o.size
		n := 0
		switch {
		case o.skipped != nil:
			res.Skipped = append(res.Skipped, *o.skipped)
		case o.file != nil:
			res.FilesParsed++
			if p := o.file.Problems; len(p) > 0 {
				res.FilesWithProblems++
				detail := p[0]
				if len(p) > 1 {
					detail += fmt.Sprintf(" (and %d more)", len(p)-1)
				}
				res.Partial = append(res.Partial, errdex.SkippedFile{Path: o.file.Path, Reason: errdex.ReasonPartial, Detail: detail})
			}
			res.Files = append(res.Files, o.file)
			read[o.file.Path] = o.in
			n = len(o.file.Sites)
		}
		if opts.OnFile != nil {
			opts.OnFile(o.in, n)
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}

	slices.SortFunc(res.Files, func(a, b *FileResult) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(res.Skipped, func(a, b errdex.SkippedFile) int { return strings.Compare(a.Path, b.Path) })
	for _, x := range opts.Extractors {
		if x.Link == nil {
			continue
		}
		var files []*FileResult
		for _, f := range res.Files {
			if f.Language == x.Language {
				files = append(files, f)
			}
		}
		x.Link(files)
	}
	for _, f := range res.Files {
		linkedSnippets(f, read[f.Path], opts.SnippetContext)
	}
	for _, f := range res.Files {
		for _, s := range f.Sites {
			s.Repo, s.Rev = opts.Repo, opts.Rev
			s.Template = s.Template.Normalize()
			res.Sites = append(res.Sites, s)
		}
	}
	slices.SortStableFunc(res.Sites, func(a, b *errdex.Site) int {
		return cmp.Or(
			strings.Compare(a.Location.Path, b.Location.Path),
			cmp.Compare(a.Location.Line, b.Location.Line),
			cmp.Compare(a.Location.Column, b.Location.Column))
	})
	AssignIDs(res.Sites)
	return res, nil
}

// AssignIDs gives each site its ID from its key (see errdex.IDKey). Sites
// must be in source order, which fixes the ordinals of sites with equal keys.
func AssignIDs(sites []*errdex.Site) {
	seen := map[errdex.IDKey]int{}
	for _, s := range sites {
		k := errdex.IDKey{
			Repo:      s.Repo,
			Language:  s.Language,
			Exception: cmp.Or(s.ExceptionQualified, s.Exception),
			Template:  s.Template.Canonical(),
			Function:  s.Function,
		}
		s.ID = k.ID(seen[k])
		seen[k]++
	}
}

// worker processes files on one goroutine, keeping one parser per grammar.
type worker struct {
	opts    *Options
	byLang  map[string]*Extractor
	parsers map[*syntax.Language]*syntax.Parser
}

func (w *worker) close() {
	for _, p := range w.parsers {
		p.Close()
	}
}

func (w *worker) parser(lang *syntax.Language) (*syntax.Parser, error) {
	if p, ok := w.parsers[lang]; ok {
		return p, nil
	}
	p, err := syntax.NewParser(lang, w.opts.ParseTimeout)
	if err != nil {
		return nil, err
	}
	w.parsers[lang] = p
	return p, nil
}

// process indexes one input. A returned error is an infrastructure failure
// that stops the run; file problems come back as a skipped file.
func (w *worker) process(ctx context.Context, in Input) (*FileResult, *errdex.SkippedFile, int64, error) {
	skip := func(reason string, format string, args ...any) (*FileResult, *errdex.SkippedFile, int64, error) {
		return nil, &errdex.SkippedFile{Path: in.Path, Reason: reason, Detail: fmt.Sprintf(format, args...)}, in.Size, nil
	}
	x := w.byLang[in.Language]
	if x == nil {
		return skip(ReasonNoExtractor, "no extractor for %s files", in.Language)
	}
	src, err := in.Read()
	if err != nil {
		return skip(ReasonUnreadable, "%v", err)
	}
	f := &File{Path: in.Path, Language: in.Language, Src: src, Minified: in.Minified}
	if x.Grammar != nil {
		lang := x.Grammar(in.Path)
		p, err := w.parser(lang)
		if err != nil {
			return nil, nil, 0, fmt.Errorf("extract: %w", err)
		}
		tree, err := p.Parse(ctx, src)
		switch {
		case errors.Is(err, syntax.ErrTimeout):
			return skip(ReasonTimeout, "parsing took longer than %v", w.opts.ParseTimeout)
		case ctx.Err() != nil:
			return nil, nil, 0, ctx.Err()
		case err != nil:
			return skip(ReasonExtractError, "parse: %v", err)
		}
		f.Tree = tree
	}
	res, err := safeExtract(x, f)
	if err != nil {
		return skip(ReasonExtractError, "%v", err)
	}
	res.Path, res.Language = in.Path, in.Language
	if f.Tree != nil && len(res.Problems) == 0 {
		// The extractor went on around the error; say where it is.
		if n := f.Tree.FirstError(); !n.IsNull() {
			res.Problems = append(res.Problems, fmt.Sprintf("syntax error on line %d", n.Span().Line))
		}
	}
	var lines []string
	if len(res.Sites) > 0 {
		lines = splitLines(src)
	}
	for _, s := range res.Sites {
		s.Location.Path = in.Path
		if s.Language == "" {
			s.Language = in.Language
		}
		s.Minified = in.Minified
		s.Snippet = MakeSnippet(lines, s.Location.Span, snippetContext(in, w.opts.SnippetContext))
	}
	return res, nil, int64(len(src)), nil
}

// linkedSnippets completes the sites a Link step added to file f (a
// helper's call in another file, made a site once the helper is known):
// their path, language and snippet, which the driver gives the sites of
// Extract as it reads the file. The file is read again only when such a
// site is there; if it cannot be, they stay without a snippet.
func linkedSnippets(f *FileResult, in Input, context int) {
	var lines []string
	for _, s := range f.Sites {
		if s.Snippet != nil {
			continue
		}
		if s.Location.Path == "" {
			s.Location.Path = f.Path
		}
		if s.Language == "" {
			s.Language = f.Language
		}
		if lines == nil {
			if in.Read == nil {
				return
			}
			src, err := in.Read()
			if err != nil {
				return
			}
			lines = splitLines(src)
		}
		s.Minified = in.Minified
		s.Snippet = MakeSnippet(lines, s.Location.Span, snippetContext(in, context))
	}
}

// safeExtract calls the extractor, turning a panic into an error so that one
// bad file cannot stop a run.
func safeExtract(x *Extractor, f *File) (res *FileResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s extractor panicked on this file: %v\n%s", x.Language, r, debug.Stack())
			res = nil
		}
	}()
	res, err = x.Extract(f)
	if err == nil && res == nil {
		res = &FileResult{}
	}
	return res, err
}

// maxSnippetLine caps the length of one snippet line; longer lines
// (minified code) are cut with an ellipsis, the site's own line to a window
// around the site's column.
const maxSnippetLine = 400

// windowLead is how much of a long site line a snippet shows before the
// site's column.
const windowLead = 120

// minifiedContext is the most lines a snippet of a minified file shows on
// each side of the site: none, since a line there holds many statements
// and the window of the site's own line shows those around it.
const minifiedContext = 0

func splitLines(src []byte) []string {
	s := string(src)
	lines := strings.Split(s, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// MakeSnippet returns the lines [at.Line-context, at.EndLine+context] of a
// file (1-based, clipped to the file) with at.Line..at.EndLine marked.
// Lines are made valid UTF-8, stripped of a trailing carriage return and
// cut to maxSnippetLine bytes: the site's first line to a window around
// at.Column (a site in the middle of a minified line), the others at
// their start.
func MakeSnippet(lines []string, at errdex.Span, context int) *errdex.Snippet {
	line := at.Line
	if line < 1 || line > len(lines) {
		return nil
	}
	endLine := min(max(at.EndLine, line), len(lines))
	first := max(1, line-context)
	last := min(len(lines), endLine+context)
	sn := &errdex.Snippet{StartLine: first}
	for i := first; i <= last; i++ {
		l := strings.TrimSuffix(lines[i-1], "\r")
		if len(l) > maxSnippetLine {
			from := 0
			if i == line {
				from = max(0, min(at.Column-1-windowLead, len(l)-maxSnippetLine))
			}
			l = window(l, from, from+maxSnippetLine)
		}
		// A copy: a slice of the file's text would keep the whole file
		// in memory as long as the site.
		sn.Lines = append(sn.Lines, strings.Clone(strings.ToValidUTF8(l, "\uFFFD")))
	}
	for i := line; i <= endLine; i++ {
		sn.MarkLines = append(sn.MarkLines, i)
	}
	return sn
}

// window returns l[from:to], both moved back to rune boundaries, with an
// ellipsis for each end it cut off.
func window(l string, from, to int) string {
	for from > 0 && !utf8.RuneStart(l[from]) {
		from--
	}
	for to < len(l) && to > from && !utf8.RuneStart(l[to]) {
		to--
	}
	w := l[from:min(to, len(l))]
	if from > 0 {
		w = "…" + w
	}
	if to < len(l) {
		w += "…"
	}
	return w
}
