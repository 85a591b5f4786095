package morale_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// tol is the tolerance for float comparisons that are not meant to be exact.
const tol = 1e-12

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestApplyMoraleEvent(t *testing.T) {
	tests := []struct {
		name                         string
		morale, weight, scale, nerve float64
		want                         float64
	}{
		{"bad news, nerve 0", 0.8, -0.18, 1, 0, 0.62},
		{"bad news, nerve 0.8 moves a fifth", 0.8, -0.18, 1, 0.8, 0.8 - 0.18/5},
		{"bad news, nerve 0.5 moves half", 0.8, -0.2, 1, 0.5, 0.7},
		{"nerve 1 shrugs bad news off", 0.5, -0.45, 1, 1, 0.5},
		{"good news is not scaled by nerve", 0.5, 0.25, 1, 0.8, 0.75},
		{"good news nerve 0", 0.5, 0.08, 1, 0, 0.58},
		{"scale multiplies the weight", 0.9, -0.1, 2.5, 0, 0.65},
		{"scale zero is nothing", 0.9, -0.1, 0, 0, 0.9},
		{"clamped at 0", 0.1, -0.45, 2, 0, 0},
		{"clamped at 1", 0.9, 0.25, 1, 0, 1},
		{"zero weight is nothing", 0.37, 0, 1, 0.3, 0.37},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := morale.ApplyMoraleEvent(tt.morale, tt.weight, tt.scale, tt.nerve)
			if !near(got, tt.want, tol) {
				t.Errorf("ApplyMoraleEvent(%v, %v, %v, %v) = %v; want %v (±%g)", tt.morale, tt.weight, tt.scale, tt.nerve, got, tt.want, tol)
			}
		})
	}
}

// The design: the same bad news moves a nerve-0.8 man by a fifth of what it
// moves a nerve-0.0 man, and nerve never turns bad news into good.
func TestApplyMoraleEventNerveRatio(t *testing.T) {
	for _, w := range []float64{-0.18, -0.45, -0.1, -0.07, -0.05, -0.15} {
		brave := 0.9 - morale.ApplyMoraleEvent(0.9, w, 1, 0.8)
		green := 0.9 - morale.ApplyMoraleEvent(0.9, w, 1, 0)
		if !near(brave, green/5, 1e-12) {
			t.Errorf("weight %v: nerve 0.8 moved %v, nerve 0 moved %v; want a fifth (%v)", w, brave, green, green/5)
		}
		for _, nerve := range []float64{0, 0.1, 0.5, 0.8, 0.99, 1} {
			for _, m := range []float64{0, 0.2, 0.6, 1} {
				if got := morale.ApplyMoraleEvent(m, w, 1, nerve); got > m {
					t.Errorf("ApplyMoraleEvent(%v, %v, 1, %v) = %v; bad news must never raise morale", m, w, nerve, got)
				}
			}
		}
	}
}

func TestContagionPull(t *testing.T) {
	gapClosed := 1 - math.Exp(-0.5) // ≈ 0.3935 per second at 0.5
	tests := []struct {
		name                    string
		own, avg, perSecond, dt float64
		want                    float64
	}{
		{"one second closes 1-e^-0.5 of the gap downward", 1, 0.2, 0.5, 1, 1 - 0.8*gapClosed},
		{"one second closes 1-e^-0.5 of the gap upward", 0.2, 0.8, 0.5, 1, 0.2 + 0.6*gapClosed},
		{"two seconds", 1, 0, 0.5, 2, math.Exp(-1)},
		{"at the average stays", 0.4, 0.4, 0.5, 1, 0.4},
		{"perSecond 0 is no pull", 0.9, 0.1, 0, 1, 0.9},
		{"dt 0 is no pull", 0.9, 0.1, 0.5, 0, 0.9},
		{"huge rate lands on the average", 0.9, 0.1, 1e6, 1, 0.1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := morale.ContagionPull(tt.own, tt.avg, morale.ContagionFactor(tt.perSecond, tt.dt))
			if !near(got, tt.want, tol) {
				t.Errorf("ContagionPull(%v, %v, %v, %v) = %v; want %v (±%g)", tt.own, tt.avg, tt.perSecond, tt.dt, got, tt.want, tol)
			}
		})
	}
	if g := 1 - morale.ContagionPull(1, 0, morale.ContagionFactor(0.5, 1)); g < 0.39 || g > 0.40 {
		t.Errorf("ContagionPerSecond 0.5 closed %v of the gap in a second; want about 40%%", g)
	}
}

