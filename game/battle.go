package game

import (
	"math"
	"math/rand/v2"

	"github.com/moralebreak/moralebreak/morale"
)

// subPerTickX1 is the number of sub-ticks per Tick at speed ×1.
const subPerTickX1 = SubTicksPerSecond / TPS

// logCap is the number of lines Log keeps.
const logCap = 200

// shotCap bounds the tracers kept for Shots.
const shotCap = 1024

// blastCap bounds the shell impacts kept for Blasts.
const blastCap = 16

// Battle is one fight around a morale World: the World, the battle clock,
// the random sources, the tracers, shells, log and morale history every
// scene has, and the scene itself (Scene: the Opening or the Armies), which
// holds the rest. It has no Draw, reads no input and has no pause: it
// advances only through Tick, and changes only through Apply. A Session
// plays a Battle for a player (pause, speed, recording, rewind); the lab and
// tools may run one alone, as fast as they like. A Battle is not safe for
// concurrent use.
type Battle struct {
	cfg      Config
	settings morale.Settings
	world    *morale.World
	rng      *rand.Rand // battle decisions
	cosmetic *rand.Rand // looks only: bark choice, tracer scatter
	now      int64      // sub-ticks since the start (or Restart)
	debug    bool

	// The sources of rng and cosmetic, kept so that a copy (clone) can copy
	// them.
	rngSrc, cosmeticSrc *rand.PCG

	shots   ring[shot]     // the last shotCap tracers
	blasts  ring[blast]    // the last blastCap shell impacts
	log     ring[logEntry] // the last logCap lines
	history History

	squads []morale.SquadID // the squad filter of events at a location: nil reaches every squad, an empty list none
	fault  error            // the first report the World refused during a Tick
	// atDeath is the last explanation of every soldier who fell (Why).
	atDeath map[int]morale.Explanation
	scene   Scene
	// version counts the sub-ticks run and the commands applied: what a
	// cached explanation (Session.Why) depends on.
	version uint64

	// Who listens: not the battle's state, and not in a copy (clone).
	listeners []func(Report)
	changed   func(id int, name string, from, to morale.State) // a Session's hook for its Events
}

// NewBattle builds a battle from cfg and, when cfg.Opening is set, starts the
// opening at simulated time 0. It fails on an invalid config or settings.
func NewBattle(cfg Config) (*Battle, error) {
	cfg, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	return newBattle(cfg)
}

// newBattle is NewBattle for a normalized config.
func newBattle(cfg Config) (*Battle, error) {
	b := &Battle{cfg: cfg,
		shots: newRing[shot](shotCap), blasts: newRing[blast](blastCap), log: newRing[logEntry](logCap)}
	if err := b.reset(cfg.Settings); err != nil {
		return nil, err
	}
	return b, nil
}

// reset (re)builds the battle from b.cfg with settings s: a new World, the
// random sources seeded again, and a new scene.
func (b *Battle) reset(s morale.Settings) error {
	w, err := morale.NewWorld(s, b.cfg.Seed)
	if err != nil {
		return badSettings(err) // s was validated: New and SetSettings check it
	}
	if err := b.enableLedger(w); err != nil {
		return err // cannot happen: the options are constants
	}
	b.settings = s.Clone()
	b.world = w
	b.rngSrc = rand.NewPCG(b.cfg.Seed, 0x6261747469636c65)
	b.cosmeticSrc = rand.NewPCG(b.cfg.Seed, 0x636f736d65746963)
	b.rng, b.cosmetic = rand.New(b.rngSrc), rand.New(b.cosmeticSrc)
	b.now = 0
	b.shots.clear()
	b.blasts.clear()
	b.history = History{}
	b.log.clear()
	b.fault = nil
	b.version++
	switch b.cfg.Scene {
	case SceneArmies:
		b.scene = newArmies(b)
	case SceneScenario:
		b.scene = newScenario(b)
	default:
		b.scene = newOpening(b)
	}
	return nil
}

// OnReport registers fn to be called with every report the battle makes to
// the morale World, synchronously, in order. Listeners survive Restart.
func (b *Battle) OnReport(fn func(Report)) {
	if fn != nil {
		b.listeners = append(b.listeners, fn)
	}
}

// Tick advances the battle by one fixed tick of 1/TPS s of simulated time
// (the speed ×1 of a Session), run as whole sub-ticks of
// 1/SubTicksPerSecond s.
func (b *Battle) Tick() {
	for range subPerTickX1 {
		b.subtick()
	}
}

// subtick advances the battle by 1/SubTicksPerSecond s.
func (b *Battle) subtick() {
	b.now++
	b.version++
	b.scene.step()
}

// seconds converts a duration in seconds to sub-ticks (rounded).
func seconds(s float64) int64 { return int64(math.Round(s * SubTicksPerSecond)) }

// Time returns the simulated time since the start (or the last Restart), in
// seconds.
func (b *Battle) Time() float64 { return float64(b.now) / SubTicksPerSecond }

// Debug reports whether the debug overlay (MoraleBreak.Debug) is on.
func (b *Battle) Debug() bool { return b.debug }

// Settings returns the live morale settings. The Weights map is shared: do
// not modify it; Clone before editing.
func (b *Battle) Settings() morale.Settings { return b.settings }

// Field returns the battlefield size in cm; (0, 0) is its top-left corner.
// The opening's is 6000 × 3600 (the squad starts on the left, the enemy line
// holds the right), the armies' 60000 × 34000.
func (b *Battle) Field() morale.Vec2 { return b.scene.field() }

// Scene returns the scene the battle plays: *Opening, *Armies or *Scenario.
func (b *Battle) Scene() Scene { return b.scene }

