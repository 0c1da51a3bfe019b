// Package related picks, for each site, the other errors of the same
// repository worth reading beside it, each with the reason it was picked.
//
// Candidates come from indexes built once per repository, each bucket
// capped so that a file or a word shared by thousands of sites costs
// nothing:
//
//	same function                               5
//	same message in another function or file    4.5 "same message in bisect.bisect_left"
//	same configuration (env var, flag, setting) 4   "same env var X"
//	same class                                  3
//	similar message (weighted overlap ≥ 0.4)    up to 3
//	same env prefix (X_Y_… shared)              2   "same env prefix X_Y"
//	same check on a variable (guard names)      2   "same check on self.x"
//	same file (the nearest by line)             1
//
// A candidate's score is the sum of its reasons; its reason is the
// strongest. The site itself is never related. A site whose title is the
// site's own is kept only when it raises the same message in another
// function or file (at most maxSame of them, one per function); a site
// with the same title as one already kept is skipped. At most maxRelated
// are kept, best first.
//
// Similar messages share distinctive terms: the message's words and its
// pairs of adjacent words ("non negative", "closed file"), each weighted
// by its rarity in the repository (inverse document frequency; a pair
// at half weight), so that
// two messages sharing a rare phrase relate even when each of its words
// is common, and two sharing only "must be" do not. A term found in more
// than maxTermSites sites (or a twentieth of them, when more) finds no
// candidates, but still counts in the overlap of the candidates found.
//
// Configuration names are those the config analysis found behind the
// site, and the NAME_LIKE_THIS words and --flags of its message.
package related

import (
	"cmp"
	"math"
	"path"
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
	Doc:  "related errors of the same repository, ranked by shared function, message, configuration, class, message terms, guards and file",
	Run:  run,
}

const (
	maxRelated = 8
	// maxSame bounds the sites kept that raise the site's own message
	// elsewhere, so that a message raised in twenty places leaves room for
	// other reasons.
	maxSame = 3
	// bucketCap bounds the candidates taken from one index bucket.
	bucketCap = 24
	// nearby is how many sites of the same file, on each side, are
	// candidates.
	nearby = 6
	// commonName is the number of sites above which a guard name is too
	// common to relate sites.
	commonName = 40
	// maxTermSites is the number of sites above which a message term finds
	// no candidates (in repositories of more than 20×maxTermSites sites,
	// a twentieth of them).
	maxTermSites = 120
	minSimilar   = 0.4
	// pairWeight scales the weight of a word pair: a pair repeats the
	// information of its words, and counts mostly when shared.
	pairWeight = 0.5
	// minMessageWords is the number of distinct words a message needs for
	// "same message" to relate sites: "None" or "{msg}" raised in two
	// places says nothing.
	minMessageWords = 2
)

// Scores of the reasons.
const (
	scoreFunction = 5
	scoreSame     = 4.5
	scoreConfig   = 4
	scoreClass    = 3
	scoreSimilar  = 3 // times the weighted overlap
	scorePrefix   = 2
	scoreGuard    = 2
	scoreFile     = 1
)

// info is what the analysis derives once per site.
type info struct {
	site    *errdex.Site
	title   string
	message string // the message, when distinctive enough to match as a whole
	class   string // path + class, "" when unknown
	config  []string
	prefix  []string // env prefixes
	guards  []string
	terms   []int32 // distinct message words and word pairs (term IDs), sorted
	weight  float64 // sum of the terms' weights
	fileIdx int     // position among the file's sites
}

type index struct {
	// cands, counts, touched and list are scratch space reused from site
	// to site.
	cands   map[int]*candidate
	counts  []int32 // by site
	touched []int
	list    []*candidate

	sites    []*info
	byFunc   map[string][]int
	byClass  map[string][]int
	byFile   map[string][]int
	byConfig map[string][]int
	byPrefix map[string][]int
	byGuard  map[string][]int
	byMsg    map[string][]int
	// termIDs numbers the message terms; byTerm lists the sites of each
	// term and idf its weight, ln(1 + sites/df), by term ID.
	termIDs map[string]int32
	byTerm  [][]int
	idf     []float64
	// termCap is the number of sites above which a term finds no
	// candidates.
	termCap int
}

