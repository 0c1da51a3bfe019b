package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/errdex/errdex"
)

// Store is what Enrich needs from a database. store/sqlite.Store
// implements it.
type Store interface {
	// ListSites lists stored sites (see errdex.Store).
	ListSites(ctx context.Context, f errdex.SiteFilter, fn func(*errdex.Site) error) error
	// UpdateExplanations stores the Explanation and StaticExplanation of
	// each site under its ID, leaving the other stored fields alone, and
	// returns how many changed.
	UpdateExplanations(ctx context.Context, sites []*errdex.Site) (int, error)
	// LLMAnswer returns a cached reply and what it cost.
	LLMAnswer(ctx context.Context, promptHash, model, promptVersion string) (content string, tokens int, ok bool, err error)
	// PutLLMAnswer caches a reply.
	PutLLMAnswer(ctx context.Context, promptHash, model, promptVersion, content string, tokens int) error
}

// Options configure an enrichment run.
type Options struct {
	// Repo limits the run to one repository ("" for all).
	Repo string
	// IDs, when set, limits the run to these sites.
	IDs []errdex.ID
	// Limit is the number of sites to explain, in listing order (0: all).
	Limit int
	// Budget is the most tokens the run may spend on requests (0: no
	// limit). Before each request the run sets aside an estimate of its
	// cost (the prompt and the longest answer), so the budget is never
	// exceeded; sites it cannot afford are counted as failed "budget".
	// Cached answers cost nothing.
	Budget int
	// Refresh asks the model again even when an answer is cached.
	Refresh bool
	// Logger receives one record per rejected answer (Info) and per
	// dropped part (Debug). Default: discard.
	Logger *slog.Logger
	// Progress, when set, is called after each site, from one goroutine.
	Progress func(done, total int)
}

// Failure reasons for sites that got no answer.
const (
	FailBudget      = "budget"
	FailRateLimited = "rate-limited"
	FailUnavailable = "unavailable"
	FailCanceled    = "canceled"
)

// Stats summarise an enrichment run.
type Stats struct {
	Model    string
	Sites    int            // sites the run considered
	Asked    int            // sites whose answer came from the model in this run
	Cached   int            // sites whose answer came from the cache
	Accepted int            // answers that passed validation (some parts may be dropped)
	Rejected map[string]int // answers rejected whole, by reason
	Dropped  map[string]int // sentences, items and fixes dropped, by reason
	Failed   map[string]int // sites left without an answer, by reason
	Updated  int            // sites whose stored explanation changed
	// Tokens is what this run's requests cost as the server reported it
	// (estimated at four bytes a token when it did not).
	Tokens Usage
	// CachedTokens is what the cached answers cost when first asked: what
	// the cache saved.
	CachedTokens int
	Client       ClientStats
	Symbols      int // entries in the repositories' symbol tables
	Duration     time.Duration
}

// result is the outcome for one site.
type result struct {
	site      *errdex.Site
	cached    bool
	asked     bool
	tokens    Usage
	cachedTok int
	verdict   *Verdict
	failed    string       // why the site got no answer
	err       error        // and the error that said so
	update    *errdex.Site // nil when there is nothing to store
}

