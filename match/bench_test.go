package match

import (
	"bufio"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/errdex/errdex"
)

// corpus generates sites with templates of realistic shape: sentences of
// error-message words drawn with a Zipf law from testdata/words.txt (so
// "not", "must", "invalid" have long posting lists and most words short
// ones), identifiers made of two or three words (config keys, parameter
// names: the long tail), typed holes, quoting and punctuation, a few opaque
// and near-opaque templates, and repositories, paths, functions and
// exception types drawn the same way. Everything derives from the seed.
type corpus struct {
	words []string
	excs  []string
	seed  uint64
}

func newCorpus(t testing.TB, seed uint64) *corpus {
	t.Helper()
	f, err := os.Open("testdata/words.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := &corpus{seed: seed}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := sc.Text(); w != "" && w[0] != '#' {
			c.words = append(c.words, w)
		}
	}
	if len(c.words) < 100 {
		t.Fatalf("words.txt: %d words", len(c.words))
	}
	c.excs = []string{"ValueError", "TypeError", "RuntimeError", "KeyError", "AttributeError", "OSError",
		"NotImplementedError", "IndexError", "AssertionError", "FileNotFoundError", "PermissionError",
		"IllegalArgumentException", "IllegalStateException", "*errors.errorString", "panic"}
	return c
}

// gen draws from one site's random stream.
type gen struct {
	c   *corpus
	r   *rand.Rand
	zw  *rand.Zipf
	zr  *rand.Zipf
	sb  strings.Builder
	tmp []errdex.Part
}

func (c *corpus) gen(stream uint64) *gen {
	r := rand.New(rand.NewPCG(c.seed, stream))
	return &gen{c: c, r: r,
		zw: rand.NewZipf(r, 1.07, 2, uint64(len(c.words)-1)),
		zr: rand.NewZipf(r, 1.2, 1, 4999)}
}

func (g *gen) word() string { return g.c.words[g.zw.Uint64()] }

// ident is a config-key or parameter-like identifier, mostly unique.
func (g *gen) ident() string {
	a, b := g.c.words[g.r.IntN(len(g.c.words))], g.c.words[g.r.IntN(len(g.c.words))]
	switch g.r.IntN(4) {
	case 0:
		return strings.ToUpper(a + "_" + b + "_" + g.word())
	case 1:
		return a + strings.ToUpper(b[:1]) + b[1:]
	}
	return a + "_" + b
}

var holeKinds = []errdex.HoleType{errdex.HoleAny, errdex.HoleStr, errdex.HoleStr, errdex.HoleInt, errdex.HoleInt,
	errdex.HoleRepr, errdex.HoleRepr, errdex.HoleFloat, errdex.HolePath, errdex.HoleError}

// template draws one message template.
func (g *gen) template() errdex.Template {
	r := g.r
	switch x := r.IntN(100); {
	case x < 3:
		return errdex.NewTemplate(errdex.HolePart("msg", "msg", errdex.HoleAny))
	case x < 5:
		return errdex.NewTemplate(errdex.HolePart("a", "a", errdex.HoleAny), errdex.Lit(": "), errdex.HolePart("b", "b", errdex.HoleAny))
	}
	n := 2 + r.IntN(5) + r.IntN(6)
	parts := g.tmp[:0]
	var lit strings.Builder
	holes := 0
	for i := range n {
		if i > 0 {
			lit.WriteByte(' ')
		}
		switch x := r.IntN(100); {
		case x < 14 && holes < 4 && i > 0:
			typ := holeKinds[r.IntN(len(holeKinds))]
			quote := typ == errdex.HoleStr && r.IntN(3) == 0
			if quote {
				lit.WriteByte('\'')
			}
			parts = append(parts, errdex.Lit(lit.String()))
			lit.Reset()
			holes++
			parts = append(parts, errdex.HolePart("v"+strconv.Itoa(holes), "", typ))
			if quote {
				lit.WriteByte('\'')
			}
		case x < 28:
			lit.WriteString(g.ident())
		case x < 30:
			lit.WriteString(strconv.Itoa(r.IntN(64)))
		default:
			lit.WriteString(g.word())
		}
		if i > 0 && i < n-1 {
			switch r.IntN(20) {
			case 0:
				lit.WriteByte(':')
			case 1:
				lit.WriteByte(',')
			}
		}
	}
	if r.IntN(3) == 0 {
		lit.WriteByte('.')
	}
	parts = append(parts, errdex.Lit(lit.String()))
	g.tmp = parts
	t := errdex.NewTemplate(parts...)
	if len(t.Parts) > 0 && !t.Parts[0].IsHole() {
		p := t.Parts[0].Text
		t.Parts[0].Text = strings.ToUpper(p[:1]) + p[1:]
	}
	return t
}

