// A service logging with log/slog's JSON handler: the error is a field of
// the record.
package main

import (
	"log/slog"
	"os"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	logger.Info("loading settings", "path", "/nonexistent/errdex/settings.json")
	if _, err := os.ReadFile("/nonexistent/errdex/settings.json"); err != nil {
		logger.Error("cannot load settings", "error", err)
		os.Exit(1)
	}
}
