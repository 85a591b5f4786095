package safefile_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestReadLimits(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small"), filepath.Join(dir, "big")
	write(t, small, "12345")
	write(t, big, strings.Repeat("x", 100))
	link := filepath.Join(dir, "link")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path    string
		limit   int64
		want    string // contents, or a piece of the error
		wantErr bool
	}{
		{small, 5, "12345", false},
		{small, math.MaxInt64, "12345", false}, // no limit: left+1 overflowed and Read panicked
		{link, 5, "12345", false},
		{big, 99, "is 100 bytes; a test file may have at most 99", true},
		{dir, 1000, "is a directory, not a regular file", true},
		{filepath.Join(dir, "none"), 10, "no such file", true},
	}
	for _, tt := range tests {
		got, err := safefile.Read(tt.path, tt.limit, "test file")
		if tt.wantErr {
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Read(%s, %d) = %q, %v; want an error with %q", tt.path, tt.limit, got, err, tt.want)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("Read(%s, %d) = %q, %v; want %q", tt.path, tt.limit, got, err, tt.want)
		}
	}
	var tl *safefile.TooLargeError
	if _, err := safefile.Read(big, 10, "test file"); !errors.As(err, &tl) || tl.Size != 100 {
		t.Errorf("Read of a file over the limit: %v; want a *TooLargeError of size 100", err)
	}
}

func TestWriteFileReplacesOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "reg.json")
	write(t, reg, "old")
	if err := os.Chmod(reg, 0o600); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target.json")
	write(t, target, "old")
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("target.json", link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink("nothing", dangling); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := safefile.WriteFile(reg, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(reg); string(b) != "new" {
		t.Errorf("%s holds %q; want \"new\"", reg, b)
	}
	if fi, _ := os.Stat(reg); fi.Mode().Perm() != 0o600 {
		t.Errorf("the replaced file has mode %#o; want its old 0600", fi.Mode().Perm())
	}
	// Through a symlink: the link is kept, the file it names replaced.
	if err := safefile.WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the symlink is gone after a write through it (%v)", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("the link's target holds %q; want \"new\"", b)
	}
	for _, tt := range []struct{ path, want string }{
		{sub, "is a directory, not a regular file; not replaced"},
		{dangling, "is a symlink to nothing that exists"},
	} {
		if err := safefile.WriteFile(tt.path, []byte("x")); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("WriteFile(%s) = %v; want an error with %q", tt.path, err, tt.want)
		}
	}
	assertEntries(t, dir, "dangling.json", "link.json", "reg.json", "sub", "target.json")
}

func TestBatchReplacesFolderAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(out, "old.json"), "old")
	keepJSON := func(rel string, d fs.DirEntry) bool { return strings.HasSuffix(rel, ".json") && d.Type().IsRegular() }

	// A failed batch (the second file cannot be staged) changes nothing.
	var b safefile.Batch
	tmp, err := b.Dir(out, keepJSON)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(tmp, "new.json"), "new")
	if err := b.File(filepath.Join(dir, "sub"), func(w io.Writer) error { return errors.New("render failed") }); err == nil {
		t.Fatal("File with a failing writer = nil; want its error")
	}
	if err := b.Abort(); err != nil {
		t.Fatal(err)
	}
	assertEntries(t, out, "old.json")
	assertEntries(t, dir, "out")

	// A batch that succeeds replaces the folder whole and writes the file.
	b = safefile.Batch{}
	if tmp, err = b.Dir(out, keepJSON); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(tmp, "new.json"), "new")
	if err := b.File(filepath.Join(dir, "report.html"), func(w io.Writer) error { _, err := w.Write([]byte("page")); return err }); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	assertEntries(t, out, "new.json")
	assertEntries(t, dir, "out", "report.html")

	// A folder holding anything the keep function refuses is never replaced.
	write(t, filepath.Join(out, "notes.txt"), "mine")
	b = safefile.Batch{}
	if _, err := b.Dir(out, keepJSON); err == nil || !strings.Contains(err.Error(), `holds "notes.txt", which this program did not write`) {
		t.Errorf("Dir over a folder with a stranger's file = %v; want a refusal naming it", err)
	}
	assertEntries(t, out, "new.json", "notes.txt")
	// Nor is a file where the folder should be.
	b = safefile.Batch{}
	if _, err := b.Dir(filepath.Join(dir, "report.html"), keepJSON); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("Dir over a file = %v; want a refusal", err)
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("9", 60000)
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{"\x1b]0;title\x07", `"\x1b]0;title\a"`},
		{long, `"` + strings.Repeat("9", safefile.MaxQuote) + `… (60000 bytes)"`},
	}
	for _, tt := range tests {
		if got := safefile.Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.20q) = %.120s; want %.120s", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"a \"b\" c", `a "b" c`},
		{"red\x1b[31m", `red\x1b[31m`},
		{"c1\u009b2J", `c1\u009b2J`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"Ünïcode ✓", "Ünïcode ✓"},
	} {
		if got := safefile.Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// assertEntries checks that dir holds exactly names.
func assertEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("%s holds %q; want %q", dir, got, names)
	}
}