func TestContagionFactor(t *testing.T) {
	tests := []struct {
		perSecond, dt, want float64
	}{
		{0.5, 1, math.Exp(-0.5)},
		{0.5, 0.25, math.Exp(-0.125)},
		{2, 3, math.Exp(-6)},
		{0, 1, 1},
		{0.5, 0, 1},
		{-1, 1, 1},
		{0.5, -1, 1},
		{1e6, 1, 0},
		{math.Inf(1), 1, 0},
	}
	for _, tt := range tests {
		if got := morale.ContagionFactor(tt.perSecond, tt.dt); !near(got, tt.want, tol) {
			t.Errorf("ContagionFactor(%v, %v) = %v; want %v (±%g)", tt.perSecond, tt.dt, got, tt.want, tol)
		}
	}
	// A factor of 1 is no pull at all, not a rounding error away.
	for _, own := range []float64{0, 0.1, 1.0 / 3, 0.7, 1} {
		if got := morale.ContagionPull(own, 0.2, 1); got != own {
			t.Errorf("ContagionPull(%v, 0.2, 1) = %v; want %v unchanged", own, got, own)
		}
	}
}

// One second in one step equals one second in ten (and in other splits).
func TestContagionPullStepSizeIndependent(t *testing.T) {
	const eps = 1e-12
	for _, c := range []struct{ own, avg, rate, total float64 }{
		{1, 0.2, 0.5, 1},
		{0.1, 0.9, 0.5, 1},
		{0.7, 0.3, 2, 3},
		{0.55, 0.6, 0.05, 10},
	} {
		one := morale.ContagionPull(c.own, c.avg, morale.ContagionFactor(c.rate, c.total))
		for _, n := range []int{2, 4, 10, 64, 1000} {
			m := c.own
			for range n {
				m = morale.ContagionPull(m, c.avg, morale.ContagionFactor(c.rate, c.total/float64(n)))
			}
			if !near(m, one, eps) {
				t.Errorf("ContagionPull(%v→%v at %v) over %vs: %d steps give %v, one step gives %v; want equal (±%g)", c.own, c.avg, c.rate, c.total, n, m, one, eps)
			}
		}
	}
}

func TestRecoverMorale(t *testing.T) {
	s := morale.DefaultSettings() // 0.06 per second after 4 s
	tests := []struct {
		name               string
		m, since, dt, want float64
	}{
		{"inside the delay nothing", 0.3, 3.0, 0.25, 0.3},
		{"delay ends exactly at the end of the step", 0.3, 4.0, 0.25, 0.3},
		{"delay ended inside the step: only the remainder", 0.3, 4.1, 0.25, 0.3 + 0.06*0.1},
		{"long after the delay: whole step", 0.3, 10, 0.25, 0.3 + 0.06*0.25},
		{"one whole second", 0.3, 5, 1, 0.36},
		{"never past 1", 0.99, 100, 1, 1},
		{"at 1 stays", 1, 100, 1, 1},
		{"no bad news ever", 0.5, math.Inf(1), 0.5, 0.53},
		{"dt 0 nothing", 0.5, 100, 0, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := morale.RecoverMorale(tt.m, morale.RecoveryGain(tt.since, tt.dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds))
			if !near(got, tt.want, tol) {
				t.Errorf("RecoverMorale(%v, since %v, dt %v) = %v; want %v (±%g)", tt.m, tt.since, tt.dt, got, tt.want, tol)
			}
		})
	}
	s.RecoveryPerSecond = 0
	if got := morale.RecoverMorale(0.3, morale.RecoveryGain(100, 1, s.RecoveryPerSecond, s.RecoveryDelaySeconds)); got != 0.3 {
		t.Errorf("RecoveryPerSecond 0: RecoverMorale(0.3, 100, 1) = %v; want 0.3", got)
	}
	edges := []struct {
		name                           string
		m, since, dt, perSecond, delay float64
		want                           float64
	}{
		{"above 1 comes back as 1", 1.5, 100, 1, 0.06, 4, 1},
		{"a negative rate does nothing", 0.5, 100, 1, -0.06, 4, 0.5},
		{"a negative dt does nothing", 0.5, 100, -1, 0.06, 4, 0.5},
		{"an infinite rate recovers at once past the delay", 0.5, 100, 1, math.Inf(1), 4, 1},
		{"an infinite rate does nothing within the delay", 0.5, 2, 1, math.Inf(1), 4, 0.5},
		{"delay 0, no bad news", 0.5, math.Inf(1), 1, 0.06, 0, 0.56},
		{"an infinite delay never ends", 0.5, 100, 1, 0.06, math.Inf(1), 0.5},
		{"an infinite delay never ends, even without bad news", 0.5, math.Inf(1), 1, 0.06, math.Inf(1), 0.5},
	}
	for _, e := range edges {
		if got := morale.RecoverMorale(e.m, morale.RecoveryGain(e.since, e.dt, e.perSecond, e.delay)); !near(got, e.want, tol) {
			t.Errorf("%s: RecoverMorale(%v, %v, %v, %v, %v) = %v; want %v", e.name, e.m, e.since, e.dt, e.perSecond, e.delay, got, e.want)
		}
	}
}

