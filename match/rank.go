package match

import (
	"cmp"
	"math"
	"strings"
)

// specificText is the literal text, in bytes, that makes a match specific
// whatever its holes capture (see textScore).
const specificText = 200

// misfitCost is the share of the text score a capture that cannot be of
// its hole's type costs (a type fit of -1; see typeFit).
const misfitCost = 0.15

// textScore turns an alignment into a score in [0, 1]:
//
//	coverage² × explained × (0.6 + 0.4·confidence) × fit × case × specificity
//
// where coverage is the share of the template's literal text found (a tail
// cut off the message counts 40%, or 90% when the message shows it was
// cut, scaled down when fewer than truncEvidence literal bytes were seen
// before the cut), explained is the share of the message some part of the template
// accounts for, confidence grows with the literal bytes matched (a
// nine-letter "not found" is weak evidence, a sentence is strong), fit
// lowers the score by misfitCost for each capture that cannot be a value
// of its hole's type (an int hole holding "1 at position 12": the
// alignment is most likely wrong), less for doubtful ones, down to 50%;
// case
// lowers it by 5% for each letter that differs in case, down to 70%
// (printed messages keep their case: "no module named" is another
// template's text than "No module named", however long the rest that
// agrees), and specificity lowers it when
// holes rather than literal text account for most of the message (a
// template like "missing {name}" swallowing a whole sentence): it is 1 when
// literal text is at least half of what the template matched, down to 0.6
// (an error hole's capture counts too: a wrapper explains another error's
// message only when another template does, see compose.go; a repr hole's
// capture of a whole structured value, a list or an object's repr, does
// not: it is data, however long, not a sentence the hole swallowed), unless the
// literal text matched is long enough to be specific on its own: at
// specificText bytes, however much the holes hold (botocore's "Unknown
// service: '{service_name}'. Valid service names are: {known}" lists
// hundreds of names).
func (al *alignment) textScore(truncated bool) float64 {
	if al.total == 0 || al.matched == 0 {
		return 0
	}
	credit := 0.4
	if al.partial || truncated {
		credit = 0.9
	}
	// A cut message vouches for the template's unseen tail only as far as
	// it showed enough of the template to be sure of it.
	credit *= min(1, float64(al.matched)/truncEvidence)
	coverage := (float64(al.matched) + credit*float64(al.truncTail)) / float64(al.total)
	explained := max(0, 1-float64(al.unexplained)/float64(al.query))
	confidence := 1 - math.Exp(-float64(al.matched)/10)
	fit := 1.0
	fit = max(0.5, fit+misfitCost*float64(al.misfit))
	caseFactor := 1 - min(0.3, 0.05*float64(al.caseMiss))
	share := float64(al.matched) / float64(al.matched+al.captured-al.structured)
	specificity := 0.6 + 0.4*max(min(1, share/0.5), min(1, float64(al.matched)/specificText))
	return min(1, max(0, coverage*coverage*explained*(0.6+0.4*confidence)*fit*caseFactor*specificity))
}

// frameEvidence grades how the query's frames point at site rec (see the
// frame* constants) and returns the frame responsible.
func (ix *Index) frameEvidence(site uint32, frames []Frame, hits []frameFile, innermost bool) (float64, int) {
	rec := ix.sites[site]
	best, at := 0.0, -1
	if !innermost {
		best = frameElsewhere
	}
	fn := ix.str(rec.function)
	for _, h := range hits {
		if h.file != rec.file {
			continue
		}
		fr := frames[h.frame]
		d := ix.distance(site, fr)
		level := 0.0
		switch {
		case h.frame == 0 && fr.Line > 0 && d == 0:
			level = frameAtRaise
		case h.frame == 0 && fr.Line > 0 && d <= nearLines:
			level = frameNearRaise
		case h.frame == 0 && sameFunction(fr.Function, fn):
			level = frameSameFunction
		case h.frame == 0:
			level = frameSameFile
		case fr.Line > 0 && d == 0:
			level = outerFrameAtSite
		case sameFunction(fr.Function, fn):
			level = outerSameFunction
		default:
			level = outerSameFile
		}
		if level > best {
			best, at = level, h.frame
		}
	}
	return best, at
}

// excAgreement compares the query's exception type with the site's: 1 when
// it equals the name as written or qualified, or when both are qualified
// and their modules are the same but for private parts (see sameModule:
// Python prints the module a class says it belongs to, often the public
// package that re-exports it, while the site knows the module that defines
// it); 0.85 when the short names agree and one side is unqualified; 0.5
// when both are qualified differently ("locale.Error", "_csv.Error": a
// generic short name); 0 otherwise (a wrapper may have changed the type:
// this lowers the score without excluding the site). ok is false when
// either side is unknown, and when the query's type is the bare word
// "Error" (see genericType) and the site's is another.
func excAgreement(q, written, qualified string) (level float64, ok bool) {
	if q == "" || written == "" && qualified == "" {
		return 0, false
	}
	site := cmp.Or(qualified, written)
	switch {
	case q == written || q == qualified:
		return 1, true
	case genericType(q):
		return 0, false
	case shortName(q) != shortName(site):
		return 0, true
	case shortName(q) == q || shortName(site) == site:
		return 0.85, true
	case sameModule(q[:len(q)-len(shortName(q))-1], site[:len(site)-len(shortName(site))-1]):
		return 1, true
	}
	return 0.5, true
}

// genericType reports whether a query's exception type is the bare word
// "Error", which names no class for certain: Node prints it for an Error
// subclass that keeps the inherited name, and Go's cobra and Rust's main
// put it before any error they print ("Error: open x: no such file or
// directory"). It agrees with a site that throws Error itself, and says
// nothing of the others: not that syntax.Error raised it, nor that a Go
// or Rust site did not.
func genericType(q string) bool { return q == "Error" }

// sameModule reports whether two dotted module paths name the same public
// module: equal once their private components are set aside, or one a
// package of the other. A component is private when it starts with an
// underscore; one that is all there is loses the underscore instead (C
// accelerators: "_queue" for "queue", "_csv" for "csv"). So "re" and
// "re._constants", "json" and "json.decoder", "_queue" and "queue" agree;
// "locale" and "_csv" do not.
func sameModule(a, b string) bool {
	a, b = publicModule(a), publicModule(b)
	return a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".")
}

// publicModule drops the private components of a module path (see
// sameModule).
func publicModule(m string) string {
	var keep []string
	for _, c := range strings.Split(m, ".") {
		if !strings.HasPrefix(c, "_") {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return strings.TrimLeft(m, "_")
	}
	return strings.Join(keep, ".")
}

// isIdentPath reports whether s is a dotted identifier ("_queue.Empty").
func isIdentPath(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '.' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' && i > 0) {
			return false
		}
	}
	return true
}

// sameRepo compares a repository hint with a site's repository, ignoring
// case and a host prefix ("github.com/o/n" and "o/n").
func sameRepo(hint, repo string) bool {
	h, r := strings.ToLower(strings.Trim(hint, "/")), strings.ToLower(repo)
	return h == r || strings.HasSuffix(r, "/"+h) || strings.HasSuffix(h, "/"+r)
}
