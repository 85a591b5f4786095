//go:build !js

package weightsfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
)

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestLoadCreatesTheDefaultsOnlyWhenMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights.toml")
	s, created, err := weightsfile.Load(path)
	if err != nil || !created {
		t.Fatalf("Load(missing) = created %v, err %v; want created, nil", created, err)
	}
	if d := morale.DefaultSettings(); s.ShakenBelow != d.ShakenBelow || len(s.Weights) != len(d.Weights) {
		t.Errorf("created file does not hold the defaults: %+v", s)
	}
	writeFile(t, path, "ShakenBelow = 0.7\n")
	s, created, err = weightsfile.Load(path)
	if err != nil || created || s.ShakenBelow != 0.7 {
		t.Errorf("Load(existing) = ShakenBelow %v, created %v, err %v; want 0.7, false, nil", s.ShakenBelow, created, err)
	}
	writeFile(t, path, "ShakenBelow = \n")
	if _, _, err := weightsfile.Load(path); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("Load(broken) error = %v; want one naming line 1", err)
	}
}

// weights is a File over a weights file of the defaults in a folder of its
// own, read, and the file's path.
func weights(t *testing.T) (*weightsfile.File, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "weights.toml")
	if err := morale.SaveSettings(path, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	f := weightsfile.New(path, nil)
	f.MarkRead()
	return f, path
}

// ChangedOnDisk is true exactly when the file holds content the File has
// neither read nor written: an edit, not a file gone or its own save.
func TestChangedOnDisk(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, f *weightsfile.File, path string)
		want   bool
	}{
		{"as read", func(*testing.T, *weightsfile.File, string) {}, false},
		{"an editor's edit", func(t *testing.T, _ *weightsfile.File, path string) {
			writeFile(t, path, readFile(t, path)+"\n# a comment\n")
		}, true},
		{"an edit then read", func(t *testing.T, f *weightsfile.File, path string) {
			writeFile(t, path, "ShakenBelow = 0.5\n")
			f.MarkRead()
		}, false},
		{"its own save", func(t *testing.T, f *weightsfile.File, _ string) {
			s := morale.DefaultSettings()
			s.PanicBelow = 0.3
			if _, err := f.Save(s); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"removed", func(t *testing.T, _ *weightsfile.File, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, path := weights(t)
			tt.change(t, f, path)
			if got := f.ChangedOnDisk(); got != tt.want {
				t.Errorf("ChangedOnDisk = %v; want %v", got, tt.want)
			}
		})
	}
	if weightsfile.New("", nil).ChangedOnDisk() {
		t.Error("no file: ChangedOnDisk = true; want false")
	}
}

// A save whose file cannot be read back leaves the old file in place (or
// none, when there was none) and says why; a good save says "saved".
func TestSaveThatCannotBeReadBack(t *testing.T) {
	broken := func(p string, _ morale.Settings) error {
		return os.WriteFile(p, []byte("ShakenBelow = [not a number\n"), 0o644)
	}
	f, path := weights(t)
	old := readFile(t, path)
	f.Write = broken
	_, err := f.Save(morale.DefaultSettings())
	if err == nil || !strings.Contains(err.Error(), "could not be read back") || !strings.Contains(err.Error(), "old file is left in place") || readFile(t, path) != old {
		t.Fatalf("Save by a broken writer: %v; want the old file left in place, and said", err)
	}
	f.Write = nil
	if msg, err := f.Save(morale.DefaultSettings()); err != nil || msg != "saved "+path {
		t.Errorf("the next save: %q, %v; want %q", msg, err, "saved "+path)
	}

	fresh := filepath.Join(t.TempDir(), "new.toml")
	g := weightsfile.New(fresh, nil)
	g.Write = broken
	if _, err := g.Save(morale.DefaultSettings()); err == nil || !strings.Contains(err.Error(), "nothing is left in its place") {
		t.Errorf("Save of a new file by a broken writer: %v; want nothing left, and said", err)
	}
	if _, err := os.Stat(fresh); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s after a failed first save: %v; want no file", fresh, err)
	}
	if _, err := weightsfile.New("", nil).Save(morale.DefaultSettings()); err == nil || !strings.Contains(err.Error(), "-weights") {
		t.Errorf("Save without a file: %v; want an error naming -weights", err)
	}
}

