package llm

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/errdex/errdex"
)

// Environment variables that configure the client when flags do not.
const (
	EnvURL    = "ERRDEX_LLM_URL"
	EnvModel  = "ERRDEX_LLM_MODEL"
	EnvAPIKey = "ERRDEX_LLM_API_KEY"
)

// Config configures a Client. Zero durations and counts take the defaults
// documented on each field.
type Config struct {
	// BaseURL is the server's OpenAI-compatible API root, such as
	// "http://127.0.0.1:8000/v1"; the client posts to BaseURL +
	// "/chat/completions". A URL that already ends in /chat/completions
	// is used as it is, and one with no path gets /v1.
	BaseURL string
	// Model is the model name the server knows ("qwen3-coder").
	Model string
	// APIKey is sent as a bearer token when set. Local servers usually
	// need none.
	APIKey string
	// Timeout bounds one HTTP attempt, answer included (default 2m:
	// local models on a CPU are slow).
	Timeout time.Duration
	// MaxRetries is how many times a request is retried after a 429, a
	// 5xx, a timeout or a network error (default 4; negative: none).
	MaxRetries int
	// Backoff is the wait before the first retry when the server does not
	// say how long to wait; it doubles with each retry, up to 30s, with
	// jitter (default 1s).
	Backoff time.Duration
	// MaxWait is the longest wait the client accepts from a Retry-After
	// header; a server asking for more fails the request at once with an
	// errdex.RateLimited error (default 60s).
	MaxWait time.Duration
	// Concurrency is how many requests may be in flight at once
	// (default 2).
	Concurrency int
	// MaxTokens caps the tokens of each answer (default 1024).
	MaxTokens int
	// HTTPClient sends the requests (default: a client without a global
	// timeout, since Timeout bounds each attempt).
	HTTPClient *http.Client
	// Logger receives a Debug record per retry and an Info record when
	// the server refuses JSON-schema output (default: discard).
	Logger *slog.Logger
}

// ConfigFromEnv returns a Config with BaseURL, Model and APIKey taken from
// ERRDEX_LLM_URL, ERRDEX_LLM_MODEL and ERRDEX_LLM_API_KEY.
func ConfigFromEnv() Config {
	return Config{BaseURL: os.Getenv(EnvURL), Model: os.Getenv(EnvModel), APIKey: os.Getenv(EnvAPIKey)}
}

// maxBackoff caps the exponential backoff between retries.
const maxBackoff = 30 * time.Second

// maxResponse caps the bytes read from a response: an answer of MaxTokens
// tokens is a few KiB, so anything near this is not an answer.
const maxResponse = 4 << 20

// Client sends chat-completion requests to one OpenAI-compatible server
// for one model. It is safe for concurrent use; at most
// Config.Concurrency requests are in flight at once.
//
// It speaks the protocol with net/http rather than through an SDK: errdex
// needs one endpoint and a dozen JSON fields, and owning the retry loop is
// what lets it count retries, honour Retry-After with a cap, and fall back
// from JSON-schema output on servers that reject it, all observable in
// tests against an httptest server.
type Client struct {
	cfg      Config
	endpoint string
	sem      chan struct{}
	log      *slog.Logger
	// noSchema is set once the server has rejected a request with a
	// response_format and accepted the same request without one.
	noSchema atomic.Bool
	// Counters for Stats.
	requests, retries, fallbacks atomic.Int64
	waited                       atomic.Int64 // nanoseconds
}

// New checks cfg and returns a client. Missing URL or model is an
// errdex.Invalid error naming the flag and the environment variable.
func New(cfg Config) (*Client, error) {
	const op = "llm.New"
	if cfg.BaseURL == "" {
		return nil, errdex.Errorf(op, errdex.Invalid, "no LLM server URL: pass --url or set %s (for example http://127.0.0.1:8000/v1)", EnvURL)
	}
	if cfg.Model == "" {
		return nil, errdex.Errorf(op, errdex.Invalid, "no model name: pass --model or set %s", EnvModel)
	}
	endpoint, err := endpointURL(cfg.BaseURL)
	if err != nil {
		return nil, errdex.E(op, errdex.Invalid, err)
	}
	cfg.Timeout = cmp.Or(cfg.Timeout, 2*time.Minute)
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	cfg.MaxRetries = max(cfg.MaxRetries, 0)
	cfg.Backoff = cmp.Or(cfg.Backoff, time.Second)
	cfg.MaxWait = cmp.Or(cfg.MaxWait, time.Minute)
	cfg.Concurrency = max(cmp.Or(cfg.Concurrency, 2), 1)
	cfg.MaxTokens = max(cmp.Or(cfg.MaxTokens, 1024), 1)
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Client{cfg: cfg, endpoint: endpoint, sem: make(chan struct{}, cfg.Concurrency), log: log}, nil
}

