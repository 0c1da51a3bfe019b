// Package family sorts sites into failure families: kinds of failure
// that recur across libraries and languages (a missing setting, a value
// out of range, a file that is not there), each with a background
// paragraph, a playbook of fixes and the situations that commonly lead
// there. A family page gathers every site of the family across the
// knowledge base; the explain package uses the playbook after the fixes
// derived from the site's own code.
//
// Classification scores each family from three kinds of evidence and
// keeps the best:
//
//   - the exception type's simple name (FileNotFoundError, KeyError,
//     IllegalStateException, *fs.PathError → PathError), weighted by how
//     specific the type is (NotImplementedError says more than ValueError),
//     or for a library's own class the kind its name ends with
//     (AddressValueError, HeaderParseError, ModelNotFoundError);
//   - words and phrases of the message's literal text, matched on
//     lower-case word tokens ("not supported", "out of range", "pars*"
//     for parse, parser, parsing), capped per family so that a long
//     message cannot win on many weak words; a path-typed hole counts as
//     file evidence, an upper-case NAME_LIKE_THIS token as a setting;
//   - the kind of the site (an assert, a Go panic: internal invariants) and
//     the shape of its guards and configuration: an isinstance
//     check (wrong type), "x is None" (missing value), a comparison of a
//     number (range), sys.platform (platform), sys.version_info
//     (version), an except clause catching ImportError (dependency),
//     configuration found behind the guards (setting), an assert.
//
// A site whose best score is below minScore is in the family "other".
// The confidence grows with the best score and with its margin over the
// second best. Family.Sites and Family.Libraries are the counts within the
// indexed repository (Libraries is 1); stores recount them across every
// repository when they read a site.
package family

import (
	"strings"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze"
)

// Analyzer fills Site.Family.
var Analyzer = &analyze.Analyzer{
	Name: "family",
	Doc:  "the failure family of each site, from its exception type, message words, guards and configuration",
	Run:  run,
}

// Family is a kind of failure that recurs across libraries.
type Family struct {
	Slug string
	Name string
	// Background is one paragraph on what the failure is and why code
	// checks for it.
	Background string
	// Gist completes "This error means that ..." for sites of the
	// family classified with confidence.
	Gist string
	// Playbook lists generic fixes, most useful first.
	Playbook []string
	// SettingSteps is how many of Playbook's first steps ask in general
	// words for a setting to be set: where a site's own settings name
	// it (an environment variable it reads, a flag its guard checks),
	// solutions saying so for that setting replace them.
	SettingSteps int
	// Situations lists common ways to get there.
	Situations []string
}

// Other is the slug of the family of sites that fit no family.
const Other = "other"

// minScore is the evidence a family needs to be chosen.
const minScore = 1.5

// Families returns the taxonomy, "other" last. The slice is shared: do
// not modify it.
func Families() []*Family { return families }

// Lookup returns the family with a slug, or nil.
func Lookup(slug string) *Family { return bySlug[slug] }

var bySlug = func() map[string]*Family {
	m := map[string]*Family{}
	for _, f := range families {
		m[f.Slug] = f
	}
	return m
}()

func run(p *analyze.Pass) {
	counts := map[string]int{}
	for _, s := range p.Repo.Sites {
		f, conf := Classify(s)
		s.Family = &errdex.FamilyRef{Slug: f.Slug, Name: f.Name, Confidence: conf}
		counts[f.Slug]++
	}
	for _, s := range p.Repo.Sites {
		s.Family.Sites, s.Family.Libraries = counts[s.Family.Slug], 1
	}
}

// Classify returns a site's family and the confidence of the choice,
// between 0 and 1 (0 for "other").
func Classify(s *errdex.Site) (*Family, float64) {
	var sc [numFamilies]float64
	scoreType(s, &sc)
	scoreWords(s, &sc)
	scoreShape(s, &sc)
	best, second := -1, -1
	for i := range sc {
		switch {
		case best < 0 || sc[i] > sc[best]:
			best, second = i, best
		case second < 0 || sc[i] > sc[second]:
			second = i
		}
	}
	top := sc[best]
	if top < minScore {
		return bySlug[Other], 0
	}
	runner := 0.0
	if second >= 0 {
		runner = sc[second]
	}
	conf := top / (top + runner) * min(1, top/4)
	return families[best], float64(int(min(conf, 0.95)*100+0.5)) / 100
}

// typeName is the simple name of a site's exception type: the last
// segment, without pointer stars or generic arguments.
func typeName(s *errdex.Site) string {
	t := s.Exception
	if t == "" {
		t = s.ExceptionQualified
	}
	if i := strings.IndexAny(t, "<[("); i >= 0 {
		t = t[:i]
	}
	t = strings.TrimLeft(t, "*&")
	return t[strings.LastIndexAny(t, ".:")+1:]
}

