package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"
)

// contentSecurityPolicy allows scripts, styles and images from the site
// itself only: no inline script or style, no plug-ins, no framing. Every
// page works under it; a message or snippet that smuggled markup into a
// page could still not run anything.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// securityHeaderValues are the headers every response carries, by
// canonical name.
var securityHeaderValues = http.Header{
	"Content-Security-Policy":    {contentSecurityPolicy},
	"X-Content-Type-Options":     {"nosniff"},
	"Referrer-Policy":            {"strict-origin-when-cross-origin"},
	"X-Frame-Options":            {"DENY"},
	"Cross-Origin-Opener-Policy": {"same-origin"},
	"Permissions-Policy":         {"camera=(), microphone=(), geolocation=(), interest-cohort=()"},
}

// securityHeaders sets the headers every response carries. Each response
// shares the value slices of securityHeaderValues, as h.Set would make
// them but without allocating: no one writes into a header's slice (Add
// appends to a full one, which copies it, and Set and Del replace it).
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range securityHeaderValues {
			h[k] = v
		}
		next.ServeHTTP(w, r)
	})
}

// limits caps the request body at MaxBody and bounds the request's time.
func (s *Server) limits(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > MaxBody {
			s.sendError(w, r, http.StatusRequestEntityTooLarge, "too_large",
				publicMessage(&http.MaxBytesError{Limit: MaxBody}, http.StatusRequestEntityTooLarge), nil)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// recorder captures what a handler wrote, for the access log and metrics.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int
	route  string // the matched pattern, set after the mux ran
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// observe logs each request, records its metrics, and turns a panic into
// a 500 response and a log entry with the stack. The log holds the path
// but never the query string, which may hold what a user pasted.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic serving request", "path", r.URL.Path, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if rec.status == 0 {
					s.sendError(rec, r, http.StatusInternalServerError, "internal", publicMessage(fmt.Errorf("panic"), 500), nil)
				}
			}
			d := time.Since(start)
			route := rec.route
			if route == "" || route == "/" {
				route = "unmatched"
			}
			status := rec.status
			if status == 0 {
				status = http.StatusOK
			}
			s.metrics.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
			s.metrics.latency.WithLabelValues(route).Observe(d.Seconds())
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelWarn
			}
			s.log.LogAttrs(r.Context(), level, "http",
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.String("route", route),
				slog.Int("status", status),
				slog.Int("bytes", rec.bytes),
				slog.Float64("ms", float64(d.Microseconds())/1000),
				slog.String("remote", r.RemoteAddr),
			)
		}()
		next.ServeHTTP(rec, r)
	})
}
