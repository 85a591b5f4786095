//go:build unix

package safefile

import "syscall"

// openNonblock makes opening a FIFO return at once instead of waiting for a
// writer; it changes nothing for a regular file.
const openNonblock = syscall.O_NONBLOCK
