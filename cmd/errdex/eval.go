package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex/eval"
	"github.com/errdex/errdex/lookup"
)

func (e *env) evalCmd() *cobra.Command {
	var (
		casesFile string
		asJSON    bool
		verbose   bool
	)
	cmd := &cobra.Command{
		Use:   "eval --cases FILE.jsonl",
		Short: "Measure how often explain finds the right source site",
		Long: `Eval runs every case of a JSON Lines case file through the same pipeline as
"errdex explain" and prints top-1, top-5, MRR, no-match precision and recall,
and latency. Case format, one object a line:

  {"id": "...", "query": "<pasted text>",
   "expect": {"path_suffix": "json/decoder.py", "line": 353, "function": "raw_decode"}}

with "expect": null when no source site should be found.`,
		Args: args(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if casesFile == "" {
				return usageError{errorf("eval: --cases FILE is required")}
			}
			cases, err := eval.ReadFile(casesFile)
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
			rep, err := eval.Run(cmd.Context(), cases, evalFunc(svc))
			if err != nil {
				return err
			}
			if asJSON {
				return rep.WriteJSON(e.stdout)
			}
			return rep.WriteText(e.stdout, verbose)
		},
	}
	cmd.Flags().StringVar(&casesFile, "cases", "", "JSON Lines file of cases")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the figures as one JSON object")
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "list every failure with what was returned")
	return cmd
}

// evalFunc answers eval cases with the lookup pipeline, matching only (the
// sites are not loaded from the store, so latency is the matcher's).
func evalFunc(svc *lookup.Service) eval.Func {
	return func(ctx context.Context, query string) (eval.Answer, error) {
		// Every site tied with the first, so that a right one past the
		// fifth still counts as tied (top-5 reads the first five only).
		ans, err := svc.Explain(ctx, query, lookup.Options{Limit: 5, AllTied: true, MatchesOnly: true})
		if err != nil {
			return eval.Answer{}, err
		}
		out := eval.Answer{Reason: ans.Reason, Read: ans.Message}
		if ans.Exception != "" {
			out.Read = ans.Exception + ": " + ans.Message
		}
		for _, h := range ans.Hits {
			out.Hits = append(out.Hits, eval.Hit{ID: string(h.ID), Path: h.Path, Line: h.Line, EndLine: h.EndLine, Function: h.Function, Score: h.Score})
		}
		return out, nil
	}
}
