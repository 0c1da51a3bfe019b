package callers_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/analyze/analyzetest"
	"github.com/errdex/errdex/analyze/callers"
	"github.com/errdex/errdex/extract"
)

var repo = map[string]string{
	"pkg/__init__.py": "from .buffers import Buffers\n",
	"pkg/buffers.py": `class Base:
    def check(self):
        raise ValueError("base check failed")

class Buffers(Base):
    def __init__(self, size):
        if size <= 0:
            raise ValueError("size must be positive")
        self.size = size

    def put(self, item):
        self.check()
        self._store(item)

    def _store(self, item):
        raise RuntimeError("store failed")

    def check(self):
        super().check()

    def set_mask_buffer(self, mask):
        raise RuntimeError("mask buffer failed")

    def get(self):
        raise KeyError("no entry")
`,
	"pkg/server.py": `from pkg import Buffers
from . import buffers as bufmod

class Server:
    def __init__(self):
        self.buffers = Buffers(8)

    def handle(self, item):
        self.buffers.put(item)

def serve(items):
    srv = Server()
    for item in items:
        srv.handle(item)

def anything(obj, mask):
    obj.set_mask_buffer(mask)
    obj.get()

def helper():
    def inner():
        raise OSError("inner failed")
    inner()
    return bufmod.Buffers(1)
`,
	"pkg/_private.py": `from pkg.server import serve

def run():
    serve([])
`,
	"store/store.go": `package store

import "errors"

var ErrMissing = errors.New("missing record")

func Get(k string) error { return ErrMissing }
`,
	"web/widget.js": `class Widget {
  set_mask_buffer(mask) {
    if (!mask) throw new Error("widget mask failed")
  }
}
module.exports = { Widget }
`,
	"api/api.go": `package api

import "example.com/x/store"

func Fetch() error { return store.ErrMissing }
`,
}

