package morale_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// A squad of five, one of them the leader. The game reacts to state changes
// (World.OnStateChanged) and reports what happens to them: a death
// at a location, and the leader's death. The World steps on its own fixed
// interval; the game only feeds it time.
func Example() {
	w, err := morale.NewWorld(morale.DefaultSettings(), 7)
	if err != nil {
		panic(err)
	}
	names := []string{"Alvarez", "Brandt", "Chen", "Dubois", "Eriksen"}
	squad := map[*morale.Agent]string{}
	var men []*morale.Agent
	for i, name := range names {
		opts := []morale.SpawnOption{morale.WithNerve(0.1 + 0.15*float64(i))}
		if i == 0 {
			opts = append(opts, morale.AsLeader())
		}
		a := w.Spawn(1, morale.Vec2{X: float64(i) * 200}, opts...)
		squad[a] = name
		men = append(men, a)
	}

	// On State Changed: drive behaviour from the new state.
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		switch new {
		case morale.Shaken:
			fmt.Printf("%.2fs %s is shaken (%v): move to cover\n", w.Now(), squad[a], why)
		case morale.Panicked:
			fmt.Printf("%.2fs %s panics (%v): stop advancing, fire wildly\n", w.Now(), squad[a], why)
		case morale.Routed:
			fmt.Printf("%.2fs %s routs (%v): run to the rally point\n", w.Now(), squad[a], why)
		case morale.Steady:
			fmt.Printf("%.2fs %s is steady again (%v)\n", w.Now(), squad[a], why)
		}
	})

	// Tell it what is happening: a death where it happened, then the leader.
	die := func(a *morale.Agent) {
		e := morale.AllyDown
		if a.IsLeader() {
			e = morale.LeaderDown
		}
		if err := w.ReportEventAtLocation(e, a.Position(), 0, []morale.SquadID{a.Squad()}, 1); err != nil {
			panic(err) // refused only for a NaN or infinite position, radius or scale, or news that overflows
		}
		w.Remove(a)
	}
	die(men[4])
	for frame := range 12 * 60 { // twelve seconds at 60 frames per second
		if frame == 60 {
			die(men[0])
		}
		if frame > 60 && frame < 300 && frame%30 == 0 { // heavy fire, on a timer
			if err := w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: 300}, 0, nil, 1.5); err != nil {
				panic(err)
			}
		}
		w.Advance(1.0 / 60)
	}
	w.RallySquad(1)
	// Output:
	// 1.25s Brandt is shaken (event LeaderDown): move to cover
	// 1.75s Chen is shaken (event Suppressed): move to cover
	// 2.25s Dubois is shaken (contagion): move to cover
	// 3.75s Brandt panics (event Suppressed): stop advancing, fire wildly
	// 4.25s Chen panics (event Suppressed): stop advancing, fire wildly
	// 4.75s Dubois panics (contagion): stop advancing, fire wildly
	// 7.25s Brandt routs (rout timer): run to the rally point
	// 7.75s Chen routs (rout timer): run to the rally point
	// 8.25s Dubois routs (rout timer): run to the rally point
	// 12.00s Dubois is steady again (rally)
	// 12.00s Brandt is steady again (rally)
	// 12.00s Chen is steady again (rally)
}

// Nerve resists bad news: the same event moves a nerve-0.8 man by a fifth of
// what it moves a nerve-0 man, and never cheers him up.
func ExampleApplyMoraleEvent() {
	w := morale.DefaultSettings().Weights[morale.AllyDown]
	fmt.Printf("nerve 0.0: %.3f\n", morale.ApplyMoraleEvent(1, w, 1, 0))
	fmt.Printf("nerve 0.8: %.3f\n", morale.ApplyMoraleEvent(1, w, 1, 0.8))
	fmt.Printf("nerve 1.0: %.3f\n", morale.ApplyMoraleEvent(1, w, 1, 1))
	// Output:
	// nerve 0.0: 0.820
	// nerve 0.8: 0.964
	// nerve 1.0: 1.000
}

