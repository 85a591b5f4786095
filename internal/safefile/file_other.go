//go:build !unix

package safefile

// openNonblock is 0 where opening a FIFO does not block.
const openNonblock = 0
