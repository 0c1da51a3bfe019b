package gitsrc

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseRemote(t *testing.T) {
	tests := []struct {
		in   string
		want Remote
	}{
		{"https://github.com/pallets/flask.git", Remote{URL: "https://github.com/pallets/flask.git", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"https://github.com/pallets/flask", Remote{URL: "https://github.com/pallets/flask", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"https://github.com/pallets/flask/", Remote{URL: "https://github.com/pallets/flask/", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"git@github.com:pallets/flask.git", Remote{URL: "git@github.com:pallets/flask.git", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"git@github.com:pallets/flask", Remote{URL: "git@github.com:pallets/flask", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"github.com:pallets/flask.git", Remote{URL: "github.com:pallets/flask.git", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"ssh://git@github.com/pallets/flask.git", Remote{URL: "ssh://git@github.com/pallets/flask.git", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"ssh://git@ssh.github.com:443/pallets/flask", Remote{URL: "ssh://git@ssh.github.com:443/pallets/flask", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"git+ssh://git@github.com/pallets/flask", Remote{URL: "git+ssh://git@github.com/pallets/flask", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"git://github.com/pallets/flask.git", Remote{URL: "git://github.com/pallets/flask.git", Host: "github.com", Path: "pallets/flask", Owner: "pallets", Name: "flask", Forge: ForgeGitHub}},
		{"HTTPS://GitHub.com/Pallets/Flask.git", Remote{URL: "https://GitHub.com/Pallets/Flask.git", Host: "github.com", Path: "Pallets/Flask", Owner: "Pallets", Name: "Flask", Forge: ForgeGitHub}},
		// Credentials never survive.
		{"https://x-access-token:ghp_secret@github.com/o/n.git", Remote{URL: "https://github.com/o/n.git", Host: "github.com", Path: "o/n", Owner: "o", Name: "n", Forge: ForgeGitHub}},
		{"https://ghp_secret@github.com/o/n.git", Remote{URL: "https://github.com/o/n.git", Host: "github.com", Path: "o/n", Owner: "o", Name: "n", Forge: ForgeGitHub}},
		{"ssh://git:hunter2@example.org/o/n.git", Remote{URL: "ssh://git@example.org/o/n.git", Host: "example.org", Path: "o/n", Owner: "o", Name: "n"}},
		// GitLab groups nest; the whole path is the name.
		{"https://gitlab.com/gitlab-org/gitlab-runner.git", Remote{URL: "https://gitlab.com/gitlab-org/gitlab-runner.git", Host: "gitlab.com", Path: "gitlab-org/gitlab-runner", Owner: "gitlab-org", Name: "gitlab-runner", Forge: ForgeGitLab}},
		{"git@gitlab.com:group/sub/proj.git", Remote{URL: "git@gitlab.com:group/sub/proj.git", Host: "gitlab.com", Path: "group/sub/proj", Owner: "group/sub", Name: "proj", Forge: ForgeGitLab}},
		{"ssh://git@gitlab.example.com:2222/group/sub/proj", Remote{URL: "ssh://git@gitlab.example.com:2222/group/sub/proj", Host: "gitlab.example.com", Path: "group/sub/proj", Owner: "group/sub", Name: "proj", Forge: ForgeGitLab}},
		{"https://bitbucket.org/atlassian/python-bitbucket.git", Remote{URL: "https://bitbucket.org/atlassian/python-bitbucket.git", Host: "bitbucket.org", Path: "atlassian/python-bitbucket", Owner: "atlassian", Name: "python-bitbucket", Forge: ForgeBitbucket}},
		{"https://codeberg.org/forgejo/forgejo.git", Remote{URL: "https://codeberg.org/forgejo/forgejo.git", Host: "codeberg.org", Path: "forgejo/forgejo", Owner: "forgejo", Name: "forgejo", Forge: ForgeGitea}},
		// Unknown hosts: owner/name is the last two elements.
		{"https://git.example.org/scm/team/repo.git", Remote{URL: "https://git.example.org/scm/team/repo.git", Host: "git.example.org", Path: "team/repo", Owner: "team", Name: "repo"}},
		{"user@[::1]:o/n.git", Remote{URL: "user@[::1]:o/n.git", Host: "::1", Path: "o/n", Owner: "o", Name: "n"}},
		// Local repositories are known by their directory name.
		{"/srv/git/project.git", Remote{URL: "/srv/git/project.git", Path: "project", Name: "project"}},
		{"../project", Remote{URL: "../project", Path: "project", Name: "project"}},
		{"file:///srv/git/project.git/", Remote{URL: "file:///srv/git/project.git/", Path: "project", Name: "project"}},
		{"C:\\src\\project", Remote{URL: "C:\\src\\project", Path: "project", Name: "project"}},
		// A forge URL without an owner names no repository page.
		{"https://github.com/flask.git", Remote{URL: "https://github.com/flask.git", Host: "github.com", Path: "flask", Name: "flask"}},
	}
	for _, tt := range tests {
		got, err := ParseRemote(tt.in)
		if err != nil {
			t.Errorf("ParseRemote(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseRemote(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestParseRemoteErrors(t *testing.T) {
	for _, in := range []string{"", "   ", "https://github.com/", "git@github.com:", "https://github.com/o//n", "https://github.com/../n", "http://[::1", "a\nb", "."} {
		_, err := ParseRemote(in)
		if !errors.Is(err, ErrBadRemote) {
			t.Errorf("ParseRemote(%q) = %v, want ErrBadRemote", in, err)
		}
	}
	// A token in a URL that does not parse is not repeated in the error.
	_, err := ParseRemote("https://user:tok%zz@github.com/o/n")
	if err == nil || strings.Contains(err.Error(), "tok") {
		t.Errorf("error for a bad URL with credentials = %v, want one without them", err)
	}
}

func TestLinks(t *testing.T) {
	const sha = "0123456789abcdef0123456789abcdef01234567"
	tests := []struct {
		remote, prefix string
		link, issues   string
	}{
		{"git@github.com:o/n.git", "", "https://github.com/o/n/blob/" + sha + "/{path}#L{line}", "https://github.com/o/n/issues"},
		{"https://github.com/o/n", "Lib/sub/", "https://github.com/o/n/blob/" + sha + "/Lib/sub/{path}#L{line}", "https://github.com/o/n/issues"},
		{"https://github.com/o/n", "dir with space", "https://github.com/o/n/blob/" + sha + "/dir%20with%20space/{path}#L{line}", "https://github.com/o/n/issues"},
		{"ssh://git@gitlab.com/g/s/p", "src", "https://gitlab.com/g/s/p/-/blob/" + sha + "/src/{path}#L{line}", "https://gitlab.com/g/s/p/-/issues"},
		{"https://bitbucket.org/o/n", "", "https://bitbucket.org/o/n/src/" + sha + "/{path}#lines-{line}", "https://bitbucket.org/o/n/issues"},
		{"https://codeberg.org/o/n", "", "https://codeberg.org/o/n/src/commit/" + sha + "/{path}#L{line}", "https://codeberg.org/o/n/issues"},
		{"https://git.example.org/o/n", "", "", ""},
		{"/srv/git/n.git", "", "", ""},
	}
	for _, tt := range tests {
		r, err := ParseRemote(tt.remote)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.LinkTemplate(sha, tt.prefix); got != tt.link {
			t.Errorf("%s LinkTemplate(%q) = %q, want %q", tt.remote, tt.prefix, got, tt.link)
		}
		if got := r.IssuesURL(); got != tt.issues {
			t.Errorf("%s IssuesURL = %q, want %q", tt.remote, got, tt.issues)
		}
	}
}

func FuzzParseRemote(f *testing.F) {
	for _, s := range []string{
		"https://github.com/o/n.git", "git@github.com:o/n.git", "ssh://git@host:22/a/b/c",
		"https://u:p@gitlab.com/g/s/p", "/srv/x.git", "C:\\x", "user@[::1]:o/n", "file:///a/b",
		"git://h/o/n", "h:", "@:", "[::1]:x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRemote(s)
		if err != nil {
			if !errors.Is(err, ErrBadRemote) {
				t.Fatalf("ParseRemote(%q) error %v does not wrap ErrBadRemote", s, err)
			}
			return
		}
		if r.Name == "" || strings.Contains(r.Name, "/") {
			t.Fatalf("ParseRemote(%q).Name = %q", s, r.Name)
		}
		if r.Path != r.Name && r.Path != r.Owner+"/"+r.Name {
			t.Fatalf("ParseRemote(%q): Path %q is not Owner %q / Name %q", s, r.Path, r.Owner, r.Name)
		}
		if strings.Contains(r.URL, "://") {
			if i := strings.Index(r.URL, "://"); strings.Contains(strings.SplitN(r.URL[i+3:], "/", 2)[0], ":@") {
				t.Fatalf("ParseRemote(%q).URL = %q keeps a password", s, r.URL)
			}
		}
		if r.Forge != ForgeUnknown {
			link := r.LinkTemplate("abc", "p")
			if !strings.HasPrefix(link, "https://"+r.Host+"/") || !strings.Contains(link, "{path}") || !strings.Contains(link, "{line}") {
				t.Fatalf("ParseRemote(%q).LinkTemplate = %q", s, link)
			}
			if r.IssuesURL() == "" {
				t.Fatalf("ParseRemote(%q): forge %s without issues URL", s, r.Forge)
			}
		}
	})
}