// Contagion is an exact exponential: one step of a second lands where ten
// steps of a tenth do, so panic spreads at the same speed on every machine.
func ExampleContagionPull() {
	one := morale.ContagionPull(1, 0, morale.ContagionFactor(0.5, 1))
	ten := 1.0
	for range 10 {
		ten = morale.ContagionPull(ten, 0, morale.ContagionFactor(0.5, 0.1))
	}
	fmt.Printf("one step: %.6f, ten steps: %.6f\n", one, ten)
	// Output:
	// one step: 0.606531, ten steps: 0.606531
}

// Three to one is frightening, not three times as frightening.
func ExampleOutnumberedFactor() {
	fmt.Printf("%.3f %.3f %.3f %.3f\n",
		morale.OutnumberedFactor(1, 1), morale.OutnumberedFactor(1, 3),
		morale.OutnumberedFactor(3, 1), morale.OutnumberedFactor(4, 0))
	// Output:
	// 1.000 1.732 0.577 0.500
}

// Falling thresholds are strict; climbing back needs the hysteresis band.
func ExampleResolveState() {
	s := morale.DefaultSettings()
	fmt.Println(morale.ResolveState(morale.Steady, 0.59, s.ShakenBelow, s.PanicBelow, s.Hysteresis))
	fmt.Println(morale.ResolveState(morale.Shaken, 0.70, s.ShakenBelow, s.PanicBelow, s.Hysteresis))
	fmt.Println(morale.ResolveState(morale.Shaken, 0.75, s.ShakenBelow, s.PanicBelow, s.Hysteresis))
	fmt.Println(morale.ResolveState(morale.Panicked, 0.90, s.ShakenBelow, s.PanicBelow, s.Hysteresis))
	// Output:
	// Shaken
	// Shaken
	// Steady
	// Steady
}

// Settings come from weights.toml: the built-in events in [weights], the
// game's own in [custom]. Errors name the key and the line.
func ExampleReadSettings() {
	s, err := morale.ReadSettings(strings.NewReader(
		"ShakenBelow = 0.55\n[weights]\nAllyDown = -0.2\n[custom]\nAmbush = -0.3\n"))
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ShakenBelow, s.Events(), s.Weights[morale.LeaderDown], morale.Event("Ambush").BuiltIn())

	_, err = morale.ReadSettings(strings.NewReader(
		"ShakenBelow = 0.55\nRecoveryPerSecnd = 0.1\n[weights]\nAllyDwn = -0.2\nAmbush = -0.3\n"))
	fmt.Println(err)
	// Output:
	// 0.55 [AllyDown Ambush] 0 false
	// line 2: RecoveryPerSecnd is not a setting (did you mean RecoveryPerSecond?)
	// line 4: weights.AllyDwn is not a built-in event (did you mean AllyDown?)
	// line 5: weights.Ambush is not a built-in event (the nearest is Rest); if it is your game's own event, move its row to [custom]
}

// Dump is the console's MoraleBreak.Dump.
func ExampleWorld_Dump() {
	w, _ := morale.NewWorld(morale.DefaultSettings(), 1)
	for i := range 4 {
		w.Spawn(morale.SquadID(1+i%2), morale.Vec2{X: float64(i) * 100}, morale.WithNerve(0))
	}
	if err := w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, []morale.SquadID{2}, 2); err != nil {
		panic(err)
	}
	w.Advance(0.25)
	if err := w.Dump(os.Stdout); err != nil {
		panic(err)
	}
	// Output:
	// MoraleBreak.Dump at 0.25 s: 2 squads, 4 agents
	// squad 1: 2 agents, average 1.00, lowest 1.00, broken 0 (steady 2, shaken 0, panicked 0, routed 0)
	// squad 2: 2 agents, average 0.10, lowest 0.10, broken 2 (steady 0, shaken 0, panicked 2, routed 0)
}

