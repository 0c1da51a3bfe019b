// Command errdex builds and serves an error knowledge base from source code.
//
// Exit codes: 0 success; 1 failure (including "no match" from explain);
// 2 invalid usage or input; 3 not found; 4 a dependency is unavailable.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/errdex/errdex"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what every command needs from the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	db             string // --db as given; dbName resolves the default
}

// errSilent marks an error whose message was already printed.
var errSilent = errors.New("silent failure")

// exitError carries an exit code chosen by a command (explain's "no match").
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "errdex",
		Short: "An error knowledge base built from source code",
		Long: `errdex indexes source repositories, finds every place that raises an error,
and explains pasted error messages by pointing at the exact line that raised them.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&e.db, "db", "", "SQLite database file or postgres:// URL (default $"+envDB+", else "+defaultDB+")")
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		e.indexCmd(),
		e.showCmd(),
		e.lsCmd(),
		e.demoCmd(),
		e.explainCmd(),
		e.evalCmd(),
		e.serveCmd(),
		e.exportCmd(),
		e.enrichCmd(),
		e.enqueueCmd(),
		e.workerCmd(),
	)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if !errors.Is(err, errSilent) {
		fmt.Fprintf(stderr, "errdex: %v\n", err)
	}
	return exitCode(err)
}

func exitCode(err error) int {
	if isUsageError(err) {
		return 2
	}
	switch errdex.KindOf(err) {
	case errdex.Invalid, errdex.TooLarge:
		return 2
	case errdex.NotFound:
		return 3
	case errdex.Unavailable:
		return 4
	}
	return 1
}
