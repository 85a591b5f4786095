package game

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/morale"
)

// The Why of the armies' selected squad. Their men have no names and the
// cause ledger of ten thousand agents would cost the scene thirty times its
// time (BenchmarkArmiesSecond), so the armies keep it on for the selected
// squad alone (morale.LedgerOptions.Squads): from the moment it is
// selected, its men's explanations are kept, and SquadWhy sums them.
// Selecting is a recorded command, so a rewind or a replay turns the
// ledger on at the same sub-tick, and the ledger changes no bit of the
// battle (TestArmiesLedgerChangesNoBit).

// whySquadPerAgent bounds the ring of each man of the selected squad. A
// man of a broken front line hears a neighbour fall several times a
// second, mostly news that moves nothing once his morale is 0 (the ledger
// records it all the same): 256 entries lose the fall within 25 s, 1024
// keep it for over two minutes. 128 bytes an entry: up to 13 MB for a
// squad of a hundred, in the battle and in each rewind snapshot taken
// while it is selected (rings grow as they fill; none without a selection).
const whySquadPerAgent = 1024

// SquadWhy is why a squad of the armies is where it is: its living men's
// explanations over the window, summed.
type SquadWhy struct {
	// ID is the squad and Side its army (0 or 1).
	ID   morale.SquadID
	Side int
	// Now is the end of the window: when the battle last read its men
	// (Armies.FiguresAt), the moment Men, Broken and Average are of, which
	// nothing has moved them from since; Since is its start: the moment
	// the squad was selected, or for a squad that is mostly Steady the
	// later of that and Now−WhyWindow (as for a soldier, WhyWindow).
	Now, Since float64
	// Selected is when the squad was selected (its ledger began).
	Selected float64
	// Men is how many of its men are alive, Broken how many of them are
	// Panicked or Routed, Average their mean morale: the squad's
	// SquadView.Stats (Count, Broken, Average), as last read (FiguresAt),
	// as every view of it shows them.
	Men, Broken int
	Average     float64
	// Causes are what moved the average man's morale over the window,
	// Since to Now: each cause's Delta summed over the living men and
	// divided by Men (0 when the sum is rounding alone: contagion, which
	// cancels over a squad), the largest |Delta| first (Entries counts the
	// men's entries). They take the average from Start to Average.
	Causes []morale.Contribution
	// States are the men's state changes in the window, oldest first.
	States []morale.StateChange
	// Broke is, for Session.SquadBreakWhy's answer, the time of the
	// squad's break: the window is Since..Broke and Men, Broken and
	// Average are as they were then (0: the window ends Now).
	Broke float64
}

// squadLedger turns the cause ledger on for squad id alone (0: off), at
// the time of its selection.
func (a *Armies) squadLedger(id morale.SquadID) error {
	w := a.b.world
	if id == 0 {
		w.DisableLedger()
		return nil
	}
	w.DisableLedger() // the squad selected before keeps no record
	a.whySince = a.b.Time()
	return w.EnableLedger(morale.LedgerOptions{PerAgent: whySquadPerAgent, Window: math.Inf(1), Squads: []morale.SquadID{id}})
}

// SquadWhy returns the selected squad's Why (see SquadWhy); ok is false
// when no squad is selected. It computes it on every call, from up to a
// hundred explanations: call it a few times a second, not every frame. It
// changes nothing.
func (a *Armies) SquadWhy() (x SquadWhy, ok bool) {
	k := slices.IndexFunc(a.squads, func(s armySquad) bool { return s.id == a.selected })
	if a.selected == 0 || k < 0 {
		return SquadWhy{}, false
	}
	// the window ends at the read, and the ledger has nothing after it:
	// the World has not moved the men since (reread)
	v := a.squadView(k)
	x = SquadWhy{ID: a.selected, Side: v.Side, Now: a.readAt, Since: a.whySince, Selected: a.whySince,
		Men: v.Stats.Count, Broken: v.Stats.Broken, Average: v.Stats.Average}
	if v.State == morale.Steady {
		x.Since = math.Max(x.Now-WhyWindow, a.whySince)
	}
	window := math.Max(a.b.Time()-x.Since, 1.0/SubTicksPerSecond) // one sub-tick at least: ExplainWindow takes no 0
	byCause := map[morale.Reason]int{}
	var mass []float64 // each cause's sum of |Delta| over the men
	for i := range a.men {
		m := &a.men[i]
		if int(m.squad) != k || !m.alive {
			continue
		}
		e, err := a.b.world.ExplainWindow(m.agent, window)
		if err != nil {
			continue // cannot happen: the window is above 0 and the ledger records his squad (TestSquadWhyHasACommandAtTheSelection)
		}
		for _, c := range e.Causes {
			j, seen := byCause[c.Cause]
			if !seen {
				j = len(x.Causes)
				byCause[c.Cause] = j
				x.Causes = append(x.Causes, morale.Contribution{Cause: c.Cause, First: c.First, Largest: c.Largest})
				mass = append(mass, 0)
			}
			s := &x.Causes[j]
			s.Delta += c.Delta
			mass[j] += math.Abs(c.Delta)
			s.Entries += c.Entries
			s.Steps += c.Steps
			s.First, s.Last = math.Min(s.First, c.First), math.Max(s.Last, c.Last)
			if math.Abs(c.Largest.Delta) > math.Abs(s.Largest.Delta) {
				s.Largest = c.Largest
			}
		}
		x.States = append(x.States, e.States...)
	}
	// Contagion pulls each man toward his squad's mean, so over the squad
	// it cancels, and its sum is what rounding leaves (5.6e-17), which
	// would read as news, up or down: a sum within a billionth of the
	// men's own changes is 0 (±0.00).
	for j := range x.Causes {
		if math.Abs(x.Causes[j].Delta) <= 1e-9*mass[j] {
			x.Causes[j].Delta = 0
		}
	}
	if x.Men > 0 {
		for i := range x.Causes {
			x.Causes[i].Delta /= float64(x.Men)
		}
	}
	slices.SortStableFunc(x.Causes, func(p, q morale.Contribution) int { return cmp.Compare(math.Abs(q.Delta), math.Abs(p.Delta)) })
	slices.SortStableFunc(x.States, func(p, q morale.StateChange) int { return cmp.Compare(p.At, q.At) })
	return x, true
}

