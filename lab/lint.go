package lab

import (
	_ "embed"
	"fmt"
	"math"
	"sort"

	"github.com/moralebreak/moralebreak/morale"
)

// Warning is one lint finding: the rule, what was measured and what to do.
type Warning struct {
	// Rule is a short identifier such as "flicker".
	Rule string `json:"rule"`
	// Message says what is wrong, with the measurement, and the fix.
	Message string `json:"message"`
}

// String returns "rule: message".
func (w Warning) String() string { return w.Rule + ": " + w.Message }

// referenceFight is the fight the lint measures bad news against
// (lint_reference.toml): the design's opening, two losses, a shell, a wound
// and steady suppression, with a rally at 14 s. It uses only the design's
// events.
//
//go:embed lint_reference.toml
var referenceFight string

// lintRuns is the number of seeded reference fights per rule.
const lintRuns = 24

// Lint measures s against the README's troubleshooting rules with small
// simulations and returns a warning per rule that fails, in a fixed order
// (none for the shipped weights.toml). It takes a few milliseconds, so a tool
// may call it whenever the settings change. Settings that do not validate
// give one "invalid" warning.
func Lint(s morale.Settings) []Warning {
	if err := s.Validate(); err != nil {
		return []Warning{{Rule: "invalid", Message: err.Error()}}
	}
	var ws []Warning
	add := func(rule, format string, args ...any) {
		ws = append(ws, Warning{Rule: rule, Message: fmt.Sprintf(format, args...)})
	}

	// 0. The Shaken band narrower than the hysteresis a man climbs back
	// through: out of panic he is past ShakenBelow at once.
	if band := s.ShakenBelow - s.PanicBelow; band < s.Hysteresis {
		add("shaken-band", "ShakenBelow %s − PanicBelow %s = %s is narrower than Hysteresis %s: a man leaving panic (above %s) is past ShakenBelow at once, so the Shaken state, where most of a fight's character lives, all but vanishes; keep ShakenBelow − PanicBelow at least Hysteresis (the defaults: 0.60 − 0.25 ≥ 0.15)", FormatExact(s.ShakenBelow), FormatExact(s.PanicBelow), FormatFigures(band, 3), FormatExact(s.Hysteresis), FormatFigures(s.PanicBelow+s.Hysteresis, 3))
	}

	// 1. Flicker: an agent whose morale wobbles ±0.02 around ShakenBelow.
	if n := flickerChanges(s, 10); n > 5 {
		add("flicker", "an agent whose morale wobbles by ±0.02 around ShakenBelow changed state %d times in 10 s (Hysteresis %.2f, MinimumStateSeconds %.2f); put them back near 0.15 and 0.75", n, s.Hysteresis, s.MinimumStateSeconds)
	}

	// 2. Squads break in unison because of a narrow nerve range (contagion off).
	noCont := s.Clone()
	noCont.ContagionPerSecond = 0
	if spread := unisonSpread(noCont, nil); spread <= s.SquadUpdateInterval {
		add("nerve-range", "with NerveMin %.2f and NerveMax %.2f the members of a squad under the same fire panic within %.2f s of each other (median of %d squads, contagion off); widen the nerve range", s.NerveMin, s.NerveMax, spread, lintRuns)
	}

	// 3. Contagion so strong that even a wide spread of nerves breaks in one step.
	wide := []float64{0.1, 0.25, 0.4, 0.55, 0.7}
	if spread := unisonSpread(s, wide); spread <= s.SquadUpdateInterval {
		add("contagion", "with ContagionPerSecond %s a squad with nerves 0.1..0.7 panics within %.2f s, one step (%.2f s); a hive wants that, people do not: lower it", FormatExact(s.ContagionPerSecond), spread, s.SquadUpdateInterval)
	}

	// 4. Routs never happen in the reference fight; 6. re-breaks after the rally.
	sc, err := ParseScenario("lint reference", []byte(referenceFight))
	if err == nil {
		var routed, rebroke int
		var at10 []float64
		for i := 0; i < lintRuns; i++ {
			r, err := Run(sc, s, RunSeed(1, i))
			if err != nil {
				break
			}
			if r.FirstRouted != nil {
				routed++
			}
			if r.Rebreaks > 0 {
				rebroke++
			}
			if len(r.Morale) > 10 {
				at10 = append(at10, r.Morale[10])
			}
		}
		if routed == 0 {
			add("no-routs", "nobody routed in %d runs of the reference fight (two losses, a shell, a wound, steady suppression): recovery (%s/s after %s s) outpaces the bad news, or RoutAfterSeconds (%s) is off; make the events bigger or recovery slower", lintRuns, FormatExact(s.RecoveryPerSecond), FormatExact(s.RecoveryDelaySeconds), FormatExact(s.RoutAfterSeconds))
		}
		if rebroke*2 > lintRuns {
			add("rally-rebreak", "in %d of %d reference fights a man rallied at 14 s broke again within 5 s: the rally does not stick; lower the suppression weights or raise Hysteresis", rebroke, lintRuns)
		}
		if len(at10) > 0 {
			sort.Float64s(at10)
			if m := Percentile(at10, 50); m < 0.1 {
				add("all-zero", "the reference fight's average morale is %.2f after 10 s (median): everybody is at zero within ten seconds; report Suppressed on a timer, not per hit, or lower the weights", m)
			}
		}
	}

	// 5. A routed man with no more bad news must come back.
	if t := routReturn(s, 120); math.IsInf(t, 1) {
		add("rout-forever", "a man routed at morale 0 with no more bad news is still Routed after 120 s (RecoveryPerSecond %s, PanicBelow+Hysteresis %.2f): routed agents can never climb back past the band", FormatExact(s.RecoveryPerSecond), s.PanicBelow+s.Hysteresis)
	}
	return ws
}

