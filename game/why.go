package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// WhyWindow is how far back, in seconds of simulated time, the battle's
// cause ledger reaches and Why explains: the timeline's window.
const WhyWindow = HistoryWindow

// whyPerAgent bounds each soldier's ledger ring (morale changes and state
// changes each); crowds (more than whyCrowd soldiers) get whyPerAgentCrowd.
// Contagion and recovery are merged into runs, so 30 s of the opening stays
// well under either. The ledger's memory is at most 128 bytes per entry
// (morale.World.EnableLedger): 32 KB a soldier, or 8 KB for each of a crowd
// of up to MaxSoldiers (40 MB at 5000, reached only by a crowd under fire
// for 30 s; rings grow as they fill). A full ring forgets its oldest entries
// first: the explanation then reaches back less than WhyWindow.
const (
	whyPerAgent      = 256
	whyPerAgentCrowd = 64
	whyCrowd         = 100
)

// whyState is the battle's side of the inspector: the soldier selected in
// the demo, the explanation last computed (Why caches one), and the last
// explanation of every soldier who fell.
type whyState struct {
	selected    int
	hasSelected bool

	gen     uint64 // bumped by every rebuild of the World
	cached  bool
	key     whyKey
	x       morale.Explanation
	atDeath map[int]morale.Explanation
}

// whyKey is what a cached explanation depends on: the soldier, the World
// (gen), the sub-tick and the commands applied so far (a settings change
// while paused changes the sentence's numbers without a tick).
type whyKey struct {
	id      int
	gen     uint64
	session int64
	entries int
}

// enableLedger turns on the cause ledger of the freshly built World w and
// forgets the explanations of the World before it. reset calls it, so every
// rebuild (Restart, RewindTo, a replay) has the ledger on. The armies scene
// has no soldiers for Why to explain, so nothing would read its ledger: it
// stays off there (its morale is the same to the bit either way,
// TestArmiesLedgerChangesNoBit; off, a second of the scene runs 3–4 times
// as fast, BenchmarkArmiesSecond, and its rewind snapshots take 1.8 MB,
// not 50 to 180).
func (g *Game) enableLedger(w *morale.World) error {
	g.why.gen++
	g.why.cached = false
	clear(g.why.atDeath)
	if g.cfg.Scene == SceneArmies {
		return nil
	}
	per := whyPerAgent
	if g.cfg.Soldiers > whyCrowd {
		per = whyPerAgentCrowd
	}
	return w.EnableLedger(morale.LedgerOptions{PerAgent: per, Window: WhyWindow})
}

// keepWhy keeps soldier id's explanation as he falls (before he leaves the
// World), for Why and MoraleBreak.Why after his death.
func (g *Game) keepWhy(id int) {
	x, err := g.world.Explain(g.soldiers[id].agent)
	if err != nil {
		return // the ledger is always on and he is still in the World
	}
	if g.why.atDeath == nil {
		g.why.atDeath = make(map[int]morale.Explanation)
	}
	g.why.atDeath[id] = x
}

// Why returns soldier id's explanation (morale.World.Explain over the last
// WhyWindow seconds): his morale now, what moved it summed by cause, and his
// state changes with their reasons. For a dead soldier it is the one kept
// as he fell (its Now is the time of his death). ok is false for an unknown
// id. Why changes nothing in the battle; it computes at most once per
// sub-tick (and command) for the same soldier, so a panel may call it
// every frame. The slices of x belong to the battle: read, do not modify.
func (g *Game) Why(id int) (x morale.Explanation, ok bool) {
	if id < 0 || id >= len(g.soldiers) {
		return morale.Explanation{}, false
	}
	s := &g.soldiers[id]
	if !s.alive {
		x, ok = g.why.atDeath[id]
		return x, ok
	}
	k := whyKey{id: id, gen: g.why.gen, session: g.session, entries: len(g.entries)}
	if g.why.cached && g.why.key == k {
		return g.why.x, true
	}
	x, err := g.world.Explain(s.agent)
	if err != nil {
		return morale.Explanation{}, false // cannot happen: the ledger is on and he is alive
	}
	g.why.cached, g.why.key, g.why.x = true, k, x
	return x, true
}

// SetSelected tells the battle which soldier the demo has selected (ok
// false: none); MoraleBreak.Why with no name explains him. It is not a
// command: it changes nothing in the battle and is not recorded. Restart
// and RewindTo keep it; an id that no longer exists is simply unknown.
func (g *Game) SetSelected(id int, ok bool) {
	g.why.selected, g.why.hasSelected = id, ok
}

// Selected returns the soldier set by SetSelected.
func (g *Game) Selected() (id int, ok bool) { return g.why.selected, g.why.hasSelected }

// ChangeReason returns why state change c of the History happened, as one
// line: "Eriksen: Panicked → Routed at 10.50 s: Panicked for 3.50 s
// (RoutAfterSeconds 3.5)". The reason comes from the soldier's ledger
// (Why); a change the ledger no longer holds gets the line without it.
func (g *Game) ChangeReason(c Change) string {
	name := fmt.Sprintf("soldier %d", c.ID)
	if c.ID >= 0 && c.ID < len(g.soldiers) {
		name = g.soldiers[c.ID].name
	}
	head := fmt.Sprintf("%s: %v → %v at %.2f s", name, c.From, c.To, c.T)
	x, ok := g.Why(c.ID)
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

// execWhy runs MoraleBreak.Why [name]: the named soldier's explanation (no
// name: the selected one), his death when he fell, or why there is none.
func (g *Game) execWhy(args []string) string {
	const usage = "usage: MoraleBreak.Why [name] (no name: the selected soldier)"
	id := -1
	switch len(args) {
	case 0:
		sel, ok := g.Selected()
		if !ok || sel < 0 || sel >= len(g.soldiers) {
			return "MoraleBreak.Why: no soldier selected; name one (" + g.soldierNames() + ") or right-click one"
		}
		id = sel
	case 1:
		for i := range g.soldiers {
			if strings.EqualFold(g.soldiers[i].name, args[0]) {
				id = i
				break
			}
		}
		if id < 0 {
			return fmt.Sprintf("MoraleBreak.Why: no soldier %q (soldiers: %s)", args[0], g.soldierNames())
		}
	default:
		return usage
	}
	s := &g.soldiers[id]
	x, ok := g.Why(id)
	switch {
	case !s.alive && ok:
		return fmt.Sprintf("%s is dead (fell at %.2f s). Before he fell: %s", s.name, x.Now, x)
	case !s.alive:
		return s.name + " is dead; no explanation was kept"
	case !ok:
		return "MoraleBreak.Why: no explanation for " + s.name
	}
	return fmt.Sprintf("%s: %s", s.name, x)
}

// soldierNames lists every soldier's name, the dead marked, for answers.
func (g *Game) soldierNames() string {
	var b strings.Builder
	for i := range g.soldiers {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(g.soldiers[i].name)
		if !g.soldiers[i].alive {
			b.WriteString(" (dead)")
		}
	}
	return b.String()
}
