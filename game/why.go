package game

import (
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/morale"
)

// WhyWindow is how far back, in seconds of simulated time, Why explains at
// least: the timeline's window. It reaches further back for a soldier who
// is not Steady, to the step in which he last left Steady, so that the
// news that began his fall is always among its causes.
const WhyWindow = HistoryWindow

// ShownSinceBadNews is the time since the last bad news as the demo says
// it, in the Why panel and in the console's MoraleBreak.Why alike: in
// tenths of a second, rounded down (+Inf, none, stays +Inf). The sentence
// would print it to the hundredth, which changes every frame, and the panel
// is rebuilt only when what it shows changes: tenths keep it true as it
// counts up (3.9 s ago: not yet 4, so a RecoveryDelaySeconds of 4 has not
// passed) at ten rebuilds a second at most, where hundredths drawn twice a
// second read up to half a second late.
func ShownSinceBadNews(v float64) float64 {
	return math.Floor(v*10+1e-6) / 10 // 1e-6: a whole tenth held as 0.29999…
}

// whyPerAgent bounds each soldier's ledger ring (morale changes and state
// changes each), which keeps his whole record; crowds (more than whyCrowd
// soldiers) get whyPerAgentCrowd and keep whyCrowdWindow seconds.
// Contagion and recovery are merged into runs: a soldier of the opening
// under fire adds about 20 entries in 30 s, so his ring holds six minutes
// of it. The ledger's memory is at most 128 bytes per entry
// (morale.World.EnableLedger): 32 KB a soldier, or 8 KB for each of a crowd
// of up to MaxSoldiers (40 MB at 5000, reached only by a crowd under fire
// for two minutes; rings grow as they fill). A full ring forgets its oldest
// entries first: the explanation then reaches back less far.
const (
	whyPerAgent      = 256
	whyPerAgentCrowd = 64
	whyCrowd         = 100
	whyCrowdWindow   = 4 * WhyWindow
)

// whyCache is a session's last explanation (Session.Why): a panel may ask
// for it every frame.
type whyCache struct {
	ok  bool
	key whyKey
	x   morale.Explanation
}

// whyKey is what a cached explanation depends on: the soldier, the battle
// (the session's gen counts its battles) and the battle's version (every
// sub-tick and command: a settings change while paused changes the
// sentence's numbers without a tick).
type whyKey struct {
	id           int
	gen, version uint64
}

// enableLedger turns on the cause ledger of the freshly built World w and
// forgets the explanations of the World before it. reset calls it, so every
// rebuild (Restart, Rewind.To, a replay) has the ledger on. The armies scene
// has no soldiers for Why to explain, so nothing would read its ledger: it
// stays off there (its morale is the same to the bit either way,
// TestArmiesLedgerChangesNoBit; off, a second of the scene runs 3–4 times
// as fast, BenchmarkArmiesSecond, and its rewind snapshots take 1.8 MB,
// not 50 to 180).
func (b *Battle) enableLedger(w *morale.World) error {
	clear(b.atDeath)
	men := b.cfg.Soldiers
	if b.cfg.Scene == SceneScenario {
		men = b.cfg.Scenario.Men()
	}
	if b.cfg.Scene == SceneArmies || men > scenarioLedgerMen {
		return nil
	}
	opt := morale.LedgerOptions{PerAgent: whyPerAgent, Window: math.Inf(1)}
	if men > whyCrowd {
		opt = morale.LedgerOptions{PerAgent: whyPerAgentCrowd, Window: whyCrowdWindow}
	}
	return w.EnableLedger(opt)
}

// explain returns agent a's explanation as Why gives it: over the last
// WhyWindow seconds, or, when he is not Steady, from the start of the step
// in which he last left Steady (the whole record when it holds no such
// change), whichever reaches further back.
func (b *Battle) explain(a *morale.Agent) (morale.Explanation, error) {
	all, err := b.world.ExplainWindow(a, math.Inf(1))
	if err != nil || all.State == morale.Steady {
		if err == nil {
			return b.world.ExplainWindow(a, WhyWindow)
		}
		return all, err
	}
	since := math.Inf(-1)
	for i := len(all.States) - 1; i >= 0; i-- {
		if all.States[i].From == morale.Steady {
			since = all.States[i].At - b.settings.SquadUpdateInterval
			break
		}
	}
	switch {
	case math.IsInf(since, -1):
		return all, nil
	case all.Now-since <= WhyWindow:
		return b.world.ExplainWindow(a, WhyWindow)
	}
	return b.world.ExplainWindow(a, all.Now-since)
}

// Why returns soldier id's explanation (morale.World.ExplainWindow over
// the last WhyWindow seconds, or back to when he was last Steady: see
// WhyWindow): his morale now, what moved it summed by cause, and his state
// changes with their reasons. For a dead soldier it is the one kept
// as he fell (its Now is the time of his death). ok is false for an id
// that is not one of the scene's soldiers (the armies have none). Why
// changes nothing in the battle and computes the explanation on every call
// (Session.Why caches it). The slices of x belong to the battle: read, do
// not modify.
func (b *Battle) Why(id int) (x morale.Explanation, ok bool) {
	a, _, ok := b.scene.soldierOf(id)
	switch {
	case !ok:
		return morale.Explanation{}, false
	case a == nil:
		x, ok = b.atDeath[id]
		return x, ok
	}
	x, err := b.explain(a)
	if err != nil {
		return morale.Explanation{}, false // cannot happen: the ledger is on and he is alive
	}
	return x, true
}

// Why is Battle.Why, computed at most once per sub-tick (and command) for
// the same soldier, so a panel may call it every frame.
func (s *Session) Why(id int) (x morale.Explanation, ok bool) {
	k := whyKey{id: id, gen: s.gen, version: s.b.version}
	if s.why.ok && s.why.key == k {
		return s.why.x, true
	}
	if x, ok = s.b.Why(id); ok {
		s.why = whyCache{ok: true, key: k, x: x}
	}
	return x, ok
}

// ChangeReason returns why state change c of the History happened, as one
// line: "Eriksen: Panicked → Routed at 10.50 s: Panicked for 3.50 s
// (RoutAfterSeconds 3.5)". The reason comes from the soldier's ledger
// (Why); a change the ledger no longer holds gets the line without it.
func (b *Battle) ChangeReason(c Change) string {
	_, name, ok := b.scene.soldierOf(c.ID)
	if !ok {
		name = fmt.Sprintf("soldier %d", c.ID)
	}
	head := fmt.Sprintf("%s: %v → %v at %.2f s", name, c.From, c.To, c.T)
	x, ok := b.Why(c.ID)
	if !ok {
		return head
	}
	if r, ok := StateReason(x, c); ok {
		return head + ": " + r
	}
	return head
}

// StateReason finds state change c (a History change: its soldier's time,
// from and to) among x.States and returns its reason in the settings'
// words (morale.Explanation.StateReason); ok is false when x does not hold
// it. It is pure: the timeline's tooltip and ChangeReason use it.
func StateReason(x morale.Explanation, c Change) (string, bool) {
	for i := len(x.States) - 1; i >= 0; i-- {
		s := x.States[i]
		if s.From == c.From && s.To == c.To && math.Abs(s.At-c.T) < 0.5/SubTicksPerSecond {
			return x.StateReason(s), true
		}
	}
	return "", false
}
