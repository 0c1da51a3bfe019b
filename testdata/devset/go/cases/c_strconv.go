package main

import (
	"fmt"
	"strconv"
)

var strconvCases = []tcase{
	{id: "strconv.atoi.syntax", err: func() error { _, err := strconv.Atoi("12a"); return err }},
	{id: "strconv.atoi.range", err: func() error { _, err := strconv.Atoi("99999999999999999999"); return err }},
	{id: "strconv.atoi.empty", err: func() error { _, err := strconv.Atoi(""); return err }},
	{id: "strconv.parseint.base", err: func() error { _, err := strconv.ParseInt("17", 1, 64); return err }},
	{id: "strconv.parseint.bitsize", err: func() error { _, err := strconv.ParseInt("17", 10, 65); return err }},
	{id: "strconv.parseint.range8", err: func() error { _, err := strconv.ParseInt("300", 10, 8); return err }},
	{id: "strconv.parseuint.minus", err: func() error { _, err := strconv.ParseUint("-1", 10, 64); return err }},
	{id: "strconv.parsefloat.syntax", err: func() error { _, err := strconv.ParseFloat("1.2.3", 64); return err }},
	{id: "strconv.parsefloat.range", err: func() error { _, err := strconv.ParseFloat("1e400", 64); return err }},
	{id: "strconv.parsebool", err: func() error { _, err := strconv.ParseBool("yes"); return err }},
	{id: "strconv.unquote", err: func() error { _, err := strconv.Unquote("'ab'"); return err }},
	{id: "strconv.parsecomplex", err: func() error { _, err := strconv.ParseComplex("1+2x", 128); return err }},
	{id: "strconv.atoi.wrapped", err: func() error {
		port := "80a"
		if _, err := strconv.Atoi(port); err != nil {
			return fmt.Errorf("invalid port %q: %w", port, err)
		}
		return nil
	}},
}
