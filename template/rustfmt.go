package template

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errdex/errdex"
)

// BraceDialect selects a brace-delimited format syntax: Rust's std::fmt or
// C++'s std::format / {fmt}. Both write a replacement field as
// "{[argument][:spec]}" and escape braces by doubling them.
type BraceDialect uint8

// The brace dialects.
const (
	// BraceRust is Rust's std::fmt (format!, panic!, write!, println!,
	// anyhow!, thiserror's #[error("...")]): arguments are empty (the next
	// positional argument), an index ("{0}") or a name ("{name}") that is
	// either a named argument (name = expr) or an identifier captured from
	// the enclosing scope (Rust 2021). The spec is
	// [[fill]align][sign]['#']['0'][width]['.' precision][type], where
	// width and precision are digits, "N$" or "name$", and precision may be
	// '*' (taking the next positional argument before the value). Types:
	// "" (Display), "?" (Debug: a repr hole), "x?" "X?", "x" "X" "o" "b"
	// "e" "E" "p".
	BraceRust BraceDialect = iota + 1
	// BraceFmt is C++20's std::format and the {fmt} library (fmt::format,
	// spdlog): arguments are empty or an index, names only with fmt::arg;
	// width and precision may be nested replacement fields ("{:{}}",
	// "{:.{2}}"); types are the printf-like letters d s f e g x b o c a p
	// and "?" (C++23 debug format).
	BraceFmt
)

// String returns the dialect's name: "rust" or "fmt".
func (d BraceDialect) String() string {
	switch d {
	case BraceRust:
		return "rust"
	case BraceFmt:
		return "fmt"
	}
	return fmt.Sprintf("BraceDialect(%d)", uint8(d))
}

// BraceArg is one argument of a brace-format call after the format: its
// source text and, for a named argument ("name = expr" in Rust,
// fmt::arg("name", expr) in C++), its name.
type BraceArg struct {
	Name string
	Expr string
	// Type, when set, is the argument's type as the caller knows it; it
	// types a field whose spec says nothing more specific ("{}" but not
	// "{:?}").
	Type errdex.HoleType
}

// BraceFormat parses brace format strings of one dialect into templates.
// The zero value of each hook selects a default; a BraceFormat is a plain
// value, safe for concurrent use when its hooks are.
type BraceFormat struct {
	Dialect BraceDialect
	// HoleName derives a hole's name from an argument's source text. Nil
	// selects RustHoleName for BraceRust and HoleNameOf for BraceFmt.
	HoleName func(expr string) string
	// Implicit resolves a reference to an argument the call does not pass:
	// an identifier captured from the scope ("{path}" in Rust 2021), or a
	// field of the error type in thiserror's #[error("{0} at {line}")]. It
	// returns the hole's name, the expression that fills it and a type
	// hint (empty for none). When Implicit is nil, or returns ok false, a
	// Rust identifier becomes a hole of that name capturing the
	// identifier, and anything else a hole without expression and a
	// problem.
	Implicit func(ref string) (name, expr string, typ errdex.HoleType, ok bool)
	// ImplicitFirst sends explicit references ("{0}", "{name}") to
	// Implicit before the call's arguments: in thiserror's
	// #[error("{0}: {}", extra)], "{0}" is the error's field 0 while "{}"
	// takes the extra argument.
	ImplicitFirst bool
	// Value, when set, returns the message of argument i (0-based) when
	// the caller knows it statically: a string literal, a constant, a
	// nested format!. A field that prints its argument as plain text
	// (Display without width or precision) then inlines that template.
	Value func(i int) (errdex.Template, bool)
}

// BraceResult is a parsed brace format string.
type BraceResult struct {
	// Template is the message the format produces, normalised, with hole
	// names made distinct (see DistinctHoles).
	Template errdex.Template
	// Problems describe what was malformed (an unmatched brace, a missing
	// argument, an unknown type). Parsing never fails: each problem
	// degrades to a hole or to literal text.
	Problems []string
}

// Parse parses format, the decoded value of a format string literal, with
// args the arguments that follow it.
func (p BraceFormat) Parse(format string, args []BraceArg) BraceResult {
	if p.Dialect != BraceRust && p.Dialect != BraceFmt {
		return BraceResult{Template: errdex.NewTemplate(errdex.Lit(format)),
			Problems: []string{fmt.Sprintf("unknown brace dialect %v", p.Dialect)}}
	}
	s := &braceState{p: p, format: format, args: args}
	s.parse()
	return BraceResult{Template: DistinctHoles(errdex.Template{Parts: s.parts}.Normalize()), Problems: s.problems}
}

