package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// programFolder returns the folder the demo should work in when it was
// started with no arguments (args) from a folder without a weights.toml, as
// a double-click in macOS's Finder starts it, in the home folder: the
// folder of the program exe, when a weights.toml file lies beside it; else
// "" (stay where it was started). Its weights.toml, replays and pictures
// are then the ones beside the program, as when it is started there.
func programFolder(args []string, exe string) string {
	if len(args) > 0 || exe == "" {
		return ""
	}
	if _, err := os.Stat(defaultWeights); !errors.Is(err, fs.ErrNotExist) {
		return "" // here, or not readable: the demo says which
	}
	dir := filepath.Dir(exe)
	if fi, err := os.Stat(filepath.Join(dir, defaultWeights)); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return dir
}

// executable returns the path of the running program with its symbolic
// links resolved, or "" when the system cannot say.
func executable() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe
}
