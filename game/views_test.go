package game_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func TestSoldiersActOnTheirState(t *testing.T) {
	tests := []struct {
		name   string
		shells int // shells on Chen at 0.5 s
		want   morale.State
		check  func(t *testing.T, g *game.Session, before, after game.SoldierView)
	}{
		{"Steady advances", 0, morale.Steady, func(t *testing.T, g *game.Session, before, after game.SoldierView) {
			if after.Pos.X <= before.Pos.X+100 {
				t.Errorf("Steady Chen moved from x=%.0f to x=%.0f; want him advancing", before.Pos.X, after.Pos.X)
			}
		}},
		{"Shaken takes cover", 3, morale.Shaken, func(t *testing.T, g *game.Session, before, after game.SoldierView) {
			for _, r := range opening(g).Cover() {
				grown := game.Rect{Min: morale.Vec2{X: r.Min.X - 150, Y: r.Min.Y - 50}, Max: morale.Vec2{X: r.Max.X, Y: r.Max.Y + 50}}
				if grown.Contains(after.Pos) {
					return
				}
			}
			t.Errorf("Shaken Chen at %v; want him behind cover", after.Pos)
		}},
		{"Panicked stops", 6, morale.Panicked, func(t *testing.T, g *game.Session, before, after game.SoldierView) {
			if d := after.Pos.Dist(before.Pos); d > 1e-9 {
				t.Errorf("Panicked Chen moved %.0f cm; want him rooted to the spot", d)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := quiet(0.3)
			cfg.Settings.RoutAfterSeconds = 0 // panic without rout, to watch it
			cfg.Settings.RecoveryPerSecond = 0
			cfg.Settings.ContagionPerSecond = 0
			g := newGame(t, cfg)
			runUntil(g, 0.5)
			for range tt.shells {
				apply(t, g, game.Shell{At: byName(t, g, "Chen").Pos})
			}
			runUntil(g, 2) // the state follows at the next steps
			before := byName(t, g, "Chen")
			if before.State != tt.want {
				t.Fatalf("Chen is %v (morale %.2f); want %v", before.State, before.Morale, tt.want)
			}
			shots := 0
			for g.Time() < 6 {
				g.Tick()
				if byName(t, g, "Chen").Firing {
					shots++
				}
			}
			after := byName(t, g, "Chen")
			if after.State != tt.want {
				t.Fatalf("Chen became %v; want %v throughout", after.State, tt.want)
			}
			if shots == 0 {
				t.Errorf("%v Chen never fired in 4 s; want him firing", tt.want)
			}
			tt.check(t, g, before, after)
		})
	}
}

func TestHistory(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	runUntil(g, 45)
	h := g.History()
	s := h.Samples(2)
	if len(s) != 121 {
		t.Errorf("%d samples over the window; want 121", len(s))
	}
	if s[0].T < 45-game.HistoryWindow-1e-9 || s[len(s)-1].T != 45 {
		t.Errorf("samples span %v..%v s; want %v..45", s[0].T, s[len(s)-1].T, 45-game.HistoryWindow)
	}
	for k := 1; k < len(s); k++ {
		if d := s[k].T - s[k-1].T; math.Abs(d-game.HistoryInterval) > 1e-9 {
			t.Fatalf("samples %d,%d are %v s apart; want %v", k-1, k, d, game.HistoryInterval)
		}
	}
	if got := h.Samples(0); len(got) != 0 {
		t.Errorf("Alvarez, dead at 5 s, has %d samples in the last 30 s; want 0", len(got))
	}
	if h.Samples(99) != nil || h.Samples(-1) != nil {
		t.Error("Samples of an unknown id; want nil")
	}
	for _, c := range h.Changes() {
		if c.T < 45-game.HistoryWindow || c.From == c.To {
			t.Errorf("change %+v outside the window or not a change", c)
		}
	}
}

func TestSoldierAt(t *testing.T) {
	g := newGame(t, quiet(0.3))
	v := soldiers(g)
	tests := []struct {
		p      morale.Vec2
		id     int
		wantOK bool
	}{
		{v[2].Pos, 2, true},
		{morale.Vec2{X: v[3].Pos.X + 50, Y: v[3].Pos.Y}, 3, true},
		{morale.Vec2{X: 3000, Y: 1800}, -1, false},
	}
	for _, tt := range tests {
		id, ok := g.Battle().SoldierAt(tt.p)
		if ok != tt.wantOK || (ok && id != tt.id) {
			t.Errorf("SoldierAt(%v) = %d, %v; want %d, %v", tt.p, id, ok, tt.id, tt.wantOK)
		}
	}
	apply(t, g, game.Kill{ID: 2})
	if id, ok := g.Battle().SoldierAt(v[2].Pos); ok && id == 2 {
		t.Error("SoldierAt finds a dead soldier")
	}
}

func TestViewport(t *testing.T) {
	field := morale.Vec2{X: 6000, Y: 3600}
	tests := []struct {
		name       string
		vp         game.Viewport
		wantScale  float64
		wantOrigin [2]float64 // screen position of field (0, 0)
	}{
		{"exact fit", game.Viewport{W: 600, H: 360, Field: field}, 0.1, [2]float64{0, 0}},
		{"wide: pillarbox", game.Viewport{X: 10, Y: 20, W: 1000, H: 360, Field: field}, 0.1, [2]float64{210, 20}},
		{"tall: letterbox", game.Viewport{W: 600, H: 1000, Field: field}, 0.1, [2]float64{0, 320}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.vp.Scale(); math.Abs(got-tt.wantScale) > eps {
				t.Errorf("Scale() = %v; want %v", got, tt.wantScale)
			}
			x, y := tt.vp.ToScreen(morale.Vec2{})
			if math.Abs(x-tt.wantOrigin[0]) > 1e-9 || math.Abs(y-tt.wantOrigin[1]) > 1e-9 {
				t.Errorf("ToScreen(0,0) = %v,%v; want %v", x, y, tt.wantOrigin)
			}
			for _, p := range []morale.Vec2{{X: 0, Y: 0}, {X: 6000, Y: 3600}, {X: 1234.5, Y: 987.25}} {
				x, y := tt.vp.ToScreen(p)
				if back := tt.vp.ToWorld(x, y); back.Dist(p) > 1e-9 {
					t.Errorf("ToWorld(ToScreen(%v)) = %v; want %v", p, back, p)
				}
			}
			x0, y0 := tt.vp.ToScreen(morale.Vec2{})
			x1, y1 := tt.vp.ToScreen(field)
			if r := (x1 - x0) / (y1 - y0); math.Abs(r-field.X/field.Y) > 1e-9 {
				t.Errorf("aspect on screen %v; want %v", r, field.X/field.Y)
			}
		})
	}
	if got := (game.Viewport{Field: field}).ToWorld(5, 5); got != (morale.Vec2{}) {
		t.Errorf("empty viewport ToWorld = %v; want 0,0", got)
	}
	vp := game.Viewport{X: 10, Y: 20, W: 600, H: 360, Field: field} // 0.1 px per cm
	for _, tc := range []struct {
		x, y int
		want morale.Vec2
		on   bool
	}{
		{10, 20, morale.Vec2{}, true},
		{610, 380, field, true},
		{310, 200, morale.Vec2{X: 3000, Y: 1800}, true},
		{9, 200, morale.Vec2{X: -10, Y: 1800}, false},
		{310, 381, morale.Vec2{X: 3000, Y: 3610}, false},
	} {
		if p, on := vp.FieldAt(tc.x, tc.y); p.Dist(tc.want) > 1e-9 || on != tc.on {
			t.Errorf("FieldAt(%d, %d) = %v, %v; want %v, %v", tc.x, tc.y, p, on, tc.want, tc.on)
		}
	}
}

