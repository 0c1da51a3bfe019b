package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/httprate"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/lookup"
)

// Limits of a request.
const (
	// MaxBody is the largest request body accepted (1 MiB): enough for
	// any traceback, and the same bound trace.MaxInput puts on a paste.
	MaxBody = 1 << 20
	// DefaultRequestTimeout bounds the work of one request.
	DefaultRequestTimeout = 10 * time.Second
	// DefaultSearchRate is the number of searches a client may run per
	// minute.
	DefaultSearchRate = 60
	// DefaultCacheBytes is the memory given to rendered pages.
	DefaultCacheBytes = 64 << 20
)

// Config configures a Server. Store is required; the zero value of every
// other field selects a default.
type Config struct {
	// Store holds the sites and families.
	Store errdex.Store
	// Lookup answers searches. Without it, searches fail with 503.
	Lookup *lookup.Service
	// Logger receives access logs and errors (default: slog.Default()).
	Logger *slog.Logger
	// Registry receives the server's Prometheus metrics, which /metrics
	// serves (default: a new registry with the Go and process collectors).
	Registry *prometheus.Registry
	// PublicURL is the site's absolute URL ("https://errdex.example"),
	// used in sitemap.xml and robots.txt. When empty, it is derived from
	// each request's Host.
	PublicURL string
	// SearchRate is how many searches one client may run per minute
	// (default DefaultSearchRate; negative: unlimited).
	SearchRate int
	// TrustForwardedFor keys rate limits on the last address of
	// X-Forwarded-For instead of the connection's address: set it only
	// behind a reverse proxy that sets the header.
	TrustForwardedFor bool
	// CacheBytes bounds the memory of rendered pages (default
	// DefaultCacheBytes; negative disables the cache).
	CacheBytes int64
	// RequestTimeout bounds one request (default DefaultRequestTimeout).
	RequestTimeout time.Duration
	// FamilyBackground returns the background paragraph of a failure
	// family, or "" (optional).
	FamilyBackground func(slug string) string
	// ReportURL, when set, is where readers report a problem with a page;
	// "{id}" is replaced by the error's ID.
	ReportURL string
}

// Server serves errdex's pages, JSON API and operational endpoints. It is
// safe for concurrent use. Create it with New.
type Server struct {
	cfg     Config
	log     *slog.Logger
	paths   paths
	static  bool // rendering pages for a static export
	tmpl    *templates
	assets  *assets
	metrics *metrics
	cache   *pageCache // nil when disabled
	flight  singleflight.Group
	// deflates holds the compressed JSON of the sites search answers send.
	deflates *siteDeflates
	// links holds the title and page link of the sites search answers
	// name.
	links *siteLinks
	bufs  bufferPool // of search answers
	// matching holds a slot per search being matched (see search).
	matching chan struct{}

	cat atomic.Pointer[catalog]
	// gen is incremented with each new catalog; it prefixes the keys of
	// the page cache, so that a page rendered from the previous state
	// while Refresh ran is never served after it.
	gen       atomic.Uint64
	refreshMu sync.Mutex

	mux     *http.ServeMux
	handler http.Handler
}

// New builds a server over cfg.Store and loads what it knows about the
// database (snapshots, families, featured errors).
func New(ctx context.Context, cfg Config) (*Server, error) {
	return newServer(ctx, cfg, paths{}, false)
}

