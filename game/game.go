package game

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/moralebreak/moralebreak/morale"
)

// Field size, in cm.
const (
	fieldW = 6000.0
	fieldH = 3600.0
)

// subPerTickX1 is the number of sub-ticks per Tick at speed ×1.
const subPerTickX1 = SubTicksPerSecond / TPS

// logCap is the number of lines Log keeps.
const logCap = 200

// shotCap bounds the tracers kept for Shots.
const shotCap = 1024

// blastCap bounds the shell impacts kept for Blasts.
const blastCap = 16

// Game is the battle around a morale World: a squad, the enemy line, cover,
// a rally flag, the opening script, commands and the console. It has no Draw
// and reads no input; the simulation advances only through Tick (and Step).
// A Game is not safe for concurrent use.
type Game struct {
	cfg      Config
	settings morale.Settings
	world    *morale.World
	rng      *rand.Rand // battle decisions
	cosmetic *rand.Rand // looks only: bark choice, tracer scatter
	now      int64      // sub-ticks since the start

	// The sources of rng and cosmetic, kept so that a snapshot can copy
	// them (snapshot.go).
	rngSrc, cosmeticSrc *rand.PCG

	subPerTick int
	paused     bool
	debug      bool

	soldiers []soldier
	byAgent  map[*morale.Agent]int
	alive    int
	leader   int // id of the leader, -1 when none
	enemies  []enemy
	foes     int     // living enemies
	front    float64 // x of the foremost living enemy
	cover    []Rect
	rally    morale.Vec2

	shots  ring[shot]     // the last shotCap tracers
	blasts ring[blast]    // the last blastCap shell impacts
	log    ring[logEntry] // the last logCap lines

	history History

	beats    []Beat
	nextBeat int
	squads   []morale.SquadID // the squad filter, kept to avoid allocating

	listeners []func(Report)
	fault     error // the first report the World refused during a Tick

	session int64     // sub-ticks since New; Restart does not reset it
	entries []Entry   // the session's recording: every command applied
	play    *playback // a replay being played, or nil
	events  []StateEvent
	wi      *whatIf // a rewind (RewindTo) in progress, or nil
	armies  *armies // the armies scene (armies.go); nil in the opening
	why     whyState
	snaps   snapshots // the rewind's snapshots of this session (snapshot.go)
}

// New builds a battle from cfg and, when cfg.Opening is set, starts the
// opening at simulated time 0. It fails on an invalid config or settings.
func New(cfg Config) (*Game, error) {
	cfg, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg, subPerTick: subPerTickX1,
		shots: newRing[shot](shotCap), blasts: newRing[blast](blastCap), log: newRing[logEntry](logCap)}
	if err := g.reset(cfg.Settings); err != nil {
		return nil, err
	}
	return g, nil
}

// reset (re)builds the battle from g.cfg with settings s.
func (g *Game) reset(s morale.Settings) error {
	w, err := morale.NewWorld(s, g.cfg.Seed)
	if err != nil {
		return badSettings(err) // s was validated: New and SetSettings check it
	}
	if err := g.enableLedger(w); err != nil {
		return err // cannot happen: the options are constants
	}
	g.settings = s.Clone()
	g.world = w
	g.rngSrc = rand.NewPCG(g.cfg.Seed, 0x6261747469636c65)
	g.cosmeticSrc = rand.NewPCG(g.cfg.Seed, 0x636f736d65746963)
	g.rng, g.cosmetic = rand.New(g.rngSrc), rand.New(g.cosmeticSrc)
	g.now = 0
	g.soldiers = g.soldiers[:0]
	g.byAgent = make(map[*morale.Agent]int, g.cfg.Soldiers)
	g.alive, g.leader = 0, -1
	g.enemies = g.enemies[:0]
	g.shots.clear()
	g.blasts.clear()
	g.history = History{}
	g.log.clear()
	g.squads = []morale.SquadID{PlayerSquad}
	g.rally = morale.Vec2{X: 450, Y: fieldH / 2}
	g.cover = fieldCover()
	g.beats, g.nextBeat = nil, 0
	g.fault = nil
	if g.armies = nil; g.cfg.Scene == SceneArmies {
		g.buildArmies()
		return nil
	}

	opening := g.cfg.Opening && g.cfg.Soldiers >= openingSoldiers
	for i := 0; i < g.cfg.Soldiers; i++ {
		pos, home := formation(i, g.cfg.Soldiers)
		var opts []morale.SpawnOption
		if i == 0 {
			opts = append(opts, morale.AsLeader())
		}
		if opening && i < openingSoldiers {
			opts = append(opts, morale.WithNerve(openingNerves(i)))
		}
		g.spawn(pos, home, opts...)
	}
	g.spawnEnemies()
	g.listen()
	if opening {
		g.beats = OpeningBeats()
	}
	g.sampleAll()
	g.logf("Seed %d: %d soldiers against %d riflemen.", g.cfg.Seed, g.cfg.Soldiers, len(g.enemies))
	return nil
}

