package md_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/tools/md"
)

func TestAnchor(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"Quick start", "quick-start"},
		{"Why did he break? (the ledger)", "why-did-he-break-the-ledger"},
		{"Several cores (`World.SetWorkers`)", "several-cores-worldsetworkers"},
		{"The World's order", "the-worlds-order"},
		{"The event table (`[weights]` in weights.toml)", "the-event-table-weights-in-weightstoml"},
		{"Steady → Shaken", "steady--shaken"},
		{"make_dist and make-check", "make_dist-and-make-check"},
		{"Ärger über Moral", "ärger-über-moral"},
	} {
		if got := md.Anchor(tc.heading); got != tc.want {
			t.Errorf("Anchor(%q) = %q; want %q", tc.heading, got, tc.want)
		}
	}
}

func TestBlocks(t *testing.T) {
	doc := "# Title\n\n<!-- b -->\nold\nlines\n<!-- /b -->\ntail\n"
	got, ok, err := md.FindBlock(doc, "b")
	if err != nil || !ok || got != "old\nlines\n" {
		t.Errorf("FindBlock = %q, %v, %v; want \"old\\nlines\\n\", true, nil", got, ok, err)
	}
	if _, ok, err := md.FindBlock(doc, "other"); ok || err != nil {
		t.Errorf("FindBlock of a missing block = %v, %v; want false, nil", ok, err)
	}
	out, err := md.ReplaceBlock(doc, "b", "new")
	if want := "# Title\n\n<!-- b -->\nnew\n<!-- /b -->\ntail\n"; err != nil || out != want {
		t.Errorf("ReplaceBlock = %q, %v; want %q", out, err, want)
	}
	if got := md.WrapBlock("b", "x"); got != "<!-- b -->\nx\n<!-- /b -->\n" {
		t.Errorf("WrapBlock = %q", got)
	}
	for _, tc := range []struct{ doc, want string }{
		{"<!-- b -->\nx\n", `"<!-- b -->" has no "<!-- /b -->" after it`},
		{"<!-- /b -->\n<!-- b -->\n", `line 1: "<!-- /b -->" before "<!-- b -->"`},
		{"<!-- b -->\n<!-- b -->\n<!-- /b -->\n", `line 2: a second "<!-- b -->"`},
		{"<!-- b -->\n<!-- /b -->\n<!-- /b -->\n", `line 3: a second "<!-- /b -->"`},
	} {
		if _, _, err := md.FindBlock(tc.doc, "b"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("FindBlock(%q): error %v; want %q", tc.doc, err, tc.want)
		}
	}
	if _, err := md.ReplaceBlock("no block\n", "b", "x"); err == nil {
		t.Error("ReplaceBlock of a missing block: no error")
	}
}
