package trace

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/go-logfmt/logfmt"
)

// Structured log records name their fields alike whether they are printed
// as JSON (zap, slog's JSONHandler, python-json-logger, logstash) or as
// logfmt key=value pairs (slog's TextHandler, logrus, go-kit, Heroku).
var (
	// levelKeys name a record's level.
	levelKeys = []string{"level", "levelname", "severity", "log.level", "lvl", "loglevel"}
	// traceKeys name fields that hold a whole traceback or stack.
	traceKeys = []string{"exc_info", "exc_text", "exception", "stack_trace", "stacktrace", "stack", "traceback", "trace", "error.stack", "err.stack"}
	// messageKeys name fields that hold a message: the record's own and
	// the error's.
	messageKeys = []string{"message", "msg", "@message", "event", "error.message", "error", "err"}
)

// jsonLine handles a structured log line, one JSON object: the trace texts
// it carries (Python's exc_info, Java's stack_trace, a V8 "stack", nested
// "error"/"err" objects) are parsed as traces of their own, and its message
// becomes a loose candidate (used when the text holds no trace). The
// exceptions found keep the JSON line as their Line.
func (p *parser) jsonLine(ls []line, i int) int {
	var m map[string]any
	if json.Unmarshal([]byte(ls[i].text), &m) != nil {
		return i
	}
	ls[i].flags |= fRecord
	level, traces, msgs := jsonFields(m)
	p.structuredRecord(int(ls[i].no), level, traces, msgs)
	return i + 1
}

// fieldsLine handles a log line whose message is followed by its fields
// as one JSON object, as zap's console encoder prints them after the
// timestamp, level and caller (which Clean removed):
//
//	failed to load config	{"error": "open /etc/app.toml: no such file or directory"}
//
// The message and the fields are read as a JSON log line's (see jsonLine),
// when Clean removed a log prefix or a field names a level, message, error
// or trace: otherwise the JSON is part of a message.
func (p *parser) fieldsLine(ls []line, i int) int {
	t := ls[i].text
	k := strings.Index(t, "\t{")
	if k < 0 {
		k = strings.Index(t, ` {"`)
	}
	if k <= 0 || strings.TrimSpace(t[:k]) == "" {
		return i
	}
	var m map[string]any
	if json.Unmarshal([]byte(t[k+1:]), &m) != nil {
		return i
	}
	if !ls[i].logged() && !namesField(m) {
		return i // JSON in a message ("bad value {"a": 1}"), not fields
	}
	ls[i].flags |= fRecord
	level, traces, msgs := jsonFields(m)
	if level == "" {
		level = ls[i].lvl()
	}
	msgs = append([]string{strings.TrimSpace(t[:k])}, msgs...)
	p.structuredRecord(int(ls[i].no), level, traces, msgs)
	return i + 1
}

// namesField reports whether a JSON object has a field of a log record's
// level, message, error or trace.
func namesField(m map[string]any) bool {
	for _, keys := range [][]string{levelKeys, messageKeys, traceKeys} {
		for _, k := range keys {
			if _, ok := m[k]; ok {
				return true
			}
		}
	}
	return false
}

// jsonFields reads the level, the trace texts and the messages of a JSON
// log record's fields and of its nested "error"/"err" objects.
func jsonFields(m map[string]any) (level string, traces, msgs []string) {
	for _, k := range levelKeys {
		if s, ok := m[k].(string); ok {
			level = normLevel(s)
			break
		}
	}
	collect := func(obj map[string]any) {
		for _, k := range traceKeys {
			if s, ok := obj[k].(string); ok && strings.TrimSpace(s) != "" {
				traces = append(traces, s)
			}
		}
		for _, k := range messageKeys {
			if s, ok := obj[k].(string); ok && strings.TrimSpace(s) != "" {
				if strings.Contains(s, "\n") {
					traces = append(traces, s)
				} else {
					msgs = append(msgs, s)
				}
			}
		}
	}
	collect(m)
	for _, k := range []string{"error", "err", "exception", "exc"} {
		if obj, ok := m[k].(map[string]any); ok {
			collect(obj)
		}
	}
	return level, traces, msgs
}