// OnReport registers fn to be called with every report the battle makes to
// the morale World, synchronously, in order. Listeners survive Restart.
func (g *Game) OnReport(fn func(Report)) {
	if fn != nil {
		g.listeners = append(g.listeners, fn)
	}
}

// Tick advances the battle by one fixed tick: 1/TPS s × Speed() of simulated
// time, run as whole sub-ticks of 1/SubTicksPerSecond s. It does nothing
// while paused.
func (g *Game) Tick() {
	if g.paused {
		return
	}
	for i := 0; i < g.subPerTick && !g.paused && !g.replayHolds(); i++ {
		g.subtick()
	}
}

// subtick advances the battle by 1/SubTicksPerSecond s, in either scene,
// then applies the replay's commands due (playDue).
func (g *Game) subtick() {
	g.session++
	if g.armies != nil {
		g.armiesSubtick()
	} else {
		g.openingSubtick()
	}
	g.playDue()
	g.snapshotDue()
}

// openingSubtick is subtick's work in the opening's scene.
func (g *Game) openingSubtick() {
	g.now++
	g.runOpening()
	g.updateEnemies()
	g.updateSoldiers()
	// 1/240 s is a whole number of the World's clock ticks (flicks), so
	// its clock stays exactly ours.
	g.world.Advance(1.0 / SubTicksPerSecond)
	if g.now%(SubTicksPerSecond*HistoryInterval) == 0 {
		g.sampleAll()
	} else {
		g.history.advance(g.Time())
	}
}

// sampleAll records every living soldier's morale in the history.
func (g *Game) sampleAll() {
	t := g.Time()
	g.history.advance(t)
	for i := range g.soldiers {
		if s := &g.soldiers[i]; s.alive {
			g.history.sample(i, t, s.agent.Morale())
		}
	}
}

// seconds converts a duration in seconds to sub-ticks (rounded).
func seconds(s float64) int64 { return int64(math.Round(s * SubTicksPerSecond)) }

// Time returns the simulated time since the start (or the last Restart), in
// seconds.
func (g *Game) Time() float64 { return float64(g.now) / SubTicksPerSecond }

// Paused reports whether the simulation is paused.
func (g *Game) Paused() bool { return g.paused }

// Speed returns the simulation speed factor (0.25, 1 or 4; any multiple of
// 0.25 up to 8 is possible).
func (g *Game) Speed() float64 { return float64(g.subPerTick) / subPerTickX1 }

// Debug reports whether the debug overlay (MoraleBreak.Debug) is on.
func (g *Game) Debug() bool { return g.debug }

// Settings returns the live morale settings (while the rewind cursor is
// set, the settings Resume will continue with). The Weights map is shared:
// do not modify it; Clone before editing.
func (g *Game) Settings() morale.Settings {
	if g.wi != nil && g.wi.cursor {
		return g.wi.current
	}
	return g.settings
}

// Field returns the battlefield size in cm (6000 × 3600); (0, 0) is its
// top-left corner, the squad starts on the left and the enemy line holds the
// right.
func (g *Game) Field() morale.Vec2 {
	if g.armies != nil {
		return morale.Vec2{X: armyFieldW, Y: armyFieldH}
	}
	return morale.Vec2{X: fieldW, Y: fieldH}
}

// RallyPoint returns the position of the rally flag, in cm.
func (g *Game) RallyPoint() morale.Vec2 { return g.rally }

// Cover returns the pieces of cover on the field. Do not modify.
func (g *Game) Cover() []Rect { return g.cover }

// History returns the morale history for the timeline panel.
func (g *Game) History() *History { return &g.history }

// Soldiers returns a view of every soldier, dead ones included, indexed by
// ID, in a new slice. AppendSoldiers reuses the caller's.
func (g *Game) Soldiers() []SoldierView { return g.AppendSoldiers(nil) }

// AppendSoldiers appends a view of every soldier, dead ones included, to dst
// in ID order and returns it. It changes nothing in g.
func (g *Game) AppendSoldiers(dst []SoldierView) []SoldierView {
	for i := range g.soldiers {
		s := &g.soldiers[i]
		v := SoldierView{
			ID: i, Name: s.name, Leader: s.leader, Alive: s.alive, Pos: s.pos,
			Facing: math.Atan2(s.dir.Y, s.dir.X), Health: s.health,
			Firing: s.alive && g.now-s.firedAt < firingTicks,
		}
		if s.alive {
			v.Morale, v.Nerve, v.State = s.agent.Morale(), s.agent.Nerve(), s.agent.State()
		} else {
			v.Nerve = s.nerve
		}
		if s.bark != "" {
			age := float64(g.now-s.barkAt) / SubTicksPerSecond
			if age < BarkSeconds {
				v.Bark, v.BarkAge = s.bark, age
			}
		}
		dst = append(dst, v)
	}
	return dst
}

// Enemies returns a view of the enemy line in a new slice. AppendEnemies
// reuses the caller's.
func (g *Game) Enemies() []EnemyView { return g.AppendEnemies(nil) }