func run(p *analyze.Pass) {
	ix := build(p.Repo)
	for i, in := range ix.sites {
		in.site.Related = ix.related(i)
	}
}

func build(r *analyze.Repo) *index {
	ix := &index{cands: map[int]*candidate{}, byFunc: map[string][]int{}, byClass: map[string][]int{}, byFile: map[string][]int{},
		byConfig: map[string][]int{}, byPrefix: map[string][]int{}, byGuard: map[string][]int{}, termIDs: map[string]int32{},
		byMsg: map[string][]int{}}
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
		in.terms = ix.termIDsOf(terms(s.Template))
		if !s.Template.IsOpaque() && len(words(s.Template)) >= minMessageWords {
			in.message = strings.Join(strings.Fields(s.Template.String()), " ")
		}
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
		for _, t := range in.terms {
			ix.byTerm[t] = append(ix.byTerm[t], i)
		}
		if in.message != "" {
			add(ix.byMsg, in.message, i)
		}
	}
	n := float64(len(ix.sites))
	ix.idf = make([]float64, len(ix.byTerm))
	for t, id := range ix.termIDs {
		w := math.Log(1 + n/float64(len(ix.byTerm[id])))
		if strings.Contains(t, " ") {
			w *= pairWeight
		}
		ix.idf[id] = w
	}
	ix.counts = make([]int32, len(ix.sites))
	for _, in := range ix.sites {
		for _, t := range in.terms {
			in.weight += ix.idf[t]
		}
	}
	ix.termCap = max(maxTermSites, len(ix.sites)/20)
	return ix
}

func add(m map[string][]int, k string, i int) { m[k] = append(m[k], i) }

