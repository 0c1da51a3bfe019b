package gitsrc

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Forge is the kind of web service that hosts a repository. It decides the
// shape of links to source lines and to the issue tracker.
type Forge string

// Known forges. ForgeUnknown remotes get no links.
const (
	ForgeUnknown   Forge = ""
	ForgeGitHub    Forge = "github"
	ForgeGitLab    Forge = "gitlab"
	ForgeBitbucket Forge = "bitbucket"
	ForgeGitea     Forge = "gitea" // Gitea and Forgejo, Codeberg among them
)

// Remote is a parsed remote URL.
//
// Every form git accepts is understood: "https://host/o/n(.git)",
// "ssh://[user@]host[:port]/o/n", "git://host/o/n", scp-like
// "[user@]host:o/n(.git)", "file:///srv/n.git" and plain paths. The path is
// kept whole in Path; Owner is everything before its last element (GitLab
// groups nest: "group/subgroup") and Name the last element without ".git".
type Remote struct {
	// URL is the remote as configured, minus any credentials: http(s)
	// user information is dropped entirely (it is often a token) and a
	// password is dropped from every other form. It is safe to publish.
	URL string
	// Host is the lower-cased host name without user or port; "" for local
	// paths.
	Host  string
	Path  string // "owner/name" or "group/subgroup/name", without ".git"
	Owner string
	Name  string
	Forge Forge
}

// ErrBadRemote reports a remote URL that names no repository.
var ErrBadRemote = errors.New("not a repository URL")