// Summary says how many warnings, their rules, then each in full; nothing
// for none.
func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		ws   []weightsfile.Warning
		want string
	}{
		{nil, ""},
		{[]weightsfile.Warning{{Rule: "flicker", Message: "Shaken twice in 2 s."}}, "Lint (1): flicker. Shaken twice in 2 s."},
		{[]weightsfile.Warning{{Rule: "a", Message: "One."}, {Rule: "b", Message: "Two."}}, "Lint (2): a, b. One. Two."},
	} {
		if got := weightsfile.Summary(tc.ws); got != tc.want {
			t.Errorf("Summary(%v) = %q; want %q", tc.ws, got, tc.want)
		}
	}
}

// Lint keeps what the lint said of the last settings; Note says which
// file it is and whether it is watched.
func TestLintAndNote(t *testing.T) {
	lint := func(s morale.Settings) []weightsfile.Warning {
		if s.Hysteresis > 0.3 {
			return []weightsfile.Warning{{Rule: "flicker", Message: "states flicker."}}
		}
		return nil
	}
	f := weightsfile.New("", lint)
	s := morale.DefaultSettings()
	s.Hysteresis = 0.4
	if got := f.Lint(s); len(got) != 1 || got[0].String() != "flicker: states flicker." || len(f.Warnings()) != 1 {
		t.Errorf("Lint = %v, Warnings %v; want the one warning, kept", got, f.Warnings())
	}
	if got := f.Lint(morale.DefaultSettings()); len(got) != 0 || len(f.Warnings()) != 0 {
		t.Errorf("Lint of the defaults = %v; want none", got)
	}
	if got := f.Note(); got != "No weights file." {
		t.Errorf("Note without a file = %q; want %q", got, "No weights file.")
	}
	w, path := weights(t)
	if got := w.Note(); got != "File: "+path {
		t.Errorf("Note before Watch = %q; want the path alone", got)
	}
	if err := w.Watch(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	})
	if got := w.Note(); !strings.Contains(got, "(watched: edits apply live)") {
		t.Errorf("Note while watched = %q; want it said", got)
	}
	writeFile(t, path, "ShakenBelow = 0.5\n")
	deadline := time.After(3 * time.Second)
	for {
		changed, err := w.Changed()
		if err != nil {
			t.Fatal(err)
		}
		if changed {
			break
		}
		select {
		case <-deadline:
			t.Fatal("Changed: no change reported within 3 s of an edit")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Reload hands a good file's settings to apply and notes the file read;
// a broken file (naming its line), one apply refuses, and a path that is
// no file change nothing, are not noted read, and say which file.
func TestReload(t *testing.T) {
	f, path := weights(t)
	var got morale.Settings
	taken := 0
	apply := func(s morale.Settings) error {
		if s.Hysteresis > 0.3 {
			return errors.New("Hysteresis too wide")
		}
		got, taken = s, taken+1
		return nil
	}
	good := morale.DefaultSettings()
	good.ShakenBelow = 0.5
	good.Weights["Ambush"] = -0.2 // a custom row
	if err := morale.SaveSettings(path, good); err != nil {
		t.Fatal(err)
	}
	if err := f.Reload(apply); err != nil || got.ShakenBelow != 0.5 || got.Weights["Ambush"] != -0.2 || f.ChangedOnDisk() {
		t.Fatalf("a good file: %v, ShakenBelow %v, Ambush %v, changed on disk %v; want 0.5, -0.2 taken and read", err, got.ShakenBelow, got.Weights["Ambush"], f.ChangedOnDisk())
	}
	for _, tt := range []struct{ name, body, want string }{
		{"a syntax error on line 3", "ShakenBelow = 0.4\nPanicBelow = 0.2\nHysteresis = = 0.1\n", "line 3"},
		{"PanicBelow above ShakenBelow", "ShakenBelow = 0.2\nPanicBelow = 0.3\n", "PanicBelow"},
		{"refused by apply", "Hysteresis = 0.4\n", "Hysteresis too wide"},
	} {
		writeFile(t, path, tt.body)
		err := f.Reload(apply)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("%s: %v; want an error naming %s and %q", tt.name, err, path, tt.want)
		}
		if taken != 1 || !f.ChangedOnDisk() {
			t.Errorf("%s: applied %d times, changed on disk %v; want nothing applied, the file unread", tt.name, taken, f.ChangedOnDisk())
		}
	}
	for _, p := range []string{"/dev/zero", t.TempDir()} {
		if err := weightsfile.New(p, nil).Reload(apply); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Reload(%s) = %v; want an error naming it", p, err)
		}
	}
}

