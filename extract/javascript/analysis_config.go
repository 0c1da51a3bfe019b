package javascript

import (
	"strings"

	"github.com/errdex/errdex/codetext"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// This file recognises configuration in JavaScript and TypeScript source
// (extract.FileFacts.Config):
//
//   - environment reads: process.env.X, process.env["X"], and the same
//     through a name bound to process.env (const env = process.env, const
//     { env } = require("process"), import { env } from "node:process"),
//     import.meta.env.X, Bun.env.X, Deno.env.get("X"), "X" in
//     process.env, and the properties destructured from process.env
//     (const { PORT = 3000 } = process.env). The default is the last
//     operand of a || or ?? chain the read starts or continues
//     (process.env.PORT ?? 8080, process.env.A || process.env.B || "x"),
//     or the pattern's default. Writes (process.env.X = v) and deletes
//     are not reads;
//   - helper functions whose name contains "env" called with an
//     upper-case variable name first (getEnv("PORT", "3000"),
//     Env.get("PORT")), the default being the second argument;
//   - command-line flags: commander's option("-p, --port <number>",
//     "port", "3000") and requiredOption, with the destination commander
//     derives (port; dryRun for --dry-run; color for --no-color, whose
//     default is true) and the default (the argument after the
//     description, or after a parser function); yargs' option("port", {
//     default: 3000, ... }).

// isEnvObject reports whether n is the environment object: process.env,
// import.meta.env, Bun.env, or a name bound to process.env.
func isEnvObject(n syntax.Node, aliases map[string]bool) bool {
	n = unwrap(n)
	if n.Kind() == "identifier" {
		return aliases[n.Text()]
	}
	if n.Kind() != "member_expression" || n.Child("property").Text() != "env" {
		return false
	}
	obj := strings.ReplaceAll(strings.Join(strings.Fields(unwrap(n.Child("object")).Text()), ""), "?.", ".")
	return obj == "process" || strings.HasSuffix(obj, ".process") || obj == "import.meta" || obj == "Bun"
}

// envMember records a read of a property of the environment object.
func (w *factWalker) envMember(n syntax.Node, top analysisFrame) {
	if !isEnvObject(n.Child("object"), w.envAliases) {
		return
	}
	var name string
	switch n.Kind() {
	case "member_expression":
		name = n.Child("property").Text()
	case "subscript_expression":
		if idx := unwrap(n.Child("index")); idx.Kind() == "string" {
			name = decodeString(idx)
		}
	}
	if !codetext.EnvIdent(name) {
		return
	}
	p := n.Parent()
	for p.Kind() == "parenthesized_expression" {
		p = p.Parent()
	}
	switch {
	case p.Is("assignment_expression", "augmented_assignment_expression") && unwrap(p.Child("left")).Index() == n.Index():
		return // a write
	case p.Kind() == "unary_expression" && p.Child("operator").Text() == "delete":
		return
	case p.Kind() == "call_expression" && unwrap(p.Child("function")).Index() == n.Index():
		return // process.env.hasOwnProperty(...)
	}
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: w.fnName(top), Line: n.Line(),
		Column: n.Start().Column + 1, Text: factText(n.Bytes())}
	if chain, def := defaultOf(n); !def.IsNull() {
		u.Default, u.HasDefault = factText(def.Bytes()), true
		u.Text = factText(chain.Bytes())
	}
	w.ff.Config = append(w.ff.Config, u)
}

// defaultOf returns the || or ?? chain that read n starts or continues,
// and the chain's last operand, its default (null nodes when n is no
// operand of one, or is its last).
func defaultOf(n syntax.Node) (chain, def syntax.Node) {
	cur := n
	for {
		p := cur.Parent()
		for p.Kind() == "parenthesized_expression" {
			cur, p = p, p.Parent()
		}
		if p.Kind() != "binary_expression" {
			break
		}
		if op := p.Child("operator").Text(); op != "||" && op != "??" {
			break
		}
		cur = p
	}
	if cur.Index() == n.Index() || cur.Kind() != "binary_expression" {
		return syntax.Node{}, syntax.Node{}
	}
	last := unwrap(cur.Child("right"))
	if last.Index() == n.Index() {
		return syntax.Node{}, syntax.Node{}
	}
	return cur, last
}