func scoreType(s *errdex.Site, sc *[numFamilies]float64) {
	name := typeName(s)
	if tws, ok := typeWeights[name]; ok {
		for _, tw := range tws {
			sc[tw.family] += tw.weight
		}
		return
	}
	// A library's own exception class often says its kind in its name
	// (AddressValueError, HeaderParseError, ModelNotFoundError).
	for _, sw := range suffixWeights {
		if strings.HasSuffix(name, sw.suffix) && name != sw.suffix {
			sc[sw.family] += sw.weight
			return
		}
	}
}

// maxWords caps the score words give one family.
const maxWords = 5

func scoreWords(s *errdex.Site, sc *[numFamilies]float64) {
	toks, upper := tokens(s.Template)
	for _, alt := range s.Alternatives {
		more, u := tokens(alt)
		toks = append(append(toks, ""), more...)
		upper = upper || u
	}
	var words [numFamilies]float64
	matchPhrases(toks, &words)
	if enumerates(s.Template) {
		words[famValue] += 2.5
	}
	for i := range words {
		sc[i] += min(words[i], maxWords)
	}
	if upper {
		sc[famSetting] += 1.5
	}
	for _, p := range s.Template.Parts {
		if p.Type == errdex.HolePath {
			sc[famFile] += 1.5
			break
		}
	}
}

func scoreShape(s *errdex.Site, sc *[numFamilies]float64) {
	if s.Kind == errdex.KindAssert {
		sc[famInvariant] += 2
	}
	if s.Kind == errdex.KindPanic && s.Language == "go" {
		sc[famInvariant] += 1 // Go code panics on programming errors
	}
	if s.Kind == errdex.KindEnvLookup {
		sc[famSetting] += 5 // KeyError: 'NAME' from os.environ["NAME"]
	}
	presence, value := false, false
	for _, g := range s.Guards {
		switch g.Op {
		case "isinstance", "not isinstance":
			sc[famType] += 1.5
		case "is", "is not":
			if g.Value == "None" {
				presence = true
				if g.Op == "is" {
					sc[famMissing] += 1
				}
			}
		case "truthy", "falsy":
			presence = true
		case "<", "<=", ">", ">=":
			if isNumber(g.Value) {
				sc[famRange] += 1
				presence = presence || g.Value == "0" || g.Value == "1"
			}
		case "not in", "in":
			if literalSet(g.Value) {
				// A value checked against an allowed set: an invalid
				// value, or an option the code does not have.
				sc[famValue] += 1.5
				sc[famOption] += 0.5
				value = true
			}
		case "==", "!=":
			if quoted(g.Value) {
				value = true
			}
		}
		for _, n := range g.Names {
			switch n {
			case "sys.platform", "os.name", "platform.system", "sys.byteorder":
				sc[famPlatform] += 3
			case "sys.version_info", "sys.version", "sys.hexversion":
				sc[famVersion] += 2
			}
		}
		if g.Kind == "except" {
			scoreCaught(g.Caught, typeName(s), sc)
		}
	}
	if len(s.Config) > 0 {
		// A setting behind the check: missing or turned off when the
		// guards test its presence (truth, None, zero), set to a value
		// the code rejects when they only compare it with constants.
		if value && !presence {
			sc[famValue] += 1.5
		} else {
			sc[famSetting] += 1.5
		}
	}
}

// scoreCaught weighs the exception types an enclosing except clause
// caught: the failure being handled is the failure reported, so that
// raise OSError("config file missing") under except FileNotFoundError is
// a file problem. A type counts three quarters of what it counts raised,
// shared among the types one clause catches; ImportError counts in full
// (a feature that needs an import). Broad types (Exception,
// BaseException, OSError) say little, and the type the site raises
// itself (a bare raise, a re-raise) is already counted.
func scoreCaught(caught, raised string, sc *[numFamilies]float64) {
	types := strings.Split(caught, ", ")
	share := 0.75 / float64(len(types))
	for _, c := range types {
		c = c[strings.LastIndexByte(c, '.')+1:]
		switch c {
		case "", "Exception", "BaseException":
			continue
		case "ImportError", "ModuleNotFoundError":
			sc[famDependency] += 3
			continue
		case "OSError", "IOError", "EnvironmentError", "error":
			sc[famIO] += 0.5
			continue
		case raised:
			continue
		}
		for _, tw := range typeWeights[c] {
			sc[tw.family] += share * tw.weight
		}
	}
}

// literalSet reports whether a guard's value is a tuple, list or set
// literal (of constants or names: ("debug", "info"), (None, "", "\n")).
func literalSet(v string) bool {
	return len(v) >= 2 && strings.ContainsRune("([{", rune(v[0])) && strings.ContainsRune(")]}", rune(v[len(v)-1]))
}

// quoted reports whether v is a quoted string literal.
func quoted(v string) bool {
	return len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0]
}

func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' && r != '_' && r != 'e' && r != 'x' {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}
