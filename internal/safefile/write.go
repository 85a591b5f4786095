package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// staleAge is how old a temporary file or folder of a Batch must be before a
// later write removes it as left behind by a process that was killed. A write
// in progress is younger; the margin keeps a concurrent one's.
const staleAge = time.Minute

// Target returns the file that writing to path replaces: path itself, or,
// when path is a symlink, the file at the end of its links. It returns an
// error when that file exists and is not a regular file, and for a link to
// nothing; exists says whether the file is there.
func Target(path string) (target string, exists bool, err error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, false, nil
	}
	if err != nil {
		return "", false, err
	}
	target = path
	if fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", false, fmt.Errorf("%s: is a symlink to nothing that exists; not replaced (%w)", path, err)
		}
		if fi, err = os.Stat(target); err != nil {
			return "", false, err
		}
	}
	if !fi.Mode().IsRegular() {
		return "", false, fmt.Errorf("%s: is %s, not a regular file; not replaced", path, Kind(fi.Mode()))
	}
	return target, true, nil
}

// CheckWritable returns why a file cannot be written at path, or nil:
// Target's refusals (a FIFO, a device or a folder, refused at once without
// opening it), or the error of opening the target for writing (a missing
// folder, no permission), trying with an empty file, removed again, where
// nothing was. A file already there is not changed.
func CheckWritable(path string) error {
	target, exists, err := Target(path)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil || exists {
		return err
	}
	return os.Remove(target)
}

// CheckOutputs is CheckWritable for every output, a pair of a name (the
// flag that gave it, say) and a path, in order, skipping an empty path: the
// first refusal, as "NAME: cannot write: WHY", or nil.
func CheckOutputs(outputs [][2]string) error {
	for _, o := range outputs {
		if o[1] == "" {
			continue
		}
		if err := CheckWritable(o[1]); err != nil {
			return fmt.Errorf("%s: cannot write: %v", o[0], err)
		}
	}
	return nil
}

// WriteFile writes data to path atomically, as a Batch of one file.
func WriteFile(path string, data []byte) error {
	return WriteFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFunc writes what write writes to path atomically, as a Batch of one
// file.
func WriteFunc(path string, write func(io.Writer) error) error {
	var b Batch
	if err := b.File(path, write); err != nil {
		return err
	}
	return b.Commit()
}

// Batch is a set of files and at most one folder staged to replace their
// targets together: every File and Dir writes beside its target, and Commit
// renames them all into place. Until Commit nothing the caller can see has
// changed; Abort removes what was staged. A Batch is not safe for concurrent
// use.
type Batch struct {
	files []staged
	dir   *staged
}

// staged is a temporary file or folder and the path it replaces.
type staged struct {
	tmp, target string
	exists      bool
}

// File stages a new file for path (a regular file, a symlink to one, or
// nothing yet; anything else is an error before anything is written): write
// fills a temporary file beside the target (its folder is created), which is
// synced to disk. The new
// file keeps the permission bits of the one it replaces, 0644 for a new one.
// On an error nothing of the file is left behind.
func (b *Batch) File(path string, write func(io.Writer) error) (err error) {
	target, exists, err := Target(path)
	if err != nil {
		return err
	}
	perm := fs.FileMode(0o644)
	if exists {
		fi, err := os.Stat(target)
		if err != nil {
			return err
		}
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	prefix := "." + base + ".tmp-"
	if err := removeStale(dir, prefix); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, prefix+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			err = errors.Join(err, os.Remove(tmp))
		}
	}()
	if err := f.Chmod(perm); err != nil {
		return errors.Join(err, f.Close())
	}
	if err := fill(f, write); err != nil {
		return err
	}
	b.files = append(b.files, staged{tmp: tmp, target: target, exists: exists})
	return nil
}

// fill writes what write writes to f, buffered, syncs f to disk and closes
// it (on an error too).
func fill(f *os.File, write func(io.Writer) error) error {
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		return errors.Join(err, f.Close())
	}
	if err := w.Flush(); err != nil {
		return errors.Join(err, f.Close())
	}
	if err := f.Sync(); err != nil {
		return errors.Join(err, f.Close())
	}
	return f.Close()
}

// CreateNew writes a new file at path (mode 0644; an error if anything is
// there already) with write, synced to disk: for the files of a folder a
// Batch staged (Dir), where nothing is to be replaced.
func CreateNew(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	return fill(f, write)
}

