package lab_test

import (
	"os"
	"path/filepath"
	"strings"
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

// Shards must agree on what the report says: the file's name, the
// description, the expectations and the changed settings, as well as what
// they ran.
func TestMergeComparesWhatTheReportSays(t *testing.T) {
	x := 1.0
	tests := []struct {
		name string
		edit func(h *lab.Header)
		want string
	}{
		{"description", func(h *lab.Header) { h.Description = "other" }, "their description differs"},
		{"file name", func(h *lab.Header) { h.File = "other.toml" }, "their file differs"},
		{"expectations", func(h *lab.Header) { h.Expects[0].Hi = 2 }, "their expects differs"},
		{"changed settings", func(h *lab.Header) { h.Changed = []lab.SettingChange{{Key: "Hysteresis", Value: &x}} }, "their changed_settings differs"},
		{"squads' men", func(h *lab.Header) { h.SquadMen = []int{4} }, "their squad_men differs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := shardFiles(t, 2, func(h *lab.Header) {
				h.Expects = append([]lab.Expect(nil), h.Expects...)
				tt.edit(h)
			})
			if len(files[0].Header.Expects) == 0 || files[0].Header.Description == "" || files[0].Header.File == "" {
				t.Fatalf("the header lacks what the report says: %+v", files[0].Header)
			}
			_, _, err := lab.Merge(files, dirsOf(2))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Merge = %v; want an error with %q", err, tt.want)
			}
		})
	}
	files := shardFiles(t, 2, nil)
	if _, _, err := lab.Merge([]lab.RunsFile{files[1], files[0]}, []string{"shard1", "shard0"}); err != nil {
		t.Errorf("Merge of agreeing shards = %v; want nil", err)
	}
}
