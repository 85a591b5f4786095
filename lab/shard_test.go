package lab_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "summary.json")
	if err := lab.WriteFileAtomic(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := lab.WriteFileAtomic(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "two" {
		t.Errorf("got %q; want %q", b, "two")
	}
	assertOnly(t, dir, "summary.json")
}

// A rename that fails (the target is a non-empty folder) returns its error
// and leaves no temporary file behind.
func TestWriteFileAtomicFailureLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(p, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := lab.WriteFileAtomic(p, []byte("data")); err == nil {
		t.Fatalf("WriteFileAtomic over a non-empty folder = nil; want an error")
	}
	assertOnly(t, dir, "out")
}

// assertOnly checks that dir holds exactly the entries names.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name())
	}
	if len(got) != len(names) {
		t.Fatalf("%s holds %q; want %q", dir, got, names)
	}
	for i := range got {
		if got[i] != names[i] {
			t.Fatalf("%s holds %q; want %q", dir, got, names)
		}
	}
}
