package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
)

// The selection line keeps a man's state and morale whole and cuts his
// name instead: a scenario's name of a hundred letters once pushed them
// off the line ("Selected: Sergeant-Major Bartholomew Alexander…", seen in
// a lab fight with -select). Where the line has no room for the nerve too
// (the larger text of -scale 0.75), the nerve, which the Why panel shows,
// goes before the name is cut to fewer than selNameRunes letters. A name
// that fits is whole, with every number.
func TestSelectionLineCutsTheNameFirst(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	long := "Sergeant-Major Bartholomew Alexander Montgomery-Fitzwilliam the Third of Kent, first of his name"
	for _, tc := range []struct {
		name  string
		scale float64
		cut   bool // want the name cut
	}{
		{"Ames", 1, false},
		{"Ames", 0.75, false},
		{long, 1, true},
		{long, 0.75, true},
		{strings.Repeat("W", 100), 1, true},
		{strings.Repeat("W", 100), 0.25, true},
	} {
		t.Run(fmt.Sprintf("%.10s/%v", tc.name, tc.scale), func(t *testing.T) {
			cfg := game.DefaultConfig()
			cfg.Scene = game.SceneScenario
			cfg.Scenario = &game.ScenarioConfig{Name: "t", Duration: 30, Squads: []game.ScenarioSquad{
				{Name: "a", Size: 2, Formation: "line", At: morale.Vec2{X: 1000, Y: 1000}, Spacing: 120, Names: []string{tc.name}, Nerves: []float64{0.6}, Morale: 1}}}
			g, err := game.NewSession(cfg)
			if err != nil {
				t.Fatal(err)
			}
			a := appWith(t, g, Config{}, nil, as.LegibleAt(tc.scale))
			var v game.SoldierView
			for _, s := range a.appendSoldiers() {
				if s.Name == tc.name {
					v = s
				}
			}
			a.selectSoldier(v.ID, true)
			if err := a.Sync(); err != nil {
				t.Fatal(err)
			}
			got := a.w.selText.Label
			numbers := fmt.Sprintf(" · %s · morale %.2f", v.State, v.Morale)
			if !strings.Contains(got, numbers) || strings.HasSuffix(got, textfit.Ellipsis) {
				t.Errorf("got %q; want it to show %q whole", got, numbers)
			}
			if w := textfit.Width(got, a.w.face); w > panelInner {
				t.Errorf("got %q, %.0f px; want it within %d", got, w, panelInner)
			}
			whole := strings.HasPrefix(got, "Selected: "+tc.name+" · ")
			if whole == tc.cut || tc.cut && !strings.Contains(got, textfit.Ellipsis+" · ") {
				t.Errorf("got %q; want the name cut %v", got, tc.cut)
			}
			if nerve := fmt.Sprintf(" · nerve %.2f", v.Nerve); !tc.cut && tc.scale == 1 && !strings.HasSuffix(got, nerve) {
				t.Errorf("got %q; want it to end in %q", got, nerve)
			}
		})
	}
}

// A fallen man's selection line gives his morale as his Why panel does, as
// he fell ("fell at 5.00 s · morale then 0.88"), at -scale 1 and in the
// larger text of 0.75: it read "Alvarez · down · morale 0.00" beside a
// panel that said "morale then 0.88".
func TestSelectionLineOfTheFallenIsHisPanels(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		scale float64
		want  string
	}{
		{"Alvarez", 1, "Selected: Alvarez · fell at 5.00 s · morale then %.2f"},
		{"Brandt", 1, "Selected: Brandt · fell at 2.50 s · morale then %.2f"},
		{"Alvarez", 0.75, "Selected: Alvarez · fell at 5.00 s · morale then %.2f"},
	} {
		t.Run(fmt.Sprintf("%s/%v", tc.name, tc.scale), func(t *testing.T) {
			a := appWith(t, sessionAt(t, game.SceneOpening, 12), Config{}, nil, as.LegibleAt(tc.scale))
			var v game.SoldierView
			for _, s := range a.appendSoldiers() {
				if s.Name == tc.name {
					v = s
				}
			}
			if v.Alive {
				t.Fatalf("%s is alive at 12 s; want him fallen", tc.name)
			}
			x, ok := a.g.Why(v.ID)
			if !ok {
				t.Fatalf("%s has no Why", tc.name)
			}
			a.selectSoldier(v.ID, true)
			if err := a.Sync(); err != nil {
				t.Fatal(err)
			}
			if got, want := a.w.selText.Label, fmt.Sprintf(tc.want, x.Morale); got != want {
				t.Errorf("got %q; want %q", got, want)
			}
		})
	}
}