// braceState is the progress of one Parse call.
type braceState struct {
	p        BraceFormat
	format   string
	args     []BraceArg
	next     int // the next implicit positional argument
	parts    []errdex.Part
	problems []string
}

func (s *braceState) problem(at int, format string, args ...any) {
	if len(s.problems) < maxPrintfProblems {
		s.problems = append(s.problems, fmt.Sprintf("byte %d: ", at)+fmt.Sprintf(format, args...))
	}
}

func (s *braceState) lit(text string) {
	if text != "" {
		s.parts = append(s.parts, errdex.Lit(text))
	}
}

func (s *braceState) parse() {
	f := s.format
	start := 0 // start of pending literal text
	for i := 0; i < len(f); {
		switch f[i] {
		case '{':
			if i+1 < len(f) && f[i+1] == '{' {
				s.lit(f[start:i] + "{")
				i += 2
				start = i
				continue
			}
			end := s.fieldEnd(i)
			if end < 0 {
				s.problem(i, "unmatched '{'")
				s.lit(f[start:])
				return
			}
			s.lit(f[start:i])
			s.field(i, f[i+1:end])
			i = end + 1
			start = i
		case '}':
			if i+1 < len(f) && f[i+1] == '}' {
				s.lit(f[start:i] + "}")
				i += 2
				start = i
				continue
			}
			s.problem(i, "unmatched '}'")
			i++
		default:
			i++
		}
	}
	s.lit(f[start:])
}

