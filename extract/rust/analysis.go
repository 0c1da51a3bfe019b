package rust

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/cguard"
	"github.com/errdex/errdex/syntax"
)

// This file records the language-neutral facts of a Rust file
// (extract.FileFacts) that the repository analyses read to say where the
// values a site's conditions test come from, and which configuration is
// behind them (see analyze/config):
//
//   - Functions: the functions and methods that hold a site or set
//     fields (of self, or of a struct literal: a constructor), named as
//     their sites name theirs ("crate::server::Server::new"), Class the
//     impl's type, Receiver "self" for a method taking self, parameters
//     with their declared type's last segment (Config for cfg:
//     &crate::Config), and the bindings the analyses may reach from the
//     sites (see slice): let bindings (tuple patterns too), assignments
//     (x = v, x += v, self.x = v) and the fields of struct literals
//     (Server { port: cfg.port }, Assign.Type "Server"; Self the impl's
//     type), each with the conditions under which it runs (without the
//     early exits before it) and Exit. Closures belong to the function
//     around them, as their sites do.
//   - Config: environment reads (std::env::var("X"), env::var_os,
//     dotenvy::var, env!("X"), option_env!("X"), and helpers whose name
//     holds "env" called with an upper-case name first), with the
//     default an .unwrap_or(..)/.unwrap_or_else(|_| ..) gives; the
//     fields of clap derive structs (#[derive(Parser)] or Args) that
//     carry #[arg(..)] or #[clap(..)], as flags ("--port" from long or
//     the field's name, the default from default_value(_t)) and, with
//     env, environment variables; and the fields of structs named
//     *Config, *Settings or *Options as settings.
//   - Sites: what each site's statement reads: the arguments of its macro
//     or call, the fields of the error it constructs.

// settingsEndings are the endings of struct names that hold settings.
var settingsEndings = []string{"Config", "Settings", "Options"}

// envReaders are the paths of the functions that read an environment
// variable named by their first argument.
var envReaders = []string{"std::env::var", "env::var", "std::env::var_os", "env::var_os", "dotenvy::var", "dotenv::var"}

// maxRustTraceDepth bounds the steps from a site's reads to the bindings
// slice keeps: analyze/config follows at most four.
const maxRustTraceDepth = 4

// factBinding is a candidate factBinding of a function body: its assignment
// without guards, and the node of its statement, which gives them.
type factBinding struct {
	a    extract.Assign
	stmt syntax.Node
}

// analysisFacts returns the language-neutral facts of the file (see the
// file comment); siteNodes are the nodes of the sites found in the file's
// own tree.
func (x *file) analysisFacts(siteNodes map[*errdex.Site]syntax.Node) *extract.FileFacts {
	ff := &extract.FileFacts{}
	root := x.tree.Root()
	marks := map[syntax.Node][]string{} // site node → what it reads
	for s, n := range siteNodes {
		reads := readsOf(n)
		for _, g := range s.Guards {
			reads = append(reads, g.Names...)
		}
		marks[n] = append(marks[n], reads...)
		if sr := readsOf(n); len(sr) > 0 {
			ff.Sites = append(ff.Sites, extract.SiteFacts{Site: s, Reads: sr})
		}
	}
	slices.SortFunc(ff.Sites, func(a, b extract.SiteFacts) int { return a.Site.Location.Line - b.Site.Location.Line })
	for n := range root.Descendants() {
		if !x.opts.Tests && n.Is("function_item", "struct_item", "call_expression", "macro_invocation") && inTestCode(n) {
			continue
		}
		switch n.Kind() {
		case "function_item":
			x.recordFunction(ff, n, marks)
		case "struct_item":
			x.structConfig(ff, n)
		case "call_expression":
			x.envCall(ff, n)
		case "macro_invocation":
			x.envMacro(ff, n)
		}
	}
	x.moduleValues(ff, marks)
	return ff
}

// moduleFunction is the name of the file's top level as a function, as
// the analyses expect it (analyze.ModuleFunction).
const moduleFunction = "<module>"

