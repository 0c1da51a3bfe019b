package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/explain/llm"
)

func (e *env) enrichCmd() *cobra.Command {
	var (
		cfg        llm.Config
		opts       llm.Options
		verbose    bool
		showPrompt bool
	)
	cmd := &cobra.Command{
		Use:   "enrich [ID...]",
		Short: "Improve stored explanations with an LLM, keeping only what is grounded in the code",
		Long: `Enrich asks a language model served by any OpenAI-compatible server (vLLM,
sglang, llama.cpp, Ollama, OpenAI) to explain the indexed error sites from
their facts, checks every answer against the repository (names that do not
exist, links, instructions planted in the code, length), and stores the fields
that pass beside the deterministic explanation, marked "llm:<model>".

The server, model and key come from --url, --model and --api-key, or from
ERRDEX_LLM_URL, ERRDEX_LLM_MODEL and ERRDEX_LLM_API_KEY. Answers are cached in
the database by site content, model and prompt version: running again costs
nothing for sites that did not change. Run it again after each index, which
writes fresh deterministic explanations. With IDs, only those sites.`,
		Args: args(0, -1),
		RunE: func(cmd *cobra.Command, a []string) error {
			env := llm.ConfigFromEnv()
			cfg.BaseURL = cmp.Or(cfg.BaseURL, env.BaseURL)
			cfg.Model = cmp.Or(cfg.Model, env.Model)
			cfg.APIKey = cmp.Or(cfg.APIKey, env.APIKey)
			for _, s := range a {
				id, err := errdex.ParseID(s)
				if err != nil {
					return err
				}
				opts.IDs = append(opts.IDs, id)
			}
			if showPrompt {
				return e.showPrompts(cmd.Context(), opts)
			}
			level := slog.LevelInfo
			if verbose {
				level = slog.LevelDebug
			}
			log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
			cfg.Logger, opts.Logger = log, log
			client, err := llm.New(cfg)
			if err != nil {
				return err
			}
			st, err := e.openExisting(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			finish := func() {}
			if isTerminal(e.stderr) {
				bar := progressbar.NewOptions(-1,
					progressbar.OptionSetWriter(e.stderr),
					progressbar.OptionSetDescription("explaining"),
					progressbar.OptionShowCount(),
					progressbar.OptionThrottle(100*time.Millisecond),
					progressbar.OptionClearOnFinish(),
					progressbar.OptionFullWidth(),
				)
				opts.Progress = func(done, total int) {
					bar.ChangeMax(total)
					_ = bar.Set(done)
				}
				finish = func() { _ = bar.Finish() }
			}
			stats, err := llm.Enrich(cmd.Context(), st, client, opts)
			finish()
			writeEnrichSummary(e.stdout, stats, opts, client)
			if err != nil {
				return err
			}
			if stats.Sites > 0 && stats.Asked+stats.Cached == 0 && sum(stats.Failed) > 0 {
				return errdex.Errorf("enrich", errdex.Unavailable, "no site got an answer from %s (%s)", client.Endpoint(), breakdown(stats.Failed))
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Repo, "repo", "", "only sites of this repository")
	f.IntVar(&opts.Limit, "limit", 0, "at most this many sites, in listing order (0: all)")
	f.StringVar(&cfg.BaseURL, "url", "", "OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1 (default $"+llm.EnvURL+")")
	f.StringVar(&cfg.Model, "model", "", "model name as the server knows it (default $"+llm.EnvModel+")")
	f.StringVar(&cfg.APIKey, "api-key", "", "API key, when the server needs one (default $"+llm.EnvAPIKey+"; prefer the variable, flags show in process lists)")
	f.IntVar(&cfg.Concurrency, "concurrency", 2, "requests in flight at once")
	f.IntVar(&opts.Budget, "budget", 0, "most tokens this run may spend (0: no limit); cached answers are free")
	f.IntVar(&cfg.MaxTokens, "max-tokens", 1024, "most tokens of one answer")
	f.DurationVar(&cfg.Timeout, "timeout", 2*time.Minute, "time limit of one request")
	f.IntVar(&cfg.MaxRetries, "retries", 4, "retries of a request after 429, 5xx, timeouts and connection errors (-1: none)")
	f.DurationVar(&cfg.MaxWait, "max-wait", time.Minute, "longest wait a server's Retry-After may ask for")
	f.BoolVar(&opts.Refresh, "refresh", false, "ask again even when an answer is cached")
	f.BoolVarP(&verbose, "verbose", "v", false, "log every dropped sentence and every retry")
	f.BoolVar(&showPrompt, "show-prompt", false, "print what would be sent for each site, and send nothing")
	return cmd
}

// writeEnrichSummary prints what an enrichment run did.
func writeEnrichSummary(w io.Writer, s *llm.Stats, opts llm.Options, c *llm.Client) {
	what := "all repositories"
	if opts.Repo != "" {
		what = opts.Repo
	}
	fmt.Fprintf(w, "Explained %d sites of %s with %s at %s in %s\n", s.Sites, what, s.Model, c.Endpoint(), s.Duration.Round(time.Millisecond))
	cl := s.Client
	fmt.Fprintf(w, "  asked     %d (%d HTTP requests: %d retries, %s waited, %d without JSON schema)\n",
		s.Asked, cl.Requests, cl.Retries, cl.Waited.Round(time.Millisecond), cl.Fallbacks)
	fmt.Fprintf(w, "  cached    %d (%d tokens saved)\n", s.Cached, s.CachedTokens)
	fmt.Fprintf(w, "  accepted  %d; %d stored explanations changed\n", s.Accepted, s.Updated)
	fmt.Fprintf(w, "  rejected  %d%s\n", sum(s.Rejected), byReason(s.Rejected))
	fmt.Fprintf(w, "  dropped   %d sentences, items or fixes%s\n", sum(s.Dropped), byReason(s.Dropped))
	fmt.Fprintf(w, "  failed    %d%s\n", sum(s.Failed), byReason(s.Failed))
	budget := ""
	if opts.Budget > 0 {
		budget = fmt.Sprintf(" of a %d budget", opts.Budget)
	}
	fmt.Fprintf(w, "  tokens    %d%s (prompt %d, answers %d)\n", s.Tokens.TotalTokens, budget, s.Tokens.PromptTokens, s.Tokens.CompletionTokens)
}

func byReason(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	return ": " + breakdown(m)
}

// showPrompts prints the prompt of each selected site.
func (e *env) showPrompts(ctx context.Context, opts llm.Options) error {
	st, err := e.openExisting(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	show := func(s *errdex.Site) error {
		p := llm.BuildPrompt(s)
		fmt.Fprintf(e.stdout, "### %s %s:%d (prompt %s, %s)\n", s.ID, s.Location.Path, s.Location.Line, p.Hash[:16], llm.PromptVersion)
		for _, m := range p.Messages {
			fmt.Fprintf(e.stdout, "--- %s\n%s\n", m.Role, m.Content)
		}
		return nil
	}
	if len(opts.IDs) > 0 {
		for _, id := range opts.IDs {
			s, err := st.Site(ctx, id)
			if err != nil {
				return err
			}
			show(s)
		}
		return nil
	}
	return st.ListSites(ctx, errdex.SiteFilter{Repo: opts.Repo, Limit: opts.Limit, WithSnippet: true}, show)
}
