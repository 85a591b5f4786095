package render_test

import (
	"fmt"
	"image"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// A soldier's Why panel is rebuilt only when what it is built from changes
// (whyInputs: the whyKey, and his explanation's causes and state changes
// compared whole), since building it every frame cost the frame. The key is
// kept by hand: an input added to BuildWhyPanel and forgotten there would
// leave the panel showing what was true when it was last built, in silence.
// This test plays real sessions (the opening, the armies, a lab fight; a
// rewind, what-ifs, settings changed paused and running, soldiers killed,
// routed, rallied and reinforced, the selected soldier changing, ticks
// passing, paused and not) and at every tick and after every command checks:
//
//   - every soldier of both futures: inputs met before in the session (his
//     own at an earlier moment, in the other future, before a rewind) must
//     come with the panel built then. They change a few times a second and
//     ticks come sixty times, so most moments make a pair;
//   - the renderer: LayoutWhy's panel of the selected soldier, laid out
//     at every moment for the live battle and, in a what-if, at every
//     third for future A too (the player shows A, then B again), is a
//     fresh build's (from Battle.Why, which caches nothing, for the live
//     battle).
//
// Taken out of the key, since, fell, window and run make it fail, and so do the
// causes or the state changes left out of the comparison; each failure
// names the panel's field that differed. The key's other fields follow, in
// these sessions, from the causes and state changes compared whole (a new
// state adds a state change, a morale that moves an entry to a cause; a
// death sets fell; an explanation missing, ok false, has no window), from
// LayoutWhy's own check of the id, or never change (a soldier's nerve):
// no session here can show one of them missing.
func TestWhyKeyCoversThePanel(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  func() game.Config
		play func(w *whyRun)
		// paused: the script makes pairs while paused
		paused bool
	}{
		{"the opening", game.DefaultConfig, playOpening, true},
		{"a rewind and what-ifs", game.DefaultConfig, playWhatIf, true},
		{"a lab fight", whyFightConfig, playFight, true},
		{"the armies", func() game.Config {
			cfg := game.DefaultConfig()
			cfg.Scene = game.SceneArmies
			return cfg
		}, playArmies, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.NewSession(tc.cfg())
			if err != nil {
				t.Fatal(err)
			}
			w := &whyRun{t: t, g: g, r: newRenderer(t), sel: -1, step: "at the start", seen: map[render.WhyKey][]whyMoment{}}
			w.observe()
			tc.play(w)
			t.Logf("%d keys, %d pairs of equal keys (%d paused), %d cached panels checked", len(w.seen), w.pairs, w.pausedPairs, w.cached)
			if len(soldiersOf(g)) > 0 && w.pairs < 1000 {
				t.Errorf("got %d pairs of equal keys; want at least 1000", w.pairs)
			}
			if tc.paused && w.pausedPairs == 0 {
				t.Error("got no pair of equal keys while paused; want some")
			}
		})
	}
}

// whyField is the area the panel is laid out in: the demo's field at
// 1280×720.
var whyField = image.Rect(0, 0, 900, 520)

// whyRun is a session played for TestWhyKeyCoversThePanel, with what it
// has seen.
type whyRun struct {
	t    *testing.T
	g    *game.Session
	r    *render.Renderer
	step string // what the script did last, for the messages
	sel  int    // the selected soldier, -1: none
	seen map[render.WhyKey][]whyMoment
	// pairs counts the soldiers' moments whose inputs had been met
	// before, pausedPairs those while paused; cached the LayoutWhy panels
	// checked
	pairs, pausedPairs, cached int
	moments                    int // the moments observed
	// long counts the living soldiers' moments with a window reaching
	// back past WhyWindow
	long   int
	failed int
}

// whyMoment is where a panel's inputs were first met, they, and the panel
// built then.
type whyMoment struct {
	where string
	in    *render.WhyInputs
	panel render.WhyPanel
}

// errorf reports a failure, the first few of a session only.
func (w *whyRun) errorf(format string, args ...any) {
	w.t.Helper()
	if w.failed++; w.failed <= 5 {
		w.t.Errorf(format, args...)
	}
}

