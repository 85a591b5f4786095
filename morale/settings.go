package morale

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"unicode/utf8"
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

// Param describes one number designers tune: a numeric field of Settings or
// a row of the weight table. It is the one description that tools list and
// edit (the demo's tuner, the TOML reader and writer).
type Param struct {
	// Name is the Go field name and the key in weights.toml; for a weight
	// row, the event name.
	Name string
	// Doc is a one-line description for comments and tooltips.
	Doc string
	// Unit is "s", "/s", "cm" or "" (a fraction of morale or a weight).
	Unit string
	// Min and Max are a sensible editing range and Step a sensible
	// increment, for sliders; Validate has the real rules.
	Min, Max, Step float64
	// Weight is true for a row of the weight table, and Custom, besides,
	// for the row of a custom event (the game's own, in [custom]; see
	// Event.BuiltIn).
	Weight bool
	Custom bool
	// Get returns the value in s; Set stores v into *s.
	Get func(s Settings) float64
	Set func(s *Settings, v float64)
}

// field returns the Param of one numeric Settings field.
func field(name, unit, doc string, lo, hi, step float64, ptr func(*Settings) *float64) Param {
	return Param{
		Name: name,
		Doc:  doc,
		Unit: unit,
		Min:  lo,
		Max:  hi,
		Step: step,
		Get:  func(s Settings) float64 { return *ptr(&s) },
		Set:  func(s *Settings, v float64) { *ptr(s) = v },
	}
}

// Params returns the numeric fields of Settings in declaration order.
func Params() []Param {
	return []Param{
		field("ShakenBelow", "", "morale below this is Shaken",
			0, 1, 0.01, func(s *Settings) *float64 { return &s.ShakenBelow }),
		field("PanicBelow", "", "morale below this is Panicked",
			0, 1, 0.01, func(s *Settings) *float64 { return &s.PanicBelow }),
		field("Hysteresis", "", "added to both thresholds on the way up; zero makes states flicker",
			0, 0.5, 0.01, func(s *Settings) *float64 { return &s.Hysteresis }),
		field("MinimumStateSeconds", "s", "no state change sooner than this after the last one",
			0, 5, 0.05, func(s *Settings) *float64 { return &s.MinimumStateSeconds }),
		field("RoutAfterSeconds", "s", "seconds of unbroken panic before a rout; 0 switches routing off",
			0, 20, 0.1, func(s *Settings) *float64 { return &s.RoutAfterSeconds }),
		field("MinRoutSeconds", "s", "shortest rout, in seconds",
			0, 30, 0.1, func(s *Settings) *float64 { return &s.MinRoutSeconds }),
		field("ContagionPerSecond", "/s", "pull towards the squad average (0.5: about 40% of the gap per second)",
			0, 5, 0.05, func(s *Settings) *float64 { return &s.ContagionPerSecond }),
		field("SquadUpdateInterval", "s", "seconds between simulation steps",
			0.01, 2, 0.01, func(s *Settings) *float64 { return &s.SquadUpdateInterval }),
		field("RecoveryPerSecond", "/s", "morale regained per second once the delay has passed",
			0, 0.5, 0.005, func(s *Settings) *float64 { return &s.RecoveryPerSecond }),
		field("RecoveryDelaySeconds", "s", "seconds without bad news before recovery starts",
			0, 30, 0.1, func(s *Settings) *float64 { return &s.RecoveryDelaySeconds }),
		field("FullEffectRadius", "cm", "events at a location are felt in full within this distance",
			0, 10000, 50, func(s *Settings) *float64 { return &s.FullEffectRadius }),
		field("NoEffectRadius", "cm", "events at a location fade to nothing at this distance (the default reach)",
			50, 20000, 50, func(s *Settings) *float64 { return &s.NoEffectRadius }),
		field("NerveMin", "", "lowest nerve rolled at spawn",
			0, 1, 0.01, func(s *Settings) *float64 { return &s.NerveMin }),
		field("NerveMax", "", "highest nerve rolled at spawn",
			0, 1, 0.01, func(s *Settings) *float64 { return &s.NerveMax }),
	}
}

