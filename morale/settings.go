package morale

import (
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
	// Weights is the worth of each event, per unit of scale: the built-in
	// events' rows (Event.BuiltIn; the [weights] table of weights.toml) and
	// the game's own, custom events' rows (any other name; the [custom]
	// table). An event without a row is worth zero. Negative weights are
	// bad news.
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

// BuiltIn reports whether e is one of the design's events (AllyDown,
// LeaderDown, TookDamage, Suppressed, Outnumbered, LowHealth, EnemyDown,
// ReinforcementsArrived, LeaderNearby, Rest): a row of the [weights] table of
// weights.toml. Any other event is a custom event, the game's own, whose row
// belongs in the [custom] table.
func (e Event) BuiltIn() bool {
	switch e {
	case AllyDown, LeaderDown, TookDamage, Suppressed, Outnumbered,
		LowHealth, EnemyDown, ReinforcementsArrived, LeaderNearby, Rest:
		return true
	}
	return false
}

// builtInNames returns the names of the built-in events, in the design's
// order.
func builtInNames() []string {
	rows := defaultRows()
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = string(r.event)
	}
	return names
}

// Clone returns a copy of s that shares no map or slice with it.
func (s Settings) Clone() Settings {
	c := s
	c.Weights = maps.Clone(s.Weights)
	c.order = slices.Clone(s.order)
	return c
}

// Equal reports whether s and t are the same settings: every parameter
// (Params) and every weight row alike, compared with == (a NaN, which
// Validate refuses, equals nothing); the order of the rows does not count.
func (s Settings) Equal(t Settings) bool {
	for _, p := range Params() {
		if p.Get(s) != p.Get(t) {
			return false
		}
	}
	return maps.Equal(s.Weights, t.Weights)
}

// Events returns the events that have a weight row: the built-in events
// first (Event.BuiltIn), in the order they were read from a file, then any
// others in the design's order; then the custom events, in the order they
// were read from a file, then any others sorted by name. It is the order of
// the rows in weights.toml, [weights] then [custom].
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
		if e.BuiltIn() {
			add(e)
		}
	}
	for _, r := range defaultRows() {
		add(r.event)
	}
	for _, e := range s.order {
		add(e)
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
