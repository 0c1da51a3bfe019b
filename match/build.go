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
// the matcher ranks a site by which of mainstreamPlatforms compile it with
// default tags, each platform weighing more than all the less common ones
// together: first among equal scores, and a site none of them compiles
// (plan9, js/wasm, an experiment, "ignore") scores offBuild times less.
// Thus a file for every build ranks before a unix one, which ranks before
// one for linux (syscall's zerrors_linux_amd64.go), then darwin, then
// windows.

// mainstreamPlatforms are the GOOS/GOARCH pairs users most run, the most
// common first.
var mainstreamPlatforms = [...][2]string{{"linux", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"}}

// offBuild scales the score of a site that no mainstream platform
// compiles by default.
const offBuild = 0.9

// buildLevel grades a site built under constraint build
// (errdex.Site.Build) by the mainstream platforms whose default build
// compiles it: the sum of 1<<(len-1-i) over those platforms i, so that the
// first platform outweighs the others together. It is the highest level
// when build is empty or does not parse, 0 when no mainstream platform
// compiles the site.
func buildLevel(build string) uint8 {
	all := uint8(1)<<len(mainstreamPlatforms) - 1
	if build == "" {
		return all
	}
	x, err := constraint.Parse("//go:build " + build)
	if err != nil {
		return all
	}
	level := uint8(0)
	for i, p := range mainstreamPlatforms {
		if x.Eval(func(tag string) bool { return defaultTag(tag, p[0], p[1]) }) {
			level |= 1 << (len(mainstreamPlatforms) - 1 - i)
		}
	}
	return level
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
