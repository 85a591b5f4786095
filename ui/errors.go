package ui

import "errors"

// ErrNotRegularFile is wrapped by LoadWeights when the weights path names a
// directory, a FIFO, a device or a socket rather than a file.
var ErrNotRegularFile = errors.New("not a regular file")
