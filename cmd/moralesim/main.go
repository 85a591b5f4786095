// Command moralesim is MoraleBreak's headless balance lab: it runs scenarios
// thousands of times on every core and writes statistics, plots and reports.
// See the README's Balancing section, or run moralesim -h.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/moralebreak/moralebreak/lab/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fi, err := os.Stderr.Stat()
	term := err == nil && fi.Mode()&os.ModeCharDevice != 0
	code := cli.Main(ctx, os.Args[1:], cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Terminal: term})
	stop()
	os.Exit(code)
}