func TestCallers(t *testing.T) {
	res := analyzetest.Run(t, repo, callers.Analyzer)
	tests := []struct {
		message string
		callers []errdex.Caller
		path    []errdex.Caller
	}{
		{
			// self.m() in the class, through a constructor-typed
			// attribute in another module, and a path from the only
			// public entry point (serve: _private.py is private).
			message: "store failed",
			callers: []errdex.Caller{{Function: "Buffers.put", Path: "pkg/buffers.py", Line: 13}},
			path: []errdex.Caller{
				{Function: "serve", Path: "pkg/server.py", Line: 14},
				{Function: "Server.handle", Path: "pkg/server.py", Line: 9},
				{Function: "Buffers.put", Path: "pkg/buffers.py", Line: 13},
			},
		},
		{
			// super().m() reaches the base class's method.
			message: "base check failed",
			callers: []errdex.Caller{{Function: "Buffers.check", Path: "pkg/buffers.py", Line: 19}},
			path: []errdex.Caller{
				{Function: "serve", Path: "pkg/server.py", Line: 14},
				{Function: "Server.handle", Path: "pkg/server.py", Line: 9},
				{Function: "Buffers.put", Path: "pkg/buffers.py", Line: 12},
				{Function: "Buffers.check", Path: "pkg/buffers.py", Line: 19},
			},
		},
		{
			// Constructor calls through a re-export and a module alias.
			message: "size must be positive",
			callers: []errdex.Caller{
				{Function: "Server.__init__", Path: "pkg/server.py", Line: 6},
				{Function: "helper", Path: "pkg/server.py", Line: 24},
			},
			path: []errdex.Caller{{Function: "helper", Path: "pkg/server.py", Line: 24}},
		},
		{
			// A method name defined once in the repository's Python
			// (a JavaScript class defines it too).
			message: "mask buffer failed",
			callers: []errdex.Caller{{Function: "anything", Path: "pkg/server.py", Line: 17}},
			path:    []errdex.Caller{{Function: "anything", Path: "pkg/server.py", Line: 17}},
		},
		{
			// A name builtin types define too is no evidence.
			message: "'no entry'",
		},
		{
			message: "inner failed",
			callers: []errdex.Caller{{Function: "helper", Path: "pkg/server.py", Line: 23}},
			path:    []errdex.Caller{{Function: "helper", Path: "pkg/server.py", Line: 23}},
		},
		{
			// A Go sentinel: the functions that return it, across
			// packages.
			message: "missing record",
			callers: []errdex.Caller{
				{Function: "api.Fetch", Path: "api/api.go", Line: 5},
				{Function: "store.Get", Path: "store/store.go", Line: 7},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			s := analyzetest.Site(t, res, tt.message)
			if diff := cmp.Diff(tt.callers, s.Callers); diff != "" {
				t.Errorf("callers (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.path, s.CallPath); diff != "" {
				t.Errorf("call path (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGoFunctionCallers checks the counts of calls of Go functions: by
// name in their package, through an import elsewhere, and of a method
// called on a variable declared with its type; a method called on a value
// of unknown type is not counted.
func TestGoFunctionCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"store/open.go": `package store

import "errors"

func openFile(name string) error {
	if name == "" {
		return errors.New("store: empty name")
	}
	return nil
}

func Open(name string) error { return openFile(name) }

func OpenAll(names []string) error {
	for _, n := range names {
		if err := openFile(n); err != nil {
			return err
		}
	}
	return errors.New("store: nothing opened")
}

type DB struct{}

func (DB) Close() error { return errors.New("store: already closed") }

func (DB) Flush() error { return errors.New("store: flush failed") }
`,
		"cmd/app/main.go": `package main

import "example.com/app/store"

func main() {
	store.Open("a")
	store.OpenAll(nil)
	var db store.DB
	db.Close()
	get().Flush()
}

func get() store.DB { return store.DB{} }
`,
	}, callers.Analyzer)
	got := map[string]int{}
	for _, s := range res.Sites {
		got[s.Message()] = s.Reach.Callers
	}
	want := map[string]int{
		"store: empty name":     2, // Open and OpenAll
		"store: nothing opened": 1, // main, through the import
		"store: already closed": 1, // main, on a variable of type store.DB
		"store: flush failed":   0, // on a call's result: any type's Flush
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Reach.Callers by message (-want +got):\n%s", diff)
	}
}

// TestGoCallers checks the callers and call paths of Go sites: calls on
// the receiver, on parameters and locals of a known type, across
// packages, and the path from the package's own public function.
func TestGoCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"parse/parse.go": `package parse

import "errors"

type parser struct{ pos int }

func (p *parser) next() error {
	if p.pos < 0 {
		return errors.New("parse: unexpected end")
	}
	return p.next()
}

func (p *parser) parse() error {
	return p.next()
}

func check(p *parser) {
	p.next()
}

func Parse(s string) error {
	p := &parser{}
	check(p)
	return p.parse()
}

func shadowed() {
	if true {
		var p parser
		_ = p
	}
	p := other{}
	p.next()
}

type other struct{}

func (other) next() {}
`,
		"cmd/tool/main.go": `package main

import "example.com/x/parse"

func main() { parse.Parse("x") }
`,
	}, callers.Analyzer)
	s := analyzetest.Site(t, res, "parse: unexpected end")
	// Recursion is no caller, and shadowed's p has two types: left out.
	wantCallers := []errdex.Caller{
		{Function: "parse.(*parser).parse", Path: "parse/parse.go", Line: 15},
		{Function: "parse.check", Path: "parse/parse.go", Line: 19},
	}
	if diff := cmp.Diff(wantCallers, s.Callers); diff != "" {
		t.Errorf("callers (-want +got):\n%s", diff)
	}
	if s.Reach.Callers != 2 {
		t.Errorf("Reach.Callers = %d; want 2", s.Reach.Callers)
	}
	wantPath := []errdex.Caller{
		{Function: "parse.Parse", Path: "parse/parse.go", Line: 25},
		{Function: "parse.(*parser).parse", Path: "parse/parse.go", Line: 15},
	}
	if diff := cmp.Diff(wantPath, s.CallPath); diff != "" {
		t.Errorf("call path (-want +got):\n%s", diff)
	}
}

// TestJavaCallers checks the callers of Java sites: unqualified calls
// (from an anonymous class too), calls on typed parameters and locals,
// constructors, across packages through an import and a qualified name,
// nearest first; a call of another overload (new Parser()) is not one.
func TestJavaCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"src/com/acme/Parser.java": `package com.acme;

public class Parser {
    private int pos;
    public Parser(String s) {
        if (s == null) throw new IllegalArgumentException("source is null");
    }
    void next() {
        if (pos < 0) throw new IllegalStateException("no more tokens");
        next();
    }
    public void parse() {
        next();
        Runnable r = new Runnable() { public void run() { next(); } };
    }
    static void check(Parser p) { p.next(); }
    public Parser() { pos = 1; }
}
`,
		"src/com/acme/Lexer.java": `package com.acme;

class Lexer {
    void skip(Parser p) { p.next(); }
}
`,
		"src/com/acme/app/Main.java": `package com.acme.app;

import com.acme.Parser;

public class Main {
    public static void main(String[] args) {
        Parser p = new Parser(args[0]);
        p.parse();
        Helper.run(p);
        other().next();
    }
    static Object other() { new Parser(); return null; }
}

class Helper {
    static void run(com.acme.Parser q) { q.next(); }
}
`,
	}, callers.Analyzer)
	tests := []callerCase{
		{
			// Recursion is no caller; other().next() is of no known
			// class. The same file's callers come first, then the same
			// package's.
			message: "no more tokens",
			callers: []errdex.Caller{
				{Function: "Parser.parse", Path: "src/com/acme/Parser.java", Line: 13},
				{Function: "Parser$1.run", Path: "src/com/acme/Parser.java", Line: 14},
				{Function: "Parser.check", Path: "src/com/acme/Parser.java", Line: 16},
				{Function: "Lexer.skip", Path: "src/com/acme/Lexer.java", Line: 4},
				{Function: "Helper.run", Path: "src/com/acme/app/Main.java", Line: 16},
			},
		},
		{
			message: "source is null",
			callers: []errdex.Caller{{Function: "Main.main", Path: "src/com/acme/app/Main.java", Line: 7}},
		},
	}
	checkCallers(t, res, tests)
}