// moduleValues records, as the bindings of the function "<module>", the
// file's constants and statics that the recorded functions and the
// sites read (static DEBUG: Lazy<bool> = Lazy::new(|| env::var("DEBUG")
// .is_ok()) read by if *DEBUG).
func (x *file) moduleValues(ff *extract.FileFacts, marks map[syntax.Node][]string) {
	read := map[string]bool{}
	for _, fn := range ff.Functions {
		for _, a := range fn.Assigns {
			for _, r := range a.Reads {
				first, _, _ := strings.Cut(r, ".")
				read[first] = true
			}
		}
	}
	for _, rs := range marks {
		for _, r := range rs {
			first, _, _ := strings.Cut(r, ".")
			read[first] = true
		}
	}
	root := x.tree.Root()
	mod := extract.Function{Name: moduleFunction, Line: 1, EndLine: root.EndLine()}
	for n := range root.Descendants() {
		if !n.Is("const_item", "static_item") || !read[n.Child("name").Text()] || !enclosingFn(n).IsNull() ||
			!x.opts.Tests && inTestCode(n) {
			continue
		}
		if v := n.Child("value"); !v.IsNull() {
			mod.Assigns = append(mod.Assigns, newAssign(n.Child("name").Text(), "=", v, n, oneLine(n.Text())))
		}
	}
	if len(mod.Assigns) > 0 {
		ff.Functions = append(ff.Functions, mod)
	}
}

// functionOf returns the name of the function a configuration read is
// in, as the analyses look it up: that of its sites, or "<module>" for
// a read outside any function (in a static's initializer).
func (x *file) functionOf(n syntax.Node) string {
	if enclosingFn(n).IsNull() {
		return moduleFunction
	}
	return x.function(n)
}

// recordFunction records a function whose facts the analyses may read: one
// holding a site, or setting fields.
func (x *file) recordFunction(ff *extract.FileFacts, n syntax.Node, marks map[syntax.Node][]string) {
	body := n.Child("body")
	if body.IsNull() {
		return
	}
	var reads []string
	for m, r := range marks {
		if body.Contains(m) && enclosingFn(m) == n {
			reads = append(reads, r...)
		}
	}
	if reads == nil && !setsFields(body, n) {
		return // most functions: nothing the analyses reach
	}
	fn := extract.Function{Name: x.function(body), Line: n.Line(), EndLine: n.EndLine()}
	if impl := n.Parent().Parent(); n.Parent().Kind() == "declaration_list" && impl.Kind() == "impl_item" {
		fn.Class = typeName(impl.Child("type"))
	}
	for p := range n.Child("parameters").NamedChildren() {
		switch p.Kind() {
		case "self_parameter":
			fn.Receiver = "self"
		case "parameter":
			if pat := p.Child("pattern"); pat.Kind() == "identifier" {
				fn.Params = append(fn.Params, extract.Param{Name: pat.Text(), Type: typeName(p.Child("type")),
					Line: pat.Line(), Column: pat.Start().Column + 1})
			}
		}
	}
	bs := x.bindings(body, n, fn.Class)
	needed := sliceBindings(&fn, bs, reads)
	if reads == nil && !slices.ContainsFunc(bs, func(b factBinding) bool { return isEntry(&fn, &b.a) }) {
		return
	}
	for _, b := range bs {
		first, _, _ := strings.Cut(b.a.Target, ".")
		if !needed[b.a.Target] && !needed[first] && !isEntry(&fn, &b.a) {
			continue
		}
		a := b.a
		a.Guards = bare(cguard.Clauses(b.stmt, cguard.Rust))
		a.Exit = exitLine(b.stmt)
		fn.Assigns = append(fn.Assigns, a)
	}
	ff.Functions = append(ff.Functions, fn)
}