func newServer(ctx context.Context, cfg Config, p paths, static bool) (*Server, error) {
	if cfg.Store == nil {
		return nil, errdex.Errorf("web.New", errdex.Invalid, "no store given")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registry == nil {
		cfg.Registry = newRegistry()
	}
	if cfg.SearchRate == 0 {
		cfg.SearchRate = DefaultSearchRate
	}
	if cfg.CacheBytes == 0 {
		cfg.CacheBytes = DefaultCacheBytes
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	s := &Server{cfg: cfg, log: cfg.Logger, paths: p, static: static, matching: make(chan struct{}, runtime.GOMAXPROCS(0))}
	var err error
	if s.assets, err = loadAssets(p); err != nil {
		return nil, err
	}
	if s.tmpl, err = parseTemplates(s.funcs()); err != nil {
		return nil, err
	}
	if cfg.CacheBytes > 0 {
		s.cache = newPageCache(cfg.CacheBytes)
	}
	if s.links, err = newSiteLinks(); err != nil {
		return nil, err
	}
	if s.deflates, err = newSiteDeflates(); err != nil {
		return nil, err
	}
	cat, err := loadCatalog(ctx, cfg.Store, nil)
	if err != nil {
		return nil, err
	}
	s.setCatalog(cat)
	if s.metrics, err = newMetrics(cfg.Registry, s); err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
}

func (s *Server) setCatalog(c *catalog) {
	s.cat.Store(c)
	s.gen.Add(1)
	if s.cache != nil {
		s.cache.clear()
	}
}

// Refresh checks whether the store changed since the server last looked
// (another process indexed or deleted a repository, or wrote explanations
// with `errdex enrich`: errdex.Store.Generation grew) and, when it did,
// reloads the match index (with its cache of sites and their JSON), the
// catalog, and empties the page cache, so that no page or API answer
// shows what the store held before. It reports whether anything changed.
func (s *Server) Refresh(ctx context.Context) (bool, error) {
	s.refreshMu.Lock()
	defer s.refreshMu.Unlock()
	prev := s.cat.Load()
	c, err := loadCatalog(ctx, s.cfg.Store, prev)
	if err != nil || c == prev {
		return false, err
	}
	if s.cfg.Lookup != nil {
		if err := s.cfg.Lookup.Reload(ctx); err != nil {
			return false, fmt.Errorf("web: reload the match index: %w", err)
		}
	}
	s.setCatalog(c)
	return true, nil
}

// Handler returns the server's HTTP handler with every middleware:
// recovery, access log and metrics, security headers, body cap and
// request timeout.
func (s *Server) Handler() http.Handler { return s.handler }

// routes registers every route. Go's pattern syntax: a method, a path,
// {name} for one segment, {name...} for the rest, {$} for an exact end.
func (s *Server) routes() {
	mux := http.NewServeMux()
	h := s.handle
	c := s.cached
	limit := s.searchLimiter()
	mux.HandleFunc("GET /{$}", h(c(s.homePage)))
	mux.HandleFunc("GET /search", limit(h(s.searchPage)))
	mux.HandleFunc("POST /search", limit(h(s.searchPage)))
	mux.HandleFunc("GET /errors/{id}", h(s.errorPage))
	mux.HandleFunc("GET /errors/{id}/{slug}", h(s.errorPage))
	mux.HandleFunc("GET /families", h(c(s.familiesPage)))
	mux.HandleFunc("GET /families/{slug}", h(c(s.familyPage)))
	mux.HandleFunc("GET /repos", h(c(s.reposPage)))
	mux.HandleFunc("GET /repos/{rest...}", h(c(s.repoPage)))

	mux.HandleFunc("GET /api/errors/{id}", h(c(s.apiError)))
	mux.HandleFunc("GET /api/search", limit(h(s.apiSearch)))
	mux.HandleFunc("POST /api/search", limit(h(s.apiSearch)))
	mux.HandleFunc("GET /api/families", h(c(s.apiFamilies)))
	mux.HandleFunc("GET /api/families/{slug}", h(c(s.apiFamily)))
	mux.HandleFunc("GET /api/repos", h(c(s.apiRepos)))
	mux.HandleFunc("GET /api/repos/{rest...}", h(c(s.apiRepo)))
	mux.HandleFunc("GET /api/openapi.json", h(s.openAPI))

	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metrics.handler())
	if s.cfg.PublicURL != "" {
		mux.HandleFunc("GET /sitemap.xml", h(c(s.sitemap)))
	} else {
		mux.HandleFunc("GET /sitemap.xml", h(s.sitemap)) // its URLs depend on the Host header
	}
	mux.HandleFunc("GET /robots.txt", h(s.robots))
	mux.HandleFunc("GET /static/{name}", h(s.asset))
	mux.HandleFunc("GET /favicon.ico", h(s.favicon))
	mux.HandleFunc("/", s.notFound)
	s.mux = mux

	var handler http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if rec, ok := w.(*recorder); ok {
			rec.route = r.Pattern
		}
	})
	handler = s.limits(handler)
	handler = securityHeaders(handler)
	s.handler = s.observe(handler)
}

// pageFunc produces a complete response, or an error that fail turns into
// one.
type pageFunc func(r *http.Request) (*response, error)

// handle adapts a pageFunc to an http.HandlerFunc.
func (s *Server) handle(f pageFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		resp, err := f(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		send(w, r, resp)
		if resp.release != nil {
			resp.release()
		}
	}
}

