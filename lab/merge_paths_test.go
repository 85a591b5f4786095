package lab_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// Merge compares the scenario's file in one spelling: shards run as
// scenarios\line.toml (Windows, as the HOWTO has it) and as
// scenarios/line.toml are one Monte-Carlo, and the merged header keeps
// shard 0's spelling whatever the order of the folders; another file is
// still refused.
func TestMergeFileSpellings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  [3]string // the file of shards 0, 1 and 2
		refuse string    // "": they merge
	}{
		{"backslashes and slashes", [3]string{`scenarios\line.toml`, "scenarios/line.toml", `scenarios\line.toml`}, ""},
		{"slashes and backslashes", [3]string{"scenarios/line.toml", `scenarios\line.toml`, "scenarios/line.toml"}, ""},
		{"a leading .\\", [3]string{`.\scenarios\line.toml`, "scenarios/line.toml", "./scenarios//line.toml"}, ""},
		{"a drive", [3]string{`C:\jeux\scenarios\line.toml`, "C:/jeux/scenarios/line.toml", `C:\jeux\scenarios\line.toml`}, ""},
		{"another file", [3]string{`scenarios\line.toml`, "scenarios/line.toml", "scenarios/other.toml"}, `their file differs`},
		{"another folder", [3]string{`a\line.toml`, "b/line.toml", `a\line.toml`}, "their file differs"},
	} {
		files := shardFiles(t, 3, nil)
		for k := range files {
			files[k].Header.File = tc.files[k]
		}
		for _, order := range shardOrders() {
			h, _, err := lab.Merge(inOrder(files, order))
			switch {
			case tc.refuse == "" && err != nil:
				t.Errorf("%s, order %v: got %v; want them merged", tc.name, order, err)
			case tc.refuse == "" && h.File != tc.files[0]:
				t.Errorf("%s, order %v: got file %q; want shard 0's, %q", tc.name, order, h.File, tc.files[0])
			case tc.refuse != "" && (err == nil || !strings.Contains(err.Error(), tc.refuse)):
				t.Errorf("%s, order %v: got %v; want an error saying %s", tc.name, order, err, tc.refuse)
			}
		}
	}
}