// soldiersOf returns the soldiers of v's scene (none in the armies, whose
// Why panel is a squad's).
func soldiersOf(v game.View) []game.SoldierView {
	switch sc := v.Scene().(type) {
	case *game.Opening:
		return sc.Soldiers()
	case *game.Scenario:
		return sc.Soldiers()
	}
	return nil
}

// whyView is a future of the session, with its name for the messages.
type whyView struct {
	name string
	v    game.View
}

// views returns the futures of the session: the live battle alone, or
// future B (the live battle) and future A while a what-if runs.
func (w *whyRun) views() []whyView {
	if a, _ := w.g.Other(); a != nil {
		return []whyView{{"future B", w.g}, {"future A", a}}
	}
	return []whyView{{"", w.g}}
}

// why is a fresh explanation of soldier id of v: the live battle's
// uncached (Battle.Why), future A's as its view gives it.
func (w *whyRun) why(v game.View, id int) (morale.Explanation, bool) {
	if v == game.View(w.g) {
		return w.g.Battle().Why(id)
	}
	return v.Why(id)
}

// observe checks the moment: every soldier's key against those met before,
// and the renderer's panel of the selected soldier against a fresh one.
func (w *whyRun) observe() {
	w.t.Helper()
	paused := ", running"
	if w.g.Paused() {
		paused = ", paused"
	}
	for _, fv := range w.views() {
		for _, s := range soldiersOf(fv.v) {
			x, ok := w.why(fv.v, s.ID)
			k := render.WhyKeyOf(s, x, ok)
			if s.Alive && x.Window > game.WhyWindow {
				w.long++
			}
			p := render.BuildWhyPanel(s, x, ok)
			i := slices.IndexFunc(w.seen[k], func(m whyMoment) bool { return m.in.Same(s, x, ok) })
			if i < 0 {
				where := fmt.Sprintf("%s (%d) at %.3f s%s%s, %s", s.Name, s.ID, fv.v.Time(), future(fv.name), paused, w.step)
				w.seen[k] = append(w.seen[k], whyMoment{where, render.WhyInputsOf(s, x, ok), p})
				continue
			}
			m := w.seen[k][i]
			w.pairs++
			if w.g.Paused() {
				w.pausedPairs++
			}
			if d := panelDiff(m.panel, p); d != "" {
				w.errorf("whyKey %+v and the causes and state changes are those of %s and of %s (%d) at %.3f s%s%s, %s, but their panels differ: %s",
					k, m.where, s.Name, s.ID, fv.v.Time(), future(fv.name), paused, w.step, d)
			}
		}
	}
	// the renderer's panel: the live battle's, and at every third moment
	// of a what-if future A's in between (the player shows it, then B
	// again)
	w.moments++
	for i, fv := range w.views() {
		if i == 0 || w.moments%3 == 0 {
			w.checkLayout(fv, paused)
		}
	}
}

// checkLayout checks the renderer's panel of the selected soldier of fv
// (LayoutWhy) against a fresh build.
func (w *whyRun) checkLayout(fv whyView, paused string) {
	w.t.Helper()
	text, _ := w.r.LayoutWhy(whyField, fv.v, w.sel)
	want := render.WhyPanel{}
	for _, s := range soldiersOf(fv.v) {
		if s.ID == w.sel {
			x, ok := w.why(fv.v, s.ID)
			want = render.BuildWhyPanel(s, x, ok)
		}
	}
	w.cached++
	if want.Title == "" {
		if text != "" {
			w.errorf("at %.3f s%s%s, %s: LayoutWhy of %d = %q; want no panel", fv.v.Time(), future(fv.name), paused, w.step, w.sel, text)
		}
		return
	}
	if text == want.Text() {
		return
	}
	got, wants := strings.Split(text, "\n"), strings.Split(want.Text(), "\n")
	i := 0
	for i < min(len(got), len(wants)) && got[i] == wants[i] {
		i++
	}
	g, wt := "(none)", "(none)"
	if i < len(got) {
		g = got[i]
	}
	if i < len(wants) {
		wt = wants[i]
	}
	w.errorf("LayoutWhy's panel of %s at %.3f s%s%s, %s is not a fresh build's: its %s: got %q; want %q",
		want.Title, fv.v.Time(), future(fv.name), paused, w.step, lineName(want, i), g, wt)
}