// ParseRemote parses a remote URL as git would accept it.
func ParseRemote(raw string) (Remote, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return Remote{}, fmt.Errorf("empty remote URL: %w", ErrBadRemote)
	}
	if strings.ContainsAny(s, "\x00\n\r") {
		return Remote{}, fmt.Errorf("remote URL %q contains control characters: %w", s, ErrBadRemote)
	}
	var r Remote
	var path string
	switch {
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err // without the URL, which may hold credentials
			}
			return Remote{}, fmt.Errorf("remote URL %q: %w: %v", redact(s), ErrBadRemote, err)
		}
		scheme := strings.ToLower(u.Scheme)
		switch scheme {
		case "http", "https":
			u.User = nil
		default:
			if u.User != nil {
				u.User = url.User(u.User.Username())
			}
		}
		r.URL = u.String()
		r.Host = strings.ToLower(u.Hostname())
		path = u.Path
		if scheme == "file" {
			r.Host = ""
		}
	case isSCPLike(s):
		// [user@]host:path. A password cannot appear here, but a user
		// name can be a token-looking string; keep it as git would show it.
		host, p, _ := splitSCP(s)
		r.URL = s
		r.Host = strings.ToLower(host)
		path = p
	default:
		// A local path.
		r.URL = s
		path = strings.ReplaceAll(s, `\`, "/")
	}
	r.Host = canonicalHost(r.Host)
	path = strings.Trim(path, "/")
	path = strings.TrimSuffix(path, "/.git")
	path = strings.TrimSuffix(path, ".git")
	path = strings.Trim(path, "/")
	if r.Host == "" {
		// Local repositories are known by their directory name only.
		if i := strings.LastIndexByte(path, '/'); i >= 0 {
			path = path[i+1:]
		}
	}
	if path == "" || path == "." || path == ".." {
		return Remote{}, fmt.Errorf("remote URL %q has no repository path: %w", r.URL, ErrBadRemote)
	}
	for _, e := range strings.Split(path, "/") {
		if e == "" || e == "." || e == ".." {
			return Remote{}, fmt.Errorf("remote URL %q has an empty, . or .. path element: %w", r.URL, ErrBadRemote)
		}
	}
	r.Path = path
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		r.Owner, r.Name = path[:i], path[i+1:]
	} else {
		r.Name = path
	}
	r.Forge = forgeOf(r.Host)
	if r.Forge != ForgeUnknown && r.Owner == "" {
		// A forge URL without an owner ("https://github.com/name") does
		// not name a repository page we can link to.
		r.Forge = ForgeUnknown
	}
	if r.Forge != ForgeGitLab && r.Host != "" {
		// Outside GitLab, owner/name is the last two elements; the rest is
		// a server prefix ("scm/", "git/") that is no part of the name.
		parts := strings.Split(path, "/")
		if len(parts) > 2 {
			r.Owner = parts[len(parts)-2]
			r.Path = r.Owner + "/" + r.Name
		}
	}
	return r, nil
}

// Repo is the repository's name for errdex: "owner/name" for hosted
// repositories (the full group path on GitLab), the directory name for a
// local one.
func (r Remote) Repo() string { return r.Path }

// webBase is the repository's web page, or "" when the forge is unknown.
func (r Remote) webBase() string {
	if r.Forge == ForgeUnknown {
		return ""
	}
	return "https://" + r.Host + "/" + escapePath(r.Path)
}

// LinkTemplate returns a link to a line of a file at a commit, with
// "{path}" and "{line}" placeholders (the form errdex.Snapshot.URLTemplate
// expects), or "" when the forge is unknown. prefix is prepended to
// {path}: it is the directory that file paths are relative to, itself
// relative to the repository root ("" at the root, "Lib" when only Lib/ was
// indexed). Callers must URL-escape the path they substitute.
func (r Remote) LinkTemplate(commit, prefix string) string {
	base := r.webBase()
	if base == "" || commit == "" {
		return ""
	}
	p := strings.Trim(prefix, "/")
	if p != "" {
		p = escapePath(p) + "/"
	}
	switch r.Forge {
	case ForgeGitHub:
		return base + "/blob/" + commit + "/" + p + "{path}#L{line}"
	case ForgeGitLab:
		return base + "/-/blob/" + commit + "/" + p + "{path}#L{line}"
	case ForgeBitbucket:
		return base + "/src/" + commit + "/" + p + "{path}#lines-{line}"
	case ForgeGitea:
		return base + "/src/commit/" + commit + "/" + p + "{path}#L{line}"
	}
	return ""
}

// IssuesURL returns the repository's issue tracker, or "" when the forge
// is unknown.
func (r Remote) IssuesURL() string {
	base := r.webBase()
	switch r.Forge {
	case ForgeGitLab:
		return base + "/-/issues"
	case ForgeUnknown:
		return ""
	}
	return base + "/issues"
}

// isSCPLike reports whether s is git's scp-like syntax "[user@]host:path".
func isSCPLike(s string) bool {
	_, _, ok := splitSCP(s)
	return ok
}

// splitSCP splits git's scp-like syntax "[user@]host:path": a colon before
// any slash, the host in brackets when it is an IPv6 address, and not a
// Windows drive letter ("C:\repo").
func splitSCP(s string) (host, path string, ok bool) {
	start := 0
	if i := strings.IndexAny(s, "@:/\\["); i >= 0 && s[i] == '@' {
		start = i + 1
	}
	if start < len(s) && s[start] == '[' {
		end := strings.IndexByte(s[start:], ']')
		if end < 0 {
			return "", "", false
		}
		colon := start + end + 1
		if colon >= len(s) || s[colon] != ':' {
			return "", "", false
		}
		return s[start+1 : start+end], s[colon+1:], true
	}
	colon := strings.IndexByte(s[start:], ':')
	if colon <= 0 {
		return "", "", false
	}
	colon += start
	if strings.ContainsAny(s[:colon], "/\\") {
		return "", "", false
	}
	if start == 0 && colon == 1 {
		return "", "", false // a drive letter: C:\path, C:/path, C:path
	}
	return s[start:colon], s[colon+1:], true
}

// canonicalHost maps alternative SSH endpoints of the big forges to their
// web host.
func canonicalHost(h string) string {
	switch h {
	case "ssh.github.com":
		return "github.com"
	case "altssh.gitlab.com":
		return "gitlab.com"
	case "altssh.bitbucket.org":
		return "bitbucket.org"
	}
	return strings.TrimSuffix(h, ".")
}

// forgeOf guesses the forge from the host name. Self-hosted GitHub
// Enterprise and GitLab instances usually carry the product in their name.
func forgeOf(host string) Forge {
	switch {
	case host == "":
		return ForgeUnknown
	case host == "github.com" || strings.HasPrefix(host, "github."):
		return ForgeGitHub
	case host == "gitlab.com" || strings.HasPrefix(host, "gitlab.") || strings.Contains(host, ".gitlab."):
		return ForgeGitLab
	case host == "bitbucket.org":
		return ForgeBitbucket
	case host == "codeberg.org" || strings.HasPrefix(host, "gitea.") || strings.HasPrefix(host, "forgejo."):
		return ForgeGitea
	}
	return ForgeUnknown
}

// escapePath escapes each element of a slash-separated path for a URL.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

// redact removes anything between "://" and "@" from s, for error
// messages about URLs that did not parse.
func redact(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return s
	}
	rest := s[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if at := strings.LastIndexByte(rest[:end], '@'); at >= 0 {
		return s[:i+3] + "…@" + rest[at+1:]
	}
	return s
}