// site draws site number i.
func (c *corpus) site(i int) *errdex.Site {
	g := c.gen(uint64(i))
	// Files hold about twenty sites each: a file is drawn within its
	// repository, and its path derives from its number alone.
	org := int(g.zr.Uint64())
	repo := "org" + strconv.Itoa(org) + "/" + c.words[org%len(c.words)]
	fg := c.gen(1<<50 | uint64(org)<<20 | uint64(g.r.IntN(1+c.filesPerRepo(org))))
	dirs := []string{fg.word(), fg.word()}
	if fg.r.IntN(2) == 0 {
		dirs = dirs[:1]
	}
	path := strings.Join(dirs, "/") + "/" + fg.word() + "_" + fg.word() + ".py"
	exc := c.excs[min(len(c.excs)-1, int(g.r.ExpFloat64()*3))]
	if g.r.IntN(5) == 0 {
		exc = strings.ToUpper(g.word()[:1]) + g.word() + "Error"
	}
	line := 1 + g.r.IntN(3000)
	s := &errdex.Site{
		ID: errdex.ID(fmt.Sprintf("%016x", i)), Repo: repo, Language: "python", Kind: errdex.KindRaise,
		Exception: exc, Function: g.ident(),
		Location: errdex.Location{Span: errdex.Span{Path: path, Line: line, EndLine: line + g.r.IntN(3)}},
		Template: g.template(),
	}
	if g.r.IntN(20) == 0 {
		s.Alternatives = append(s.Alternatives, g.template())
	}
	return s
}

// filesPerRepo is the number of files of repository org: repositories are
// drawn with a Zipf law, so the first ones are large.
func (c *corpus) filesPerRepo(org int) int {
	return max(4, 40000/(org+1))
}

func (c *corpus) sites(n int) iter.Seq[*errdex.Site] {
	return func(yield func(*errdex.Site) bool) {
		for i := range n {
			if !yield(c.site(i)) {
				return
			}
		}
	}
}

// value draws a runtime value for a hole of type typ.
func (g *gen) value(typ errdex.HoleType) string {
	r := g.r
	switch typ {
	case errdex.HoleInt:
		return strconv.Itoa(r.IntN(100000) - 10)
	case errdex.HoleFloat:
		return strconv.FormatFloat(r.Float64()*100, 'g', 4, 64)
	case errdex.HoleRepr:
		if r.IntN(3) == 0 {
			return "[" + strconv.Itoa(r.IntN(9)) + ", " + strconv.Itoa(r.IntN(9)) + "]"
		}
		return "'" + g.word() + "_" + strconv.Itoa(r.IntN(99)) + "'"
	case errdex.HolePath:
		return "/home/user/" + g.word() + "/" + g.word() + ".txt"
	case errdex.HoleError:
		return [...]string{"permission denied", "connection refused", "no such file or directory", "i/o timeout"}[r.IntN(4)]
	}
	if r.IntN(2) == 0 {
		return g.word()
	}
	return g.word() + "-" + strconv.Itoa(r.IntN(1000))
}

// benchQuery is a generated query with the site it came from.
type benchQuery struct {
	q    Query
	want errdex.ID
	tmpl string // the site's canonical template: equal templates are equally right
}

// queries draws n queries from sites of a corpus of size total: the
// message filled with values, and in some a "Type: " prefix, a wrapping
// prefix, a cut tail, or a traceback frame.
func (c *corpus) queries(n, total int) []benchQuery {
	g := c.gen(1 << 40)
	var out []benchQuery
	for len(out) < n {
		s := c.site(g.r.IntN(total))
		alt := s.Template
		if s.Template.LiteralLen() < 4 {
			continue // known by its place only: not a text-matching case
		}
		vals := map[string]string{}
		for _, h := range alt.Holes() {
			vals[h.Hole] = g.value(h.Type)
		}
		msg := alt.Fill(vals)
		q := Query{Message: msg}
		switch x := g.r.IntN(10); {
		case x < 3:
			q.Message = s.Exception + ": " + msg
		case x < 4:
			q.Message = "Failed to " + g.word() + " " + g.word() + ": " + msg
		case x < 5 && len(msg) > 40:
			cut := len(msg) * 2 / 3
			for cut > 0 && msg[cut]&0xc0 == 0x80 {
				cut--
			}
			q.Message = msg[:cut] + "..."
		case x < 7:
			q.Exception = s.Exception
			q.Frames = []Frame{{Path: "/srv/venv/lib/python3.12/site-packages/" + s.Location.Path, Line: s.Location.Line, Function: s.Function}}
		}
		out = append(out, benchQuery{q: q, want: s.ID, tmpl: s.Template.Canonical()})
	}
	return out
}

// heapInUse returns the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkMatch1M builds an index of one million generated sites and
// queries it. It reports build seconds, index bytes per site (live heap
// before and after, collected), build wall and CPU time (the CPU time is
// the whole process's, collector included), query latency percentiles (one
// run each, the best of three runs to discount other load on the machine,
// and the first run's thread CPU time), and how often
// the generating site (or one with the same template) ranks first.
//
//	go test ./match -run '^$' -bench Match1M -benchtime 2000x
func BenchmarkMatch1M(b *testing.B) {
	benchmarkMatch(b, 1_000_000)
}

