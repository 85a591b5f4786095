package game_test

// Helpers shared by the game tests.

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

const eps = 1e-12

// recordingText is r written out as a replay file (Recording.Write), or
// fails the test.
func recordingText(t testing.TB, r game.Recording) string {
	t.Helper()
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatalf("writing the recording: %v", err)
	}
	return b.String()
}

// newGame builds a game from cfg or fails the test.
func newGame(t testing.TB, cfg game.Config) *game.Session {
	t.Helper()
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// opening returns g's opening scene; it panics when g plays another.
func opening(g *game.Session) *game.Opening {
	o, ok := g.Scene().(*game.Opening)
	if !ok {
		panic("not the opening: " + g.Scene().Name())
	}
	return o
}

// soldiers returns every soldier of g's opening (Opening.Soldiers), none in
// another scene.
func soldiers(g *game.Session) []game.SoldierView {
	if o, ok := g.Scene().(*game.Opening); ok {
		return o.Soldiers()
	}
	return nil
}

// armies returns g's armies scene; it panics when g plays another.
func armies(g *game.Session) *game.Armies {
	a, ok := g.Scene().(*game.Armies)
	if !ok {
		panic("not the armies: " + g.Scene().Name())
	}
	return a
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
func runUntil(g *game.Session, t float64) {
	for g.Time() < t-1e-9 {
		g.Tick()
	}
}

// apply applies c or fails the test.
func apply(t testing.TB, g *game.Session, c game.Command) {
	t.Helper()
	if err := g.Apply(c); err != nil {
		t.Fatalf("Apply(%#v): %v", c, err)
	}
}

// byName returns the soldier called name.
func byName(t testing.TB, g *game.Session, name string) game.SoldierView {
	t.Helper()
	for _, s := range soldiers(g) {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no soldier %q", name)
	return game.SoldierView{}
}

// record collects every report of g.
func record(g *game.Session) *[]game.Report {
	var rs []game.Report
	g.OnReport(func(r game.Report) { rs = append(rs, r) })
	return &rs
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
		Soldiers: slices.Clone(soldiers(g)), Enemies: slices.Clone(opening(g).Enemies()),
		Log: slices.Clone(g.Battle().Log()), Samples: slices.Clone(g.History().Samples(2)),
	}
}

// combatShare samples the share, in percent, of a game's living morale
// agents (the armies scene's men, the opening's soldiers) below full morale
// or out of Steady: at a step their squads take contagion and recovery, and
// stage 3 runs for those out of Steady. It keeps its views between samples,
// so that sampling leaves no garbage for the timed ticks' collector.
type combatShare struct {
	men      []game.ManView
	soldiers []game.SoldierView
	samples  []float64
}

// sample adds the share of g now.
func (c *combatShare) sample(t testing.TB, g *game.Session) {
	t.Helper()
	n, hurt := 0, 0
	count := func(alive bool, m float64, st morale.State) {
		if alive {
			n++
			if m < 1 || st != morale.Steady {
				hurt++
			}
		}
	}
	switch sc := g.Scene().(type) {
	case *game.Armies:
		c.men = sc.AppendMen(c.men[:0])
		for _, v := range c.men {
			count(v.Alive, v.Morale, v.State)
		}
	case *game.Opening:
		c.soldiers = sc.AppendSoldiers(c.soldiers[:0])
		for _, v := range c.soldiers {
			count(v.Alive, v.Morale, v.State)
		}
	default:
		t.Fatalf("combatShare: scene %T", sc)
	}
	if n > 0 {
		c.samples = append(c.samples, 100*float64(hurt)/float64(n))
	}
}

// mean returns the mean of the samples (gonum's), 0 for none.
func (c *combatShare) mean() float64 {
	if len(c.samples) == 0 {
		return 0
	}
	return stat.Mean(c.samples, nil)
}

// hurt returns how many samples found anyone in combat (gonum's count).
func (c *combatShare) hurt() int {
	return floats.Count(func(v float64) bool { return v > 0 }, c.samples)
}

// median returns the median of the samples (gonum's empirical quantile), 0
// for none.
func (c *combatShare) median() float64 {
	if len(c.samples) == 0 {
		return 0
	}
	slices.Sort(c.samples)
	return stat.Quantile(0.5, stat.Empirical, c.samples, nil)
}

// lineOf returns the number (from 1) of the n-th line (from 1) of text
// that begins with prefix; t fails when there is none.
func lineOf(t testing.TB, text, prefix string, n int) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			if n--; n == 0 {
				return i + 1
			}
		}
	}
	t.Fatalf("no line %q", prefix)
	return 0
}