// cached serves a page from the page cache, keyed by its path, rendering
// it once when missing however many requests ask at the same time. Pages
// depend only on their path and the data, which is why a query string
// (other than the values of an error page, which is not cached) is
// ignored.
func (s *Server) cached(f pageFunc) pageFunc {
	return func(r *http.Request) (*response, error) {
		return s.cachedAs(r.URL.Path, func() (*response, error) { return f(r) })
	}
}

// fail sends the error page (HTML) or error document (JSON under /api/)
// for err, with the status kindStatus gives its kind. Internal errors are
// logged with their full chain; users see a generic sentence.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	status, code := statusOf(err)
	if status >= 500 {
		s.log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
	}
	s.sendError(w, r, status, code, publicMessage(err, status), nil)
}

// sendError writes an error response in the form the path calls for.
func (s *Server) sendError(w http.ResponseWriter, r *http.Request, status int, code, msg string, header http.Header) {
	var resp *response
	if isAPI(r) {
		var err error
		resp, err = jsonResponse(status, errorBody{Error: apiError{Status: status, Code: code, Message: msg}}, cacheNone)
		if err != nil {
			resp = newResponse(status, typeText, []byte(msg+"\n"), cacheNone)
		}
	} else {
		resp = s.statusPage(r, status, msg)
	}
	resp.cacheControl = cacheNone
	resp.etag = ""
	resp.header = header
	send(w, r, resp)
}

func isAPI(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api"
}

// notFound answers every request no route matched: 405 with an Allow header
// when the path exists for another method, 404 otherwise.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		if m == r.Method || (m == http.MethodGet && r.Method == http.MethodHead) {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pat := s.mux.Handler(probe); pat != "/" && pat != "" {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
	}
	if len(allow) > 0 {
		h := http.Header{"Allow": {strings.Join(allow, ", ")}}
		s.sendError(w, r, http.StatusMethodNotAllowed, codeMethodNotAllowed,
			fmt.Sprintf("%s is not allowed here; use %s", r.Method, strings.Join(allow, " or ")), h)
		return
	}
	s.fail(w, r, errdex.Errorf("web", errdex.NotFound, "there is no page at %s", r.URL.Path))
}

// healthz reports whether the server can read its database.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if _, err := s.cfg.Store.Snapshots(ctx); err != nil {
		s.log.ErrorContext(ctx, "health check failed", "err", err)
		resp, _ := jsonResponse(http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": "the database cannot be read"}, cacheNone)
		send(w, r, resp)
		return
	}
	c := s.cat.Load()
	resp, _ := jsonResponse(http.StatusOK, map[string]any{"status": "ok", "repos": len(c.snaps), "sites": c.sites}, cacheNone)
	resp.etag = ""
	send(w, r, resp)
}

// searchLimiter returns the middleware applying the per-client search
// rate limit. All search routes share one limiter, so a client's budget
// is the same whichever form of search it uses.
func (s *Server) searchLimiter() func(http.HandlerFunc) http.HandlerFunc {
	if s.cfg.SearchRate < 0 {
		return func(h http.HandlerFunc) http.HandlerFunc { return h }
	}
	n := s.cfg.SearchRate
	limiter := httprate.NewRateLimiter(n, time.Minute,
		httprate.WithKeyFuncs(s.clientKey),
		httprate.WithLimitHandler(func(w http.ResponseWriter, r *http.Request) {
			s.metrics.searches.WithLabelValues("rate-limited").Inc()
			s.fail(w, r, errdex.Errorf("web.search", errdex.RateLimited,
				"too many searches from your address (the limit is %d a minute): wait a minute and try again", n))
		}))
	return func(h http.HandlerFunc) http.HandlerFunc { return limiter.Handler(h).ServeHTTP }
}

// clientKey identifies the client for rate limiting: the connection's
// address, or the last X-Forwarded-For entry behind a trusted proxy. IPv6
// clients are grouped by /64.
func (s *Server) clientKey(r *http.Request) (string, error) {
	if s.cfg.TrustForwardedFor {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); net.ParseIP(ip) != nil {
				return httprate.CanonicalizeIP(ip), nil
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return httprate.CanonicalizeIP(host), nil
}

// errNoSearch is returned when the server has no match index.
var errNoSearch = errors.New("search is not available on this server")
