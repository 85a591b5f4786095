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

const eps = 1e-12

// newGame builds a game from cfg or fails the test.
func newGame(t testing.TB, cfg game.Config) *game.Game {
	t.Helper()
	g, err := game.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// quiet returns a config without the opening, with every nerve equal so that
// only distance tells the soldiers apart.
func quiet(nerve float64) game.Config {
	cfg := game.DefaultConfig()
	cfg.Opening = false
	cfg.Settings.NerveMin, cfg.Settings.NerveMax = nerve, nerve
	return cfg
}

// runUntil ticks g until its simulated time reaches t seconds.
func runUntil(g *game.Game, t float64) {
	for g.Time() < t-1e-9 {
		g.Tick()
	}
}

// apply applies c or fails the test.
func apply(t testing.TB, g *game.Game, c game.Command) {
	t.Helper()
	if err := g.Apply(c); err != nil {
		t.Fatalf("Apply(%#v): %v", c, err)
	}
}

// byName returns the soldier called name.
func byName(t testing.TB, g *game.Game, name string) game.SoldierView {
	t.Helper()
	for _, s := range g.Soldiers() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no soldier %q", name)
	return game.SoldierView{}
}

// record collects every report of g.
func record(g *game.Game) *[]game.Report {
	var rs []game.Report
	g.OnReport(func(r game.Report) { rs = append(rs, r) })
	return &rs
}

func TestKillReportsAllyDownInProportionToDistance(t *testing.T) {
	tests := []struct {
		victim  string
		nearest []string // the others, nearest first
	}{
		{victim: "Chen", nearest: []string{"Brandt", "Alvarez", "Eriksen", "Dubois"}},
		{victim: "Dubois", nearest: []string{"Eriksen", "Alvarez", "Brandt", "Chen"}},
	}
	for _, tt := range tests {
		t.Run(tt.victim, func(t *testing.T) {
			g := newGame(t, quiet(0.3))
			reports := record(g)
			s := g.Settings()
			before := slices.Clone(g.Soldiers())
			victim := byName(t, g, tt.victim)
			apply(t, g, game.Kill{ID: victim.ID})

			after := g.Soldiers()
			if after[victim.ID].Alive {
				t.Fatalf("%s alive after Kill; want dead", tt.victim)
			}
			want := game.Report{T: 0, Event: morale.AllyDown, ID: -1, At: victim.Pos, Scale: 1}
			if len(*reports) != 1 || (*reports)[0] != want {
				t.Fatalf("reports = %+v; want [%+v]", *reports, want)
			}
			lost := make(map[string]float64)
			for _, b := range before {
				if b.ID == victim.ID {
					continue
				}
				a := after[b.ID]
				d := b.Pos.Dist(victim.Pos)
				falloff := morale.DistanceFalloff(d, s.FullEffectRadius, s.NoEffectRadius)
				wantM := morale.ApplyMoraleEvent(b.Morale, s.Weights[morale.AllyDown], falloff, b.Nerve)
				if math.Abs(a.Morale-wantM) > eps {
					t.Errorf("%s at %.0f cm: morale %v; want %v (falloff %.3f)", b.Name, d, a.Morale, wantM, falloff)
				}
				lost[b.Name] = b.Morale - a.Morale
			}
			for k := 1; k < len(tt.nearest); k++ {
				near, far := tt.nearest[k-1], tt.nearest[k]
				if lost[near] < lost[far] {
					t.Errorf("%s lost %.4f, %s lost %.4f; want the nearer to lose at least as much", near, lost[near], far, lost[far])
				}
			}
			if first, last := tt.nearest[0], tt.nearest[len(tt.nearest)-1]; lost[first] <= lost[last] {
				t.Errorf("nearest %s lost %.4f, farthest %s lost %.4f; want strictly more", first, lost[first], last, lost[last])
			}
		})
	}
}

func TestLeaderDeathReportsLeaderDown(t *testing.T) {
	g := newGame(t, quiet(0.3))
	reports := record(g)
	var leader game.SoldierView
	for _, s := range g.Soldiers() {
		if s.Leader {
			leader = s
		}
	}
	if leader.Name == "" {
		t.Fatal("no leader in the squad")
	}
	before := slices.Clone(g.Soldiers())
	apply(t, g, game.Kill{ID: leader.ID})
	want := game.Report{Event: morale.LeaderDown, ID: -1, At: leader.Pos, Scale: 1}
	if len(*reports) != 1 || (*reports)[0] != want {
		t.Fatalf("reports = %+v; want [%+v]", *reports, want)
	}
	s := g.Settings()
	for _, b := range before {
		if b.ID == leader.ID {
			continue
		}
		f := morale.DistanceFalloff(b.Pos.Dist(leader.Pos), s.FullEffectRadius, s.NoEffectRadius)
		wantM := morale.ApplyMoraleEvent(b.Morale, s.Weights[morale.LeaderDown], f, b.Nerve)
		if got := g.Soldiers()[b.ID].Morale; math.Abs(got-wantM) > eps {
			t.Errorf("%s: morale %v; want %v", b.Name, got, wantM)
		}
	}
}

func TestRallyMakesEverySoldierSteady(t *testing.T) {
	tests := []struct {
		name string
		do   func(g *game.Game) error
	}{
		{"command", func(g *game.Game) error { return g.Apply(game.Rally{}) }},
		{"console", func(g *game.Game) error { g.Exec("MoraleBreak.Rally"); return nil }},
		{"console squad 1", func(g *game.Game) error { g.Exec("moralebreak.rally 1"); return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, game.DefaultConfig())
			runUntil(g, game.OpeningRally-1) // Eriksen routed, the others shaken
			broken := 0
			for _, s := range g.Soldiers() {
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
			for _, v := range g.Soldiers() {
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

func TestOpeningReachesItsBeats(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	reports := record(g)
	runUntil(g, game.OpeningRally-0.01)

	views := g.Soldiers()
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
	if !g.OpeningOver() {
		t.Error("OpeningOver() = false after the rally; want true")
	}
	for _, v := range g.Soldiers() {
		if v.Alive && v.State != morale.Steady {
			t.Errorf("after the rally %s is %v; want Steady", v.Name, v.State)
		}
	}
	if b := byName(t, g, "Eriksen").Bark; !slices.Contains(game.Barks(morale.Routed, morale.Steady), b) {
		t.Errorf("Eriksen's bark after the rally = %q; want one of %q", b, game.Barks(morale.Routed, morale.Steady))
	}
}

func TestSuppressedNeverMoreOftenThanItsTimer(t *testing.T) {
	for _, n := range []int{5, 60} {
		cfg := game.DefaultConfig()
		cfg.Soldiers = n
		g := newGame(t, cfg)
		last := map[int]float64{}
		count, violations := 0, 0
		g.OnReport(func(r game.Report) {
			if r.Event != morale.Suppressed || r.ID < 0 {
				return // shells report at a location, not on the timer
			}
			count++
			if prev, ok := last[r.ID]; ok && r.T-prev < game.SuppressInterval-1e-9 {
				violations++
				t.Errorf("n=%d: soldier %d suppressed at %.3f s and %.3f s; want at least %.1f s apart",
					n, r.ID, prev, r.T, game.SuppressInterval)
			}
			last[r.ID] = r.T
		})
		runUntil(g, 90)
		if count < 5 {
			t.Errorf("n=%d: %d Suppressed reports in 90 s; want the enemy to suppress someone", n, count)
		}
		if violations > 0 {
			t.Fatalf("n=%d: %d of %d reports came too soon", n, violations, count)
		}
	}
}

func TestTimedReports(t *testing.T) {
	g := newGame(t, quiet(0.3))
	type key struct {
		e  morale.Event
		id int
	}
	last := map[key]float64{}
	lowHealth := map[int]int{}
	counts := map[morale.Event]int{}
	g.OnReport(func(r game.Report) {
		counts[r.Event]++
		k := key{r.Event, r.ID}
		switch r.Event {
		case morale.Outnumbered:
			friends, foes := 0, 0
			for _, s := range g.Soldiers() {
				if s.Alive {
					friends++
				}
			}
			for _, e := range g.Enemies() {
				if e.Alive {
					foes++
				}
			}
			if want := morale.OutnumberedFactor(friends, foes); math.Abs(r.Scale-want) > eps {
				t.Errorf("Outnumbered scale %v at %d against %d; want %v", r.Scale, friends, foes, want)
			}
			if p, ok := last[k]; ok && r.T-p < game.OutnumberedInterval-1e-9 {
				t.Errorf("Outnumbered to %d at %.2f and %.2f s; want %v s apart", r.ID, p, r.T, game.OutnumberedInterval)
			}
		case morale.LeaderNearby:
			if p, ok := last[k]; ok && r.T-p < game.LeaderNearbyInterval-1e-9 {
				t.Errorf("LeaderNearby to %d at %.2f and %.2f s; want %v s apart", r.ID, p, r.T, game.LeaderNearbyInterval)
			}
			if g.Soldiers()[r.ID].Leader {
				t.Errorf("LeaderNearby reported to the leader himself")
			}
		case morale.LowHealth:
			lowHealth[r.ID]++
			if lowHealth[r.ID] > 1 {
				t.Errorf("LowHealth reported %d times to soldier %d; want once", lowHealth[r.ID], r.ID)
			}
			if h := g.Soldiers()[r.ID].Health; h >= game.LowHealthBelow {
				t.Errorf("LowHealth with health %.2f; want below %.2f", h, game.LowHealthBelow)
			}
		case morale.TookDamage:
			if r.Scale <= 0 {
				t.Errorf("TookDamage scale %v; want > 0", r.Scale)
			}
		}
		last[k] = r.T
	})
	runUntil(g, 180)
	for _, e := range []morale.Event{morale.Outnumbered, morale.LeaderNearby, morale.EnemyDown, morale.TookDamage, morale.Suppressed} {
		if counts[e] == 0 {
			t.Errorf("no %s reported in 180 s of battle; want some", e)
		}
	}
}

func TestLeaderNearbyStopsWithTheLeader(t *testing.T) {
	g := newGame(t, quiet(0.3))
	apply(t, g, game.Kill{ID: 0})
	n := 0
	g.OnReport(func(r game.Report) {
		if r.Event == morale.LeaderNearby {
			n++
		}
	})
	runUntil(g, 20)
	if n != 0 {
		t.Errorf("%d LeaderNearby reports after the leader died; want 0", n)
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
			before := slices.Clone(g.Soldiers())
			time, speed := g.Time(), g.Speed()
			err := g.Apply(tt.cmd)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Apply(%#v) = %v; want %v", tt.cmd, err, tt.want)
			}
			if got := g.Soldiers(); !reflect.DeepEqual(got, before) {
				t.Errorf("soldiers changed by a rejected command")
			}
			if g.Time() != time || g.Speed() != speed {
				t.Errorf("time %v speed %v; want %v, %v", g.Time(), g.Speed(), time, speed)
			}
		})
	}
}

// fingerprint runs a battle for secs and returns everything visible.
type fingerprint struct {
	Soldiers []game.SoldierView
	Enemies  []game.EnemyView
	Log      []string
	Samples  []game.Sample
}

func run(t testing.TB, cfg game.Config, speed float64, secs float64) fingerprint {
	g := newGame(t, cfg)
	apply(t, g, game.SetSpeed{Factor: speed})
	runUntil(g, secs)
	if got := g.Time(); math.Abs(got-secs) > 1e-9 {
		t.Fatalf("speed %v: time %v; want %v", speed, got, secs)
	}
	return fingerprint{
		Soldiers: slices.Clone(g.Soldiers()), Enemies: slices.Clone(g.Enemies()),
		Log: slices.Clone(g.Log()), Samples: slices.Clone(g.History().Samples(2)),
	}
}

func TestSameSeedSameBattle(t *testing.T) {
	a := run(t, game.DefaultConfig(), 1, 45)
	b := run(t, game.DefaultConfig(), 1, 45)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with seed 1 differ; want identical")
	}
	cfg := game.DefaultConfig()
	cfg.Seed = 2
	if c := run(t, cfg, 1, 45); reflect.DeepEqual(a, c) {
		t.Error("seeds 1 and 2 gave identical battles; want the seed to matter")
	}
}

func TestSpeedsAreDeterministic(t *testing.T) {
	want := run(t, game.DefaultConfig(), 1, 30)
	for _, speed := range []float64{0.25, 4, 2} {
		if got := run(t, game.DefaultConfig(), speed, 30); !reflect.DeepEqual(got, want) {
			t.Errorf("speed ×%v: battle differs from ×1; want identical", speed)
		}
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
			got := g.Exec(tt.line)
			if !strings.Contains(got, tt.contains) {
				t.Errorf("Exec(%q) = %q; want it to contain %q", tt.line, got, tt.contains)
			}
			if g.Debug() != tt.wantDebug {
				t.Errorf("Debug() = %v; want %v", g.Debug(), tt.wantDebug)
			}
			log := strings.Join(g.Log(), "\n")
			if !strings.Contains(log, "> "+tt.line) {
				t.Errorf("log lacks the command line %q", tt.line)
			}
		})
	}
	g := newGame(t, game.DefaultConfig())
	if got := g.Exec("   "); got != "" {
		t.Errorf("Exec(blank) = %q; want \"\"", got)
	}
}

func TestForceRoutAndBarks(t *testing.T) {
	g := newGame(t, quiet(0.3))
	apply(t, g, game.ForceRout{ID: 3})
	v := g.Soldiers()[3]
	if v.State != morale.Routed {
		t.Fatalf("state after ForceRout = %v; want Routed", v.State)
	}
	if !slices.Contains(game.Barks(morale.Steady, morale.Routed), v.Bark) {
		t.Errorf("bark %q; want a Routed bark %q", v.Bark, game.Barks(morale.Steady, morale.Routed))
	}
	start := v.Pos.Dist(g.RallyPoint())
	runUntil(g, 3)
	v = g.Soldiers()[3]
	if d := v.Pos.Dist(g.RallyPoint()); d >= start {
		t.Errorf("routed man %.0f cm from the flag after 3 s, started %.0f; want him running to it", d, start)
	}
	if v.Firing {
		t.Error("routed man firing; want him running")
	}
	apply(t, g, game.Rally{})
	if b := g.Soldiers()[3].Bark; !slices.Contains(game.Barks(morale.Routed, morale.Steady), b) {
		t.Errorf("bark after the rally %q; want back in the fight %q", b, game.Barks(morale.Routed, morale.Steady))
	}
	x := g.Soldiers()[3].Pos.X
	runUntil(g, 8)
	if back := g.Soldiers()[3]; back.State != morale.Steady || back.Pos.X <= x+100 {
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

func TestSoldiersActOnTheirState(t *testing.T) {
	tests := []struct {
		name   string
		shells int // shells on Chen at 0.5 s
		want   morale.State
		check  func(t *testing.T, g *game.Game, before, after game.SoldierView)
	}{
		{"Steady advances", 0, morale.Steady, func(t *testing.T, g *game.Game, before, after game.SoldierView) {
			if after.Pos.X <= before.Pos.X+100 {
				t.Errorf("Steady Chen moved from x=%.0f to x=%.0f; want him advancing", before.Pos.X, after.Pos.X)
			}
		}},
		{"Shaken takes cover", 3, morale.Shaken, func(t *testing.T, g *game.Game, before, after game.SoldierView) {
			for _, r := range g.Cover() {
				grown := game.Rect{Min: morale.Vec2{X: r.Min.X - 150, Y: r.Min.Y - 50}, Max: morale.Vec2{X: r.Max.X, Y: r.Max.Y + 50}}
				if grown.Contains(after.Pos) {
					return
				}
			}
			t.Errorf("Shaken Chen at %v; want him behind cover", after.Pos)
		}},
		{"Panicked stops", 6, morale.Panicked, func(t *testing.T, g *game.Game, before, after game.SoldierView) {
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

func TestReinforce(t *testing.T) {
	g := newGame(t, quiet(0.3))
	reports := record(g)
	apply(t, g, game.Reinforce{N: 3})
	views := g.Soldiers()
	if len(views) != 8 {
		t.Fatalf("%d soldiers after Reinforce{3}; want 8", len(views))
	}
	var c morale.Vec2
	for _, v := range views[5:] {
		if !v.Alive || v.Pos.X > 500 {
			t.Errorf("reinforcement %s alive=%v at %v; want alive at the left edge", v.Name, v.Alive, v.Pos)
		}
		c.X += v.Pos.X / 3
		c.Y += v.Pos.Y / 3
	}
	if len(*reports) != 1 || (*reports)[0].Event != morale.ReinforcementsArrived || (*reports)[0].At.Dist(c) > 1e-9 {
		t.Errorf("reports = %+v; want ReinforcementsArrived at %v", *reports, c)
	}
	if got := len(g.History().Samples(7)); got != 1 {
		t.Errorf("history of a reinforcement has %d samples; want 1", got)
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
	v := g.Soldiers()
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
		id, ok := g.SoldierAt(tt.p)
		if ok != tt.wantOK || (ok && id != tt.id) {
			t.Errorf("SoldierAt(%v) = %d, %v; want %d, %v", tt.p, id, ok, tt.id, tt.wantOK)
		}
	}
	apply(t, g, game.Kill{ID: 2})
	if id, ok := g.SoldierAt(v[2].Pos); ok && id == 2 {
		t.Error("SoldierAt finds a dead soldier")
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
	got := fingerprint{Soldiers: slices.Clone(g.Soldiers()), Enemies: slices.Clone(g.Enemies()),
		Log: slices.Clone(g.Log()), Samples: slices.Clone(g.History().Samples(2))}
	if !reflect.DeepEqual(got, want) {
		t.Error("restarted opening differs from a fresh one; want identical")
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
		g, err := game.New(tt.cfg)
		if (err == nil) != tt.ok {
			t.Errorf("%s: New error %v; want ok=%v", tt.name, err, tt.ok)
		}
		if err == nil && len(g.Soldiers()) == 0 {
			t.Errorf("%s: no soldiers", tt.name)
		}
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
}

func TestViewsAreSane(t *testing.T) {
	g := newGame(t, game.DefaultConfig())
	sawShot, sawBark := false, false
	for g.Time() < 20 {
		g.Tick()
		for _, s := range g.Shots() {
			sawShot = true
			if s.Age < 0 || s.Age >= game.ShotSeconds {
				t.Fatalf("shot age %v; want 0..%v", s.Age, game.ShotSeconds)
			}
		}
		for _, s := range g.Soldiers() {
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
	if len(g.Cover()) == 0 || len(g.Enemies()) == 0 {
		t.Error("no cover or no enemies")
	}
	f, r := g.Field(), g.RallyPoint()
	if r.X < 0 || r.X > f.X || r.Y < 0 || r.Y > f.Y {
		t.Errorf("rally point %v off the %v field", r, f)
	}
	if len(g.Log()) == 0 || len(g.Log()) > 200 {
		t.Errorf("log has %d lines; want 1..200", len(g.Log()))
	}
}

func BenchmarkUpdate500(b *testing.B) {
	cfg := game.DefaultConfig()
	cfg.Soldiers = 500
	cfg.Opening = false
	g := newGame(b, cfg)
	runUntil(g, 10) // into the fight
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%(60*game.TPS) == 0 && i > 0 { // a fresh battle every simulated minute
			b.StopTimer()
			apply(b, g, game.Restart{})
			runUntil(g, 10)
			b.StartTimer()
		}
		g.Tick()
	}
}
