// Package figures writes a number for a person to read, with no exponent,
// once for the demo's packages and the lab: Format(v, 4) is how the lab
// prints a time, a count or a metric's value ("220.8", "1176", "86400",
// "0.00001234"), where %g and %.4g write "8.64e+04" and "1.234e-05". It
// imports only the standard library, so that game, which the lab imports,
// can use it.
package figures

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Negligible is the size below which Format writes a value as "0".
const Negligible = 1e-9

// MaxPlain is the longest number Format and Exact write in plain decimals:
// a number past it (a whole number beyond 1e+23: no fight's number) is
// written with its exponent, "1e+300", not in 301 digits.
const MaxPlain = 24

// Format writes v with n significant figures below 1000, whole from 1000
// (after the rounding to n figures: 999.96 with 4 is "1000") up to
// MaxPlain characters (past them with n figures and an exponent, "1e+300",
// as Exact writes such a number), and a tiny
// value in plain decimals ("0.0000123", not "1.23e-05"), so that no number
// a person reads has an exponent. A value smaller in size than 1e-9
// (Negligible) is "0": float noise such as 5.55e-17 is no measure, and its
// decimals would break every column. NaN and ±Inf are written as strconv
// writes them. It is lab.FormatFigures' rule (637c9bd, f88c56c), moved here
// so that game and ui can keep it too.
func Format(v float64, n int) string {
	if Whole(v, n) { // up to MaxPlain characters
		if w := strconv.FormatFloat(math.Round(v), 'f', -1, 64); len(w) <= MaxPlain {
			return w
		}
	}
	return Significant(v, n)
}

// Significant writes v with n significant figures at any size, in plain
// decimals up to MaxPlain characters ("3000.1" and "0.0000123" with 6,
// where Format writes the first whole, "3000", and %g the second
// "1.23e-05"), "0" below Negligible, and past MaxPlain with its exponent:
// Rounded, with a value below Negligible taken for float noise.
// A swept key's points are written so: LO + i·STEP read apart at any size
// when STEP moves the n-th figure (lab.ParseSweeps refuses a finer step),
// and without their float noise ("0.3", not "0.30000000000000004").
func Significant(v float64, n int) string {
	if math.Abs(v) < Negligible {
		return "0"
	}
	return Rounded(v, n)
}

// Rounded writes v rounded to n significant figures as Exact writes a
// value: in plain decimals up to MaxPlain characters at any size, a tiny
// one with its figures ("0.00000000000123457" with 6, where Significant
// writes "0" below Negligible), past MaxPlain with its exponent, NaN and
// ±Inf as strconv writes them. Say back so a value a person set that is
// no float noise however small, where n figures are enough: a fit's
// settings (lab/report's FormatValue).
func Rounded(v float64, n int) string {
	_, r := toFigures(v, n)
	return Exact(r)
}

