package game_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// testScenario is a small scenario with every kind of event: jittered,
// scattered news at a location, news to a squad and to a man, deaths by
// name, in a squad and at a location, a rally, a rout and reinforcements.
func testScenario() *game.ScenarioConfig {
	return &game.ScenarioConfig{
		Name: "test", Duration: 30,
		Squads: []game.ScenarioSquad{
			{Name: "a", Size: 6, Formation: "line", At: morale.Vec2{X: 1000, Y: 1000}, Spacing: 120, Leader: true,
				Names: []string{"Ames", "Bell"}, Nerves: []float64{0.6, 0.2}, Morale: 1},
			{Name: "b", Size: 9, Formation: "grid", At: morale.Vec2{X: 1800, Y: 1000}, Spacing: 100,
				NerveRange: &[2]float64{0.1, 0.5}, Morale: 0.9},
		},
		Events: []game.ScenarioEvent{
			{T: 0.5, Do: "event", Event: morale.Suppressed, At: morale.Vec2{X: 1400, Y: 1000}, HasAt: true, Spread: 500,
				Radius: 800, Scale: 1, Every: 1.5, Until: 30, Jitter: 0.7, Count: 1},
			{T: 2, Do: "event", Event: morale.Outnumbered, Squad: "b", Scale: 1.2, Every: 5, Until: 30, Count: 1},
			{T: 3.3, Do: "event", Event: morale.TookDamage, Agent: "Bell", Scale: 2.5, Count: 1},
			{T: 5, Do: "death", Agent: "Ames", Scale: 1, Count: 1},
			{T: 6, Do: "death", Squad: "b", Scale: 1, Count: 2},
			{T: 7.1, Do: "death", At: morale.Vec2{X: 1800, Y: 1000}, HasAt: true, Radius: 300, Scale: 1, Count: 1},
			{T: 9, Do: "rout", Squad: "b", Scale: 1, Count: 1},
			{T: 12, Do: "rally", Squad: "a", Scale: 1, Count: 1},
			{T: 15, Do: "reinforce", Squad: "b", Event: morale.ReinforcementsArrived, Scale: 1, Count: 4},
		},
	}
}

// A fight is the same however the time up to any moment is cut into
// AdvanceTo calls, and its clock is the World's, tick for tick.
func TestScenarioFightIsTheSameHoweverTimeIsCut(t *testing.T) {
	cfg := testScenario()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	play := func(cut func(t float64) float64) (string, *morale.World) {
		w, err := morale.NewWorld(morale.DefaultSettings(), 7)
		if err != nil {
			t.Fatal(err)
		}
		f := game.NewScenarioFight(cfg, w, 7)
		for now := 0.0; now < cfg.Duration; {
			now = min(cfg.Duration, cut(now))
			f.AdvanceTo(now)
			if f.Now() != w.Now() {
				t.Fatalf("the fight's clock is %v s; the World's %v s", f.Now(), w.Now())
			}
		}
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		return f.Digest(), w
	}
	whole, _ := play(func(float64) float64 { return 30 })
	subticks, _ := play(func(t float64) float64 { return t + 1.0/game.SubTicksPerSecond })
	rng := rand.New(rand.NewPCG(1, 2))
	random, _ := play(func(t float64) float64 { return t + rng.Float64()*0.7 })
	if whole != subticks || whole != random {
		t.Errorf("digests: at once %s, by sub-ticks %s, at random cuts %s; want one", whole, subticks, random)
	}
}

// A Scenario battle plays its fight: the men of the squads and the
// reinforcements, named, with deaths; commands work on it; a clone of it
// (the rewind) goes on the same way.
func TestScenarioScene(t *testing.T) {
	s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sc, ok := s.Scene().(*game.Scenario)
	if !ok || sc.Name() != game.SceneScenario {
		t.Fatalf("scene %T; want *game.Scenario", s.Scene())
	}
	if got := len(sc.Soldiers()); got != 15 {
		t.Fatalf("%d soldiers at the start; want 15", got)
	}
	for s.Time() < 20 {
		s.Tick()
	}
	sold := sc.Soldiers()
	if len(sold) != 19 {
		t.Errorf("%d soldiers after the reinforcements; want 19", len(sold))
	}
	dead := 0
	for _, v := range sold {
		if !v.Alive {
			dead++
		}
	}
	if dead != 4 || sold[0].Alive || sold[0].Name != "Ames" || sold[2].Name != "a#3" {
		t.Errorf("%d dead, Ames alive %v, names %q, %q; want 4 dead, Ames dead, Ames and a#3", dead, sold[0].Alive, sold[0].Name, sold[2].Name)
	}
	if x, ok := s.Why(0); !ok || x.Now == 0 {
		t.Errorf("Why(Ames) = %v, %v; want the explanation kept as he fell", x.Now, ok)
	}
	if err := s.Apply(game.Kill{ID: 0}); !errors.Is(err, game.ErrDead) {
		t.Errorf("Kill of the dead Ames: %v; want ErrDead", err)
	}
	if err := s.Apply(game.Kill{ID: 1}); err != nil {
		t.Errorf("Kill of Bell: %v", err)
	}
	if err := s.Apply(game.Reinforce{N: 2}); err != nil {
		t.Errorf("Reinforce: %v", err)
	}
	if err := s.Apply(game.Shell{At: morale.Vec2{X: 100, Y: 100}}); err != nil {
		t.Errorf("Shell: %v", err)
	}
	if len(sc.Soldiers()) != 21 {
		t.Errorf("%d soldiers after Reinforce 2; want 21", len(sc.Soldiers()))
	}
	for s.Time() < 40 {
		s.Tick()
	}
	if !sc.Over() {
		t.Error("Over is false after the scenario's 30 s")
	}
	// the recording replays to the same digest
	r := s.Recording()
	p, err := game.PlayReplay(r)
	if err != nil {
		t.Fatal(err)
	}
	if p.Digest() != r.Digest {
		t.Errorf("replayed digest %s; recorded %s", p.Digest(), r.Digest)
	}
	text := recordingText(t, r)
	back, err := game.ReadReplay(strings.NewReader(text))
	if err != nil {
		t.Fatalf("reading the written replay: %v\n%s", err, text)
	}
	q, err := game.PlayReplay(back)
	if err != nil {
		t.Fatal(err)
	}
	if q.Digest() != r.Digest {
		t.Errorf("the replay read back plays to %s; recorded %s", q.Digest(), r.Digest)
	}
}

