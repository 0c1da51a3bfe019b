package gitsrc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
)

// gitCLI runs the git binary in dir with a clean configuration and returns
// its trimmed output. Tests build repositories with the real git, so that
// what gitsrc reads is what git writes.
func gitCLI(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// commitAt commits everything with both dates set to when.
func commitAt(t *testing.T, dir, msg string, when time.Time) {
	t.Helper()
	gitCLI(t, dir, "add", "-A")
	d := when.Format(time.RFC3339)
	cmd := exec.Command("git", "-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", msg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_AUTHOR_DATE="+d, "GIT_COMMITTER_DATE="+d)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
}

// newRepo makes a work tree with two commits and returns its directory.
func newRepo(t *testing.T) string {
	t.Helper()
	needGit(t)
	dir := t.TempDir()
	gitCLI(t, dir, "init", "-q")
	writeFile(t, filepath.Join(dir, "a.py"), "raise ValueError('v1')\n")
	writeFile(t, filepath.Join(dir, "Lib", "sub", "b.py"), "x = 1\n")
	commitAt(t, dir, "first", time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC))
	gitCLI(t, dir, "tag", "v1.0")
	writeFile(t, filepath.Join(dir, "a.py"), "raise ValueError('v2')\n")
	commitAt(t, dir, "second", time.Date(2024, 6, 7, 8, 9, 10, 0, time.FixedZone("", 2*3600)))
	return dir
}

func TestInspect(t *testing.T) {
	dir := newRepo(t)
	head := gitCLI(t, dir, "rev-parse", "HEAD")
	remotes := []struct {
		url                   string
		repo, link, issuesURL string
	}{
		{"https://github.com/owner/name.git", "owner/name", "https://github.com/owner/name/blob/" + head + "/{path}#L{line}", "https://github.com/owner/name/issues"},
		{"git@github.com:owner/name.git", "owner/name", "https://github.com/owner/name/blob/" + head + "/{path}#L{line}", "https://github.com/owner/name/issues"},
		{"ssh://git@github.com/owner/name", "owner/name", "https://github.com/owner/name/blob/" + head + "/{path}#L{line}", "https://github.com/owner/name/issues"},
		{"git@gitlab.com:grp/sub/name.git", "grp/sub/name", "https://gitlab.com/grp/sub/name/-/blob/" + head + "/{path}#L{line}", "https://gitlab.com/grp/sub/name/-/issues"},
		{"https://tok:secret@gitlab.com/grp/name", "grp/name", "https://gitlab.com/grp/name/-/blob/" + head + "/{path}#L{line}", "https://gitlab.com/grp/name/-/issues"},
	}
	for i, r := range remotes {
		if i == 0 {
			gitCLI(t, dir, "remote", "add", "origin", r.url)
		} else {
			gitCLI(t, dir, "remote", "set-url", "origin", r.url)
		}
		info, err := Inspect(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		root, _ := filepath.EvalSymlinks(dir)
		want := &Info{
			Root: root, Commit: head, Date: time.Date(2024, 6, 7, 8, 9, 10, 0, time.FixedZone("", 2*3600)),
			Branch: "main", RemoteName: "origin", Repo: r.repo, URLTemplate: r.link, IssuesURL: r.issuesURL,
		}
		want.Remote, _ = ParseRemote(r.url)
		if diff := cmp.Diff(want, info, cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
			t.Errorf("remote %s: Inspect (-want +got):\n%s", r.url, diff)
		}
		if strings.Contains(info.Snapshot().Remote, "secret") {
			t.Errorf("snapshot remote %q keeps credentials", info.Snapshot().Remote)
		}
	}
}

func TestInspectTagsAndPrefix(t *testing.T) {
	dir := newRepo(t)
	gitCLI(t, dir, "remote", "add", "upstream", "https://github.com/up/stream")
	gitCLI(t, dir, "remote", "add", "fork", "https://github.com/a/fork")
	gitCLI(t, dir, "tag", "light")
	gitCLI(t, dir, "tag", "-a", "v2.0", "-m", "release 2.0")

	info, err := Inspect(context.Background(), filepath.Join(dir, "Lib", "sub"))
	if err != nil {
		t.Fatal(err)
	}
	head := gitCLI(t, dir, "rev-parse", "HEAD")
	if info.Prefix != "Lib/sub" {
		t.Errorf("Prefix = %q, want Lib/sub", info.Prefix)
	}
	// Without "origin", the first remote by name.
	if info.RemoteName != "fork" || info.Repo != "a/fork" {
		t.Errorf("remote = %s (%s), want fork (a/fork)", info.RemoteName, info.Repo)
	}
	if want := "https://github.com/a/fork/blob/" + head + "/Lib/sub/{path}#L{line}"; info.URLTemplate != want {
		t.Errorf("URLTemplate = %q, want %q", info.URLTemplate, want)
	}
	snap := info.Snapshot()
	if got, want := snap.SourceURL("b.py", 1), "https://github.com/a/fork/blob/"+head+"/Lib/sub/b.py#L1"; got != want {
		t.Errorf("SourceURL = %q, want %q", got, want)
	}
	// The annotated tag wins over the lightweight one; v1.0 is on the
	// parent commit and does not count.
	if info.Tag != "v2.0" || !cmp.Equal(info.Tags, []string{"light", "v2.0"}) {
		t.Errorf("Tag = %q, Tags = %q; want v2.0 of [light v2.0]", info.Tag, info.Tags)
	}

	// A detached HEAD at the first commit.
	gitCLI(t, dir, "checkout", "-q", "v1.0")
	info, err = Inspect(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Branch != "" || info.Tag != "v1.0" || info.Commit != gitCLI(t, dir, "rev-parse", "v1.0") {
		t.Errorf("detached: Branch %q Tag %q Commit %s", info.Branch, info.Tag, info.Commit)
	}
	if !info.Date.Equal(time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("detached: Date = %v", info.Date)
	}
}

func TestInspectWorktreeAndEmpty(t *testing.T) {
	dir := newRepo(t)
	wt := filepath.Join(t.TempDir(), "wt")
	gitCLI(t, dir, "worktree", "add", "-q", "-b", "feature", wt, "v1.0")
	info, err := Inspect(context.Background(), wt)
	if err != nil {
		t.Fatal(err)
	}
	if info.Commit != gitCLI(t, dir, "rev-parse", "v1.0") || info.Branch != "feature" {
		t.Errorf("worktree: Commit %s Branch %q", info.Commit, info.Branch)
	}
	if r, _ := filepath.EvalSymlinks(wt); info.Root != r {
		t.Errorf("worktree: Root = %s, want %s", info.Root, r)
	}
	loc, err := Discover(wt)
	if err != nil {
		t.Fatal(err)
	}
	if common, _ := filepath.EvalSymlinks(filepath.Join(dir, ".git")); loc.CommonDir != common {
		t.Errorf("worktree: CommonDir = %s, want %s", loc.CommonDir, common)
	}

	empty := t.TempDir()
	gitCLI(t, empty, "init", "-q")
	info, err = Inspect(context.Background(), empty)
	if err != nil {
		t.Fatal(err)
	}
	if info.Commit != "" || info.Repo != filepath.Base(empty) {
		t.Errorf("empty repository: Commit %q Repo %q", info.Commit, info.Repo)
	}
}

func TestNotRepository(t *testing.T) {
	dir := t.TempDir()
	// A ".git" that is not a repository does not make one.
	writeFile(t, filepath.Join(dir, ".git", "README"), "not a repository")
	_, err := Inspect(context.Background(), dir)
	if !errors.Is(err, ErrNotRepository) || errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Inspect(non-repository) = %v (kind %v), want ErrNotRepository, NotFound", err, errdex.KindOf(err))
	}
	_, err = Open(context.Background(), dir)
	if !errors.Is(err, ErrNotRepository) {
		t.Errorf("Open(non-repository) = %v, want ErrNotRepository", err)
	}

	// A directory the work tree ignores is no part of the repository.
	repo := newRepo(t)
	writeFile(t, filepath.Join(repo, ".gitignore"), "/versions/\n")
	writeFile(t, filepath.Join(repo, "versions", "3.11", "lib", "os.py"), "x = 1\n")
	_, err = Inspect(context.Background(), filepath.Join(repo, "versions", "3.11", "lib"))
	if !errors.Is(err, ErrNotRepository) {
		t.Errorf("Inspect(ignored directory) = %v, want ErrNotRepository", err)
	}
	if _, err := Inspect(context.Background(), filepath.Join(repo, "Lib")); err != nil {
		t.Errorf("Inspect(Lib) = %v", err)
	}
}

// files reads every file of a revision into path → content.
func files(t *testing.T, r *Repo, c *Commit, opts FilesOptions) (map[string]string, []errdex.SkippedFile) {
	t.Helper()
	got := map[string]string{}
	skipped, err := r.Files(context.Background(), c, opts, func(f File) error {
		b, err := f.Read()
		if err != nil {
			return err
		}
		if size, err := f.Size(); err != nil || int64(len(b)) != size {
			t.Errorf("%s: Size %d (%v), read %d bytes", f.Path, size, err, len(b))
		}
		got[f.Path] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, skipped
}

func TestResolveAndFiles(t *testing.T) {
	dir := newRepo(t)
	// Add a symbolic link and a submodule in a third commit.
	sub := newRepo(t)
	if err := os.Symlink("a.py", filepath.Join(dir, "link.py")); err != nil {
		t.Fatal(err)
	}
	gitCLI(t, dir, "submodule", "add", "-q", sub, "mod")
	writeFile(t, filepath.Join(dir, "vendor", "x.py"), "x\n")
	commitAt(t, dir, "third", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	gitCLI(t, dir, "tag", "-a", "v3", "-m", "three")

	r, err := Open(context.Background(), filepath.Join(dir, "Lib"))
	if err != nil {
		t.Fatal(err)
	}
	first := gitCLI(t, dir, "rev-parse", "v1.0")
	second := gitCLI(t, dir, "rev-parse", "HEAD~1")
	third := gitCLI(t, dir, "rev-parse", "HEAD")
	for rev, want := range map[string]string{
		"": third, "HEAD": third, "main": third, "v3": third, "HEAD~1": second, "HEAD^^": first,
		"v1.0": first, first: first, first[:10]: first, "refs/tags/v1.0": first,
	} {
		c, err := r.Resolve(context.Background(), rev)
		if err != nil {
			t.Errorf("Resolve(%q): %v", rev, err)
			continue
		}
		if c.ID != want {
			t.Errorf("Resolve(%q) = %s, want %s", rev, c.ID, want)
		}
	}
	for _, rev := range []string{"nope", "HEAD~5", "v1.0:a.py", "^", "~", "@{-1}", strings.Repeat("0", 40)} {
		if _, err := r.Resolve(context.Background(), rev); err == nil {
			t.Errorf("Resolve(%q) succeeded", rev)
		}
	}

	old, err := r.Resolve(context.Background(), "v1.0")
	if err != nil {
		t.Fatal(err)
	}
	if !old.Date.Equal(time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("v1.0 date = %v", old.Date)
	}
	got, skipped := files(t, r, old, FilesOptions{})
	if diff := cmp.Diff(map[string]string{"a.py": "raise ValueError('v1')\n", "Lib/sub/b.py": "x = 1\n"}, got); diff != "" {
		t.Errorf("files at v1.0 (-want +got):\n%s", diff)
	}
	if len(skipped) != 0 {
		t.Errorf("skipped at v1.0: %v", skipped)
	}

	now, err := r.Resolve(context.Background(), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	got, skipped = files(t, r, now, FilesOptions{SkipDir: func(p string) (string, string) {
		if filepath.Base(p) == "vendor" {
			return "vendored", "test rule"
		}
		return "", ""
	}})
	wantFiles := map[string]string{".gitmodules": got[".gitmodules"], "a.py": "raise ValueError('v2')\n", "Lib/sub/b.py": "x = 1\n"}
	if diff := cmp.Diff(wantFiles, got); diff != "" {
		t.Errorf("files at HEAD (-want +got):\n%s", diff)
	}
	var reasons []string
	for _, s := range skipped {
		reasons = append(reasons, s.Path+" "+s.Reason)
	}
	if diff := cmp.Diff([]string{"link.py symlink", "mod/ submodule", "vendor/ vendored"}, reasons); diff != "" {
		t.Errorf("skipped at HEAD (-want +got):\n%s", diff)
	}

	got, _ = files(t, r, now, FilesOptions{Dir: "Lib"})
	if diff := cmp.Diff(map[string]string{"sub/b.py": "x = 1\n"}, got); diff != "" {
		t.Errorf("files of Lib/ (-want +got):\n%s", diff)
	}
	if _, err := r.Files(context.Background(), now, FilesOptions{Dir: "nope"}, func(File) error { return nil }); errdex.KindOf(err) != errdex.NotFound {
		t.Errorf("Files(Dir: nope) = %v, want NotFound", err)
	}

	// A bare clone reads the same, even when it sits inside a work tree.
	bare := filepath.Join(dir, "inside", "bare.git")
	gitCLI(t, dir, "clone", "-q", "--bare", dir, bare)
	gitCLI(t, dir, "commit", "-q", "--allow-empty", "-m", "fourth, not in the clone")
	br, err := Open(context.Background(), bare)
	if err != nil {
		t.Fatal(err)
	}
	c, err := br.Resolve(context.Background(), "v1.0")
	if err != nil {
		t.Fatal(err)
	}
	got, _ = files(t, br, c, FilesOptions{})
	if got["a.py"] != "raise ValueError('v1')\n" {
		t.Errorf("bare clone: a.py at v1.0 = %q", got["a.py"])
	}
	if c, err := br.Resolve(context.Background(), "HEAD"); err != nil || c.ID != third {
		t.Errorf("bare clone: HEAD = %v, %v; want %s", c, err, third)
	}
}

func TestFilesStopsAndReadsConcurrently(t *testing.T) {
	dir := newRepo(t)
	for i := range 50 {
		writeFile(t, filepath.Join(dir, "many", strings.Repeat("d", i%5+1), "f"+string(rune('a'+i%26))+strings.Repeat("x", i)+".py"), strings.Repeat("line\n", i*100))
	}
	commitAt(t, dir, "many", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	gitCLI(t, dir, "gc", "-q") // read from a packfile
	r, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.Resolve(context.Background(), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	var all []File
	if _, err := r.Files(context.Background(), c, FilesOptions{}, func(f File) error { all = append(all, f); return nil }); err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, len(all))
	for _, f := range all {
		go func() {
			b, err := f.Read()
			if size, _ := f.Size(); err == nil && int64(len(b)) != size {
				err = errors.New(f.Path + ": short read")
			}
			errc <- err
		}()
	}
	for range all {
		if err := <-errc; err != nil {
			t.Error(err)
		}
	}

	stop := errors.New("stop")
	n := 0
	_, err = r.Files(context.Background(), c, FilesOptions{}, func(File) error { n++; return stop })
	if err != stop || n != 1 {
		t.Errorf("Files with a failing callback: err %v after %d files, want stop after 1", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Files(ctx, c, FilesOptions{}, func(File) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Files with a canceled context = %v", err)
	}
}

// FuzzResolve feeds arbitrary revisions to Resolve: it must answer with a
// commit or an error, never panic or hang.
func FuzzResolve(f *testing.F) {
	if _, err := exec.LookPath("git"); err != nil {
		f.Skip("git is not installed")
	}
	for _, s := range []string{"HEAD", "HEAD~1", "HEAD^2", "main", "v1.0", "HEAD^{/first}", "@{0}", "HEAD~99999", "^", "~", "..", "a..b", "HEAD@{yesterday}"} {
		f.Add(s)
	}
	dir := f.TempDir()
	cmd := exec.Command("sh", "-c", "git init -q && echo x > a.py && git add a.py && git -c user.name=T -c user.email=t@e commit -q -m first && git tag v1.0")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		f.Skipf("git: %v\n%s", err, out)
	}
	r, err := Open(context.Background(), dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, rev string) {
		c, err := r.Resolve(context.Background(), rev)
		if err == nil && len(c.ID) != 40 {
			t.Fatalf("Resolve(%q) = %q", rev, c.ID)
		}
	})
}
