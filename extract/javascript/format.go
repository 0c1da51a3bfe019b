package javascript

import (
	"github.com/errdex/errdex"
	"github.com/errdex/errdex/syntax"
)

// utilFormat evaluates Node's util.format(format, ...args): %s %d %i %f %j
// %o %O %c and %%, as lib/internal/util/inspect.js formatWithOptions
// does. A directive without an argument stays as written, arguments left
// over are appended with spaces, and a format alone is returned as it is
// ("%%" included). A format that is not a known string is a hole.
func (x *fileCtx) utilFormat(args []syntax.Node, sc *scope, depth int) val {
	if len(args) == 0 {
		return lit("")
	}
	f, ok := x.eval(args[0], sc, depth+1).known()
	if !ok {
		return holeVal(x.hole(args[0].Parent().Parent()))
	}
	if len(args) == 1 {
		return lit(f)
	}
	out := []errdex.Template{{}}
	next := 1
	start := 0
	add := func(p errdex.Part) { out = product(out, []errdex.Template{{Parts: []errdex.Part{p}}}) }
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
			if s, ok := v.known(); ok && (c == 's' || digitsOnly(s)) {
				add(errdex.Lit(s))
			} else if c == 's' && !v.opaque() {
				out = product(out, v.alts)
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
		out = product(out, x.eval(a, sc, depth+1).alts)
	}
	return val{alts: out, str: true}
}
