package ui

import (
	"image"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/ui/published"
)

// In the browser, while the page has not got the keys (Firefox's downloads
// panel takes them after a download) a note at the foot of the field says
// so and how to give them back (a click on the panel; Esc closes a
// downloads panel), and it is published; it goes when the page
// has them again. Outside the browser there is no such note.
func TestKeysAwayNote(t *testing.T) {
	a, _ := newTestApp(t, Config{})
	if (a.pageFocused != nil) != (runtime.GOOS == "js") {
		t.Fatalf("pageFocused set %v on %s; want it in the browser only", a.pageFocused != nil, runtime.GOOS)
	}
	a.updateKeysAway()
	if st := a.Published(); a.pageFocused == nil && (a.keysAway || st.KeysAway != "") {
		t.Fatalf("outside the browser: note %q; want none", st.KeysAway)
	}
	focused := true
	a.pageFocused = func() bool { return focused }
	a.updateKeysAway()
	if st := a.Published(); a.keysAway || st.KeysAway != "" || st.KeysAwayRect != (published.Rect{}) {
		t.Fatalf("the page has the keys: note %q in %+v; want none", st.KeysAway, st.KeysAwayRect)
	}
	focused = false
	a.updateKeysAway()
	st := a.Published()
	if !strings.Contains(st.KeysAway, "The browser has the keys") || !strings.Contains(st.KeysAway, "Esc") {
		t.Errorf("the browser has the keys: note %q; want it to say so, and Esc", st.KeysAway)
	}
	// a click on the panel gives the keys back whatever has them; Esc only
	// from a downloads panel (Chromium's address bar keeps them after it):
	// the note said "Esc or a click … gives them back"
	if !strings.Contains(st.KeysAway, "A click on the panel at the right gives them back") || !strings.Contains(st.KeysAway, "Esc closes a downloads panel") {
		t.Errorf("the browser has the keys: note %q; want the click to give them back, and Esc to close a downloads panel", st.KeysAway)
	}
	r, f := st.KeysAwayRect, a.reg.Field
	note := image.Rect(r.X, r.Y, r.X+r.W, r.Y+r.H)
	if note.Empty() || !note.In(f) || note.Min.Y < f.Min.Y+f.Dy()/2 {
		t.Errorf("the note is at %v; want it in the foot of the field %v", note, f)
	}
	focused = true
	a.updateKeysAway()
	if st := a.Published(); st.KeysAway != "" {
		t.Errorf("the keys back: note %q; want none", st.KeysAway)
	}
}