// TestCCallers checks the callers of C and C++ sites: a static function
// of the file, a function of another file, an inline method called
// unqualified and through this->, a namespace's function called from
// within it, and a call several functions could answer, left out.
func TestCCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"src/decode.c": `#include <Python.h>

static int check_size(long n)
{
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "negative size");
        return -1;
    }
    return 0;
}

int decode(long n)
{
    return check_size(n);
}
`,
		"src/other.c": `#include <Python.h>

static int validate(int k)
{
    if (k) {
        PyErr_SetString(PyExc_TypeError, "validate failed in other.c");
    }
    return 0;
}

int run(long n)
{
    decode(n);
    return validate(1);
}
`,
		"src/third.c": `#include <Python.h>

static int validate(int k)
{
    if (k) {
        PyErr_SetString(PyExc_TypeError, "validate failed in third.c");
    }
    return 0;
}
`,
		"src/fourth.c": `int go(void) { return validate(2); }
`,
		"lib/buffer.h": `#include <stdexcept>
namespace mylib {
class Buffer {
 public:
  void append(int n);
  void check(int n) {
    if (n > 64) throw std::length_error("buffer full");
  }
};
int parse(const char* s) {
  if (!s) throw std::invalid_argument("null text");
  return 0;
}
}
`,
		"lib/buffer.cc": `#include "buffer.h"
namespace mylib {
void Buffer::append(int n) {
  check(n);
  this->check(n + 1);
  parse("1");
}
}
`,
	}, callers.Analyzer)
	tests := []callerCase{
		{message: "negative size", callers: []errdex.Caller{{Function: "decode", Path: "src/decode.c", Line: 14}}},
		// validate is static in two files: run's call is its own file's;
		// fourth.c's could be either, and is left out.
		{message: "validate failed in other.c", callers: []errdex.Caller{{Function: "run", Path: "src/other.c", Line: 14}}},
		{message: "validate failed in third.c"},
		{message: "buffer full", callers: []errdex.Caller{{Function: "mylib::Buffer::append", Path: "lib/buffer.cc", Line: 4}}},
		{message: "null text", callers: []errdex.Caller{{Function: "mylib::Buffer::append", Path: "lib/buffer.cc", Line: 6}}},
	}
	checkCallers(t, res, tests)
}

