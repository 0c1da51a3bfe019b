package llm

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

func TestEndpointURL(t *testing.T) {
	tests := []struct {
		base, want string
	}{
		{"http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v1/chat/completions"},
		{"http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/v1/chat/completions"},
		{"http://localhost:11434", "http://localhost:11434/v1/chat/completions"},
		{"http://localhost:8080/", "http://localhost:8080/v1/chat/completions"},
		{"https://api.example.test/v1/chat/completions", "https://api.example.test/v1/chat/completions"},
		{"http://gw.example.test/llm/openai/v1?key=x", "http://gw.example.test/llm/openai/v1/chat/completions?key=x"},
		{" http://h:1/v1 ", "http://h:1/v1/chat/completions"},
	}
	for _, tt := range tests {
		got, err := endpointURL(tt.base)
		if err != nil || got != tt.want {
			t.Errorf("endpointURL(%q) = %q, %v; want %q", tt.base, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "localhost:8000", "ftp://h/v1", "http://", "http://h:x/v1", "/v1"} {
		if got, err := endpointURL(bad); err == nil {
			t.Errorf("endpointURL(%q) = %q; want an error", bad, got)
		}
	}
}

func TestNewNeedsURLAndModel(t *testing.T) {
	for _, cfg := range []Config{{Model: "m"}, {BaseURL: "http://h/v1"}, {BaseURL: "nope", Model: "m"}} {
		_, err := New(cfg)
		if errdex.KindOf(err) != errdex.Invalid {
			t.Errorf("New(%+v) = %v; want an Invalid error", cfg, err)
		}
	}
	_, err := New(Config{Model: "m"})
	if err == nil || !strings.Contains(err.Error(), EnvURL) {
		t.Errorf("New without a URL: %v; want the error to name %s", err, EnvURL)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		header map[string]string
		want   time.Duration
		ok     bool
	}{
		{nil, 0, false},
		{map[string]string{"Retry-After": "3"}, 3 * time.Second, true},
		{map[string]string{"Retry-After": "0"}, 0, true},
		{map[string]string{"Retry-After": " 12 "}, 12 * time.Second, true},
		{map[string]string{"Retry-After": "-1"}, 0, false},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{"Retry-After": "99999999999999999999"}, 0, false},
		{map[string]string{"Retry-After": "Wed, 02 Dec 2026 12:00:30 GMT"}, 30 * time.Second, true},
		{map[string]string{"Retry-After": "Wed, 02 Dec 2026 11:00:00 GMT"}, 0, true}, // in the past
		{map[string]string{"Retry-After-Ms": "250"}, 250 * time.Millisecond, true},
		{map[string]string{"Retry-After-Ms": "1.5"}, 1500 * time.Microsecond, true},
		{map[string]string{"Retry-After-Ms": "x", "Retry-After": "2"}, 2 * time.Second, true},
		{map[string]string{"Retry-After-Ms": "100", "Retry-After": "2"}, 100 * time.Millisecond, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.header {
			h.Set(k, v)
		}
		got, ok := retryAfter(h, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%v) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
		}
	}
}

func TestBackoffBounds(t *testing.T) {
	base := 100 * time.Millisecond
	for attempt := range 12 {
		full := min(base<<attempt, maxBackoff)
		for range 50 {
			d := backoff(base, attempt)
			if d < full/2 || d > full {
				t.Fatalf("backoff(%v, %d) = %v; want within [%v, %v]", base, attempt, d, full/2, full)
			}
		}
	}
}

// goodMask is a grounded answer about siteMask.
const goodMask = `{"meaning": "A request asked for its sampling mask, but this server was started with sampling masks disabled.",
 "trigger": "` + "`MetadataBuffers.set_buf`" + ` raises when ` + "`req.return_sampling_mask`" + ` is true and ` + "`self.enable_sampling_mask`" + ` is false; ` + "`self.enable_sampling_mask`" + ` is ` + "`max_sampling_mask_tokens > 0`" + `, read from ` + "`SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS`" + ` (default 0).",
 "solutions": ["Set ` + "`SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS`" + ` to a positive value on both servers and restart them.", "Or stop sending ` + "`return_sampling_mask=True`" + `."],
 "example_fix": {"before": "export SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS=0", "after": "export SGLANG_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS=4096", "lang": "sh"},
 "situations": ["A client starts sending ` + "`return_sampling_mask=True`" + ` to servers deployed without the variable."]}`

func TestCompleteRetries(t *testing.T) {
	ok := step{content: goodMask}
	tests := []struct {
		name         string
		steps        []step
		rejectSchema bool
		timeout      time.Duration
		wantKind     errdex.ErrorKind // Internal: no error
		wantErr      string           // in the error message
		requests     int
		retries      int
		waited       time.Duration // checked when the server said how long to wait
		checkWaited  bool
	}{
		{name: "answer", steps: []step{ok}, requests: 1},
		{name: "429 with Retry-After in seconds", steps: []step{{status: 429, header: map[string]string{"Retry-After": "1"}}, ok},
			requests: 2, retries: 1, waited: time.Second, checkWaited: true},
		{name: "429 with retry-after-ms", steps: []step{{status: 429, header: map[string]string{"Retry-After-Ms": "30"}}, ok},
			requests: 2, retries: 1, waited: 30 * time.Millisecond, checkWaited: true},
		{name: "5xx then answer", steps: []step{{status: 500, body: `{"error":{"message":"boom"}}`}, {status: 503}, {status: 502}, ok},
			requests: 4, retries: 3},
		{name: "timeout then answer", steps: []step{{hang: true}, ok}, timeout: time.Second, requests: 2, retries: 1},
		{name: "429 until retries run out", steps: []step{{status: 429}}, wantKind: errdex.RateLimited, wantErr: "giving up after 4 attempts",
			requests: 4, retries: 3},
		{name: "503 until retries run out", steps: []step{{status: 503}}, wantKind: errdex.Unavailable, requests: 4, retries: 3},
		{name: "Retry-After longer than allowed", steps: []step{{status: 429, header: map[string]string{"Retry-After": "3600"}}},
			wantKind: errdex.RateLimited, wantErr: "asks to wait 1h0m0s", requests: 1},
		{name: "bad key", steps: []step{{status: 401, body: `{"error":{"message":"invalid api key"}}`}},
			wantKind: errdex.Invalid, wantErr: "check the API key", requests: 1},
		{name: "unknown model", steps: []step{{status: 404, body: `{"error":{"message":"model not found"}}`}},
			wantKind: errdex.Invalid, wantErr: "model not found", requests: 1},
		{name: "not chat-completions JSON", steps: []step{{body: "<html>proxy error</html>"}},
			wantKind: errdex.Unavailable, wantErr: "not chat-completions JSON", requests: 1},
		{name: "no choices", steps: []step{{body: `{"choices":[]}`}}, wantKind: errdex.Unavailable, wantErr: "no choices", requests: 1},
		{name: "error in a 200", steps: []step{{body: `{"error":{"message":"context length exceeded"}}`}},
			wantKind: errdex.Unavailable, wantErr: "context length exceeded", requests: 1},
		{name: "server without json_schema", steps: []step{ok}, rejectSchema: true, requests: 2},
		{name: "400 that is not about the schema", steps: []step{{status: 400, body: `{"error":{"message":"messages too long"}}`}},
			wantKind: errdex.Invalid, wantErr: "messages too long", requests: 2},
	}
	fx := readFixture(t)
	p := BuildPrompt(fx.site(t, siteMask))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newLLMServer(t, fx, map[errdex.ID][]step{siteMask: tt.steps})
			srv.rejectSchema = tt.rejectSchema
			c := testClient(t, srv, cmpOr(tt.timeout, 5*time.Second))
			comp, err := c.Complete(context.Background(), Request{Messages: p.Messages, Schema: p.Schema})
			if tt.wantKind == errdex.Internal {
				if err != nil {
					t.Fatalf("Complete: %v", err)
				}
				if comp.Content != goodMask || comp.FinishReason != "stop" || comp.Usage.TotalTokens == 0 {
					t.Errorf("Complete = %+v; want the scripted answer with its usage", comp)
				}
			} else {
				if errdex.KindOf(err) != tt.wantKind || !strings.Contains(errString(err), tt.wantErr) {
					t.Fatalf("Complete error = %v (kind %v); want kind %v containing %q", err, errdex.KindOf(err), tt.wantKind, tt.wantErr)
				}
			}
			st := c.Stats()
			if st.Requests != tt.requests || srv.count("") != tt.requests || st.Retries != tt.retries {
				t.Errorf("requests: client %d, server %d, retries %d; want %d, %d, %d", st.Requests, srv.count(""), st.Retries, tt.requests, tt.requests, tt.retries)
			}
			if tt.checkWaited && st.Waited != tt.waited {
				t.Errorf("waited %v before retrying; want %v, as the server asked", st.Waited, tt.waited)
			}
		})
	}
}