// setsFields reports whether the body of function fnNode builds a
// struct literal with fields or assigns a field of self: the bindings
// by which the analyses enter a function without sites.
func setsFields(body, fnNode syntax.Node) bool {
	for n := range body.Descendants() {
		switch n.Kind() {
		case "field_initializer", "shorthand_field_initializer":
		case "assignment_expression":
			if !strings.HasPrefix(n.Child("left").Text(), "self.") {
				continue
			}
		default:
			continue
		}
		if enclosingFn(n) == fnNode {
			return true
		}
	}
	return false
}

// enclosingFn returns the function item around n.
func enclosingFn(n syntax.Node) syntax.Node {
	for a := range n.Ancestors() {
		if a.Kind() == "function_item" {
			return a
		}
	}
	return syntax.Node{}
}

// bindings lists the bindings of a function's body, without their
// guards, in source order; nested functions are their own.
func (x *file) bindings(body, fnNode syntax.Node, class string) []factBinding {
	var out []factBinding
	for n := range body.Descendants() {
		if n.Kind() != "let_declaration" && n.Kind() != "assignment_expression" && n.Kind() != "compound_assignment_expr" &&
			n.Kind() != "struct_expression" || enclosingFn(n) != fnNode {
			continue
		}
		switch n.Kind() {
		case "let_declaration":
			out = append(out, letBindings(n)...)
		case "assignment_expression", "compound_assignment_expr":
			l, v := n.Child("left"), n.Child("right")
			if l.Kind() != "identifier" && l.Kind() != "field_expression" {
				continue
			}
			op := "="
			if n.Kind() == "compound_assignment_expr" {
				op = n.Child("operator").Text()
			}
			out = append(out, factBinding{a: newAssign(compact(l.Text()), op, v, n, oneLine(n.Text())), stmt: n})
		case "struct_expression":
			typ := typeName(n.Child("name"))
			if typ == "Self" {
				typ = class
			}
			if typ == "" {
				continue
			}
			for f := range n.Child("body").NamedChildren() {
				var field string
				var v syntax.Node
				switch f.Kind() {
				case "field_initializer":
					field, v = f.Child("field").Text(), f.Child("value")
				case "shorthand_field_initializer":
					field, v = f.NamedChild(0).Text(), f.NamedChild(0)
				default:
					continue
				}
				text := typ + "{" + field + ": " + oneLine(v.Text()) + "}"
				a := newAssign(field, "=", v, f, text)
				a.Type = typ
				out = append(out, factBinding{a: a, stmt: n})
			}
		}
	}
	return out
}

// letBindings returns the bindings of a let declaration with a value:
// of its identifier, or of each identifier of a tuple pattern (to the
// matching element of a tuple value).
func letBindings(n syntax.Node) []factBinding {
	pat, v := n.Child("pattern"), n.Child("value")
	if v.IsNull() {
		return nil
	}
	text := oneLine(n.Text())
	switch pat.Kind() {
	case "identifier":
		return []factBinding{{a: newAssign(pat.Text(), "=", v, n, text), stmt: n}}
	case "tuple_pattern":
		var out []factBinding
		for i := 0; i < pat.NamedChildCount(); i++ {
			id := pat.NamedChild(i)
			if id.Kind() != "identifier" {
				continue
			}
			val := v
			if v.Kind() == "tuple_expression" && v.NamedChildCount() == pat.NamedChildCount() {
				val = v.NamedChild(i)
			}
			out = append(out, factBinding{a: newAssign(id.Text(), "=", val, n, text), stmt: n})
		}
		return out
	}
	return nil
}

// newAssign builds an assignment of target to v in statement stmt.
func newAssign(target, op string, v, stmt syntax.Node, text string) extract.Assign {
	a := extract.Assign{Target: target, Op: op, Text: clip(text), Line: stmt.Line(), Column: stmt.Start().Column + 1,
		EndLine: stmt.EndLine()}
	if v.IsNull() {
		return a
	}
	a.Value = clip(oneLine(v.Text()))
	a.Reads = readsOf(v)
	if f := v.Child("function"); v.Kind() == "call_expression" && (f.Is("identifier", "scoped_identifier") || fieldChain(f) != "") {
		a.Callee = compact(f.Text())
	}
	return a
}

