// Package bench holds benchmarks that compare morale's World with other ways
// of running the same per-agent update: the ark ECS and plain slices. It is
// its own module, so that morale gains no dependency (see README.md).
package bench

import "github.com/moralebreak/moralebreak/morale"

// The components of one agent, as an ECS game would declare them.
type (
	// Morale is the agent's morale in 0..1.
	Morale struct{ Value float64 }
	// Nerve is the agent's nerve in 0..1 (read by events, not by a step).
	Nerve struct{ Value float64 }
	// Squad is the agent's squad, as an index into the squad tables, and
	// whether the squad average pulls on him.
	Squad struct {
		Index       int32
		NoContagion bool
	}
	// Timers holds the agent's state and, in ticks, when he last had bad
	// news and when he entered his state (Never: not yet).
	Timers struct {
		BadNews, Since int64
		State          morale.State
	}
)

// TicksPerSecond is the World's clock: one tick is a flick, 1/705,600,000 s.
const TicksPerSecond = 705600000

// Never is the timestamp of something that has not happened.
const Never = -(int64(1) << 62)

// Rules is what one step of the update needs: the settings, the step's end
// and length, and the contagion's decay factor worked out once per step.
type Rules struct {
	S          morale.Settings
	End        int64   // the step's end, in ticks
	Dt         float64 // the step's length, in seconds
	Keep       float64 // e^(−ContagionPerSecond·Dt)
	DwellTicks int64   // MinimumStateSeconds in ticks
}

// Update is the World's per-agent step (see morale/step.go) written with
// morale's exported rules: ContagionPull with the step's ContagionFactor
// (Keep, taken once per step), RecoveryGain and RecoverMorale, ResolveState,
// ShouldRout and CanReturnFromRout, and MinimumStateSeconds as the World
// applies it. It returns the agent's new morale and updates his timers.
// Given the same agents, squads and events it gives the World's bits
// (TestSameUpdate).
func (r *Rules) Update(m, avg float64, noContagion bool, t *Timers) float64 {
	s := &r.S
	if !noContagion {
		m = morale.ContagionPull(m, avg, r.Keep)
	}
	m = morale.RecoverMorale(m, morale.RecoveryGain(float64(r.End-t.BadNews)/TicksPerSecond, r.Dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds))
	st := t.State
	if st == morale.Steady && m >= s.ShakenBelow {
		return m
	}
	to := st
	if st == morale.Routed {
		if morale.CanReturnFromRout(float64(r.End-t.Since)/TicksPerSecond, m, s.MinRoutSeconds, s.PanicBelow, s.Hysteresis) {
			to = morale.ResolveState(morale.Panicked, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
		}
	} else {
		to = morale.ResolveState(st, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
		if to == morale.Panicked && st == morale.Panicked && morale.ShouldRout(float64(r.End-t.Since)/TicksPerSecond, s.RoutAfterSeconds) {
			to = morale.Routed
		}
	}
	if to == st || (t.Since != Never && r.End-t.Since < r.DwellTicks) {
		return m
	}
	t.State, t.Since = to, r.End
	return m
}

// Squads holds each squad's member count and running sum of morale, and the
// sums the step builds; the average is taken once per step, before the pass,
// as the World does.
type Squads struct {
	N         []int
	Sum, Next []float64
	Avg       []float64
}

// NewSquads returns tables for k squads.
func NewSquads(k int) *Squads {
	return &Squads{N: make([]int, k), Sum: make([]float64, k), Next: make([]float64, k), Avg: make([]float64, k)}
}

// TakeAverages fixes the averages for the step and clears the new sums.
func (q *Squads) TakeAverages() {
	for k := range q.N {
		if q.N[k] > 0 {
			q.Avg[k] = q.Sum[k] / float64(q.N[k])
		}
		q.Next[k] = 0
	}
}

// KeepSums stores the sums the step built.
func (q *Squads) KeepSums() { q.Sum, q.Next = q.Next, q.Sum }
