package bench_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mlange-42/ark/ecs"
	"github.com/moralebreak/moralebreak/morale"
)

// This file is morale inside an ECS game, the ark ECS v0.8.3: how
// docs/library.md's "In an ECS game" wires it, run as a test so that it
// breaks when the wiring does.
//
// Each soldier is an entity whose Soldier component holds his agent's
// handle; the agent's tag is the entity's index in the game's own list, so
// a change of the morale World maps back to its entity. The game's
// simulation runs on its own fixed tick, whatever the frame rate; each tick
//
//  1. the movement system moves the soldiers and hands every new position
//     to the World with SetPosition (the World keeps its own copy, and an
//     event at a location reaches the agents where the World has them);
//  2. the enemy fires on the game's fixed timer (every fireTicks ticks),
//     not in whichever frame crosses a time: the hit soldier loses health,
//     everyone near the impact hears Suppressed;
//  3. the dead are removed after the query, and an ark observer of
//     OnRemoveEntity reports each death at the body (AllyDown, LeaderDown
//     for the leader) to his squad and removes his agent;
//  4. the World advances one tick;
//  5. the changes are taken (World.TakeChanges) and written into the
//     entities, outside any query: their Mood, and a Fleeing component,
//     added and removed, while they rout. A listener could not do this:
//     ark panics on a component added while a query runs.

// The components of the ECS game.
type (
	// Pos is where a soldier stands; Vel where he walks.
	Pos struct{ X, Y float64 }
	Vel struct{ X, Y float64 }
	// Soldier is a soldier's agent, squad and health.
	Soldier struct {
		Agent  *morale.Agent
		Squad  morale.SquadID
		Health float64
		Leader bool
	}
	// Mood is what the game shows of a soldier's morale: written only
	// from the World's changes.
	Mood struct {
		State  morale.State
		Morale float64
	}
	// Fleeing marks a routed soldier: he walks away from the enemy.
	Fleeing struct{}
)

// tickSeconds is the game's fixed simulation tick; fireTicks the enemy's
// rate of fire in ticks.
const (
	tickSeconds = 1.0 / 60
	fireTicks   = 24
)

// ecsGame is a small battle: three squads of eight with a leader each,
// advancing on an enemy gun at x = 400.
type ecsGame struct {
	ecs      *ecs.World
	w        *morale.World
	entities []ecs.Entity // by agent tag
	soldiers *ecs.Filter3[Pos, Vel, Soldier]
	moods    *ecs.Map1[Mood]
	fleeing  *ecs.Map1[Fleeing]
	isFleer  *ecs.Filter1[Fleeing]
	changes  []morale.Change // reused every tick
	dead     []ecs.Entity    // scratch: the tick's dead
	ticks    int             // simulation ticks run
	acc      float64         // frame time not yet simulated
	until    int             // the ticks to run at most; 0: no end
	log      func(string)    // what the game says about its soldiers, or nil
	deaths   int
}

func newECSGame(log func(string)) *ecsGame {
	w, err := morale.NewWorld(morale.DefaultSettings(), 31)
	if err != nil {
		panic(err)
	}
	if err := w.RecordChanges(morale.ChangeOptions{Morale: true, Coalesce: true}); err != nil {
		panic(err)
	}
	g := &ecsGame{ecs: ecs.NewWorld(), w: w, log: log}
	g.soldiers = ecs.NewFilter3[Pos, Vel, Soldier](g.ecs)
	g.moods = ecs.NewMap1[Mood](g.ecs)
	g.fleeing = ecs.NewMap1[Fleeing](g.ecs)
	g.isFleer = ecs.NewFilter1[Fleeing](g.ecs)
	spawn := ecs.NewMap4[Pos, Vel, Soldier, Mood](g.ecs)
	for sq := range 3 {
		for k := range 8 {
			p := Pos{X: float64(k * 6), Y: float64(sq*60 + k%2*4)}
			tag := uint64(len(g.entities))
			opts := []morale.SpawnOption{morale.WithTag(tag)}
			if k == 0 {
				opts = append(opts, morale.AsLeader())
			}
			a := w.Spawn(morale.SquadID(sq), morale.Vec2{X: p.X, Y: p.Y}, opts...)
			e := spawn.NewEntity(&p, &Vel{X: 4}, &Soldier{Agent: a, Squad: morale.SquadID(sq), Health: 100, Leader: k == 0},
				&Mood{State: a.State(), Morale: a.Morale()})
			g.entities = append(g.entities, e)
		}
	}
	observeDeaths(g)
	return g
}

// observeDeaths registers the game's ark observer of deaths: when the game
// removes a soldier's entity, it reports his death where he fell, to his
// squad, then removes his agent.
func observeDeaths(g *ecsGame) {
	ecs.Observe2[Pos, Soldier](ecs.OnRemoveEntity).Do(func(e ecs.Entity, p *Pos, s *Soldier) {
		ev := morale.AllyDown
		if s.Leader {
			ev = morale.LeaderDown
		}
		if err := g.w.ReportEventAtLocation(ev, morale.Vec2{X: p.X, Y: p.Y}, 0, []morale.SquadID{s.Squad}, 1); err != nil {
			panic(err)
		}
		g.w.Remove(s.Agent)
		g.deaths++
	}).Register(g.ecs)
}

