package main

import (
	"fmt"
	"io"
	"log/slog"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/errdex/errdex/web"
)

func (e *env) exportCmd() *cobra.Command {
	var opts web.ExportOptions
	cmd := &cobra.Command{
		Use:   "export DIR",
		Short: "Write the site as static files for any static host",
		Long: `Export writes every page the server shows (home, repositories, families,
one page per error) as DIR/.../index.html, the JSON of each error at
DIR/api/errors/ID.json, and a search page that matches exact messages in the
browser over DIR/search-index.json. Searching tracebacks needs errdex serve.

DIR must be new or empty unless --force is given. Pass --base-path when the
site will live under a path of its host (https://example.org/errdex/).`,
		Args: args(1, 1),
		RunE: func(cmd *cobra.Command, a []string) error {
			ctx := cmd.Context()
			st, err := e.openExisting(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			if isTerminal(e.stderr) {
				var bar *progressbar.ProgressBar
				opts.Progress = func(done, total int) {
					if bar == nil {
						bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr),
							progressbar.OptionSetDescription("exporting error pages"), progressbar.OptionClearOnFinish())
					}
					_ = bar.Set(done)
				}
			}
			stats, err := web.Export(ctx, web.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), FamilyBackground: familyBackground}, a[0], opts)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "Exported %d pages, %d JSON files and %d assets (%.1f MB) to %s\n",
				stats.Pages, stats.JSON, stats.Assets, float64(stats.Bytes)/1e6, a[0])
			for _, s := range stats.Skipped {
				fmt.Fprintf(e.stdout, "  skipped %s\n", s)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.BasePath, "base-path", "", `path the site is served under ("/errdex"), empty for the host's root`)
	f.StringVar(&opts.PublicURL, "public-url", "", "absolute URL of the site; when set, sitemap.xml is written")
	f.BoolVar(&opts.Overwrite, "force", false, "write into DIR even when it is not empty (files are replaced, none removed)")
	return cmd
}
