//go:build !js

package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// weightsApp is an App over a weights file of the defaults in a folder of
// its own, and the file's path.
func weightsApp(t *testing.T) (*App, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "weights.toml")
	if err := morale.SaveSettings(path, morale.DefaultSettings()); err != nil {
		t.Fatal(err)
	}
	a, _ := newTestApp(t, Config{WeightsPath: path})
	t.Cleanup(func() { _ = a.Close() })
	return a, path
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Save never replaces a change on disk it has not read: an editor's edit
// (here with a broken line the reload refused) makes Save ask, in the
// panel, and write nothing until answered; Save again asks again; Cancel
// leaves both as they were; Overwrite writes the tuner's settings.
func TestSaveAsksBeforeReplacingAChangeOnDisk(t *testing.T) {
	a, path := weightsApp(t)
	edited := bytes.Replace(readFile(t, path), []byte("Hysteresis = 0.15"), []byte("Hysteresis = 0.2"), 1)
	edited = append(edited, []byte("\nthis line is broken\n")...)
	writeFile(t, path, edited)
	a.reloadFile() // as the watcher does: refused, the tuner keeps its settings
	if a.editor.Good().Hysteresis != 0.15 {
		t.Fatalf("a broken file was applied: Hysteresis %v", a.editor.Good().Hysteresis)
	}
	for i := range 2 {
		a.save()
		if !a.asking || !bytes.Equal(readFile(t, path), edited) {
			t.Fatalf("Save %d over an unread change: asking %v, file replaced %v; want a question, the file as the editor left it", i+1, a.asking, !bytes.Equal(readFile(t, path), edited))
		}
		if got := a.strip.Message(slotNotice).Text; !strings.Contains(got, "changed on disk") || !strings.Contains(got, "Overwrite") {
			t.Errorf("notice %q; want the question", got)
		}
		if a.w.ask.GetWidget().GetVisibility() != 0 { // Visibility_Show
			t.Errorf("Save's answers are not shown")
		}
	}
	a.answer(answerCancel)
	if a.asking || !bytes.Equal(readFile(t, path), edited) || !strings.Contains(a.strip.Message(slotNotice).Text, "cancelled") {
		t.Fatalf("Cancel: asking %v, notice %q; want the file untouched and said so", a.asking, a.strip.Message(slotNotice).Text)
	}
	a.save()
	a.answer(answerOverwrite)
	got, err := morale.LoadSettings(path)
	if err != nil || a.asking || !got.Equal(a.editor.Good()) {
		t.Fatalf("Overwrite: %v, asking %v, file %v; want the tuner's settings written", err, a.asking, got.Hysteresis)
	}
	// the demo's own save is read: the next Save writes at once
	s := a.editor.Good().Clone()
	s.PanicBelow = 0.3
	if err := a.editor.Replace(s); err != nil {
		t.Fatal(err)
	}
	a.save()
	if got, err := morale.LoadSettings(path); a.asking || err != nil || got.PanicBelow != 0.3 {
		t.Fatalf("Save after its own save: asking %v, %v, PanicBelow %v; want written at once", a.asking, err, got.PanicBelow)
	}
}

// Reload, the second answer, takes the file's settings into the tuner;
// the file, now read, is then saved without a question.
func TestSaveReloadAnswerTakesTheFile(t *testing.T) {
	a, path := weightsApp(t)
	writeFile(t, path, bytes.Replace(readFile(t, path), []byte("Hysteresis = 0.15"), []byte("Hysteresis = 0.2"), 1))
	a.save() // before the watcher told: the change is unread
	if !a.asking {
		t.Fatal("Save over an unread change did not ask")
	}
	a.answer(answerReload)
	if a.asking || a.editor.Good().Hysteresis != 0.2 {
		t.Fatalf("Reload: asking %v, Hysteresis %v; want the file's 0.2", a.asking, a.editor.Good().Hysteresis)
	}
	a.save()
	if a.asking || !strings.HasPrefix(a.strip.Message(slotNotice).Text, "saved ") {
		t.Fatalf("Save after Reload: asking %v, notice %q; want saved", a.asking, a.strip.Message(slotNotice).Text)
	}
}

// A save whose file cannot be read back (here: a writer that leaves a
// file the demo cannot read) leaves the old file in place and says why.
func TestSaveThatCannotBeReadBackKeepsTheOldFile(t *testing.T) {
	a, path := weightsApp(t)
	old := readFile(t, path)
	a.file.Write = func(p string, _ morale.Settings) error {
		return os.WriteFile(p, []byte("ShakenBelow = [not a number\n"), 0o644)
	}
	a.save()
	if a.asking {
		t.Fatal("Save asked over a file it had read")
	}
	if !bytes.Equal(readFile(t, path), old) {
		t.Fatalf("the file is not the old one after a failed save (notice %q)", a.strip.Message(slotNotice).Text)
	}
	if got := a.strip.Message(slotNotice).Text; !strings.HasPrefix(got, "save failed") || !strings.Contains(got, "could not be read back") || !strings.Contains(got, "old file is left in place") {
		t.Fatalf("notice %q; want why the save failed", got)
	}
	a.file.Write = nil
	a.save()
	if !strings.HasPrefix(a.strip.Message(slotNotice).Text, "saved ") {
		t.Errorf("the next save: %q; want saved (the old file, put back, counts as read)", a.strip.Message(slotNotice).Text)
	}
}

