// Package bindings passes constants up chains of helpers to a helper's
// site (see callers.go). A constant reaches a site through at most
// maxHelperDepth helpers above the site's own, whichever site's callers
// are looked at first.
package bindings

import "errors"

// midA has a site of its own, looked at before lowA's (it is declared
// first): its callers are followed through highA, upA and topA to
// UseA's constant, which is three helpers above midA but six above
// lowA, too far for lowA's site.
func midA(fn, other string) error {
	if other != "" {
		return errors.New("midA: " + other)
	}
	return belowA(fn)
}

func belowA(fn string) error { return underA(fn) }

func underA(fn string) error { return lowA(fn) }

func lowA(fn string) error { return errors.New("lowA " + fn) }

func highA(fn, other string) error { return midA(fn, other) }

func upA(fn, other string) error { return highA(fn, other) }

func topA(fn, other string) error { return upA(fn, other) }

func UseA(other string) error { return topA("deep", other) }

// The same chain with the site's helper declared first: lowB's site takes
// no more than lowA's.
func lowB(fn string) error { return errors.New("lowB " + fn) }

func underB(fn string) error { return lowB(fn) }

func belowB(fn string) error { return underB(fn) }

func midB(fn, other string) error {
	if other != "" {
		return errors.New("midB: " + other)
	}
	return belowB(fn)
}

func highB(fn, other string) error { return midB(fn, other) }

func upB(fn, other string) error { return highB(fn, other) }

func topB(fn, other string) error { return upB(fn, other) }

func UseB(other string) error { return topB("deep", other) }

// pick chooses between two helpers, so its calls are no site: its
// callers' constants reach bad's site through pick and c3, c2, c1 (four
// helpers above bad: the most followed), but not those of far, a fifth.
func bad(fn string) error { return errors.New("bad " + fn) }

func other(fn string) error { return errors.New("other " + fn) }

func c1(fn string) error { return bad(fn) }

func c2(fn string) error { return c1(fn) }

func c3(fn string) error { return c2(fn) }

func pick(fn string, n int) error {
	if n > 0 {
		return c3(fn)
	}
	return other(fn)
}

func far(fn string, n int) error { return pick(fn, n) }

func Near(n int) error { return pick("near", n) }

func Far(n int) error { return far("far", n) }