// isEntry reports whether a factBinding is one by which the analyses enter
// its function from another: a field of a struct literal, or of self.
func isEntry(fn *extract.Function, a *extract.Assign) bool {
	return a.Type != "" || fn.Receiver != "" && strings.HasPrefix(a.Target, fn.Receiver+".")
}

// sliceBindings returns the names whose bindings to record: those the
// sites' conditions and messages read (reads), the names their
// bindings read, and so on (maxRustTraceDepth steps), and what the
// entry bindings read.
func sliceBindings(fn *extract.Function, bs []factBinding, reads []string) map[string]bool {
	needed := map[string]bool{}
	need := func(names []string) bool {
		grew := false
		for _, n := range names {
			first, _, _ := strings.Cut(n, ".")
			grew = grew || !needed[first]
			needed[first], needed[n] = true, true
		}
		return grew
	}
	need(reads)
	for _, b := range bs {
		if isEntry(fn, &b.a) {
			need(b.a.Reads)
		}
	}
	for depth, grew := 0, true; grew && depth < maxRustTraceDepth; depth++ {
		grew = false
		for _, b := range bs {
			if needed[b.a.Target] && !isEntry(fn, &b.a) && need(b.a.Reads) {
				grew = true
			}
		}
	}
	return needed
}

// bare keeps of a factBinding's guards what the analyses read of them.
func bare(gs []errdex.Guard) []errdex.Guard {
	for i, g := range gs {
		gs[i] = errdex.Guard{Condition: g.Condition, Kind: g.Kind, Line: g.Line, Negated: g.Negated}
	}
	return gs
}

// exitLine returns the line of the exit (return, panic!, break, ...)
// that ends the innermost block holding stmt, or 0.
func exitLine(stmt syntax.Node) int {
	for p := stmt.Parent(); !p.IsNull() && p.Kind() != "function_item" && p.Kind() != "closure_expression"; p = p.Parent() {
		if p.Kind() != "block" {
			continue
		}
		if cguard.Rust.Leaves(p) {
			last := syntax.Node{}
			for c := range p.NamedChildren() {
				if c.Kind() != "line_comment" && c.Kind() != "block_comment" {
					last = c
				}
			}
			return last.Line()
		}
		return 0
	}
	return 0
}

// readsOf returns the variables and field chains an expression reads,
// in order, without duplicates: not the names of called functions and
// methods, nor paths; in a macro's tokens, name.field chains and the
// names a format string captures ("{port}").
func readsOf(n syntax.Node) []string {
	var out []string
	add := func(s string) {
		if s != "" && len(s) <= 80 && !slices.Contains(out, s) && len(out) < 16 {
			out = append(out, s)
		}
	}
	var walk func(n syntax.Node)
	walk = func(n syntax.Node) {
		switch n.Kind() {
		case "identifier", "self":
			add(n.Text())
			return
		case "field_expression":
			if chain := fieldChain(n); chain != "" {
				add(chain)
			} else {
				walk(n.Child("value"))
			}
			return
		case "call_expression":
			if f := n.Child("function"); f.Kind() == "field_expression" {
				walk(f.Child("value")) // the receiver, not the method
			}
			walk(n.Child("arguments"))
			return
		case "macro_invocation":
			for c := range n.NamedChildren() {
				if c.Kind() == "token_tree" {
					tokenReads(c, add)
				}
			}
			return
		case "scoped_identifier", "string_literal", "raw_string_literal", "type_identifier",
			"generic_function", "scoped_type_identifier", "field_identifier":
			return
		case "struct_expression":
			walk(n.Child("body"))
			return
		case "closure_expression":
			// What the body reads, but the closure's own parameters.
			params := readsOf(n.Child("parameters"))
			for _, r := range readsOf(n.Child("body")) {
				if first, _, _ := strings.Cut(r, "."); !slices.Contains(params, first) {
					add(r)
				}
			}
			return
		case "field_initializer":
			walk(n.Child("value"))
			return
		}
		for c := range n.NamedChildren() {
			walk(c)
		}
	}
	walk(n)
	return out
}

