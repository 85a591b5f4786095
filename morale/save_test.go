package morale_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// names lists the files in dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func tuned() morale.Settings {
	s := morale.DefaultSettings()
	s.ShakenBelow = 0.55
	return s
}

// Saving over a symlink writes its target and keeps the link (issue 7, item 7).
func TestSaveSettingsFollowsSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks need privileges on Windows")
	}
	dir := t.TempDir()
	real := filepath.Join(dir, "real", "weights.toml")
	if err := os.Mkdir(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := morale.SaveSettings(real, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "weights.toml")
	if err := os.Symlink(filepath.Join("real", "weights.toml"), link); err != nil { // relative
		t.Fatal(err)
	}
	link2 := filepath.Join(dir, "again.toml")
	if err := os.Symlink(link, link2); err != nil { // a chain
		t.Fatal(err)
	}
	for _, p := range []string{link, link2} {
		s := tuned()
		s.PanicBelow = 0.2 + float64(len(p)%5)/100
		if err := morale.SaveSettings(p, s); err != nil {
			t.Fatalf("SaveSettings(%s): %v", p, err)
		}
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s after SaveSettings: %v, %v; want it still a symlink", p, fi.Mode(), err)
		}
		got, err := morale.LoadSettings(real)
		if err != nil || got.ShakenBelow != 0.55 || got.PanicBelow != s.PanicBelow {
			t.Errorf("the link's target after SaveSettings(%s): %v, ShakenBelow %v PanicBelow %v; want the saved settings", p, err, got.ShakenBelow, got.PanicBelow)
		}
	}
	if got := names(t, filepath.Dir(real)); len(got) != 1 {
		t.Errorf("target directory holds %v; want only weights.toml", got)
	}
	// A dangling link: the file it names is created.
	dangling := filepath.Join(dir, "new.toml")
	if err := os.Symlink(filepath.Join("real", "new.toml"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := morale.SaveSettings(dangling, tuned()); err != nil {
		t.Fatalf("SaveSettings through a dangling link: %v", err)
	}
	if s, err := morale.LoadSettings(filepath.Join(dir, "real", "new.toml")); err != nil || s.ShakenBelow != 0.55 {
		t.Errorf("the dangling link's target: %v, %v; want the saved settings", err, s.ShakenBelow)
	}
}

// The file's mode is kept; a read-only file is not overwritten.
func TestSaveSettingsKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o600, 0o640, 0o664, 0o755} {
		p := filepath.Join(dir, "w.toml")
		if err := os.WriteFile(p, []byte("ShakenBelow = 0.6\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		if err := morale.SaveSettings(p, tuned()); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != mode {
			t.Errorf("mode after SaveSettings of a %#o file: %v (%v); want %#o", mode, fi.Mode().Perm(), err, mode)
		}
	}
	fresh := filepath.Join(dir, "fresh.toml")
	if err := morale.SaveSettings(fresh, tuned()); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode of a new file: %v (%v); want 0644", fi.Mode().Perm(), err)
	}

	ro := filepath.Join(dir, "readonly.toml")
	if err := os.WriteFile(ro, []byte("ShakenBelow = 0.6\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	err := morale.SaveSettings(ro, tuned())
	if err == nil || !strings.Contains(err.Error(), ro) || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("SaveSettings of a 0444 file = %v; want an error naming it, read-only", err)
	}
	if data, _ := os.ReadFile(ro); string(data) != "ShakenBelow = 0.6\n" {
		t.Errorf("a 0444 file was overwritten:\n%s", data)
	}
	if fi, _ := os.Stat(ro); fi.Mode().Perm() != 0o444 {
		t.Errorf("a 0444 file's mode became %#o", fi.Mode().Perm())
	}
	// Not a regular file: refused.
	if err := morale.SaveSettings(dir, tuned()); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("SaveSettings over a directory = %v; want an error", err)
	}
}

// Temporary files are named .NAME.tmp-*; a killed save's is removed by the
// next save, a fresh one (another save in progress) is not.
func TestSaveSettingsRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "weights.toml")
	stale := filepath.Join(dir, ".weights.toml.tmp-123456")
	fresh := filepath.Join(dir, ".weights.toml.tmp-999999")
	other := filepath.Join(dir, ".other.toml.tmp-123456")
	for _, f := range []string{stale, fresh, other} {
		if err := os.WriteFile(f, []byte("half a fi"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	for _, f := range []string{stale, other} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := morale.SaveSettings(p, tuned()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("stale temp file after SaveSettings: %v; want it removed", err)
	}
	for _, f := range []string{fresh, other} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s after SaveSettings: %v; want it kept (not stale, or not ours)", filepath.Base(f), err)
		}
	}
	if got := names(t, dir); len(got) != 3 {
		t.Errorf("directory holds %v; want weights.toml and the two kept files", got)
	}
}

