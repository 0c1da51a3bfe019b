package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// WriteJSON writes the summary as one JSON object on one line:
// {"n","top1","top5","mrr","nomatch_precision","nomatch_recall","p50_ms","p99_ms",
// "top1_ties","p50_cpu_ms","p99_cpu_ms"}.
func (r *Report) WriteJSON(w io.Writer) error {
	return json.NewEncoder(w).Encode(r.Summary)
}

// WriteText writes the figures for a person, then a table by form when cases
// carry forms, and with verbose every case not answered right at rank 1,
// with what was returned.
func (r *Report) WriteText(w io.Writer, verbose bool) error {
	s := r.Summary
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "cases\t%d (%d expecting a site, %d expecting none", s.N, s.Positives, s.Negatives)
	if s.Errors > 0 {
		fmt.Fprintf(tw, "; %d errors", s.Errors)
	}
	fmt.Fprintf(tw, ")\n")
	fmt.Fprintf(tw, "top-1\t%s\t(%d/%d)\n", pct(s.Top1), s.AtRank1, s.Positives)
	fmt.Fprintf(tw, "top-1 up to ties\t%s\t(%d/%d: the right site scores as the first)\n", pct(s.Top1Ties), s.AtTie1, s.Positives)
	fmt.Fprintf(tw, "top-5\t%s\t(%d/%d)\n", pct(s.Top5), s.InTop5, s.Positives)
	fmt.Fprintf(tw, "MRR\t%s\n", num(s.MRR))
	fmt.Fprintf(tw, "no-match precision\t%s\t(%d/%d empty answers expected none)\n", pct(s.NoMatchPrecision), s.EmptyOK, s.Empty)
	fmt.Fprintf(tw, "no-match recall\t%s\t(%d/%d cases expecting none got none", pct(s.NoMatchRecall), s.EmptyOK, s.Negatives)
	if s.TwinFirst > 0 {
		fmt.Fprintf(tw, ", %d more their twin first", s.TwinFirst)
	}
	fmt.Fprintf(tw, ")\n")
	fmt.Fprintf(tw, "latency\tp50 %.3f ms, p99 %.3f ms", s.P50ms, s.P99ms)
	if s.P50CPUms != nil {
		fmt.Fprintf(tw, " (CPU time: p50 %.3f ms, p99 %.3f ms)", *s.P50CPUms, *s.P99CPUms)
	}
	fmt.Fprintf(tw, "\n")
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.ByForm) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "form\tn\ttop-1\tties\ttop-5\tMRR\tno-match P\tno-match R\tp99 ms\t\n")
		forms := make([]string, 0, len(r.ByForm))
		for f := range r.ByForm {
			forms = append(forms, f)
		}
		slices.Sort(forms)
		for _, f := range forms {
			fs := r.ByForm[f]
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\t\n", f, fs.N, pct(fs.Top1), pct(fs.Top1Ties), pct(fs.Top5), num(fs.MRR),
				pct(fs.NoMatchPrecision), pct(fs.NoMatchRecall), fs.P99ms)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if !verbose {
		return nil
	}
	for _, o := range r.Outcomes {
		if o.Correct() {
			continue
		}
		fmt.Fprintln(w)
		writeFailure(w, &o)
	}
	return nil
}

// maxShown bounds the sites listed for a failed case.
const maxShown = 5

func writeFailure(w io.Writer, o *Outcome) {
	c := o.Case
	head := "FAIL " + c.ID
	if c.Form != "" {
		head += " [" + c.Form + "]"
	}
	switch {
	case c.Expect != nil && o.Rank > 1 && o.Tied:
		head += fmt.Sprintf(" (correct at rank %d, tied with the first)", o.Rank)
	case c.Expect != nil && o.Rank > 1:
		head += fmt.Sprintf(" (correct at rank %d)", o.Rank)
	}
	fmt.Fprintf(w, "%s, line %d\n", head, c.Line)
	fmt.Fprintf(w, "  query:  %s\n", summarizeQuery(c.Query))
	if o.Answer.Read != "" && o.Answer.Read != strings.TrimSpace(c.Query) {
		fmt.Fprintf(w, "  read:   %s\n", clipQuoted(o.Answer.Read))
	}
	fmt.Fprintf(w, "  expect: %s\n", c.Expect)
	if c.Twin != nil {
		fmt.Fprintf(w, "  twin:   %s\n", c.Twin)
	}
	if o.Err != nil {
		fmt.Fprintf(w, "  error:  %v\n", o.Err)
		return
	}
	if len(o.Answer.Hits) == 0 {
		fmt.Fprintf(w, "  got:    no match\n")
	}
	for k, h := range o.Answer.Hits[:min(len(o.Answer.Hits), maxShown)] {
		label := "  got:   "
		if k > 0 {
			label = "         "
		}
		lines := fmt.Sprintf("%d", h.Line)
		if h.EndLine > h.Line {
			lines += fmt.Sprintf("-%d", h.EndLine)
		}
		fmt.Fprintf(w, "%s %d. %s:%s in %s (%.3f)\n", label, k+1, h.Path, lines, h.Function, h.Score)
	}
	if n := len(o.Answer.Hits) - maxShown; n > 0 {
		fmt.Fprintf(w, "          and %d more\n", n)
	}
	if o.Answer.Reason != "" {
		fmt.Fprintf(w, "  reason: %s\n", o.Answer.Reason)
	}
}

// summarizeQuery shows a query on one line: its last non-blank line (where
// tracebacks put the message), clipped, with the line count when there are
// more.
func summarizeQuery(q string) string {
	lines := strings.Split(strings.TrimRight(q, "\n"), "\n")
	last := ""
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			last = strings.TrimSpace(lines[i])
			break
		}
	}
	last = clipQuoted(last)
	if len(lines) > 1 {
		last += fmt.Sprintf(" (last of %d lines)", len(lines))
	}
	return last
}

// clipQuoted quotes s as Go would, clipped to 120 characters.
func clipQuoted(s string) string {
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

func pct(x *float64) string {
	if x == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100**x)
}

func num(x *float64) string {
	if x == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *x)
}