// TestAScenarioInItsPlace: a scenario given where the weights file is read
// (demo -weights scenarios/line.toml, or the file replaced by one) is one
// line that says so and how to play it, not every table a weights file does
// not have; a broken weights file still names its line.
func TestAScenarioInItsPlace(t *testing.T) {
	scenario, err := os.ReadFile("../../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "line.toml")
	writeFile(t, path, string(scenario))
	want := path + " looks like a scenario, not a weights file: play it with -scenario " + path
	if _, _, err := weightsfile.Load(path); err == nil || err.Error() != want {
		t.Errorf("Load: got %v; want %q", err, want)
	}
	if err := weightsfile.New(path, nil).Reload(func(morale.Settings) error { return nil }); err == nil || err.Error() != want {
		t.Errorf("Reload: got %v; want %q", err, want)
	}
	writeFile(t, path, "ShakenBelow = 0.4\n[[squad]\n")
	if _, _, err := weightsfile.Load(path); err == nil || strings.Contains(err.Error(), "scenario") || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("Load of a broken weights file: got %v; want its own error, on line 2", err)
	}
}

// TestLoadErrorsAreLoadSettings: a weights file Load refuses, read once,
// says what morale.LoadSettings says of it, byte for byte: the path, the
// line, the key (of a file with several problems, Load names the file on
// each line: TestEveryProblemNamesTheFile).
func TestLoadErrorsAreLoadSettings(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, body, want string }{
		{"a syntax error on line 3", "ShakenBelow = 0.4\nPanicBelow = 0.2\nHysteresis = = 0.1\n",
			"line 3: Hysteresis is = 0.1; write a number such as 0.15"},
		{"PanicBelow above ShakenBelow", "ShakenBelow = 0.2\nPanicBelow = 0.3\n",
			"line 2: PanicBelow is 0.3; it must be below ShakenBelow (0.2); ShakenBelow is set on line 1"},
		{"an unknown key", "ShakenBelow = 0.4\nShakenBelw = 0.3\n",
			"line 2: ShakenBelw is not a setting (did you mean ShakenBelow?)"},
		{"a string for a number", "[weights]\nSuppressed = \"-0.1\"\n",
			`line 2: weights.Suppressed is "-0.1", a number in quotes; write it without the quotes: -0.1`},
		{"a CRLF file with a bad line", "ShakenBelow = 0.4\r\nPanicBelow = x\r\n",
			"line 2: PanicBelow is x; write a number such as 0.25"},
		{"over morale.MaxFileBytes", "# " + strings.Repeat("x", morale.MaxFileBytes) + "\n",
			"is 1048579 bytes; a weights file may have at most 1048576"},
	} {
		path := filepath.Join(dir, "weights.toml")
		writeFile(t, path, tt.body)
		_, want := morale.LoadSettings(path)
		if want == nil || want.Error() != path+": "+tt.want {
			t.Fatalf("%s: morale.LoadSettings says %v; the test wants %q", tt.name, want, path+": "+tt.want)
		}
		if _, _, err := weightsfile.Load(path); err == nil || err.Error() != want.Error() {
			t.Errorf("%s: got %v; want %v", tt.name, err, want)
		}
	}
}

// TestEveryProblemNamesTheFile: a weights file with several problems says
// each on a line that starts with the file (Read: the lab's scenarios and
// lint; Load: the demo), where the lines after the first said "line 8: …"
// of no file, below a scenario's own errors.
func TestEveryProblemNamesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.toml")
	writeFile(t, path, "ShakenBelow = 0.5\r\nPanicBelow = 0.6\r\n[weights]\r\nRallied = 0.3\r\n")
	want := path + ": line 2: PanicBelow is 0.6; it must be below ShakenBelow (0.5); ShakenBelow is set on line 1\n" +
		path + ": line 4: weights.Rallied is not a built-in event (the nearest is AllyDown); if it is your game's own event, move its row to [custom]"
	if _, _, err := weightsfile.Read(path); err == nil || err.Error() != want {
		t.Errorf("Read: got %v; want %s", err, want)
	}
	if _, _, err := weightsfile.Load(path); err == nil || err.Error() != want {
		t.Errorf("Load: got %v; want %s", err, want)
	}
}

// TestAUTF16FileIsOneError: a weights file saved as UTF-16 (Notepad's
// "Unicode") is one line that says so, where each of its lines was a
// problem of its own, its letters NUL apart.
func TestAUTF16FileIsOneError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.toml")
	utf16 := []byte{0xff, 0xfe} // the byte order mark, then each letter's two bytes
	for _, b := range []byte("[weights]\r\nSuppressed = -0.12\r\n") {
		utf16 = append(utf16, b, 0)
	}
	writeFile(t, path, string(utf16))
	want := path + `: holds NUL bytes, so it is probably UTF-16 (Notepad's "Unicode"); save it as UTF-8`
	if _, _, err := weightsfile.Read(path); err == nil || err.Error() != want {
		t.Errorf("got %v; want %s", err, want)
	}
}
