package match

import (
	"go/build/constraint"
	"strings"
)

// Build constraints. Go compiles a file only for the builds its
// constraint admits (a //go:build line, a _windows.go suffix); the
// extractor records it as the file's sites' errdex.Site.Build. The same message is often raised by a file per platform
// (os/file_unix.go and os/file_plan9.go) or by a file behind an
// experiment's tag (encoding/json and its goexperiment.jsonv2 twin), and
// a user most likely runs a default build on a mainstream platform. So
// the matcher grades a site by the most common of mainstreamPlatforms
// whose default build compiles it: first among equal scores, and a site
// none of them compiles (plan9, js/wasm, an experiment, "ignore") scores
// offBuild times less. A file every build compiles, a unix file and a
// linux file are alike (os/file_unix.go and archive/zip both run on
// linux); a darwin-only file ranks after them, a windows-only one last.

// mainstreamPlatforms are the GOOS/GOARCH pairs users most run, the most
// common first.
var mainstreamPlatforms = [...][2]string{{"linux", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"}}

// offBuild scales the score of a site that no mainstream platform
// compiles by default.
const offBuild = 0.9

// buildLevel grades a site built under constraint build
// (errdex.Site.Build): len(mainstreamPlatforms)-i for the first platform
// i whose default build compiles it, the highest level when build is
// empty or does not parse, 0 when no mainstream platform compiles it.
func buildLevel(build string) uint8 {
	if build == "" {
		return uint8(len(mainstreamPlatforms))
	}
	x, err := constraint.Parse("//go:build " + build)
	if err != nil {
		return uint8(len(mainstreamPlatforms))
	}
	for i, p := range mainstreamPlatforms {
		if x.Eval(func(tag string) bool { return defaultTag(tag, p[0], p[1]) }) {
			return uint8(len(mainstreamPlatforms) - i)
		}
	}
	return 0
}

// defaultTag reports whether a default build for goos/goarch with the gc
// toolchain and cgo satisfies tag.
func defaultTag(tag, goos, goarch string) bool {
	switch tag {
	case goos, goarch, "gc", "cgo":
		return true
	case "unix":
		return goos != "windows" && goos != "plan9" && goos != "js" && goos != "wasip1"
	}
	return strings.HasPrefix(tag, "go1.") // release tags
}

// JavaScript packages often ship one source built several times
// (luxon's build/node, build/cjs-browser, build/es6, build/amd and
// build/global; handlebars' dist/cjs and dist/amd). The copies raise the
// same messages and a message alone ties them. Node loads none of the
// builds for legacy script loaders (AMD's define, a global assigned by
// an IIFE, SystemJS), and bundlers rarely pick them, nor, as a package's
// main entry, the builds for browsers (nunjucks' browser/, liquidjs'
// liquid.browser.mjs, lru-cache's dist/commonjs/browser): such a copy
// ranks after the others.

// otherBuildNames are the directory names and file-name infixes of
// builds for legacy script loaders and for browsers: UMD builds and
// single-file bundles are made for a script tag (csv-parse's dist/umd/,
// bson's lib/bson.bundle.js), and ES5 builds for old browsers (jsonata's
// jsonata-es5.js, dist/es5/), while Node loads the modules.
var otherBuildNames = [...]string{"amd", "global", "iife", "system", "systemjs", "browser", "umd", "bundle", "es5"}

// jsBuildLevel grades a JavaScript site at path like buildLevel: one
// level below the default for a build for a legacy script loader or a
// browser (".../amd/luxon.js", "handlebars.amd.js", "build/cjs-browser/",
// "liquid.browser.mjs").
func jsBuildLevel(path string) uint8 {
	level := uint8(len(mainstreamPlatforms))
	dir, file := "", path
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		dir, file = path[:i], path[i+1:]
	}
	for _, name := range otherBuildNames {
		if strings.Contains("/"+dir+"/", "/"+name+"/") || strings.Contains("/"+dir+"/", "-"+name+"/") ||
			strings.Contains(file, "."+name+".") || strings.Contains(file, "-"+name+".") {
			return level - 1
		}
	}
	return level
}
