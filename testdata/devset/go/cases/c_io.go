package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

var ioCases = []tcase{
	{id: "io.readfull.short", err: func() error {
		_, err := io.ReadFull(strings.NewReader("abc"), make([]byte, 8))
		return err
	}},
	{id: "io.readfull.empty", err: func() error {
		_, err := io.ReadFull(strings.NewReader(""), make([]byte, 8))
		return err
	}},
	{id: "io.pipe.closed", err: func() error {
		r, w := io.Pipe()
		r.Close()
		_, err := w.Write([]byte("x"))
		return err
	}},
	{id: "io.sectionreader.seek", err: func() error {
		_, err := io.NewSectionReader(strings.NewReader("abc"), 0, 3).Seek(-1, io.SeekStart)
		return err
	}},
	{id: "bufio.scanner.too_long", err: func() error {
		s := bufio.NewScanner(strings.NewReader(strings.Repeat("x", 200) + "\n"))
		s.Buffer(make([]byte, 16), 64)
		for s.Scan() {
		}
		return s.Err()
	}},
	{id: "bufio.reader.unreadbyte", err: func() error { return bufio.NewReader(strings.NewReader("x")).UnreadByte() }},
	{id: "bytes.buffer.grow_negative", panics: func() {
		var b bytes.Buffer
		b.Grow(-1)
	}},
	{id: "bytes.buffer.unreadrune", err: func() error { var b bytes.Buffer; return b.UnreadRune() }},
	{id: "bytes.buffer.truncate", panics: func() {
		var b bytes.Buffer
		b.WriteString("abc")
		b.Truncate(10)
	}},
	{id: "strings.reader.seek", err: func() error {
		_, err := strings.NewReader("abc").Seek(-5, io.SeekCurrent)
		return err
	}},
	{id: "strings.repeat.negative", panics: func() { strings.Repeat("-", -1) }},
	{id: "strings.newreplacer.odd", panics: func() { strings.NewReplacer("a", "b", "c") }},
	{id: "strings.builder.copy", panics: func() {
		var a strings.Builder
		a.WriteString("x")
		b := a
		b.WriteString("y")
	}},
	{id: "io.readfull.wrapped", err: func() error {
		var header [16]byte
		if _, err := io.ReadFull(strings.NewReader("PK\x03"), header[:]); err != nil {
			return fmt.Errorf("read header: %w", err)
		}
		return nil
	}},
}