// Exact writes v, a number a person wrote (a key's value, a range's bound,
// a flag) or a limit set on it, as the shortest plain decimal that reads
// back as v: "0.00001", "10000000", "86400.0000001", where %g wrote
// "1e-05", "1e+07" and "86400", and Format's rounding "86400". Only when
// those decimals would pass MaxPlain characters ("1e+300", or a 17-figure
// value under 1e-7) does it write v with its exponent, as strconv's
// shortest form ('g', -1), not in hundreds of digits. NaN and ±Inf print
// as strconv writes them. Say a value back with Exact, a measure with
// Format. (morale's Validate keeps the same rule on its own: morale
// imports nothing of this module.)
func Exact(v float64) string {
	if v == 0 {
		v = 0 // -0 reads "0"
	}
	if s := strconv.FormatFloat(v, 'f', -1, 64); len(s) <= MaxPlain {
		return s
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Whole reports whether Format writes v whole, as it does from 1000: v
// rounded to n figures reads 1000 or more in size (999.96 with 4 does,
// 999.94 does not). The demo's odds panel writes its times to a tenth below
// that and whole from there by this rule, so that it and the lab switch at
// the same time: with 4 figures a time of 100 s or more has one decimal,
// its tenth.
func Whole(v float64, n int) bool {
	_, r := toFigures(v, n)
	return !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(r) >= 1000
}

// toFigures is v written with n significant figures by strconv ('g', an
// exponent where it likes) and the value that reads.
func toFigures(v float64, n int) (string, float64) {
	s := strconv.FormatFloat(v, 'g', n, 64)
	r, err := strconv.ParseFloat(s, 64)
	if err != nil { // FormatFloat's output always parses
		r = v
	}
	return s, r
}

// spanUnit is a unit of Span: seconds in one, and its names.
type spanUnit struct {
	secs      float64
	one, many string
}

// spanUnits are Span's units, largest first.
var spanUnits = []spanUnit{{86400, "day", "days"}, {3600, "h", "h"}, {60, "min", "min"}, {1, "s", "s"}}

// Span writes a time of s seconds as a person reads a duration: whole days,
// h, min and s, the largest first, in at most parts parts (1 or more), the
// last rounded to the nearest (half a second up) and a zero part after the
// first left out. With two parts: "40 s", "27 min 46 s", "1 min" (59.5 s),
// "1 h 9 min", "1 h", "1 day 2 h", "5 days". With one part a unit is taken
// only once s holds two of it, so that the rounding is at most a quarter of
// what it writes: "90 s", "49 min", "100 min", "17 h", "47 h", "2 days";
// that is how the lab says a rough time ("roughly 49 min of one core").
// Less than half a second is "0 s", and 0.5 s is "1 s"; a negative s is
// written as its size with a minus sign; NaN and ±Inf as strconv writes
// them, with " s". From MaxWholeSeconds on, where a float's seconds are no
// longer whole, only the first part is written: in whole digits
// ("1157407407407407 days" for 1e20 s), past MaxPlain of them with 3
// figures and its exponent, as Format writes such a number ("1.16e+295
// days" for 1e300 s). Every part is rounded from the exact value of s, half
// up at the precision it is written to (the last part's unit, or the third
// figure), never from a float's quotient: 1e20 s is 1157407407407407.41
// days, which the float 1e20/86400 rounds to 1157407407407407.5 and
// math.Round to "…408 days".
func Span(s float64, parts int) string { return span(s, parts, spanUnits) }

// SpanInHours is Span without days: the hours count on past 24 ("24 h",
// "126 h 17 min"), as game says a battle's length beside its cap of 24 h.
func SpanInHours(s float64, parts int) string { return span(s, parts, spanUnits[1:]) }

// MaxWholeSeconds is 2^53 s (about 285 million years), from which on a
// float64 no longer holds every whole second: Span writes one part there.
const MaxWholeSeconds = 1 << 53

// span is Span in units, largest first.
func span(s float64, parts int, units []spanUnit) string {
	switch {
	case math.IsNaN(s) || math.IsInf(s, 0):
		return strconv.FormatFloat(s, 'g', -1, 64) + " s"
	case s < 0 && math.Round(-s) > 0:
		return "-" + span(-s, parts, units)
	}
	parts = max(parts, 1)
	least := 1.0 // of the first unit, in units
	if parts == 1 {
		least = 2
	}
	first := func(v float64) int {
		for i, u := range units {
			if v >= least*u.secs {
				return i
			}
		}
		return len(units) - 1
	}
	name := func(n float64, u spanUnit) string {
		if n == 1 {
			return Format(n, 3) + " " + u.one
		}
		return Format(n, 3) + " " + u.many
	}
	i := first(s)
	if s >= MaxWholeSeconds { // the later parts would be float noise
		return hugeSpan(s, units[i])
	}
	// The parts are counted in whole seconds, in integers, so that no part
	// reads a whole unit ("60 min") by a float's rounding.
	round := func(i int) (int64, int) {
		last := min(i+parts-1, len(units)-1)
		u := int64(units[last].secs)
		return nearest(s, u).Int64() * u, last
	}
	r, last := round(i)
	if j := first(float64(r)); j != i { // rounding carried into a larger unit
		i = j
		r, last = round(i)
	}
	var out []string
	for k := i; k <= last; k++ {
		u := int64(units[k].secs)
		n := r / u
		r -= n * u
		if n == 0 && k > i {
			continue
		}
		out = append(out, name(float64(n), units[k]))
	}
	return strings.Join(out, " ")
}

// hugeSpan is span's one part of s seconds (MaxWholeSeconds or more, so a
// whole number) in the unit u: s/u exactly, rounded half up to a whole
// number, in all its digits ("1157407407407407" days for 1e20 s,
// "27777777777777778" h), or past MaxPlain of them rounded half up to 3
// figures with its exponent ("1.16e+295"), both from the exact quotient: a
// float's s/u is rounded once already, which a second rounding can carry
// past the half (1e20/86400 is 1157407407407407.5 as a float, 407.41 in
// fact; 8.7696e30 s is 1.0149999…e26 days, 1.015e26 as a float), and the
// float nearest a whole number past 2^53 is another one (1e20/3600 read
// "27777777777777776 h").
func hugeSpan(s float64, u spanUnit) string {
	secs := int64(u.secs)
	if w := nearest(s, secs).String(); len(w) <= MaxPlain {
		return w + " " + u.many
	}
	whole, _ := new(big.Float).SetFloat64(s).Int(nil) // exact: s is whole
	d := whole.Quo(whole, big.NewInt(secs)).String()  // s/u, floored: 24 digits or more
	m, exp := 100*int(d[0]-'0')+10*int(d[1]-'0')+int(d[2]-'0'), len(d)-1
	if d[3] >= '5' { // half up: the digits dropped are d[3:] and the fraction
		m++
	}
	if m == 1000 {
		m, exp = 100, exp+1
	}
	mant := strconv.Itoa(m) // "116", "120", "100": "1.16", "1.2", "1"
	mant = strings.TrimRight(strings.TrimRight(mant[:1]+"."+mant[1:], "0"), ".")
	return mant + "e+" + strconv.Itoa(exp) + " " + u.many
}

// nearest is s/u rounded to the nearest whole number, half up, computed
// exactly: s a float above -u/2 (a negative s that rounds to 0 reaches
// span's rounding), u ≥ 1 a whole number of seconds. It is
// floor((2s+u)/2u), and floor(floor(x)/k) = floor(x/k) for a whole k > 0; a
// float is a binary fraction whose bits lie between 2^-1074 and 2^1024, which
// 2200 bits of precision hold with u added.
func nearest(s float64, u int64) *big.Int {
	t := new(big.Float).SetPrec(2200).SetFloat64(s)
	t.Add(t, t).Add(t, new(big.Float).SetInt64(u))
	n, _ := t.Int(nil) // exact below: t's fraction is floored, as the quotient's is
	return n.Quo(n, big.NewInt(2*u))
}

// Fraction writes a share v in 0..1 with decimals decimals, at least one
// ("0.520" with 3), as a table of shares prints it, but never a share that
// is not 0 or 1 as if it were: one the decimals would round to 0 is
// "<0.001", and one they would round to 1 is ">0.999" (with 3), so that 1
// fight in 12,000 does not read as none, nor 11,999 as all. 0 and 1 are
// "0.000" and "1.000"; a value outside 0..1, and NaN, as strconv writes it
// with the decimals.
func Fraction(v float64, decimals int) string { return share(v, 1, max(decimals, 1)) }

// Percent is Fraction in per cent, without the sign: a share v in 0..1
// written as 100·v with decimals decimals ("52.0" with 1; 0 for whole per
// cents, "52", as a plot's title or a panel's narrow column says it), one
// that is neither 0 nor 1 never as 0 or 100: "<0.1" and ">99.9" with 1,
// "<1" and ">99" with 0, so that 1 fight in 12,000 does not read "0.0%"
// nor 11,999 "100.0%". 0 and 1 are "0.0" and "100.0" ("0" and "100"); a
// value outside 0..1, and NaN, as strconv writes 100·v with the decimals.
// The decimals round half to even, as strconv does (0.005 is "<1").
func Percent(v float64, decimals int) string { return share(v, 100, max(decimals, 0)) }

// share is Fraction and Percent: v in 0..1 written as scale·v.
func share(v, scale float64, decimals int) string {
	fixed := func(x float64) string { return strconv.FormatFloat(x, 'f', decimals, 64) }
	step := math.Pow(10, -float64(decimals)) // 0.001
	s := fixed(scale * v)
	switch {
	case v > 0 && v < 1 && s == fixed(0):
		return "<" + fixed(step)
	case v > 0 && v < 1 && s == fixed(scale):
		return ">" + fixed(scale-step)
	}
	return s
}

// Fixed writes v with decimals decimals, as %.*f does, except that a value
// the decimals round to zero reads as zero without a sign: a sum's rounding
// a hair below 0 (−1e-17, an average of men all at 0) is "0.00", not
// "-0.00". So do the squad and Why panels write a morale.
func Fixed(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', max(decimals, 0), 64)
	if z, err := strconv.ParseFloat(s, 64); err == nil && z == 0 {
		return strings.TrimPrefix(s, "-")
	}
	return s
}

// Signed writes a change v, written as s by one of the rules here (Format,
// Rounded, a fixed number of decimals), with its sign: "+" before a
// positive change's s ("+0.05", "+5"), a negative one's s as it is
// ("-0.2"), and an s that reads as no change ("0", "-0", "+0.0") as "0",
// with neither sign. The rule gives "0" only where s does: a change that
// must never read as none (a key a fit moved) is written by a rule that
// never writes a non-zero v as 0 (Rounded), and then keeps its sign.
func Signed(v float64, s string) string {
	if r, err := strconv.ParseFloat(s, 64); err == nil && r == 0 {
		return "0"
	}
	if v > 0 && !strings.HasPrefix(s, "+") {
		return "+" + s
	}
	return s
}