// frame runs the ticks that frame time dt completes.
func (g *ecsGame) frame(dt float64) {
	g.acc += dt
	for g.acc >= tickSeconds && (g.until == 0 || g.ticks < g.until) {
		g.acc -= tickSeconds
		g.tick()
	}
}

// tick is one fixed simulation tick (see the outline at the top).
func (g *ecsGame) tick() {
	g.ticks++
	moveSoldiers(g) // 1.
	// 2. The gun fires on the game's timer at the soldier nearest it.
	if g.ticks%fireTicks == 0 {
		var target *Soldier
		var at Pos
		best := math.Inf(1)
		q := g.soldiers.Query()
		for q.Next() {
			p, _, s := q.Get()
			if d := 400 - p.X + math.Abs(p.Y-60)/4; d < best && s.Health > 0 {
				best, target, at = d, s, *p
			}
		}
		if target != nil {
			target.Health -= 35
			if err := g.w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: at.X, Y: at.Y}, 0, nil, 1); err != nil {
				panic(err)
			}
		}
	}
	// 3. The dead leave after the query: the observer reports each death.
	g.dead = g.dead[:0]
	q := g.soldiers.Query()
	for q.Next() {
		if _, _, s := q.Get(); s.Health <= 0 {
			g.dead = append(g.dead, q.Entity())
		}
	}
	for _, e := range g.dead {
		g.ecs.RemoveEntity(e)
	}
	// 4 and 5. Advance, then write what changed into the entities.
	g.w.Advance(tickSeconds)
	applyChanges(g)
}

// moveSoldiers is the movement system: every soldier walks, the fleeing
// away from the gun, and the World gets each new position before any event
// is reported.
func moveSoldiers(g *ecsGame) {
	q := g.soldiers.Query()
	for q.Next() {
		p, v, s := q.Get()
		vx := v.X
		if g.fleeing.HasAll(q.Entity()) {
			vx = -2 * v.X
		} else if !s.Agent.IsFighting() {
			vx = 0 // panicked: frozen where he stands
		}
		p.X += vx * tickSeconds
		p.Y += v.Y * tickSeconds
		s.Agent.SetPosition(morale.Vec2{X: p.X, Y: p.Y})
	}
}

// applyChanges writes the World's changes into the entities, outside any
// query: this is where a structural change (adding Fleeing) is allowed.
func applyChanges(g *ecsGame) {
	g.changes = g.w.TakeChanges(g.changes[:0])
	for _, c := range g.changes {
		e := g.entities[c.Tag]
		if !g.ecs.Alive(e) {
			continue // a change before his death: his entity is gone
		}
		mood := g.moods.Get(e)
		if !c.IsState {
			mood.Morale = c.Morale
			continue
		}
		mood.State = c.New
		switch {
		case c.New == morale.Routed:
			g.fleeing.Add(e, &Fleeing{})
		case c.Old == morale.Routed:
			g.fleeing.Remove(e)
		}
		if g.log != nil && c.Tag%8 == 0 { // the leaders
			g.log(fmt.Sprintf("%.2fs leader of squad %d: %v → %v (%v)", float64(g.ticks)*tickSeconds, c.Tag/8, c.Old, c.New, c.Why))
		}
	}
}

// fleeingNow returns how many soldiers are Fleeing.
func (g *ecsGame) fleeingNow() int {
	q := g.isFleer.Query()
	defer q.Close()
	return q.Count()
}

// digest returns every soldier's entity, position and mood, bit for bit.
func (g *ecsGame) digest() []uint64 {
	var out []uint64
	for tag, e := range g.entities {
		if !g.ecs.Alive(e) {
			continue
		}
		p := ecs.NewMap1[Pos](g.ecs).Get(e)
		m := g.moods.Get(e)
		out = append(out, uint64(tag), math.Float64bits(p.X), math.Float64bits(p.Y), uint64(m.State), math.Float64bits(m.Morale))
	}
	return out
}

