package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/family"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/web"
)

// familyBackground is the background paragraph of a failure family.
func familyBackground(slug string) string {
	if f := family.Lookup(slug); f != nil {
		return f.Background
	}
	return ""
}

// serveOptions are the flags of serve (and of demo, which serves too).
type serveOptions struct {
	addr, publicURL, reportURL, logFormat string
	searchRate                            int
	refresh, shutdown                     time.Duration
	trustProxy, quiet                     bool
}

func (o *serveOptions) flags(f *pflag.FlagSet) {
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port); use :8080 to listen on every interface")
	f.StringVar(&o.publicURL, "public-url", "", "absolute URL of the site for sitemap.xml and canonical links (default: from each request's Host)")
	f.IntVar(&o.searchRate, "search-rate", web.DefaultSearchRate, "searches per minute allowed to one client address (negative: unlimited)")
	f.BoolVar(&o.trustProxy, "trust-proxy", false, "rate-limit by the X-Forwarded-For address (only behind a reverse proxy that sets it)")
	f.DurationVar(&o.refresh, "refresh", 30*time.Second, "how often to look for changes other processes made to the database: new snapshots, explanations (0: never)")
	f.DurationVar(&o.shutdown, "shutdown-timeout", 10*time.Second, "time given to requests in flight when stopping")
	f.StringVar(&o.reportURL, "report-url", "", `where readers report a problem with a page ("{id}" is replaced by the error's ID)`)
	f.StringVar(&o.logFormat, "log-format", "text", "access log format: text or json")
	f.BoolVar(&o.quiet, "quiet", false, "log warnings and errors only, not every request")
}

func (e *env) serveCmd() *cobra.Command {
	var opts serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the error pages, search and JSON API over HTTP",
		Long: `Serve answers on --addr (loopback by default) with the error pages, the search
(paste a message or traceback), family and repository pages, the JSON API
(described at /api/openapi.json), /healthz, Prometheus /metrics, sitemap.xml
and robots.txt. Access logs go to standard error.

The server checks every --refresh whether another process changed the
database (indexed or deleted a repository, or wrote explanations with
errdex enrich) and then reloads its match index and drops its cached pages;
on PostgreSQL it also hears of each change the moment it commits. SIGINT or
SIGTERM stop it gracefully: requests in flight get --shutdown-timeout to
finish.`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, err := e.openExisting(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			return e.serve(ctx, st, opts)
		},
	}
	opts.flags(cmd.Flags())
	return cmd
}

// serve runs the web server over st until ctx is done.
func (e *env) serve(ctx context.Context, st errdex.Store, opts serveOptions) error {
	svc, err := lookup.New(ctx, st)
	if err != nil {
		return err
	}
	hopts := &slog.HandlerOptions{}
	if opts.quiet {
		hopts.Level = slog.LevelWarn
	}
	var handler slog.Handler = slog.NewTextHandler(e.stderr, hopts)
	if opts.logFormat == "json" {
		handler = slog.NewJSONHandler(e.stderr, hopts)
	}
	logger := slog.New(handler)
	srv, err := web.New(ctx, web.Config{
		Store:             st,
		Lookup:            svc,
		Logger:            logger,
		PublicURL:         opts.publicURL,
		SearchRate:        opts.searchRate,
		TrustForwardedFor: opts.trustProxy,
		ReportURL:         opts.reportURL,
		FamilyBackground:  familyBackground,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return errdex.Errorf("serve", errdex.Unavailable, "cannot listen on %s: %w (is another server running there? pass --addr)", opts.addr, err)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    web.MaxBody + 64<<10, // GET /search?q= may carry a long paste
		ErrorLog:          slog.NewLogLogger(handler, slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	idx := svc.Index().Stats()
	fmt.Fprintf(e.stdout, "errdex: serving %d error sites at http://%s/ (match index %.1f MB); Ctrl+C stops\n",
		idx.Sites, ln.Addr(), float64(idx.Bytes)/1e6)

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	var tick <-chan time.Time
	if opts.refresh > 0 {
		t := time.NewTicker(opts.refresh)
		defer t.Stop()
		tick = t.C
	}
	refresh := func() {
		changed, err := srv.Refresh(ctx)
		switch {
		case err != nil:
			logger.Warn("refresh failed", "err", err)
		case changed:
			logger.Info("store changed: match index reloaded", "sites", svc.Index().Len())
		}
	}
	// A store that can tell when another process commits a write
	// (PostgreSQL) triggers a refresh at once; the ticker stays as a
	// fallback, and is all there is for SQLite: Refresh compares the
	// store's change counter (errdex.Store.Generation), so either way a
	// new snapshot or new explanations reach the pages and the index.
	changes := storeChanges(ctx, st, func(err error) { logger.Warn("listening for changes to the database", "err", err) })
	for {
		select {
		case err := <-errc:
			return errdex.E("serve", errdex.Unavailable, err)
		case _, ok := <-changes:
			if !ok {
				changes = nil // closed as ctx ends
				continue
			}
			refresh()
		case <-tick:
			refresh()
		case <-ctx.Done():
			sctx, cancel := context.WithTimeout(context.Background(), opts.shutdown)
			defer cancel()
			fmt.Fprintln(e.stdout, "errdex: shutting down")
			if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return errdex.E("serve", errdex.Internal, err)
			}
			return nil
		}
	}
}
