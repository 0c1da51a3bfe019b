package rust

import (
	"context"
	"time"

	"github.com/errdex/errdex/syntax"
)

// macroParseTimeout bounds the parse of a file's macro bodies.
const macroParseTimeout = 5 * time.Second

// macroSource returns the source a file's macro_rules! definitions expand
// to, as far as their text tells: a copy of src of the same length in
// which only the transcribers (the right side of each rule) remain, with
// every other byte but newlines blanked, so that a node of its tree has
// the line and column of the text it was read from. In a transcriber,
// metavariables lose their "$" ($field reads as the identifier field),
// a repetition $( .. ),* reads as its contents once, and the delimiters
// () and [] become a block's braces: the body parses as a block holding
// items, statements or an expression. It reports false when the file
// defines no macro outside test code (unless tests are kept).
func macroSource(root syntax.Node, src []byte, tests bool) ([]byte, bool) {
	var out []byte
	for n := range root.Descendants() {
		if n.Kind() != "macro_definition" || !tests && inTestCode(n) {
			continue
		}
		if out == nil {
			out = make([]byte, len(src))
			for i, b := range src {
				out[i] = ' '
				if b == '\n' {
					out[i] = '\n'
				}
			}
		}
		for rule := range n.NamedChildren() {
			if rule.Kind() == "macro_rule" {
				transcribe(rule.Child("right"), src, out)
			}
		}
	}
	return out, out != nil
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