// One second in one step equals one second in ten, with secondsSinceBadNews
// measured at the end of each step, including when the delay ends inside the
// stretch of time.
func TestRecoverMoraleStepSizeIndependent(t *testing.T) {
	s := morale.DefaultSettings()
	const eps = 1e-12
	for _, c := range []struct{ m, sinceAtStart, total float64 }{
		{0.3, 3.5, 1},  // delay ends half way
		{0.3, 3.95, 1}, // delay ends in the first tenth
		{0.3, 0, 1},    // still inside the delay throughout
		{0.3, 10, 1},   // long past the delay
		{0.2, 2, 5},    // delay ends after 2 of 5 seconds
		{0.9, 10, 3},   // hits 1 on the way
	} {
		one := morale.RecoverMorale(c.m, morale.RecoveryGain(c.sinceAtStart+c.total, c.total, s.RecoveryPerSecond, s.RecoveryDelaySeconds))
		for _, n := range []int{2, 10, 40} {
			dt := c.total / float64(n)
			m := c.m
			for k := 1; k <= n; k++ {
				m = morale.RecoverMorale(m, morale.RecoveryGain(c.sinceAtStart+float64(k)*dt, dt, s.RecoveryPerSecond, s.RecoveryDelaySeconds))
			}
			if !near(m, one, eps) {
				t.Errorf("RecoverMorale from %v, %vs after bad news, over %vs: %d steps give %v, one step gives %v; want equal (±%g)", c.m, c.sinceAtStart, c.total, n, m, one, eps)
			}
		}
	}
	// And the value itself: 3.5 s after bad news, one second brings 0.5 s of recovery.
	if got, want := morale.RecoverMorale(0.3, morale.RecoveryGain(4.5, 1, s.RecoveryPerSecond, s.RecoveryDelaySeconds)), 0.33; !near(got, want, tol) {
		t.Errorf("RecoverMorale(0.3, 4.5, 1) = %v; want %v", got, want)
	}
}

