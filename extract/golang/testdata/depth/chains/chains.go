// Package chains calls helpers that pass their parameters on to other
// helpers (see chains.go). A call takes the messages of sites at most
// maxHelperDepth helpers below the one it calls, whichever call is looked
// at first.
package chains

import "errors"

func lowA(fn string) error { return errors.New("lowA " + fn) }

func underA(fn string) error { return lowA(fn) }

func belowA(fn string) error { return underA(fn) }

// midA's own message reads other; lowA's is three helpers below it.
func midA(fn, other string) error {
	if other != "" {
		return errors.New("midA: " + other)
	}
	return belowA(fn)
}

func highA(fn, other string) error { return midA(fn, other) }

func upA(fn, other string) error { return highA(fn, other) }

func topA(fn, other string) error { return upA(fn, other) }

// DirectA calls midA: lowA's message is within reach.
func DirectA() error { return midA("direct", "x") }

// FarA calls topA, six helpers above lowA: lowA's message is out of reach,
// though DirectA's call was looked at first.
func FarA(other string) error { return topA("far", other) }

// The same helpers, with the far call first: DirectB still takes lowB's
// message.
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

func FarB(other string) error { return topB("far", other) }

func DirectB() error { return midB("direct", "x") }

// Reach: a call four helpers above a site takes its message, one five
// helpers above does not.
func leaf(fn string) error { return errors.New("leaf " + fn) }

func d1(fn string) error { return leaf(fn) }

func d2(fn string) error { return d1(fn) }

func d3(fn string) error { return d2(fn) }

func d4(fn string) error { return d3(fn) }

func d5(fn string) error { return d4(fn) }

func Four() error { return d4("four") }

func Five() error { return d5("five") }
