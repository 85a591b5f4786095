package game_test

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

func TestRallyMakesEverySoldierSteady(t *testing.T) {
	tests := []struct {
		name string
		do   func(g *game.Session) error
	}{
		{"command", func(g *game.Session) error { return g.Apply(game.Rally{}) }},
		{"console", func(g *game.Session) error { game.NewConsole(g).Exec("MoraleBreak.Rally"); return nil }},
		{"console squad 1", func(g *game.Session) error { game.NewConsole(g).Exec("moralebreak.rally 1"); return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, game.DefaultConfig())
			runUntil(g, game.OpeningRally-1) // Eriksen routed, the others shaken
			broken := 0
			for _, s := range soldiers(g) {
				if s.Alive && s.State != morale.Steady {
					broken++
				}
			}
			if broken == 0 {
				t.Fatal("nobody to rally: every living soldier already Steady")
			}
			if err := tt.do(g); err != nil {
				t.Fatal(err)
			}
			s := g.Settings()
			for _, v := range soldiers(g) {
				if !v.Alive {
					continue
				}
				if v.State != morale.Steady {
					t.Errorf("%s: state %v; want Steady", v.Name, v.State)
				}
				if v.Morale < s.ShakenBelow+s.Hysteresis-eps {
					t.Errorf("%s: morale %.3f; want at least %.2f so the rally sticks", v.Name, v.Morale, s.ShakenBelow+s.Hysteresis)
				}
			}
		})
	}
}

func TestSettingsEditsValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(s *morale.Settings)
		ok   bool
	}{
		{"valid: ShakenBelow 0.55", func(s *morale.Settings) { s.ShakenBelow = 0.55 }, true},
		{"valid: new weight row", func(s *morale.Settings) { s.Weights["Mortar"] = -0.2 }, true},
		{"PanicBelow above ShakenBelow", func(s *morale.Settings) { s.PanicBelow = 0.7 }, false},
		{"NaN hysteresis", func(s *morale.Settings) { s.Hysteresis = math.NaN() }, false},
		{"zero interval", func(s *morale.Settings) { s.SquadUpdateInterval = 0 }, false},
		{"NerveMin above NerveMax", func(s *morale.Settings) { s.NerveMin, s.NerveMax = 0.8, 0.2 }, false},
		{"infinite weight", func(s *morale.Settings) { s.Weights[morale.AllyDown] = math.Inf(-1) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, game.DefaultConfig())
			runUntil(g, 1)
			before := g.Settings().Clone()
			s := before.Clone()
			tt.edit(&s)
			err := g.Apply(game.SetSettings{Settings: s})
			switch {
			case tt.ok && err != nil:
				t.Fatalf("Apply: %v; want nil", err)
			case tt.ok && !reflect.DeepEqual(g.Settings(), s):
				t.Errorf("Settings() = %+v; want %+v", g.Settings(), s)
			case !tt.ok && !errors.Is(err, game.ErrBadSettings):
				t.Errorf("Apply: %v; want ErrBadSettings", err)
			case !tt.ok && !reflect.DeepEqual(g.Settings(), before):
				t.Errorf("settings changed by a rejected edit: %+v; want %+v", g.Settings(), before)
			}
			s.ShakenBelow = 0.99 // the game keeps its own copy
			if tt.ok && g.Settings().ShakenBelow == 0.99 {
				t.Error("Settings() shares the caller's struct")
			}
		})
	}
}

