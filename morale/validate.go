package morale

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
// MaxEventNameBytes, none a setting's (ShakenBelow is no event), and finite
// weights no larger than MaxWeight either way.
// Every problem is reported, each once, in one error: *FieldError values
// joined with errors.Join: every NaN or infinite setting first, named as
// such (the rules between it and another field are left to be checked once
// it is finite), then the other problems in the order of the fields, and
// the weight rows last, in Events' order, a NaN or infinite weight among
// them.
func (s Settings) Validate() error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	// A problem with two fields: other is the second, for the file's line.
	bad2 := func(field, other, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Msg: fmt.Sprintf(format, args...), Other: other})
	}
	// A NaN or infinite field is named once, as such; the rules it takes
	// part in are checked for the others only.
	nonFinite := make(map[string]bool)
	setting := make(map[Event]bool) // the settings' names, which no row may take
	for _, p := range Params() {
		setting[Event(p.Name)] = true
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
			bad(name, "is %s%s; it must lie in %s..%s%s", exact(v), unit, exact(lo), exact(hi), unit)
		}
	}
	in("ShakenBelow", s.ShakenBelow, 0, 1, "")
	in("PanicBelow", s.PanicBelow, 0, 1, "")
	if ok("PanicBelow", "ShakenBelow") && s.PanicBelow >= s.ShakenBelow {
		bad2("PanicBelow", "ShakenBelow", "is %s; it must be below ShakenBelow (%s)", exact(s.PanicBelow), exact(s.ShakenBelow))
	}
	if ok("Hysteresis") && s.Hysteresis < 0 {
		bad("Hysteresis", "is %s; it must not be negative", exact(s.Hysteresis))
	}
	if ok("Hysteresis", "ShakenBelow") && s.ShakenBelow+s.Hysteresis > 1 {
		bad2("Hysteresis", "ShakenBelow",
			"is %s; ShakenBelow+Hysteresis (%s) must not exceed 1, or nobody could be Steady again",
			exact(s.Hysteresis), sumText(s.ShakenBelow, s.Hysteresis, 1))
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
		bad("FullEffectRadius", "is %s cm; it must not be negative", exact(s.FullEffectRadius))
	} else if ok("FullEffectRadius", "NoEffectRadius") && s.NoEffectRadius < s.FullEffectRadius {
		bad2("NoEffectRadius", "FullEffectRadius",
			"is %s cm; it must not be below FullEffectRadius (%s cm)", exact(s.NoEffectRadius), exact(s.FullEffectRadius))
	}
	in("NerveMin", s.NerveMin, 0, 1, "")
	in("NerveMax", s.NerveMax, 0, 1, "")
	if ok("NerveMin", "NerveMax") && s.NerveMin > s.NerveMax {
		bad2("NerveMin", "NerveMax", "is %s; it must not exceed NerveMax (%s)", exact(s.NerveMin), exact(s.NerveMax))
	}
	if len(s.Weights) > MaxWeightRows {
		builtIn := 0
		for e := range s.Weights {
			builtIn += b2i(e.BuiltIn())
		}
		bad("Weights", "has %d rows (%d built-in events, %d custom); the table may have at most %d",
			len(s.Weights), builtIn, len(s.Weights)-builtIn, MaxWeightRows)
	}
	for _, e := range s.Events() {
		w := s.Weights[e]
		switch {
		case e == "":
			bad("Weights", "has a row with an empty event name")
		case eventNameProblem(e) != "":
			bad("Weights."+string(e), "%s", eventNameProblem(e))
		case setting[e]:
			bad("Weights."+string(e), "is the name of a setting, which no event may take")
		case !finite(w):
			bad("Weights."+string(e), "is %v; it must be a finite number", w)
		case math.Abs(w) > MaxWeight:
			bad("Weights."+string(e), "is %s; it must lie in -%d..%d", exact(w), MaxWeight, MaxWeight)
		}
	}
	return errors.Join(errs...)
}

// eventNameProblem says why e names no event a weights table may hold
// (empty, not UTF-8, longer than MaxEventNameBytes), or "": the one rule of
// Validate and of a savegame's event names.
func eventNameProblem(e Event) string {
	switch {
	case e == "":
		return "is an empty event name"
	case !utf8.ValidString(string(e)):
		return "is not valid UTF-8; an event name must be valid UTF-8 text"
	case len(e) > MaxEventNameBytes:
		return fmt.Sprintf("is a name of %d bytes; an event name may have at most %d", len(e), MaxEventNameBytes)
	}
	return ""
}

// sumText writes a+b, two numbers a designer wrote, as the sum he would
// work out: as ruleNum writes a sum of settings (0.97+0.12 is
// 1.0899999999999999 as a float; it reads 1.09), but exactly when that
// would read as limit, which the sum is checked against.
func sumText(a, b, limit float64) string {
	sum := a + b
	if t := ruleNum(sum); t != ruleNum(limit) {
		return t
	}
	return exact(sum)
}

// exact writes v, a number a designer wrote or a limit of Validate's, as
// the shortest plain decimal that reads back as v ("0.00001", "10000000",
// where %g wrote "1e-05" and "1e+07"), or with an exponent ("1e+300") when
// the decimals would pass 24 characters. The lab and the demo say values
// back by the same rule (internal/figures.Exact); morale imports nothing
// of them, so the rule is written twice.
func exact(v float64) string {
	if v == 0 {
		v = 0 // -0 reads "0"
	}
	if s := strconv.FormatFloat(v, 'f', -1, 64); len(s) <= 24 {
		return s
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// FieldError is a problem with one field of Settings. Line is the line of
// weights.toml that set it, or 0 when the value did not come from a file.
type FieldError struct {
	Field string
	Line  int
	Msg   string

	// Other is the second field of a rule between two (PanicBelow must be
	// below ShakenBelow: Other is ShakenBelow), or "". OtherLine is the
	// line of the file that set Other, or 0. When the file set Other but
	// not Field, Line is OtherLine: the problem is on the line the file
	// wrote. A reader that numbers the lines otherwise (a block of a larger
	// file) maps both.
	Other     string
	OtherLine int
}

// fieldMax is the most of a field name an error message shows.
const fieldMax = 64

// Error returns "Field is …" or, with a line, "line N: key is …", the key
// as the file spells it (weights.X or custom.X for the row of Weights.X),
// and Other's line when there is one: "… (ShakenBelow is set on line 11)"
// when the problem is on that line, else "…; ShakenBelow is set on line
// 11". A field name longer than 64 characters is cut short, and its bytes
// that are not valid UTF-8 (an event name's, which Validate refuses) read
// U+FFFD.
func (e *FieldError) Error() string {
	field := strings.ToValidUTF8(e.Field, "\uFFFD")
	if e.Line <= 0 {
		return truncate(field, fieldMax) + " " + e.Msg
	}
	msg := fmt.Sprintf("line %d: %s %s", e.Line, truncate(fileKey(field), fieldMax), e.Msg)
	switch {
	case e.Other == "" || e.OtherLine <= 0:
		return msg
	case e.OtherLine == e.Line:
		return fmt.Sprintf("%s (%s is set on line %d)", msg, e.Other, e.OtherLine)
	}
	return fmt.Sprintf("%s; %s is set on line %d", msg, e.Other, e.OtherLine)
}
