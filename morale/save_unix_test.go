//go:build unix

package morale_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// The file's owner and group are kept where the process may set them.
func TestSaveSettingsKeepsOwner(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("only root may give a file to another user")
	}
	p := filepath.Join(t.TempDir(), "weights.toml")
	if err := os.WriteFile(p, []byte("ShakenBelow = 0.6\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	const uid, gid = 12345, 23456
	if err := os.Chown(p, uid, gid); err != nil {
		t.Fatal(err)
	}
	if err := morale.SaveSettings(p, tuned()); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != uid || st.Gid != gid || fi.Mode().Perm() != 0o640 {
		t.Errorf("after SaveSettings: owner %d:%d mode %#o; want %d:%d 0640", st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
	}
}
