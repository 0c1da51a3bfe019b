package main

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/family"
	"github.com/errdex/errdex/textview"
)

func (e *env) showCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show one error site: message, location, source and analysis",
		Args:  args(1, 1),
		RunE: func(cmd *cobra.Command, a []string) error {
			id, err := errdex.ParseID(a[0])
			if err != nil {
				return err
			}
			st, err := e.openExisting(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			site, err := st.Site(cmd.Context(), id)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(e.stdout, site)
			}
			e.style().Site(e.stdout, site, nil)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the site as JSON")
	return cmd
}

func (e *env) style() textview.Style {
	return textview.Style{Color: isTerminal(e.stdout), FamilyBackground: terminalBackground}
}

// terminalBackground is a failure family's background for the terminal:
// none for "other", which says nothing of the error.
func terminalBackground(slug string) string {
	if slug == family.Other {
		return ""
	}
	return familyBackground(slug)
}

func writeJSON(w interface{ Write([]byte) (int, error) }, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
