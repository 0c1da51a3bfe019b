package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"time"
)

// Chains an application builds around standard-library errors: wraps of
// several levels, %v instead of %w, errors.Join, and errors of the
// application's own with no standard-library error inside.

func loadSettings(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read settings: %w", err)
	}
	_ = data
	return nil
}

func loadConfig(path string) error {
	if err := loadSettings(path); err != nil {
		return fmt.Errorf("load config %s: %w", path, err)
	}
	return nil
}

func startServer() error {
	if err := loadConfig("/etc/devset/server.yaml"); err != nil {
		return fmt.Errorf("start server: %w", err)
	}
	return nil
}

type retryConfig struct {
	Backoff time.Duration
	Max     int `json:"max"`
}

func parseRetry(data string) error {
	var rc retryConfig
	if err := json.Unmarshal([]byte(data), &rc); err != nil {
		return fmt.Errorf("parse retry policy: %w", err)
	}
	return nil
}

var wrapCases = []tcase{
	{id: "wrap.three_levels.open", err: startServer},
	{id: "wrap.two_levels.json", err: func() error {
		if err := parseRetry(`{"max": "3"}`); err != nil {
			return fmt.Errorf("configure client: %w", err)
		}
		return nil
	}},
	{id: "wrap.percent_v.atoi", err: func() error {
		_, err := strconv.ParseInt("0x1f", 10, 64)
		return fmt.Errorf("row 17, column \"id\": %v", err)
	}},
	{id: "wrap.errorf_prefix.url", err: func() error {
		_, err := url.Parse("https://api.example.com:443:80/v1")
		return fmt.Errorf("webhook %q: %w", "deploy", err)
	}},
	{id: "wrap.join.two", err: func() error {
		_, err1 := strconv.Atoi("ten")
		_, err2 := time.ParseDuration("5 minutes")
		return errors.Join(fmt.Errorf("workers: %w", err1), fmt.Errorf("timeout: %w", err2))
	}},
	{id: "wrap.suffix.mkdir", err: func() error {
		err := os.Mkdir(dir("cache"), 0o755)
		return fmt.Errorf("%w (is another instance running?)", err)
	}},
	{id: "program.errorf", err: func() error { return fmt.Errorf("user %d not found in tenant %q", 42, "acme") }},
	{id: "program.errors_new", err: func() error { return errors.New("queue is full, dropping event") }},
}