func TestInvalidCommandsChangeNothing(t *testing.T) {
	tests := []struct {
		name string
		cmd  game.Command
		want error
	}{
		{"kill unknown id", game.Kill{ID: 99}, game.ErrNoSoldier},
		{"kill negative id", game.Kill{ID: -1}, game.ErrNoSoldier},
		{"kill the dead", game.Kill{ID: 1}, game.ErrDead},
		{"rout the dead", game.ForceRout{ID: 1}, game.ErrDead},
		{"rout unknown id", game.ForceRout{ID: 5}, game.ErrNoSoldier},
		{"shell NaN", game.Shell{At: morale.Vec2{X: math.NaN(), Y: 100}}, game.ErrBadPoint},
		{"shell Inf", game.Shell{At: morale.Vec2{X: 100, Y: math.Inf(1)}}, game.ErrBadPoint},
		{"shell off the field", game.Shell{At: morale.Vec2{X: -1, Y: 100}}, game.ErrBadPoint},
		{"reinforce 0", game.Reinforce{N: 0}, game.ErrBadCount},
		{"reinforce too many", game.Reinforce{N: game.MaxReinforce + 1}, game.ErrBadCount},
		{"speed 0", game.SetSpeed{Factor: 0}, game.ErrBadSpeed},
		{"speed 0.3", game.SetSpeed{Factor: 0.3}, game.ErrBadSpeed},
		{"speed NaN", game.SetSpeed{Factor: math.NaN()}, game.ErrBadSpeed},
		{"speed 100", game.SetSpeed{Factor: 100}, game.ErrBadSpeed},
		{"rally squad 7", game.RallySquad{ID: 7}, game.ErrNoSquad},
		{"nil command", nil, game.ErrUnknownCommand},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, quiet(0.3))
			apply(t, g, game.Kill{ID: 1})
			runUntil(g, 2)
			before := slices.Clone(soldiers(g))
			time, speed := g.Time(), g.Speed()
			err := g.Apply(tt.cmd)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Apply(%#v) = %v; want %v", tt.cmd, err, tt.want)
			}
			if got := soldiers(g); !reflect.DeepEqual(got, before) {
				t.Errorf("soldiers changed by a rejected command")
			}
			if g.Time() != time || g.Speed() != speed {
				t.Errorf("time %v speed %v; want %v, %v", g.Time(), g.Speed(), time, speed)
			}
		})
	}
}

func TestTickTime(t *testing.T) {
	tests := []struct {
		speed float64
		want  float64 // seconds per Tick
	}{{0.25, 0.25 / 60}, {1, 1.0 / 60}, {4, 4.0 / 60}}
	for _, tt := range tests {
		g := newGame(t, game.DefaultConfig())
		apply(t, g, game.SetSpeed{Factor: tt.speed})
		for range 60 {
			g.Tick()
		}
		if got := g.Time(); math.Abs(got-60*tt.want) > 1e-12 {
			t.Errorf("×%v: 60 ticks = %v s; want %v", tt.speed, got, 60*tt.want)
		}
		if g.Speed() != tt.speed {
			t.Errorf("Speed() = %v; want %v", g.Speed(), tt.speed)
		}
	}
}

func TestPauseAndStep(t *testing.T) {
	tests := []struct {
		interval float64
		from     int // ticks at ×1 before pausing
		want     float64
	}{
		{0.25, 0, 0.25},
		{0.25, 1, 0.25}, // to the end of the step under way
		{0.1, 0, 0.1},
		{0.5, 30, 1.0},
	}
	for _, tt := range tests {
		cfg := game.DefaultConfig()
		cfg.Settings.SquadUpdateInterval = tt.interval
		g := newGame(t, cfg)
		for range tt.from {
			g.Tick()
		}
		apply(t, g, game.Pause{Paused: true})
		t0 := g.Time()
		for range 10 {
			g.Tick()
		}
		if g.Time() != t0 || !g.Paused() {
			t.Fatalf("paused: time %v → %v; want no change", t0, g.Time())
		}
		apply(t, g, game.Step{})
		if got := g.Time(); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("interval %v from %v s: Step → %v s; want %v", tt.interval, t0, got, tt.want)
		}
		apply(t, g, game.Step{})
		if got := g.Time(); math.Abs(got-tt.want-tt.interval) > 1e-9 {
			t.Errorf("interval %v: second Step → %v s; want %v", tt.interval, got, tt.want+tt.interval)
		}
		apply(t, g, game.Pause{Paused: false})
		g.Tick()
		if g.Time() <= tt.want+tt.interval {
			t.Error("Tick after resume did not advance")
		}
	}
}

