// Package config reads a repository's errdex configuration: the file
// .errdex.yaml at the repository's root, which names the functions and
// macros that construct errors in that repository, so that the C and C++
// extractors find sites they cannot know about (a project's own
// MY_CHECK(cond, ...) or RaiseError(fmt, ...)). Extractors ship built-in
// rules in the same format (extract/cpp's builtin.errdex.yaml); a
// repository's rules are added to them, replacing a built-in rule for the
// same call.
//
// # Format
//
//	version: 1          # optional; 1 is the only version
//	defaults: true      # optional; false turns the built-in rules off
//	errors:
//	  - call: MY_CHECK  # a rule: what the call MY_CHECK(...) builds
//	    kind: check-macro
//	    condition_arg: 0
//	    message_args: "1:"
//	    exception: RuntimeError
//	    no_message: "Expected {cond} to be true"
//	  - call: [RaiseError, ns::raise_error]
//	    exception: ValueError
//	    format: printf
//
// The keys of a rule:
//
//   - call (required): a name or a list of names. A call matches when its
//     function, as written without spaces, is the name or ends with "::",
//     "." or "->" and the name: "RaiseError" matches RaiseError(..),
//     ns::RaiseError(..) and obj->RaiseError(..); "errors::NotFound"
//     matches tensorflow::errors::NotFound(..).
//   - kind: the site kind: raise, throw, panic, errorf, errors-new,
//     log-fatal, check-macro, set-error, assert. Default check-macro when
//     condition_arg is set, raise otherwise.
//   - exception: the exception type the call raises, as the user sees it
//     ("ValueError"). exception_arg instead names the argument (0-based)
//     that holds it, such as CPython's PyExc_ValueError; an identifier
//     PyExc_X stands for the Python exception X (IOError and
//     EnvironmentError are OSError), any other expression for its last
//     identifier.
//   - condition_arg: the argument that holds the checked condition; its
//     source text is {cond} in templates.
//   - message_args: the arguments that make the message, as a slice of
//     argument indexes: "1" (one argument), "1:" (from the second to the
//     last), "1:3" (the second and third), "none". Default: the arguments
//     after exception_arg and condition_arg.
//   - format: how the message arguments make the message. concat (the
//     default): their texts one after another, as c10::str, absl::StrCat
//     and streams do. printf: the first is a C printf format and the rest
//     its arguments; cpython: the same with PyUnicode_FromFormat's codes
//     (%R, %S, %U, %.200s); brace: std::format/{fmt} ("{}", "{:x}");
//     exception: the argument is an exception object built in place, as
//     after a throw (BOOST_THROW_EXCEPTION(std::runtime_error("..."))).
//   - stream: true when text streamed into the call's result with << is
//     part of the message, as in glog's CHECK(cond) << "message".
//   - with_args: identifiers the call's first arguments must be, for calls
//     that only sometimes raise: LOG with [FATAL] matches LOG(FATAL) << ..
//     and not LOG(INFO).
//   - template: the printed message around the message: "{message}" by
//     default. no_message: the template when the call has no message
//     arguments (and nothing streamed), by default the template.
//   - languages: the languages the rule applies to: c, cpp (default both).
//
// Templates are literal text with placeholders: {message} the message;
// {cond} the condition's source text, as the preprocessor's # prints it;
// {argN} the source text of argument N; {valueN} (or {valueN:type}) a hole
// for argument N's value; {function} the enclosing function's name;
// {name} or {name:type} a hole for a value the call adds (an errno, a file
// name), where type is one of any, int, float, str, repr, path, bool,
// error. Braces are written {{ and }}.
//
// Keys the format does not know are errors, reported with their line, so
// that a misspelt key is never silently ignored.
package config

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/errdex/errdex"
)

// FileName is the name of the configuration file at a repository's root.
const FileName = ".errdex.yaml"

// MaxSize is the largest configuration file read, in bytes.
const MaxSize = 1 << 20

