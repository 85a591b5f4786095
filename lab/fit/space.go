package fit

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// Key is one setting or weight row a fit may change, with the range it
// searches and the size of one unit of relative change.
type Key struct {
	lab.Knob
	// Start is the value in the starting weights.
	Start float64
	// Lo and Hi bound every candidate: the setting's editing range
	// (morale.Param Min..Max, widened to hold Start), and for a weight row
	// the side of zero it starts on, so bad news stays bad news.
	Lo, Hi float64
	// Custom is true when -keys gave the range (KEY=LO:HI).
	Custom bool
	// Scale is one unit of the search's coordinates and of the distance from
	// the start: |Start|, or a twentieth of Hi−Lo when that is larger, so
	// that 0.1 means "a 10% change".
	Scale float64
}

// value returns the key's value at search coordinate u (Start + u·Scale),
// clamped to Lo..Hi, and how far outside the range u was, in units of Scale.
func (k Key) value(u float64) (v, outside float64) {
	v = k.Start + u*k.Scale
	switch {
	case v < k.Lo:
		return k.Lo, (k.Lo - v) / k.Scale
	case v > k.Hi:
		return k.Hi, (v - k.Hi) / k.Scale
	}
	return v, 0
}

// relChange returns how far v is from the start, in units of Scale.
func (k Key) relChange(v float64) float64 { return math.Abs(v-k.Start) / k.Scale }

// round returns v rounded to a multiple of step·level (Param.Step, or 0.01
// when the knob has none), printed and parsed back so that the file shows
// "3.2", not "3.2000000000000002", and clamped to Lo..Hi.
func (k Key) round(v, level float64) float64 {
	step := k.Step
	if step <= 0 {
		step = 0.01
	}
	step *= level
	digits := max(0, int(math.Ceil(-math.Log10(step)-1e-9)))
	r, err := strconv.ParseFloat(strconv.FormatFloat(math.Round(v/step)*step, 'f', digits, 64), 64)
	if err != nil { // FormatFloat's output always parses
		r = v
	}
	return math.Max(k.Lo, math.Min(k.Hi, r))
}

// fixed says why a fit never changes the setting key, if it does not:
// SquadUpdateInterval is the simulation's fixed step, not a balance knob.
func fixed(key string) (why string, ok bool) {
	if key == "SquadUpdateInterval" {
		return "is the simulation's fixed step, not a balance knob; a fit keeps it", true
	}
	return "", false
}

// keysFor returns the keys a fit of scs at once may change, with scs[0]'s
// settings: the named ones (a setting, "weights.EVENT", or a bare event
// name that is not a setting, each KEY or KEY=LO:HI), or, when names is
// empty, every setting but SquadUpdateInterval and every weight row one of
// scs reports. An unknown key, a repeated one, SquadUpdateInterval and a
// row no scenario reports (it could not move any expectation) are errors
// naming the key (*Error, Flag "-keys").
func keysFor(scs []*lab.Scenario, names []string) ([]Key, error) {
	sc := scs[0]
	s := sc.Settings
	reported := func(k lab.Knob) bool { // a weight row one of scs reports
		return slices.ContainsFunc(scs, func(o *lab.Scenario) bool { return o.Reports(morale.Event(k.Name)) })
	}
	var free []lab.Knob // every key that may vary
	for _, k := range lab.Knobs(s) {
		if _, ok := fixed(k.Key); ok {
			continue
		}
		if k.Weight && !reported(k) {
			continue
		}
		free = append(free, k)
	}
	var knobs []lab.Knob
	ranges := map[string][2]float64{}
	if len(names) == 0 {
		knobs = free
	} else {
		seen := map[string]bool{}
		for _, name := range names {
			name, rng, hasRange := strings.Cut(strings.TrimSpace(name), "=")
			k, ok := lab.KnobByKey(s, name) // "Suppressed" too, for weights.Suppressed
			if !ok {
				var keys []string
				for _, k := range free {
					keys = append(keys, k.Key)
				}
				return nil, &Error{Flag: "-keys", Msg: fmt.Sprintf("%q is not a setting or a weight row of %s; one of %s", name, weightsName(sc), strings.Join(keys, ", "))}
			}
			if why, ok := fixed(k.Key); ok {
				return nil, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s %s", k.Key, why)}
			}
			if k.Weight && !reported(k) {
				who := sc.Path + " never reports"
				if len(scs) > 1 {
					who = fmt.Sprintf("none of the %d scenario files reports", len(scs))
				}
				return nil, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s cannot vary anything: %s %s, so no expectation depends on it", k.Key, who, k.Name)}
			}
			if seen[k.Key] {
				return nil, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s is named twice", k.Key)}
			}
			seen[k.Key] = true
			knobs = append(knobs, k)
			if hasRange {
				r, err := parseRange(k, s, rng)
				if err != nil {
					return nil, err
				}
				ranges[k.Key] = r
			}
		}
	}
	if len(knobs) == 0 {
		return nil, &Error{Flag: "-keys", Msg: "no key may vary"}
	}
	// A range past a rule with settings the fit keeps (Hysteresis=0:0.9
	// with ShakenBelow at 0.6 and not in -keys) is as invalid as one past
	// the key's own bound: every candidate beyond it fails.
	kept := func(name string) bool {
		return !slices.ContainsFunc(knobs, func(k lab.Knob) bool { return !k.Weight && k.Name == name })
	}
	for _, k := range knobs {
		if r, custom := ranges[k.Key]; custom {
			if why := outOfBounds(k, s, r[0], r[1], kept); why != "" {
				return nil, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s:%s: %s; write a range within them, or name those keys too", k.Key, lab.FormatExact(r[0]), lab.FormatExact(r[1]), why)}
			}
		}
	}
	out := make([]Key, len(knobs))
	for i, k := range knobs {
		r, custom := ranges[k.Key]
		out[i] = newKey(k, s, r, custom)
	}
	return out, nil
}

