// Package pgtest gives tests a PostgreSQL schema of their own in the test
// server named by $ERRDEX_TEST_POSTGRES_URL (scripts/test.sh starts one).
//
// Without the variable, tests that need the server are skipped, unless
// ERRDEX_REQUIRE_POSTGRES=1 (set by scripts/test.sh and CI), which makes
// them fail instead: a run that was meant to test PostgreSQL cannot pass
// by skipping it.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The environment variables pgtest reads.
const (
	EnvURL     = "ERRDEX_TEST_POSTGRES_URL"
	EnvRequire = "ERRDEX_REQUIRE_POSTGRES"
)

// ServerURL returns the test server's URL, or skips the test (fails it
// when ERRDEX_REQUIRE_POSTGRES=1) when there is none.
func ServerURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvURL)
	if u == "" {
		if os.Getenv(EnvRequire) == "1" {
			t.Fatalf("%s=1 but %s is not set: start a server (scripts/test.sh does)", EnvRequire, EnvURL)
		}
		t.Skipf("no PostgreSQL test server: set %s (scripts/test.sh starts one)", EnvURL)
	}
	return u
}

// URL creates a new empty schema in the test server and returns a URL
// whose search_path is that schema, so that everything a test creates
// lands there and nothing another test does is visible. The schema is
// dropped when the test ends, after the cleanups registered later (such
// as closing the stores opened on it).
func URL(t testing.TB) string {
	t.Helper()
	base := ServerURL(t)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s is not a URL: %v", EnvURL, err)
	}
	var b [6]byte
	rand.Read(b[:])
	schema := "errdex_test_" + hex.EncodeToString(b[:])
	Exec(t, base, `CREATE SCHEMA `+schema)
	t.Cleanup(func() { Exec(t, base, `DROP SCHEMA `+schema+` CASCADE`) })
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Exec runs one statement on a connection of its own to url, failing the
// test on error.
func Exec(t testing.TB, url, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect to the PostgreSQL test server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
