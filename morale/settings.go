package morale

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Settings is the table designers tune: thresholds, timings, contagion,
// recovery, reach and the weight of every event. It is a plain value; a World
// keeps its own copy. Store it in weights.toml with SaveSettings and read it
// with LoadSettings. All times are in seconds, rates per second, radii in
// world units (centimetres in the design), and morale and nerve in 0..1.
type Settings struct {
	// ShakenBelow: morale strictly below it makes a Steady agent Shaken (0.60).
	ShakenBelow float64
	// PanicBelow: morale strictly below it makes an agent Panicked (0.25).
	PanicBelow float64
	// Hysteresis lifts both thresholds on the way up (0.15): an agent needs
	// 0.40 to leave panic and 0.75 to be Steady again. The most important
	// number in the table: at zero, an agent parked on a threshold flickers.
	Hysteresis float64
	// MinimumStateSeconds blocks any state change sooner than this after the
	// last one (0.75). Rally and ForceRout ignore it.
	MinimumStateSeconds float64
	// RoutAfterSeconds of unbroken panic make an agent rout (3.5). Zero
	// switches routing off.
	RoutAfterSeconds float64
	// MinRoutSeconds is the shortest rout (6.0); morale must also be back
	// above PanicBelow+Hysteresis before it ends.
	MinRoutSeconds float64
	// ContagionPerSecond is the rate of the exponential pull towards the
	// squad's average morale (0.5: about 40% of the gap closed per second).
	ContagionPerSecond float64
	// SquadUpdateInterval is the fixed step of the simulation (0.25).
	SquadUpdateInterval float64
	// RecoveryPerSecond is how fast morale returns (0.06) once
	// RecoveryDelaySeconds have passed since the last bad news (4.0).
	RecoveryPerSecond    float64
	RecoveryDelaySeconds float64
	// FullEffectRadius: events at a location reach full strength within it
	// (600), fading to nothing at NoEffectRadius (3000), the default reach.
	FullEffectRadius float64
	NoEffectRadius   float64
	// NerveMin and NerveMax bound the nerve rolled at spawn (0.1..0.7).
	NerveMin float64
	NerveMax float64
	// Weights is the worth of each event, per unit of scale. An event without
	// a row is worth zero. Negative weights are bad news.
	Weights map[Event]float64

	// order is the order of the weight rows, as read from a file.
	order []Event
}

// weightRow is one row of the design's weight table.
type weightRow struct {
	event  Event
	weight float64
	note   string
}

// defaultRows returns the design's weight table, in its order, with its notes.
func defaultRows() []weightRow {
	return []weightRow{
		{AllyDown, -0.18, "Somebody on our side went down nearby."},
		{LeaderDown, -0.45, "Worth several ordinary losses."},
		{TookDamage, -0.10, "A hit; scale it by how bad the hit was."},
		{Suppressed, -0.07, "Rounds landing near us, hit or not. Report it on a timer, never per hit."},
		{Outnumbered, -0.05, "Scale it with OutnumberedFactor."},
		{LowHealth, -0.15, "Report once, when health falls low."},
		{EnemyDown, +0.08, "One of theirs went down."},
		{ReinforcementsArrived, +0.25, "Fresh men at our side."},
		{LeaderNearby, +0.04, "Quietly the strongest steadying influence there is."},
		{Rest, +0.03, "Out of the fight for a moment."},
	}
}

// DefaultSettings returns the design's defaults and weight table.
func DefaultSettings() Settings {
	s := Settings{
		ShakenBelow:          0.60,
		PanicBelow:           0.25,
		Hysteresis:           0.15,
		MinimumStateSeconds:  0.75,
		RoutAfterSeconds:     3.5,
		MinRoutSeconds:       6.0,
		ContagionPerSecond:   0.5,
		SquadUpdateInterval:  0.25,
		RecoveryPerSecond:    0.06,
		RecoveryDelaySeconds: 4.0,
		FullEffectRadius:     600,
		NoEffectRadius:       3000,
		NerveMin:             0.1,
		NerveMax:             0.7,
		Weights:              make(map[Event]float64, len(defaultRows())),
	}
	for _, r := range defaultRows() {
		s.Weights[r.event] = r.weight
		s.order = append(s.order, r.event)
	}
	return s
}