// WeightParam returns the Param of the weight row of event e, with the slider
// range -1..1 in steps of 0.01 (Validate allows ±MaxWeight); Custom is true
// when e is not a built-in event. Set adds the row when s has none. A copy of
// Settings shares its Weights map with the original: call Set on a Clone to
// leave the original as it was.
func WeightParam(e Event) Param {
	doc := "weight of the event " + string(e)
	if !e.BuiltIn() {
		doc = "weight of the custom event " + string(e)
	}
	return Param{
		Name:   string(e),
		Doc:    doc,
		Min:    -1,
		Max:    1,
		Step:   0.01,
		Weight: true,
		Custom: !e.BuiltIn(),
		Get:    func(s Settings) float64 { return s.Weights[e] },
		Set: func(s *Settings, v float64) {
			if s.Weights == nil {
				s.Weights = make(map[Event]float64)
			}
			s.Weights[e] = v
		},
	}
}

// WeightParams returns one Param per weight row of s, in the order of
// s.Events(): the built-in events' rows, then the custom ones (Param.Custom).
func WeightParams(s Settings) []Param {
	events := s.Events()
	ps := make([]Param, len(events))
	for i, e := range events {
		ps[i] = WeightParam(e)
	}
	return ps
}

// The bounds Validate enforces, beyond "finite" and the rules between fields.
const (
	// MaxSeconds is the largest value of each time setting
	// (SquadUpdateInterval, MinimumStateSeconds, RoutAfterSeconds,
	// MinRoutSeconds, RecoveryDelaySeconds): one day, 86400 s. The World's
	// clock counts int64 ticks of 1/705,600,000 s, so a day is 6.1e13 ticks,
	// far inside its range.
	MaxSeconds = 86400
	// MinSquadUpdateInterval is the shortest SquadUpdateInterval: 1 ms, so a
	// step is at least 705,600 clock ticks and a second of Advance at most
	// 1000 steps.
	MinSquadUpdateInterval = 0.001
	// MaxPerSecond is the largest ContagionPerSecond and RecoveryPerSecond:
	// 1000 per second. Morale spans 0..1, so any rate above 1/s already does
	// everything in about a second.
	MaxPerSecond = 1000
	// MinNoEffectRadius (1 cm) and MaxRadius (1e7 cm, 100 km) bound the radii:
	// NoEffectRadius is the World's spatial grid cell size, which must be
	// neither zero nor so large that positions lose their precision in it.
	// FullEffectRadius lies in 0..NoEffectRadius.
	MinNoEffectRadius = 1
	MaxRadius         = 1e7
	// MaxWeight bounds every weight: |w| ≤ 1000. Morale spans 0..1, so any
	// weight above 1 at scale 1 is already everything; the bound keeps
	// weight×scale finite for any sensible scale.
	MaxWeight = 1000
	// MaxEventNameBytes is the longest event name of a weight row, 256
	// bytes of valid UTF-8, so that every row fits on a line of weights.toml.
	MaxEventNameBytes = 256
	// MaxWeightRows is the most rows the weight table may have: 500, so that
	// any valid Settings fits in a weights file of MaxFileBytes.
	MaxWeightRows = 500
)

