package llm

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/errdex/errdex"
)

// BenchmarkEnrichCached measures a run over sites whose answers are all
// cached: what re-running enrich on an unchanged database costs. The
// fixture's sites are copied to 600 (the copies differ in line, so each
// has its own prompt and cache entry).
//
//	go test ./explain/llm -run XXX -bench EnrichCached -benchtime 5x
func BenchmarkEnrichCached(b *testing.B) {
	ctx := context.Background()
	st, fx := openFixture(b)
	var sites []*errdex.Site
	script := map[errdex.ID][]step{}
	answers := map[errdex.ID]string{siteMask: goodMask, siteCapacity: partlyInvented, siteFlag: malformed,
		siteInjection: injectionEcho, siteDtype: goodDtype, siteTokenizer: goodTokenizer}
	for i := range 100 {
		for _, s := range fx.Sites {
			c := *s
			c.ID = errdex.IDKey{Repo: s.Repo, Template: string(s.ID)}.ID(i)
			c.Location.Line = s.Location.Line + 10000*i
			sites = append(sites, &c)
		}
	}
	if err := st.ReplaceSnapshot(ctx, &fx.Snapshot, sites); err != nil {
		b.Fatal(err)
	}
	for _, s := range sites {
		// The server knows sites by place; map the copies' places too.
		script[s.ID] = []step{{content: answers[originalOf(fx, s)]}}
	}
	srv := newLLMServer(b, fx, script)
	for _, s := range sites {
		srv.sites[fmt.Sprintf("%s line %d", s.Location.Path, s.Location.Line)] = s.ID
	}
	first, err := Enrich(ctx, st, testClient(b, srv, 10*time.Second), Options{})
	if err != nil || first.Asked != len(sites) {
		b.Fatalf("first run: %+v, %v", first, err)
	}
	var last *Stats
	for b.Loop() {
		c := testClient(b, srv, 10*time.Second)
		if last, err = Enrich(ctx, st, c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if last.Cached != len(sites) || last.Client.Requests != 0 {
		b.Fatalf("cached run: %+v", last)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(sites)), "ns/site")
	b.ReportMetric(float64(last.Client.Requests), "requests/op")
	b.ReportMetric(float64(first.Tokens.TotalTokens), "tokens-saved/op")
}

// originalOf returns the fixture site a copy was made from.
func originalOf(fx *fixture, s *errdex.Site) errdex.ID {
	for _, o := range fx.Sites {
		if o.Location.Path == s.Location.Path && o.Location.Line%10000 == s.Location.Line%10000 && o.Function == s.Function {
			return o.ID
		}
	}
	return ""
}
