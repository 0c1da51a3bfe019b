package golang

import (
	"bytes"
	"fmt"
	"go/build/constraint"
	"path"
	"strings"

	"github.com/errdex/errdex"
)

// guardBuild is the Guard.Kind of a file's build constraint.
const guardBuild = "build"

// Known GOOS and GOARCH values, as in go/build (internal/syslist): the
// file name suffixes that constrain a build.
var (
	knownOS = setOf("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux",
		"nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")
	knownArch = setOf("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle",
		"mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390",
		"s390x", "sparc", "sparc64", "wasm")
	// unixOS are the GOOS values the "unix" build tag admits.
	unixOS = setOf("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux", "netbsd",
		"openbsd", "solaris")
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// fileNameTags returns the GOOS and GOARCH terms a file name implies, as
// go/build reads them: name_GOOS.go, name_GOARCH.go, name_GOOS_GOARCH.go,
// each optionally followed by _test. "unix" is not one of them.
func fileNameTags(name string) []string {
	name, _, _ = strings.Cut(path.Base(name), ".")
	i := strings.Index(name, "_")
	if i < 0 {
		return nil
	}
	l := strings.Split(name[i:], "_")
	if n := len(l); n > 0 && l[n-1] == "test" {
		l = l[:n-1]
	}
	n := len(l)
	switch {
	case n >= 2 && knownOS[l[n-2]] && knownArch[l[n-1]]:
		return []string{l[n-2], l[n-1]}
	case n >= 1 && (knownOS[l[n-1]] || knownArch[l[n-1]]):
		return []string{l[n-1]}
	}
	return nil
}

// buildGuard returns the guard of the file's build constraint: its
// //go:build line (or, without one, its // +build lines) before the
// package clause, and the terms its name implies, joined with &&. It
// returns nil for a file every build compiles. Directives that do not
// parse are reported as problems and ignored.
func (x *fileCtx) buildGuard() *errdex.Guard {
	var (
		goBuild, plus       constraint.Expr
		goSource, plusLines []string
		goLine, plusLine    int
	)
	for _, d := range x.directives() {
		e, err := constraint.Parse(d.text)
		if err != nil {
			if len(x.problems) < maxProblems {
				x.problems = append(x.problems, fmt.Sprintf("line %d: build constraint %q: %v", d.line, clip(d.text, 60), err))
			}
			continue
		}
		switch {
		case constraint.IsGoBuild(d.text):
			if goBuild == nil {
				goBuild, goSource, goLine = e, []string{d.text}, d.line
			}
		case plus == nil:
			plus, plusLines, plusLine = e, []string{d.text}, d.line
		default:
			plus = &constraint.AndExpr{X: plus, Y: e}
			plusLines = append(plusLines, d.text)
		}
	}
	expr, source, line := goBuild, goSource, goLine
	if expr == nil {
		expr, source, line = plus, plusLines, plusLine
	}
	for _, tag := range fileNameTags(x.path) {
		switch {
		case expr == nil:
			expr = &constraint.TagExpr{Tag: tag}
		case !hasConjunct(expr, tag):
			expr = &constraint.AndExpr{X: expr, Y: &constraint.TagExpr{Tag: tag}}
		}
	}
	if expr == nil {
		return nil
	}
	if source == nil {
		source = []string{"file name " + path.Base(x.path)}
	}
	return &errdex.Guard{Condition: expr.String(), Source: strings.Join(source, "; "), Kind: guardBuild, Line: line}
}

// directive is a build constraint line and its 1-based line number.
type directive struct {
	text string
	line int
}

// directives returns the build constraint lines of the file's header, as
// go/build reads them: the line comments before the first line of code;
// a // +build line counts only when a blank line follows it within the
// header (so not in the package's doc comment), a //go:build line
// anywhere there.
func (x *fileCtx) directives() []directive {
	var out []directive
	var plus []directive
	inBlock := false
	src := x.src
	for n := 1; len(src) > 0; n++ {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		text := strings.TrimSpace(string(line))
		if inBlock {
			if _, rest, ok := strings.Cut(text, "*/"); ok {
				inBlock = false
				if strings.TrimSpace(rest) != "" {
					break
				}
			}
			continue
		}
		switch {
		case text == "":
			out = append(out, plus...) // a blank line confirms the +build lines above it
			plus = plus[:0]
		case strings.HasPrefix(text, "//"):
			switch {
			case constraint.IsGoBuild(text):
				out = append(out, directive{text, n})
			case constraint.IsPlusBuild(text):
				plus = append(plus, directive{text, n})
			}
		case strings.HasPrefix(text, "/*"):
			if !strings.Contains(text[2:], "*/") {
				inBlock = true
			} else if _, rest, _ := strings.Cut(text[2:], "*/"); strings.TrimSpace(rest) != "" {
				return out
			}
		default:
			return out
		}
	}
	return out
}

// hasConjunct reports whether tag is one of the terms e requires: e is
// tag, or an && of expressions one of which has it.
func hasConjunct(e constraint.Expr, tag string) bool {
	switch e := e.(type) {
	case *constraint.TagExpr:
		return e.Tag == tag
	case *constraint.AndExpr:
		return hasConjunct(e.X, tag) || hasConjunct(e.Y, tag)
	}
	return false
}

// guardFile puts the file's build guard first among each site's guards
// and records its condition as the site's Build.
func guardFile(g *errdex.Guard, sites []*errdex.Site) {
	if g == nil {
		return
	}
	for _, s := range sites {
		if len(s.Guards) > 0 && s.Guards[0].Kind == guardBuild {
			continue
		}
		s.Guards = append([]errdex.Guard{*g}, s.Guards...)
		s.Build = g.Condition
	}
}

// compatible reports whether some build compiles both a file built under
// constraint a and one built under b (Site.Build conditions; "" admits
// every build): some known GOOS/GOARCH pair satisfies both, with the
// other tags (cgo, gc, experiments, release tags) all set or all unset.
// A condition that does not parse admits every build.
func compatible(a, b string) bool {
	if a == "" || b == "" {
		return true
	}
	ea, errA := constraint.Parse("//go:build " + a)
	eb, errB := constraint.Parse("//go:build " + b)
	if errA != nil || errB != nil {
		return true
	}
	for goos := range knownOS {
		for goarch := range knownArch {
			for _, others := range [...]bool{true, false} {
				ok := tagsOf(goos, goarch, others)
				if ea.Eval(ok) && eb.Eval(ok) {
					return true
				}
			}
		}
	}
	return false
}

// tagsOf returns the build tags set for a GOOS/GOARCH pair, with the
// other tags (cgo, gc, experiments, release tags) all set or all unset.
func tagsOf(goos, goarch string, others bool) func(tag string) bool {
	return func(tag string) bool {
		switch {
		case knownOS[tag]:
			return tag == goos || tag == "linux" && goos == "android" ||
				tag == "darwin" && goos == "ios" || tag == "solaris" && goos == "illumos"
		case knownArch[tag]:
			return tag == goarch
		case tag == "unix":
			return unixOS[goos]
		}
		return others
	}
}

// breadth counts the known GOOS values some build of which compiles a
// file built under constraint cond (a Site.Build condition; "" and one
// that does not parse admit every build), other tags set: how widely the
// file is used, to put the common variant of a declaration first.
func breadth(cond string) int {
	if cond == "" {
		return len(knownOS)
	}
	e, err := constraint.Parse("//go:build " + cond)
	if err != nil {
		return len(knownOS)
	}
	n := 0
	for goos := range knownOS {
		for goarch := range knownArch {
			if e.Eval(tagsOf(goos, goarch, true)) {
				n++
				break
			}
		}
	}
	return n
}
