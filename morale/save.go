package morale

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// staleTempAge is how old a temporary file of SaveSettings must be before a
// later save removes it as left behind by a save that was killed. A save in
// progress takes milliseconds; the margin keeps a concurrent save's file.
const staleTempAge = time.Minute

// SaveSettings writes s to the file at path in the weights.toml format,
// atomically: it writes a temporary file beside the target and renames it
// over the target, so a reader never sees half a file. What it writes,
// LoadSettings reads back to equal settings.
//
// When path is a symlink, the file it points to is written and the link kept.
// An existing file keeps its permission bits and, where the process may set
// them, its owner and group; a new file gets 0644. A file without the owner's
// write permission (0444) is not overwritten: that is an error. The temporary
// file is named ".NAME.tmp-*" in the target's directory; one older than a
// minute is left by a save that was killed, and the next save removes it.
// A valid weights file already there is edited as a designer would by hand:
// every line stays as it is (comments, row order, spacing, the spelling of
// numbers, a byte order mark) but the values that change; a row s lacks is
// removed, a setting off its default or a row the file lacks is added with
// its default comment, its lines ending as the file's first line does (CRLF
// or LF).
// Any other file there is replaced by a fresh one that keeps the comments of
// the keys it still has (cut to fit a line); other keys get the default
// comments, and so do all keys should the old comments make the file larger
// than MaxFileBytes. Settings that do not validate are refused and nothing is
// written, and so is an empty path. Errors name path, never the temporary
// file.
func SaveSettings(path string, s Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	return namePath(saveSettings(path, s), path)
}

// namePath returns err with the file it names replaced by path, in each error
// an errors.Join holds (the failure and its cleanup's): the failing file may
// be the temporary one.
func namePath(err error, path string) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var errs []error
		for _, e := range j.Unwrap() {
			errs = append(errs, namePath(e, path))
		}
		return errors.Join(errs...)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return err
}

// cleanupError is err, an error of closing or removing the temporary file,
// told apart from the failure it follows: "remove the temporary file of".
func cleanupError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op + " the temporary file of", Path: pe.Path, Err: pe.Err}
	}
	return err
}

func saveSettings(path string, s Settings) (err error) {
	if path == "" {
		// Else a temporary file is made in the working directory and the
		// rename to "" fails: "rename : no such file or directory".
		return errors.New("SaveSettings: the path is empty; name the weights file to write")
	}
	target, err := resolveLink(path)
	if err != nil {
		return err
	}
	old, err := os.Stat(target)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var comments map[string]string
	var buf bytes.Buffer
	patched := false
	if exists {
		if !old.Mode().IsRegular() {
			return fmt.Errorf("%s: is %s, not a regular file; not overwritten", path, fileKind(old.Mode()))
		}
		if old.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("%s: is read-only (mode %#o); not overwritten", path, old.Mode().Perm())
		}
		// The old file with the changed values replaced, when it is a
		// valid weights file; else its comments, when it reads as one.
		if data, err := readFile(target); err == nil {
			if text, ok := patchSettings(data, s); ok {
				buf.WriteString(text)
				patched = true
			} else if entries, problems := decodeFile(data); len(problems) == 0 {
				comments = commentsOf(entries)
			}
		}
	}
	if !patched {
		if err := writeSettings(&buf, s, comments); err != nil {
			return err
		}
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	prefix := "." + base + ".tmp-"
	if err := removeStaleTemps(dir, prefix); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, prefix+"*")
	if err != nil {
		return err
	}
	// On failure the temporary file is closed (unless it already was) and
	// removed; an error of that cleanup is joined to the one returned. (A
	// leftover is removed by the next save too: removeStaleTemps.)
	closed, done := false, false
	defer func() {
		if done {
			return
		}
		if !closed {
			if cerr := tmp.Close(); cerr != nil {
				err = errors.Join(err, cleanupError(cerr))
			}
		}
		if rerr := os.Remove(tmp.Name()); rerr != nil {
			err = errors.Join(err, cleanupError(rerr))
		}
	}()
	perm := os.FileMode(0o644)
	if exists {
		perm = old.Mode().Perm()
		if err := keepOwner(tmp, old); err != nil {
			return err
		}
	}
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	closed = true
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return err
	}
	done = true
	return nil
}

// resolveLink returns the file path names: path itself, or the end of its
// chain of symlinks. A link to a file that does not exist yet resolves to that
// file, in the link's directory when the link is relative.
func resolveLink(path string) (string, error) {
	for range 40 {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", &fs.PathError{Op: "save", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// removeStaleTemps removes the temporary files named prefix* in dir that are
// older than staleTempAge.
func removeStaleTemps(dir, prefix string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < staleTempAge {
			continue // gone already, or another save's file in progress
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