// Config is a parsed configuration file.
type Config struct {
	// Defaults is false when the file turns the built-in rules off.
	Defaults bool
	// Errors are the file's rules, in file order.
	Errors []Rule
}

// Format says how a rule's message arguments make the message.
type Format string

// The message formats.
const (
	FormatConcat    Format = "concat"
	FormatPrintf    Format = "printf"
	FormatCPython   Format = "cpython"
	FormatBrace     Format = "brace"
	FormatException Format = "exception"
)

var formats = []Format{FormatConcat, FormatPrintf, FormatCPython, FormatBrace, FormatException}

// Languages are the languages rules can apply to.
var Languages = []string{"c", "cpp"}

// Rule says what calls to some function or macro build: the site kind,
// the exception, and which arguments make the message and how.
type Rule struct {
	Calls     []string
	Kind      errdex.SiteKind
	Exception string
	// ExceptionArg and ConditionArg are argument indexes, -1 for none.
	ExceptionArg int
	ConditionArg int
	MessageArgs  Range
	Format       Format
	Stream       bool
	WithArgs     []string
	Template     Template
	NoMessage    Template
	Languages    []string
	// Line is the rule's line in its file, for messages.
	Line int
}

// Matches reports whether a call whose function is written callee
// (spaces removed) is one of the rule's calls.
func (r *Rule) Matches(callee string) bool {
	for _, name := range r.Calls {
		if callee == name {
			return true
		}
		if strings.HasSuffix(callee, name) {
			rest := callee[:len(callee)-len(name)]
			if strings.HasSuffix(rest, "::") || strings.HasSuffix(rest, ".") || strings.HasSuffix(rest, "->") {
				return true
			}
		}
	}
	return false
}

// AppliesTo reports whether the rule applies to a language.
func (r *Rule) AppliesTo(language string) bool {
	return len(r.Languages) == 0 || slices.Contains(r.Languages, language)
}

// Range is a slice of argument indexes [From, To); To is -1 for "to the
// last argument".
type Range struct {
	From, To int
}

// Args returns the indexes [from, to) the range selects among n
// arguments.
func (r Range) Args(n int) (from, to int) {
	from, to = r.From, r.To
	if to < 0 || to > n {
		to = n
	}
	if from > to {
		from = to
	}
	return from, to
}

// None is the range that selects no argument.
var None = Range{From: 0, To: 0}

// Piece is one piece of a Template: literal Text, or a placeholder.
type Piece struct {
	Text string
	// Ref is the placeholder: "message", "cond", "function", "arg" (the
	// source text of argument Arg), "value" (a hole for argument Arg) or
	// "hole" (a hole named Hole). Empty for literal text.
	Ref  string
	Arg  int
	Hole string
	// Type is the hole type of a "value" or "hole" placeholder.
	Type errdex.HoleType
}

// Template is a parsed template of a rule: the printed message with
// placeholders.
type Template []Piece

// HasMessage reports whether the template places the message.
func (t Template) HasMessage() bool {
	return slices.ContainsFunc(t, func(p Piece) bool { return p.Ref == "message" })
}

// Load reads FileName at the root of fsys. A repository without the file
// has no configuration: Load returns nil and no error.
func Load(ctx context.Context, fsys fs.FS) (*Config, error) {
	if err := ctx.Err(); err != nil {
		return nil, errdex.E("config.Load", errdex.Canceled, err)
	}
	f, err := fsys.Open(FileName)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, errdex.E("config.Load", errdex.Internal, err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxSize+1)); err != nil {
		return nil, errdex.E("config.Load", errdex.Internal, fmt.Errorf("read %s: %w", FileName, err))
	}
	if buf.Len() > MaxSize {
		return nil, errdex.Errorf("config.Load", errdex.TooLarge, "%s is larger than %d bytes", FileName, MaxSize)
	}
	return Parse(buf.Bytes())
}