// termIDsOf numbers terms (see index.termIDs), sorted by number.
func (ix *index) termIDsOf(terms []string) []int32 {
	ids := make([]int32, len(terms))
	for i, t := range terms {
		id, ok := ix.termIDs[t]
		if !ok {
			id = int32(len(ix.byTerm))
			ix.termIDs[t] = id
			ix.byTerm = append(ix.byTerm, nil)
		}
		ids[i] = id
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

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
	// same is true when the candidate raises the site's message in
	// another function or file.
	same bool
}

func (ix *index) related(i int) []errdex.Related {
	me := ix.sites[i]
	cands := ix.cands
	clear(cands)
	give := func(j int, score float64, reason string) *candidate {
		if j == i {
			return nil
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
		return c
	}
	path := me.site.Location.Path
	if realFunction(me.site) {
		for _, j := range capped(ix.byFunc[path+"\x00"+me.site.Function]) {
			give(j, scoreFunction, "same function")
		}
	}
	if me.message != "" {
		for _, j := range capped(ix.byMsg[me.message]) {
			if other := ix.sites[j].site; other.Location.Path != path || other.Function != me.site.Function {
				if c := give(j, scoreSame, "same message in "+place(me.site, other)); c != nil {
					c.same = true
				}
			}
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
	ix.similar(i, func(j int, score float64, reason string) { give(j, score, reason) })
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
	// places are the functions already holding a kept copy of the
	// site's own message, the site's first.
	places := map[string]bool{path + "\x00" + me.site.Function: true}
	same := 0
	for _, c := range list {
		if len(out) == maxRelated {
			break
		}
		in := ix.sites[c.idx]
		if in.site.ID == me.site.ID {
			continue
		}
		reason := c.reason
		if c.same && in.title == me.title {
			key := in.site.Location.Path + "\x00" + in.site.Function
			if same == maxSame || places[key] {
				continue
			}
			places[key] = true
			same++
			reason = "same message in " + place(me.site, in.site)
		} else if titles[in.title] {
			continue
		}
		titles[in.title] = true
		out = append(out, errdex.Related{ID: in.site.ID, Title: in.title, Reason: reason})
	}
	return out
}

// place names where another site is, for "same message in …": its
// function in the same file; in another file, the function qualified by
// the Python module or, for languages whose function names carry their
// package (Go), the function alone, else the function and the path.
func place(me, other *errdex.Site) string {
	fn := other.Function
	if fn == "" {
		fn = analyze.ModuleFunction
	}
	p := other.Location.Path
	switch {
	case p == me.Location.Path:
		return fn
	case other.Language == "python" && strings.HasSuffix(p, ".py"):
		mod := strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(p, ".py"), "/__init__"), "/", ".")
		if fn == analyze.ModuleFunction {
			return mod
		}
		return mod + "." + fn
	case other.Language == "go":
		return fn
	}
	return fn + " (" + path.Base(p) + ")"
}

// similar gives the sites whose message terms overlap with site i's,
// weighted by the terms' rarity. Candidates come from the site's terms
// found in at most termCap sites.
func (ix *index) similar(i int, give func(int, float64, string)) {
	me := ix.sites[i]
	if len(me.terms) < 2 || me.weight == 0 {
		return
	}
	counts, touched := ix.counts, ix.touched[:0]
	for _, t := range me.terms {
		js := ix.byTerm[t]
		if len(js) > ix.termCap || len(js) < 2 {
			continue
		}
		for _, j := range js {
			if counts[j] == 0 {
				touched = append(touched, j)
			}
			counts[j]++
		}
	}
	slices.Sort(touched) // the order of the old map did not matter; keep one
	for _, j := range touched {
		counts[j] = 0
	}
	ix.touched = touched
	for _, j := range touched {
		if j == i {
			continue
		}
		// Common terms were skipped while collecting candidates: compute
		// the overlap exactly on each.
		sim := ix.overlap(me, ix.sites[j])
		if sim >= minSimilar {
			give(j, scoreSimilar*sim, "similar message")
		}
	}
}

// overlap is the weighted cosine (Ochiai) similarity of two sites'
// sorted term sets: the weight of the shared terms over the geometric
// mean of the sets' weights. Unlike a Jaccard ratio it lets a short
// message relate to a longer one that contains its distinctive phrase.
func (ix *index) overlap(a, b *info) float64 {
	shared, i, j := 0.0, 0, 0
	for i < len(a.terms) && j < len(b.terms) {
		switch x, y := a.terms[i], b.terms[j]; {
		case x == y:
			shared += ix.idf[x]
			i++
			j++
		case x < y:
			i++
		default:
			j++
		}
	}
	if shared == 0 {
		return 0
	}
	return shared / math.Sqrt(a.weight*b.weight)
}

func capped(js []int) []int {
	if len(js) > bucketCap {
		return js[:bucketCap]
	}
	return js
}

// stopWords are words too frequent in error messages to relate them on
// their own; they still form word pairs ("must be" is common and weighs
// little, "be non" is rarer).
var stopWords = map[string]bool{
	"the": true, "and": true, "for": true, "not": true, "with": true, "but": true, "are": true, "was": true,
	"has": true, "have": true, "this": true, "that": true, "from": true, "must": true, "can": true,
	"cannot": true, "should": true, "when": true, "than": true, "its": true, "got": true, "expected": true,
	"invalid": true, "error": true, "only": true, "use": true, "one": true, "none": true, "been": true,
}

// tokenize splits literal text into lower-case words of letters, digits
// and underscores.
func tokenize(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
}

// words returns the distinct lower-case words of three letters or more
// of a template's literal text, without stop words, sorted.
func words(t errdex.Template) []string {
	var ws []string
	for _, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		for _, w := range tokenize(p.Text) {
			if len(w) >= 3 && !stopWords[w] {
				ws = append(ws, w)
			}
		}
	}
	slices.Sort(ws)
	return slices.Compact(ws)
}

// terms returns a template's words (see words) and the pairs of adjacent
// words of its literal text ("non negative"), distinct and sorted. A hole
// separates words: no pair spans it.
func terms(t errdex.Template) []string {
	ts := words(t)
	for _, p := range t.Parts {
		if p.IsHole() {
			continue
		}
		toks := tokenize(p.Text)
		for k := 0; k+1 < len(toks); k++ {
			ts = append(ts, toks[k]+" "+toks[k+1])
		}
	}
	slices.Sort(ts)
	return slices.Compact(ts)
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