// Enrich asks the client's model to explain the sites the options select,
// validates each answer against the site's repository (Validate), and
// stores the validated fields beside the deterministic explanation
// (Merge). Answers are cached by the prompt's hash, the model and
// PromptVersion, so running again over unchanged sites sends no request.
//
// A site whose answer is rejected keeps (or gets back) its deterministic
// explanation. An error the server gives for every request (a bad key, an
// unknown model, a wrong URL) stops the run; other failures count against
// the site and the run goes on. Updates are stored in batches as the run
// goes, so an interrupted run keeps what it did; the returned Stats are
// valid with an error too.
func Enrich(ctx context.Context, st Store, c *Client, opts Options) (*Stats, error) {
	const op = "llm.Enrich"
	start := time.Now()
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	stats := &Stats{Model: c.Model(), Rejected: map[string]int{}, Dropped: map[string]int{}, Failed: map[string]int{}}
	defer func() {
		stats.Client = c.Stats()
		stats.Duration = time.Since(start)
	}()
	if opts.Limit < 0 || opts.Budget < 0 {
		return stats, errdex.Errorf(op, errdex.Invalid, "negative limit or budget")
	}

	// The symbols of every selected repository, and the sites to explain.
	symbols := map[string]*Symbols{}
	var targets []*errdex.Site
	wanted := map[errdex.ID]bool{}
	for _, id := range opts.IDs {
		wanted[id] = true
	}
	err := st.ListSites(ctx, errdex.SiteFilter{Repo: opts.Repo, WithSnippet: true}, func(s *errdex.Site) error {
		syms := symbols[s.Repo]
		if syms == nil {
			syms = NewSymbols()
			symbols[s.Repo] = syms
		}
		syms.AddSite(s)
		if (len(wanted) == 0 || wanted[s.ID]) && (opts.Limit == 0 || len(targets) < opts.Limit) {
			targets = append(targets, s)
		}
		return nil
	})
	if err != nil {
		return stats, fmt.Errorf("%s: listing sites: %w", op, err)
	}
	for _, s := range symbols {
		stats.Symbols += s.Len()
	}
	stats.Sites = len(targets)

	e := &enricher{st: st, c: c, opts: opts, log: log, symbols: symbols, budget: budget{limit: opts.Budget}}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	g, gctx := errgroup.WithContext(runCtx)
	jobs := make(chan *errdex.Site)
	results := make(chan result)
	g.Go(func() error {
		defer close(jobs)
		for _, s := range targets {
			select {
			case jobs <- s:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	var workers sync.WaitGroup
	for range c.Concurrency() {
		workers.Add(1)
		g.Go(func() error {
			defer workers.Done()
			for s := range jobs {
				r, err := e.site(gctx, s)
				if err != nil {
					return err
				}
				select {
				case results <- r:
				case <-gctx.Done():
					return nil
				}
			}
			return nil
		})
	}
	go func() {
		workers.Wait()
		close(results)
	}()

	// Collect in this goroutine: statistics, progress and batched writes
	// need no lock.
	var pending []*errdex.Site
	var flushErr error
	flush := func() {
		if len(pending) == 0 || flushErr != nil {
			return
		}
		// Store what was done even when the run is being canceled.
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		n, err := st.UpdateExplanations(fctx, pending)
		stats.Updated += n
		pending = pending[:0]
		if err != nil {
			flushErr = fmt.Errorf("%s: storing explanations: %w", op, err)
		}
	}
	// A server that fails site after site is down or overloaded: stop
	// rather than wait out every site's retries.
	var breakErr error
	streak, maxStreak := 0, max(8, 2*c.Concurrency())
	done := 0
	for r := range results {
		stats.add(r, log)
		switch r.failed {
		case FailUnavailable, FailRateLimited:
			if streak++; streak == maxStreak && breakErr == nil {
				breakErr = errdex.Errorf(op, errdex.KindOf(r.err), "stopped: %d sites in a row got no answer; the last: %w", streak, r.err)
				stop()
			}
		case "":
			streak = 0
		}
		if r.update != nil {
			pending = append(pending, r.update)
			if len(pending) >= 64 {
				flush()
			}
		}
		done++
		if opts.Progress != nil {
			opts.Progress(done, len(targets))
		}
	}
	werr := g.Wait()
	flush()
	if err := errors.Join(breakErr, werr, flushErr); err != nil {
		return stats, err
	}
	if ctx.Err() != nil {
		return stats, errdex.E(op, errdex.Canceled, ctx.Err())
	}
	return stats, nil
}

func (s *Stats) add(r result, log *slog.Logger) {
	site := r.site
	where := fmt.Sprintf("%s:%d", site.Location.Path, site.Location.Line)
	if r.failed != "" {
		s.Failed[r.failed]++
		return
	}
	if r.cached {
		s.Cached++
		s.CachedTokens += r.cachedTok
	}
	if r.asked {
		s.Asked++
		s.Tokens.PromptTokens += r.tokens.PromptTokens
		s.Tokens.CompletionTokens += r.tokens.CompletionTokens
		s.Tokens.TotalTokens += r.tokens.TotalTokens
	}
	v := r.verdict
	for _, d := range v.Drops {
		s.Dropped[d.Reason]++
		log.Debug("dropped from an LLM answer", "site", site.ID, "where", where, "field", d.Field, "reason", d.Reason, "names", d.Names, "text", d.Text)
	}
	if v.Rejection != nil {
		s.Rejected[v.Rejection.Reason]++
		log.Info("LLM answer rejected", "site", site.ID, "where", where, "reason", v.Rejection.Reason, "detail", v.Rejection.Detail)
		return
	}
	s.Accepted++
}

// enricher holds what the workers share.
type enricher struct {
	st      Store
	c       *Client
	opts    Options
	log     *slog.Logger
	symbols map[string]*Symbols
	budget  budget
}

// site gets, validates and merges the answer for one site. Its error is
// fatal to the run; failures of the site alone are in the result.
func (e *enricher) site(ctx context.Context, site *errdex.Site) (result, error) {
	r := result{site: site}
	p := BuildPrompt(site)
	model := e.c.Model()
	var content string
	found := false
	if !e.opts.Refresh {
		var tokens int
		var err error
		content, tokens, found, err = e.st.LLMAnswer(ctx, p.Hash, model, PromptVersion)
		if err != nil {
			return r, fmt.Errorf("reading the answer cache: %w", err)
		}
		r.cached, r.cachedTok = found, tokens
	}
	if !found {
		est := estimate(p) + e.c.MaxTokens()
		if !e.budget.reserve(est) {
			r.failed = FailBudget
			return r, nil
		}
		comp, err := e.c.Complete(ctx, Request{Messages: p.Messages, Schema: p.Schema, SchemaName: "errdex_explanation"})
		if err != nil {
			e.budget.settle(est, 0)
			switch errdex.KindOf(err) {
			case errdex.Invalid, errdex.NotFound:
				return r, err
			case errdex.RateLimited:
				r.failed = FailRateLimited
			case errdex.Canceled:
				r.failed = FailCanceled
			default:
				r.failed = FailUnavailable
			}
			r.err = err
			e.log.Warn("no answer from the LLM", "site", site.ID, "error", err)
			return r, nil
		}
		r.asked, r.tokens = true, comp.Usage
		if r.tokens.TotalTokens == 0 {
			r.tokens.TotalTokens = (promptBytes(p) + len(comp.Content)) / 4
		}
		e.budget.settle(est, r.tokens.TotalTokens)
		content = comp.Content
		if err := e.st.PutLLMAnswer(ctx, p.Hash, model, PromptVersion, content, r.tokens.TotalTokens); err != nil {
			return r, fmt.Errorf("caching an answer: %w", err)
		}
	}

	ans, err := ParseAnswer(content)
	if err != nil {
		r.verdict = &Verdict{Rejection: err.(*Rejection)}
	} else {
		r.verdict = Validate(ans, site, e.symbols[site.Repo])
	}

	// A rejected answer leaves (or puts back) the static explanation as
	// it is; an accepted one is merged over it, which is kept beside.
	static := StaticOf(site)
	upd := &errdex.Site{ID: site.ID, Explanation: static}
	if r.verdict.Kept != nil {
		upd.Explanation, upd.StaticExplanation = Merge(static, r.verdict.Kept, model), static
	}
	if !reflect.DeepEqual(upd.Explanation, site.Explanation) || !reflect.DeepEqual(upd.StaticExplanation, site.StaticExplanation) {
		r.update = upd
	}
	return r, nil
}

// estimate is a generous guess of a prompt's tokens before asking: three
// bytes a token (real tokenizers average about four on English and code).
func estimate(p *Prompt) int { return promptBytes(p)/3 + 1 }

func promptBytes(p *Prompt) int {
	n := len(p.Schema)
	for _, m := range p.Messages {
		n += len(m.Content)
	}
	return n
}

// budget is the token budget of a run: reservations are taken before a
// request and settled to the real cost after it.
type budget struct {
	mu             sync.Mutex
	limit          int
	spent, pending int
}

func (b *budget) reserve(n int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit > 0 && b.spent+b.pending+n > b.limit {
		return false
	}
	b.pending += n
	return true
}

func (b *budget) settle(reserved, spent int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending -= reserved
	b.spent += spent
}