// Parse parses the text of a configuration file. Errors name the file and
// line, and say what is wrong: an unknown key, a value of the wrong kind.
func Parse(data []byte) (*Config, error) {
	cfg, err := parse(data)
	if err != nil {
		return nil, errdex.E("config.Parse", errdex.Invalid, err)
	}
	return cfg, nil
}

// Keys of the file and of a rule.
var (
	topKeys  = []string{"version", "defaults", "errors"}
	ruleKeys = []string{"call", "kind", "exception", "exception_arg", "condition_arg", "message_args", "format",
		"stream", "with_args", "template", "no_message", "languages"}
)

func parse(data []byte) (*Config, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", FileName, err)
	}
	cfg := &Config{Defaults: true}
	if len(doc.Content) == 0 {
		return cfg, nil // an empty file
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, at(top, "the file must be a mapping with the key errors")
	}
	if err := checkKeys(top, topKeys, "at the top"); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, val := top.Content[i], top.Content[i+1]
		switch key.Value {
		case "version":
			if val.Value != "1" {
				return nil, at(val, "version %q is not supported: the only version is 1", val.Value)
			}
		case "defaults":
			b, err := boolean(val, "defaults")
			if err != nil {
				return nil, err
			}
			cfg.Defaults = b
		case "errors":
			if val.Kind != yaml.SequenceNode {
				return nil, at(val, "errors must be a list of rules")
			}
			for _, rn := range val.Content {
				r, err := parseRule(rn)
				if err != nil {
					return nil, err
				}
				cfg.Errors = append(cfg.Errors, r)
			}
		}
	}
	return cfg, nil
}

// at builds an error located at a node's line.
func at(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", FileName, n.Line, fmt.Sprintf(format, args...))
}

// checkKeys rejects keys not in known, and repeated keys.
func checkKeys(m *yaml.Node, known []string, where string) error {
	seen := map[string]bool{}
	for i := 0; i < len(m.Content); i += 2 {
		k := m.Content[i]
		if k.Kind != yaml.ScalarNode || !slices.Contains(known, k.Value) {
			return at(k, "unknown key %q %s; the keys are: %s", k.Value, where, strings.Join(known, ", "))
		}
		if seen[k.Value] {
			return at(k, "key %q appears twice %s", k.Value, where)
		}
		seen[k.Value] = true
	}
	return nil
}

