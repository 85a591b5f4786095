// Command moralesim is MoraleBreak's headless balance lab: it runs scenarios
// thousands of times on every core and writes statistics, plots and reports.
// See docs/balancing.md, or run moralesim -h.
//
// Ctrl-C or SIGTERM cancels the command, which ends within a fraction of a
// second with status 130 and nothing written; a second one ends the process
// at once. A failure of the Go runtime itself (a panic, running out of
// memory: a bug) aborts the process (SIGABRT, status 134 in a shell) instead
// of exiting with status 2, which means bad input.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/moralebreak/moralebreak/lab/cli"
)

func main() {
	if os.Getenv("GOTRACEBACK") == "" {
		debug.SetTraceback("crash")
		if err := noCoreDump(); err != nil {
			fmt.Fprintln(os.Stderr, "moralesim: warning: cannot turn core dumps off:", err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // the next signal ends the process as it would without us
	}()
	fi, err := os.Stderr.Stat()
	term := err == nil && fi.Mode()&os.ModeCharDevice != 0
	code := cli.Main(ctx, os.Args[1:], cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Terminal: term})
	stop()
	os.Exit(code)
}
