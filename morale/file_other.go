//go:build !unix

package morale

import "os"

// openNonblock is 0 where FIFOs do not block an open.
const openNonblock = 0

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, os.FileInfo) error { return nil }