// flickerChanges counts the state changes of an agent whose morale is set
// alternately 0.02 below and above ShakenBelow at every step for seconds s.
func flickerChanges(s morale.Settings, seconds float64) int {
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		return 0
	}
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.5))
	n := 0
	w.OnStateChanged(func(*morale.Agent, morale.State, morale.State, morale.Reason) { n++ })
	steps := int(seconds / s.SquadUpdateInterval)
	for i := 0; i < steps; i++ {
		v := s.ShakenBelow - 0.02
		if i%2 == 1 {
			v = s.ShakenBelow + 0.02
		}
		if err := a.SetMorale(math.Max(0, math.Min(1, v))); err != nil {
			return 0
		}
		w.Advance(s.SquadUpdateInterval)
	}
	return n
}

// unisonSpread returns the median, over lintRuns squads of five, of the time
// between the first and the last member to panic under the same steady bad
// news (Suppressed every second to everyone). nerves pins the nerves; nil
// rolls them. Squads where not all panic within 60 s count as spread out.
func unisonSpread(s morale.Settings, nerves []float64) float64 {
	var spreads []float64
	weight := s.Weights[morale.Suppressed]
	if weight >= 0 {
		weight = -0.07
	}
	for i := 0; i < lintRuns; i++ {
		w, err := morale.NewWorld(s, RunSeed(7, i))
		if err != nil {
			return math.Inf(1)
		}
		var men []*morale.Agent
		for j := 0; j < 5; j++ {
			var opts []morale.SpawnOption
			if nerves != nil {
				opts = append(opts, morale.WithNerve(nerves[j]))
			}
			men = append(men, w.Spawn(1, morale.Vec2{X: float64(j) * 100}, opts...))
		}
		first, last := math.Inf(1), math.Inf(1)
		panicked := map[*morale.Agent]bool{}
		w.OnStateChanged(func(a *morale.Agent, _, st morale.State, _ morale.Reason) {
			if st.IsBroken() && !panicked[a] {
				panicked[a] = true
				if len(panicked) == 1 {
					first = w.Now()
				}
				if len(panicked) == len(men) {
					last = w.Now()
				}
			}
		})
		for t := 0; t < 60 && math.IsInf(last, 1); t++ {
			for _, a := range men {
				if err := a.ReportCustomEvent(weight); err != nil {
					return math.Inf(1)
				}
			}
			w.Advance(1)
		}
		spreads = append(spreads, last-first)
	}
	sort.Float64s(spreads)
	return Percentile(spreads, 50)
}

// routReturn returns how long a man routed at morale 0 with no more news
// stays Routed (+Inf when longer than limit seconds).
func routReturn(s morale.Settings, limit float64) float64 {
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		return math.Inf(1)
	}
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0))
	a.ForceRout()
	for t := 0.0; t < limit; t += s.SquadUpdateInterval {
		w.Advance(s.SquadUpdateInterval)
		if a.State() != morale.Routed {
			return w.Now()
		}
	}
	return math.Inf(1)
}
