// Package related picks, for each site, the other errors of the same
// repository worth reading beside it, each with the reason it was picked.
//
// Candidates come from indexes built once per repository, each bucket
// capped so that a file or a word shared by thousands of sites costs
// nothing:
//
//	same function                               5
//	same configuration (env var, flag, setting) 4   "same env var X"
//	same class                                  3
//	similar message (word overlap ≥ 0.4)        up to 3
//	same env prefix (X_Y_… shared)              2   "same env prefix X_Y"
//	same check on a variable (guard names)      2   "same check on self.x"
//	same file (the nearest by line)             1
//
// A candidate's score is the sum of its reasons; its reason is the
// strongest. The site itself is never related, nor is a site with the
// same title as one already kept (the same message raised elsewhere); at
// most maxRelated are kept, best first.
//
// Configuration names are those the config analysis found behind the
// site, and the NAME_LIKE_THIS words and --flags of its message.
package related

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
	"github.com/errdex/errdex/explain"
)

// Analyzer fills Site.Related.
var Analyzer = &analyze.Analyzer{
	Name: "related",
	Doc:  "related errors of the same repository, ranked by shared function, configuration, class, message words, guards and file",
	Run:  run,
}

const (
	maxRelated = 8
	// bucketCap bounds the candidates taken from one index bucket.
	bucketCap = 24
	// nearby is how many sites of the same file, on each side, are
	// candidates.
	nearby = 6
	// commonName is the number of sites above which a guard name or a
	// message word is too common to relate sites.
	commonName = 40
	minSimilar = 0.4
)

// Scores of the reasons.
const (
	scoreFunction = 5
	scoreConfig   = 4
	scoreClass    = 3
	scoreSimilar  = 3 // times the word overlap
	scorePrefix   = 2
	scoreGuard    = 2
	scoreFile     = 1
)

// info is what the analysis derives once per site.
type info struct {
	site    *errdex.Site
	title   string
	class   string // path + class, "" when unknown
	config  []string
	prefix  []string // env prefixes
	guards  []string
	words   []string // distinct message words, sorted
	fileIdx int      // position among the file's sites
}

type index struct {
	// cands, counts and list are scratch space reused from site to site.
	cands  map[int]*candidate
	counts map[int]int
	list   []*candidate

	sites    []*info
	byFunc   map[string][]int
	byClass  map[string][]int
	byFile   map[string][]int
	byConfig map[string][]int
	byPrefix map[string][]int
	byGuard  map[string][]int
	byWord   map[string][]int
}

func run(p *analyze.Pass) {
	ix := build(p.Repo)
	for i, in := range ix.sites {
		in.site.Related = ix.related(i)
	}
}

func build(r *analyze.Repo) *index {
	ix := &index{cands: map[int]*candidate{}, counts: map[int]int{}, byFunc: map[string][]int{}, byClass: map[string][]int{}, byFile: map[string][]int{},
		byConfig: map[string][]int{}, byPrefix: map[string][]int{}, byGuard: map[string][]int{}, byWord: map[string][]int{}}
	for i, s := range r.Sites {
		in := &info{site: s, title: explain.Title(s)}
		path := s.Location.Path
		if fn := r.SiteFunction(s); fn != nil && fn.Class != "" {
			in.class = path + "\x00" + fn.Class
		} else if c := classOf(s); c != "" {
			in.class = path + "\x00" + c
		}
		in.config = configNames(s)
		in.prefix = envPrefixes(in.config)
		for _, g := range s.Guards {
			for _, n := range g.Names {
				if !slices.Contains(in.guards, n) {
					in.guards = append(in.guards, n)
				}
			}
		}
		in.words = words(s.Template)
		in.fileIdx = len(ix.byFile[path])
		ix.sites = append(ix.sites, in)
		if realFunction(s) {
			add(ix.byFunc, path+"\x00"+s.Function, i)
		}
		if in.class != "" {
			add(ix.byClass, in.class, i)
		}
		ix.byFile[path] = append(ix.byFile[path], i)
		for _, c := range in.config {
			add(ix.byConfig, c, i)
		}
		for _, pre := range in.prefix {
			add(ix.byPrefix, pre, i)
		}
		for _, g := range in.guards {
			// Guard names are per file: "self.x" in two files is two
			// things.
			add(ix.byGuard, path+"\x00"+g, i)
		}
		for _, w := range in.words {
			add(ix.byWord, w, i)
		}
	}
	return ix
}