// future is ", future A" for the messages ("" outside a what-if).
func future(name string) string {
	if name == "" {
		return ""
	}
	return ", " + name
}

// lineName names line i of p's Text.
func lineName(p render.WhyPanel, i int) string {
	switch {
	case i < 3:
		return []string{"Title", "Detail", "Sentence"}[i]
	case i < 3+len(p.Bars):
		return fmt.Sprintf("Bars[%d]", i-3)
	}
	return fmt.Sprintf("States[%d]", i-3-len(p.Bars))
}

// panelDiff names the first field in which panel now differs from then,
// as "Detail: got <then>; want <now>", or returns "".
func panelDiff(then, now render.WhyPanel) string {
	a, b := reflect.ValueOf(then), reflect.ValueOf(now)
	for i := range a.NumField() {
		if f, g := a.Field(i).Interface(), b.Field(i).Interface(); !reflect.DeepEqual(f, g) {
			if _, s := f.(string); s {
				return fmt.Sprintf("%s: got %q; want %q", a.Type().Field(i).Name, f, g)
			}
			return fmt.Sprintf("%s: got %v; want %v", a.Type().Field(i).Name, f, g)
		}
	}
	return ""
}

// run ticks for secs seconds of ticks (TPS a second), observing after each;
// paused, the ticks run nothing, and are moments all the same.
func (w *whyRun) run(secs float64) {
	w.t.Helper()
	for range int(secs * game.TPS) {
		w.g.Tick()
		w.observe()
	}
}

// runTo ticks until the battle's time is at least secs.
func (w *whyRun) runTo(secs float64) {
	w.t.Helper()
	for w.g.Time() < secs-1e-9 {
		w.run(1.0 / game.TPS)
	}
}

// do applies c, which what names, and observes.
func (w *whyRun) do(what string, c game.Command) {
	w.t.Helper()
	if err := w.g.Apply(c); err != nil {
		w.t.Fatalf("%s: %v", what, err)
	}
	w.step = what
	w.observe()
}

// set changes the settings with f, as the tuner does, and observes.
func (w *whyRun) set(what string, f func(*morale.Settings)) {
	w.t.Helper()
	s := w.g.Settings().Clone()
	f(&s)
	w.do(what, game.SetSettings{Settings: s})
}

// id returns the id of the soldier called name.
func (w *whyRun) id(name string) int {
	w.t.Helper()
	for _, s := range soldiersOf(w.g) {
		if s.Name == name {
			return s.ID
		}
	}
	w.t.Fatalf("no soldier %s", name)
	return -1
}

// alive returns the id of the first living soldier.
func (w *whyRun) alive() int {
	w.t.Helper()
	for _, s := range soldiersOf(w.g) {
		if s.Alive {
			return s.ID
		}
	}
	w.t.Fatal("no one alive")
	return -1
}

// selectID selects soldier id (-1: none) and observes.
func (w *whyRun) selectID(id int) {
	w.t.Helper()
	w.sel, w.step = id, fmt.Sprintf("soldier %d selected", id)
	w.observe()
}

// rewindTo moves the rewind cursor to secs of session time.
func (w *whyRun) rewindTo(secs float64) {
	w.t.Helper()
	w.g.Rewind().To(int64(secs * game.SubTicksPerSecond))
	w.step = fmt.Sprintf("rewound to %g s", secs)
	w.observe()
}

// resume resumes from the cursor: a what-if.
func (w *whyRun) resume() {
	w.t.Helper()
	if err := w.g.Rewind().Resume(); err != nil {
		w.t.Fatal(err)
	}
	w.step = "resumed"
	w.observe()
}

