package golang

import (
	"strings"

	"github.com/errdex/errdex"
)

// errnoTable is a table of messages that an Error method returns an
// element of indexed by its receiver (errors[e], errors[int(e)]), and the
// facts of the method's file.
type errnoTable struct {
	table  tableRef
	method *Facts
}

// constAt is an errno-like constant and the facts of its file.
type constAt struct {
	c    Const
	file *Facts
}

// indexedByRecv reports whether a hole's expression is an element of the
// table name indexed by the receiver recv itself or a conversion of it
// (errors[e], errorstr[int(e)]), not by another value computed from it
// (errors[e-APPLICATION_ERROR]).
func indexedByRecv(expr, name, recv string) bool {
	index, ok := strings.CutPrefix(expr, name+"[")
	if !ok || recv == "" {
		return false
	}
	index, ok = strings.CutSuffix(index, "]")
	if !ok {
		return false
	}
	if t, arg, ok := strings.Cut(index, "("); ok && isIdent(t) {
		index, ok = strings.CutSuffix(arg, ")")
		if !ok {
			return false
		}
	}
	return index == recv
}

// errnoEntry resolves a constant of a named type (syscall.EEXIST, of
// EEXIST = Errno(0x11)) to the site of the entry its type's Error method
// returns for its value (errors[e]: "file exists", at its line of
// zerrors_linux_amd64.go), for a reference made in a file of the given
// build: of the constants of that name for several builds, the most
// widely built one some build compiles with the reference, and of the
// tables its type's methods index, one of a build that compiles with both
// (the constant's own file first), holding its value (or, in the
// constant's package, its name: EPERM: "..."). It returns nil when there
// is none.
func (l *linker) errnoEntry(dir, name, build string) *errdex.Site {
	for _, c := range l.consts[key{dir, name}] {
		cb := buildOf(c.file)
		if !l.compatible(build, cb) {
			continue
		}
		tk, ok := l.follow(key{l.dir(c.file.Dir, c.c.Type.Import), c.c.Type.Name}, l.typeAlias, func(k key) bool { return len(l.errnoTables[k]) > 0 })
		if !ok {
			continue
		}
		both := conj(build, cb)
		tables := l.errnoTables[tk]
		for pass := range 2 {
			for _, t := range tables {
				if (t.table.fx == c.file) != (pass == 0) || !l.compatible(both, buildOf(t.table.fx)) || !l.compatible(both, buildOf(t.method)) {
					continue
				}
				j, ok := t.table.table.Keys[c.c.Value]
				if !ok && t.table.fx.Dir == c.file.Dir {
					j, ok = t.table.table.Keys[c.c.Name]
				}
				if ok {
					return t.table.table.Entries[j].Site
				}
			}
		}
	}
	return nil
}

// conj is the build constraint of both a and b ("" admits every build).
func conj(a, b string) string {
	switch {
	case a == "" || a == b:
		return b
	case b == "":
		return a
	}
	return "(" + a + ") && (" + b + ")"
}

// compatible is compatible, remembered.
func (l *linker) compatible(a, b string) bool {
	k := [2]string{a, b}
	ok, seen := l.compat[k]
	if !seen {
		ok = compatible(a, b)
		l.compat[k] = ok
	}
	return ok
}