func TestViewsAreSane(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	sawShot, sawBark := false, false
	for g.Time() < 20 {
		g.Tick()
		for _, s := range g.Battle().Shots() {
			sawShot = true
			if s.Age < 0 || s.Age >= game.ShotSeconds {
				t.Fatalf("shot age %v; want 0..%v", s.Age, game.ShotSeconds)
			}
		}
		for _, s := range soldiers(g) {
			if s.Bark != "" {
				sawBark = true
			}
			if s.Health < 0 || s.Health > 1 || s.Morale < 0 || s.Morale > 1 || math.IsNaN(s.Facing) {
				t.Fatalf("soldier %+v out of range", s)
			}
		}
	}
	if !sawShot || !sawBark {
		t.Errorf("in 20 s of the opening saw shots=%v barks=%v; want both", sawShot, sawBark)
	}
	if len(opening(g).Cover()) == 0 || len(opening(g).Enemies()) == 0 {
		t.Error("no cover or no enemies")
	}
	f, r := g.Field(), opening(g).RallyPoint()
	if r.X < 0 || r.X > f.X || r.Y < 0 || r.Y > f.Y {
		t.Errorf("rally point %v off the %v field", r, f)
	}
	if len(g.Battle().Log()) == 0 || len(g.Battle().Log()) > 200 {
		t.Errorf("log has %d lines; want 1..200", len(g.Battle().Log()))
	}
}
