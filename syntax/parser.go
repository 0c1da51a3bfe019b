package syntax

// This file holds the Parser and talks to tree-sitter's C library directly. go-tree-sitter's Go
// API costs a cgo call per node (about 400 ns a node measured here), which
// would dominate extraction. Instead one C call parses a file with a
// deadline, a second walks the whole tree with a TreeCursor and writes every
// node into a flat Go array, and from then on extractors walk plain Go
// memory. The C symbols come from go-tree-sitter's copy of the library,
// linked in by the blank import in language.go; the declarations below are
// the subset of tree_sitter/api.h (ABI 15, library 0.25) that we use.

/*
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct TSLanguage TSLanguage;
typedef uint16_t TSSymbol;
typedef uint16_t TSFieldId;
typedef struct { uint32_t row; uint32_t column; } TSPoint;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;
typedef enum { TSInputEncodingUTF8 = 0 } TSInputEncoding;
typedef struct {
	void *payload;
	const char *(*read)(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read);
	TSInputEncoding encoding;
	void *decode;
} TSInput;
typedef struct { void *payload; uint32_t current_byte_offset; bool has_error; } TSParseState;
typedef struct { void *payload; bool (*progress_callback)(TSParseState *state); } TSParseOptions;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
void ts_parser_reset(TSParser *self);
TSTree *ts_parser_parse_with_options(TSParser *self, const TSTree *old_tree, TSInput input, TSParseOptions parse_options);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
uint32_t ts_node_descendant_count(TSNode self);
TSSymbol ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
TSPoint ts_node_start_point(TSNode self);
TSPoint ts_node_end_point(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_error(TSNode self);
bool ts_node_has_error(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
TSFieldId ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
uint32_t ts_language_symbol_count(const TSLanguage *self);
const char *ts_language_symbol_name(const TSLanguage *self, TSSymbol symbol);
uint32_t ts_language_field_count(const TSLanguage *self);
const char *ts_language_field_name_for_id(const TSLanguage *self, TSFieldId id);
void ts_set_allocator(void *(*new_malloc)(size_t), void *(*new_calloc)(size_t, size_t),
	void *(*new_realloc)(void *, size_t), void (*new_free)(void *));

// Node flags.
enum { FLAG_NAMED = 1, FLAG_MISSING = 2, FLAG_ERROR = 4, FLAG_HAS_ERROR = 8 };

// A node of the flat tree. Keep in step with the Go type node.
typedef struct {
	uint16_t kind;
	uint16_t field;
	uint32_t flags;
	uint32_t start_byte, end_byte;
	uint32_t start_row, start_col, end_row, end_col;
	int32_t parent, first_child, next_sibling, prev_sibling, end;
} flat_node;

_Static_assert(sizeof(flat_node) == 52, "flat_node layout");

typedef struct {
	const char *src;
	uint32_t len;
	int64_t deadline_ns; // CLOCK_MONOTONIC; 0 for none
	uint32_t calls;
	bool timed_out;
} parse_input;

static const char *read_input(void *payload, uint32_t byte_index, TSPoint p, uint32_t *bytes_read) {
	parse_input *in = payload;
	(void)p;
	if (byte_index >= in->len) {
		*bytes_read = 0;
		return "";
	}
	*bytes_read = in->len - byte_index;
	return in->src + byte_index;
}

static int64_t now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

// progress returns true to stop parsing. Checking the clock on every call
// would cost more than the parse step it guards, so check every 64th.
static bool progress(TSParseState *st) {
	parse_input *in = st->payload;
	if (in->deadline_ns == 0 || (++in->calls & 63) != 0) {
		return false;
	}
	if (now_ns() > in->deadline_ns) {
		in->timed_out = true;
		return true;
	}
	return false;
}

static int64_t errdex_now_ns(void) { return now_ns(); }

// errdex_parse parses src and returns the tree, or NULL when the deadline
// passed (*timed_out set) or the parser gave up.
static TSTree *errdex_parse(TSParser *p, const char *src, uint32_t len, int64_t deadline_ns, bool *timed_out, uint32_t *count) {
	parse_input in = { src, len, deadline_ns, 0, false };
	TSInput input = { &in, read_input, TSInputEncodingUTF8, NULL };
	TSParseOptions opts = { &in, progress };
	TSTree *t = ts_parser_parse_with_options(p, NULL, input, opts);
	*timed_out = in.timed_out;
	if (t == NULL) {
		ts_parser_reset(p);
		*count = 0;
		return NULL;
	}
	*count = ts_node_descendant_count(ts_tree_root_node(t));
	return t;
}

static void fill(flat_node *n, TSTreeCursor *c, int32_t parent, int32_t prev) {
	TSNode node = ts_tree_cursor_current_node(c);
	TSPoint s = ts_node_start_point(node), e = ts_node_end_point(node);
	uint32_t flags = 0;
	if (ts_node_is_named(node)) flags |= FLAG_NAMED;
	if (ts_node_is_missing(node)) flags |= FLAG_MISSING;
	if (ts_node_is_error(node)) flags |= FLAG_ERROR;
	if (ts_node_has_error(node)) flags |= FLAG_HAS_ERROR;
	n->kind = ts_node_symbol(node);
	n->field = ts_tree_cursor_current_field_id(c);
	n->flags = flags;
	n->start_byte = ts_node_start_byte(node);
	n->end_byte = ts_node_end_byte(node);
	n->start_row = s.row;
	n->start_col = s.column;
	n->end_row = e.row;
	n->end_col = e.column;
	n->parent = parent;
	n->first_child = -1;
	n->next_sibling = -1;
	n->prev_sibling = prev;
	n->end = -1;
}

// errdex_flatten writes the tree in pre-order into out (capacity cap) and
// deletes the tree. It returns the number of nodes written. Each node's end
// is the index just past its subtree, so a subtree is the range [i, end).
static uint32_t errdex_flatten(TSTree *t, flat_node *out, uint32_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	uint32_t n = 0;
	int32_t cur = 0;
	if (cap == 0) {
		goto done;
	}
	fill(&out[n++], &c, -1, -1);
	for (;;) {
		if (n < cap && ts_tree_cursor_goto_first_child(&c)) {
			fill(&out[n], &c, cur, -1);
			out[cur].first_child = (int32_t)n;
			cur = (int32_t)n++;
			continue;
		}
		for (;;) {
			out[cur].end = (int32_t)n;
			if (n < cap && ts_tree_cursor_goto_next_sibling(&c)) {
				fill(&out[n], &c, out[cur].parent, cur);
				out[cur].next_sibling = (int32_t)n;
				cur = (int32_t)n++;
				break;
			}
			if (out[cur].parent < 0 || !ts_tree_cursor_goto_parent(&c)) {
				goto done;
			}
			cur = out[cur].parent;
		}
	}
done:
	// Close any node left open when the capacity ran out.
	while (cur >= 0 && n > 0) {
		if (out[cur].end < 0) out[cur].end = (int32_t)n;
		cur = out[cur].parent;
	}
	ts_tree_cursor_delete(&c);
	ts_tree_delete(t);
	return n;
}

// use_plain_malloc points tree-sitter back at libc's allocator. go-tree-sitter
// routes every allocation through a C→Go→C callback; plain malloc parses
// about 1.35x faster and frees trees 3-4x faster.
static void use_plain_malloc(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"
	"unsafe"
)

// node mirrors the C flat_node.
type node struct {
	kind        uint16
	field       uint16
	flags       uint32
	startByte   uint32
	endByte     uint32
	startRow    uint32
	startCol    uint32
	endRow      uint32
	endCol      uint32
	parent      int32
	firstChild  int32
	nextSibling int32
	prevSibling int32
	end         int32
}

// Compile-time check that node and flat_node agree in size.
var _ [unsafe.Sizeof(node{}) - 52]byte
var _ [52 - unsafe.Sizeof(node{})]byte

const (
	flagNamed    = 1
	flagMissing  = 2
	flagError    = 4
	flagHasError = 8
)

// ErrTimeout is returned by Parse when a file takes longer than its time
// limit.
var ErrTimeout = errors.New("parse time limit exceeded")

// MaxSourceSize is the largest source Parse accepts: tree-sitter addresses
// bytes with 32-bit offsets.
const MaxSourceSize = math.MaxUint32 / 2

var plainMalloc sync.Once

// Parser parses source files of one language. A Parser is not safe for
// concurrent use: give each goroutine its own. Close releases it.
type Parser struct {
	lang    *Language
	p       *C.TSParser
	timeout time.Duration
	buf     []node
}

// NewParser returns a parser for lang. A positive timeout limits the time
// Parse spends on one file.
func NewParser(lang *Language, timeout time.Duration) (*Parser, error) {
	plainMalloc.Do(func() { C.use_plain_malloc() })
	p := C.ts_parser_new()
	if p == nil {
		return nil, fmt.Errorf("syntax: create %s parser: out of memory", lang.name)
	}
	if !C.ts_parser_set_language(p, (*C.TSLanguage)(lang.ptr)) {
		C.ts_parser_delete(p)
		return nil, fmt.Errorf("syntax: %s grammar has an ABI version this tree-sitter runtime does not support", lang.name)
	}
	return &Parser{lang: lang, p: p, timeout: timeout}, nil
}

// Close releases the parser. It is safe to call more than once.
func (p *Parser) Close() {
	if p.p != nil {
		C.ts_parser_delete(p.p)
		p.p = nil
	}
	p.buf = nil
}

// Language returns the parser's language.
func (p *Parser) Language() *Language { return p.lang }

// Parse parses src. The returned Tree shares memory with the parser and is
// valid until the next call of Parse or Close; use Tree.Clone to keep it.
// Source with syntax errors still yields a tree (with error nodes); Parse
// fails only when the time limit or the context's deadline passes
// (ErrTimeout) or the context is already done.
func (p *Parser) Parse(ctx context.Context, src []byte) (*Tree, error) {
	if p.p == nil {
		return nil, errors.New("syntax: Parse called on a closed parser")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(src) > MaxSourceSize {
		return nil, fmt.Errorf("syntax: source of %d bytes exceeds the %d-byte limit", len(src), MaxSourceSize)
	}
	var deadline int64
	if p.timeout > 0 || hasDeadline(ctx) {
		budget := p.timeout
		if d, ok := ctx.Deadline(); ok {
			if left := time.Until(d); budget <= 0 || left < budget {
				budget = max(left, time.Microsecond)
			}
		}
		deadline = int64(C.errdex_now_ns()) + budget.Nanoseconds()
	}
	var (
		timedOut C.bool
		count    C.uint32_t
		srcPtr   *C.char
	)
	if len(src) > 0 {
		srcPtr = (*C.char)(unsafe.Pointer(&src[0]))
	}
	tree := C.errdex_parse(p.p, srcPtr, C.uint32_t(len(src)), C.int64_t(deadline), &timedOut, &count)
	if tree == nil {
		if timedOut {
			return nil, ErrTimeout
		}
		return nil, errors.New("syntax: tree-sitter returned no tree")
	}
	n := int(count)
	if cap(p.buf) < n {
		p.buf = make([]node, n, n+n/4)
	}
	buf := p.buf[:n]
	var base *C.flat_node
	if n > 0 {
		base = (*C.flat_node)(unsafe.Pointer(&buf[0]))
	}
	written := int(C.errdex_flatten(tree, base, C.uint32_t(n)))
	return &Tree{lang: p.lang, src: src, nodes: buf[:written]}, nil
}

func hasDeadline(ctx context.Context) bool {
	_, ok := ctx.Deadline()
	return ok
}