// Dir stages a new folder to replace the folder at path and returns the
// temporary folder, for the caller to fill. path must be absent, a folder or a
// symlink to one; in a folder that exists, keep is asked about every entry
// (its path relative to the folder, slash-separated) and a single no refuses
// the whole folder, so that a folder holding anything its writer did not put
// there is never replaced. The folder's parents are created. A Batch stages
// at most one folder.
func (b *Batch) Dir(path string, keep func(rel string, d fs.DirEntry) bool) (string, error) {
	if b.dir != nil {
		return "", errors.New("safefile: a Batch replaces one folder")
	}
	target, exists := path, false
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return "", err
	default:
		if fi.Mode()&fs.ModeSymlink != 0 {
			if target, err = filepath.EvalSymlinks(path); err != nil {
				return "", fmt.Errorf("%s: is a symlink to nothing that exists; not replaced (%w)", path, err)
			}
			if fi, err = os.Stat(target); err != nil {
				return "", err
			}
		}
		if !fi.IsDir() {
			return "", fmt.Errorf("%s: is %s, not a folder; not replaced", path, kindOrFile(fi.Mode()))
		}
		if err := checkEntries(path, target, keep); err != nil {
			return "", err
		}
		exists = true
	}
	parent, base := filepath.Split(filepath.Clean(target))
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	stale := []string{"." + base + ".tmp-"}
	if exists {
		// An old folder moved aside by a process killed before it renamed
		// the new one in is kept while nothing has taken its place.
		stale = append(stale, "."+base+".old-")
	}
	for _, p := range stale {
		if err := removeStale(parent, p); err != nil {
			return "", err
		}
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", errors.Join(err, os.RemoveAll(tmp))
	}
	b.dir = &staged{tmp: tmp, target: filepath.Clean(target), exists: exists}
	return tmp, nil
}

// maxEntries is the most entries Dir looks at in a folder it would replace;
// a folder with more is not one of the program's outputs.
const maxEntries = 10000

func checkEntries(path, dir string, keep func(string, fs.DirEntry) bool) error {
	n := 0
	stop := errors.New("stop")
	var refused string
	err := fs.WalkDir(os.DirFS(dir), ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if rel == "." {
			return nil
		}
		if n++; n > maxEntries || keep == nil || !keep(rel, d) {
			refused = rel
			return stop
		}
		return nil
	})
	if errors.Is(err, stop) {
		if n > maxEntries {
			return fmt.Errorf("%s: holds over %d entries, which this program did not write; not replaced (pick a new or empty folder)", path, maxEntries)
		}
		return fmt.Errorf("%s: holds %s, which this program did not write; not replaced (pick a new or empty folder)", path, Quote(refused))
	}
	return err
}

func kindOrFile(m fs.FileMode) string {
	if m.IsRegular() {
		return "a file"
	}
	return Kind(m)
}

// Commit puts everything staged in place: the folder first (the old one moved
// aside, the new one renamed in, the old one removed), then every file, each
// by a rename. If a rename fails, the old folder is put back and the error
// returned, with what was not yet renamed removed. After Commit the Batch is
// empty.
func (b *Batch) Commit() error {
	defer func() { b.files, b.dir = nil, nil }()
	var old string
	if d := b.dir; d != nil {
		if d.exists {
			parent, base := filepath.Split(d.target)
			if parent == "" {
				parent = "."
			}
			o, err := os.MkdirTemp(parent, "."+base+".old-*")
			if err != nil {
				return errors.Join(err, b.abort())
			}
			old = filepath.Join(o, base)
			if err := os.Rename(d.target, old); err != nil {
				return errors.Join(err, os.Remove(o), b.abort())
			}
		}
		if err := os.Rename(d.tmp, d.target); err != nil {
			if old != "" {
				err = errors.Join(err, os.Rename(old, d.target), os.Remove(filepath.Dir(old)))
			}
			return errors.Join(err, b.abort())
		}
		b.dir = nil
	}
	for i, f := range b.files {
		if err := os.Rename(f.tmp, f.target); err != nil {
			b.files = b.files[i:]
			if old != "" {
				// The new folder goes, the old one comes back.
				err = errors.Join(err, os.RemoveAll(b.dirTarget(old)), os.Rename(old, b.dirTarget(old)), os.Remove(filepath.Dir(old)))
			}
			return errors.Join(err, b.abort())
		}
	}
	b.files = nil
	if old != "" {
		return os.RemoveAll(filepath.Dir(old))
	}
	return nil
}

// dirTarget is the folder old (the moved-aside one, in its own temporary
// folder beside the target) was moved from.
func (b *Batch) dirTarget(old string) string {
	return filepath.Join(filepath.Dir(filepath.Dir(old)), filepath.Base(old))
}

// Abort removes everything staged; the targets are as they were.
func (b *Batch) Abort() error {
	err := b.abort()
	b.files, b.dir = nil, nil
	return err
}

func (b *Batch) abort() error {
	var errs []error
	for _, f := range b.files {
		if err := os.Remove(f.tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if b.dir != nil {
		if err := os.RemoveAll(b.dir.tmp); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// removeStale removes the entries named prefix* in dir older than staleAge:
// the temporary files and folders of a write that was killed.
func removeStale(dir, prefix string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !(e.Type().IsRegular() || e.IsDir()) {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < staleAge {
			continue // gone already, or another write's, in progress
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
