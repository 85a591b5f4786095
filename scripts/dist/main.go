// Command dist builds MoraleBreak for designers' desktops: the demo and
// moralesim for each target (CGO_ENABLED=0, -trimpath), each target in one
// archive under -out with weights.toml, scenarios/ and a HOWTO.txt saying
// how to start it and what the platform needs. Every archive is read back
// and checked as a designer would find it: one folder, the programs by the
// platform's names, executable and built for it (on Windows the demo a
// windowed program, which a double-click opens without a console window,
// and moralesim a console one), nothing a designer does
// not need, every scenario's weights file where the scenario looks, a
// HOWTO that names every scenario and no file the archive lacks, in CRLF
// on Windows. The archive this machine can run is unpacked and followed:
// demo -h, moralesim lint, moralesim run of every scenario from the
// unpacked folder. With -check the archives go into a temporary directory
// that is removed, and nothing is written.
//
//	go run ./scripts/dist [-out build/dist] [-check] [GOOS/GOARCH ...]
//
// Run it from the checkout's root (make dist, make distcheck).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// defaultTargets are the desktops designers use, in the order they are
// built.
var defaultTargets = []string{"windows/amd64", "darwin/arm64", "darwin/amd64", "linux/amd64"}

// config is what the flags say.
type config struct {
	out     string   // the directory of the archives
	check   bool     // build only
	targets []target // what to build
}

func main() {
	cfg, err := parseConfig(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(2)
	}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

// parseConfig turns the arguments into a config; a target that is not
// GOOS/GOARCH of one of the platforms HOWTO.txt knows is an error.
func parseConfig(args []string, usage io.Writer) (config, error) {
	fs := flag.NewFlagSet("dist", flag.ContinueOnError)
	fs.SetOutput(usage)
	c := config{}
	fs.StringVar(&c.out, "out", "build/dist", "the directory the archives go to")
	fs.BoolVar(&c.check, "check", false, "build and check every target's archive in a temporary directory, write none")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	names := fs.Args()
	if len(names) == 0 {
		names = defaultTargets
	}
	for _, n := range names {
		t, err := parseTarget(n)
		if err != nil {
			return c, err
		}
		c.targets = append(c.targets, t)
	}
	if c.out == "" && !c.check {
		return c, errors.New("-out is empty")
	}
	return c, nil
}

// parseTarget reads GOOS/GOARCH.
func parseTarget(s string) (target, error) {
	goos, goarch, ok := strings.Cut(s, "/")
	t := target{goos: goos, goarch: goarch}
	if !ok || t.platform() == "" {
		return t, fmt.Errorf("target %q: want one of %s", s, strings.Join(defaultTargets, ", "))
	}
	return t, nil
}
