package main

import (
	"fmt"
	"net/url"
)

var urlCases = []tcase{
	{id: "url.parse.escape", err: func() error { _, err := url.Parse("http://example.com/reports/100%.pdf"); return err }},
	{id: "url.parse.port", err: func() error { _, err := url.Parse("http://example.com:port/api"); return err }},
	{id: "url.parse.control", err: func() error { _, err := url.Parse("http://example.com/a\nb"); return err }},
	{id: "url.parse.scheme", err: func() error { _, err := url.Parse("://example.com"); return err }},
	{id: "url.parse.bracket", err: func() error { _, err := url.Parse("http://[::1/path"); return err }},
	{id: "url.parse.host_escape", err: func() error { _, err := url.Parse("http://exa%zzmple.com/"); return err }},
	{id: "url.parserequesturi", err: func() error { _, err := url.ParseRequestURI("index.html"); return err }},
	{id: "url.parsequery", err: func() error { _, err := url.ParseQuery("a=1&b=%G1"); return err }},
	{id: "url.pathunescape", err: func() error { _, err := url.PathUnescape("/a/%"); return err }},
	{id: "url.parse.wrapped", err: func() error {
		raw := "postgres://user:p@ss@db:5432:x/app"
		if _, err := url.Parse(raw); err != nil {
			return fmt.Errorf("invalid DATABASE_URL: %w", err)
		}
		return nil
	}},
}
