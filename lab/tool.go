package lab

import (
	"cmp"
	"fmt"
	"runtime/debug"
)

// Tool identifies the moralesim that made a result: its module version and
// the commit it was built from, as the Go toolchain stamped them into the
// binary (runtime/debug.ReadBuildInfo). A binary built without version
// control (a test) has the zero Tool, which a JSON file leaves out.
type Tool struct {
	Version  string `json:"version,omitempty"`
	Revision string `json:"revision,omitempty"`
	// Modified is true when the working tree had changes not committed.
	Modified bool `json:"modified,omitempty"`
}

// ThisTool returns the Tool of the running binary.
func ThisTool() Tool {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Tool{}
	}
	t := Tool{Version: bi.Main.Version}
	if t.Version == "(devel)" {
		t.Version = ""
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			t.Revision = s.Value
		case "vcs.modified":
			t.Modified = s.Value == "true"
		}
	}
	return t
}

// String returns t in words for a page's foot ("moralesim v1.2.0, commit
// 0123abc, with changes not committed"), "" for the zero Tool.
func (t Tool) String() string {
	if t == (Tool{}) {
		return ""
	}
	s := "moralesim " + cmp.Or(t.Version, "(no version)")
	if t.Revision != "" {
		s += ", commit " + t.Revision
	}
	if t.Modified {
		s += ", with changes not committed"
	}
	return s
}

// check validates a Tool read from a file: short enough for a page.
func (t Tool) check() error {
	if len(t.Version) > MaxNameBytes || len(t.Revision) > MaxNameBytes {
		return fmt.Errorf("tool: a version or revision of more than %d bytes", MaxNameBytes)
	}
	return nil
}
