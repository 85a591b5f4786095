//go:build !js

package weightsfile

import (
	"errors"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watcher reports edits to one file. It watches the file's directory (editors
// that save by renaming a temporary file replace the watched inode) and
// debounces bursts of events into one notification.
type Watcher struct {
	w    *fsnotify.Watcher
	c    chan struct{}
	errs chan error
	done chan struct{}
	once sync.Once
}

// WatchAvailable tells whether this build can watch files (false in the browser).
const WatchAvailable = true

// WatchFile starts watching path. C receives once per burst of changes,
// debounce after the last one.
func WatchFile(path string, debounce time.Duration) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, errors.Join(err, fw.Close())
	}
	if err := fw.Add(filepath.Dir(abs)); err != nil {
		return nil, errors.Join(err, fw.Close())
	}
	w := &Watcher{w: fw, c: make(chan struct{}, 1), errs: make(chan error, 1), done: make(chan struct{})}
	go w.loop(abs, debounce)
	return w, nil
}

func (w *Watcher) loop(abs string, debounce time.Duration) {
	var timer *time.Timer
	var fire <-chan time.Time
	for {
		select {
		case <-w.done:
			if timer != nil {
				timer.Stop()
			}
			return
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			if filepath.Clean(ev.Name) != abs || !ev.Has(fsnotify.Write|fsnotify.Create|fsnotify.Rename) {
				continue
			}
			if timer == nil {
				timer = time.NewTimer(debounce)
			} else {
				timer.Reset(debounce)
			}
			fire = timer.C
		case <-fire:
			fire = nil
			select {
			case w.c <- struct{}{}:
			default: // one pending notification is enough
			}
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			select {
			case w.errs <- err:
			default:
			}
		}
	}
}

// C receives after each (debounced) change to the file.
func (w *Watcher) C() <-chan struct{} { return w.c }

// Errors receives watcher errors (at most one pending).
func (w *Watcher) Errors() <-chan error { return w.errs }

// Close stops watching.
func (w *Watcher) Close() error {
	var err error
	w.once.Do(func() {
		close(w.done)
		err = w.w.Close()
	})
	return err
}