// newKey returns knob k starting at its value in s, searched over r when
// custom, else over its range (a weight keeps its sign), and scaled by the
// larger of its value and a twentieth of the range.
func newKey(k lab.Knob, s morale.Settings, r [2]float64, custom bool) Key {
	v := k.Get(s)
	lo, hi := r[0], r[1]
	if !custom {
		lo, hi = k.Min, k.Max
		if k.Weight {
			switch {
			case v < 0:
				hi = 0
			case v > 0:
				lo = 0
			}
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return Key{Knob: k, Start: v, Lo: lo, Hi: hi, Custom: custom, Scale: scaleOf(v, lo, hi)}
}

// scaleOf is the Scale of a key that starts at v and is searched in lo..hi:
// the start's size, or a twentieth of the range when that is more.
func scaleOf(v, lo, hi float64) float64 { return math.Max(math.Abs(v), (hi-lo)/20) }

// parseRange reads the search range "LO:HI" of -keys KEY=LO:HI: finite,
// LO < HI, both ends within the key's own bounds in morale's Validate
// (outOfBounds), holding the start's value, its width finite and its Scale
// (scaleOf) above 0.
func parseRange(k lab.Knob, s morale.Settings, rng string) ([2]float64, error) {
	los, his, ok := strings.Cut(rng, ":")
	lo, err1 := strconv.ParseFloat(los, 64)
	hi, err2 := strconv.ParseFloat(his, 64)
	v := k.Get(s)
	switch {
	case !ok || err1 != nil || err2 != nil || math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi):
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: a search range is LO:HI, two numbers, such as %s=%s:%s", k.Key, rng, k.Key, lab.FormatExact(k.Min), lab.FormatExact(k.Max))}
	case lo > hi:
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: the range runs from high to low; write it low first: %s=%s:%s", k.Key, rng, k.Key, his, los)}
	case lo == hi:
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: the range is one value; a search needs LO below HI", k.Key, rng)}
	case outOfBounds(k, s, lo, hi, nil) != "":
		// Candidates past a bound would all be invalid settings, yet the
		// fit page showed the range as searched (a search of
		// -1e308:1e308 for a weight found none valid and blamed the keys).
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: %s; write a range within them", k.Key, rng, outOfBounds(k, s, lo, hi, nil))}
	case v < lo || v > hi:
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: the range must hold the starting value %s", k.Key, rng, lab.FormatExact(v))}
	case math.IsInf(hi-lo, 0):
		// Its Scale, a twentieth of the width, would be infinite: the
		// search would start at Start + 0·Inf, NaN, and step to ±Inf.
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: the range is too wide to search; HI−LO must be a finite number", k.Key, rng)}
	case !(scaleOf(v, lo, hi) > 0):
		// A start of 0 in a range of a few subnormals: a Scale of 0 would
		// divide by zero.
		return [2]float64{}, &Error{Flag: "-keys", Msg: fmt.Sprintf("%s=%s: the range is too narrow to search", k.Key, rng)}
	}
	return [2]float64{lo, hi}, nil
}

// outOfBounds says which ends of the range lo..hi of knob k break a rule
// of morale's Validate, in Validate's words ("its low end is outside what
// the settings allow (RecoveryDelaySeconds is -1 s; it must lie in
// 0..86400 s)"), or "" when neither does: each end is set in a copy of s,
// and Validate's errors about the key are kept, so that the bounds stay
// written once, in morale. A rule of the key alone always counts; a rule
// between it and another setting (the FieldError's Other: PanicBelow below
// ShakenBelow, ShakenBelow+Hysteresis at most 1) counts only when kept
// says the fit keeps every one of them at its value in s, and the text
// then says so. kept nil keeps none: every other setting may vary.
func outOfBounds(k lab.Knob, s morale.Settings, lo, hi float64, kept func(name string) bool) string {
	var ends, says []string
	held := map[string]bool{} // the kept settings a rule named
	for _, end := range []struct {
		name string
		v    float64
	}{{"low", lo}, {"high", hi}} {
		probe := s.Clone()
		k.Set(&probe, end.v)
		var msgs []string
		for _, err := range unjoin(probe.Validate()) {
			fe, ok := err.(*morale.FieldError)
			if !ok {
				continue
			}
			if k.Weight {
				if fe.Field == "Weights."+k.Name {
					msgs = append(msgs, k.Key+" "+fe.Msg)
				}
				continue
			}
			// The settings the problem is about: its field, and the other
			// of a rule between two.
			about, others := false, []string{}
			for _, name := range []string{fe.Field, fe.Other} {
				switch {
				case name == "":
				case name == k.Name:
					about = true
				default:
					others = append(others, name)
				}
			}
			if !about || slices.ContainsFunc(others, func(o string) bool { return kept == nil || !kept(o) }) {
				continue
			}
			for _, o := range others {
				held[o] = true
			}
			msgs = append(msgs, fe.Field+" "+fe.Msg)
		}
		if len(msgs) > 0 {
			ends = append(ends, end.name)
			says = append(says, msgs...)
		}
	}
	var out string
	switch len(ends) {
	case 0:
		return ""
	case 1:
		out = fmt.Sprintf("its %s end is outside what the settings allow (%s)", ends[0], strings.Join(says, "; "))
	default:
		out = fmt.Sprintf("both its ends are outside what the settings allow (%s)", strings.Join(says, "; "))
	}
	var at []string
	for _, p := range morale.Params() { // in the settings' order
		if held[p.Name] {
			at = append(at, p.Name+" at "+lab.FormatExact(p.Get(s)))
		}
	}
	if len(at) > 0 {
		out += fmt.Sprintf(", with %s, which the fit keeps (not in -keys)", strings.Join(at, " and "))
	}
	return out
}

// unjoin returns the errors joined in err (errors.Join), or err alone.
func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// edge returns the advice for a key that ended at v, at the edge of its
// search range ("" when it did not): the range it was searched in and,
// when the settings allow it, -keys with that side widened by the range's
// width, or, where the settings stop that side sooner, widened as far as
// they allow (limit), naming the rule that stops it.
func (k Key) edge(start morale.Settings, v float64) string {
	if v == k.Start || (v != k.Lo && v != k.Hi) {
		return ""
	}
	where := fmt.Sprintf("%s ended at %s, the edge of its search range %s..%s", k.Key, lab.FormatExact(v), lab.FormatExact(k.Lo), lab.FormatExact(k.Hi))
	if k.Weight && v == 0 {
		return where + ": the fit wanted its news worth nothing, and a weight keeps its sign (bad news stays bad news); fit other keys, or drop the event from the scenario"
	}
	lo, hi := k.Lo, k.Hi
	if k.Weight && k.Start < 0 {
		hi = math.Min(hi, 0)
	} else if k.Weight {
		lo = math.Max(lo, 0)
	}
	bound, dir := &hi, 1.0
	if v == k.Lo {
		bound, dir = &lo, -1
	}
	want := *bound + dir*(k.Hi-k.Lo)
	if k.valid(start, want) {
		*bound = want
		return fmt.Sprintf("%s: the fit wanted more; if the design allows, widen it: -keys %s=%s:%s (with the other keys)", where, k.Key, lab.FormatExact(lo), lab.FormatExact(hi))
	}
	end, ok := k.limit(start, *bound, want)
	if !ok {
		return where + ", which is as far as the settings allow; fit other keys, or loosen an expectation"
	}
	*bound = end
	return fmt.Sprintf("%s: the fit wanted more; if the design allows, widen it as far as the settings allow: -keys %s=%s:%s (with the other keys; %s)", where, k.Key, lab.FormatExact(lo), lab.FormatExact(hi), k.rule(start, want))
}

// valid reports whether the settings start with the key at x validate.
func (k Key) valid(start morale.Settings, x float64) bool {
	s := start.Clone()
	k.Set(&s, x)
	return s.Validate() == nil && !(k.Weight && math.Abs(x) > morale.MaxWeight)
}

// limit returns the value furthest from from towards past (from valid,
// past not) that the settings allow with the key there, written in the
// fewest decimals that keep it within a hundredth of the way from from to
// the exact limit; ok is false when none beyond from is allowed. The limit
// is found by bisection between the two, Validate deciding each, so that
// the bounds stay written once, in morale.
func (k Key) limit(start morale.Settings, from, past float64) (end float64, ok bool) {
	a, b := from, past
	for range 2100 { // a float's bits, and more
		m := a + (b-a)/2
		if m == a || m == b {
			break
		}
		if k.valid(start, m) {
			a = m
		} else {
			b = m
		}
	}
	if a == from {
		return from, false
	}
	slack := math.Abs(a-from) / 100
	for d := 0; d <= 17; d++ {
		// a cut to d decimals towards from.
		p := math.Pow(10, float64(d))
		c := math.Floor(a*p) / p
		if a < from {
			c = math.Ceil(a*p) / p
		}
		c, err := strconv.ParseFloat(strconv.FormatFloat(c, 'f', d, 64), 64)
		if err == nil && (c > from) == (a > from) && c != from && math.Abs(a-c) <= slack && k.valid(start, c) {
			return c, true
		}
	}
	return a, true
}

// rule says the rule of the settings that refuses the key at x, in
// Validate's words ("RecoveryDelaySeconds must lie in 0..86400 s"), with
// the value of the other setting of a rule between two ("PanicBelow must
// be below ShakenBelow, with ShakenBelow at 0.6").
func (k Key) rule(start morale.Settings, x float64) string {
	s := start.Clone()
	k.Set(&s, x)
	var says []string
	for _, err := range unjoin(s.Validate()) {
		fe, ok := err.(*morale.FieldError)
		if !ok {
			continue
		}
		subject := fe.Field
		if k.Weight {
			if fe.Field != "Weights."+k.Name {
				continue
			}
			subject = k.Key
		} else if fe.Field != k.Name && fe.Other != k.Name {
			continue
		}
		_, r, found := strings.Cut(fe.Msg, "; ")
		if !found {
			continue
		}
		if rest, ok := strings.CutPrefix(r, "it "); ok {
			r = subject + " " + rest
		}
		// The numbers in brackets are the refused value's, or the
		// other setting's, said below.
		r = bracketed.ReplaceAllString(r, "")
		for _, o := range []string{fe.Field, fe.Other} {
			if o != "" && o != k.Name && !k.Weight {
				if p, ok := paramByName(o); ok {
					r += ", with " + o + " at " + lab.FormatExact(p.Get(start))
				}
			}
		}
		says = append(says, r)
	}
	if len(says) == 0 {
		return "the settings refuse more"
	}
	return strings.Join(says, "; ")
}

// bracketed matches a bracketed clause of a rule of Validate's: " (0.6)",
// " (1.05)", " (6000 cm)".
var bracketed = regexp.MustCompile(` \([^)]*\)`)

// paramByName returns the setting called name.
func paramByName(name string) (morale.Param, bool) {
	for _, p := range morale.Params() {
		if p.Name == name {
			return p, true
		}
	}
	return morale.Param{}, false
}

func weightsName(sc *lab.Scenario) string {
	if sc.WeightsPath == "" {
		return "the default weights"
	}
	return sc.WeightsPath
}

// settingsAt returns the start settings with every key at values.
func settingsAt(start morale.Settings, keys []Key, values []float64) morale.Settings {
	s := start.Clone()
	for i, k := range keys {
		k.Set(&s, values[i])
	}
	return s
}

// changeOf returns the distance of values from the start: the sum of the
// keys' relative changes, and how many keys changed.
func changeOf(keys []Key, values []float64) (rel float64, changed int) {
	for i, k := range keys {
		if values[i] != k.Start {
			rel += k.relChange(values[i])
			changed++
		}
	}
	return rel, changed
}