// AppendEnemies appends a view of the enemy line to dst in ID order and
// returns it. It changes nothing in g.
func (g *Game) AppendEnemies(dst []EnemyView) []EnemyView {
	for i := range g.enemies {
		e := &g.enemies[i]
		dst = append(dst, EnemyView{
			ID: i, Pos: e.pos, Alive: e.alive, Facing: e.facing,
			Firing: e.alive && g.now-e.firedAt < firingTicks,
		})
	}
	return dst
}

// Shots returns the tracers of the last ShotSeconds, oldest first, in a new
// slice. AppendShots reuses the caller's.
func (g *Game) Shots() []ShotView { return g.AppendShots(nil) }

// AppendShots appends the tracers of the last ShotSeconds to dst, oldest
// first, and returns it. It changes nothing in g.
func (g *Game) AppendShots(dst []ShotView) []ShotView {
	life := seconds(ShotSeconds)
	for i := range g.shots.len() {
		sh := g.shots.at(i)
		if g.now-sh.at >= life {
			continue
		}
		dst = append(dst, ShotView{
			From: sh.from, To: sh.to, Hit: sh.hit, Enemy: sh.enemy,
			Age: float64(g.now-sh.at) / SubTicksPerSecond,
		})
	}
	return dst
}

// SoldierAt returns the living soldier nearest to field point p within
// HitRadius cm, for clicks.
func (g *Game) SoldierAt(p morale.Vec2) (id int, ok bool) {
	if g.armies != nil {
		return g.armyManAt(p)
	}
	best := HitRadius
	id = -1
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if !s.alive {
			continue
		}
		if d := s.pos.Dist(p); d <= best {
			best, id = d, i
		}
	}
	return id, id >= 0
}

// Log returns the most recent log lines (at most 200), oldest first, each
// stamped with its simulated time, in a new slice. Lines are formatted here,
// not when they happen, so that ticks do not allocate; Log changes nothing
// in g.
func (g *Game) Log() []string {
	out := make([]string, 0, g.log.len())
	for i := range g.log.len() {
		out = append(out, g.formatLog(g.log.at(i)))
	}
	return out
}

// emit hands r to the report listeners.
func (g *Game) emit(r Report) {
	for _, fn := range g.listeners {
		fn(r)
	}
}

// Err returns the first report the morale World refused during a Tick, or
// nil. It is nil unless the battle has a bug: every report goes to a living
// soldier (the dead have left the World) with a finite, non-negative scale,
// at a finite point on the field, and nothing else makes the World refuse
// one (TestNoReportRefused runs minutes of battle to show it). The ui shows
// it in a banner. Restart clears it.
func (g *Game) Err() error { return g.fault }

// fail keeps err as the Tick's fault, if it is the first.
func (g *Game) fail(err error) {
	if g.fault == nil && err != nil {
		g.fault = err
	}
}

// reportTo reports event e with scale to soldier id, a living soldier. A
// report the World refuses goes to Err (see there why none is).
func (g *Game) reportTo(id int, e morale.Event, scale float64) {
	s := &g.soldiers[id]
	if err := s.agent.ReportEvent(e, scale); err != nil {
		g.fail(fmt.Errorf("game: %s to %s: %w", e, s.name, err))
		return
	}
	if len(g.listeners) > 0 {
		g.emit(Report{T: g.Time(), Event: e, ID: id, At: s.pos, Scale: scale})
	}
}

// reportAt reports event e at a location to the squad, with the default reach.
func (g *Game) reportAt(e morale.Event, at morale.Vec2, scale float64) error {
	g.syncPositions()
	if err := g.world.ReportEventAtLocation(e, at, 0, g.squads, scale); err != nil {
		return err
	}
	if len(g.listeners) > 0 {
		g.emit(Report{T: g.Time(), Event: e, ID: -1, At: at, Scale: scale})
	}
	return nil
}

// reportSquad reports event e to every living soldier.
func (g *Game) reportSquad(e morale.Event, scale float64) {
	for i := range g.soldiers {
		if g.soldiers[i].alive {
			g.reportTo(i, e, scale)
		}
	}
}

// onStateChanged is the World's state listener: barks, history, log.
func (g *Game) onStateChanged(a *morale.Agent, old, new morale.State, why morale.Reason) {
	id, ok := g.byAgent[a]
	if !ok {
		return
	}
	s := &g.soldiers[id]
	s.bark = barkLine(old, new, g.cosmetic.IntN(barkVariants))
	s.barkAt = g.now
	g.history.change(Change{T: g.Time(), ID: id, From: old, To: new})
	g.addEvent(StateEvent{Tick: g.session, T: g.Time(), ID: id, Name: s.name, From: old, To: new})
	g.addLog(logEntry{at: g.now, kind: logState, id: id, from: old, to: new, why: why})
}

// listen registers the battle's listeners on its World, once per World
// (reset, and restore for a cloned one, whose listeners Clone leaves
// out): the opening's scene hears every state change; the armies read
// their men's states each combat round instead.
func (g *Game) listen() {
	if g.armies == nil {
		g.world.OnStateChanged(g.onStateChanged)
	}
}