// fieldChain returns a field expression as a chain of names
// ("self.cfg.port"), or "" when it is not one (a call's result, an index).
func fieldChain(n syntax.Node) string {
	var parts []string
	for n.Kind() == "field_expression" {
		parts = append(parts, n.Child("field").Text())
		n = n.Child("value")
	}
	if n.Kind() != "identifier" && n.Kind() != "self" {
		return ""
	}
	parts = append(parts, n.Text())
	slices.Reverse(parts)
	return strings.Join(parts, ".")
}

// tokenReads adds the names a macro's token tree reads: name.field
// chains (not followed by a call, nor after ::), and the names captured
// by its format strings.
func tokenReads(tt syntax.Node, add func(string)) {
	var toks []syntax.Node
	for c := range tt.Children() {
		toks = append(toks, c)
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.Kind() {
		case "token_tree":
			tokenReads(t, add)
			continue
		case "string_literal":
			captures(t.Text(), add)
			continue
		case "identifier", "self":
		default:
			continue
		}
		if i > 0 && toks[i-1].Text() == "::" || i > 0 && toks[i-1].Text() == "." {
			continue
		}
		chain, j := t.Text(), i
		for j+2 < len(toks) && toks[j+1].Text() == "." && toks[j+2].Kind() == "identifier" {
			chain += "." + toks[j+2].Text()
			j += 2
		}
		next := ""
		if j+1 < len(toks) {
			next = toks[j+1].Text()
		}
		switch {
		case next == "::" || next == "!" || next == "=" && j == i: // a path, a macro, a named argument
		case next == "(" || strings.HasPrefix(next, "("): // a call: its receiver
			if k := strings.LastIndexByte(chain, '.'); k > 0 {
				add(chain[:k])
			}
		default:
			add(chain)
		}
		i = j
	}
}

// captures adds the names a format string captures: port in "{port}",
// "{port:?}", "{self.port}" is not Rust.
func captures(lit string, add func(string)) {
	for i := 0; i < len(lit); i++ {
		if lit[i] != '{' {
			continue
		}
		if i+1 < len(lit) && lit[i+1] == '{' {
			i++
			continue
		}
		j := i + 1
		for j < len(lit) && (lit[j] == '_' || unicode.IsLetter(rune(lit[j])) || j > i+1 && unicode.IsDigit(rune(lit[j]))) {
			j++
		}
		if j > i+1 && j < len(lit) && (lit[j] == '}' || lit[j] == ':') {
			add(lit[i+1 : j])
		}
	}
}

// envCall records an environment read by a call: std::env::var("X") and
// its kin, or a helper named for the environment with an upper-case
// name first (get_env("PORT", "8080"), the default second).
func (x *file) envCall(ff *extract.FileFacts, n syntax.Node) {
	path := compact(n.Child("function").Text())
	args := n.Child("arguments")
	if args.NamedChildCount() == 0 {
		return
	}
	name, ok := strLit(args.NamedChild(0))
	if !ok || !isEnvName(name) {
		return
	}
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: x.functionOf(n), Line: n.Line(),
		Column: n.Start().Column + 1}
	switch {
	case slices.Contains(envReaders, path):
		outer := n
		u.Default, u.HasDefault, outer = envDefault(n)
		u.Text = clip(oneLine(outer.Text()))
	case isEnvHelper(n.Child("function")):
		u.Text = clip(oneLine(n.Text()))
		if args.NamedChildCount() > 1 {
			u.Default, u.HasDefault = defaultText(args.NamedChild(1))
		}
	default:
		return
	}
	ff.Config = append(ff.Config, u)
}

