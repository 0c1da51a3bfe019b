package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
)

func (e *env) lsCmd() *cobra.Command {
	var (
		f      errdex.SiteFilter
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "ls",
		Short: "List indexed error sites",
		Long: `List indexed error sites, one a line, ordered by repository, file and line.
--file takes an exact path or a directory ending in "/". With --json, prints
JSON Lines: one site object a line, without snippets.`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, err := e.openExisting(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			style := e.style()
			n := 0
			err = st.ListSites(cmd.Context(), f, func(s *errdex.Site) error {
				n++
				if asJSON {
					return enc.Encode(s)
				}
				_, err := fmt.Fprintln(e.stdout, style.Line(s))
				return err
			})
			if err != nil {
				return err
			}
			if n == 0 && !asJSON {
				fmt.Fprintln(e.stderr, "no sites match")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&f.Repo, "repo", "", "only this repository")
	cmd.Flags().StringVar(&f.Path, "file", "", `only this file, or directory when it ends in "/"`)
	cmd.Flags().StringVar(&f.Language, "lang", "", "only this language")
	cmd.Flags().StringVar(&f.Family, "family", "", "only this failure family (slug)")
	cmd.Flags().IntVarP(&f.Limit, "limit", "n", 0, "at most this many sites (0: all)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON Lines")
	return cmd
}
