package match

import (
	"cmp"
	"math"
	"strings"

	"github.com/errdex/errdex"
)

// Priors order matches the evidence cannot tell apart. The same message is
// often raised at several sites (a function and its twin in another module,
// a check repeated in three methods), and a query without a traceback
// scores them exactly alike; Result.Tied says so. Among them, the site a
// user is most likely to have hit comes first:
//
//  0. the site that default builds on more mainstream platforms compile
//     (see build.go): os/file_unix.go before os/file_plan9.go; of a
//     JavaScript package's builds, one Node or a bundler loads before one
//     for a legacy script loader (build/node/luxon.js before
//     build/amd/luxon.js); a readable file before minified code
//     (lru-cache's index.js before a bundle of it);
//  1. the site of the module more files import: code used across the
//     repository (shutil, threading, posixpath) is what programs run into,
//     more than a rarely imported twin (distutils.archive_util,
//     asyncio.locks, ntpath). Counts are compared on a log scale
//     (importerLevel), so that 40 and 45 importers are alike;
//  2. a site that creates the error before an Error method that only
//     formats it: both match the same text, and the construction
//     (`EscapeError(s)` in url.unescape) says where it happened;
//  3. the site whose function has callers in the repository: it is reached
//     from more places than one only a user calls directly or only a
//     compiled accelerator calls (json's pure-Python scanner functions).
//     Not for Go methods, Java, C, C++, Rust or JavaScript (see
//     partialCallers);
//  4. of two sites in one function, the one nested less deeply: a raise
//     on the function's main path (os.rename's `return &LinkError{...}`
//     after the rename call fails) is reached by more inputs than the
//     same raise under further conditions (the one behind the check for
//     renaming onto a directory). The column a statement starts at tells
//     its depth in formatted code (see siteIndent).
//
// Measured on the Python development set (testdata/devset; the standard
// library indexed, importers counted over the indexed files), the first
// answers of `Type: message` queries rose from 83.7% to 88.6% on the
// tuning part and from 76.4% to 81.1% on the held-out part, importers
// giving most of it; no right first answer was lost. Two other natural
// candidates lost as often as they won and were left out: a public module
// over a private one (the private module is often where the work and the
// raise happen: importlib._bootstrap), and a public function over a
// private helper (configparser's _unify_values raises for every get()).
//
// The fourth, measured the same way with the Go set beside: Go's first
// answers rose from 76.3% to 77.9%, Python's from 92.5% to 92.7%
// (held-out part unchanged); on the probes of third-party code, Go
// 69.0% to 70.2%, Python 83.8% to 83.6%, JavaScript unchanged.
//
// Priors never change a score: they only order equal ones, and Result.Tied
// still reports the tie.

// importerLevel turns a count of importing files into a prior level: about
// four levels per doubling, saturating at 255.
func importerLevel(n int) uint8 {
	if n <= 0 {
		return 0
	}
	return uint8(min(255, 1+int(4*math.Log2(float64(n)))))
}

// Bits of siteRec.prior, the part of a site's prior its own record
// tells; comparePrior weighs them in the order of the list above, with
// importers between the build level and the rest.
const (
	priorCallers   = 1 << 0 // its function has callers in the repository
	priorOrigin    = 1 << 1 // it creates the error (not an Error method)
	priorBuildBits = 2      // bits from here: buildLevel
	priorLowMask   = 1<<priorBuildBits - 1
)

// sitePrior packs the prior facts of site s (see the constants above).
func sitePrior(s *errdex.Site) uint8 {
	level := buildLevel(s.Build)
	if siteFamily(s.Language) == famJS {
		level = jsBuildLevel(s.Location.Path)
	}
	if s.Minified && level > 0 {
		level-- // a readable copy of the same code reads better
	}
	p := level << priorBuildBits
	if s.Kind != errdex.KindErrorMethod {
		p |= priorOrigin
	}
	if (s.Reach.Callers > 0 || len(s.Callers) > 0) && !partialCallers(s) {
		p |= priorCallers
	}
	return p
}

// partialCallers reports whether the callers found of s's function are
// too partial for the prior of callers. Those of a Go method
// ("os.(*File).Stat"), of Java, and of C++, Rust and JavaScript methods
// are found only where they are called on a value whose type a
// declaration names (the receiver, this, a typed parameter or local),
// while most calls go through values of types only type checking knows,
// or through interfaces and traits; C functions are often called only through
// tables of function pointers (a CPython extension's PyMethodDef), which
// are what a program reaches. Having found none says nothing, and having
// found some favours the methods called on their own receivers, so the
// prior counts the callers of Go functions and of Python only.
func partialCallers(s *errdex.Site) bool {
	switch siteFamily(s.Language) {
	case famJava, famC, famRust, famJS:
		return true
	case famGo:
		_, name, _ := strings.Cut(s.Function, ".")
		return strings.HasPrefix(name, "(") || strings.Contains(name, ".") && !strings.Contains(name, ".func")
	}
	return false
}

// comparePrior orders sites x and y by their priors, the likelier first:
// the site more mainstream builds compile (build.go), then the file more
// files import, then a site that creates the error over the Error method
// that only formats it (both match the same text: the construction
// `&PathError{Op: "open", ...}` says where it happened), then a function
// with callers.
func (ix *Index) comparePrior(x, y uint32) int {
	return cmp.Compare(ix.priorRank(y), ix.priorRank(x))
}

// priorRank folds site s's priors into one number, the likelier higher:
// the build level, then the importers' level, then the other bits.
func (ix *Index) priorRank(s uint32) uint32 {
	rec := ix.sites[s]
	return uint32(rec.prior>>priorBuildBits)<<16 | uint32(ix.files[rec.file].importers)<<8 | uint32(rec.prior&priorLowMask)
}

// maxIndent is the largest depth siteIndent tells apart.
const maxIndent = 255

// siteIndent is how deeply site s is nested in its function, as the
// column its statement starts at (at most maxIndent), which formatted code
// indents by one step per block. Minified code puts whole functions on a
// line, where the column tells nothing: all its sites count as alike.
func siteIndent(s *errdex.Site) uint8 {
	if s.Minified {
		return 0
	}
	return uint8(min(maxIndent, max(0, s.Location.Column)))
}

// compareNesting orders sites x and y of one function by how deeply they
// are nested, the shallower first (see the priors above); sites of
// different functions compare equal.
func (ix *Index) compareNesting(x, y uint32) int {
	a, b := ix.sites[x], ix.sites[y]
	if a.file != b.file || a.function != b.function {
		return 0
	}
	return cmp.Compare(a.indent, b.indent)
}