// Errors name the user's path, never the temporary file.
func TestSaveSettingsErrorsNameThePath(t *testing.T) {
	if runtime.GOOS == "windows" || os.Getuid() == 0 {
		t.Skip("needs a directory the process may not write")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "weights.toml")
	if err := morale.SaveSettings(p, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Error(err)
		}
	})
	err := morale.SaveSettings(p, tuned())
	if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("SaveSettings into a read-only directory = %v; want an error naming %s and no temp file", err, p)
	}
}

// The same, for any user: a name so long that the temporary file's name is
// over the file system's limit while the file's own is not.
func TestSaveSettingsTempErrorNamesThePath(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, strings.Repeat("w", 245)+".toml")
	if err := os.WriteFile(p, []byte("ShakenBelow = 0.6\n"), 0o644); err != nil {
		t.Skipf("the file system refuses a %d-byte name: %v", len(filepath.Base(p)), err)
	}
	err := morale.SaveSettings(p, tuned())
	if err == nil {
		t.Skip("the file system takes names over 255 bytes")
	}
	if !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("SaveSettings = %v; want an error naming %s, not the temp file", err, p)
	}
	if data, _ := os.ReadFile(p); string(data) != "ShakenBelow = 0.6\n" {
		t.Errorf("a failed save changed the file:\n%s", data)
	}
}

// Whatever validates fits in a weights file: the most rows with the longest
// names that need the most escapes, and an old file whose comments would push
// the new one over MaxFileBytes (then the default comments are written).
func TestSaveSettingsFitsTheLimit(t *testing.T) {
	dir := t.TempDir()
	s := morale.DefaultSettings()
	s.Weights = map[morale.Event]float64{}
	for i := range morale.MaxWeightRows {
		name := strings.Repeat("\x01", morale.MaxEventNameBytes-3) + strconv.Itoa(100+i)
		s.Weights[morale.Event(name)] = -123.45678901234567
	}
	p := filepath.Join(dir, "big.toml")
	if err := morale.SaveSettings(p, s); err != nil {
		t.Fatalf("SaveSettings of %d rows with %d-byte names: %v", morale.MaxWeightRows, morale.MaxEventNameBytes, err)
	}
	if got, err := morale.LoadSettings(p); err != nil || !settingsEqual(got, s) {
		t.Errorf("LoadSettings of the largest settings: %v", err)
	}
	s.Weights["one too many"] = 0
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "Weights") {
		t.Errorf("Validate of %d rows = %v; want an error naming Weights", len(s.Weights), err)
	}

	// An old file just under the limit, its values as short as can be.
	var b strings.Builder
	b.WriteString("[weights]\n[custom]\n")
	comment := strings.Repeat("c", 2082)
	for i := range morale.MaxWeightRows {
		b.WriteString("k" + strconv.Itoa(100+i) + " = 1 # " + comment + "\n")
	}
	if b.Len() > morale.MaxFileBytes || b.Len() < morale.MaxFileBytes-8000 {
		t.Fatalf("old file of %d bytes; want just under %d", b.Len(), morale.MaxFileBytes)
	}
	old := filepath.Join(dir, "weights.toml")
	if err := os.WriteFile(old, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded, err := morale.LoadSettings(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := morale.SaveSettings(old, loaded); err != nil {
		t.Fatalf("SaveSettings over a full file: %v", err)
	}
	if again, err := morale.LoadSettings(old); err != nil || !settingsEqual(again, loaded) {
		t.Errorf("LoadSettings after saving over a full file: %v", err)
	}
	if data, _ := os.ReadFile(old); string(data) != b.String() {
		t.Errorf("saved %d bytes of unchanged settings over a full file; want the file as it was (%d bytes)", len(data), b.Len())
	}
	// Longer values would take the edited file over the limit: it is
	// written afresh, with the default comments.
	for e := range loaded.Weights {
		loaded.Weights[e] = 0.123456789
	}
	if err := morale.SaveSettings(old, loaded); err != nil {
		t.Fatalf("SaveSettings of longer values over a full file: %v", err)
	}
	if again, err := morale.LoadSettings(old); err != nil || !settingsEqual(again, loaded) {
		t.Errorf("LoadSettings after saving longer values over a full file: %v", err)
	}
	if data, _ := os.ReadFile(old); strings.Contains(string(data), comment) || len(data) > morale.MaxFileBytes {
		t.Errorf("saved %d bytes with the old comments; want the default comments, under the limit", len(data))
	}
}

// An empty path is refused at once, in words, and nothing is written: it
// made a temporary file in the working directory and failed with the
// rename's "rename : no such file or directory".
func TestSaveSettingsEmptyPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	err := morale.SaveSettings("", morale.DefaultSettings())
	if err == nil || !strings.Contains(err.Error(), "path is empty") {
		t.Errorf("SaveSettings(\"\") = %v; want an error saying the path is empty", err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Errorf("the working directory holds %v (%v); want nothing written", entries, err)
	}
}
