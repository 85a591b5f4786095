package morale

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// readFile returns the contents of the regular file at path, at most
// MaxFileBytes of them. It opens without blocking (a FIFO with no writer would
// block a plain open) and checks the opened file's type before reading.
func readFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	data, err := readOpened(path, f)
	// Close of a file opened read-only says nothing about the data read, but
	// an error of it is still an error: the caller hears of it.
	if cerr := f.Close(); cerr != nil {
		return nil, errors.Join(err, cerr)
	}
	return data, err
}

// readOpened reads f, opened from path, for readFile.
func readOpened(path string, f *os.File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: is %s, not a regular file", path, fileKind(fi.Mode()))
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: is %d bytes; a weights file may have at most %d", path, fi.Size(), MaxFileBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: is over %d bytes; a weights file may have at most %d", path, MaxFileBytes, MaxFileBytes)
	}
	return data, nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