// callerCase is a site, by its message, and the callers it should list.
type callerCase struct {
	message string
	callers []errdex.Caller
}

// checkCallers checks each case's site lists its callers, and counts
// them all.
func checkCallers(t *testing.T, res *extract.Result, tests []callerCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.message, func(t *testing.T) {
			s := analyzetest.Site(t, res, tt.message)
			if diff := cmp.Diff(tt.callers, s.Callers); diff != "" {
				t.Errorf("callers (-want +got):\n%s", diff)
			}
			if s.Reach.Callers != len(tt.callers) {
				t.Errorf("Reach.Callers = %d; want %d", s.Reach.Callers, len(tt.callers))
			}
		})
	}
}

// TestRustCallers checks the callers of Rust sites: a method called on
// self and through Self::, a function of the same module, and a
// function another module calls by its path.
func TestRustCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"src/parser.rs": `pub struct Parser { pos: usize }

impl Parser {
    fn next(&mut self) -> Result<(), String> {
        if self.pos == 0 {
            return Err(format!("unexpected end at {}", self.pos));
        }
        Ok(())
    }
    pub fn parse(&mut self) -> Result<(), String> {
        self.next()?;
        Self::next(self)
    }
}

pub fn check(n: usize) {
    if n > 9 {
        panic!("too many items: {}", n);
    }
}

pub fn run() {
    check(3);
}
`,
		"src/main.rs": `mod parser;

fn main() {
    parser::check(12);
}
`,
	}, callers.Analyzer)
	checkCallers(t, res, []callerCase{
		{message: "unexpected end at {pos}", callers: []errdex.Caller{{Function: "parser::Parser::parse", Path: "src/parser.rs", Line: 11}}},
		{message: "too many items: {n}", callers: []errdex.Caller{
			{Function: "parser::run", Path: "src/parser.rs", Line: 23},
			{Function: "main", Path: "src/main.rs", Line: 4},
		}},
	})
}

// TestJSCallers checks the callers of JavaScript sites: this.m() in a
// class, a function of the same module and one another module imports;
// a one-letter name (a minifier's) is not looked for in other files.
func TestJSCallers(t *testing.T) {
	res := analyzetest.Run(t, map[string]string{
		"lib/parser.js": `class Parser {
  next() {
    if (this.pos < 0) throw new Error('unexpected end of input');
  }
  parse() {
    this.next();
  }
  static create(s) { const p = new Parser(); p.next(); return p; }
}
function check(n) {
  if (n > 9) throw new RangeError('too many items: ' + n);
}
function run() { check(3); }
module.exports = { Parser, check, run };
`,
		"lib/main.js": `const { check } = require('./parser');
function main() { check(12); e(1); }
`,
		"lib/e.js": `function e(n) { throw new Error('boom from e'); }
module.exports = e;
`,
	}, callers.Analyzer)
	checkCallers(t, res, []callerCase{
		{message: "unexpected end of input", callers: []errdex.Caller{{Function: "Parser.parse", Path: "lib/parser.js", Line: 6}}},
		{message: "too many items: {n}", callers: []errdex.Caller{
			{Function: "run", Path: "lib/parser.js", Line: 13},
			{Function: "main", Path: "lib/main.js", Line: 2},
		}},
		{message: "boom from e"},
	})
}
