package python

import (
	"strings"

	"github.com/errdex/errdex/codetext"
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/syntax"
)

// This file recognises configuration in Python source:
//
//   - environment reads: os.environ.get(NAME[, default]),
//     os.environ.setdefault/pop, os.getenv(NAME[, default]),
//     os.environ[NAME], NAME in os.environ, and helper functions whose name
//     contains "env" called with an upper-case variable name as their first
//     argument (get_bool_env_var("SGLANG_X", "false")), the default being
//     the second argument or default=;
//   - environment declarations through wrappers: NAME = EnvInt(0) (any
//     callee named Env or Env<Upper...>), in a class body or at module
//     level: the variable is the wrapper's first argument when that is an
//     upper-case string, else NAME, and the default its first other
//     argument or default=; code reads it as obj.NAME (envs.NAME.get());
//   - command-line flags: add_argument/add_option("--flag", ...), and
//     click-style option("--flag", ...), with dest= or the dest argparse
//     derives, and default= (store_true and store_false imply one);
//   - settings fields: the fields of dataclasses, attrs and pydantic-style
//     classes, and of classes named *Config, *Settings, *Args, *Arguments,
//     *Options or *Params, with their defaults (unwrapping
//     field(default=...) and Field(...)).

// configCall records the configuration a call declares or reads.
func (w *factWalker) configCall(call syntax.Node, callee string, top factFrame) {
	last := callee[strings.LastIndexByte(callee, '.')+1:]
	args := positional(call)
	switch {
	case strings.HasSuffix(callee, "environ.get") || strings.HasSuffix(callee, "environ.setdefault") ||
		strings.HasSuffix(callee, "environ.pop") || last == "getenv" || last == "getenvb":
		if len(args) > 0 {
			if name, ok := plainString(args[0]); ok && codetext.EnvIdent(name) {
				w.envRead(call, name, args, top)
			}
		}
	case strings.Contains(strings.ToLower(last), "env") && last != "environ" && !writesEnv(last) && !envWrapper(last):
		if len(args) > 0 {
			if name, ok := plainString(args[0]); ok && codetext.EnvName(name) {
				w.envRead(call, name, args, top)
			}
		}
	case last == "add_argument" || last == "add_option" || last == "option":
		w.flag(call, args, top)
	}
}

// writesEnv reports whether a function name says it sets the environment
// (os.putenv, setenv, unsetenv) rather than reading it.
func writesEnv(name string) bool {
	l := strings.ToLower(name)
	return strings.HasPrefix(l, "set") || strings.HasPrefix(l, "put") || strings.HasPrefix(l, "unset") ||
		strings.HasPrefix(l, "del")
}

func (w *factWalker) envRead(call syntax.Node, name string, args []syntax.Node, top factFrame) {
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Function: w.fnName(top), Line: call.Line(),
		Column: call.Start().Column + 1, Text: oneLine(call.Text())}
	if d := keyword(call, "default"); !d.IsNull() {
		u.Default, u.HasDefault = oneLine(d.Text()), true
	} else if len(args) > 1 {
		u.Default, u.HasDefault = oneLine(args[1].Text()), true
	}
	w.ff.Config = append(w.ff.Config, u)
}

// environSubscript records os.environ["NAME"].
func (w *factWalker) environSubscript(n syntax.Node, top factFrame) {
	if !isEnviron(n.Child("value")) {
		return
	}
	if name, ok := plainString(n.Child("subscript")); ok && codetext.EnvIdent(name) {
		w.ff.Config = append(w.ff.Config, extract.ConfigUse{Kind: extract.ConfigEnv, Name: name,
			Function: w.fnName(top), Line: n.Line(), Column: n.Start().Column + 1, Text: oneLine(n.Text())})
	}
}

// environTest records "NAME" in os.environ.
func (w *factWalker) environTest(n syntax.Node, top factFrame) {
	l, op, r, ok := comparison(n)
	if !ok || op != "in" && op != "not in" || !isEnviron(r) {
		return
	}
	if name, ok := plainString(l); ok && codetext.EnvIdent(name) {
		w.ff.Config = append(w.ff.Config, extract.ConfigUse{Kind: extract.ConfigEnv, Name: name,
			Function: w.fnName(top), Line: n.Line(), Column: n.Start().Column + 1, Text: oneLine(n.Text())})
	}
}

func isEnviron(n syntax.Node) bool {
	t := compactName(n.Text())
	return isChain(n) && (t == "environ" || strings.HasSuffix(t, ".environ"))
}

// flag records an argparse, optparse or click option.
func (w *factWalker) flag(call syntax.Node, args []syntax.Node, top factFrame) {
	var opts []string
	for _, a := range args {
		s, ok := plainString(a)
		if !ok || !strings.HasPrefix(s, "-") || len(s) < 2 || strings.ContainsAny(s, " =") {
			break
		}
		opts = append(opts, s)
	}
	if len(opts) == 0 {
		return
	}
	name := opts[0]
	for _, o := range opts {
		if strings.HasPrefix(o, "--") {
			name = o
			break
		}
	}
	u := extract.ConfigUse{Kind: extract.ConfigFlag, Name: name, Decl: true, Function: w.fnName(top), Line: call.Line(),
		Column: call.Start().Column + 1, Text: oneLine(call.Text())}
	if d, ok := plainString(keyword(call, "dest")); ok {
		u.Dest = d
	} else {
		u.Dest = strings.ReplaceAll(strings.TrimLeft(name, "-"), "-", "_")
	}
	if d := keyword(call, "default"); !d.IsNull() {
		u.Default, u.HasDefault = oneLine(d.Text()), true
	} else if a, _ := plainString(keyword(call, "action")); a == "store_true" || a == "store_false" {
		u.Default, u.HasDefault = "False", true
		if a == "store_false" {
			u.Default = "True"
		}
	}
	w.ff.Config = append(w.ff.Config, u)
}

