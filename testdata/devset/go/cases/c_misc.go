package main

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"math/big"
	"math/bits"
	mathrand "math/rand"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"sync"
	"time"
)

var miscCases = []tcase{
	{id: "filepath.match.pattern", err: func() error { _, err := filepath.Match("[a-", "abc"); return err }},
	{id: "filepath.glob.pattern", err: func() error { _, err := filepath.Glob("/tmp/[a"); return err }},
	{id: "filepath.rel", err: func() error { _, err := filepath.Rel("/srv/app", "logs/app.log"); return err }},
	{id: "path.match.pattern", err: func() error { _, err := path.Match("a\\", "a"); return err }},
	{id: "fmt.sscanf.integer", err: func() error { var n int; _, err := fmt.Sscanf("port=abc", "port=%d", &n); return err }},
	{id: "fmt.sscanf.input", err: func() error { var n int; _, err := fmt.Sscanf("size 10", "count %d", &n); return err }},
	{id: "fmt.sscan.eof", err: func() error { var a, b int; _, err := fmt.Sscan("1", &a, &b); return err }},
	{id: "context.deadline", err: func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		<-ctx.Done()
		return ctx.Err()
	}},
	{id: "context.canceled", err: func() error {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx.Err()
	}},
	{id: "flag.parse.undefined", err: func() error {
		fs := flag.NewFlagSet("server", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("port", 80, "")
		return fs.Parse([]string{"-verbose"})
	}},
	{id: "flag.parse.value", err: func() error {
		fs := flag.NewFlagSet("server", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("port", 80, "")
		return fs.Parse([]string{"-port", "http"})
	}},
	{id: "flag.parse.duration", err: func() error {
		fs := flag.NewFlagSet("server", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Duration("timeout", time.Second, "")
		return fs.Parse([]string{"-timeout=5"})
	}},
	{id: "flag.parse.missing_arg", err: func() error {
		fs := flag.NewFlagSet("server", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("config", "", "")
		return fs.Parse([]string{"-config"})
	}},
	{id: "flag.redefined", panics: func() {
		fs := flag.NewFlagSet("server", flag.PanicOnError)
		fs.SetOutput(io.Discard)
		fs.Int("port", 80, "")
		fs.Int("port", 8080, "")
	}},
	{id: "sql.open.driver", err: func() error { _, err := sql.Open("postgres", "host=localhost"); return err }},
	{id: "goparser.parsefile", err: func() error {
		_, err := parser.ParseFile(token.NewFileSet(), "main.go", "package main\nfunc main() {\n\tx := \n}\n", 0)
		return err
	}},
	{id: "goformat.source", err: func() error { _, err := format.Source([]byte("package main\nfunc (")); return err }},
	{id: "rsa.encrypt.too_long", err: func() error {
		k, err := rsa.GenerateKey(rand.Reader, 1024)
		if err != nil {
			return err
		}
		_, err = rsa.EncryptPKCS1v15(rand.Reader, &k.PublicKey, make([]byte, 200))
		return err
	}},
	{id: "errors.join", err: func() error {
		_, err1 := filepath.Match("[", "x")
		_, err2 := fmt.Sscanf("x", "%d", new(int))
		return errors.Join(err1, err2)
	}},
	{id: "big.int.div_zero", panics: func() { new(big.Int).Div(big.NewInt(1), big.NewInt(0)) }},
	{id: "big.rat.zero_denominator", panics: func() { big.NewRat(1, 0) }},
	{id: "bits.div64.zero", panics: func() { bits.Div64(0, 1, 0) }},
	{id: "rand.intn.zero", panics: func() { mathrand.Intn(0) }},
	{id: "reflect.elem.int", panics: func() { reflect.ValueOf(42).Elem() }},
	{id: "reflect.setint.unaddressable", panics: func() { reflect.ValueOf(42).SetInt(7) }},
	{id: "reflect.field.nonstruct", panics: func() { reflect.ValueOf("s").Field(0) }},
	{id: "sort.slice.nonslice", panics: func() { sort.Slice(42, func(i, j int) bool { return false }) }},
	{id: "sync.waitgroup.negative", panics: func() {
		var wg sync.WaitGroup
		wg.Done()
	}},
	{id: "sync.mutex.unlock", panics: func() {
		var mu sync.Mutex
		mu.Unlock()
	}},
}