// Validate reports every problem with s, each naming its field, or nil when s
// is usable. Every number must be finite; thresholds and nerves lie in 0..1
// with PanicBelow < ShakenBelow, ShakenBelow+Hysteresis ≤ 1 (or nobody could
// ever be Steady again) and NerveMin ≤ NerveMax; times lie in 0..MaxSeconds,
// SquadUpdateInterval in MinSquadUpdateInterval..MaxSeconds; rates in
// 0..MaxPerSecond; NoEffectRadius in MinNoEffectRadius..MaxRadius and
// FullEffectRadius in 0..NoEffectRadius; Hysteresis is not negative. Weight
// rows, at most MaxWeightRows of them, have names of valid UTF-8 no longer than
// MaxEventNameBytes, and finite weights no larger than MaxWeight either way.
// Every problem is reported, each once, in one error: *FieldError values
// joined with errors.Join, in the order of the fields (a NaN or infinite
// field is named as such, and the rules between it and another field are
// left to be checked once it is finite).
func (s Settings) Validate() error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	// A problem with two fields: other is the second, for the file's line.
	bad2 := func(field, other, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Msg: fmt.Sprintf(format, args...), other: other})
	}
	// A NaN or infinite field is named once, as such; the rules it takes
	// part in are checked for the others only.
	nonFinite := make(map[string]bool)
	for _, p := range Params() {
		if v := p.Get(s); !finite(v) {
			bad(p.Name, "is %v; it must be a finite number", v)
			nonFinite[p.Name] = true
		}
	}
	ok := func(names ...string) bool {
		for _, n := range names {
			if nonFinite[n] {
				return false
			}
		}
		return true
	}
	in := func(name string, v, lo, hi float64, unit string) {
		if ok(name) && (v < lo || v > hi) {
			bad(name, "is %g%s; it must lie in %g..%g%s", v, unit, lo, hi, unit)
		}
	}
	in("ShakenBelow", s.ShakenBelow, 0, 1, "")
	in("PanicBelow", s.PanicBelow, 0, 1, "")
	if ok("PanicBelow", "ShakenBelow") && s.PanicBelow >= s.ShakenBelow {
		bad2("PanicBelow", "ShakenBelow", "is %g; it must be below ShakenBelow (%g)", s.PanicBelow, s.ShakenBelow)
	}
	if ok("Hysteresis") && s.Hysteresis < 0 {
		bad("Hysteresis", "is %g; it must not be negative", s.Hysteresis)
	}
	if ok("Hysteresis", "ShakenBelow") && s.ShakenBelow+s.Hysteresis > 1 {
		bad2("Hysteresis", "ShakenBelow",
			"is %g; ShakenBelow+Hysteresis (%g) must not exceed 1, or nobody could be Steady again",
			s.Hysteresis, s.ShakenBelow+s.Hysteresis)
	}
	in("MinimumStateSeconds", s.MinimumStateSeconds, 0, MaxSeconds, " s")
	in("RoutAfterSeconds", s.RoutAfterSeconds, 0, MaxSeconds, " s")
	in("MinRoutSeconds", s.MinRoutSeconds, 0, MaxSeconds, " s")
	in("ContagionPerSecond", s.ContagionPerSecond, 0, MaxPerSecond, "/s")
	in("SquadUpdateInterval", s.SquadUpdateInterval, MinSquadUpdateInterval, MaxSeconds, " s")
	in("RecoveryPerSecond", s.RecoveryPerSecond, 0, MaxPerSecond, "/s")
	in("RecoveryDelaySeconds", s.RecoveryDelaySeconds, 0, MaxSeconds, " s")
	in("NoEffectRadius", s.NoEffectRadius, MinNoEffectRadius, MaxRadius, " cm")
	if ok("FullEffectRadius") && s.FullEffectRadius < 0 {
		bad("FullEffectRadius", "is %g cm; it must not be negative", s.FullEffectRadius)
	} else if ok("FullEffectRadius", "NoEffectRadius") && s.NoEffectRadius < s.FullEffectRadius {
		bad2("NoEffectRadius", "FullEffectRadius",
			"is %g cm; it must not be below FullEffectRadius (%g cm)", s.NoEffectRadius, s.FullEffectRadius)
	}
	in("NerveMin", s.NerveMin, 0, 1, "")
	in("NerveMax", s.NerveMax, 0, 1, "")
	if ok("NerveMin", "NerveMax") && s.NerveMin > s.NerveMax {
		bad2("NerveMin", "NerveMax", "is %g; it must not exceed NerveMax (%g)", s.NerveMin, s.NerveMax)
	}
	if len(s.Weights) > MaxWeightRows {
		bad("Weights", "has %d rows; the table may have at most %d", len(s.Weights), MaxWeightRows)
	}
	for _, e := range s.Events() {
		w := s.Weights[e]
		switch {
		case e == "":
			bad("Weights", "has a row with an empty event name")
		case !utf8.ValidString(string(e)):
			bad("Weights."+string(e), "is not valid UTF-8; an event name must be")
		case len(e) > MaxEventNameBytes:
			bad("Weights."+string(e), "is a name of %d bytes; an event name may have at most %d", len(e), MaxEventNameBytes)
		case !finite(w):
			bad("Weights."+string(e), "is %v; it must be a finite number", w)
		case math.Abs(w) > MaxWeight:
			bad("Weights."+string(e), "is %g; it must lie in -%d..%d", w, MaxWeight, MaxWeight)
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

	// other is the second field of a rule between two, whose line names the
	// problem when the file did not set Field.
	other string
}

// fieldMax is the most of a field name an error message shows.
const fieldMax = 64

// Error returns "Field is …" or, with a line, "line N: Field is …". A field
// name longer than 64 characters is cut short.
func (e *FieldError) Error() string {
	f := truncate(e.Field, fieldMax)
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s %s", e.Line, f, e.Msg)
	}
	return f + " " + e.Msg
}