// BenchmarkMatch100K is the same at a tenth of the size.
func BenchmarkMatch100K(b *testing.B) {
	benchmarkMatch(b, 100_000)
}

func benchmarkMatch(b *testing.B, n int) {
	c := newCorpus(b, 1)
	t0 := time.Now()
	for range c.sites(n) {
	}
	genTime := time.Since(t0)
	before := heapInUse()
	t0 = time.Now()
	cpu0 := cpuTime()
	ix := NewIndex(c.sites(n))
	buildCPU := cpuTime() - cpu0
	buildTime := time.Since(t0) - genTime
	after := heapInUse()
	qs := c.queries(1000, n)
	st := ix.Stats()
	b.Logf("%d sites, %d templates, %d files, %d tokens, %d postings; arrays %d B; build %.2fs (+%.2fs generating)",
		st.Sites, st.Templates, st.Files, st.Tokens, st.Postings, st.Bytes, buildTime.Seconds(), genTime.Seconds())

	var lat, best, cpu []time.Duration
	right, tied, i := 0, 0, 0
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		bq := qs[i%len(qs)]
		i++
		c0, _ := threadCPU()
		t := time.Now()
		res := ix.Match(bq.q, Options{})
		d := time.Since(t)
		c1, _ := threadCPU()
		lat = append(lat, d)
		cpu = append(cpu, c1-c0)
		// The best of three runs discounts other processes and the
		// collector: the query's own cost.
		for range 2 {
			t := time.Now()
			ix.Match(bq.q, Options{})
			d = min(d, time.Since(t))
		}
		best = append(best, d)
		if len(res.Matches) > 0 {
			if res.Matches[0].ID == bq.want {
				right++
			} else if top := res.Matches[0]; top.Score == scoreOf(res, bq.want) {
				tied++
			}
		}
	}
	runtime.KeepAlive(ix)
	slices.Sort(lat)
	slices.Sort(best)
	slices.Sort(cpu)
	pct := func(lat []time.Duration, p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(lat, 0.50), "p50-ms")
	b.ReportMetric(pct(lat, 0.99), "p99-ms")
	b.ReportMetric(pct(best, 0.99), "p99-best3-ms")
	if _, ok := threadCPU(); ok {
		// The query's thread's CPU time: what other load on the
		// machine does not inflate (microsecond resolution).
		b.ReportMetric(pct(cpu, 0.50), "p50-cpu-ms")
		b.ReportMetric(pct(cpu, 0.99), "p99-cpu-ms")
	}
	b.ReportMetric(float64(after-before)/float64(n), "B/site")
	b.ReportMetric(buildTime.Seconds(), "build-s")
	b.ReportMetric(buildCPU.Seconds(), "build-cpu-s")
	b.ReportMetric(float64(right)/float64(len(lat)), "top1")
	b.ReportMetric(float64(right+tied)/float64(len(lat)), "top1-or-tie")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBuild100K measures building an index of 100,000 generated sites
// held in memory (the generation is not timed), in wall and process CPU
// time (the collector included).
//
//	go test ./match -run '^$' -bench Build100K -benchtime 5x
func BenchmarkBuild100K(b *testing.B) {
	c := newCorpus(b, 1)
	sites := slices.Collect(c.sites(100_000))
	cpu0 := cpuTime()
	for b.Loop() {
		NewIndex(slices.Values(sites))
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// scoreOf returns the score of site id in res, or -1.
func scoreOf(res Result, id errdex.ID) float64 {
	for _, m := range res.Matches {
		if m.ID == id {
			return m.Score
		}
	}
	return -1
}

// TestGeneratedCorpus checks retrieval on 20,000 generated sites: the site
// that generated a message must rank first (or tie with an equal template)
// for nearly every query.
func TestGeneratedCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20,000-site index")
	}
	const n = 20_000
	c := newCorpus(t, 7)
	ix := NewIndex(c.sites(n))
	qs := c.queries(500, n)
	right := 0
	var misses []string
	for _, bq := range qs {
		res := ix.Match(bq.q, Options{})
		if len(res.Matches) > 0 && (res.Matches[0].ID == bq.want || res.Matches[0].Score == scoreOf(res, bq.want)) {
			right++
			continue
		}
		if len(misses) < 10 {
			got := "nothing: " + res.Reason
			if len(res.Matches) > 0 {
				got = fmt.Sprintf("%s %.3f %v", res.Matches[0].ID, res.Matches[0].Score, res.Matches[0].Reasons)
			}
			misses = append(misses, fmt.Sprintf("%q (want %s, %q): got %s; want scores %.3f", bq.q.Message, bq.want, bq.tmpl, got, scoreOf(res, bq.want)))
		}
	}
	if rate := float64(right) / float64(len(qs)); rate < 0.97 {
		t.Errorf("top-1 %.3f, want ≥ 0.97; misses:\n%s", rate, strings.Join(misses, "\n"))
	}
}