// The README's quick start: a World, a squad, a listener, an event at a
// location, and time.
func Example_quickStart() {
	world, err := morale.NewWorld(morale.DefaultSettings(), 42) // seed: same squad every run
	if err != nil {
		panic(err)
	}
	world.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		fmt.Printf("agent at x=%.0f: %v -> %v because of %v\n", a.Position().X, old, new, why)
	})
	for i := range 3 {
		world.Spawn(1, morale.Vec2{X: float64(i) * 500}, morale.WithNerve(0.2))
	}
	// A grenade lands next to the first man; he feels it most.
	if err := world.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: -100}, 0, nil, 10); err != nil {
		panic(err) // a NaN or infinite location, radius or scale
	}
	for range 60 { // one second of 60 Hz frames
		world.Advance(1.0 / 60)
	}
	// Output:
	// agent at x=0: Steady -> Shaken because of event Suppressed
	// agent at x=500: Steady -> Shaken because of event Suppressed
	// agent at x=1000: Steady -> Shaken because of contagion
}

// A game that knows its crowd reserves room for it before spawning it, so
// that spawning the army grows none of the World's arrays on the way.
func ExampleWorld_Reserve() {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		panic(err)
	}
	const army = 5000
	if err := w.Reserve(army); err != nil {
		panic(err)
	}
	for i := range army {
		w.Spawn(morale.SquadID(i/100), morale.Vec2{X: float64(i%100) * 150, Y: float64(i/100) * 150})
	}
	fmt.Println(w.Len(), w.Reserve(-1) != nil)
	// Output: 5000 true
}

// A game that moves its men every frame hands the World all their new
// positions at once. It keeps its men in the World's order (spawned in its
// own order, a dead man's place taken by the last, as Remove does, and each
// man put back at his Index when Reorders says a step sorted), so that
// SetPositions reads the World's arrays in order; bad input moves no one.
func ExampleWorld_SetPositions() {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		panic(err)
	}
	var men []*morale.Agent
	var at []morale.Vec2
	for i := range 300 {
		p := morale.Vec2{X: float64(i%10) * 150, Y: float64(i/10) * 150}
		men, at = append(men, w.Spawn(morale.SquadID(i/100), p)), append(at, p)
	}
	dead, last := 42, len(men)-1 // a man dies: the last takes his place
	w.Remove(men[dead])
	men[dead], at[dead] = men[last], at[last]
	men, at = men[:last], at[:last]
	seen := w.Reorders()
	for frame := 0; frame < 60; frame++ { // a second at 60 Hz: 1.5 m north
		for i := range at {
			at[i].Y += 2.5
		}
		if err := w.SetPositions(men, at); err != nil {
			panic(err)
		}
		w.Advance(1.0 / 60)
		if n := w.Reorders(); n != seen { // a step sorted: each man back at his Index
			seen = n
			was, place := slices.Clone(men), slices.Clone(at)
			for k, a := range was {
				men[a.Index()], at[a.Index()] = a, place[k]
			}
		}
	}
	fmt.Println(men[0].Position(), men[dead].Position())
	at[7].X = math.NaN()
	fmt.Println(w.SetPositions(men, at), men[7].Position())
	// Output:
	// {0 150} {1350 4500}
	// morale: SetPositions: ps[7] = {NaN 150} is not finite (no one was moved: give a man without a new position his last one) {1050 150}
}

// A game tells a designer's misspelt event name the way morale's own
// errors do.
func ExampleSuggest() {
	events := []string{"AllyDown", "LeaderDown", "Suppressed", "Ambushed"}
	for _, name := range []string{"Supressed", "allydown", "Flanked"} {
		if s := morale.Suggest(name, events); s != "" {
			fmt.Printf("%s: no such event (did you mean %s?)\n", name, s)
		} else {
			fmt.Printf("%s: no such event\n", name)
		}
	}
	// Output:
	// Supressed: no such event (did you mean Suppressed?)
	// allydown: no such event (did you mean AllyDown?)
	// Flanked: no such event
}
