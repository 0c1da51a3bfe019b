package errdex

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// HoleType is a hint about the runtime value that fills a Hole. Matching
// prefers captures that look like the hinted type.
type HoleType string

// Hole type hints. HoleAny means nothing is known.
const (
	HoleAny   HoleType = "any"
	HoleInt   HoleType = "int"
	HoleFloat HoleType = "float"
	HoleStr   HoleType = "str"
	HoleRepr  HoleType = "repr"  // a quoted or bracketed representation (Python repr, Go %q, Rust {:?})
	HolePath  HoleType = "path"  // a file system path
	HoleBool  HoleType = "bool"  // true/false in the language's spelling
	HoleError HoleType = "error" // the message of another error (Go %w, "...: " + str(e))
)

// Part is one piece of a Template: literal text, or a hole for a value known
// only at run time. A part is a hole when Hole (the short name) is set.
//
// JSON: {"text": "literal"} or {"hole": "mask_len", "expr": "len(mask)", "type": "int"}.
type Part struct {
	Text string   `json:"text,omitempty"`
	Hole string   `json:"hole,omitempty"`
	Expr string   `json:"expr,omitempty"`
	Type HoleType `json:"type,omitempty"`
}

// Lit returns a literal part.
func Lit(text string) Part { return Part{Text: text} }

// HolePart returns a hole. An empty name becomes "value" and an empty type
// becomes HoleAny, so that every hole can be named and rendered.
func HolePart(name, expr string, typ HoleType) Part {
	if name == "" {
		name = "value"
	}
	if typ == "" {
		typ = HoleAny
	}
	return Part{Hole: name, Expr: expr, Type: typ}
}

// IsHole reports whether the part is a hole.
func (p Part) IsHole() bool { return p.Hole != "" }

// Template is an error message as the source code builds it: literal parts
// and holes in order. The zero Template is an empty message.
type Template struct {
	Parts []Part `json:"parts"`
}

// MarshalJSON writes the template with "parts" always a list: [] for a
// site that raises without a message.
func (t Template) MarshalJSON() ([]byte, error) {
	type plain Template
	return json.Marshal(plain{Parts: nonNil(t.Parts)})
}

// NewTemplate builds a normalised template from parts.
func NewTemplate(parts ...Part) Template {
	return Template{Parts: parts}.Normalize()
}

// Normalize merges adjacent literal parts and drops empty ones. Templates
// are always stored normalised, so that two equal messages have equal parts.
// It runs in time linear in the template's size, however long the runs of
// literals.
func (t Template) Normalize() Template {
	out := make([]Part, 0, len(t.Parts))
	var run strings.Builder // the pending run of literal text
	flush := func() {
		if run.Len() > 0 {
			out = append(out, Part{Text: run.String()})
			run.Reset()
		}
	}
	for _, p := range t.Parts {
		if p.IsHole() {
			flush()
			out = append(out, p)
			continue
		}
		run.WriteString(p.Text)
	}
	flush()
	return Template{Parts: out}
}

// Concat returns t followed by u, normalised.
func (t Template) Concat(u Template) Template {
	parts := make([]Part, 0, len(t.Parts)+len(u.Parts))
	parts = append(parts, t.Parts...)
	parts = append(parts, u.Parts...)
	return Template{Parts: parts}.Normalize()
}

// IsEmpty reports whether the template has no parts.
func (t Template) IsEmpty() bool { return len(t.Parts) == 0 }

// IsOpaque reports whether the template says nothing literal: it is empty or
// made of holes only, so the message cannot be recognised by its text.
func (t Template) IsOpaque() bool { return t.LiteralLen() == 0 }

// String renders the template as a message with each hole shown as {name}.
func (t Template) String() string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteByte('{')
			b.WriteString(p.Hole)
			b.WriteByte('}')
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// Canonical renders the template for identity: literal text with every hole
// written as "{}". Renaming a variable does not change it; changing the
// message's wording does.
func (t Template) Canonical() string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.IsHole() {
			b.WriteString("{}")
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// LiteralLen is the number of characters (runes) in the literal parts.
func (t Template) LiteralLen() int {
	n := 0
	for _, p := range t.Parts {
		if !p.IsHole() {
			n += utf8.RuneCountInString(p.Text)
		}
	}
	return n
}

// Holes returns the hole parts in order.
func (t Template) Holes() []Part {
	var holes []Part
	for _, p := range t.Parts {
		if p.IsHole() {
			holes = append(holes, p)
		}
	}
	return holes
}

// Fill renders the template with the given values substituted for holes by
// name; holes without a value are shown as {name}.
func (t Template) Fill(values map[string]string) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if !p.IsHole() {
			b.WriteString(p.Text)
			continue
		}
		if v, ok := values[p.Hole]; ok {
			b.WriteString(v)
			continue
		}
		b.WriteByte('{')
		b.WriteString(p.Hole)
		b.WriteByte('}')
	}
	return b.String()
}
