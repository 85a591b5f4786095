// Package weightsfile is the demo's weights file on disk: loading it (with
// the defaults written when there is none), watching it for an editor's
// changes (Watcher), saving the tuner's settings over it without ever
// replacing a change on disk it has not read (File: the content hash of
// what it last read or wrote), and the lint of the settings it holds. It
// needs no window: package ui turns what it says into the panel's text
// and its answers into commands. In the browser there is no file: Load
// gives the built-in defaults and Save offers a download. Read, the one
// reading of a weights file that tells a scenario given in its place, is
// the lab's too (lab.LoadWeights).
package weightsfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/internal/tomllines"
	"github.com/moralebreak/moralebreak/morale"
)

// ErrNotRegularFile is wrapped by Load when the weights path names a
// directory, a FIFO, a device or a socket rather than a file.
var ErrNotRegularFile = errors.New("not a regular file")

// ErrScenario is wrapped by Read's error when the file it could not read
// as a weights file looks like a scenario.
var ErrScenario = errors.New("looks like a scenario, not a weights file")

// Read reads the weights file at path once, guarded (safefile.Read, at most
// morale.MaxFileBytes), and returns its settings and its content. Its errors
// are morale.LoadSettings's, the path first (and the line, when the parser
// reports one; the path starts each line of a file with several problems;
// a file with a NUL byte, UTF-16, is one line that says so), but for a file that does not read as weights and has a
// [[squad]] or an [[event]] table (tomllines.IsScenario): a scenario given
// in its place, whose error is one line, "PATH looks like a scenario, not a
// weights file" (ErrScenario), instead of every table a weights file does
// not have. The caller adds how to use it (the demo's -scenario, moralesim's
// check).
func Read(path string) (morale.Settings, []byte, error) {
	data, err := safefile.Read(path, morale.MaxFileBytes, "weights file")
	if err != nil {
		return morale.Settings{}, nil, err // names the path
	}
	if bytes.IndexByte(data, 0) >= 0 {
		// UTF-16 (Windows Notepad's "Unicode"): every line would be a
		// problem of its own, its letters apart.
		return morale.Settings{}, nil, fmt.Errorf("%s: holds NUL bytes, so it is probably UTF-16 (Notepad's \"Unicode\"); save it as UTF-8", path)
	}
	s, err := morale.ReadSettings(bytes.NewReader(data))
	switch {
	case err == nil:
		return s, data, nil
	case tomllines.IsScenario(data):
		return morale.Settings{}, nil, fmt.Errorf("%s %w", path, ErrScenario)
	}
	return morale.Settings{}, nil, namePath(path, err)
}

// namePath puts path before err, and before each problem of a file with
// several (an errors.Join, one a line): each line of the message names the
// file and its line, "w.toml: line 8: …", where only the first did.
func namePath(path string, err error) error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return fmt.Errorf("%s: %w", path, err)
	}
	var errs []error
	for _, e := range j.Unwrap() {
		errs = append(errs, fmt.Errorf("%s: %w", path, e))
	}
	return errors.Join(errs...)
}

// Debounce is how long File's watcher waits after the last event of a
// burst (an editor's save) before it reports the change.
const Debounce = 150 * time.Millisecond

// File is what the demo knows of its weights file: the content it last
// read into the tuner or wrote there itself (its hash), so that Save can
// tell a change on disk it has not read (an editor's) and the demo can ask
// before replacing it. The file's reading and writing are the platform's
// (file_native.go; the browser has no file, and nothing to ask). It also
// watches the file for outside edits (Changed) and keeps the lint of the
// live settings (Lint). The zero File, and one with no path, has no file.
type File struct {
	path string
	read string // Hash of the content last read or written; "" none
	// Write writes settings to a path: morale.SaveSettings when nil (a
	// test's stands in for a write whose file cannot be read back).
	Write func(path string, s morale.Settings) error
	// watch tells when the file changes (nil: not watched, watchErr says
	// why when watching failed).
	watch    *Watcher
	watchErr error
	// lint lints settings (nil: none); warnings is what it said of the
	// live settings last (Lint).
	lint     func(morale.Settings) []Warning
	warnings []Warning
}

// New returns the File at path ("" = none) whose settings lint lints (nil:
// no lint). It reads nothing: MarkRead notes what the demo loaded.
func New(path string, lint func(morale.Settings) []Warning) *File {
	return &File{path: path, lint: lint}
}

// Path is the file's path ("" = none).
func (f *File) Path() string { return f.path }

// Watch watches the file for outside edits (native builds with a file);
// the error says why it cannot, and the demo runs on without.
func (f *File) Watch() error {
	if f.path == "" || !WatchAvailable {
		return nil
	}
	w, err := WatchFile(f.path, Debounce)
	f.watch, f.watchErr = w, err
	return err
}

// Changed reports whether the watcher saw the file change since the last
// call, or the error it failed with.
func (f *File) Changed() (bool, error) {
	if f.watch == nil {
		return false, nil
	}
	select {
	case <-f.watch.C():
		return true, nil
	case err := <-f.watch.Errors():
		return false, err
	default:
		return false, nil
	}
}

// Close stops the watcher.
func (f *File) Close() error {
	if f.watch == nil {
		return nil
	}
	return f.watch.Close()
}

// Lint lints s (the live settings) and keeps the warnings.
func (f *File) Lint(s morale.Settings) []Warning {
	f.warnings = nil
	if f.lint != nil {
		f.warnings = f.lint(s)
	}
	return f.warnings
}

// Warnings is what the last Lint said.
func (f *File) Warnings() []Warning { return f.warnings }

// Note says which file it is and whether it is watched, for the panel.
func (f *File) Note() string {
	switch {
	case !WatchAvailable:
		return "Browser build: no file watching; weights are the\nbuilt-in defaults; Save downloads weights.toml."
	case f.path == "":
		return "No weights file."
	case f.watch != nil:
		return "File: " + f.path + " (watched: edits apply live)"
	case f.watchErr != nil:
		return "File: " + f.path + " (not watched: " + f.watchErr.Error() + ")"
	}
	return "File: " + f.path
}

// Hash is the hash File keeps of a file's content.
func Hash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Warning is one warning of the lint of the live settings (the lab's
// lab.Lint, which cmd/demo gives as ui.Config.Lint): its rule and what is
// wrong, with the fix.
type Warning struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// String returns "rule: message".
func (w Warning) String() string { return w.Rule + ": " + w.Message }

// Summary is the lint's message in one paragraph: how many warnings, every
// warning's rule, then each warning in full ("" when there are none).
func Summary(ws []Warning) string {
	if len(ws) == 0 {
		return ""
	}
	rules := make([]string, len(ws))
	msgs := make([]string, len(ws))
	for i, w := range ws {
		rules[i] = w.Rule
		msgs[i] = w.Message
	}
	return fmt.Sprintf("Lint (%d): %s. %s", len(ws), strings.Join(rules, ", "), strings.Join(msgs, " "))
}