// Start is the average morale the window's causes took the squad's living
// men from: Average less the sum of the Causes' Deltas, their average
// morale at Since (the men fallen since are in neither) when the window
// began with the ledger (Since is Selected) or no cause began before
// Since; a run of contagion or recovery steps that began earlier is
// counted whole (Contribution.First before Since), and Start is then a
// number they may never have had on average.
func (x SquadWhy) Start() float64 { return x.averageMan().Start() }

// ShownChanges returns the Deltas of x.Causes, in their order, as the Why
// panel prints them: morale.RoundChanges from Start to Average, so that,
// as written, they add up exactly to Average less Start printed with two
// decimals (the panel's "0.98 → 0.21").
func (x SquadWhy) ShownChanges() []string { return x.averageMan().ShownChanges() }

// averageMan is x as the average man's explanation: his morale the
// squad's Average, his causes its Causes, all morale.Explanation's Start
// and ShownChanges read, so that a squad's span is a man's rule.
func (x SquadWhy) averageMan() morale.Explanation {
	return morale.Explanation{Morale: x.Average, Causes: x.Causes}
}

// Transitions counts the men's state changes of x by kind, in the order
// of the states they went to: "31 Steady → Shaken, 12 Shaken → Panicked".
func (x SquadWhy) Transitions() string {
	type kind struct{ from, to morale.State }
	n := map[kind]int{}
	var order []kind
	for _, s := range x.States {
		k := kind{s.From, s.To}
		if n[k] == 0 {
			order = append(order, k)
		}
		n[k]++
	}
	slices.SortStableFunc(order, func(p, q kind) int { return cmp.Compare(p.to, q.to) })
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = fmt.Sprintf("%d %v → %v", n[k], k.from, k.to)
	}
	return strings.Join(parts, ", ")
}

// StartKnown reports whether Start is the average morale the squad's living
// men had when the window began: true when the window began with the ledger
// (Since is Selected) or no cause began before Since; false when it has no
// causes, or a run of contagion or recovery that began before the window is
// counted whole (Contribution.First before Since), as for a soldier. The
// Why panel and String give the span Start → Average only then.
func (x SquadWhy) StartKnown() bool {
	if len(x.Causes) == 0 {
		return false
	}
	if x.Since != x.Selected {
		for _, c := range x.Causes {
			if c.First < x.Since-1e-9 {
				return false
			}
		}
	}
	return true
}

// String reads x as a sentence: "Squad 12 (army 1) since 20.00 s: 64 of
// 100 men broken, average morale 0.64 → 0.21 ← Suppressed −0.31, contagion
// −0.12 (the average man's); 40 Steady → Shaken, 31 Shaken → Panicked".
//
// The causes' numbers are ShownChanges, the Why panel's bars: as printed,
// they add up exactly to the average printed less Start printed with two
// decimals. The sentence gives that span, Start → Average, when the panel
// does (StartKnown), and the average alone otherwise.
func (x SquadWhy) String() string {
	var b strings.Builder
	avg := figures.Fixed(x.Average, 2)
	if x.StartKnown() {
		avg = figures.Fixed(x.Start(), 2) + " → " + avg
	}
	if x.Broke > 0 {
		fmt.Fprintf(&b, "Squad %d (army %d) from %.2f s to its break at %.2f s: %d of %d men broken, average morale %s", x.ID, x.Side+1, x.Since, x.Broke, x.Broken, x.Men, avg)
	} else {
		fmt.Fprintf(&b, "Squad %d (army %d) since %.2f s: %d of %d men broken, average morale %s", x.ID, x.Side+1, x.Since, x.Broken, x.Men, avg)
	}
	shown := x.ShownChanges() // the panel's bars: they add up to the span
	sep := " ← "
	for k, c := range x.Causes {
		b.WriteString(sep)
		sep = ", "
		name := c.Cause.Kind.String()
		if c.Cause.Kind == morale.ByEvent {
			name = string(c.Cause.Event)
		}
		b.WriteString(name + " " + shown[k])
	}
	if len(x.Causes) > 0 {
		b.WriteString(" (the average man's)")
	}
	if t := x.Transitions(); t != "" {
		b.WriteString("; " + t)
	}
	return b.String()
}