var (
	callName  = regexp.MustCompile(`^(::)?[A-Za-z_~][A-Za-z0-9_]*(::[A-Za-z_~][A-Za-z0-9_]*)*$`)
	identName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// kinds are the site kinds a rule may give.
var kinds = []errdex.SiteKind{errdex.KindRaise, errdex.KindThrow, errdex.KindPanic, errdex.KindErrorf,
	errdex.KindErrorsNew, errdex.KindLogFatal, errdex.KindCheckMacro, errdex.KindSetError, errdex.KindAssert}

func parseRule(n *yaml.Node) (Rule, error) {
	r := Rule{ExceptionArg: -1, ConditionArg: -1, Format: FormatConcat, Line: n.Line}
	if n.Kind != yaml.MappingNode {
		return r, at(n, "a rule must be a mapping with at least the key call")
	}
	if err := checkKeys(n, ruleKeys, "in a rule"); err != nil {
		return r, err
	}
	var messageArgs, tmpl, noMessage *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i].Value, n.Content[i+1]
		var err error
		switch key {
		case "call":
			r.Calls, err = names(val, key, callName)
		case "kind":
			r.Kind = errdex.SiteKind(val.Value)
			if val.Kind != yaml.ScalarNode || !slices.Contains(kinds, r.Kind) {
				err = at(val, "kind %q is not one of: %s", val.Value, kindList())
			}
		case "exception":
			if val.Kind != yaml.ScalarNode || val.Value == "" {
				err = at(val, "exception must be an exception type name")
			}
			r.Exception = val.Value
		case "exception_arg":
			r.ExceptionArg, err = index(val, key)
		case "condition_arg":
			r.ConditionArg, err = index(val, key)
		case "message_args":
			messageArgs = val
		case "format":
			r.Format = Format(val.Value)
			if val.Kind != yaml.ScalarNode || !slices.Contains(formats, r.Format) {
				err = at(val, "format %q is not one of: concat, printf, cpython, brace, exception", val.Value)
			}
		case "stream":
			r.Stream, err = boolean(val, key)
		case "with_args":
			r.WithArgs, err = names(val, key, identName)
		case "template":
			tmpl = val
		case "no_message":
			noMessage = val
		case "languages":
			r.Languages, err = names(val, key, identName)
			for _, l := range r.Languages {
				if err == nil && !slices.Contains(Languages, l) {
					err = at(val, "language %q is not one of: %s", l, strings.Join(Languages, ", "))
				}
			}
		}
		if err != nil {
			return r, err
		}
	}
	if len(r.Calls) == 0 {
		return r, at(n, "a rule needs the key call: the function or macro it describes")
	}
	if r.Exception != "" && r.ExceptionArg >= 0 {
		return r, at(n, "a rule has exception or exception_arg, not both")
	}
	if r.Kind == "" {
		r.Kind = errdex.KindRaise
		if r.ConditionArg >= 0 {
			r.Kind = errdex.KindCheckMacro
		}
	}
	r.MessageArgs = Range{From: max(r.ExceptionArg, r.ConditionArg, len(r.WithArgs)-1) + 1, To: -1}
	if messageArgs != nil {
		var err error
		if r.MessageArgs, err = parseRange(messageArgs); err != nil {
			return r, err
		}
	}
	var err error
	r.Template = Template{{Ref: "message"}}
	if tmpl != nil {
		if r.Template, err = parseTemplate(tmpl, true); err != nil {
			return r, err
		}
	}
	r.NoMessage = r.Template
	if noMessage != nil {
		if r.NoMessage, err = parseTemplate(noMessage, false); err != nil {
			return r, err
		}
	}
	return r, nil
}

func kindList() string {
	var s []string
	for _, k := range kinds {
		s = append(s, string(k))
	}
	return strings.Join(s, ", ")
}

// names reads a name or a list of names, each matching re.
func names(n *yaml.Node, key string, re *regexp.Regexp) ([]string, error) {
	var items []*yaml.Node
	switch n.Kind {
	case yaml.ScalarNode:
		items = []*yaml.Node{n}
	case yaml.SequenceNode:
		items = n.Content
	default:
		return nil, at(n, "%s must be a name or a list of names", key)
	}
	var out []string
	for _, it := range items {
		if it.Kind != yaml.ScalarNode || !re.MatchString(it.Value) {
			return nil, at(it, "%s: %q is not a valid name", key, it.Value)
		}
		out = append(out, it.Value)
	}
	if len(out) == 0 {
		return nil, at(n, "%s is an empty list", key)
	}
	return out, nil
}

// maxArg bounds argument indexes.
const maxArg = 64

func index(n *yaml.Node, key string) (int, error) {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil || v < 0 || v >= maxArg {
		return 0, at(n, "%s must be an argument index from 0 to %d, not %q", key, maxArg-1, n.Value)
	}
	return v, nil
}

func boolean(n *yaml.Node, key string) (bool, error) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.Decode(&b) != nil {
		return false, at(n, "%s must be true or false, not %q", key, n.Value)
	}
	return b, nil
}

// parseRange parses "N", "N:", "N:M" or "none".
func parseRange(n *yaml.Node) (Range, error) {
	s := strings.TrimSpace(n.Value)
	bad := at(n, `message_args %q is not an argument slice such as "1", "1:", "1:3" or "none"`, n.Value)
	if n.Kind != yaml.ScalarNode {
		return Range{}, bad
	}
	if s == "none" {
		return None, nil
	}
	from, to, colon := strings.Cut(s, ":")
	f, err := strconv.Atoi(from)
	if err != nil || f < 0 || f >= maxArg {
		return Range{}, bad
	}
	switch {
	case !colon:
		return Range{From: f, To: f + 1}, nil
	case to == "":
		return Range{From: f, To: -1}, nil
	}
	t, err := strconv.Atoi(to)
	if err != nil || t < f || t > maxArg {
		return Range{}, bad
	}
	return Range{From: f, To: t}, nil
}