func add(m map[string][]int, k string, i int) { m[k] = append(m[k], i) }

// realFunction reports whether a site is in a function rather than at the
// top level of a file (Python's "<module>", Go's package-level "pkg.init").
func realFunction(s *errdex.Site) bool {
	f := s.Function
	return f != "" && f != analyze.ModuleFunction && !(s.Language == "go" && strings.HasSuffix(f, ".init"))
}

// candidate accumulates the evidence for one related site.
type candidate struct {
	idx    int
	score  float64
	best   float64
	reason string
}

func (ix *index) related(i int) []errdex.Related {
	me := ix.sites[i]
	cands := ix.cands
	clear(cands)
	give := func(j int, score float64, reason string) {
		if j == i {
			return
		}
		c := cands[j]
		if c == nil {
			c = &candidate{idx: j}
			cands[j] = c
		}
		c.score += score
		if score > c.best {
			c.best, c.reason = score, reason
		}
	}
	path := me.site.Location.Path
	if realFunction(me.site) {
		for _, j := range capped(ix.byFunc[path+"\x00"+me.site.Function]) {
			give(j, scoreFunction, "same function")
		}
	}
	for _, c := range me.config {
		for _, j := range capped(ix.byConfig[c]) {
			give(j, scoreConfig, "same "+c)
		}
	}
	if me.class != "" {
		for _, j := range capped(ix.byClass[me.class]) {
			give(j, scoreClass, "same class")
		}
	}
	for _, pre := range me.prefix {
		for _, j := range capped(ix.byPrefix[pre]) {
			give(j, scorePrefix, "same env prefix "+pre)
		}
	}
	for _, g := range me.guards {
		if js := ix.byGuard[path+"\x00"+g]; len(js) <= commonName {
			for _, j := range js {
				give(j, scoreGuard, "same check on "+g)
			}
		}
	}
	ix.similar(i, give)
	file := ix.byFile[path]
	for k := max(0, me.fileIdx-nearby); k < min(len(file), me.fileIdx+nearby+1); k++ {
		give(file[k], scoreFile, "same file")
	}

	list := ix.list[:0]
	for _, c := range cands {
		list = append(list, c)
	}
	ix.list = list
	slices.SortFunc(list, func(a, b *candidate) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(b.best, a.best), cmp.Compare(a.idx, b.idx))
	})
	var out []errdex.Related
	titles := map[string]bool{me.title: true}
	for _, c := range list {
		if len(out) == maxRelated {
			break
		}
		in := ix.sites[c.idx]
		if titles[in.title] || in.site.ID == me.site.ID {
			continue
		}
		titles[in.title] = true
		out = append(out, errdex.Related{ID: in.site.ID, Title: in.title, Reason: c.reason})
	}
	return out
}

// similar gives the sites whose message words overlap with site i's.
// Candidates come from the site's rarer words.
func (ix *index) similar(i int, give func(int, float64, string)) {
	me := ix.sites[i]
	if len(me.words) < 2 {
		return
	}
	counts := ix.counts
	clear(counts)
	for _, w := range me.words {
		js := ix.byWord[w]
		if len(js) > commonName {
			continue
		}
		for _, j := range js {
			counts[j]++
		}
	}
	for j, shared := range counts {
		if shared < 2 {
			continue
		}
		// Common words were skipped while counting: compute the overlap
		// exactly on the candidates.
		sim := jaccard(me.words, ix.sites[j].words)
		if sim >= minSimilar {
			give(j, scoreSimilar*sim, "similar message")
		}
	}
}

func capped(js []int) []int {
	if len(js) > bucketCap {
		return js[:bucketCap]
	}
	return js
}