// Clone returns a copy of s that shares no map or slice with it.
func (s Settings) Clone() Settings {
	c := s
	c.Weights = maps.Clone(s.Weights)
	c.order = slices.Clone(s.order)
	return c
}

// Events returns the events that have a weight row: first in the order they
// were read from a file (or the design's order for DefaultSettings), then any
// others sorted by name.
func (s Settings) Events() []Event {
	out := make([]Event, 0, len(s.Weights))
	seen := make(map[Event]bool, len(s.Weights))
	add := func(e Event) {
		if _, ok := s.Weights[e]; ok && !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	for _, e := range s.order {
		add(e)
	}
	for _, r := range defaultRows() {
		add(r.event)
	}
	rest := make([]Event, 0, len(s.Weights)-len(out))
	for e := range s.Weights {
		if !seen[e] {
			rest = append(rest, e)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Weight returns the weight of event e, or 0 when it has no row.
func (s Settings) Weight(e Event) float64 { return s.Weights[e] }

// Param describes one numeric field of Settings, for tools that list or edit
// them (the demo's tuner, the TOML reader).
type Param struct {
	// Name is the Go field name, also the key in weights.toml.
	Name string
	// Doc is a one-line description for comments and tooltips.
	Doc string
	// Min and Max are a sensible editing range and Step a sensible
	// increment, for sliders; Validate has the real rules.
	Min, Max, Step float64
	// Get returns the field's value; Set stores v into it.
	Get func(s *Settings) float64
	Set func(s *Settings, v float64)
}

// Params returns the numeric fields of Settings in declaration order.
func Params() []Param {
	return []Param{
		{"ShakenBelow", "morale below this is Shaken", 0, 1, 0.01, func(s *Settings) float64 { return s.ShakenBelow }, func(s *Settings, v float64) { s.ShakenBelow = v }},
		{"PanicBelow", "morale below this is Panicked", 0, 1, 0.01, func(s *Settings) float64 { return s.PanicBelow }, func(s *Settings, v float64) { s.PanicBelow = v }},
		{"Hysteresis", "added to both thresholds on the way up; zero makes states flicker", 0, 0.5, 0.01, func(s *Settings) float64 { return s.Hysteresis }, func(s *Settings, v float64) { s.Hysteresis = v }},
		{"MinimumStateSeconds", "no state change sooner than this after the last one", 0, 5, 0.05, func(s *Settings) float64 { return s.MinimumStateSeconds }, func(s *Settings, v float64) { s.MinimumStateSeconds = v }},
		{"RoutAfterSeconds", "seconds of unbroken panic before a rout; 0 switches routing off", 0, 20, 0.1, func(s *Settings) float64 { return s.RoutAfterSeconds }, func(s *Settings, v float64) { s.RoutAfterSeconds = v }},
		{"MinRoutSeconds", "shortest rout, in seconds", 0, 30, 0.1, func(s *Settings) float64 { return s.MinRoutSeconds }, func(s *Settings, v float64) { s.MinRoutSeconds = v }},
		{"ContagionPerSecond", "pull towards the squad average (0.5: about 40% of the gap per second)", 0, 5, 0.05, func(s *Settings) float64 { return s.ContagionPerSecond }, func(s *Settings, v float64) { s.ContagionPerSecond = v }},
		{"SquadUpdateInterval", "seconds between simulation steps", 0.01, 2, 0.01, func(s *Settings) float64 { return s.SquadUpdateInterval }, func(s *Settings, v float64) { s.SquadUpdateInterval = v }},
		{"RecoveryPerSecond", "morale regained per second once the delay has passed", 0, 0.5, 0.005, func(s *Settings) float64 { return s.RecoveryPerSecond }, func(s *Settings, v float64) { s.RecoveryPerSecond = v }},
		{"RecoveryDelaySeconds", "seconds without bad news before recovery starts", 0, 30, 0.1, func(s *Settings) float64 { return s.RecoveryDelaySeconds }, func(s *Settings, v float64) { s.RecoveryDelaySeconds = v }},
		{"FullEffectRadius", "events at a location are felt in full within this distance", 0, 10000, 50, func(s *Settings) float64 { return s.FullEffectRadius }, func(s *Settings, v float64) { s.FullEffectRadius = v }},
		{"NoEffectRadius", "events at a location fade to nothing at this distance (the default reach)", 50, 20000, 50, func(s *Settings) float64 { return s.NoEffectRadius }, func(s *Settings, v float64) { s.NoEffectRadius = v }},
		{"NerveMin", "lowest nerve rolled at spawn", 0, 1, 0.01, func(s *Settings) float64 { return s.NerveMin }, func(s *Settings, v float64) { s.NerveMin = v }},
		{"NerveMax", "highest nerve rolled at spawn", 0, 1, 0.01, func(s *Settings) float64 { return s.NerveMax }, func(s *Settings, v float64) { s.NerveMax = v }},
	}
}

// minInterval is the shortest SquadUpdateInterval Validate accepts.
const minInterval = 0.001

// Validate reports every problem with s, each naming its field, or nil when s
// is usable. Every number must be finite; thresholds and nerves lie in 0..1
// with PanicBelow < ShakenBelow, ShakenBelow+Hysteresis ≤ 1 (or nobody could
// ever be Steady again) and NerveMin ≤ NerveMax; times, rates and radii are not
// negative; SquadUpdateInterval is at least 0.001 s; NoEffectRadius is
// positive and not below FullEffectRadius; weight rows have names.
func (s Settings) Validate() error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	for _, p := range Params() {
		if v := p.Get(&s); !finite(v) {
			bad(p.Name, "is %v; it must be a finite number", v)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	in01 := func(name string, v float64) {
		if v < 0 || v > 1 {
			bad(name, "is %g; it must lie in 0..1", v)
		}
	}
	notNeg := func(name string, v float64) {
		if v < 0 {
			bad(name, "is %g; it must not be negative", v)
		}
	}
	in01("ShakenBelow", s.ShakenBelow)
	in01("PanicBelow", s.PanicBelow)
	if s.PanicBelow >= s.ShakenBelow {
		bad("PanicBelow", "is %g; it must be below ShakenBelow (%g)", s.PanicBelow, s.ShakenBelow)
	}
	notNeg("Hysteresis", s.Hysteresis)
	if s.ShakenBelow+s.Hysteresis > 1 {
		bad("Hysteresis", "is %g; ShakenBelow+Hysteresis (%g) must not exceed 1, or nobody could be Steady again", s.Hysteresis, s.ShakenBelow+s.Hysteresis)
	}
	notNeg("MinimumStateSeconds", s.MinimumStateSeconds)
	notNeg("RoutAfterSeconds", s.RoutAfterSeconds)
	notNeg("MinRoutSeconds", s.MinRoutSeconds)
	notNeg("ContagionPerSecond", s.ContagionPerSecond)
	if s.SquadUpdateInterval < minInterval {
		bad("SquadUpdateInterval", "is %g; it must be at least %g seconds", s.SquadUpdateInterval, minInterval)
	}
	notNeg("RecoveryPerSecond", s.RecoveryPerSecond)
	notNeg("RecoveryDelaySeconds", s.RecoveryDelaySeconds)
	notNeg("FullEffectRadius", s.FullEffectRadius)
	if s.NoEffectRadius <= 0 {
		bad("NoEffectRadius", "is %g; it must be positive", s.NoEffectRadius)
	} else if s.NoEffectRadius < s.FullEffectRadius {
		bad("NoEffectRadius", "is %g; it must not be below FullEffectRadius (%g)", s.NoEffectRadius, s.FullEffectRadius)
	}
	in01("NerveMin", s.NerveMin)
	in01("NerveMax", s.NerveMax)
	if s.NerveMin > s.NerveMax {
		bad("NerveMin", "is %g; it must not exceed NerveMax (%g)", s.NerveMin, s.NerveMax)
	}
	for _, e := range s.Events() {
		w := s.Weights[e]
		switch {
		case e == "":
			bad("Weights", "has a row with an empty event name")
		case !finite(w):
			bad("Weights."+string(e), "is %v; it must be a finite number", w)
		}
	}
	return errors.Join(errs...)
}

// FieldError is a problem with one field of Settings. Line is the line of
// weights.toml that set it, or 0 when the value did not come from a file.
type FieldError struct {
	Field string
	Line  int
	Msg   string
}

// Error returns "Field is …" or, with a line, "line N: Field is …".
func (e *FieldError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s %s", e.Line, e.Field, e.Msg)
	}
	return e.Field + " " + e.Msg
}
