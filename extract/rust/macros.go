package rust

import (
	"bytes"
	"cmp"
	"context"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

const (
	// macroParseTimeout bounds the parse of a file's macro bodies.
	macroParseTimeout = 5 * time.Second
	// maxExpansions bounds the invocations of one file read through
	// their macro's body (see expandTables).
	maxExpansions = 256
)

// macroSource returns the source a file's macros hold: a copy of src of
// the same length in which only the transcribers of its macro_rules!
// definitions (the right side of each rule) and the arguments of its
// item-level invocations of other macros (cfg_if! { .. }, tokio's
// cfg_rt! { .. }, which wrap items) remain, with every other byte but
// newlines blanked, so that a node of its tree has the line and column of
// the text it was read from. In a transcriber, metavariables lose their
// "$" ($field reads as the identifier field), a repetition $( .. ),*
// reads as its contents once, and the delimiters () and [] become a
// block's braces: the body parses as a block holding items, statements or
// an expression. It returns nil when the file has neither outside test
// code (unless tests are kept), the rules of each macro by name, and the
// item-level invocations copied.
func macroSource(root syntax.Node, src []byte, tests bool) ([]byte, map[string][]macroRule, []syntax.Node) {
	var out []byte
	blank := func() {
		if out != nil {
			return
		}
		out = make([]byte, len(src))
		for i, b := range src {
			out[i] = ' '
			if b == '\n' {
				out[i] = '\n'
			}
		}
	}
	rules := map[string][]macroRule{}
	var wrappers []syntax.Node
	for n := range root.Descendants() {
		if n.Kind() != "macro_definition" || !tests && inTestCode(n) {
			continue
		}
		name := n.Child("name").Text()
		for rule := range n.NamedChildren() {
			if rule.Kind() == "macro_rule" && mayFail(rule.Child("right").Bytes()) {
				blank()
				transcribe(rule.Child("right"), src, out)
				rules[name] = append(rules[name], macroRule{pattern: rule.Child("left"), body: rule.Child("right")})
			}
		}
	}
	for n := range root.Descendants() {
		if n.Kind() != "macro_invocation" || !n.Parent().Is("source_file", "declaration_list") ||
			len(rules[macroName(n)]) > 0 || !tests && inTestCode(n) {
			continue
		}
		tt := macroTokens(n)
		start, end := tt.StartByte(), tt.EndByte()
		if end-start < 2 || src[start] != '{' || !mayFail(src[start:end]) {
			continue
		}
		blank()
		copy(out[start:end], src[start:end])
		wrappers = append(wrappers, n)
	}
	return out, rules, wrappers
}

// failMarkers are words one of which any code with a site holds.
var failMarkers = [][]byte{
	[]byte("panic"), []byte("Err"), []byte("err"), []byte("expect"), []byte("assert"),
	[]byte("unreachable"), []byte("unimplemented"), []byte("todo!"), []byte("fmt"), []byte("Display"),
	[]byte("bail!"), []byte("ensure!"), []byte("anyhow!"), []byte("eyre!"), []byte("context"),
}

// mayFail reports whether code may hold a site: macro bodies and wrapped
// items without any of failMarkers (libc's s! { struct .. } tables) are
// not worth parsing again.
func mayFail(code []byte) bool {
	for _, m := range failMarkers {
		if bytes.Contains(code, m) {
			return true
		}
	}
	return false
}

// macroRule is a rule of a macro_rules! definition.
type macroRule struct {
	pattern syntax.Node // token_tree_pattern
	body    syntax.Node // the transcriber, a token_tree
}

// transcribe copies the transcriber body, a token tree, into out (see
// macroSource).
func transcribe(body syntax.Node, src, out []byte) {
	start, end := body.StartByte(), body.EndByte()
	if body.Kind() != "token_tree" || end-start < 2 {
		return
	}
	copy(out[start:end], src[start:end])
	out[start], out[end-1] = '{', '}'
	for d := range body.Descendants() {
		switch d.Kind() {
		case "metavariable":
			if s := d.StartByte(); src[s] == '$' {
				out[s] = ' '
			}
		case "token_repetition":
			// $( tokens ) separator? operator: keep the tokens alone.
			s := d.StartByte()
			out[s] = ' '
			if s+1 < end && src[s+1] == '(' {
				out[s+1] = ' '
			}
			var closing syntax.Node
			for c := range d.Children() {
				if c.Kind() == ")" {
					closing = c
				}
			}
			if !closing.IsNull() {
				for i := closing.StartByte(); i < d.EndByte(); i++ {
					if out[i] != '\n' {
						out[i] = ' '
					}
				}
			}
		}
	}
}

// parseMacros parses the source macroSource made; nil when it cannot.
func parseMacros(src []byte) *syntax.Tree {
	p, err := syntax.NewParser(syntax.Rust(), macroParseTimeout)
	if err != nil {
		return nil
	}
	defer p.Close()
	tree, err := p.Parse(context.Background(), src)
	if err != nil {
		return nil
	}
	return tree.Clone()
}

// expansion is one invocation of a macro defined in the file, as a pass
// over the macro bodies reads it: the values its arguments bind, and the
// transcriber of the rule they matched.
type expansion struct {
	orig       []byte                 // the file's source
	start, end int                    // the transcriber's bytes
	bound      map[string]syntax.Node // metavariable name → the token bound
}

// reads reports whether n lies in the transcriber the expansion reads.
func (e *expansion) reads(n syntax.Node) bool {
	return n.StartByte() >= e.start && n.EndByte() <= e.end
}

// token returns the token bound to identifier n when n is a metavariable
// ($name in the definition) that the invocation binds.
func (e *expansion) token(n syntax.Node) (syntax.Node, bool) {
	if e == nil || n.Kind() != "identifier" {
		return syntax.Node{}, false
	}
	s := n.StartByte()
	tok, ok := e.bound[n.Text()]
	if s == 0 || e.orig[s-1] != '$' || !ok {
		return syntax.Node{}, false
	}
	return tok, true
}

// value is the value of identifier n when it is a metavariable that the
// invocation binds to a literal.
func (e *expansion) value(n syntax.Node) (msgeval.Value, bool) {
	tok, ok := e.token(n)
	if !ok {
		return msgeval.Value{}, false
	}
	if str, ok := stringValue(tok); ok {
		return msgeval.Lit(str), true
	}
	if str, ok := literalDisplay(tok); ok {
		return msgeval.Lit(str), true
	}
	return msgeval.Value{}, false
}

// expandTables reads the invocations of the file's own macros that pass
// text: for each invocation (each repetition of one: simple_enum_error! {
// EmptyHost => "empty host", .. }) whose arguments match a rule's pattern
// and bind a string literal, the rule's transcriber is read again with
// its metavariables bound, in the tree macroSource's text parsed to. A
// site whose message holds such a literal is kept, placed at the literal
// in the invocation: that is where its text is written; one outside any
// item of the body is named for the function the invocation is in. The
// call of an error helper the body makes (xml-rs's self_error!($this;
// $fmt, ..) => $this.error(format!($fmt, ..))), whose message Link
// fills, counts when the text it passes holds the literal.
func expandTables(x *file, f *extract.File, tree *syntax.Tree, rules map[string][]macroRule) []*errdex.Site {
	var sites []*errdex.Site
	opts := x.opts
	// A site outside any item of the body is in the function the macro
	// is invoked in.
	top := x.function(f.Tree.Root())
	budget := maxExpansions
	seen := map[[2]string]bool{}
	for n := range f.Tree.Root().Descendants() {
		if n.Kind() != "macro_invocation" || len(rules[macroName(n)]) == 0 || !opts.Tests && inTestCode(n) {
			continue
		}
		for _, r := range rules[macroName(n)] {
			instances, ok := matchRule(r.pattern, macroTokens(n))
			if !ok {
				continue
			}
			for _, b := range instances {
				lits := map[string]syntax.Node{}
				for _, tok := range b {
					if s, ok := stringValue(tok); ok && strings.TrimSpace(s) != "" {
						lits[s] = tok
					}
				}
				if len(lits) == 0 {
					continue
				}
				if budget--; budget < 0 {
					return sites
				}
				m := newFile(&extract.File{Path: f.Path, Language: f.Language, Src: tree.Source(), Tree: tree}, opts)
				m.expansion = &expansion{orig: f.Tree.Source(), start: r.body.StartByte(), end: r.body.EndByte(), bound: b}
				m.run()
				for _, s := range m.sites {
					t := s.Template
					call, isCall := m.facts.helperCalls[s]
					if isCall {
						t = call.text()
					}
					if tok, ok := literalIn(t, lits); ok {
						// Each repetition reads the literal bound outside
						// it again (self_error!(self; "{} {}", a, b)).
						key := [2]string{strconv.Itoa(tok.StartByte()), t.String()}
						if seen[key] {
							continue
						}
						seen[key] = true
						s.Location = errdex.Location{Span: tok.Span()}
						if s.Function == top {
							s.Function = x.function(n)
						}
						if isCall {
							mergeMap(&x.facts.helperCalls, map[*errdex.Site]helperCall{s: call})
						}
						sites = append(sites, s)
					}
				}
			}
			break
		}
	}
	return sites
}

// literalIn returns the token of the first of lits (by text) whose text
// the template's literal text holds; of a format string ("cannot open
// {}"), its longest text between placeholders.
func literalIn(t errdex.Template, lits map[string]syntax.Node) (syntax.Node, bool) {
	var text strings.Builder
	for _, p := range t.Parts {
		if !p.IsHole() {
			text.WriteString(p.Text)
		}
	}
	for _, s := range slices.Sorted(maps.Keys(lits)) {
		longest := ""
		for _, piece := range placeholder.Split(s, -1) {
			if len(strings.TrimSpace(piece)) > len(strings.TrimSpace(longest)) {
				longest = piece
			}
		}
		if strings.TrimSpace(longest) != "" && strings.Contains(text.String(), longest) {
			return lits[s], true
		}
	}
	return syntax.Node{}, false
}

// placeholder is a placeholder of a Rust format string.
var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// binding is what one match of a macro pattern binds: metavariable names
// (without "$") to the first token of their fragment.
type binding map[string]syntax.Node

// matchRule matches an invocation's token tree against a rule's pattern.
// It returns one binding for each repetition of the pattern's
// repetitions that matched, each with the bindings made before it
// outside repetitions, or the one binding when the pattern repeats
// nothing.
func matchRule(pattern, args syntax.Node) ([]binding, bool) {
	toks := delimited(args)
	var reps []binding
	b := binding{}
	i, ok := matchElems(delimited(pattern), toks, 0, b, &reps, "")
	if !ok || i != len(toks) {
		return nil, false
	}
	if len(reps) == 0 {
		reps = []binding{b}
	}
	return reps, true
}

// delimited returns the children of a token tree (pattern) between its
// delimiters, comments left out.
func delimited(tt syntax.Node) []syntax.Node {
	var all []syntax.Node
	for c := range tt.Children() {
		if !isComment(c) {
			all = append(all, c)
		}
	}
	if len(all) < 2 {
		return nil
	}
	return all[1 : len(all)-1]
}

// matchElems matches pattern elements against toks from i, recording
// bindings in b and each repetition's bindings in reps; stop is the token
// that follows the elements in the enclosing pattern ("" when none). It
// returns the index of the first token not matched.
func matchElems(elems, toks []syntax.Node, i int, b binding, reps *[]binding, stop string) (int, bool) {
	for k, e := range elems {
		next := nextLiteral(elems[k+1:], stop)
		switch e.Kind() {
		case "token_binding_pattern":
			if i >= len(toks) {
				return i, false
			}
			b[strings.TrimPrefix(e.Child("name").Text(), "$")] = toks[i]
			i++
			switch typ := e.Child("type").Text(); typ {
			case "ident", "literal", "lifetime", "tt":
			default: // expr, ty, path, pat ...: up to the token that follows
				for i < len(toks) && (next == "" || toks[i].Text() != next) {
					// An expression holds no top-level , ; or =>, the
					// only tokens Rust lets follow it: ($msg:expr)
					// does not match "fmt {}", arg.
					if (typ == "expr" || typ == "stmt") && toks[i].Is(",", ";", "=>") {
						if next == "" {
							return i, false
						}
						break
					}
					i++
				}
			}
		case "token_repetition_pattern":
			inner, sep := repetition(e)
			for i < len(toks) && (next == "" || toks[i].Text() != next) {
				ib := maps.Clone(b)
				j, ok := matchElems(inner, toks, i, ib, reps, cmp.Or(sep, next))
				if !ok || j == i {
					break
				}
				*reps = append(*reps, ib)
				i = j
				if sep != "" {
					if i >= len(toks) || toks[i].Text() != sep {
						break
					}
					i++
				}
			}
		case "token_tree_pattern":
			if i >= len(toks) || toks[i].Kind() != "token_tree" {
				return i, false
			}
			sub := delimited(toks[i])
			j, ok := matchElems(delimited(e), sub, 0, b, reps, "")
			if !ok || j != len(sub) {
				return i, false
			}
			i++
		default:
			if i >= len(toks) || toks[i].Text() != e.Text() {
				return i, false
			}
			i++
		}
	}
	return i, true
}

// nextLiteral is the text of the first plain token among elems, or stop.
func nextLiteral(elems []syntax.Node, stop string) string {
	for _, e := range elems {
		if !e.Is("token_binding_pattern", "token_repetition_pattern", "token_tree_pattern") {
			return e.Text()
		}
		if e.Kind() != "token_binding_pattern" {
			return ""
		}
	}
	return stop
}

// repetition returns the elements of a pattern's $( .. ) sep op and its
// separator ("" when none).
func repetition(e syntax.Node) ([]syntax.Node, string) {
	var all []syntax.Node
	for c := range e.Children() {
		all = append(all, c)
	}
	open, closing := -1, -1
	for i, c := range all {
		if c.Kind() == "(" && open < 0 {
			open = i
		}
		if c.Kind() == ")" {
			closing = i
		}
	}
	if open < 0 || closing < open {
		return nil, ""
	}
	sep := ""
	switch rest := all[closing+1:]; len(rest) {
	case 2:
		sep = rest[0].Text()
	case 1:
		// The grammar leaves some separators out of the tree ($($x),+
		// has children $ ( $x ) +): the text between ) and the
		// operator is the separator.
		from, to := all[closing].EndByte()-e.StartByte(), rest[0].StartByte()-e.StartByte()
		sep = strings.TrimSpace(string(e.Bytes()[from:to]))
	}
	return all[open+1 : closing], sep
}

// placeWrapped names the sites read from the arguments of item-level
// macro invocations (wrappers) for the items around the invocation too:
// a method of `impl Runtime { cfg_rt! { fn block_on .. } }` is
// Runtime::block_on, though the invocation's text alone holds no impl.
func (x *file) placeWrapped(sites []*errdex.Site, wrappers []syntax.Node) {
	top := x.function(x.tree.Root())
	for _, w := range wrappers {
		outer := x.function(w)
		if outer == top {
			continue
		}
		for _, s := range sites {
			if s.Location.Line < w.Line() || s.Location.Line > w.EndLine() {
				continue
			}
			switch rest, ok := strings.CutPrefix(s.Function, top); {
			case s.Function == top:
				s.Function = outer
			case top == "<crate>":
				s.Function = outer + "::" + s.Function
			case ok:
				s.Function = outer + rest
			}
		}
	}
}

// repeated reports whether argument a of a macro call in the transcriber
// an expansion reads lies in a repetition, $( .. ),* of the definition,
// which the expansion reads once: the parentheses nearest around it open
// with "$(".
func (x *file) repeated(a tokArg) bool {
	if x.expansion == nil || len(a.toks) == 0 {
		return false
	}
	src := x.expansion.orig
	depth := 0
	for i := a.toks[0].StartByte() - 1; i > x.expansion.start && i < len(src); i-- {
		switch src[i] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				return src[i-1] == '$'
			}
			depth--
		}
	}
	return false
}
