// Package all lists every extractor errdex ships, one per language. The
// list is explicit: no init() registration.
package all

import (
	"github.com/errdex/errdex/extract"
	"github.com/errdex/errdex/extract/cpp"
	"github.com/errdex/errdex/extract/golang"
	"github.com/errdex/errdex/extract/java"
	"github.com/errdex/errdex/extract/javascript"
	"github.com/errdex/errdex/extract/python"
	"github.com/errdex/errdex/extract/rust"
)

// Extractors returns the extractors of every supported language.
func Extractors() []*extract.Extractor {
	return []*extract.Extractor{
		cpp.C,
		cpp.CPP,
		golang.Extractor,
		java.Extractor,
		javascript.Extractor,
		javascript.TypeScript,
		python.Extractor,
		rust.Extractor,
	}
}
