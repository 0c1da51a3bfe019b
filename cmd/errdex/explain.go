package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/lookup"
	"github.com/errdex/errdex/trace"
	"github.com/errdex/errdex/web"
)

func (e *env) explainCmd() *cobra.Command {
	var (
		opts   lookup.Options
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "explain [TEXT | -]",
		Short: "Find the source of a pasted error message, traceback or log",
		Long: `Explain takes what your terminal printed (an error message, a whole traceback
or a log excerpt), finds the indexed place in the source that raised it, and
shows it with the values your message holds. With "-" or no argument it reads
standard input, so that

    python app.py 2>&1 | errdex explain -

works. Exit status 1 means no source site was found.`,
		Args: args(0, -1),
		RunE: func(cmd *cobra.Command, a []string) error {
			text, err := e.readQuery(a)
			if err != nil {
				return err
			}
			st, err := e.openExisting(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			svc, err := lookup.New(cmd.Context(), st)
			if err != nil {
				return err
			}
			ans, err := svc.Explain(cmd.Context(), text, opts)
			if err != nil {
				return err
			}
			if asJSON {
				err = writeJSON(e.stdout, web.NewSearchResponse(ans))
			} else {
				e.writeAnswer(ans)
			}
			if err == nil && len(ans.Hits) == 0 {
				return exitError{1}
			}
			return err
		},
	}
	cmd.Flags().IntVarP(&opts.Limit, "limit", "n", 5, "at most this many candidate sites")
	cmd.Flags().StringVar(&opts.Repo, "repo", "", "prefer sites of this repository")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the answer as JSON")
	return cmd
}

// readQuery joins the arguments, or reads standard input for "-" or none.
func (e *env) readQuery(a []string) (string, error) {
	if len(a) > 0 && !(len(a) == 1 && a[0] == "-") {
		return strings.Join(a, " "), nil
	}
	b, err := io.ReadAll(io.LimitReader(e.stdin, trace.MaxInput+1))
	if err != nil {
		return "", fmt.Errorf("read standard input: %w", err)
	}
	if len(b) > trace.MaxInput {
		return "", errdex.Errorf("explain", errdex.TooLarge,
			"standard input is over the %d-byte limit: paste only the traceback or the error message", trace.MaxInput)
	}
	if strings.TrimSpace(string(b)) == "" {
		return "", usageError{fmt.Errorf("explain: nothing to explain: pass the error message as an argument or on standard input")}
	}
	return string(b), nil
}

func (e *env) writeAnswer(ans *lookup.Answer) {
	st := e.style()
	st.Context = 4
	w := e.stdout
	head := ans.Message
	if ans.Exception != "" {
		head = ans.Exception + ": " + head
	}
	if len(ans.Hits) == 0 {
		if head != "" {
			fmt.Fprintf(w, "%s\n\n", st.Bold(firstLine(head)))
		}
		fmt.Fprintf(w, "No source site found: %s\n", ans.Reason)
		if n := ans.Nearest; n != nil {
			fmt.Fprintf(w, "Nearest indexed frame: %s:%d in %s (%s)\n", n.Path, n.Line, n.Function, n.Repo)
		}
		return
	}
	best := ans.Hits[0]
	fmt.Fprintf(w, "%s  %s\n\n", st.Bold(firstLine(head)), st.Dim(fmt.Sprintf("score %.2f", best.Score)))
	if note := tieNote(ans); note != "" {
		fmt.Fprintf(w, "%s\n\n", note)
	}
	st.Site(w, best.Site, best.Values())
	if len(best.Reasons) > 0 {
		fmt.Fprintf(w, "\n%s %s\n", st.Dim("Matched because:"), st.Dim(strings.Join(best.Reasons, "; ")))
	}
	if len(ans.Hits) > 1 {
		fmt.Fprintf(w, "\n%s\n", st.Bold("Other candidates"))
		for i, h := range ans.Hits[1:] {
			mark := " "
			if i+1 < ans.Tied {
				mark = "="
			}
			fmt.Fprintf(w, "%s %.2f  %s\n", mark, h.Score, st.Line(h.Site))
		}
	}
}

// tieNote says, when the best matches tie, that the message alone cannot
// tell them apart; "" otherwise.
func tieNote(ans *lookup.Answer) string {
	lang := ""
	if len(ans.Hits) > 0 && ans.Hits[0].Site != nil {
		lang = ans.Hits[0].Site.Language
	}
	if note := lookup.TieNote(ans.Tied, len(ans.Frames) > 0, lang); note != "" {
		return note + " (= marks them below)."
	}
	return ""
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
