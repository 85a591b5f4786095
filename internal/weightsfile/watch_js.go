//go:build js

package weightsfile

import (
	"errors"
	"time"
)

// Watcher is a stub in the browser: there is no file to watch.
type Watcher struct{}

// WatchAvailable tells whether this build can watch files (false in the browser).
const WatchAvailable = false

var errNoWatch = errors.New("file watching is not available in the browser; the weights are the embedded defaults and Save downloads weights.toml")

// WatchFile always fails in the browser.
func WatchFile(path string, debounce time.Duration) (*Watcher, error) { return nil, errNoWatch }

// C never receives.
func (w *Watcher) C() <-chan struct{} { return nil }

// Errors never receives.
func (w *Watcher) Errors() <-chan error { return nil }

// Close does nothing.
func (w *Watcher) Close() error { return nil }
