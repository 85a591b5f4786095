package capture_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui/capture"
)

// Profile writes a CPU and a heap profile (gzipped, as pprof writes them)
// when asked, nothing when not, and an error naming the flag when a
// profile cannot be written (its folder is a file).
func TestProfile(t *testing.T) {
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.out"), filepath.Join(dir, "mem.out")
	end, err := capture.Profile(cpu, mem)
	if err != nil {
		t.Fatal(err)
	}
	if err := end(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{cpu, mem} {
		if b, err := os.ReadFile(p); err != nil || !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%s: got %d bytes (%v); want a gzipped profile", filepath.Base(p), len(b), err)
		}
	}
	end, err = capture.Profile("", "")
	if err != nil || end() != nil {
		t.Errorf("no profiles: got %v; want nothing to do", err)
	}
	blocker := filepath.Join(dir, "file") // a file where the profiles' folder would be
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	end, err = capture.Profile(filepath.Join(blocker, "cpu.out"), filepath.Join(blocker, "mem.out"))
	if err != nil {
		t.Fatal(err)
	}
	if err := end(); err == nil || !strings.Contains(err.Error(), "-cpuprofile: ") || !strings.Contains(err.Error(), "-memprofile: ") {
		t.Errorf("profiles under a file: got %v; want both errors, naming their flags", err)
	}
}
