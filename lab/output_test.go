package lab_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// Default result folders from names stay inside out/ and are safe on every
// system: "../../../escaped" wrote outside out/, a NUL gave "mkdir: invalid
// argument", escape sequences reached the terminal.
func TestOutDir(t *testing.T) {
	tests := []struct{ name, want string }{
		{"opening", "out/opening"},
		{"../../../escaped", "out/escaped"},
		{"..", "out/scenario"},
		{"", "out/scenario"},
		{"a/b\\c:d*e?f\"g<h>i|j", "out/a_b_c_d_e_f_g_h_i_j"},
		{"nul\x00byte", "out/nul_byte"},
		{"\x1b]0;pwned\x07\x1b[2J", "out/0_pwned_2J"},
		{"a..b", "out/a_b"},
		{"v1.2", "out/v1.2"},
		{"two words ", "out/two_words"},
		{"CON", "out/_CON"},
		{"lpt1.txt", "out/_lpt1.txt"},
		{"com¹", "out/com"},
		{"CONSOLE", "out/CONSOLE"},
		{"Überfall am Fluss", "out/Überfall_am_Fluss"},
		{".hidden.", "out/hidden"},
		{strings.Repeat("é", 100), "out/" + strings.Repeat("é", 32)},
	}
	for _, tt := range tests {
		got := lab.OutDir(tt.name, "")
		if filepath.ToSlash(got) != tt.want {
			t.Errorf("OutDir(%q) = %q; want %q", tt.name, got, tt.want)
		}
		if rel, err := filepath.Rel("out", got); err != nil || strings.HasPrefix(rel, "..") || strings.ContainsRune(rel, filepath.Separator) {
			t.Errorf("OutDir(%q) = %q is not a folder directly in out/", tt.name, got)
		}
	}
	if got := lab.OutDir("a b", "-sensitivity"); filepath.ToSlash(got) != "out/a_b-sensitivity" {
		t.Errorf("OutDir with a suffix = %q", got)
	}
}