// isEnvHelper reports whether a called function is a helper that reads
// the environment: its name holds "env" (get_env, env_or), but it is no
// writer (Command's .env("X", v), set_var, remove_var).
func isEnvHelper(f syntax.Node) bool {
	name := strings.ToLower(lastSegment(compact(f.Text())))
	if f.Kind() == "field_expression" {
		name = strings.ToLower(f.Child("field").Text())
		if name == "env" || name == "envs" {
			return false // std::process::Command::env sets the child's
		}
	}
	return strings.Contains(name, "env") && !strings.Contains(name, "set") && !strings.Contains(name, "remove")
}

// envDefault returns the default a chain of method calls on an
// environment read gives (.unwrap_or("8080"), .unwrap_or_else(|_|
// "8080".into())), and the outermost call of the chain.
func envDefault(read syntax.Node) (string, bool, syntax.Node) {
	n := read
	for range 4 {
		fe := n.Parent()
		call := fe.Parent()
		if fe.Kind() != "field_expression" || call.Kind() != "call_expression" || call.Child("function") != fe {
			return "", false, read
		}
		n = call
		switch fe.Child("field").Text() {
		case "unwrap_or", "unwrap_or_else":
			if args := call.Child("arguments"); args.NamedChildCount() == 1 {
				d, ok := defaultText(args.NamedChild(0))
				return d, ok, call
			}
			return "", false, call
		}
	}
	return "", false, read
}

// defaultText returns a default value as written, without conversions:
// "8080" for "8080".into(), String::from("8080"), |_| "8080".to_string();
// only literals count.
func defaultText(v syntax.Node) (string, bool) {
	for range 4 {
		switch v.Kind() {
		case "closure_expression":
			v = v.Child("body")
			continue
		case "call_expression":
			f := v.Child("function")
			args := v.Child("arguments")
			switch {
			case f.Kind() == "field_expression" && args.NamedChildCount() == 0 &&
				slices.Contains([]string{"into", "to_string", "to_owned", "parse", "unwrap"}, f.Child("field").Text()):
				v = f.Child("value")
				continue
			case lastSegment(compact(f.Text())) == "from" && args.NamedChildCount() == 1:
				v = args.NamedChild(0)
				continue
			}
		case "string_literal", "integer_literal", "float_literal", "boolean_literal":
			return v.Text(), true
		}
		return "", false
	}
	return "", false
}

// envMacro records env!("X") and option_env!("X").
func (x *file) envMacro(ff *extract.FileFacts, n syntax.Node) {
	m := n.Child("macro").Text()
	if m != "env" && m != "option_env" {
		return
	}
	for c := range n.NamedChildren() {
		if c.Kind() != "token_tree" || c.NamedChildCount() == 0 {
			continue
		}
		if name, ok := strLit(c.NamedChild(0)); ok && name != "" {
			ff.Config = append(ff.Config, extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: x.functionOf(n),
				Line: n.Line(), Column: n.Start().Column + 1, Text: clip(oneLine(n.Text()))})
		}
	}
}

// structConfig records the fields of a clap derive struct as flags (and
// environment variables), and those of a settings struct as settings.
func (x *file) structConfig(ff *extract.FileFacts, n syntax.Node) {
	owner := n.Child("name").Text()
	body := n.Child("body")
	if owner == "" || body.Kind() != "field_declaration_list" {
		return
	}
	clap := false
	for _, a := range attributes(n) {
		if path, args := attrParts(a); path == "derive" &&
			(hasWord(args, "Parser") || hasWord(args, "Args") || hasWord(args, "StructOpt")) {
			clap = true
		}
	}
	settings := false
	for _, s := range settingsEndings {
		settings = settings || strings.HasSuffix(owner, s)
	}
	if !clap && !settings {
		return
	}
	for f := range body.NamedChildren() {
		if f.Kind() != "field_declaration" {
			continue
		}
		name := f.Child("name")
		u := extract.ConfigUse{Dest: name.Text(), Owner: owner, Decl: true, Function: x.function(n), Line: name.Line(),
			Column: name.Start().Column + 1, Text: clip(oneLine(f.Text()))}
		if clap && x.clapField(ff, f, u) {
			continue
		}
		if settings {
			u.Kind, u.Name = extract.ConfigSetting, owner+"."+u.Dest
			ff.Config = append(ff.Config, u)
		}
	}
}