func TestConsole(t *testing.T) {
	tests := []struct {
		line      string
		contains  string
		wantDebug bool
	}{
		{"help", "MoraleBreak.Rally [SquadId]", false},
		{"MoraleBreak.Debug 1", "Debug 1", true},
		{"moralebreak.DEBUG 0", "Debug 0", false},
		{"MoraleBreak.Debug", "Debug 1", true}, // toggles
		{"MoraleBreak.Debug 2", "usage: MoraleBreak.Debug [0|1]", false},
		{"MoraleBreak.Dump", "squad 1: 5 agents, average", false},
		{"MoraleBreak.Dump now", "usage: MoraleBreak.Dump", false},
		{"MoraleBreak.Rally", "every soldier is Steady", false},
		{"MoraleBreak.Rally 1", "rallied squad 1", false},
		{"MoraleBreak.Rally 7", "no squad 7", false},
		{"MoraleBreak.Rally x", `"x" is not a squad id`, false},
		{"frobnicate 3", `unknown command "frobnicate"; type help`, false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			g := newGame(t, game.DefaultConfig())
			got := game.NewConsole(g).Exec(tt.line)
			if !strings.Contains(got, tt.contains) {
				t.Errorf("Exec(%q) = %q; want it to contain %q", tt.line, got, tt.contains)
			}
			if g.Debug() != tt.wantDebug {
				t.Errorf("Debug() = %v; want %v", g.Debug(), tt.wantDebug)
			}
			log := strings.Join(g.Battle().Log(), "\n")
			if !strings.Contains(log, "> "+tt.line) {
				t.Errorf("log lacks the command line %q", tt.line)
			}
		})
	}
	g := newGame(t, game.DefaultConfig())
	if got := game.NewConsole(g).Exec("   "); got != "" {
		t.Errorf("Exec(blank) = %q; want \"\"", got)
	}
}

func TestForceRoutAndBarks(t *testing.T) {
	g := newGame(t, quiet(0.3))
	apply(t, g, game.ForceRout{ID: 3})
	v := soldiers(g)[3]
	if v.State != morale.Routed {
		t.Fatalf("state after ForceRout = %v; want Routed", v.State)
	}
	if !slices.Contains(game.Barks(morale.Steady, morale.Routed), v.Bark) {
		t.Errorf("bark %q; want a Routed bark %q", v.Bark, game.Barks(morale.Steady, morale.Routed))
	}
	start := v.Pos.Dist(opening(g).RallyPoint())
	runUntil(g, 3)
	v = soldiers(g)[3]
	if d := v.Pos.Dist(opening(g).RallyPoint()); d >= start {
		t.Errorf("routed man %.0f cm from the flag after 3 s, started %.0f; want him running to it", d, start)
	}
	if v.Firing {
		t.Error("routed man firing; want him running")
	}
	apply(t, g, game.Rally{})
	if b := soldiers(g)[3].Bark; !slices.Contains(game.Barks(morale.Routed, morale.Steady), b) {
		t.Errorf("bark after the rally %q; want back in the fight %q", b, game.Barks(morale.Routed, morale.Steady))
	}
	x := soldiers(g)[3].Pos.X
	runUntil(g, 8)
	if back := soldiers(g)[3]; back.State != morale.Steady || back.Pos.X <= x+100 {
		t.Errorf("after the rally: %v at x=%.0f (was %.0f); want Steady and back in the fight, advancing", back.State, back.Pos.X, x)
	}
	kinds := [][2]morale.State{
		{morale.Steady, morale.Shaken}, {morale.Shaken, morale.Panicked},
		{morale.Panicked, morale.Routed}, {morale.Routed, morale.Shaken}, {morale.Shaken, morale.Steady},
	}
	seen := map[string]bool{}
	for _, k := range kinds {
		b := game.Barks(k[0], k[1])
		if len(b) == 0 || b[0] == "" {
			t.Errorf("Barks(%v, %v) empty", k[0], k[1])
		}
		if seen[b[0]] {
			t.Errorf("Barks(%v, %v) repeats another kind's line %q", k[0], k[1], b[0])
		}
		seen[b[0]] = true
	}
}

func TestNewValidates(t *testing.T) {
	bad := morale.DefaultSettings()
	bad.ShakenBelow = 0.1
	tests := []struct {
		name string
		cfg  game.Config
		ok   bool
	}{
		{"default", game.DefaultConfig(), true},
		{"zero config", game.Config{}, true},
		{"500 soldiers", game.Config{Soldiers: 500, Opening: true}, true},
		{"negative soldiers", game.Config{Soldiers: -1}, false},
		{"too many soldiers", game.Config{Soldiers: game.MaxSoldiers + 1}, false},
		{"invalid settings", game.Config{Settings: bad}, false},
	}
	for _, tt := range tests {
		g, err := game.NewSession(tt.cfg)
		if (err == nil) != tt.ok {
			t.Errorf("%s: New error %v; want ok=%v", tt.name, err, tt.ok)
		}
		if err == nil && len(soldiers(g)) == 0 {
			t.Errorf("%s: no soldiers", tt.name)
		}
	}
}
