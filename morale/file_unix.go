//go:build unix

package morale

import (
	"errors"
	"os"
	"syscall"
)

// openNonblock makes opening a FIFO return at once instead of waiting for a
// writer; it changes nothing for a regular file.
const openNonblock = syscall.O_NONBLOCK

// keepOwner gives f the owner and group of the file described by fi. A process
// that may not chown (not root, not the owner's group) keeps its own: EPERM is
// not an error, any other failure is.
func keepOwner(f *os.File, fi os.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if int(st.Uid) == os.Getuid() && int(st.Gid) == os.Getgid() {
		return nil
	}
	err := f.Chown(int(st.Uid), int(st.Gid))
	if errors.Is(err, syscall.EPERM) {
		return nil
	}
	return err
}
