// Package safefile reads the files the programs take from their users and
// writes the files they make, under one set of rules, so that no input path
// can hang a program or exhaust its memory and no output path can destroy
// anything but an earlier output.
//
// Reading: only a regular file (or a symlink to one) is read. A directory, a
// FIFO, a device or a socket is refused at once, without blocking: its type is
// checked before it is opened, the open itself does not wait (O_NONBLOCK where
// that exists), and the opened file's type is checked again. Every read has a
// size limit, stated by the caller per kind of file; a larger file is refused
// before it is read, and a file that grows while it is read stops at the limit.
//
// Writing: a file is written to a temporary file beside it and renamed over
// it, so no reader and no interruption ever sees half a file. Only a regular
// file, or a symlink to one (the link is kept, the file it names replaced), is
// ever replaced: a device, a FIFO, a socket or a folder is refused before
// anything is written. A Batch stages several files and one folder and then
// replaces them together, so that a failure anywhere leaves every previous
// output as it was.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// Kind names the type of a file that is not regular, for messages: "a
// directory", "a FIFO", "a socket", "a device" or "a special file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	}
	return "a special file"
}

// TooLargeError is a file over the size limit of its kind.
type TooLargeError struct {
	Path, Kind string
	// Size is the file's size when known before reading (0 when the file
	// grew past the limit while it was read).
	Size, Limit int64
}

// Error returns "PATH: is SIZE bytes; a KIND may have at most LIMIT".
func (e *TooLargeError) Error() string {
	if e.Size > 0 {
		return fmt.Sprintf("%s: is %d bytes; a %s may have at most %d", e.Path, e.Size, e.Kind, e.Limit)
	}
	return fmt.Sprintf("%s: is over %d bytes; a %s may have at most %d", e.Path, e.Limit, e.Kind, e.Limit)
}

// Open opens the regular file at path for reading, refusing, without
// blocking, anything that is not one (see the package comment) and a file
// larger than limit bytes; kind names the file in errors ("scenario",
// "weights file", …). The returned reader fails with a *TooLargeError once
// more than limit bytes have been read, should the file grow meanwhile. The
// caller closes it.
func Open(path string, limit int64, kind string) (io.ReadCloser, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(path, fi, kind); err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, &TooLargeError{Path: path, Kind: kind, Size: fi.Size(), Limit: limit}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	got, err := f.Stat()
	if err == nil {
		err = checkRegular(path, got, kind)
	}
	if err == nil && !os.SameFile(fi, got) {
		err = fmt.Errorf("%s: was replaced while it was opened", path)
	}
	if err != nil {
		return nil, errors.Join(err, f.Close())
	}
	return &limited{f: f, left: limit, path: path, kind: kind, limit: limit}, nil
}

// Head returns the first n bytes of the regular file at path (all of it
// when shorter), checked as Open checks it, whatever the file's size: enough
// to tell what a file is before replacing it.
func Head(path string, n int64, kind string) ([]byte, error) {
	r, err := Open(path, math.MaxInt64, kind)
	if err != nil {
		return nil, err
	}
	head, err := io.ReadAll(io.LimitReader(r, n))
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return head, nil
}

// Read returns the contents of the regular file at path, at most limit bytes,
// checked as Open checks it.
func Read(path string, limit int64, kind string) ([]byte, error) {
	r, err := Open(path, limit, kind)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}

func checkRegular(path string, fi fs.FileInfo, kind string) error {
	if fi.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s: is %s, not a regular file (a %s must be one)", path, Kind(fi.Mode()), kind)
}

// limited reads f and fails once more than limit bytes were read.
type limited struct {
	f           *os.File
	left, limit int64
	path, kind  string
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{Path: l.path, Kind: l.kind, Limit: l.limit}
	}
	if int64(len(p))-1 > l.left { // not left+1, which overflows at math.MaxInt64
		p = p[:l.left+1]
	}
	n, err := l.f.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, &TooLargeError{Path: l.path, Kind: l.kind, Limit: l.limit}
	}
	return n, err
}

func (l *limited) Close() error { return l.f.Close() }