// endpointURL turns a base URL into the chat-completions endpoint.
func endpointURL(base string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil {
		return "", fmt.Errorf("LLM server URL %q: %w", base, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("LLM server URL %q: want http://host:port/v1 or https://...", base)
	}
	path := strings.TrimRight(u.Path, "/")
	switch {
	case strings.HasSuffix(path, "/chat/completions"):
	case path == "":
		path = "/v1/chat/completions"
	default:
		path += "/chat/completions"
	}
	u.Path, u.RawPath = path, ""
	return u.String(), nil
}

// Model returns the model name the client asks for.
func (c *Client) Model() string { return c.cfg.Model }

// Endpoint returns the URL the client posts to.
func (c *Client) Endpoint() string { return c.endpoint }

// MaxTokens returns the cap on the tokens of one answer.
func (c *Client) MaxTokens() int { return c.cfg.MaxTokens }

// Concurrency returns how many requests may be in flight at once.
func (c *Client) Concurrency() int { return c.cfg.Concurrency }

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system, user, assistant
	Content string `json:"content"`
}

// Request is one chat completion to ask for.
type Request struct {
	Messages []Message
	// Schema, when set, is the JSON schema the answer must follow, sent
	// as response_format json_schema named SchemaName. Servers that
	// reject it are asked again without it, and the answer is then
	// expected as JSON in the text.
	Schema     json.RawMessage
	SchemaName string
}

// Completion is a server's answer.
type Completion struct {
	Content string
	// Refusal is the model's refusal message, when it refused.
	Refusal string
	// FinishReason is "stop", or "length" when MaxTokens cut the answer.
	FinishReason string
	Usage        Usage
	// Structured reports whether the server was held to the schema.
	Structured bool
}

// Usage is the token count of one completion as the server reported it.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// ClientStats counts what a client did.
type ClientStats struct {
	Requests  int           // HTTP requests sent, retries included
	Retries   int           // requests that were retries
	Waited    time.Duration // total time spent waiting before retries
	Fallbacks int           // requests repeated without a JSON schema
}

// Stats returns the client's counters so far.
func (c *Client) Stats() ClientStats {
	return ClientStats{
		Requests:  int(c.requests.Load()),
		Retries:   int(c.retries.Load()),
		Waited:    time.Duration(c.waited.Load()),
		Fallbacks: int(c.fallbacks.Load()),
	}
}

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []Message       `json:"messages"`
	Temperature    float64         `json:"temperature"`
	MaxTokens      int             `json:"max_tokens"`
	Stream         bool            `json:"stream"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type responseFormat struct {
	Type       string      `json:"type"`
	JSONSchema *jsonSchema `json:"json_schema,omitempty"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Strict bool            `json:"strict"`
	Schema json.RawMessage `json:"schema"`
}

// chatResponse is the part of a chat-completions response errdex reads.
type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *Usage    `json:"usage"`
	Error *apiError `json:"error"`
}

type apiError struct {
	Message string `json:"message"`
}

// statusError is an HTTP answer other than 200.
type statusError struct {
	status     int
	body       string // the server's error message, cut short
	retryAfter time.Duration
	hasAfter   bool
}

func (e *statusError) Error() string {
	msg := fmt.Sprintf("HTTP %d %s", e.status, http.StatusText(e.status))
	if e.body != "" {
		msg += ": " + e.body
	}
	return msg
}

// Complete asks the server for one completion, retrying 429s, 5xx
// answers, timeouts and network errors with backoff, and falling back to
// a request without response_format when the server rejects the schema.
// Errors are *errdex.Error: Invalid for a request the server refuses (bad
// key, unknown model, wrong URL), RateLimited or Unavailable when retries
// run out, Canceled when ctx ends.
func (c *Client) Complete(ctx context.Context, req Request) (*Completion, error) {
	const op = "llm.Complete"
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, errdex.E(op, errdex.Canceled, ctx.Err())
	}
	defer func() { <-c.sem }()

	useSchema := len(req.Schema) > 0 && !c.noSchema.Load()
	for attempt := 0; ; attempt++ {
		comp, err := c.attempt(ctx, req, useSchema)
		if err == nil {
			if len(req.Schema) > 0 && !useSchema {
				c.noSchema.Store(true)
			}
			return comp, nil
		}
		if ctx.Err() != nil {
			return nil, errdex.E(op, errdex.Canceled, ctx.Err())
		}
		var se *statusError
		isStatus := errors.As(err, &se)
		if isStatus && useSchema && (se.status == http.StatusBadRequest || se.status == http.StatusUnprocessableEntity) {
			// Most likely the server does not support json_schema output
			// (or this schema): ask again for JSON in the text. A request
			// that fails without the schema too is a real error.
			c.log.Info("the LLM server refused JSON-schema output; asking for a JSON block in the text instead", "status", se.status, "error", se.body)
			c.fallbacks.Add(1)
			useSchema = false
			attempt--
			continue
		}
		if !retryable(err) {
			return nil, permanent(op, c.endpoint, c.cfg.Model, err)
		}
		if attempt >= c.cfg.MaxRetries {
			kind := errdex.Unavailable
			if isStatus && se.status == http.StatusTooManyRequests {
				kind = errdex.RateLimited
			}
			return nil, errdex.Errorf(op, kind, "%s: giving up after %d attempts: %w", c.endpoint, attempt+1, err)
		}
		wait := backoff(c.cfg.Backoff, attempt)
		if isStatus && se.hasAfter {
			if se.retryAfter > c.cfg.MaxWait {
				return nil, errdex.Errorf(op, errdex.RateLimited, "%s asks to wait %s before retrying, more than the %s allowed: %w",
					c.endpoint, se.retryAfter, c.cfg.MaxWait, err)
			}
			wait = se.retryAfter
		}
		c.log.Debug("retrying LLM request", "attempt", attempt+2, "wait", wait, "error", err)
		c.retries.Add(1)
		c.waited.Add(int64(wait))
		if err := sleep(ctx, wait); err != nil {
			return nil, errdex.E(op, errdex.Canceled, err)
		}
	}
}

