package template

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// MessageFormat parses java.text.MessageFormat patterns, the format of
// MessageFormat.format(pattern, args...) and of resource-bundle messages:
// "{0}" formats argument 0, "{1,number}", "{1,number,#.##}", "{2,date,short}"
// and "{3,choice,0#none|1#one}" format it with a subformat, and a single
// quote starts or ends quoted text in which braces are literal (two single
// quotes print one, and "can't {0}" prints "cant {0}"). A placeholder whose argument
// the call does not pass prints itself ("{3}"), as the runtime does.
//
// The zero value is ready to use; a MessageFormat is a plain value safe for
// concurrent use when its hooks are.
type MessageFormat struct {
	// HoleName derives a hole's name from an argument's source text. Nil
	// selects HoleNameOf.
	HoleName func(expr string) string
	// Value, when set, returns the statically known message of argument i
	// (0-based, counted after the pattern): a plain "{i}" then inlines it.
	Value func(i int) (errdex.Template, bool)
	// UnknownArgs says the arguments are not known one by one (the call
	// passes an Object[] built elsewhere): every placeholder becomes a hole
	// and none prints itself.
	UnknownArgs bool
}

// MessageFormatResult is a parsed MessageFormat pattern.
type MessageFormatResult struct {
	// Template is the message the pattern produces, normalised, with
	// hole names made distinct (see DistinctHoles).
	Template errdex.Template
	// Problems describe what is malformed: unmatched braces or a bad
	// argument number (both throw IllegalArgumentException at run time),
	// an unknown format type. Parsing never fails.
	Problems []string
}

// Segments of a placeholder, as MessageFormat.applyPattern names them.
const (
	mfIndex = iota
	mfType
	mfStyle
)

// Parse parses pattern, the decoded value of the pattern string, with args
// the source texts of the arguments that follow it.
func (m MessageFormat) Parse(pattern string, args []string) MessageFormatResult {
	var (
		parts    []errdex.Part
		problems []string
		raw      strings.Builder
		seg      [3]strings.Builder
		part     = -1 // -1: literal text; else the placeholder segment
		inQuote  bool
		braces   int
		start    int
	)
	problem := func(at int, format string, a ...any) {
		if len(problems) < maxPrintfProblems {
			problems = append(problems, fmt.Sprintf("byte %d: ", at)+fmt.Sprintf(format, a...))
		}
	}
	flush := func() {
		if raw.Len() > 0 {
			parts = append(parts, errdex.Lit(raw.String()))
			raw.Reset()
		}
	}
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if part < 0 {
			switch {
			case c == '\'' && i+1 < len(pattern) && pattern[i+1] == '\'':
				raw.WriteByte('\'')
				i++
			case c == '\'':
				inQuote = !inQuote
			case c == '{' && !inQuote:
				part, start, braces = mfIndex, i, 0
				for k := range seg {
					seg[k].Reset()
				}
			default:
				raw.WriteByte(c)
			}
			continue
		}
		if inQuote {
			seg[part].WriteByte(c)
			if c == '\'' {
				inQuote = false
			}
			continue
		}
		switch c {
		case ',':
			if part < mfStyle {
				part++
			} else {
				seg[part].WriteByte(c)
			}
		case '{':
			braces++
			seg[part].WriteByte(c)
		case '}':
			if braces > 0 {
				braces--
				seg[part].WriteByte(c)
				continue
			}
			part = -1
			flush()
			parts = append(parts, m.placeholder(pattern[start:i+1], seg, args, start, problem)...)
		case ' ':
			if part != mfType || seg[mfType].Len() > 0 {
				seg[part].WriteByte(c)
			}
		case '\'':
			inQuote = true
			seg[part].WriteByte(c)
		default:
			seg[part].WriteByte(c)
		}
	}
	if part >= 0 {
		// The runtime throws "Unmatched braces in the pattern."; the text
		// is kept so the template still says what the code meant.
		problem(start, "unmatched braces in the pattern")
		raw.WriteString(pattern[start:])
	}
	flush()
	return MessageFormatResult{
		Template: DistinctHoles(errdex.Template{Parts: parts}.Normalize()),
		Problems: problems,
	}
}

// placeholder returns the parts of one "{...}" placeholder.
func (m MessageFormat) placeholder(text string, seg [3]strings.Builder, args []string, at int,
	problem func(int, string, ...any)) []errdex.Part {
	// Integer.parseInt: an optional sign, decimal digits, 32 bits.
	index := seg[mfIndex].String()
	n, err := strconv.ParseInt(index, 10, 32)
	if err != nil || n < 0 || len(digits(strings.TrimPrefix(index, "+"))) != len(strings.TrimPrefix(index, "+")) {
		problem(at, "%s: can't parse argument number %q", text, index)
		return []errdex.Part{errdex.Lit(text)}
	}
	typ := errdex.HoleAny
	kind := strings.ToLower(strings.TrimSpace(seg[mfType].String()))
	switch kind {
	case "":
	case "number", "date", "time", "choice":
		// Grouped digits, localized dates and chosen phrases are text.
		typ = errdex.HoleStr
	default:
		problem(at, "%s: unknown format type %q", text, kind)
		typ = errdex.HoleStr
	}
	if m.UnknownArgs {
		return []errdex.Part{errdex.HolePart("arg"+strconv.FormatInt(n, 10), "", typ)}
	}
	if n >= int64(len(args)) {
		return []errdex.Part{errdex.Lit("{" + strconv.FormatInt(n, 10) + "}")}
	}
	if kind == "" && m.Value != nil {
		if known, ok := m.Value(int(n)); ok {
			return known.Parts
		}
	}
	expr := args[int(n)]
	name := HoleNameOf(expr)
	if m.HoleName != nil {
		name = m.HoleName(expr)
	}
	return []errdex.Part{errdex.HolePart(name, expr, typ)}
}