// envDestructured records a property destructured from the environment
// object (const { PORT = 3000, HOST: host } = process.env), id being the
// name it binds and def its default, in declarator decl; a is the
// assignment recorded for id, which reads the variable (nil when none
// is).
func (w *factWalker) envDestructured(id, def, decl syntax.Node, top analysisFrame, a *extract.Assign) {
	name := ""
	p := id.Parent()
	if p.Is("assignment_pattern", "object_assignment_pattern") {
		p = p.Parent()
	}
	switch {
	case id.Kind() == "shorthand_property_identifier_pattern":
		name = id.Text()
	case p.Kind() == "pair_pattern":
		name = propertyName(p.Child("key"))
	}
	if !codetext.EnvIdent(name) {
		return
	}
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: w.fnName(top), Line: id.Line(),
		Column: id.Start().Column + 1, Text: factText(decl.Bytes())}
	if a != nil {
		a.Value, a.Reads, u.Text = "process.env."+name, nil, a.Text
	}
	if !def.IsNull() {
		u.Default, u.HasDefault = factText(def.Bytes()), true
	}
	w.ff.Config = append(w.ff.Config, u)
}

// envTest records "X" in process.env.
func (w *factWalker) envTest(n syntax.Node, top analysisFrame) {
	if n.Child("operator").Text() != "in" || !isEnvObject(n.Child("right"), w.envAliases) {
		return
	}
	if l := unwrap(n.Child("left")); l.Kind() == "string" {
		if name := decodeString(l); codetext.EnvIdent(name) {
			w.ff.Config = append(w.ff.Config, extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: w.fnName(top),
				Line: n.Line(), Column: n.Start().Column + 1, Text: factText(n.Bytes())})
		}
	}
}

// fnName names the function of a frame.
func (w *factWalker) fnName(f analysisFrame) string { return f.name }

// configCall records the environment reads of helpers (Deno.env.get,
// getEnv("PORT")) and the flags that commander and yargs declare.
func (w *factWalker) configCall(call syntax.Node, top analysisFrame) {
	fn := calleeOf(call)
	// The called name and the last name of its object: a chain of calls
	// (program.option(..).option(..)) calls option.
	var last, prev string
	switch fn.Kind() {
	case "identifier":
		last = fn.Text()
	case "member_expression":
		last = fn.Child("property").Text()
		obj := chainText(fn.Child("object"))
		prev = obj[strings.LastIndexByte(obj, '.')+1:]
	default:
		return
	}
	args := argList(call.Child("arguments"))
	switch {
	case last == "option" || last == "requiredOption":
		w.flag(call, fn, args, top)
	case len(args) == 0:
	case last == "get" && fn.Kind() == "member_expression" && isEnvObject(fn.Child("object"), w.envAliases):
		// Deno.env.get("X")
		if name, ok := stringArg(args[0]); ok && codetext.EnvIdent(name) {
			w.envCall(call, name, args, top)
		}
	case strings.Contains(strings.ToLower(last), "env") && !writesEnv(last) ||
		last == "get" && strings.Contains(strings.ToLower(prev), "env"):
		if name, ok := stringArg(args[0]); ok && codetext.EnvName(name) {
			w.envCall(call, name, args, top)
		}
	}
}

// envCall records a read of environment variable name by a call whose
// second argument is the default.
func (w *factWalker) envCall(call syntax.Node, name string, args []syntax.Node, top analysisFrame) {
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: w.fnName(top), Line: call.Line(),
		Column: call.Start().Column + 1, Text: factText(call.Bytes())}
	if len(args) > 1 {
		u.Default, u.HasDefault = factText(args[1].Bytes()), true
	}
	w.ff.Config = append(w.ff.Config, u)
}

