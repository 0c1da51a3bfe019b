package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
	"github.com/errdex/errdex/lookup"
)

func (e *env) demoCmd() *cobra.Command {
	var (
		python, goCmd string
		noServe       bool
		serveOpts     serveOptions
	)
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Index this machine's Python and Go standard libraries, explain a real error, and serve the site",
		Long: `Demo indexes the standard library of the python3 on PATH (without its
site-packages) and, when the go command is installed, Go's standard library,
into the database. It prints the indexing summaries and a few error sites,
explains an error it makes Python raise for real, then serves the site on
--addr until interrupted (--no-serve stops after the explanation).`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			pyDir, err := ask(ctx, python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])")
			if err != nil {
				return errdex.Errorf("demo", errdex.Unavailable, "cannot ask %s for its standard library: %w (install python3 or pass --python)", python, err)
			}
			st, err := e.openStore(ctx)
			if err != nil {
				return err
			}
			defer st.Close()

			// The installed trees are copies of the language's repository
			// at its release tag: pages link to the lines there.
			pyUp := index.Upstream{URL: "https://github.com/python/cpython", Dir: "Lib"}
			if v, err := ask(ctx, python, "-c", "import sys; print('v%d.%d.%d' % sys.version_info[:3])"); err == nil {
				pyUp.Rev = v
			}
			res, err := e.demoIndex(ctx, st, "python/cpython", pyDir, pyUp)
			if err != nil {
				return err
			}
			if goCmd != "" {
				if goRoot, err := ask(ctx, goCmd, "env", "GOROOT"); err == nil {
					goUp := index.Upstream{URL: "https://github.com/golang/go", Dir: "src"}
					if v, err := ask(ctx, goCmd, "env", "GOVERSION"); err == nil && strings.HasPrefix(v, "go1.") && !strings.ContainsAny(v, " -") {
						goUp.Rev = v // a release tag; a development build has none
					}
					if _, err := e.demoIndex(ctx, st, "golang/go", goRoot+"/src", goUp); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(e.stdout, "(skipping Go's standard library: %v)\n\n", err)
				}
			}
			e.showSamples(res.Sites, 2)
			if err := e.demoExplain(ctx, st, python); err != nil {
				return err
			}
			if noServe {
				return nil
			}
			fmt.Fprintln(e.stdout)
			return e.serve(ctx, st, serveOpts)
		},
	}
	cmd.Flags().StringVar(&python, "python", "python3", "Python interpreter whose standard library is indexed")
	cmd.Flags().StringVar(&goCmd, "go", "go", `go command whose standard library is indexed ("" to skip)`)
	cmd.Flags().BoolVar(&noServe, "no-serve", false, "stop after indexing and explaining instead of serving the site")
	serveOpts.flags(cmd.Flags())
	return cmd
}

func (e *env) demoIndex(ctx context.Context, st errdex.Store, repo, dir string, up index.Upstream) (*index.Result, error) {
	opts := index.Options{Repo: repo, Extractors: all.Extractors()}
	if up.Rev != "" {
		opts.Upstream = up
	}
	if isTerminal(e.stderr) {
		opts.Progress = newBar(e.stderr)
	}
	fmt.Fprintf(e.stdout, "Indexing %s at %s\n", repo, dir)
	res, err := index.Dir(ctx, st, dir, opts)
	if err != nil {
		return nil, err
	}
	writeSummary(e.stdout, res.Snapshot, e.dbDisplay())
	fmt.Fprintln(e.stdout)
	return res, nil
}

// demoExplain makes Python raise a real error in its standard library and
// explains the traceback, as a user would with `... 2>&1 | errdex explain -`.
func (e *env) demoExplain(ctx context.Context, st errdex.Store, python string) error {
	const program = "import ipaddress; ipaddress.ip_network('10.0.0.1/33')"
	var stderr bytes.Buffer
	c := exec.CommandContext(ctx, python, "-c", program)
	c.Stderr = &stderr
	var exit *exec.ExitError
	if err := c.Run(); !errors.As(err, &exit) {
		return nil // the interpreter did not raise; nothing to show
	}
	svc, err := lookup.New(ctx, st)
	if err != nil {
		return err
	}
	ans, err := svc.Explain(ctx, stderr.String(), lookup.Options{})
	if err != nil {
		return err
	}
	style := e.style()
	fmt.Fprintf(e.stdout, "\n%s\n\n%s\n%s\n", style.Bold("$ python3 -c \""+program+"\" 2>&1 | errdex explain -"),
		strings.TrimSpace(stderr.String()), style.Dim(strings.Repeat("─", 72)))
	e.writeAnswer(ans)
	return nil
}

// showSamples prints the n sites, from different directories, that show the
// most of what errdex derives: holes in the template, the conditions that
// guard the raise, configuration behind them and callers.
func (e *env) showSamples(sites []*errdex.Site, n int) {
	style := e.style()
	style.Context = 4
	var picked []*errdex.Site
	for _, s := range sites {
		if richness(s) > 0 {
			picked = append(picked, s)
		}
	}
	slices.SortStableFunc(picked, func(a, b *errdex.Site) int { return cmp.Compare(richness(b), richness(a)) })
	dirs := map[string]bool{}
	for _, s := range picked {
		if len(dirs) == n {
			break
		}
		if dir := path.Dir(s.Location.Path); !dirs[dir] {
			dirs[dir] = true
		} else {
			continue
		}
		fmt.Fprintln(e.stdout)
		style.Site(e.stdout, s, nil)
	}
}

// richness scores how much a site shows of errdex's analysis; 0 marks a
// site unfit for a sample (no holes, guards or failure family, a
// multi-line or alternative message, a private module).
func richness(s *errdex.Site) int {
	holes := len(s.Template.Holes())
	if holes == 0 || len(s.Guards) == 0 || s.Family == nil || s.Family.Slug == "other" || s.Template.LiteralLen() < 20 || len(s.Alternatives) > 0 ||
		strings.Contains(s.Template.String(), "\n") || strings.HasPrefix(path.Base(s.Location.Path), "_") {
		return 0
	}
	return min(holes, 3) + min(len(s.Guards), 2) + 3*min(len(s.Config), 2) + 2*min(len(s.Callers), 2)
}

// ask runs a command and returns its trimmed standard output.
func ask(ctx context.Context, name string, arg ...string) (string, error) {
	var out, stderr bytes.Buffer
	c := exec.CommandContext(ctx, name, arg...)
	c.Stdout, c.Stderr = &out, &stderr
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w %s", name, strings.Join(arg, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(out.String()), nil
}
