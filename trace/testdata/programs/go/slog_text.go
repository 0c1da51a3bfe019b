// A service logging with log/slog's default text handler (logfmt): the
// error is a field of the record, not the message.
package main

import (
	"log/slog"
	"os"
	"strconv"
)

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	logger.Info("starting", "port", 8080)
	if _, err := strconv.Atoi("12a"); err != nil {
		logger.Error("request failed", "err", err, "user", 42)
		os.Exit(1)
	}
}
