package javascript

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/internal/msgeval"
	"github.com/errdex/errdex/syntax"
)

// utilFormat evaluates Node's util.format(format, ...args): %s %d %i %f %j
// %o %O %c and %%, as lib/internal/util/inspect.js formatWithOptions
// does. A directive without an argument stays as written, arguments left
// over are appended with spaces, and a format alone is returned as it is
// ("%%" included). A format that is not a known string is a hole.
func (x *fileCtx) utilFormat(args []syntax.Node, sc *scope, depth int) msgeval.Value {
	if len(args) == 0 {
		return msgeval.Lit("")
	}
	f, ok := x.eval(args[0], sc, depth+1).Known()
	if !ok {
		return msgeval.Holed(x.hole(args[0].Parent().Parent()))
	}
	if len(args) == 1 {
		return msgeval.Lit(f)
	}
	out := msgeval.Empty()
	next := 1
	start := 0
	add := func(p errdex.Part) { out = rules.Concat(out, msgeval.Of(errdex.NewTemplate(p))) }
	for i := 0; i < len(f)-1; i++ {
		if f[i] != '%' {
			continue
		}
		c := f[i+1]
		if c == '%' {
			add(errdex.Lit(f[start:i] + "%"))
			start, i = i+2, i+1
			continue
		}
		var typ errdex.HoleType
		inline := false
		switch c {
		case 's':
			typ, inline = errdex.HoleAny, true
		case 'd', 'i':
			typ, inline = errdex.HoleInt, true
		case 'f':
			typ = errdex.HoleFloat
		case 'j', 'o', 'O':
			typ = errdex.HoleRepr
		case 'c':
		default:
			continue // not a directive: printed as written
		}
		if next >= len(args) {
			continue // no argument left: the directive stays
		}
		add(errdex.Lit(f[start:i]))
		a := args[next]
		next++
		start, i = i+2, i+1
		switch {
		case c == 'c':
			// CSS for browser consoles: consumed, not printed.
		case inline:
			v := x.eval(a, sc, depth+1)
			if s, ok := v.Known(); ok && (c == 's' || digitsOnly(s)) {
				add(errdex.Lit(s))
			} else if c == 's' && !v.Opaque() {
				out = rules.Concat(out, v)
			} else {
				p := x.hole(a)
				p.Type = typ
				add(p)
			}
		default:
			p := x.hole(a)
			p.Type = typ
			add(p)
		}
	}
	add(errdex.Lit(f[start:]))
	for _, a := range args[next:] {
		add(errdex.Lit(" "))
		out = rules.Concat(out, x.eval(a, sc, depth+1))
	}
	return out
}
