package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/extract/all"
	"github.com/errdex/errdex/index"
)

func (e *env) demoCmd() *cobra.Command {
	var python string
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Index this machine's Python standard library and show what errdex knows",
		Long: `Demo indexes the standard library of the python3 on PATH (without its
site-packages) into the database, prints the indexing summary and a few of the
error sites it found.`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			dir, err := pythonStdlib(ctx, python)
			if err != nil {
				return err
			}
			st, err := e.openStore(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			opts := index.Options{Repo: "python/cpython", Extractors: all.Extractors()}
			if isTerminal(e.stderr) {
				opts.Progress = newBar(e.stderr)
			}
			fmt.Fprintf(e.stdout, "Indexing the Python standard library at %s\n\n", dir)
			res, err := index.Dir(ctx, st, dir, opts)
			if err != nil {
				return err
			}
			writeSummary(e.stdout, res.Snapshot, e.db)
			e.showSamples(res.Sites, 3)
			return nil
		},
	}
	cmd.Flags().StringVar(&python, "python", "python3", "Python interpreter whose standard library is indexed")
	return cmd
}

// showSamples prints a few sites with holes, which show errdex's templates
// best.
func (e *env) showSamples(sites []*errdex.Site, n int) {
	style := e.style()
	style.Context = 4
	shown := 0
	for _, s := range sites {
		if shown == n {
			break
		}
		if len(s.Template.Holes()) < 2 || s.Template.LiteralLen() < 20 || strings.Contains(s.Template.String(), "\n") {
			continue
		}
		fmt.Fprintln(e.stdout)
		style.Site(e.stdout, s, nil)
		shown++
	}
}

// pythonStdlib asks the interpreter where its standard library is.
func pythonStdlib(ctx context.Context, python string) (string, error) {
	var out, stderr bytes.Buffer
	c := exec.CommandContext(ctx, python, "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])")
	c.Stdout, c.Stderr = &out, &stderr
	if err := c.Run(); err != nil {
		return "", errdex.Errorf("demo", errdex.Unavailable,
			"cannot ask %s for its standard library: %v %s (install python3 or pass --python)", python, err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(out.String()), nil
}