// CheckWritable accepts a path a file can be written at, a new one (left
// absent) or a regular file (left as it was), and refuses, naming the
// path, a missing folder, a folder, and a symlink to nothing.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.txt")
	write(t, old, "kept")
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nothing"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, want string // want: in the error, "" for none
	}{
		{filepath.Join(dir, "new.gif"), ""},
		{old, ""},
		{filepath.Join(dir, "missing", "a.gif"), "missing"},
		{dir, "is a directory, not a regular file"},
		{dangling, "is a symlink to nothing"},
	} {
		err := safefile.CheckWritable(tc.path)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path)) {
			t.Errorf("CheckWritable(%s): got %v; want an error with %q (none for \"\")", tc.path, err, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new.gif")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CheckWritable left new.gif behind (%v)", err)
	}
	if b, err := os.ReadFile(old); err != nil || string(b) != "kept" {
		t.Errorf("old.txt is %q (%v) after CheckWritable; want \"kept\"", b, err)
	}
}

// CheckOutputs skips an empty path, passes outputs that can be written,
// and names the first that cannot, with CheckWritable's reason.
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	ok, missing := filepath.Join(dir, "a.gif"), filepath.Join(dir, "missing", "b.gif")
	for _, tc := range []struct {
		outputs [][2]string
		want    string // the error's start, "" for none
	}{
		{nil, ""},
		{[][2]string{{"-gif", ok}, {"-record", ""}}, ""},
		{[][2]string{{"-gif", ok}, {"-record", missing}, {"-state", dir}}, "-record: cannot write: "},
		{[][2]string{{"-state", dir}, {"-record", missing}}, "-state: cannot write: "},
	} {
		err := safefile.CheckOutputs(tc.outputs)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("CheckOutputs(%q): got %v; want an error starting %q (none for \"\")", tc.outputs, err, tc.want)
		}
	}
}

// OneLine keeps an error of one line as it is, and says how many more
// lines (problems) a longer one had.
func TestOneLine(t *testing.T) {
	for _, tc := range []struct{ err, want string }{
		{"w.toml: line 2: bad", "w.toml: line 2: bad"},
		{"w.toml: line 2: bad\nline 3: worse", "w.toml: line 2: bad (and 1 more problem)"},
		{"w.toml: line 2: bad\nline 3: worse\nline 9: worst", "w.toml: line 2: bad (and 2 more problems)"},
	} {
		if got := safefile.OneLine(errors.New(tc.err)); got != tc.want {
			t.Errorf("OneLine(%q): got %q; want %q", tc.err, got, tc.want)
		}
	}
}

// TestPlain: a file that is not there reads "PATH: no such file" whatever
// the system call and the system said, inside a wrapped message too; every
// other error reads as it is.
func TestPlain(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.toml")
	_, statErr := os.Stat(missing)
	_, readErr := safefile.Read(missing, 100, "scenario")
	windows := &fs.PathError{Op: "GetFileAttributesEx", Path: "nope.toml", Err: fs.ErrNotExist}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"stat", statErr, missing + ": no such file"},
		{"safefile.Read", readErr, missing + ": no such file"},
		{"wrapped", fmt.Errorf("-scenario: %w", statErr), "-scenario: " + missing + ": no such file"},
		{"another system call", windows, "nope.toml: no such file"},
		{"not a missing file", &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}, "open x: permission denied"},
		{"no path", errors.New("line 3: bad"), "line 3: bad"},
	} {
		if got := safefile.Plain(tt.err); got != tt.want {
			t.Errorf("%s: got %q; want %q", tt.name, got, tt.want)
		}
	}
}

// Every file not there in a joined error reads "PATH: no such file": of
// check a.toml b.toml, both missing, Plain said the first so and the second
// in the system's words ("stat b.toml: no such file or directory"), and
// moralesim worked around it, part by part.
func TestPlainSaysEveryMissingFile(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml"), filepath.Join(dir, "c.toml")
	_, errA := os.Stat(a)
	_, errB := os.Stat(b)
	_, errC := os.Open(c)
	denied := &fs.PathError{Op: "open", Path: "x", Err: fs.ErrPermission}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"a join", errors.Join(errA, errB), a + ": no such file\n" + b + ": no such file"},
		{"a join wrapped", fmt.Errorf("check: %w", errors.Join(errA, errB)), "check: " + a + ": no such file\n" + b + ": no such file"},
		{"a join in a join", errors.Join(errA, errors.Join(fmt.Errorf("-weights: %w", errB), errC)), a + ": no such file\n-weights: " + b + ": no such file\n" + c + ": no such file"},
		{"two %w", fmt.Errorf("%w; %w", errA, errB), a + ": no such file; " + b + ": no such file"},
		{"with another problem", errors.Join(errA, denied, errors.New("line 3: bad")), a + ": no such file\nopen x: permission denied\nline 3: bad"},
	} {
		if got := safefile.Plain(tt.err); got != tt.want {
			t.Errorf("%s: got %q; want %q", tt.name, got, tt.want)
		}
	}
}

// Head reads at most its n bytes of a file of any size, and a shorter file
// whole.
func TestHead(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		text string
		n    int64
		want string
	}{
		{"<!doctype html><title>x</title>", 15, "<!doctype html>"},
		{"short", 256, "short"},
		{"", 8, ""},
	} {
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := safefile.Head(p, tc.n, "report")
		if err != nil || string(got) != tc.want {
			t.Errorf("Head(%q, %d): got %q, %v; want %q", tc.text, tc.n, got, err, tc.want)
		}
	}
	if _, err := safefile.Head(filepath.Join(dir, "none"), 8, "report"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Head of no file: got %v; want fs.ErrNotExist", err)
	}
}
