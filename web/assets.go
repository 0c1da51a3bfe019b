package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/web/highlight"
)

//go:embed static
var staticFS embed.FS

// codeCSS is the logical name of the generated syntax-colour stylesheet.
const codeCSS = "code.css"

// assets are the static files, each served under a fingerprinted name
// ("style.3f2a9c0d1b.css") so that browsers may keep them for a year: a
// new version has a new URL.
type assets struct {
	url    map[string]string    // logical name → URL
	byName map[string]*response // fingerprinted name → response
	files  map[string][]byte    // fingerprinted name → content, for exports
}

func loadAssets(p paths) (*assets, error) {
	a := &assets{url: map[string]string{}, byName: map[string]*response{}, files: map[string][]byte{}}
	entries, err := fs.ReadDir(staticFS, "static")
	if err != nil {
		return nil, fmt.Errorf("web: read embedded assets: %w", err)
	}
	add := func(name string, data []byte) {
		ext := path.Ext(name)
		sum := sha256.Sum256(data)
		fp := strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:5]) + ext
		a.url[name] = p.raw("/static/" + fp)
		a.byName[fp] = newResponse(http.StatusOK, contentType(ext), data, cacheAsset)
		a.files[fp] = data
	}
	for _, e := range entries {
		data, err := staticFS.ReadFile("static/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("web: read embedded asset %s: %w", e.Name(), err)
		}
		add(e.Name(), data)
	}
	add(codeCSS, []byte(highlight.CSS()))
	return a, nil
}

func contentType(ext string) string {
	switch ext {
	case ".css":
		return typeCSS
	case ".js":
		return typeJS
	case ".svg":
		return typeSVG
	case ".json":
		return typeJSON
	}
	return "application/octet-stream"
}

// asset serves a fingerprinted static file.
func (s *Server) asset(r *http.Request) (*response, error) {
	if resp, ok := s.assets.byName[r.PathValue("name")]; ok {
		return resp, nil
	}
	return nil, errdex.Errorf("web.asset", errdex.NotFound, "no static file %q", r.PathValue("name"))
}

// favicon redirects to the icon, for browsers that ask for /favicon.ico.
func (s *Server) favicon(*http.Request) (*response, error) {
	resp := newResponse(http.StatusMovedPermanently, typeText, nil, cachePage)
	resp.header = http.Header{"Location": {s.assets.url["favicon.svg"]}}
	return resp, nil
}