// structuredRecord takes in the fields of a structured log record at
// input line no (see jsonLine and logfmtLine): its traces are parsed as
// traces of their own, and when none holds an exception its messages
// become loose candidates with the record's level.
func (p *parser) structuredRecord(no int, level string, traces, msgs []string) {
	if p.depth < maxEmbedDepth {
		found := false
		for _, tr := range traces {
			sub := newParser(tr, p.depth+1)
			sub.run()
			if len(sub.rep.Exceptions) > 0 {
				p.merge(sub.rep.Exceptions, no)
				found = true
			}
		}
		if found {
			return
		}
	}
	for _, s := range msgs {
		c := candidateFrom(CleanLine(s))
		c.Level, c.Line = level, no
		if len(p.extra) >= MaxLoose {
			p.extra = p.extra[1:] // only the last MaxLoose can be kept
		}
		p.extra = append(p.extra, c)
	}
}

// maxLogfmtPairs bounds the fields of one logfmt record read.
const maxLogfmtPairs = 64

// logfmtLine handles a log record printed as logfmt key=value pairs:
//
//	time=2025-03-14T09:26:53Z level=ERROR msg="request failed" err="open /x: no such file or directory"
//	ERRO[0000] failed to start server    error="listen tcp :8080: bind: address already in use"
//
// (slog's TextHandler and logrus with and without a terminal). Like a JSON
// log line (see jsonLine), the traces its fields carry are parsed as
// traces of their own, and its message and error fields become loose
// candidates. Words before the first pair are the record's message
// (logrus on a terminal prints its level, "ERRO[0000]", then the message,
// then the fields). A line is taken as logfmt only when it parses as such
// throughout, every key with a value is a plain identifier, and it starts
// with logrus's level or has at least two key=value pairs and names a
// message, error or trace field: prose with an "=" in it ("expected x=1,
// got x=2") is left alone.
func (p *parser) logfmtLine(ls []line, i int) int {
	text := strings.TrimSpace(ls[i].text)
	if !strings.Contains(text, "=") {
		return i
	}
	dec := logfmt.NewDecoder(strings.NewReader(text))
	if !dec.ScanRecord() {
		return i
	}
	var words []string
	var level string
	var traces, msgs []string
	pairs, named := 0, false
	for dec.ScanKeyval() {
		k, v := string(dec.Key()), dec.Value()
		if v == nil {
			if pairs > 0 {
				return i // a bare word among the fields: not logfmt
			}
			words = append(words, k)
			continue
		}
		if !isFieldKey(k) || pairs == maxLogfmtPairs {
			return i
		}
		pairs++
		s := string(v)
		switch {
		case slices.Contains(levelKeys, k):
			level = normLevel(s)
		case slices.Contains(messageKeys, k), slices.Contains(traceKeys, k):
			named = true
			if strings.Contains(s, "\n") {
				traces = append(traces, s)
			} else if strings.TrimSpace(s) != "" {
				msgs = append(msgs, s)
			}
		}
	}
	if dec.Err() != nil || dec.ScanRecord() || pairs == 0 {
		return i
	}
	logrus := false
	if len(words) > 0 {
		if lv, ok := logrusLevel(words[0]); ok {
			level, words, logrus = lv, words[1:], true
		}
		if len(words) > 0 {
			msgs = append([]string{strings.Join(words, " ")}, msgs...)
		}
	}
	if !logrus && (pairs < 2 || !named) {
		return i
	}
	ls[i].flags |= fRecord
	p.structuredRecord(int(ls[i].no), level, traces, msgs)
	return i + 1
}

// isFieldKey reports whether k can be a logfmt key as loggers write them:
// letters, digits and "_", ".", "-", "@", "/", starting with a letter, "_"
// or "@".
func isFieldKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for j := 0; j < len(k); j++ {
		c := k[j]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '@':
		case j > 0 && (isDigit(c) || c == '.' || c == '-' || c == '/'):
		default:
			return false
		}
	}
	return true
}

// logrusLevel reads the level logrus prints on a terminal: four capitals,
// then the seconds since start in brackets ("ERRO[0000]") or the time
// ("ERRO[2025-03-14T09:26:53Z]").
func logrusLevel(w string) (string, bool) {
	if len(w) < 7 || w[4] != '[' || w[len(w)-1] != ']' {
		return "", false
	}
	switch w[:4] {
	case "TRAC":
		return "TRACE", true
	case "DEBU":
		return "DEBUG", true
	case "INFO":
		return "INFO", true
	case "WARN":
		return "WARNING", true
	case "ERRO":
		return "ERROR", true
	case "FATA":
		return "FATAL", true
	case "PANI":
		return "PANIC", true
	}
	return "", false
}