func cmpOr(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSchemaFallbackSticks checks that once a server has refused
// json_schema output, the client stops asking for it.
func TestSchemaFallbackSticks(t *testing.T) {
	fx := readFixture(t)
	srv := newLLMServer(t, fx, map[errdex.ID][]step{siteMask: {{content: "```json\n" + goodMask + "\n```"}}})
	srv.rejectSchema = true
	c := testClient(t, srv, 5*time.Second)
	p := BuildPrompt(fx.site(t, siteMask))
	for range 3 {
		if _, err := c.Complete(context.Background(), Request{Messages: p.Messages, Schema: p.Schema}); err != nil {
			t.Fatal(err)
		}
	}
	var schemas []bool
	for _, r := range srv.log() {
		schemas = append(schemas, r.schema)
	}
	if diff := cmp.Diff([]bool{true, false, false, false}, schemas); diff != "" {
		t.Errorf("requests with a json_schema (-want +got):\n%s", diff)
	}
	if got := c.Stats().Fallbacks; got != 1 {
		t.Errorf("%d fallbacks; want 1", got)
	}
}

func TestRequestShape(t *testing.T) {
	fx := readFixture(t)
	srv := newLLMServer(t, fx, map[errdex.ID][]step{siteMask: {{content: goodMask}}})
	c, err := New(Config{BaseURL: srv.url(), Model: "qwen3-coder", APIKey: "sk-test", MaxTokens: 777})
	if err != nil {
		t.Fatal(err)
	}
	p := BuildPrompt(fx.site(t, siteMask))
	if _, err := c.Complete(context.Background(), Request{Messages: p.Messages, Schema: p.Schema, SchemaName: "errdex_explanation"}); err != nil {
		t.Fatal(err)
	}
	r := srv.log()[0]
	if r.auth != "Bearer sk-test" {
		t.Errorf("Authorization = %q; want the bearer key", r.auth)
	}
	q := r.req
	if q.Model != "qwen3-coder" || q.MaxTokens != 777 || q.Temperature != 0 || q.Stream {
		t.Errorf("request model %q, max_tokens %d, temperature %v, stream %v", q.Model, q.MaxTokens, q.Temperature, q.Stream)
	}
	rf := q.ResponseFormat
	if rf == nil || rf.Type != "json_schema" || rf.JSONSchema == nil || rf.JSONSchema.Name != "errdex_explanation" ||
		!rf.JSONSchema.Strict || string(rf.JSONSchema.Schema) != string(p.Schema) {
		t.Errorf("response_format = %+v; want the strict json_schema", rf)
	}
	if diff := cmp.Diff(p.Messages, q.Messages); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}

// TestConcurrencyLimit checks that no more than Concurrency requests are
// in flight: the server holds every request until two have arrived.
func TestConcurrencyLimit(t *testing.T) {
	fx := readFixture(t)
	script := map[errdex.ID][]step{}
	for _, s := range fx.Sites {
		script[s.ID] = []step{{content: `{"meaning": "It failed."}`}}
	}
	srv := newLLMServer(t, fx, script)
	srv.arrived = make(chan errdex.ID, len(fx.Sites))
	srv.release = make(chan struct{})
	c := testClient(t, srv, 10*time.Second) // Concurrency 2
	done := make(chan error, len(fx.Sites))
	for _, s := range fx.Sites {
		go func() {
			p := BuildPrompt(s)
			_, err := c.Complete(context.Background(), Request{Messages: p.Messages})
			done <- err
		}()
	}
	<-srv.arrived
	<-srv.arrived
	close(srv.release)
	for range fx.Sites {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if srv.maxIn != 2 {
		t.Errorf("at most %d requests were in flight; want 2", srv.maxIn)
	}
}

func TestCompleteCanceled(t *testing.T) {
	fx := readFixture(t)
	srv := newLLMServer(t, fx, map[errdex.ID][]step{siteMask: {{hang: true}}})
	srv.arrived = make(chan errdex.ID, 1)
	c := testClient(t, srv, time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-srv.arrived
		cancel()
	}()
	p := BuildPrompt(fx.site(t, siteMask))
	_, err := c.Complete(ctx, Request{Messages: p.Messages})
	if errdex.KindOf(err) != errdex.Canceled {
		t.Errorf("Complete after cancel = %v; want a Canceled error", err)
	}
	if n := srv.count(""); n != 1 {
		t.Errorf("%d requests; want 1 (no retry after cancel)", n)
	}
}