// clapField records a field of a clap derive struct that carries
// #[arg(..)] or #[clap(..)] (#[structopt(..)]) as a flag, and, when the
// attribute says env, as an environment variable; it reports whether
// the field is one.
func (x *file) clapField(ff *extract.FileFacts, f syntax.Node, u extract.ConfigUse) bool {
	var args string
	found := false
	for _, a := range attributes(f) {
		if path, as := attrParts(a); path == "arg" || path == "clap" || path == "structopt" {
			args += "," + as
			found = true
		}
	}
	if !found || hasWord(args, "subcommand") || hasWord(args, "flatten") {
		return false
	}
	flag := u
	flag.Kind, flag.Name = extract.ConfigFlag, "--"+strings.ReplaceAll(u.Dest, "_", "-")
	if long, ok := attrValue(args, "long"); ok {
		flag.Name = "--" + long
	}
	for _, k := range []string{"default_value_t", "default_value"} {
		if d, ok := attrRaw(args, k); ok {
			flag.Default, flag.HasDefault = d, true
			break
		}
	}
	// A field without long or short is a positional argument, no flag.
	if hasWord(args, "long") || hasWord(args, "short") {
		ff.Config = append(ff.Config, flag)
	}
	if hasWord(args, "env") {
		env := flag
		env.Kind, env.Name = extract.ConfigEnv, strings.ToUpper(u.Dest)
		if v, ok := attrValue(args, "env"); ok {
			env.Name = v
		}
		ff.Config = append(ff.Config, env)
	}
	return true
}

// attrParts returns an attribute's path and its arguments' text without
// the parentheses: "arg", `long = "port", default_value_t = 8080`.
func attrParts(a syntax.Node) (string, string) {
	path := compact(attrName(a))
	args := a.Child("arguments")
	if args.IsNull() {
		return path, ""
	}
	t := args.Text()
	if len(t) >= 2 {
		t = t[1 : len(t)-1]
	}
	return path, t
}

// attrRaw returns the value written after "key =" among an attribute's
// comma-separated arguments.
func attrRaw(args, key string) (string, bool) {
	for _, part := range splitTopLevel(args) {
		k, v, ok := strings.Cut(part, "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// attrValue returns the string literal value of key among an attribute's
// arguments, unquoted.
func attrValue(args, key string) (string, bool) {
	v, ok := attrRaw(args, key)
	if !ok || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	return v[1 : len(v)-1], true
}

// splitTopLevel splits an attribute's arguments at the commas outside
// parentheses, brackets and strings.
func splitTopLevel(s string) []string {
	var out []string
	depth, start, inStr := 0, 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// hasWord reports whether the attribute arguments name word as a whole
// argument key or derive (env, env = "X", Parser, clap::Parser).
func hasWord(args, word string) bool {
	for _, part := range splitTopLevel(args) {
		k, _, _ := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if k == word || strings.HasSuffix(k, "::"+word) {
			return true
		}
	}
	return false
}

// strLit returns the text of a plain string literal.
func strLit(n syntax.Node) (string, bool) {
	t := n.Text()
	if n.Kind() != "string_literal" || len(t) < 2 || strings.ContainsRune(t, '\\') {
		return "", false
	}
	return t[1 : len(t)-1], true
}

// isEnvName reports whether s looks like an environment variable's
// name: upper-case letters, digits and underscores, a letter or
// underscore first.
func isEnvName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return strings.ContainsFunc(s, unicode.IsLetter)
}

// compact removes white space from a path or chain.
func compact(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// oneLine collapses runs of white space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip cuts a fact's text at extract.MaxFactText bytes, on a character
// boundary.
func clip(s string) string {
	if len(s) <= extract.MaxFactText {
		return s
	}
	cut := extract.MaxFactText
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut]
}