// writesEnv reports whether a function name says it changes the
// environment (setEnv, putenv, unsetEnv, deleteEnv) rather than reading it.
func writesEnv(name string) bool {
	l := strings.ToLower(name)
	for _, p := range []string{"set", "put", "unset", "del", "load", "config", "parse", "expand"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// flag records a commander or yargs option: option("-p, --port <n>",
// "port", "3000") or option("port", { default: 3000 }).
func (w *factWalker) flag(call, fn syntax.Node, args []syntax.Node, top analysisFrame) {
	if len(args) == 0 {
		return
	}
	spec, ok := stringArg(args[0])
	if !ok {
		return
	}
	u := extract.ConfigUse{Kind: extract.ConfigFlag, Decl: true, Function: w.fnName(top), Line: call.Line(),
		Column: call.Start().Column + 1}
	if prop := fn.Child("property"); fn.Kind() == "member_expression" && !prop.IsNull() {
		// The call's own text: a chain of options is one expression.
		u.Line, u.Column = prop.Line(), prop.Start().Column+1
		src := w.x.src
		u.Text = factText(src[prop.StartByte():call.EndByte()])
	} else {
		u.Text = factText(call.Bytes())
	}
	if strings.HasPrefix(spec, "-") {
		name := commanderFlag(spec)
		if name == "" {
			return
		}
		u.Name = name
		dest := strings.TrimLeft(name, "-")
		negated := strings.HasPrefix(dest, "no-") && strings.HasPrefix(name, "--")
		dest = strings.TrimPrefix(dest, "no-")
		u.Dest = camelCase(dest)
		var def syntax.Node
		switch rest := args[min(2, len(args)):]; {
		case len(rest) >= 2:
			def = rest[1] // option(flags, description, parse, default)
		case len(rest) == 1 && defaultValue(rest[0]):
			def = rest[0]
		}
		if !def.IsNull() {
			u.Default, u.HasDefault = factText(def.Bytes()), true
		} else if negated {
			u.Default, u.HasDefault = "true", true
		}
		w.ff.Config = append(w.ff.Config, u)
		return
	}
	// yargs: option("port", { alias: "p", default: 3000 })
	if len(args) < 2 || unwrap(args[1]).Kind() != "object" || !flagName(spec) {
		return
	}
	isOption := false
	for p := range unwrap(args[1]).NamedChildren() {
		if p.Kind() != "pair" {
			continue
		}
		switch key := propertyName(p.Child("key")); key {
		case "default":
			u.Default, u.HasDefault = factText(p.Child("value").Bytes()), true
			isOption = true
		case "alias", "type", "describe", "description", "desc", "demandOption", "choices", "boolean", "number", "string", "array", "coerce":
			isOption = true
		}
	}
	if !isOption {
		return
	}
	u.Name, u.Dest = "--"+spec, camelCase(spec)
	w.ff.Config = append(w.ff.Config, u)
}

// commanderFlag returns the long flag of commander's flags text ("-p,
// --port <number>" gives --port), else its short one; "" when it holds
// none.
func commanderFlag(spec string) string {
	short := ""
	for _, f := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '|' }) {
		if !strings.HasPrefix(f, "-") || len(f) < 2 || strings.ContainsAny(f, "=<>[]") {
			continue
		}
		if strings.HasPrefix(f, "--") && len(f) > 2 {
			return f
		}
		if short == "" {
			short = f
		}
	}
	return short
}

// flagName reports whether s can be a yargs option's name: letters,
// digits, - and _, starting with a letter.
func flagName(s string) bool {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_')) {
			return false
		}
	}
	return s != ""
}

// camelCase turns a flag's name into the property that holds its value,
// as commander and yargs do: dry-run gives dryRun.
func camelCase(s string) string {
	var b strings.Builder
	up := false
	for _, r := range s {
		switch {
		case r == '-':
			up = b.Len() > 0
		case up && r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
			up = false
		default:
			b.WriteRune(r)
			up = false
		}
	}
	return b.String()
}

// defaultValue reports whether an option argument after the description
// is a default value rather than a parser: a literal, an upper-case
// constant or a member (DEFAULTS.port), not a function.
func defaultValue(n syntax.Node) bool {
	n = unwrap(n)
	switch n.Kind() {
	case "string", "template_string", "number", "true", "false", "null", "array", "object", "unary_expression", "member_expression":
		return true
	case "identifier":
		return codetext.EnvName(n.Text())
	}
	return false
}

// stringArg returns the text of a string literal, or of a template
// literal without substitutions.
func stringArg(n syntax.Node) (string, bool) {
	n = unwrap(n)
	switch n.Kind() {
	case "string":
		return decodeString(n), true
	case "template_string":
		for c := range n.NamedChildren() {
			if c.Kind() != "string_fragment" {
				return "", false
			}
		}
		t := n.Text()
		return t[1 : len(t)-1], true
	}
	return "", false
}