// attempt sends one request.
func (c *Client) attempt(ctx context.Context, req Request, useSchema bool) (*Completion, error) {
	body := chatRequest{Model: c.cfg.Model, Messages: req.Messages, MaxTokens: c.cfg.MaxTokens}
	if useSchema {
		body.ResponseFormat = &responseFormat{Type: "json_schema", JSONSchema: &jsonSchema{
			Name: cmp.Or(req.SchemaName, "answer"), Strict: true, Schema: req.Schema}}
	}
	data, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json")
	hreq.Header.Set("User-Agent", "errdex")
	if c.cfg.APIKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	c.requests.Add(1)
	resp, err := c.cfg.HTTPClient.Do(hreq)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		se := &statusError{status: resp.StatusCode, body: errorMessage(raw)}
		se.retryAfter, se.hasAfter = retryAfter(resp.Header, time.Now())
		return nil, se
	}
	if len(raw) > maxResponse {
		return nil, fmt.Errorf("response larger than %d bytes", maxResponse)
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil {
		return nil, &badResponse{fmt.Sprintf("response is not chat-completions JSON (%v): %s", err, clip(string(raw), 200))}
	}
	if cr.Error != nil {
		return nil, &badResponse{"server error: " + clip(cr.Error.Message, 300)}
	}
	if len(cr.Choices) == 0 {
		return nil, &badResponse{"response has no choices: " + clip(string(raw), 200)}
	}
	ch := cr.Choices[0]
	comp := &Completion{FinishReason: ch.FinishReason, Structured: useSchema}
	if ch.Message.Content != nil {
		comp.Content = *ch.Message.Content
	}
	if ch.Message.Refusal != nil {
		comp.Refusal = *ch.Message.Refusal
	}
	if cr.Usage != nil {
		comp.Usage = *cr.Usage
		if comp.Usage.TotalTokens == 0 {
			comp.Usage.TotalTokens = comp.Usage.PromptTokens + comp.Usage.CompletionTokens
		}
	}
	return comp, nil
}

// badResponse is a 200 answer errdex cannot read. It is not retried: the
// same request would most likely get the same answer.
type badResponse struct{ msg string }

func (e *badResponse) Error() string { return e.msg }

// retryable reports whether a failed attempt is worth repeating.
func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		switch se.status {
		case http.StatusRequestTimeout, http.StatusConflict, http.StatusTooManyRequests:
			return true
		}
		return se.status >= 500 && se.status != http.StatusNotImplemented && se.status != http.StatusHTTPVersionNotSupported
	}
	var br *badResponse
	if errors.As(err, &br) {
		return false
	}
	// Timeouts of one attempt, refused or reset connections: the server
	// may be busy or restarting.
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || isConnError(err)
}

// isConnError reports errors of the connection itself (refused, reset).
func isConnError(err error) bool {
	var oe *net.OpError
	return errors.As(err, &oe)
}

// permanent wraps an error that retrying will not cure, with advice.
func permanent(op, endpoint, model string, err error) error {
	var se *statusError
	if errors.As(err, &se) {
		switch se.status {
		case http.StatusUnauthorized, http.StatusForbidden:
			return errdex.Errorf(op, errdex.Invalid, "%s refused the request (check the API key: --api-key or %s): %w", endpoint, EnvAPIKey, err)
		case http.StatusNotFound:
			return errdex.Errorf(op, errdex.Invalid, "%s answered not found (check --url, which usually ends in /v1, and that the server serves model %q): %w", endpoint, model, err)
		}
		return errdex.Errorf(op, errdex.Invalid, "%s refused the request: %w", endpoint, err)
	}
	return errdex.Errorf(op, errdex.Unavailable, "%s: %w", endpoint, err)
}

// errorMessage extracts the message of an error body ({"error":
// {"message": ...}}, {"error": "..."}, or text), cut short.
func errorMessage(raw []byte) string {
	var obj struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(raw, &obj) == nil {
		var ae apiError
		var s string
		switch {
		case json.Unmarshal(obj.Error, &ae) == nil && ae.Message != "":
			return clip(ae.Message, 300)
		case json.Unmarshal(obj.Error, &s) == nil && s != "":
			return clip(s, 300)
		case obj.Message != "":
			return clip(obj.Message, 300)
		case len(obj.Detail) > 0:
			return clip(string(obj.Detail), 300)
		}
	}
	return clip(strings.TrimSpace(string(raw)), 300)
}

// clip cuts s to at most n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