// A reload replaces every value with the file's, a tuner edit not yet
// saved too, and is no edit to undo: its notice names each value it
// changed, from the tuner's to the file's, as the rows write them. Before,
// it said only "reloaded PATH", and RoutAfterSeconds typed as 2.25 went
// back to the file's 3.5 unsaid (PanicBelow edited in the file).
func TestReloadSaysWhatItChanged(t *testing.T) {
	routAfter, _ := FindParam(morale.DefaultSettings(), "RoutAfterSeconds")
	for _, tc := range []struct {
		name  string
		tuner func(a *App) error     // the tuner's edits before the reload
		file  func(*morale.Settings) // the file's, from the defaults
		want  string                 // after "reloaded PATH"
	}{
		{"the file's edit", nil,
			func(s *morale.Settings) { s.PanicBelow = 0.3 }, ": PanicBelow 0.25 → 0.30"},
		{"an unsaved tuner edit goes back", func(a *App) error { return a.editor.Set(routAfter, 2.25) },
			func(s *morale.Settings) { s.PanicBelow = 0.3 }, ": PanicBelow 0.25 → 0.30, RoutAfterSeconds 2.25 → 3.5"},
		{"a weight", nil,
			func(s *morale.Settings) { s.Weights[morale.AllyDown] = -0.35 }, ": AllyDown -0.18 → -0.35"},
		{"a new row", nil,
			func(s *morale.Settings) { s.Weights["Ambush"] = -0.2 }, ": Ambush -0.20 (new row)"},
		{"a row removed", nil,
			func(s *morale.Settings) { delete(s.Weights, morale.EnemyDown) }, ": EnemyDown (row removed)"},
		{"the file's own values, a tuner edit undone", func(a *App) error { return a.editor.Set(routAfter, 2.25) },
			func(*morale.Settings) {}, ": RoutAfterSeconds 2.25 → 3.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, path := weightsApp(t)
			if tc.tuner != nil {
				if err := tc.tuner(a); err != nil {
					t.Fatal(err)
				}
			}
			s := morale.DefaultSettings().Clone()
			tc.file(&s)
			if err := morale.SaveSettings(path, s); err != nil {
				t.Fatal(err)
			}
			a.reloadFile()
			if got, want := a.strip.Message(slotNotice).Text, "reloaded "+path+tc.want; got != want {
				t.Errorf("got the notice %q; want %q", got, want)
			}
			// the watcher reloads while the designer is in his editor:
			// the notice stays until the next one (it went after 3 s)
			if got := a.strip.Message(slotNotice).Ticks; got != -1 {
				t.Errorf("got the notice for %d ticks; want it kept (-1)", got)
			}
		})
	}
}

// Save's question goes, with its three buttons, when the watcher reloads
// the file: they stayed under the reload's notice, which asks nothing
// ("reloaded …", or the broken line), and Reload or Overwrite then
// answered a question no longer on screen (of a file read already, when
// mended). A file still broken is asked of again at the next Save.
func TestSaveQuestionGoesWhenTheWatcherReadsTheFile(t *testing.T) {
	for _, tc := range []struct {
		name       string
		mended     bool
		wantAsking bool // after the next Save
	}{
		{"mended in the editor", true, false},
		{"still broken", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, path := weightsApp(t)
			good := readFile(t, path)
			writeFile(t, path, bytes.Replace(good, []byte("Hysteresis = 0.15"), []byte("Hysteresis = abc"), 1))
			a.reloadFile() // refused: the change is unread
			a.save()
			if !a.asking {
				t.Fatal("Save over an unread change did not ask")
			}
			next := bytes.Replace(good, []byte("Hysteresis = 0.15"), []byte("Hysteresis = 0.2"), 1)
			if !tc.mended {
				next = bytes.Replace(good, []byte("Hysteresis = 0.15"), []byte("Hysteresis = 0.2.0"), 1)
			}
			writeFile(t, path, next)
			a.reloadFile() // as the watcher does
			if a.asking {
				t.Errorf("got asking %v, notice %q; want the question gone", a.asking, a.strip.Message(slotNotice).Text)
			}
			if shown := a.w.ask.GetWidget().GetVisibility() == 0; shown { // Visibility_Show
				t.Errorf("got Save's answers shown %v; want them gone", shown)
			}
			a.save()
			if a.asking != tc.wantAsking {
				t.Errorf("the next Save: got asking %v; want %v", a.asking, tc.wantAsking)
			}
		})
	}
}