// fieldEnd returns the index of the '}' closing the field opened at i, or
// -1. {fmt} allows replacement fields nested one level in the spec.
func (s *braceState) fieldEnd(i int) int {
	depth := 0
	for j := i + 1; j < len(s.format); j++ {
		switch s.format[j] {
		case '{':
			if s.p.Dialect != BraceFmt || depth > 0 {
				return -1
			}
			depth++
		case '}':
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// spec is a parsed format spec.
type braceSpec struct {
	fill, align, sign string
	alt, zero         bool
	width, prec       string // as written: digits, "N$", "name$", "*", "{...}"
	hasPrec           bool
	typ               string
}

func (sp braceSpec) plain() bool {
	return sp.width == "" && !sp.hasPrec && sp.sign == "" && !sp.alt && !sp.zero
}

// field handles one replacement field; text is between the braces and at
// is the offset of its '{'.
func (s *braceState) field(at int, text string) {
	ref, specText, _ := strings.Cut(text, ":")
	ref = strings.TrimSpace(ref)
	sp := s.parseSpec(at, specText)
	typ, known := s.holeType(sp)
	if !known {
		s.problem(at, "{%s}: unknown format type %q", text, sp.typ)
	}
	// Rust's "{:.*}" takes the precision before the value; {fmt}'s
	// "{:{}}" takes the value before the width.
	if s.p.Dialect == BraceRust {
		s.specArgs(at, &sp)
	}
	idx, name, expr, htyp, ok := s.resolve(at, ref)
	if s.p.Dialect == BraceFmt {
		s.specArgs(at, &sp)
	}
	if !ok {
		s.parts = append(s.parts, errdex.HolePart(name, expr, typ))
		return
	}
	if idx >= 0 {
		if s.p.Value != nil && sp.typ == "" && sp.plain() {
			if v, ok := s.p.Value(idx); ok {
				s.parts = append(s.parts, v.Parts...)
				return
			}
		}
	}
	if typ == errdex.HoleAny && htyp != "" {
		typ = htyp
	}
	if typ == errdex.HoleAny {
		typ = braceExprType(expr)
	}
	s.parts = append(s.parts, errdex.HolePart(name, expr, typ))
}

// resolve finds the argument a field refers to. It returns the argument's
// index (-1 for an implicit one), the hole's name and expression, a type
// hint, and ok false when the reference cannot be resolved (the hole is
// then kept, without expression).
func (s *braceState) resolve(at int, ref string) (idx int, name, expr string, typ errdex.HoleType, ok bool) {
	if ref != "" && s.p.ImplicitFirst {
		if name, expr, typ, ok := s.implicit(ref); ok {
			return -1, name, expr, typ, true
		}
	}
	switch {
	case ref == "":
		idx = s.next
		s.next++
		if idx >= len(s.args) {
			s.problem(at, "{} has no argument %d", idx)
			return -1, "value", "", "", false
		}
	case isDigits(ref):
		n, err := strconv.Atoi(ref)
		if err != nil || n >= len(s.args) {
			if name, expr, typ, ok := s.implicit(ref); ok {
				return -1, name, expr, typ, true
			}
			s.problem(at, "{%s} has no argument", ref)
			return -1, "value", "", "", false
		}
		idx = n
	default:
		idx = -1
		for i, a := range s.args {
			if a.Name == ref {
				idx = i
				break
			}
		}
		if idx < 0 {
			if name, expr, typ, ok := s.implicit(ref); ok {
				return -1, name, expr, typ, true
			}
			if s.p.Dialect == BraceRust && isRustIdent(ref) {
				return -1, ref, ref, "", true
			}
			s.problem(at, "{%s} names no argument", ref)
			return -1, "value", "", "", false
		}
		return idx, ref, s.args[idx].Expr, s.args[idx].Type, true
	}
	a := s.args[idx]
	if a.Name != "" {
		return idx, a.Name, a.Expr, a.Type, true
	}
	return idx, s.holeName(a.Expr), a.Expr, a.Type, true
}

func (s *braceState) implicit(ref string) (name, expr string, typ errdex.HoleType, ok bool) {
	if s.p.Implicit == nil {
		return "", "", "", false
	}
	name, expr, typ, ok = s.p.Implicit(ref)
	if ok && name == "" {
		name = "value"
	}
	return name, expr, typ, ok
}

func (s *braceState) holeName(expr string) string {
	switch {
	case s.p.HoleName != nil:
		return s.p.HoleName(expr)
	case s.p.Dialect == BraceRust:
		return RustHoleName(expr)
	}
	return HoleNameOf(expr)
}

// parseSpec parses the text after ':' in a field.
func (s *braceState) parseSpec(at int, spec string) braceSpec {
	var sp braceSpec
	i := 0
	// [[fill]align]: the fill is any character followed by an alignment.
	if r, size := utf8.DecodeRuneInString(spec); size > 0 && size < len(spec) && strings.IndexByte("<^>", spec[size]) >= 0 &&
		(s.p.Dialect == BraceRust || r != '{' && r != '}') {
		sp.fill, sp.align = spec[:size], spec[size:size+1]
		i = size + 1
	} else if i < len(spec) && strings.IndexByte("<^>", spec[i]) >= 0 {
		sp.align = spec[i : i+1]
		i++
	}
	if i < len(spec) && (spec[i] == '+' || spec[i] == '-' || s.p.Dialect == BraceFmt && spec[i] == ' ') {
		sp.sign = spec[i : i+1]
		i++
	}
	if i < len(spec) && spec[i] == '#' {
		sp.alt = true
		i++
	}
	if i < len(spec) && spec[i] == '0' {
		// A '0' flag, unless it starts "0$" (argument 0 as the width).
		if !(i+1 < len(spec) && spec[i+1] == '$') {
			sp.zero = true
			i++
		}
	}
	sp.width, i = s.count(spec, i, false)
	if i < len(spec) && spec[i] == '.' {
		sp.hasPrec = true
		sp.prec, i = s.count(spec, i+1, true)
	}
	if s.p.Dialect == BraceFmt && i < len(spec) && spec[i] == 'L' {
		i++ // locale-specific form
	}
	sp.typ = strings.TrimSpace(spec[i:])
	if s.p.Dialect == BraceRust && len(sp.typ) > 2 {
		s.problem(at, "malformed format spec %q", spec)
	}
	return sp
}

// count parses a width or precision at spec[i:]: digits, "N$", "name$",
// '*' (precision only, Rust), or a nested field "{...}" ({fmt}).
func (s *braceState) count(spec string, i int, prec bool) (string, int) {
	start := i
	switch {
	case i < len(spec) && spec[i] == '*' && prec && s.p.Dialect == BraceRust:
		return "*", i + 1
	case i < len(spec) && spec[i] == '{' && s.p.Dialect == BraceFmt:
		if j := strings.IndexByte(spec[i:], '}'); j >= 0 {
			return spec[i : i+j+1], i + j + 1
		}
		return "", len(spec)
	}
	j := i
	for j < len(spec) && (spec[j] == '_' || spec[j] < utf8.RuneSelf && (unicode.IsLetter(rune(spec[j])) || unicode.IsDigit(rune(spec[j])))) {
		j++
	}
	if s.p.Dialect == BraceRust && j < len(spec) && spec[j] == '$' && j > i {
		return spec[i : j+1], j + 1
	}
	// Plain digits only; letters are the type.
	k := i
	for k < len(spec) && '0' <= spec[k] && spec[k] <= '9' {
		k++
	}
	return spec[start:k], k
}

// specArgs consumes the positional arguments a spec takes: Rust's ".*"
// and {fmt}'s empty nested fields "{:{}.{}}".
func (s *braceState) specArgs(at int, sp *braceSpec) {
	for _, c := range [...]string{sp.width, sp.prec} {
		if c == "*" || c == "{}" {
			if s.next >= len(s.args) {
				s.problem(at, "%s has no argument %d", c, s.next)
			}
			s.next++
		}
	}
}

// holeType maps a spec's type to a hole type, reporting whether the type
// is known.
func (s *braceState) holeType(sp braceSpec) (errdex.HoleType, bool) {
	t := sp.typ
	if isDebugType(t) {
		return errdex.HoleRepr, true
	}
	switch s.p.Dialect {
	case BraceRust:
		switch t {
		case "":
			if sp.hasPrec {
				return errdex.HoleFloat, true
			}
			return errdex.HoleAny, true
		case "x", "X", "p":
			return errdex.HoleStr, true
		case "o", "b":
			return errdex.HoleInt, true
		case "e", "E":
			return errdex.HoleFloat, true
		}
	case BraceFmt:
		switch t {
		case "":
			if sp.hasPrec {
				return errdex.HoleFloat, true
			}
			return errdex.HoleAny, true
		case "s":
			return errdex.HoleStr, true
		case "d", "b", "B", "o":
			return errdex.HoleInt, true
		case "x", "X", "c", "p":
			return errdex.HoleStr, true
		case "f", "F", "e", "E", "g", "G", "a", "A":
			return errdex.HoleFloat, true
		}
	}
	return errdex.HoleAny, false
}

// isDebugType reports whether a spec type prints a Debug representation:
// "?", "x?" and "X?" (the '#' of "{:#?}" is a flag, parsed apart).
func isDebugType(t string) bool {
	return t == "?" || t == "x?" || t == "X?"
}

// braceExprType refines a Display hole's type from its expression:
// "p.display()" prints a path, "v.len()" an integer.
func braceExprType(expr string) errdex.HoleType {
	e := strings.TrimSpace(expr)
	switch {
	case strings.HasSuffix(e, ".display()"):
		return errdex.HolePath
	case strings.HasSuffix(e, ".len()"), strings.HasSuffix(e, ".count()"), strings.HasSuffix(e, ".size()"):
		return errdex.HoleInt
	}
	return errdex.HoleAny
}

// isRustIdent reports whether s is a Rust identifier (raw identifiers
// included).
func isRustIdent(s string) bool {
	s = strings.TrimPrefix(s, "r#")
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// rustPassThrough are methods that print their receiver's value under
// another form; a hole is named for the receiver.
var rustPassThrough = map[string]bool{
	"display": true, "to_string": true, "to_string_lossy": true, "as_str": true, "as_ref": true,
	"clone": true, "unwrap": true, "to_owned": true, "as_path": true, "as_deref": true, "borrow": true,
	"lock": true, "into": true, "expect": true, "to_str": true, "as_os_str": true, "escape_debug": true,
	"escape_default": true, "trim": true, "to_lowercase": true, "to_uppercase": true, "iter": true,
	"into_inner": true, "get_ref": true, "deref": true,
}

// RustHoleName derives a short hole name from a Rust expression: the
// receiver of a conversion method ("path.display()" → "path",
// "self.name.as_str()" → "name"), "x_len" for "x.len()", a tuple field's
// index ("self.0" → "0"), and otherwise what HoleNameOf gives (the last
// name of a field chain, the argument of a one-argument call).
func RustHoleName(expr string) string {
	return rustHoleName(expr, 0)
}

func rustHoleName(expr string, depth int) string {
	e := strings.TrimSpace(expr)
	if depth > 8 || e == "" {
		return "value"
	}
	for {
		switch {
		case strings.HasPrefix(e, "&mut "):
			e = strings.TrimSpace(e[5:])
			continue
		case strings.HasPrefix(e, "&"), strings.HasPrefix(e, "*"):
			e = strings.TrimSpace(e[1:])
			continue
		case strings.HasSuffix(e, "?"):
			e = strings.TrimSpace(e[:len(e)-1])
			continue
		}
		break
	}
	if strings.HasSuffix(e, "()") {
		callee := e[:len(e)-2]
		if dot := strings.LastIndexByte(callee, '.'); dot > 0 && topLevelOperator(callee) < 0 {
			recv, method := callee[:dot], callee[dot+1:]
			switch {
			case rustPassThrough[method]:
				return rustHoleName(recv, depth+1)
			case method == "len" || method == "count":
				return rustHoleName(recv, depth+1) + "_" + method
			}
		}
	}
	if dot := strings.LastIndexByte(e, '.'); dot >= 0 && isDigits(e[dot+1:]) && topLevelOperator(e) < 0 &&
		(dot == 0 || !isDigits(e[:dot])) { // self.0, .0, but not 1.5
		return e[dot+1:]
	}
	return holeName(e, depth+1)
}