// Validate refuses a scenario that cannot be played, naming what is wrong.
func TestScenarioConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(c *game.ScenarioConfig)
		want string
	}{
		{"no squads", func(c *game.ScenarioConfig) { c.Squads = nil }, "0 squads"},
		{"zero duration", func(c *game.ScenarioConfig) { c.Duration = 0 }, "duration"},
		{"bad formation", func(c *game.ScenarioConfig) { c.Squads[0].Formation = "wedge" }, "formation"},
		{"unknown agent", func(c *game.ScenarioConfig) { c.Events[2].Agent = "Nobody" }, "no man is named"},
		{"unknown squad", func(c *game.ScenarioConfig) { c.Events[1].Squad = "z" }, "no squad is named"},
		{"event after the end", func(c *game.ScenarioConfig) { c.Events[0].T = 31 }, "t 31"},
		{"too many men", func(c *game.ScenarioConfig) { c.Squads[1].Size = game.MaxScenarioMen }, "men; want at most"},
		{"bad action", func(c *game.ScenarioConfig) { c.Events[0].Do = "explode" }, "do"},
		{"too many occurrences", func(c *game.ScenarioConfig) {
			c.Duration = game.MaxScenarioSeconds
			c.Events[0].Until, c.Events[0].Every = game.MaxScenarioSeconds, 0.01
		}, "occurrences"},
	} {
		c := testScenario()
		tc.edit(c)
		err := c.Validate()
		if err == nil || !errors.Is(err, game.ErrBadScenario) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Validate = %v; want ErrBadScenario saying %q", tc.name, err, tc.want)
		}
		if _, err := game.NewBattle(game.Config{Scene: game.SceneScenario, Scenario: c}); err == nil {
			t.Errorf("%s: NewBattle accepted it", tc.name)
		}
	}
}

// The rewind works in the scenario scene as in the opening: a jump back
// gives the digest of having played there, and resuming with other
// settings is a what-if whose first differences it can say.
func TestScenarioSceneRewindAndWhatIf(t *testing.T) {
	s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	marks := map[int64]string{}
	for s.Time() < 25 {
		s.Tick()
		if s.SessionTicks()%(2*game.SubTicksPerSecond) == 0 {
			marks[s.SessionTicks()] = s.Digest()
		}
	}
	for _, k := range []int64{4 * game.SubTicksPerSecond, 20 * game.SubTicksPerSecond, 10 * game.SubTicksPerSecond} {
		s.Rewind().To(k)
		if got := s.Digest(); got != marks[k] {
			t.Errorf("Rewind.To(%d): digest %s; want %s, as played there", k, got, marks[k])
		}
	}
	edit := s.Settings().Clone()
	edit.Weights[morale.AllyDown] = -0.6
	if err := s.Apply(game.SetSettings{Settings: edit}); err != nil {
		t.Fatal(err)
	}
	if err := s.Rewind().Resume(); err != nil {
		t.Fatal(err)
	}
	for s.Time() < 25 {
		s.Tick()
	}
	if len(s.Ghost()) == 0 {
		t.Error("no ghost of the original future after a what-if")
	}
	if _, ok := s.Rewind().WhatIf(); !ok {
		t.Error("WhatIf says nothing after resuming with other settings")
	}
}