func TestResolveState(t *testing.T) {
	s := morale.DefaultSettings()
	const (
		St = morale.Steady
		Sh = morale.Shaken
		Pa = morale.Panicked
		Ro = morale.Routed
	)
	tests := []struct {
		from   morale.State
		morale float64
		want   morale.State
	}{
		// Falling is strict at 0.60 and 0.25.
		{St, 1, St},
		{St, 0.60, St},
		{St, math.Nextafter(0.60, 0), Sh},
		{St, 0.40, Sh},
		{St, 0.25, Sh},
		{St, math.Nextafter(0.25, 0), Pa}, // a jump across two states
		{St, 0, Pa},
		{Sh, 0.59, Sh},
		{Sh, 0.25, Sh},
		{Sh, math.Nextafter(0.25, 0), Pa},
		// Climbing needs 0.75 to be Steady, 0.40 to leave panic.
		{Sh, 0.60, Sh},
		{Sh, 0.74, Sh},
		{Sh, math.Nextafter(0.75, 0), Sh},
		{Sh, 0.75, St},
		{Sh, 1, St},
		{Pa, 0.25, Pa},
		{Pa, 0.39, Pa},
		{Pa, math.Nextafter(0.40, 0), Pa},
		{Pa, 0.40, Sh},
		{Pa, 0.74, Sh},
		{Pa, 0.75, St}, // a jump across two states
		{Pa, 0.9, St},
		// Routed stays: a rout ends only through CanReturnFromRout or Rally.
		{Ro, 1, Ro},
		{Ro, 0.5, Ro},
		{Ro, 0, Ro},
	}
	for _, tt := range tests {
		if got := morale.ResolveState(tt.from, tt.morale, s.ShakenBelow, s.PanicBelow, s.Hysteresis); got != tt.want {
			t.Errorf("ResolveState(%v, %v) = %v; want %v", tt.from, tt.morale, got, tt.want)
		}
	}
}

// ResolveState is the spec README's reading of the thresholds, written as
// plainly as it reads, for any valid thresholds and any morale near them.
func TestResolveStateIsTheReading(t *testing.T) {
	reading := func(current morale.State, m, shaken, panic, hyst float64) morale.State {
		switch current {
		case morale.Steady, morale.Shaken:
			if m < panic {
				return morale.Panicked
			}
			if current == morale.Steady && m < shaken {
				return morale.Shaken
			}
			if current == morale.Shaken && m >= shaken+hyst {
				return morale.Steady
			}
			return current
		case morale.Panicked:
			if m >= shaken+hyst {
				return morale.Steady
			}
			if m >= panic+hyst {
				return morale.Shaken
			}
			return morale.Panicked
		}
		return current
	}
	r := rand.New(rand.NewPCG(5, 8))
	for range 2000 {
		panic := float64(r.IntN(60)) / 100
		shaken := panic + float64(1+r.IntN(40))/100
		hyst := float64(r.IntN(int((1-shaken)*100)+1)) / 100
		edges := []float64{0, 1, panic, shaken, panic + hyst, shaken + hyst, math.NaN()}
		for _, e := range edges {
			for _, m := range []float64{e, math.Nextafter(e, -1), math.Nextafter(e, 2), r.Float64()} {
				for st := morale.Steady; st <= morale.Routed; st++ {
					got := morale.ResolveState(st, m, shaken, panic, hyst)
					if want := reading(st, m, shaken, panic, hyst); got != want {
						t.Fatalf("ResolveState(%v, %v, %v, %v, %v) = %v; want %v", st, m, shaken, panic, hyst, got, want)
					}
				}
			}
		}
	}
}

