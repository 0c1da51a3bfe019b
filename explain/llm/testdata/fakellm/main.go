// Command fakellm is a stand-in for a real model when trying `errdex
// enrich` by hand: an OpenAI-compatible chat-completions server whose
// answers are built from the facts in errdex's prompt, with some planted
// faults. It is test tooling, not part of errdex (it lives under
// testdata, so `go build ./...` leaves it out):
//
//	go run ./explain/llm/testdata/fakellm -addr 127.0.0.1:8377
//	errdex enrich --url http://127.0.0.1:8377/v1 --model fake
//
// Every request gets an answer that restates the prompt's facts (the
// function, the exception, the first condition), except: every 5th site's
// answer names a helper that does not exist, every 11th is cut short, and
// every 7th request first gets a 429 with retry-after-ms. The site number
// is a hash of the prompt, so a site gets the same answer every time.
package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strings"
	"sync/atomic"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8377", "listen address")
	flag.Parse()
	var n atomic.Int64
	http.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string `json:"model"`
			Messages []struct {
				Role, Content string
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		if n.Add(1)%7 == 0 {
			w.Header().Set("Retry-After-Ms", "20")
			http.Error(w, `{"error":{"message":"slow down"}}`, http.StatusTooManyRequests)
			return
		}
		prompt := req.Messages[len(req.Messages)-1].Content
		sum := sha256.Sum256([]byte(prompt))
		site := binary.BigEndian.Uint64(sum[:8])
		content := answer(prompt, site)
		p, c := len(prompt)/4, len(content)/4
		json.NewEncoder(w).Encode(map[string]any{
			"object": "chat.completion", "model": req.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
			"usage": map[string]int{"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c},
		})
	})
	log.Printf("fake chat-completions server on http://%s/v1", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

// field returns the value of "name: value" in the prompt's site block.
func field(prompt, name string) string {
	_, rest, ok := strings.Cut(prompt, "\n"+name+": ")
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, "\n")
	return v
}

// firstGuard returns the first condition of the guards block.
func firstGuard(prompt string) string {
	_, rest, ok := strings.Cut(prompt, "<<<DATA guards\n")
	if !ok {
		return ""
	}
	line, _, _ := strings.Cut(rest, "\n")
	if _, cond, ok := strings.Cut(line, "): "); ok {
		cond, _, _ = strings.Cut(cond, "   [")
		return cond
	}
	return ""
}

func answer(prompt string, site uint64) string {
	fn, exc := field(prompt, "function"), field(prompt, "exception")
	trigger := fmt.Sprintf("`%s` raises `%s`.", fn, exc)
	solutions := []string{"Read the message: it names the value the code did not accept."}
	if g := firstGuard(prompt); g != "" {
		trigger = fmt.Sprintf("`%s` raises `%s` when `%s` holds.", fn, exc, g)
		solutions = []string{fmt.Sprintf("Make sure that `%s` does not hold when `%s` runs.", g, fn)}
	}
	if site%5 == 0 {
		solutions = append(solutions, "Call `errdex_fake_reset_state()` first.")
	}
	a := map[string]any{
		"meaning":     fmt.Sprintf("The code stopped with a `%s`: what it was given does not meet its conditions.", exc),
		"trigger":     trigger,
		"solutions":   solutions,
		"example_fix": nil,
		"situations":  []string{},
	}
	b, _ := json.Marshal(a)
	if site%11 == 0 {
		return string(b[:len(b)/2])
	}
	return string(b)
}
