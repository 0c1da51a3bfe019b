// Package web serves the errdex site over HTTP: server-rendered pages
// (html/template and embedded assets, no JavaScript framework), the JSON
// API and the static export.
//
// Pages: the home page with its search box (/), search (GET and POST
// /search: a confident single answer redirects to its error page with the
// user's values kept), error pages (/errors/{id} and /errors/{id}/{slug}),
// failure families (/families, /families/{slug}) and repositories
// (/repos, /repos/{name}). The JSON API mirrors them under /api (the site
// JSON contract at /api/errors/{id}, the explain --json shape at
// /api/search), described by the OpenAPI 3 document at
// /api/openapi.json; errors are JSON with the status their errdex.Kind
// maps to (400, 404, 413, 429, 503).
//
// Operations: /healthz, Prometheus /metrics, slog access logs, gzip (a
// search answer is assembled from its sites' JSON, encoded and compressed
// once per site, not per answer), ETag and Cache-Control, a cache of
// rendered pages, per-client rate limiting of searches, a 1 MiB body cap,
// timeouts, security headers with a strict Content-Security-Policy (the
// serve command adds graceful shutdown). Every text from a repository is
// data: templates escape it, snippets are highlighted by web/highlight
// (chroma's lexers) with escaping, and nothing from a repository ever
// reaches a script or a style.
//
// Export renders the same pages and API documents into a directory for
// any static host.
package web
