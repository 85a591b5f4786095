package game

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// LoadReplay reads the replay file at path (a regular file of at most
// MaxReplayBytes: a FIFO or a device is refused at once, without blocking)
// and plays it through with no window (PlayReplayContext, calling progress
// when set), so that a corrupt file, a newer version, a file too long to
// play (MaxReplayWork) or a command the battle refuses (a soldier who does
// not exist at that tick) is found, with its line, before anything runs.
// Every error begins with path: a *ReplayFileError, whose Err is the
// problem alone, or, for a file that is not a regular file or is larger
// than MaxReplayBytes, the refusal of the file as it is.
func LoadReplay(path string, progress func(done, total float64)) (Recording, error) {
	f, err := safefile.Open(path, MaxReplayBytes, "replay")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == path { // "stat PATH: no such file or directory"
			return Recording{}, &ReplayFileError{Path: path, Err: plainProblem(pe)}
		}
		return Recording{}, err // it begins with path
	}
	r, err := ReadReplay(f)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err == nil {
		_, err = PlayReplayContext(context.Background(), r, progress)
	}
	if err != nil {
		return Recording{}, &ReplayFileError{Path: path, Err: err}
	}
	return r, nil
}

// plainProblem is the problem of pe alone, without the system call and
// the file: a file that is not there in safefile.Plain's words, "no such
// file" on every system (it was the system's: "no such file or directory",
// on Windows "The system cannot find the file specified."), still matching
// fs.ErrNotExist; any other as the system says it.
func plainProblem(pe *fs.PathError) error {
	if !errors.Is(pe.Err, fs.ErrNotExist) {
		return pe.Err
	}
	return &plainError{text: strings.TrimPrefix(safefile.Plain(pe), pe.Path+": "), err: pe.Err}
}

// plainError is err said in other words, text.
type plainError struct {
	text string
	err  error
}

func (e *plainError) Error() string { return e.text }
func (e *plainError) Unwrap() error { return e.err }

// ReplayFileError is a problem of the replay file at Path: Err is the
// problem alone ("line 32: tick 100: kill 9: no such soldier: 9", or "no
// such file", the same on every system), and the message "PATH: problem".
// LoadReplay returns it; a program that names the file its own way reads
// Path and Err rather than the message.
type ReplayFileError struct {
	Path string
	Err  error
}

func (e *ReplayFileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns Err, so that errors.Is finds ErrBadReplay and the error
// it wraps.
func (e *ReplayFileError) Unwrap() error { return e.Err }

// String says how a replay ended: "end at tick 480 (2.00 s of session):
// digest D equals the file's" (or "DIFFERS from the file's W"), or, when
// it stopped early, why. A replay not yet done says where it is.
func (st ReplayStatus) String() string {
	switch {
	case st.Err != nil:
		return st.Err.Error()
	case !st.Done:
		return fmt.Sprintf("at tick %d of %d", st.Progress, st.End)
	}
	verdict := "equals the file's"
	if !st.Match {
		verdict = "DIFFERS from the file's " + st.Want
	}
	return fmt.Sprintf("end at tick %d (%.2f s of session): digest %s %s", st.End, float64(st.End)/SubTicksPerSecond, st.Digest, verdict)
}