// jaccard is the overlap of two sorted word sets.
func jaccard(a, b []string) float64 {
	shared, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch strings.Compare(a[i], b[j]) {
		case 0:
			shared++
			i++
			j++
		case -1:
			i++
		default:
			j++
		}
	}
	return float64(shared) / float64(len(a)+len(b)-shared)
}

// stopWords are words too frequent in error messages to relate them.
var stopWords = map[string]bool{
	"the": true, "and": true, "for": true, "not": true, "with": true, "but": true, "are": true, "was": true,
	"has": true, "have": true, "this": true, "that": true, "from": true, "must": true, "can": true,
	"cannot": true, "should": true, "when": true, "than": true, "its": true, "got": true, "expected": true,
	"invalid": true, "error": true, "only": true, "use": true, "one": true, "none": true, "been": true,
}

// words returns the distinct lower-case words of three letters or more
// of a template's literal text, sorted.
func words(t errdex.Template) []string {
	var ws []string
	for _, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(p.Text), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
		}) {
			if len(w) >= 3 && !stopWords[w] {
				ws = append(ws, w)
			}
		}
	}
	slices.Sort(ws)
	return slices.Compact(ws)
}

// configNames returns the configuration a site depends on or names, as
// "env var X", "flag --x" or "setting C.x".
func configNames(s *errdex.Site) []string {
	var out []string
	addName := func(n string) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for _, c := range s.Config {
		switch c.Kind {
		case "env":
			addName("env var " + c.Name)
		case "flag":
			addName("flag " + c.Name)
		default:
			addName(c.Kind + " " + c.Name)
		}
	}
	for _, p := range s.Template.Parts {
		if p.IsHole() {
			continue
		}
		for _, w := range strings.FieldsFunc(p.Text, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-'
		}) {
			switch {
			case envName(w):
				addName("env var " + w)
			case strings.HasPrefix(w, "--") && len(w) > 3 && unicode.IsLetter(rune(w[2])):
				addName("flag " + strings.TrimRight(w, "-"))
			}
		}
	}
	return out
}

// envName reports whether a word is spelt like an environment variable:
// upper-case letters and digits, at least two parts joined by
// underscores, eight characters or more.
func envName(w string) bool {
	if len(w) < 8 || w[0] < 'A' || w[0] > 'Z' || !strings.Contains(w, "_") {
		return false
	}
	for _, r := range w {
		if r != '_' && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return strings.Count(strings.Trim(w, "_"), "_") >= 1
}

// envPrefixes returns the prefixes of a site's environment variables that
// relate it to sites using sibling variables: the first two parts of each
// name ("SGLANG_DISAGG" of SGLANG_DISAGG_STAGING_BUFFER) and, for a
// longer second part, its first six letters (so that SGLANG_DISAGGREGATION_X
// and SGLANG_DISAGG_Y meet at SGLANG_DISAGG).
func envPrefixes(config []string) []string {
	var out []string
	for _, c := range config {
		name, ok := strings.CutPrefix(c, "env var ")
		if !ok {
			continue
		}
		parts := strings.Split(strings.Trim(name, "_"), "_")
		if len(parts) < 3 {
			continue // a two-part name is its own prefix
		}
		second := parts[1]
		if len(second) > 6 {
			second = second[:6]
		}
		pre := parts[0] + "_" + second
		if len(parts[1]) < 3 || slices.Contains(out, pre) {
			continue
		}
		out = append(out, pre)
	}
	return out
}

// classOf derives a class from a qualified function name in languages
// without class facts: "Type.method" or Go's "pkg.(*T).M" and "pkg.T.M".
func classOf(s *errdex.Site) string {
	fn := s.Function
	if i := strings.Index(fn, ".(*"); i >= 0 {
		if j := strings.Index(fn[i:], ")"); j > 0 {
			return fn[i+3 : i+j]
		}
	}
	if s.Language == "go" {
		parts := strings.Split(fn, ".")
		if len(parts) == 3 {
			return parts[1]
		}
		return ""
	}
	if i := strings.LastIndexByte(fn, '.'); i > 0 {
		return fn[:i]
	}
	return ""
}
