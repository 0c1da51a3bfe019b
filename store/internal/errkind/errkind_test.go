package errkind

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/errdex/errdex"
)

// errBusy stands for a driver's own error that the driver function knows.
var errBusy = errors.New("database is locked")

func driver(op string, err error) error {
	if errors.Is(err, errBusy) {
		return errdex.Errorf(op, errdex.Unavailable, "try again later: %w", err)
	}
	return nil
}

func TestFail(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	live := context.Background()
	classified := errdex.Errorf("inner", errdex.NotFound, "no such thing")
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		kind errdex.ErrorKind
		same bool // err itself comes back
	}{
		{"classified", live, classified, errdex.NotFound, true},
		{"wrapped classified", live, fmt.Errorf("reading: %w", classified), errdex.NotFound, true},
		{"context error", live, fmt.Errorf("query: %w", context.DeadlineExceeded), errdex.Canceled, false},
		{"driver's", live, fmt.Errorf("exec: %w", errBusy), errdex.Unavailable, false},
		{"unknown", live, errors.New("something else"), errdex.Internal, false},
		{"canceled context, driver's error", canceled, errBusy, errdex.Canceled, false},
		{"canceled context, classified error", canceled, classified, errdex.Canceled, false},
		{"canceled context, canceled error", canceled, errdex.E("inner", errdex.Canceled, context.Canceled), errdex.Canceled, true},
	}
	if err := Fail(live, "store.Op", nil, driver); err != nil {
		t.Errorf("Fail(nil) = %v, want nil", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Fail(tt.ctx, "store.Op", tt.err, driver)
			if k := errdex.KindOf(got); k != tt.kind {
				t.Errorf("Fail(%v) kind = %v, want %v", tt.err, k, tt.kind)
			}
			if tt.same && got != tt.err {
				t.Errorf("Fail(%v) = %v, want the error unchanged", tt.err, got)
			}
			if !tt.same && !errors.Is(got, tt.err) && tt.ctx.Err() == nil {
				t.Errorf("Fail(%v) = %v, which does not wrap the error", tt.err, got)
			}
		})
	}
}