// playOpening plays the opening with the commands a player gives.
func playOpening(w *whyRun) {
	w.step = "running"
	w.selectID(w.id("Eriksen"))
	w.run(16) // he shakes, routs at 10.5 s, is rallied
	w.selectID(w.id("Chen"))
	w.run(4)
	w.do("paused", game.Pause{Paused: true})
	w.run(0.5)
	w.set("paused, RecoveryDelaySeconds 2", func(s *morale.Settings) { s.RecoveryDelaySeconds = 2 })
	w.set("paused, SquadUpdateInterval 0.5", func(s *morale.Settings) { s.SquadUpdateInterval = 0.5 })
	w.set("paused, AllyDown −0.3", func(s *morale.Settings) { s.Weights[morale.AllyDown] = -0.3 })
	w.run(0.5)
	w.do("a step while paused", game.Step{})
	w.run(0.2)
	w.do("another step", game.Step{})
	w.do("running", game.Pause{Paused: false})
	w.run(3)
	w.set("running, ShakenBelow 0.7", func(s *morale.Settings) { s.ShakenBelow = 0.7 })
	w.set("running, Hysteresis 0.05", func(s *morale.Settings) { s.Hysteresis = 0.05 })
	w.run(2)
	w.do("killed", game.Kill{ID: w.alive()})
	w.selectID(w.alive())
	w.run(2)
	w.do("Dubois forced to rout", game.ForceRout{ID: w.id("Dubois")})
	w.selectID(w.id("Dubois"))
	w.run(3)
	w.do("rallied", game.Rally{})
	w.run(3)
	w.do("a shell", game.Shell{At: morale.Vec2{X: 1800, Y: 1500}})
	w.run(1)
	w.do("3 reinforcements", game.Reinforce{N: 3})
	w.selectID(len(soldiersOf(w.g)) - 1)
	w.run(4)
	w.do("speed ×4", game.SetSpeed{Factor: 4})
	w.run(4) // he stays at 1 while his contagion and recovery grow
	w.set("running, MinRoutSeconds 60", func(s *morale.Settings) { s.MinRoutSeconds = 60 })
	routed := w.alive()
	w.do("forced to rout", game.ForceRout{ID: routed}) // Routed for 30 s and more
	w.selectID(routed)
	w.run(6.5)
	w.do("speed ×1", game.SetSpeed{Factor: 1})
	w.run(6) // to 86 s: at 84.5 s his window reaches back past WhyWindow
	if w.long == 0 {
		w.t.Error("no window reached back past WhyWindow; want the forced rout's to")
	}
	w.selectID(-1)
	w.do("restarted", game.Restart{})
	w.selectID(w.id("Eriksen"))
	w.run(3)
}

// playWhatIf plays the opening, rewinds it and plays what-ifs: the man
// killed in the original future is killed later in the new one.
func playWhatIf(w *whyRun) {
	w.step = "running"
	w.selectID(w.id("Dubois"))
	w.runTo(6)
	w.do("a shell", game.Shell{At: morale.Vec2{X: 1800, Y: 1500}})
	w.runTo(9)
	w.do("Dubois killed", game.Kill{ID: w.id("Dubois")})
	w.runTo(20)
	w.rewindTo(4)
	w.run(0.5) // at the cursor, paused
	w.set("at the cursor, Suppressed −0.03", func(s *morale.Settings) { s.Weights[morale.Suppressed] = -0.03 })
	w.do("a step at the cursor", game.Step{})
	w.resume()
	w.runTo(11)
	w.do("Dubois killed in future B", game.Kill{ID: w.id("Dubois")})
	w.runTo(14)
	w.selectID(w.id("Eriksen"))
	w.runTo(18)
	w.do("paused", game.Pause{Paused: true})
	w.run(0.2)
	w.selectID(w.id("Dubois"))
	w.run(0.2)
	w.do("running", game.Pause{Paused: false})
	w.set("future B, RoutAfterSeconds 2", func(s *morale.Settings) { s.RoutAfterSeconds = 2 })
	w.selectID(w.id("Chen"))
	w.run(3)
	if err := w.g.Rewind().By(-3); err != nil {
		w.t.Fatal(err)
	}
	w.step = "rewound 3 s"
	w.observe()
	w.resume() // the same settings: a what-if all the same
	w.run(3)
	if _, err := w.g.Rewind().Revert(); err != nil {
		w.t.Fatal(err)
	}
	w.step = "reverted"
	w.observe()
	w.run(2)
}