// History returns the morale history for the timeline panel.
func (b *Battle) History() *History { return &b.history }

// SoldierAt returns the living soldier nearest to field point p, for
// clicks: in the opening a soldier within HitRadius cm (an ID of
// Opening.Soldiers), in the armies a man within 3 × HitRadius (an index of
// Armies.AppendMen). Kill and ForceRout take these IDs.
func (b *Battle) SoldierAt(p morale.Vec2) (id int, ok bool) { return b.scene.soldierAt(p) }

// SquadAt returns the squad of the armies scene whose living men are
// nearest to field point p, within 20 m of its anchor; ok is false in the
// opening (which has no squads to select), id 0 when no squad is near.
func (b *Battle) SquadAt(p morale.Vec2) (id morale.SquadID, ok bool) { return b.scene.squadAt(p) }

// Log returns the most recent log lines (at most 200), oldest first, each
// stamped with its simulated time, in a new slice. Lines are formatted here,
// not when they happen, so that ticks do not allocate; Log changes nothing
// in b.
func (b *Battle) Log() []string {
	out := make([]string, 0, b.log.len())
	for i := range b.log.len() {
		out = append(out, b.formatLog(b.log.at(i)))
	}
	return out
}

// emit hands r to the report listeners.
func (b *Battle) emit(r Report) {
	for _, fn := range b.listeners {
		fn(r)
	}
}

// Err returns the first report the morale World refused during a Tick, or
// nil. It is nil unless the battle has a bug: every report goes to a living
// soldier (the dead have left the World) with a finite, non-negative scale,
// at a finite point on the field, and nothing else makes the World refuse
// one (TestNoReportRefused runs minutes of battle to show it). The ui shows
// it in a banner. Restart clears it.
func (b *Battle) Err() error { return b.fault }

// fail keeps err as the Tick's fault, if it is the first.
func (b *Battle) fail(err error) {
	if b.fault == nil && err != nil {
		b.fault = err
	}
}

// reportAt reports event e at a location to the battle's squads, with the
// default reach.
func (b *Battle) reportAt(e morale.Event, at morale.Vec2, scale float64) error {
	b.scene.sync()
	if err := b.world.ReportEventAtLocation(e, at, 0, b.squads, scale); err != nil {
		return err
	}
	if len(b.listeners) > 0 {
		b.emit(Report{T: b.Time(), Event: e, ID: -1, At: at, Scale: scale})
	}
	return nil
}

// stateChanged tells the session's hook, if any, that soldier id (name)
// went from one state to another.
func (b *Battle) stateChanged(id int, name string, from, to morale.State) {
	if b.changed != nil {
		b.changed(id, name, from, to)
	}
}

// shellScaled lands a shell at p reporting Suppressed × scale. An error of
// the report (p not finite, scale negative) changes nothing.
func (b *Battle) shellScaled(p morale.Vec2, scale float64) error {
	if err := b.reportAt(morale.Suppressed, p, scale); err != nil {
		return err
	}
	b.blasts.push(blast{at: p, t: b.now})
	b.logf("A shell lands at (%.0f, %.0f).", p.X, p.Y)
	return nil
}

// rallyAll rallies every squad.
func (b *Battle) rallyAll() {
	for _, id := range b.world.SquadIDs() {
		b.world.RallySquad(id)
	}
	b.logf("Rally! Every soldier is Steady.")
}

// addShot records a tracer.
func (b *Battle) addShot(from, to morale.Vec2, hit, byEnemy bool) {
	b.shots.push(shot{from: from, to: to, at: b.now, hit: hit, enemy: byEnemy})
}

// between returns a uniform number in a..b from the battle source.
func (b *Battle) between(lo, hi float64) float64 { return lo + b.rng.Float64()*(hi-lo) }

// Shots returns the tracers of the last ShotSeconds, oldest first, in a new
// slice. AppendShots reuses the caller's.
func (b *Battle) Shots() []ShotView { return b.AppendShots(nil) }

// AppendShots appends the tracers of the last ShotSeconds to dst, oldest
// first, and returns it. It changes nothing in b.
func (b *Battle) AppendShots(dst []ShotView) []ShotView {
	life := seconds(ShotSeconds)
	for i := range b.shots.len() {
		sh := b.shots.at(i)
		if b.now-sh.at >= life {
			continue
		}
		dst = append(dst, ShotView{
			From: sh.from, To: sh.to, Hit: sh.hit, Enemy: sh.enemy,
			Age: float64(b.now-sh.at) / SubTicksPerSecond,
		})
	}
	return dst
}

// Blasts returns the shell impacts of the last BlastSeconds, newest first, in
// a new slice. AppendBlasts reuses the caller's.
func (b *Battle) Blasts() []BlastView { return b.AppendBlasts(nil) }

// AppendBlasts appends the shell impacts of the last BlastSeconds to dst,
// newest first, and returns it. It changes nothing in b.
func (b *Battle) AppendBlasts(dst []BlastView) []BlastView {
	out := dst
	for i := b.blasts.len() - 1; i >= 0; i-- { // newest first
		bl := b.blasts.at(i)
		if age := float64(b.now-bl.t) / SubTicksPerSecond; age >= 0 && age < BlastSeconds {
			out = append(out, BlastView{At: bl.at, Age: age})
		}
	}
	return out
}

// digest writes the battle's exact bits through put: its clock, the scene's
// soldiers, and every agent of the World's morale and state.
func (b *Battle) digest(put func(uint64)) {
	put(uint64(b.now))
	b.scene.digest(put)
	put(uint64(b.world.Len()))
	for a := range b.world.Agents() {
		put(math.Float64bits(a.Morale()))
		put(uint64(a.State()))
	}
}
