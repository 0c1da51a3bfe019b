package postgres

import (
	"context"
	"testing"

	"github.com/errdex/errdex"
	"github.com/errdex/errdex/store/postgres/pgtest"
	"github.com/errdex/errdex/store/storetest"
)

// open opens a store in a new schema of the test server and closes it
// when the test ends.
func open(t testing.TB) *Store {
	t.Helper()
	return openURL(t, pgtest.URL(t))
}

func openURL(t testing.TB, url string) *Store {
	t.Helper()
	st, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) errdex.Store {
		url := pgtest.URL(t)
		st, err := Open(context.Background(), url)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return st
	})
}