// An agent parked on a threshold and nudged up and down does not flicker:
// once the state has changed, small moves do not change it back.
func TestResolveStateNoFlicker(t *testing.T) {
	s := morale.DefaultSettings()
	for _, th := range []float64{0.60, 0.25} {
		st := morale.ResolveState(morale.Steady, th, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
		if th == 0.25 {
			st = morale.Shaken
		}
		changes := 0
		for k := range 1000 {
			m := th + 0.01
			if k%2 == 1 {
				m = th - 0.01
			}
			next := morale.ResolveState(st, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
			if next != st {
				changes++
			}
			st = next
		}
		if changes != 1 {
			t.Errorf("threshold %v: nudged ±0.01 1000 times, the state changed %d times; want 1", th, changes)
		}
	}
	// Without hysteresis it would flicker: the test can fail.
	s.Hysteresis = 0
	st, changes := morale.Steady, 0
	for k := range 10 {
		m := 0.61
		if k%2 == 1 {
			m = 0.59
		}
		next := morale.ResolveState(st, m, s.ShakenBelow, s.PanicBelow, s.Hysteresis)
		if next != st {
			changes++
		}
		st = next
	}
	if changes < 9 {
		t.Errorf("Hysteresis 0: %d changes in 10 nudges; want a flicker", changes)
	}
}

func TestShouldRout(t *testing.T) {
	s := morale.DefaultSettings()
	off := s
	off.RoutAfterSeconds = 0
	tests := []struct {
		name    string
		s       morale.Settings
		seconds float64
		want    bool
	}{
		{"just panicked", s, 0, false},
		{"3.25 s", s, 3.25, false},
		{"just under 3.5 s", s, math.Nextafter(3.5, 0), false},
		{"3.5 s", s, 3.5, true},
		{"10 s", s, 10, true},
		{"RoutAfterSeconds 0 at 0 s", off, 0, false},
		{"RoutAfterSeconds 0 at 1e9 s", off, 1e9, false},
		{"RoutAfterSeconds 0 at +Inf", off, math.Inf(1), false},
	}
	for _, tt := range tests {
		if got := morale.ShouldRout(tt.seconds, tt.s.RoutAfterSeconds); got != tt.want {
			t.Errorf("%s: ShouldRout(%v) with RoutAfterSeconds %v = %v; want %v", tt.name, tt.seconds, tt.s.RoutAfterSeconds, got, tt.want)
		}
	}
}

func TestCanReturnFromRout(t *testing.T) {
	s := morale.DefaultSettings() // MinRoutSeconds 6, band 0.40
	tests := []struct {
		name            string
		seconds, morale float64
		want            bool
	}{
		{"full morale one second into a rout", 1, 1, false},
		{"full morale at 5.99 s", 5.99, 1, false},
		{"6 s and 0.40", 6, 0.40, true},
		{"6 s and just under 0.40", 6, math.Nextafter(0.40, 0), false},
		{"6 s and 0.3", 6, 0.3, false},
		{"30 s and 0.1", 30, 0.1, false},
		{"30 s and 1", 30, 1, true},
	}
	for _, tt := range tests {
		if got := morale.CanReturnFromRout(tt.seconds, tt.morale, s.MinRoutSeconds, s.PanicBelow, s.Hysteresis); got != tt.want {
			t.Errorf("%s: CanReturnFromRout(%v, %v) = %v; want %v", tt.name, tt.seconds, tt.morale, got, tt.want)
		}
	}
}

// TestDistanceFalloffCases checks DistanceFalloff, to the bit, against its
// contract stated case by case (a NaN first, then the full weight, then
// nothing, then the slope) for every triple of distances and radii drawn
// from the edges: NaN, the infinities, zeros of both signs, the radii and
// their neighbours, values far beyond and below them.
func TestDistanceFalloffCases(t *testing.T) {
	plain := func(d, full, none float64) float64 {
		switch {
		case math.IsNaN(full) || math.IsNaN(none):
			return 0
		case d <= full:
			return 1
		case d >= none || math.IsNaN(d):
			return 0
		}
		return (none - d) / (none - full)
	}
	vs := []float64{math.NaN(), math.Inf(-1), -1e300, -600, math.Copysign(0, -1), 0, 5e-324, 1,
		math.Nextafter(600, 0), 600, math.Nextafter(600, 1e9), 1800, 3000, math.Nextafter(3000, 1e9), 1e300, math.Inf(1)}
	for _, d := range vs {
		for _, full := range vs {
			for _, none := range vs {
				got, want := morale.DistanceFalloff(d, full, none), plain(d, full, none)
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Errorf("DistanceFalloff(%v, %v, %v) = %v; want %v", d, full, none, got, want)
				}
			}
		}
	}
}

func TestDistanceFalloff(t *testing.T) {
	const full, none = 600.0, 3000.0
	tests := []struct {
		d, want float64
	}{
		{0, 1},
		{300, 1},
		{600, 1},
		{1800, 0.5},
		{2400, 0.25},
		{3000, 0},
		{3001, 0},
		{1e9, 0},
		{math.Inf(1), 0},
	}
	for _, tt := range tests {
		if got := morale.DistanceFalloff(tt.d, full, none); !near(got, tt.want, tol) {
			t.Errorf("DistanceFalloff(%v, %v, %v) = %v; want %v (±%g)", tt.d, full, none, got, tt.want, tol)
		}
	}
	// Continuous at both edges and never increasing.
	for _, edge := range []float64{full, none} {
		lo := morale.DistanceFalloff(edge-1e-6, full, none)
		hi := morale.DistanceFalloff(edge+1e-6, full, none)
		if math.Abs(lo-hi) > 1e-8 {
			t.Errorf("DistanceFalloff jumps at %v: %v just inside, %v just outside; want continuous", edge, lo, hi)
		}
	}
	prev := 2.0
	for d := 0.0; d <= 4000; d += 7.3 {
		f := morale.DistanceFalloff(d, full, none)
		if f < 0 || f > 1 || math.IsNaN(f) {
			t.Fatalf("DistanceFalloff(%v) = %v; want in 0..1", d, f)
		}
		if f > prev {
			t.Fatalf("DistanceFalloff(%v) = %v rose from %v; want non-increasing", d, f, prev)
		}
		prev = f
	}
}

func TestOutnumberedFactor(t *testing.T) {
	tests := []struct {
		friends, foes int
		want          float64
	}{
		{1, 3, math.Sqrt(3)},
		{3, 1, 1 / math.Sqrt(3)},
		{1, 1, 1},
		{5, 5, 1},
		{100, 100, 1},
		{2, 8, 2},
		{1, 0, 1}, // the last enemy died: floored at one, no zero
		{0, 1, 1},
		{0, 0, 1},
		{0, 4, 2},
		{4, 0, 0.5},
		{-3, 9, 3},
	}
	for _, tt := range tests {
		got := morale.OutnumberedFactor(tt.friends, tt.foes)
		if !near(got, tt.want, tol) || math.IsInf(got, 0) || math.IsNaN(got) {
			t.Errorf("OutnumberedFactor(%d, %d) = %v; want %v (±%g)", tt.friends, tt.foes, got, tt.want, tol)
		}
	}
}

// Every rule with a NaN among its inputs returns what its doc says (issue 7,
// item 10): ApplyMoraleEvent stays in 0..1, the others name their result.
func TestRulesWithNaN(t *testing.T) {
	nan := math.NaN()
	s := morale.DefaultSettings()
	isNaN := math.IsNaN
	checks := []struct {
		name string
		got  float64
		want float64 // NaN means want NaN
	}{
		{"ApplyMoraleEvent nerve NaN counts as 0", morale.ApplyMoraleEvent(0.5, -0.1, 1, nan), 0.4},
		{"ApplyMoraleEvent nerve NaN, good news", morale.ApplyMoraleEvent(0.5, 0.1, 1, nan), 0.6},
		{"ApplyMoraleEvent morale NaN counts as 0", morale.ApplyMoraleEvent(nan, 0.1, 1, 0.5), 0.1},
		{"ApplyMoraleEvent morale NaN, bad news", morale.ApplyMoraleEvent(nan, -0.1, 1, 0.5), 0},
		{"ApplyMoraleEvent weight NaN leaves morale", morale.ApplyMoraleEvent(0.5, nan, 1, 0.5), 0.5},
		{"ApplyMoraleEvent scale NaN leaves morale", morale.ApplyMoraleEvent(0.5, -0.1, nan, 0.5), 0.5},
		{"ApplyMoraleEvent all NaN", morale.ApplyMoraleEvent(nan, nan, nan, nan), 0},
		{"RecoverMorale morale NaN stays NaN", morale.RecoverMorale(nan, morale.RecoveryGain(10, 1, s.RecoveryPerSecond, s.RecoveryDelaySeconds)), nan},
		{"RecoverMorale since NaN leaves morale", morale.RecoverMorale(0.5, morale.RecoveryGain(nan, 1, s.RecoveryPerSecond, s.RecoveryDelaySeconds)), 0.5},
		{"RecoverMorale dt NaN leaves morale", morale.RecoverMorale(0.5, morale.RecoveryGain(10, nan, s.RecoveryPerSecond, s.RecoveryDelaySeconds)), 0.5},
		{"ContagionPull own NaN stays NaN", morale.ContagionPull(nan, 0.5, 0.5), nan},
		{"ContagionPull average NaN leaves own", morale.ContagionPull(0.3, nan, 0.5), 0.3},
		{"ContagionPull factor NaN leaves own", morale.ContagionPull(0.3, 0.5, nan), 0.3},
		{"ContagionFactor rate NaN is no pull", morale.ContagionFactor(nan, 1), 1},
		{"ContagionFactor dt NaN is no pull", morale.ContagionFactor(0.5, nan), 1},
		{"RecoverMorale rate NaN leaves morale", morale.RecoverMorale(0.5, morale.RecoveryGain(10, 1, nan, 4)), 0.5},
		{"RecoverMorale delay NaN leaves morale", morale.RecoverMorale(0.5, morale.RecoveryGain(10, 1, 0.06, nan)), 0.5},
		{"RecoveryGain since NaN is NaN", morale.RecoveryGain(nan, 1, 0.06, 4), nan},
		{"RecoveryGain dt NaN is NaN", morale.RecoveryGain(10, nan, 0.06, 4), nan},
		{"RecoveryGain rate NaN is NaN", morale.RecoveryGain(10, 1, nan, 4), nan},
		{"RecoveryGain delay NaN is NaN", morale.RecoveryGain(10, 1, 0.06, nan), nan},
		// No input NaN: +Inf seconds less an infinite delay is NaN, which
		// RecoveryGain must not return.
		{"RecoveryGain no bad news, infinite delay is 0", morale.RecoveryGain(math.Inf(1), 0.25, 0.06, math.Inf(1)), 0},
		{"RecoveryGain infinite delay, NaN dt is NaN", morale.RecoveryGain(math.Inf(1), nan, 0.06, math.Inf(1)), nan},
		{"RecoverMorale gain NaN leaves morale", morale.RecoverMorale(0.5, nan), 0.5},
		{"RecoverMorale negative gain leaves morale", morale.RecoverMorale(0.5, -0.1), 0.5},
		{"DistanceFalloff distance NaN", morale.DistanceFalloff(nan, 600, 3000), 0},
		{"DistanceFalloff full NaN", morale.DistanceFalloff(1000, nan, 3000), 0},
		{"DistanceFalloff none NaN", morale.DistanceFalloff(1000, 600, nan), 0},
		{"DistanceFalloff none NaN, inside full", morale.DistanceFalloff(100, 600, nan), 0},
	}
	for _, c := range checks {
		if isNaN(c.want) {
			if !isNaN(c.got) {
				t.Errorf("%s: got %v; want NaN", c.name, c.got)
			}
		} else if math.Abs(c.got-c.want) > 1e-12 || isNaN(c.got) {
			t.Errorf("%s: got %v; want %v", c.name, c.got, c.want)
		}
	}
	for _, st := range []morale.State{morale.Steady, morale.Shaken, morale.Panicked, morale.Routed} {
		if got := morale.ResolveState(st, nan, s.ShakenBelow, s.PanicBelow, s.Hysteresis); got != st {
			t.Errorf("ResolveState(%v, NaN) = %v; want %v kept", st, got, st)
		}
	}
	if morale.ShouldRout(nan, s.RoutAfterSeconds) {
		t.Error("ShouldRout(NaN) = true; want false")
	}
	if morale.CanReturnFromRout(nan, 1, s.MinRoutSeconds, s.PanicBelow, s.Hysteresis) || morale.CanReturnFromRout(100, nan, s.MinRoutSeconds, s.PanicBelow, s.Hysteresis) {
		t.Error("CanReturnFromRout with a NaN = true; want false")
	}
}

// The infinities the rules' docs say give NaN, as no setting or morale the
// World holds is infinite: a game that calls the rules itself with them
// gets NaN, not a number that looks right.
func TestRulesWithInfinitiesSayNaN(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name string
		got  float64
	}{
		{"DistanceFalloff(1000, 600, +Inf)", morale.DistanceFalloff(1000, 600, inf)},
		{"ContagionPull(+Inf, 0.5, 0)", morale.ContagionPull(inf, 0.5, 0)},
		{"ContagionPull(0.5, +Inf, 0.5)", morale.ContagionPull(0.5, inf, 0.5)},
	} {
		if !math.IsNaN(c.got) {
			t.Errorf("%s = %v; want NaN, as its doc says", c.name, c.got)
		}
	}
}
