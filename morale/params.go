package morale

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