// holeTypes are the types a template's holes may name.
var holeTypes = []errdex.HoleType{errdex.HoleAny, errdex.HoleInt, errdex.HoleFloat, errdex.HoleStr, errdex.HoleRepr,
	errdex.HolePath, errdex.HoleBool, errdex.HoleError}

var argRef = regexp.MustCompile(`^(arg|value)([0-9]+)$`)

// parseTemplate parses a template (see the package doc); message says
// whether {message} is allowed.
func parseTemplate(n *yaml.Node, message bool) (Template, error) {
	if n.Kind != yaml.ScalarNode {
		return nil, at(n, "a template must be text")
	}
	s := n.Value
	var t Template
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t = append(t, Piece{Text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{', c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte(c)
			i++
			continue
		case c == '}':
			return nil, at(n, "template %q: a lone '}' (write }} for a brace)", s)
		case c != '{':
			lit.WriteByte(c)
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return nil, at(n, "template %q: '{' is not closed (write {{ for a brace)", s)
		}
		p, err := placeholder(s[i+1:i+end], message)
		if err != nil {
			return nil, at(n, "template %q: %v", s, err)
		}
		flush()
		t = append(t, p)
		i += end
	}
	flush()
	return t, nil
}

func placeholder(ref string, message bool) (Piece, error) {
	name, typ, typed := strings.Cut(ref, ":")
	p := Piece{}
	if typed {
		p.Type = errdex.HoleType(typ)
		if !slices.Contains(holeTypes, p.Type) {
			return p, fmt.Errorf("{%s}: unknown type %q (want any, int, float, str, repr, path, bool or error)", ref, typ)
		}
	}
	switch m := argRef.FindStringSubmatch(name); {
	case name == "message" || name == "cond" || name == "function":
		if typed {
			return p, fmt.Errorf("{%s}: only holes have types", ref)
		}
		if name == "message" && !message {
			return p, fmt.Errorf("{message} in no_message")
		}
		p.Ref = name
	case m != nil:
		n, _ := strconv.Atoi(m[2])
		if n >= maxArg {
			return p, fmt.Errorf("{%s}: argument index over %d", ref, maxArg-1)
		}
		if m[1] == "arg" && typed {
			return p, fmt.Errorf("{%s}: only holes have types", ref)
		}
		p.Ref, p.Arg = m[1], n
		if p.Ref == "value" && p.Type == "" {
			p.Type = errdex.HoleAny
		}
	case identName.MatchString(name):
		p.Ref, p.Hole = "hole", name
		if p.Type == "" {
			p.Type = errdex.HoleAny
		}
	default:
		return p, fmt.Errorf("{%s} is not a placeholder", ref)
	}
	return p, nil
}

// Merge returns the rules that apply to a language: the built-in rules,
// unless cfg turns them off, without those sharing a call name with a rule
// of cfg, followed by cfg's rules. A nil cfg keeps the built-in rules.
func Merge(builtin []Rule, cfg *Config, language string) []Rule {
	var out []Rule
	var own []Rule
	if cfg != nil {
		for _, r := range cfg.Errors {
			if r.AppliesTo(language) {
				own = append(own, r)
			}
		}
	}
	if cfg == nil || cfg.Defaults {
		for _, b := range builtin {
			if !b.AppliesTo(language) {
				continue
			}
			overridden := slices.ContainsFunc(own, func(r Rule) bool {
				return slices.ContainsFunc(r.Calls, func(c string) bool { return slices.Contains(b.Calls, c) })
			})
			if !overridden {
				out = append(out, b)
			}
		}
	}
	return append(out, own...)
}
