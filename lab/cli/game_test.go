package cli_test

import (
	"context"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// The demo's own battle with seed 1 plays the opening the game's package doc
// describes: Dubois and Eriksen shaken at the leader's death (5 s), Eriksen
// panicking after his wound (7 s, seen at the next 1/60 s tick), routing 3.5
// s later, the only man to break, two dead.
func TestGameRunPlaysTheOpening(t *testing.T) {
	r, err := lab.GameRun(morale.DefaultSettings(), 1, 20, 0.5, 3, 10)
	if err != nil {
		t.Fatal(err)
	}
	near := func(name string, got *float64, lo, hi float64) {
		t.Helper()
		if got == nil || *got < lo || *got > hi {
			t.Errorf("%s = %v; want %v..%v", name, deref(got), lo, hi)
		}
	}
	near("FirstShaken", r.FirstShaken, 5, 5.3)
	near("FirstPanicked", r.FirstPanicked, 7, 7.3)
	near("FirstRouted", r.FirstRouted, 10.5, 10.8)
	if r.Broke != 1 || r.Routed != 1 || r.Deaths != 2 || r.Agents != 5 {
		t.Errorf("Broke, Routed, Deaths, Agents = %d, %d, %d, %d; want 1, 1, 2, 5", r.Broke, r.Routed, r.Deaths, r.Agents)
	}
	if len(r.Morale) != 41 {
		t.Errorf("%d samples; want 41 (0..20 s every 0.5 s)", len(r.Morale))
	}
	// One squad: its measures are the whole battle's.
	if len(r.SquadMorale) != 1 || len(r.SquadMorale[0]) != len(r.Morale) || r.SquadMorale[0][30] != r.Morale[30] {
		t.Errorf("SquadMorale = %v; want one series equal to Morale", r.SquadMorale)
	}
	if len(r.SquadRouted) != 1 || r.SquadRouted[0] != r.Routed {
		t.Errorf("SquadRouted = %v; want [%d]", r.SquadRouted, r.Routed)
	}
	if len(r.SquadFirstBreak) != 1 || deref(r.SquadFirstBreak[0]) != deref(r.FirstPanicked) {
		t.Errorf("SquadFirstBreak = [%v]; want the first panic, %v", deref(r.SquadFirstBreak[0]), deref(r.FirstPanicked))
	}
}

// The scenario file of the opening and the demo's battle agree on the
// scripted beats' outcome.
func TestOpeningScenarioMatchesTheDemo(t *testing.T) {
	sc, err := lab.LoadScenario("../../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := lab.Run(sc, sc.Settings, lab.RunSeed(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	g, err := lab.GameRun(sc.Settings, lab.RunSeed(1, 0), 60, 0.5, 3, 10)
	if err != nil {
		t.Fatal(err)
	}
	if r.Routed != g.Routed || r.Broke != g.Broke || r.Deaths != g.Deaths {
		t.Errorf("scenario routed/broke/deaths %d/%d/%d; demo %d/%d/%d", r.Routed, r.Broke, r.Deaths, g.Routed, g.Broke, g.Deaths)
	}
	if r.SquadRouted[0] != g.SquadRouted[0] || (r.SquadFirstBreak[0] == nil) != (g.SquadFirstBreak[0] == nil) {
		t.Errorf("scenario squad routed %d, broke at %v; demo %d, %v", r.SquadRouted[0], deref(r.SquadFirstBreak[0]), g.SquadRouted[0], deref(g.SquadFirstBreak[0]))
	}
}

func TestGameCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, e := runMain(t, context.Background(), nil, "game", "-runs", "4", "-duration", "15", "-out", dir, "-q")
	if code != 0 || !strings.Contains(out, "first_rout_s") {
		t.Errorf("game: exit %d, %q, %q", code, out, e)
	}
}

func deref(p *float64) any {
	if p == nil {
		return "nil"
	}
	return *p
}
