package syntax

/*
#include <stdint.h>
typedef struct TSLanguage TSLanguage;
uint32_t ts_language_symbol_count(const TSLanguage *self);
const char *ts_language_symbol_name(const TSLanguage *self, uint16_t symbol);
uint32_t ts_language_field_count(const TSLanguage *self);
const char *ts_language_field_name_for_id(const TSLanguage *self, uint16_t id);
*/
import "C"

import (
	"sync"
	"unsafe"

	// The tree-sitter runtime; its C symbols are what parser.go calls.
	_ "github.com/tree-sitter/go-tree-sitter"
	tsc "github.com/tree-sitter/tree-sitter-c/bindings/go"
	tscpp "github.com/tree-sitter/tree-sitter-cpp/bindings/go"
	tsjava "github.com/tree-sitter/tree-sitter-java/bindings/go"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"
	tsts "github.com/tree-sitter/tree-sitter-typescript/bindings/go"
)

// Language is a tree-sitter grammar with its node-kind and field names
// resolved once, so that Node.Kind and Node.Child cost no C calls. A
// Language is immutable and safe for concurrent use.
type Language struct {
	name   string
	ptr    unsafe.Pointer
	kinds  []string          // by symbol id
	fields []string          // by field id; fields[0] = ""
	field  map[string]uint16 // field name → id
}

// Name is the language's name ("python").
func (l *Language) Name() string { return l.name }

// FieldID returns the id of a field name, or 0 when the grammar has no such
// field.
func (l *Language) FieldID(name string) uint16 { return l.field[name] }

func newLanguage(name string, ptr unsafe.Pointer) *Language {
	cl := (*C.TSLanguage)(ptr)
	l := &Language{name: name, ptr: ptr, field: map[string]uint16{}}
	nk := int(C.ts_language_symbol_count(cl))
	l.kinds = make([]string, nk)
	for i := range nk {
		if s := C.ts_language_symbol_name(cl, C.uint16_t(i)); s != nil {
			l.kinds[i] = C.GoString(s)
		}
	}
	nf := int(C.ts_language_field_count(cl))
	l.fields = make([]string, nf+1)
	for i := 1; i <= nf; i++ {
		if s := C.ts_language_field_name_for_id(cl, C.uint16_t(i)); s != nil {
			l.fields[i] = C.GoString(s)
			l.field[l.fields[i]] = uint16(i)
		}
	}
	return l
}

func (l *Language) kindName(id uint16) string {
	if int(id) < len(l.kinds) {
		return l.kinds[id]
	}
	return ""
}

// The grammars are loaded on first use; each is immutable afterwards.
var (
	python     = sync.OnceValue(func() *Language { return newLanguage("python", tspython.Language()) })
	javascript = sync.OnceValue(func() *Language { return newLanguage("javascript", tsjs.Language()) })
	typescript = sync.OnceValue(func() *Language { return newLanguage("typescript", tsts.LanguageTypescript()) })
	tsx        = sync.OnceValue(func() *Language { return newLanguage("tsx", tsts.LanguageTSX()) })
	java       = sync.OnceValue(func() *Language { return newLanguage("java", tsjava.Language()) })
	rust       = sync.OnceValue(func() *Language { return newLanguage("rust", tsrust.Language()) })
	clang      = sync.OnceValue(func() *Language { return newLanguage("c", tsc.Language()) })
	cpp        = sync.OnceValue(func() *Language { return newLanguage("cpp", tscpp.Language()) })
)

// Python returns the Python grammar (tree-sitter-python v0.23).
func Python() *Language { return python() }

// JavaScript returns the JavaScript grammar, which also parses JSX.
func JavaScript() *Language { return javascript() }

// TypeScript returns the TypeScript grammar (without JSX).
func TypeScript() *Language { return typescript() }

// TSX returns the TypeScript grammar with JSX.
func TSX() *Language { return tsx() }

// Java returns the Java grammar.
func Java() *Language { return java() }

// Rust returns the Rust grammar.
func Rust() *Language { return rust() }

// C returns the C grammar.
func C() *Language { return clang() }

// CPP returns the C++ grammar.
func CPP() *Language { return cpp() }
