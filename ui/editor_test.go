package ui_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui"
)

func param(t *testing.T, s morale.Settings, key string) ui.Param {
	t.Helper()
	p, ok := ui.FindParam(s, key)
	if !ok {
		t.Fatalf("no tuner row %q", key)
	}
	return p
}

func TestEditorAppliesAValidEdit(t *testing.T) {
	g, _ := newGame(t)
	e := ui.NewEditor(g)
	if err := e.Set(param(t, e.Good(), "ShakenBelow"), 0.55); err != nil {
		t.Fatalf("ShakenBelow 0.55: %v", err)
	}
	if got := g.Settings().ShakenBelow; got != 0.55 {
		t.Errorf("game ShakenBelow = %v; want 0.55", got)
	}
	if err := e.Set(param(t, e.Good(), string(morale.AllyDown)), -0.3); err != nil {
		t.Fatalf("AllyDown -0.3: %v", err)
	}
	if got := g.Settings().Weights[morale.AllyDown]; got != -0.3 {
		t.Errorf("game AllyDown weight = %v; want -0.3", got)
	}
}

func TestEditorRejectsAnInvalidEditAndKeepsTheLastGood(t *testing.T) {
	g, _ := newGame(t)
	e := ui.NewEditor(g)
	before := g.Settings().Clone()
	// PanicBelow above ShakenBelow is not a usable combination.
	err := e.Set(param(t, e.Good(), "PanicBelow"), 0.7)
	if err == nil {
		t.Fatal("PanicBelow 0.7 above ShakenBelow 0.6 was accepted")
	}
	if !strings.Contains(err.Error(), "PanicBelow") {
		t.Errorf("error %q does not say which field", err)
	}
	if got := g.Settings(); got.PanicBelow != before.PanicBelow || got.ShakenBelow != before.ShakenBelow {
		t.Errorf("game settings changed by a rejected edit: PanicBelow %v ShakenBelow %v", got.PanicBelow, got.ShakenBelow)
	}
	if got := e.Good().PanicBelow; got != before.PanicBelow {
		t.Errorf("editor's last good PanicBelow = %v; want %v", got, before.PanicBelow)
	}
	// NerveMin above NerveMax, too.
	if err := e.Set(param(t, e.Good(), "NerveMin"), 0.99); err == nil && e.Good().NerveMax < 0.99 {
		t.Error("NerveMin above NerveMax was accepted")
	}
}

// The tuner's rows are the library's parameter descriptions, not copies.
func TestTunerRowsAreTheLibrarysParams(t *testing.T) {
	s := morale.DefaultSettings()
	s.ShakenBelow, s.MinRoutSeconds, s.NoEffectRadius = 0.55, 7.5, 4000
	rows := morale.Params()
	lib := morale.Params()
	if len(rows) != len(lib) {
		t.Fatalf("%d tuner rows; want one per morale.Params entry (%d)", len(rows), len(lib))
	}
	for i, p := range rows {
		mp := lib[i]
		if p.Name != mp.Name || p.Doc != mp.Doc || p.Unit != mp.Unit || p.Weight {
			t.Errorf("row %d = %q %q %q; want morale's %q %q %q", i, p.Name, p.Doc, p.Unit, mp.Name, mp.Doc, mp.Unit)
		}
		if sc := ui.ScaleOf(p); sc.Min != mp.Min || sc.Max != mp.Max || sc.Step != mp.Step {
			t.Errorf("%s: slider %+v; want morale's range %v..%v step %v", p.Name, sc, mp.Min, mp.Max, mp.Step)
		}
		if got, want := p.Get(s), mp.Get(s); got != want {
			t.Errorf("%s: Get = %v; want %v", p.Name, got, want)
		}
	}
	units := map[string]string{"MinRoutSeconds": "s", "SquadUpdateInterval": "s", "RecoveryPerSecond": "/s", "NoEffectRadius": "cm", "Hysteresis": ""}
	for key, unit := range units {
		if p := param(t, s, key); p.Unit != unit {
			t.Errorf("%s unit %q; want %q", key, p.Unit, unit)
		}
	}
	w := param(t, s, string(morale.LeaderDown))
	if !w.Weight || ui.ScaleOf(w) != ui.ScaleOf(morale.WeightParam("")) || w.Get(s) != -0.45 {
		t.Errorf("LeaderDown row: weight %v scale %+v value %v; want a weight row -1..1 at -0.45", w.Weight, ui.ScaleOf(w), w.Get(s))
	}
}

// A custom weight row ([custom] in the file) has a tuner row like a
// built-in one.
func TestFindParamFindsACustomRow(t *testing.T) {
	s := morale.DefaultSettings()
	s.Weights["Ambush"] = -0.2
	if p, ok := ui.FindParam(s, "Ambush"); !ok || !p.Weight || p.Get(s) != -0.2 {
		t.Errorf("FindParam(Ambush) = %+v, %v; want a weight row at -0.2", p.Name, ok)
	}
	if _, ok := ui.FindParam(s, "Nobody"); ok {
		t.Error("FindParam(Nobody) found a row; want none")
	}
}

var _ ui.Commander = (*game.Session)(nil)

// A refused edit names the value as the row writes it, typed figures and
// all: PanicBelow typed as 0.605 over ShakenBelow 0.6 was refused as
// "PanicBelow = 0.60 rejected", a value below ShakenBelow.
func TestEditorRefusalWritesTheValueAsTyped(t *testing.T) {
	for _, tc := range []struct {
		key  string
		v    float64
		want string
	}{
		{"PanicBelow", 0.605, "PanicBelow = 0.605 rejected: "},
		{"PanicBelow", 0.7, "PanicBelow = 0.70 rejected: "},
		{"ShakenBelow", 0.245, "ShakenBelow = 0.245 rejected: "},
	} {
		g, _ := newGame(t)
		e := ui.NewEditor(g)
		err := e.Set(param(t, e.Good(), tc.key), tc.v)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s = %v: got the error %v; want one beginning %q", tc.key, tc.v, err, tc.want)
		}
	}
}

// A value typed with a decimal comma, as a designer in much of Europe
// writes it, is refused as before (a comma may be a thousands separator:
// "3,000" is not 3.0), but the reason says how to write it: it said only
// `"0,65" is not a number`.
func TestParseValueSaysToWriteADecimalPoint(t *testing.T) {
	s := morale.DefaultSettings()
	for _, tc := range []struct {
		key, in string
		want    string // the error, "" for none
	}{
		{"ShakenBelow", "0,65", `ShakenBelow: "0,65" is not a number: write decimals with a point (0.5), and no thousands separator`},
		{"NoEffectRadius", "3,000", `NoEffectRadius: "3,000" is not a number: write decimals with a point (0.5), and no thousands separator`},
		{"ShakenBelow", "abc", `ShakenBelow: "abc" is not a number`},
		{"ShakenBelow", "0.65", ""},
	} {
		_, err := ui.ParseValue(param(t, s, tc.key), tc.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s %q: got the error %q; want %q", tc.key, tc.in, got, tc.want)
		}
	}
}