// configField records the configuration a class-body binding declares: an
// environment wrapper, or a field of a settings class.
func (w *factWalker) configField(cl *extract.Class, name string, value, stmt syntax.Node, top factFrame) {
	if w.envDecl(name, value, stmt, top) {
		return
	}
	if strings.HasPrefix(name, "_") || !settingsClass(cl) {
		return
	}
	if t := stmt.Child("type"); strings.Contains(t.Text(), "ClassVar") {
		return
	}
	u := extract.ConfigUse{Kind: extract.ConfigSetting, Name: cl.Name + "." + name, Dest: name, Owner: cl.Name, Decl: true,
		Function: w.fnName(top), Line: stmt.Line(), Column: stmt.Start().Column + 1, Text: oneLine(stmt.Text())}
	if !value.IsNull() {
		u.Default, u.HasDefault = fieldDefault(value)
	}
	w.ff.Config = append(w.ff.Config, u)
}

// envDecl records NAME = EnvInt(default) and reports whether it did.
func (w *factWalker) envDecl(name string, value, stmt syntax.Node, top factFrame) bool {
	if value.Kind() != "call" {
		return false
	}
	callee := calleeName(value)
	if !envWrapper(callee[strings.LastIndexByte(callee, '.')+1:]) {
		return false
	}
	u := extract.ConfigUse{Kind: extract.ConfigEnv, Name: name, Dest: name, Decl: true, Function: w.fnName(top),
		Line: stmt.Line(), Column: stmt.Start().Column + 1, Text: oneLine(stmt.Text())}
	args := positional(value)
	if len(args) > 0 {
		if s, ok := plainString(args[0]); ok && codetext.EnvName(s) {
			u.Name = s
			args = args[1:]
		}
	}
	if d := keyword(value, "default"); !d.IsNull() {
		u.Default, u.HasDefault = oneLine(d.Text()), true
	} else if len(args) > 0 {
		u.Default, u.HasDefault = oneLine(args[0].Text()), true
	}
	w.ff.Config = append(w.ff.Config, u)
	return true
}

// envWrapper reports whether a callee declares an environment variable:
// Env, or Env followed by an upper-case letter (EnvInt, EnvBool).
func envWrapper(name string) bool {
	return name == "Env" || strings.HasPrefix(name, "Env") && len(name) > 3 && name[3] >= 'A' && name[3] <= 'Z'
}

// settingsClass reports whether a class holds settings: a dataclass, an
// attrs or pydantic-style class, or a class named like a settings holder.
func settingsClass(cl *extract.Class) bool {
	for _, d := range cl.Decorators {
		d, _, _ = strings.Cut(d, "(")
		last := d[strings.LastIndexByte(d, '.')+1:]
		switch last {
		case "dataclass", "define", "frozen", "s", "attrs", "mutable":
			return true
		}
	}
	for _, b := range cl.Bases {
		switch b[strings.LastIndexByte(b, '.')+1:] {
		case "BaseModel", "BaseSettings", "BaseConfig", "NamedTuple":
			return true
		}
	}
	name := cl.Name[strings.LastIndexByte(cl.Name, '.')+1:]
	for _, suffix := range []string{"Config", "Settings", "Args", "Arguments", "Options", "Params"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// fieldDefault is a field's default, unwrapping field(default=x),
// attr.ib(default=x) and Field(x) / Field(default=x).
func fieldDefault(value syntax.Node) (string, bool) {
	if value.Kind() == "call" {
		callee := calleeName(value)
		switch callee[strings.LastIndexByte(callee, '.')+1:] {
		case "field", "ib", "attrib", "Field":
			if d := keyword(value, "default"); !d.IsNull() {
				return oneLine(d.Text()), true
			}
			if args := positional(value); len(args) > 0 && strings.HasSuffix(callee, "Field") && args[0].Text() != "..." {
				return oneLine(args[0].Text()), true
			}
			return "", false
		}
	}
	return oneLine(value.Text()), true
}

// positional returns a call's positional arguments.
func positional(call syntax.Node) []syntax.Node {
	var out []syntax.Node
	for a := range call.Child("arguments").NamedChildren() {
		switch a.Kind() {
		case "comment", "keyword_argument", "list_splat", "dictionary_splat", "parenthesized_list_splat":
		default:
			out = append(out, a)
		}
	}
	return out
}

// keyword returns the value of a call's keyword argument, or the zero Node.
func keyword(call syntax.Node, name string) syntax.Node {
	for a := range call.Child("arguments").NamedChildren() {
		if a.Kind() == "keyword_argument" && a.Child("name").Text() == name {
			return a.Child("value")
		}
	}
	return syntax.Node{}
}

// plainString returns the text of a string literal without prefix,
// interpolation or escapes.
func plainString(n syntax.Node) (string, bool) {
	if n.Kind() != "string" {
		return "", false
	}
	var text string
	for c := range n.NamedChildren() {
		switch c.Kind() {
		case "string_start":
			if p := strings.ToLower(strings.TrimRight(c.Text(), `'"`)); p != "" && p != "u" && p != "r" {
				return "", false
			}
		case "string_content":
			if c.NamedChildCount() > 0 {
				return "", false // escape sequences
			}
			text = c.Text()
		case "string_end":
		default:
			return "", false
		}
	}
	return text, text != ""
}
