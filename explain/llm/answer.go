package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/errdex/errdex"
)

// Reasons an answer is rejected as a whole. They are stable words: the
// enrich summary counts by them and logs carry them.
const (
	ReasonEmpty      = "empty"          // no content (or a refusal)
	ReasonMalformed  = "malformed-json" // no JSON object could be read
	ReasonTruncated  = "truncated"      // a JSON object that never closes: cut by the token limit
	ReasonSchema     = "schema"         // JSON of the wrong shape
	ReasonInjection  = "injection"      // the answer repeats or obeys instructions
	ReasonUngrounded = "ungrounded"     // too much of it names things that do not exist
	ReasonNothing    = "nothing-left"   // every field was dropped
)

// Rejection says why an answer was rejected as a whole.
type Rejection struct {
	Reason string
	Detail string
}

func (r *Rejection) Error() string {
	if r.Detail == "" {
		return r.Reason
	}
	return r.Reason + ": " + r.Detail
}

func reject(reason, format string, args ...any) *Rejection {
	return &Rejection{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// maxAnswer caps the content ParseAnswer reads.
const maxAnswer = 64 << 10

// ParseAnswer reads an answer from a model's reply into the fields of an
// explanation an LLM may write (Source, Sources and PromptVersion stay
// empty). The reply is a JSON object, alone
// or in a fenced block (```json ... ```), possibly after a reasoning
// model's <think>...</think> preamble or around prose. The object must
// have the answer's shape: meaning a string; trigger a string; solutions
// and situations arrays of strings; example_fix an object of strings or
// null. Missing fields other than meaning are taken as empty; unknown
// fields are ignored. Errors are *Rejection.
func ParseAnswer(content string) (*errdex.Explanation, error) {
	if len(content) > maxAnswer {
		return nil, reject(ReasonMalformed, "reply of %d bytes, more than the %d an answer may take", len(content), maxAnswer)
	}
	text := stripThinking(content)
	if strings.TrimSpace(text) == "" {
		return nil, reject(ReasonEmpty, "the reply holds no text")
	}
	var firstErr error
	for _, cand := range candidates(text) {
		obj, err := decodeObject(cand)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		return shape(obj)
	}
	switch {
	case firstErr == nil:
		return nil, reject(ReasonMalformed, "no JSON object in the reply: %q", clip(strings.TrimSpace(text), 120))
	case firstErr == errTruncated:
		return nil, reject(ReasonTruncated, "the JSON object never closes: the answer was cut, most likely by the token limit (raise --max-tokens)")
	}
	return nil, reject(ReasonMalformed, "%v", firstErr)
}

// stripThinking removes a leading <think>...</think> block, which
// reasoning models served by vLLM, sglang or llama.cpp may put before the
// answer. An unclosed block leaves nothing.
func stripThinking(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "<think>") {
		return s
	}
	if i := strings.Index(t, "</think>"); i >= 0 {
		return t[i+len("</think>"):]
	}
	return ""
}

// candidates returns the texts that may hold the answer, most likely
// first: the whole reply, the contents of its fenced blocks, and the span
// from the first "{" to the last "}".
func candidates(text string) []string {
	t := strings.TrimSpace(text)
	out := []string{t}
	rest := t
	for {
		i := strings.Index(rest, "```")
		if i < 0 {
			break
		}
		rest = rest[i+3:]
		// Skip the info string ("json") up to the end of the line.
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 {
			break
		}
		body := rest[nl+1:]
		j := strings.Index(body, "```")
		if j < 0 {
			out = append(out, body) // an unclosed fence, as a cut reply leaves it
			break
		}
		out = append(out, body[:j])
		rest = body[j+3:]
	}
	if i, j := strings.IndexByte(t, '{'), strings.LastIndexByte(t, '}'); i >= 0 && j > i {
		out = append(out, t[i:j+1])
	}
	return out
}

// errTruncated reports a JSON object that starts but never ends.
var errTruncated = errors.New("the JSON object never closes")

// decodeObject decodes s as exactly one JSON object.
func decodeObject(s string) (map[string]json.RawMessage, error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "{") {
		return nil, fmt.Errorf("not a JSON object: %q", clip(s, 80))
	}
	dec := json.NewDecoder(strings.NewReader(s))
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, errTruncated
		}
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("text after the JSON object")
	}
	return obj, nil
}

// shape checks the fields' types and builds the answer.
func shape(obj map[string]json.RawMessage) (*errdex.Explanation, error) {
	a := &errdex.Explanation{}
	str := func(name string, dst *string, required bool) error {
		raw, ok := obj[name]
		if !ok || isNull(raw) {
			if required {
				return reject(ReasonSchema, "no %q field", name)
			}
			return nil
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return reject(ReasonSchema, "%q is not a string: %s", name, clip(string(raw), 60))
		}
		return nil
	}
	list := func(name string, dst *[]string) error {
		raw, ok := obj[name]
		if !ok || isNull(raw) {
			return nil
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return reject(ReasonSchema, "%q is not a list of strings: %s", name, clip(string(raw), 60))
		}
		return nil
	}
	for _, err := range []error{
		str("meaning", &a.Meaning, true),
		str("trigger", &a.Trigger, false),
		list("solutions", &a.Solutions),
		list("situations", &a.Situations),
	} {
		if err != nil {
			return nil, err
		}
	}
	if raw, ok := obj["example_fix"]; ok && !isNull(raw) {
		var fix map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fix); err != nil {
			return nil, reject(ReasonSchema, "\"example_fix\" is neither an object nor null: %s", clip(string(raw), 60))
		}
		a.ExampleFix = &errdex.ExampleFix{}
		for name, dst := range map[string]*string{"before": &a.ExampleFix.Before, "after": &a.ExampleFix.After, "lang": &a.ExampleFix.Lang} {
			if v, ok := fix[name]; ok && !isNull(v) {
				if err := json.Unmarshal(v, dst); err != nil {
					return nil, reject(ReasonSchema, "\"example_fix.%s\" is not a string: %s", name, clip(string(v), 60))
				}
			}
		}
	}
	return a, nil
}

func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }
