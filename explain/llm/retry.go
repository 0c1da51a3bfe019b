package llm

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// backoff returns the wait before retry number attempt+1 when the server
// did not say: base doubled per attempt, capped at maxBackoff, with
// "equal jitter" (half fixed, half random) so that concurrent workers
// retrying together spread out while each still waits at least half.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base
	for range attempt {
		if d >= maxBackoff/2 {
			d = maxBackoff
			break
		}
		d *= 2
	}
	d = min(d, maxBackoff)
	half := d / 2
	return half + rand.N(half+1)
}

// retryAfter reads how long the server asks the client to wait:
// "retry-after-ms" (milliseconds, sent by OpenAI) or "Retry-After" in
// seconds or as an HTTP date (RFC 9110, section 10.2.3), relative to now.
// ok is false when neither header holds a valid value. A date in the
// past means no wait.
func retryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 || secs > 1e9 {
			return 0, false
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}
