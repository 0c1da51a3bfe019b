package web

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// inertProblems parses an HTML page and lists everything in it that could
// run script: script elements other than the site's own files, event
// handler attributes, and links or sources with a script or data scheme.
func inertProblems(page []byte, assetPrefix string) []string {
	var problems []string
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return problems
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		src := ""
		for _, a := range tok.Attr {
			key := strings.ToLower(a.Key)
			val := strings.ToLower(strings.TrimSpace(a.Val))
			if strings.HasPrefix(key, "on") {
				problems = append(problems, "event handler "+tok.String())
			}
			switch key {
			case "href", "src", "action", "formaction", "xlink:href", "data", "srcdoc":
				if strings.HasPrefix(val, "javascript:") || strings.HasPrefix(val, "data:") || strings.HasPrefix(val, "vbscript:") {
					problems = append(problems, "script URL "+tok.String())
				}
				if key == "src" {
					src = a.Val
				}
			case "style":
				problems = append(problems, "inline style "+tok.String())
			}
		}
		switch tok.DataAtom.String() {
		case "script":
			if !strings.HasPrefix(src, assetPrefix) {
				problems = append(problems, "script element "+tok.String())
			}
		case "iframe", "object", "embed", "base":
			problems = append(problems, "element "+tok.String())
		case "img":
			if !strings.HasPrefix(src, assetPrefix) {
				problems = append(problems, "image "+tok.String())
			}
		}
	}
}

// TestHostileRepository renders every page of a repository whose messages,
// paths, snippets, names and links are attacks, and checks that nothing in
// them can run.
func TestHostileRepository(t *testing.T) {
	env := newTestEnv(t, Config{}, xssRepo)
	h := env.srv.Handler()
	msg := env.site(t, xssRepo.name, hostileName+":7")
	hole := env.site(t, xssRepo.name, hostileName+":13")
	repoPath := env.srv.paths.repo(xssRepo.name)
	pages := []string{
		"/",
		"/repos",
		repoPath,
		env.srv.paths.repoFile(xssRepo.name, hostileName),
		env.srv.paths.repoFamily(xssRepo.name, "xss-family"),
		"/families",
		"/families/xss-family",
		"/errors/" + string(msg.ID),
		"/errors/" + string(hole.ID) + "?v=" + url.QueryEscape(`x="><script>alert('xss-value')</script>`),
		"/search?q=" + url.QueryEscape("<script>alert('xss-query')</script>"),
		"/search?q=" + url.QueryEscape(`RuntimeError: <img src=x onerror=alert('xss-hole')> "javascript:alert(1)" ' " `+"` </textarea><script>alert('xss-textarea')</script>"),
		"/nope/<script>alert('xss-404')</script>",
	}
	for _, p := range pages {
		rr := do(t, h, "GET", p, nil)
		if rr.Code >= 500 {
			t.Errorf("%s: status %d", p, rr.Code)
			continue
		}
		if rr.Code == 301 || rr.Code == 303 {
			continue
		}
		body := rr.Body.Bytes()
		for _, pr := range inertProblems(body, "/static/") {
			t.Errorf("%s: %s", p, pr)
		}
		if bytes.Contains(body, []byte("<script>alert")) || bytes.Contains(body, []byte("<img src=x")) {
			t.Errorf("%s: hostile markup reached the page unescaped", p)
		}
	}
	// The hostile text is shown, escaped, where it belongs.
	b := do(t, h, "GET", "/errors/"+string(msg.ID), nil).Body.String()
	for _, want := range []string{
		"&lt;script&gt;alert(&#39;xss-message&#39;)&lt;/script&gt;",
		"&lt;img src=x onerror=alert(&#39;xss-path&#39;)&gt;.py:7",
		"&lt;/script&gt;&lt;script&gt;alert(&#39;xss-snippet&#39;)&lt;/script&gt;",
	} {
		if !strings.Contains(b, want) {
			t.Errorf("error page lacks the escaped %q", want)
		}
	}
	// Links built from a javascript: remote are dropped, not neutralised
	// into a broken link.
	for _, bad := range []string{"xss-url", "xss-issues", "ZgotmplZ", "View on"} {
		if strings.Contains(b, bad) {
			t.Errorf("error page holds %q", bad)
		}
	}
	// A hostile repository name is escaped in URLs too.
	if !strings.Contains(b, `href="/repos/evil/%22%3E%3Cscript%3Ealert%28%27xss-repo%27%29%3C/script%3E"`) &&
		!strings.Contains(b, `href="/repos/evil/%22%3e%3cscript%3ealert%28%27xss-repo%27%29%3c/script%3e"`) {
		t.Errorf("repository link not escaped as expected:\n%s", b[:min(len(b), 3000)])
	}
}

func TestSafeURL(t *testing.T) {
	tests := map[string]string{
		"https://github.com/o/n/blob/abc/x.py#L3": "https://github.com/o/n/blob/abc/x.py#L3",
		"http://git.example/x":                    "http://git.example/x",
		"javascript:alert(1)":                     "",
		" JavaScript:alert(1)":                    "",
		"data:text/html,<script>":                 "",
		"//evil.example/x":                        "",
		"/relative":                               "",
		"https://":                                "",
	}
	for in, want := range tests {
		if got := safeURL(in); got != want {
			t.Errorf("safeURL(%q) = %q, want %q", in, got, want)
		}
	}
}