// A lab fight's squads count their men, the living and the broken (the
// living who are Panicked or Routed), as their labels say: summed over the
// squads, the soldiers' own counts.
func TestScenarioSquadsCountTheBroken(t *testing.T) {
	s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sc := s.Scene().(*game.Scenario)
	sawBroken := false
	for s.Time() < 30 {
		s.Tick()
		var men, alive, broken int
		for _, v := range sc.AppendSoldiers(nil) {
			men++
			if v.Alive {
				alive++
				if v.State == morale.Panicked || v.State == morale.Routed {
					broken++
				}
			}
		}
		var qm, qa, qb int
		for _, q := range sc.AppendSquads(nil) {
			qm, qa, qb = qm+q.Men, qa+q.Alive, qb+q.Broken
		}
		if qm != men || qa != alive || qb != broken {
			t.Fatalf("at %.2f s the squads count %d men, %d alive, %d broken; the soldiers %d, %d, %d", s.Time(), qm, qa, qb, men, alive, broken)
		}
		sawBroken = sawBroken || broken > 0
	}
	if !sawBroken {
		t.Error("no man broke in 30 s; want the test to see one")
	}
}

// A routed man of a lab fight is drawn running away from the enemy (-X),
// about FleeSpeed cm/s, and walks back to his place once rallied; the run
// is his view's alone: the fight (its digest) is the same as a twin's
// whose views were never asked for.
func TestScenarioRoutedMenRun(t *testing.T) {
	cfg := game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3}
	s, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	twin, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	sc := s.Scene().(*game.Scenario)
	const id = 3 // squad a's fourth man, nobody's target before 9 s
	place := sc.AppendSoldiers(nil)[id].Pos
	for _, g := range []*game.Session{s, twin} {
		if err := g.Apply(game.ForceRout{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	dist := func() float64 { return sc.AppendSoldiers(nil)[id].Pos.Dist(place) }
	for _, tc := range []struct {
		name     string
		do       game.Command
		until    float64
		min, max float64 // his distance from his place then, cm
	}{
		{"routed, 2 s on", nil, 2, 2 * game.FleeSpeed * 0.7, 2 * game.FleeSpeed * 1.3},
		{"routed, long after", nil, 8, game.FleeMax * 0.7, game.FleeMax * 1.3},
		{"rallied, walked back", game.Rally{}, 8 + 1.3*game.FleeMax/game.ReturnSpeed, 0, 0},
	} {
		for _, g := range []*game.Session{s, twin} {
			if tc.do != nil {
				if err := g.Apply(tc.do); err != nil {
					t.Fatal(err)
				}
			}
			for g.Time() < tc.until {
				g.Tick()
			}
		}
		v := sc.AppendSoldiers(nil)[id]
		if d := dist(); d < tc.min || d > tc.max || (d > 0 && v.Pos.X >= place.X) {
			t.Errorf("%s: got him at %v, %.0f cm from his place %v; want %.0f..%.0f cm, towards -X", tc.name, v.Pos, d, place, tc.min, tc.max)
		}
		if s.Digest() != twin.Digest() {
			t.Fatalf("%s: the fight's digest differs from its twin's; want the run his view's alone", tc.name)
		}
	}
}

// AppendSquadOf names each man's squad, in ID order: as many of each as
// its squad counts, before and after reinforcements join one, after what
// dst held.
func TestScenarioAppendSquadOf(t *testing.T) {
	s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	sc := s.Scene().(*game.Scenario)
	for _, tc := range []struct {
		at   float64
		want [2]int // men of squads a and b
	}{{0, [2]int{6, 9}}, {20, [2]int{6, 13}}} {
		for s.Time() < tc.at {
			s.Tick()
		}
		of := sc.AppendSquadOf([]int{-7})
		if of[0] != -7 {
			t.Fatalf("at %.2f s: AppendSquadOf changed what dst held: got %d first; want -7", s.Time(), of[0])
		}
		of = of[1:]
		if n := len(sc.AppendSoldiers(nil)); len(of) != n {
			t.Fatalf("at %.2f s: got %d men's squads; want %d (the men)", s.Time(), len(of), n)
		}
		var got [2]int
		for _, k := range of {
			got[k]++
		}
		if got != tc.want {
			t.Errorf("at %.2f s: got men per squad %v; want %v", s.Time(), got, tc.want)
		}
		for _, q := range sc.AppendSquads(nil) {
			if got[q.Index] != q.Men {
				t.Errorf("at %.2f s: squad %s: got %d men by AppendSquadOf; want %d (AppendSquads)", s.Time(), q.Name, got[q.Index], q.Men)
			}
		}
	}
}

// A scenario fight's replay says that its soldiers and opening lines, the
// opening's, are unused, and how many men the fight has; it reads back.
func TestScenarioReplaySaysItsMen(t *testing.T) {
	s, err := game.NewSession(game.Config{Scene: game.SceneScenario, Scenario: testScenario(), Seed: 3, Soldiers: 5})
	if err != nil {
		t.Fatal(err)
	}
	for s.Time() < 1 {
		s.Tick()
	}
	text := recordingText(t, s.Recording())
	want := fmt.Sprintf("# soldiers and opening above are unused in this scene: the scenario below sets its %d men\n", testScenario().Men())
	if !strings.Contains(text, want) {
		t.Errorf("the replay's header:\n%s\nwant the line %q", text[:min(400, len(text))], want)
	}
	if _, err := game.ReadReplay(strings.NewReader(text)); err != nil {
		t.Errorf("ReadReplay of it: %v", err)
	}
}