// whyFightConfig is a lab fight of two squads under fire and a quiet one
// far from it.
func whyFightConfig() game.Config {
	squad := func(name string, size int, x float64, names ...string) game.ScenarioSquad {
		return game.ScenarioSquad{Name: name, Size: size, Formation: "line", At: morale.Vec2{X: x, Y: 1000},
			Spacing: 120, Names: names, Morale: 1}
	}
	a := squad("a", 6, 1000, "Ames", "Bell")
	a.Leader = true
	fire := game.ScenarioEvent{T: 0.5, Do: "event", Event: morale.Suppressed, At: morale.Vec2{X: 1400, Y: 1000}, HasAt: true,
		Spread: 500, Radius: 800, Scale: 1, Every: 1.5, Until: 40, Jitter: 0.7, Count: 1}
	return game.Config{Scene: game.SceneScenario, Seed: 3, Scenario: &game.ScenarioConfig{
		Name: "why", Duration: 40,
		Squads: []game.ScenarioSquad{a, squad("b", 9, 1800), squad("c", 3, 9000, "Quill", "Reyes", "Stone")},
		Events: []game.ScenarioEvent{fire,
			{T: 2, Do: "event", Event: morale.Outnumbered, Squad: "b", Scale: 1.2, Every: 5, Until: 40, Count: 1},
			{T: 5, Do: "death", Agent: "Ames", Scale: 1, Count: 1},
			{T: 9, Do: "rout", Squad: "b", Scale: 1, Count: 1},
			{T: 12, Do: "rally", Squad: "a", Scale: 1, Count: 1},
			{T: 15, Do: "reinforce", Squad: "b", Event: morale.ReinforcementsArrived, Scale: 1, Count: 4},
		},
	}}
}

// playFight plays the lab fight, kills a quiet man of squad c, rewinds to
// before it and kills him later in the what-if.
func playFight(w *whyRun) {
	w.step = "running"
	w.selectID(w.id("Bell"))
	w.runTo(2)
	w.do("Quill killed", game.Kill{ID: w.id("Quill")})
	w.selectID(w.id("Quill"))
	w.runTo(8)
	w.selectID(w.id("Bell"))
	w.do("paused", game.Pause{Paused: true})
	w.run(0.3)
	w.set("paused, TookDamage −0.3", func(s *morale.Settings) { s.Weights[morale.TookDamage] = -0.3 })
	w.do("running", game.Pause{Paused: false})
	w.runTo(12)
	w.do("2 reinforcements", game.Reinforce{N: 2})
	w.selectID(len(soldiersOf(w.g)) - 1)
	w.runTo(16)
	w.rewindTo(1)
	w.set("at the cursor, Suppressed −0.1", func(s *morale.Settings) { s.Weights[morale.Suppressed] = -0.1 })
	w.resume()
	w.selectID(w.id("b#2"))
	w.runTo(2.5)
	w.selectID(w.id("Quill"))
	w.runTo(3)
	w.do("Quill killed in future B", game.Kill{ID: w.id("Quill")})
	w.run(2)
	w.selectID(w.id("Reyes"))
	w.run(2)
}

// playArmies plays the armies. They have no soldiers, so no soldier's
// panel and no whyKey (a squad's panel is another cache, by the squad's
// numbers: layoutSquadWhy); only that Why explains no one and that no
// soldier's panel shows are checked.
func playArmies(w *whyRun) {
	w.step = "running"
	w.run(1)
	if x, ok := w.g.Why(0); ok {
		w.t.Errorf("the armies: Why(0) = %v, true; want no soldier to explain", x)
	}
	w.selectID(0)
	w.run(1)
}