// Outputs.Write replaces the result folder only when every file of it and
// the extra files were written; a failure leaves the old folder whole (a
// failed run used to leave six new files and the old rest).
func TestOutputsWriteAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "pw")
	first := lab.Outputs{"summary.json": lab.Bytes([]byte(`{"scenario": "seed 1"}`)), "runs.json": lab.Bytes([]byte(`{"header": {"scenario": "runs 1"}}`))}
	if err := first.Write(context.Background(), out, nil); err != nil {
		t.Fatal(err)
	}
	failing := lab.Outputs{
		"summary.json": lab.Bytes([]byte(`{"scenario": "seed 2"}`)),
		"zz.png":       func(io.Writer) error { return errors.New("plot failed") },
	}
	if err := failing.Write(context.Background(), out, nil); err == nil {
		t.Fatal("Write with a failing file = nil; want its error")
	}
	unwritable := filepath.Join(dir, "nofolder", "x")
	if err := os.WriteFile(filepath.Join(dir, "nofolder"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	second := lab.Outputs{"summary.json": lab.Bytes([]byte(`{"scenario": "seed 2"}`))}
	if err := second.Write(context.Background(), out, map[string][]byte{unwritable: []byte("page")}); err == nil {
		t.Fatal("Write with an unwritable report = nil; want its error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := second.Write(ctx, out, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Write after a cancel = %v; want context.Canceled", err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "summary.json")); err != nil || string(b) != `{"scenario": "seed 1"}` {
		t.Errorf("summary.json after the failures: %q, %v; want the first run's", b, err)
	}
	assertOnly(t, out, "runs.json", "summary.json")
	assertOnly(t, dir, "nofolder", "pw")

	// Success replaces the folder whole (the old runs.json goes) and writes
	// a report given inside it into the new folder.
	if err := second.Write(context.Background(), out, map[string][]byte{filepath.Join(out, "report.html"): []byte("page")}); err != nil {
		t.Fatal(err)
	}
	assertOnly(t, out, "report.html", "summary.json")

	// A folder holding something the lab did not write is never replaced.
	if err := os.Mkdir(filepath.Join(out, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := second.Write(context.Background(), out, nil); err == nil || !strings.Contains(err.Error(), `holds "notes", which this program did not write`) {
		t.Errorf("Write over a folder with a subfolder = %v; want a refusal", err)
	}
	if err := second.Write(context.Background(), dir, nil); err == nil {
		t.Errorf("Write over the test's own folder = nil; want a refusal")
	}
}

// A cancel while a large file is being written stops it within a buffer
// and leaves the old folder as it was; a cancel while a shard is read stops
// the read.
func TestCancelWhileStreaming(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o")
	const old = `{"header": {"scenario": "old"}}` // a shard's mark, as moralesim writes it
	if err := (lab.Outputs{"runs.json": lab.Bytes([]byte(old))}).Write(context.Background(), out, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	written := 0
	big := lab.Outputs{"runs.json": func(w io.Writer) error {
		chunk := make([]byte, 1<<16)
		for i := 0; i < 1<<14; i++ { // 1 GiB, were it not stopped
			if i == 10 {
				cancel()
			}
			n, err := w.Write(chunk)
			written += n
			if err != nil {
				return err
			}
		}
		return nil
	}}
	if err := big.Write(ctx, out, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Write cancelled midway = %v; want context.Canceled", err)
	}
	if written > 1<<22 {
		t.Errorf("%d bytes were written after the cancel; want it to stop within a buffer or two", written)
	}
	if b, err := os.ReadFile(filepath.Join(out, "runs.json")); err != nil || string(b) != old {
		t.Errorf("runs.json after the cancel: %q, %v; want the old one", b, err)
	}
	assertOnly(t, dir, "o")
	if _, err := lab.ReadRunsContext(ctx, out); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadRunsContext after a cancel = %v; want context.Canceled", err)
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 keys", 1: "1 key", 2: "2 keys", 17: "17 keys"} {
		if got := lab.Plural(n, "key"); got != want {
			t.Errorf("Plural(%d, key) = %q; want %q", n, got, want)
		}
	}
}

// A folder of a designer's scenarios and weights files (*.toml, kinds a
// result may hold) is no result folder: -out scenarios replaced it with the
// results. Write refuses a folder that holds none of the files a result
// always holds, and replaces an earlier result and an empty folder.
func TestOutputsWriteOnlyOverAResult(t *testing.T) {
	o := lab.Outputs{"summary.json": lab.Bytes([]byte("new"))}
	// The marks as moralesim writes them: the scenario's name first, a
	// shard's inside its header.
	const mark, runsMark = "{\n \"scenario\": \"line\",\n \"runs\": 20\n}\n", "{\n \"header\": {\n  \"scenario\": \"line\"\n },\n \"runs\": [\n ]\n}\n"
	for _, tt := range []struct {
		name    string
		files   map[string]string
		refused bool
	}{
		{"scenarios and weights", map[string]string{"line.toml": "old", "weights.toml": "old"}, true},
		{"a page alone", map[string]string{"report.html": "old"}, true},
		{"an earlier run", map[string]string{"summary.json": mark, "runs.json": runsMark, "fan.png": "old"}, false},
		{"an earlier shard", map[string]string{"runs.json": runsMark, "runs.csv": "old"}, false},
		{"an earlier fit", map[string]string{"fit.json": mark, "weights.toml": "old"}, false},
		{"a mark copied with CRLF", map[string]string{"sweep.json": strings.ReplaceAll(mark, "\n", "\r\n")}, false},
		{"an empty folder", nil, false},
		// A file named as a mark is none unless it holds what moralesim
		// writes there: a hand-made fit.json made a folder of scenarios
		// a result, which -out deleted.
		{"a hand-made fit.json", map[string]string{"fit.json": "{}", "line.toml": "old"}, true},
		{"another program's summary.json", map[string]string{"summary.json": "{\"total\": 3}", "line.toml": "old"}, true},
		{"an empty runs.json", map[string]string{"runs.json": "", "line.toml": "old"}, true},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, body := range tt.files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		err := o.Write(context.Background(), dir, nil)
		if refused := err != nil; refused != tt.refused {
			t.Errorf("%s: got %v; want refused %v", tt.name, err, tt.refused)
		}
		if err != nil && !strings.Contains(err.Error(), "none of the files a result folder holds") {
			t.Errorf("%s: got %v; want it to say the folder holds no result", tt.name, err)
		}
		for f, body := range tt.files {
			if b, rerr := os.ReadFile(filepath.Join(dir, f)); tt.refused && (rerr != nil || string(b) != body) {
				t.Errorf("%s: %s is %q, %v after a refusal; want it kept", tt.name, f, b, rerr)
			}
		}
	}
	// A file named as a mark but not one is named as such.
	dir := filepath.Join(t.TempDir(), "sc")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for f, body := range map[string]string{"a.toml": "old", "fit.json": "{}"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := dir + `: holds "fit.json", which is not what moralesim writes there, and none of the files a result folder holds`
	if err := o.Write(context.Background(), dir, nil); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("a hand-made fit.json: got %v; want %s…", err, want)
	}
}