// TestECSGame runs the ECS game and checks its wiring by its outcomes:
// every entity's Mood is its agent's state and morale, Fleeing marks
// exactly the routed, the dead left both worlds, and the same fight at
// 30, 60 and 144 frames a second, and at random frame times, ends with
// the same bits.
func TestECSGame(t *testing.T) {
	const seconds = 40
	frames := []struct {
		name string
		dt   func(r *rand.Rand) float64
	}{
		{"60Hz", func(*rand.Rand) float64 { return 1.0 / 60 }},
		{"30Hz", func(*rand.Rand) float64 { return 1.0 / 30 }},
		{"144Hz", func(*rand.Rand) float64 { return 1.0 / 144 }},
		{"random", func(r *rand.Rand) float64 { return (0.2 + 2*r.Float64()) / 60 }},
	}
	var want []uint64
	for _, f := range frames {
		t.Run(f.name, func(t *testing.T) {
			routs := 0
			g := newECSGame(nil)
			g.until = seconds * 60
			r := rand.New(rand.NewPCG(1, 2))
			for g.ticks < g.until {
				g.frame(f.dt(r))
				routs += g.fleeingNow()
			}
			if g.deaths == 0 || routs == 0 {
				t.Fatalf("got %d deaths and %d fleeing soldier-ticks; want a fight with both", g.deaths, routs)
			}
			alive := 0
			for tag, e := range g.entities {
				if !g.ecs.Alive(e) {
					continue
				}
				alive++
				s := ecs.NewMap1[Soldier](g.ecs).Get(e)
				m := g.moods.Get(e)
				if p := ecs.NewMap1[Pos](g.ecs).Get(e); s.Agent.Position() != (morale.Vec2{X: p.X, Y: p.Y}) {
					t.Errorf("soldier %d: agent at %v; want the entity's %v", tag, s.Agent.Position(), *p)
				}
				if s.Agent.Removed() || s.Agent.Tag() != uint64(tag) {
					t.Errorf("soldier %d: agent removed %v, tag %d; want live, tag %d", tag, s.Agent.Removed(), s.Agent.Tag(), tag)
				}
				if m.State != s.Agent.State() || m.Morale != s.Agent.Morale() {
					t.Errorf("soldier %d: Mood %v %v; want the agent's %v %v", tag, m.State, m.Morale, s.Agent.State(), s.Agent.Morale())
				}
				if g.fleeing.HasAll(e) != (s.Agent.State() == morale.Routed) {
					t.Errorf("soldier %d: Fleeing %v; want %v (%v)", tag, g.fleeing.HasAll(e), !g.fleeing.HasAll(e), s.Agent.State())
				}
			}
			if g.w.Len() != alive || alive+g.deaths != len(g.entities) {
				t.Errorf("got %d agents, %d soldiers alive, %d dead of %d; want agents = alive = all − dead", g.w.Len(), alive, g.deaths, len(g.entities))
			}
			if g.w.ChangesDropped() != 0 {
				t.Errorf("got %d changes dropped; want 0", g.w.ChangesDropped())
			}
			got := g.digest()
			if want == nil {
				want = got
			} else if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("the fight at %s differs from the one at 60 Hz", f.name)
			}
		})
	}
}

// A morale World inside an ark ECS game: changes taken after each tick's
// Advance and written into the entities outside the queries (see ecsGame);
// the game logs its leaders' changes.
func Example_ecsGame() {
	g := newECSGame(func(s string) { fmt.Println(s) })
	for range 12 * 60 {
		g.frame(1.0 / 60)
	}
	fmt.Println("dead:", g.deaths, "fleeing now:", g.fleeingNow())
	// Output:
	// 2.50s leader of squad 1: Steady → Shaken (contagion)
	// 4.50s leader of squad 0: Steady → Shaken (contagion)
	// 4.50s leader of squad 1: Shaken → Panicked (contagion)
	// 5.00s leader of squad 2: Steady → Shaken (contagion)
	// 6.75s leader of squad 0: Shaken → Panicked (contagion)
	// 7.25s leader of squad 2: Shaken → Panicked (contagion)
	// 8.00s leader of squad 1: Panicked → Routed (rout timer)
	// 10.25s leader of squad 0: Panicked → Routed (rout timer)
	// 10.75s leader of squad 2: Panicked → Routed (rout timer)
	// dead: 10 fleeing now: 14
}

// TestECSListenerInQuery is why the game takes changes instead of
// listening: a listener that adds a component, called by ForceRout inside
// a query, makes ark panic ("locked world"); the same change taken after
// the query is applied.
func TestECSListenerInQuery(t *testing.T) {
	g := newECSGame(nil)
	g.w.OnStateChanged(func(a *morale.Agent, _, new morale.State, _ morale.Reason) {
		if new == morale.Routed {
			g.fleeing.Add(g.entities[a.Tag()], &Fleeing{})
		}
	})
	func() {
		q := g.soldiers.Query()
		defer func() {
			q.Close()
			if r := recover(); !strings.Contains(fmt.Sprint(r), "locked world") {
				t.Errorf("a listener adding a component inside a query: got panic %v; want ark's locked world", r)
			}
		}()
		for q.Next() {
			_, _, s := q.Get()
			s.Agent.ForceRout()
		}
	}()
	g2 := newECSGame(nil)
	q := g2.soldiers.Query()
	for q.Next() {
		_, _, s := q.Get()
		s.Agent.ForceRout()
	}
	applyChanges(g2)
	if got := g2.fleeingNow(); got != len(g2.entities) {
		t.Errorf("changes taken after the query: got %d fleeing; want %d", got, len(g2.entities))
	}
}
