package main

import (
	"fmt"
	"regexp"
)

var regexpCases = []tcase{
	{id: "regexp.compile.paren", err: func() error { _, err := regexp.Compile(`^(\d+-(\w+)$`); return err }},
	{id: "regexp.compile.repeat_arg", err: func() error { _, err := regexp.Compile(`*.go`); return err }},
	{id: "regexp.compile.class_range", err: func() error { _, err := regexp.Compile(`[z-a]+`); return err }},
	{id: "regexp.compile.escape", err: func() error { _, err := regexp.Compile(`\8`); return err }},
	{id: "regexp.compile.repeat_size", err: func() error { _, err := regexp.Compile(`a{1001}`); return err }},
	{id: "regexp.compile.perl_flags", err: func() error { _, err := regexp.Compile(`(?<name>x)(?z)`); return err }},
	{id: "regexp.compile.unexpected_paren", err: func() error { _, err := regexp.Compile(`a)b`); return err }},
	{id: "regexp.mustcompile", panics: func() { regexp.MustCompile(`^(\d+-(\w+)$`) }},
	{id: "regexp.mustcompileposix", panics: func() { regexp.MustCompilePOSIX(`\d+`) }},
	{id: "regexp.compile.wrapped", err: func() error {
		pattern := `[a-z`
		if _, err := regexp.Compile(pattern); err != nil {
			return fmt.Errorf("rule %d: bad pattern: %w", 3, err)
		}
		return nil
	}},
}
