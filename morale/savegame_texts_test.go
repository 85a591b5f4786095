package morale_test

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestLoadKeepsSettingsText: a World keeps its settings as text between
// saves and loads (a game that rolls back every frame formats and parses
// them once per change of settings), and what it keeps never shows: each
// load gives the saved settings, each save the World's settings of the
// moment, whichever of the two was kept.
func TestLoadKeepsSettingsText(t *testing.T) {
	world := func(t *testing.T, shaken float64) *morale.World {
		t.Helper()
		s := morale.DefaultSettings()
		s.ShakenBelow = shaken
		w, err := morale.NewWorld(s, 3)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			w.Spawn(morale.SquadID(i%2), morale.Vec2{X: float64(i) * 100})
		}
		w.Advance(1)
		return w
	}
	shakenOf := func(t *testing.T, data []byte) float64 {
		t.Helper()
		var fresh morale.World
		if err := fresh.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		return fresh.Settings().ShakenBelow
	}
	a, b := saved(t, world(t, 0.6)), saved(t, world(t, 0.7))
	tests := []struct {
		name string
		// do changes w (which has loaded a twice) and returns the
		// ShakenBelow w should then have.
		do func(t *testing.T, w *morale.World) float64
	}{
		{"a again", func(t *testing.T, w *morale.World) float64 { load(t, w, a); return 0.6 }},
		{"b, then a", func(t *testing.T, w *morale.World) float64 { load(t, w, b); load(t, w, a); return 0.6 }},
		{"b", func(t *testing.T, w *morale.World) float64 { load(t, w, b); return 0.7 }},
		{"settings changed, then a", func(t *testing.T, w *morale.World) float64 {
			s := w.Settings()
			s.ShakenBelow, s.Weights[morale.AllyDown] = 0.5, -0.9
			if err := w.SetSettings(s); err != nil {
				t.Fatal(err)
			}
			load(t, w, a)
			if got, want := w.Settings().Weights[morale.AllyDown], morale.DefaultSettings().Weights[morale.AllyDown]; got != want {
				t.Errorf("AllyDown after loading a again: got %v; want the save's %v", got, want)
			}
			return 0.6
		}},
		{"a with its bytes changed in the caller's buffer", func(t *testing.T, w *morale.World) float64 {
			buf := bytes.Clone(a)
			load(t, w, buf)
			copy(buf, b) // a game reusing its buffer
			if len(a) == len(b) {
				load(t, w, buf)
				return 0.7
			}
			return 0.6
		}},
		{"saved, settings changed, then saved", func(t *testing.T, w *morale.World) float64 {
			saved(t, w) // the text of a's settings kept for saves
			s := w.Settings()
			s.ShakenBelow = 0.55
			if err := w.SetSettings(s); err != nil {
				t.Fatal(err)
			}
			return 0.55
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := world(t, 0.5)
			saved(t, w) // w keeps its own text, to be replaced by the load's
			load(t, w, a)
			load(t, w, a)
			want := tc.do(t, w)
			if got := w.Settings().ShakenBelow; got != want {
				t.Errorf("ShakenBelow: got %v; want %v", got, want)
			}
			if got := shakenOf(t, saved(t, w)); got != want {
				t.Errorf("ShakenBelow of w's save: got %v; want %v", got, want)
			}
		})
	}
	// A save made after a load, or loaded through the text kept, is the
	// bytes of the save loaded.
	w := world(t, 0.5)
	load(t, w, a)
	if got := saved(t, w); !bytes.Equal(got, a) {
		t.Errorf("the save of a World that loaded a save differs from it (%d and %d bytes)", len(got), len(a))
	}
	load(t, w, a)
	if got := saved(t, w); !bytes.Equal(got, a) {
		t.Errorf("after a second load, the save differs from the save loaded (%d and %d bytes)", len(got), len(a))
	}
}

// TestLoadAgainAllocatesLittle: loading a save whose settings the World
// loaded last costs no parse of them: a small save's load allocates about
// 10 KB (the first, about 130 KB, of which the settings' parse 120 KB), and
// a second save allocates only the save.
func TestLoadAgainAllocatesLittle(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		w.Spawn(morale.SquadID(i%2), morale.Vec2{X: float64(i) * 100})
	}
	data := saved(t, w)
	var v morale.World
	load(t, &v, data)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	load(t, &v, data)
	runtime.ReadMemStats(&after)
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(32<<10); got > most {
		t.Errorf("a second load of a %d-byte save allocated %d bytes; want at most %d", len(data), got, most)
	}
	saved(t, &v)
	runtime.ReadMemStats(&before)
	saved(t, &v)
	runtime.ReadMemStats(&after)
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(2*len(data)+4096+80*10+40*2); got > most {
		t.Errorf("a second save of %d bytes allocated %d bytes; want at most %d", len(data), got, most)
	}
}

// load loads data into w.
func load(t *testing.T, w *morale.World, data []byte) {
	t.Helper()
	if err := w.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
}
