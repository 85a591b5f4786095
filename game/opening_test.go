package game_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func TestOpeningReachesItsBeats(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	reports := record(g)
	runUntil(g, game.OpeningRally-0.01)

	views := soldiers(g)
	var dead []string
	weakest := views[0]
	for _, v := range views {
		if !v.Alive {
			dead = append(dead, v.Name)
		}
		if v.Nerve < weakest.Nerve {
			weakest = v
		}
	}
	if want := []string{"Alvarez", "Brandt"}; !slices.Equal(dead, want) {
		t.Errorf("dead before the rally = %v; want %v", dead, want)
	}
	if weakest.Name != "Eriksen" {
		t.Errorf("least nerve: %s (%.2f); want Eriksen", weakest.Name, weakest.Nerve)
	}

	// The squad shakes, the least nerve routs first, the others watch.
	shaken := map[string]bool{}
	var routs []game.Change
	for _, c := range g.History().Changes() {
		name := views[c.ID].Name
		if c.To == morale.Shaken && c.T >= game.OpeningLeaderDown {
			shaken[name] = true
		}
		if c.To == morale.Routed {
			routs = append(routs, c)
		}
		if c.ID != weakest.ID && c.To >= morale.Panicked {
			t.Errorf("%s broke (%v) at %.2f s; want only %s to break before the rally", name, c.To, c.T, weakest.Name)
		}
	}
	for _, name := range []string{"Chen", "Dubois", "Eriksen"} {
		if !shaken[name] {
			t.Errorf("%s never Shaken after the leader fell; want the whole squad to shake", name)
		}
	}
	if len(routs) == 0 {
		t.Fatalf("nobody routed before the rally; want %s to", weakest.Name)
	}
	if r := routs[0]; r.ID != weakest.ID || r.T < game.OpeningWound || r.T > game.OpeningRally {
		t.Errorf("first rout: %s at %.2f s; want %s between %.1f and %.1f s",
			views[r.ID].Name, r.T, weakest.Name, game.OpeningWound, game.OpeningRally)
	}

	// The scripted news, in order.
	var news []string
	lastT := -1.0
	for _, r := range *reports {
		switch r.Event {
		case morale.AllyDown, morale.LeaderDown, morale.EnemyDown:
			if r.T != lastT { // EnemyDown goes to each soldier: count it once
				news = append(news, string(r.Event))
			}
			lastT = r.T
		}
	}
	if want := []string{"AllyDown", "LeaderDown", "EnemyDown"}; !slices.Equal(news, want) {
		t.Errorf("news = %v; want %v", news, want)
	}

	runUntil(g, game.OpeningRally+0.01)
	if !opening(g).Over() {
		t.Error("Opening.Over() = false after the rally; want true")
	}
	for _, v := range soldiers(g) {
		if v.Alive && v.State != morale.Steady {
			t.Errorf("after the rally %s is %v; want Steady", v.Name, v.State)
		}
	}
	if b := byName(t, g, "Eriksen").Bark; !slices.Contains(game.Barks(morale.Routed, morale.Steady), b) {
		t.Errorf("Eriksen's bark after the rally = %q; want one of %q", b, game.Barks(morale.Routed, morale.Steady))
	}
}

func TestRestartReplaysTheOpening(t *testing.T) {
	want := run(t, game.DefaultConfig(), 1, 12)
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 20)
	apply(t, g, game.Kill{ID: 2})
	apply(t, g, game.Pause{Paused: true})
	apply(t, g, game.Restart{})
	if g.Time() != 0 || g.Paused() {
		t.Fatalf("after Restart: time %v paused %v; want 0, false", g.Time(), g.Paused())
	}
	runUntil(g, 12)
	got := fingerprint{Soldiers: slices.Clone(soldiers(g)), Enemies: slices.Clone(opening(g).Enemies()),
		Log: slices.Clone(g.Battle().Log()), Samples: slices.Clone(g.History().Samples(2))}
	if !reflect.DeepEqual(got, want) {
		t.Error("restarted opening differs from a fresh one; want identical")
	}
}
