//go:build !js

package weightsfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// Load loads the settings file at path, first writing the defaults there
// if the file does not exist. created reports that it did. A path that
// names a directory, a FIFO, a device or a socket is an error wrapping
// ErrNotRegularFile, found by a stat before anything is opened (reading a
// FIFO would block, /dev/zero never ends).
func Load(path string) (s morale.Settings, created bool, err error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := morale.SaveSettings(path, morale.DefaultSettings()); err != nil {
			return morale.Settings{}, false, fmt.Errorf("creating %s with the defaults: %w", path, err)
		}
		created = true
	case err != nil:
		return morale.Settings{}, false, err // names the path
	case !fi.Mode().IsRegular():
		return morale.Settings{}, false, fmt.Errorf("%s: %w (%s)", path, ErrNotRegularFile, safefile.Kind(fi.Mode()))
	}
	s, _, err = read(path)
	if err != nil {
		return morale.Settings{}, created, err // names the file and the line
	}
	return s, created, nil
}

// read is Read, with how to play a scenario given in the weights file's
// place: "PATH looks like a scenario, not a weights file: play it with
// -scenario PATH".
func read(path string) (morale.Settings, []byte, error) {
	s, data, err := Read(path)
	if errors.Is(err, ErrScenario) {
		err = fmt.Errorf("%w: play it with -scenario %s", err, path)
	}
	return s, data, err
}

// readContent returns the weights file's content (exists false when there
// is no file).
func (f *File) readContent() (data []byte, exists bool, err error) {
	data, err = safefile.Read(f.path, morale.MaxFileBytes, "weights file")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return data, err == nil, err
}

// Reload reads the file's settings and hands them to apply (the tuner's:
// the game validates them). Only when apply takes them is the content it
// read noted as read, so that Save asks before replacing a file the demo
// could not take in. A file that does not read or parse, or that apply
// refuses, changes nothing; the error names the file (and the line, when
// the parser reports one).
func (f *File) Reload(apply func(morale.Settings) error) error {
	if f.path == "" {
		return errors.New("no weights file (run with -weights PATH)")
	}
	s, data, err := read(f.path)
	if err != nil {
		return err
	}
	if err := apply(s); err != nil {
		return fmt.Errorf("%s: %w", f.path, err)
	}
	f.read = Hash(data)
	return nil
}

// MarkRead notes the file's content as it is now as read by the demo.
// Call it just after reading the file into the tuner.
func (f *File) MarkRead() {
	if f.path == "" {
		return
	}
	if data, ok, err := f.readContent(); err == nil && ok {
		f.read = Hash(data)
	}
}

// ChangedOnDisk reports whether the file holds content the demo has not
// read: an edit it did not take in (or could not: a line it refused). A
// file that is gone, or cannot be read, is no change to keep: Save writes
// it, or says why it cannot.
func (f *File) ChangedOnDisk() bool {
	if f.path == "" {
		return false
	}
	data, ok, err := f.readContent()
	return err == nil && ok && Hash(data) != f.read
}

// Save writes s to the file (morale.SaveSettings: atomic, the file's own
// lines kept), then reads it back: when what it reads is not s, the old
// file is put back in place and the error says why. It returns what to
// tell the player. It does not look whether the file changed on disk:
// ask ChangedOnDisk first.
func (f *File) Save(s morale.Settings) (string, error) {
	if f.path == "" {
		return "", errors.New("no weights file (run with -weights PATH)")
	}
	old, existed, err := f.readContent()
	if err != nil {
		existed = false // not a file to put back: SaveSettings says what it is
	}
	write := f.Write
	if write == nil {
		write = morale.SaveSettings
	}
	if err := write(f.path, s); err != nil {
		return "", err
	}
	data, _, err := f.readContent()
	var back morale.Settings
	if err == nil {
		back, err = morale.ReadSettings(bytes.NewReader(data))
	}
	if err == nil && !back.Equal(s) {
		err = errors.New("it reads back as other settings")
	}
	if err != nil {
		why := fmt.Errorf("%s could not be read back after the save (%w)", f.path, err)
		if !existed {
			if rerr := os.Remove(f.path); rerr != nil {
				return "", errors.Join(why, rerr)
			}
			return "", fmt.Errorf("%w; nothing is left in its place", why)
		}
		if rerr := safefile.WriteFile(f.path, old); rerr != nil {
			return "", errors.Join(why, fmt.Errorf("putting the old file back: %w", rerr))
		}
		return "", fmt.Errorf("%w; the old file is left in place", why)
	}
	f.read = Hash(data)
	return "saved " + f.path, nil
}
