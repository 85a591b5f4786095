// Package figures writes a number for a person to read, with no exponent,
// once for the demo's packages and the lab: Format(v, 4) is how the lab
// prints a time, a count or a metric's value ("220.8", "1176", "86400",
// "0.00001234"), where %g and %.4g write "8.64e+04" and "1.234e-05". It
// imports only the standard library, so that game, which the lab imports,
// can use it.
package figures

import (
	"math"
	"strconv"
	"strings"
)

// Negligible is the size below which Format writes a value as "0".
const Negligible = 1e-9

// Format writes v with n significant figures below 1000, whole from 1000
// (after the rounding to n figures: 999.96 with 4 is "1000"), and a tiny
// value in plain decimals ("0.0000123", not "1.23e-05"), so that no number
// a person reads has an exponent. A value smaller in size than 1e-9
// (Negligible) is "0": float noise such as 5.55e-17 is no measure, and its
// decimals would break every column. NaN and ±Inf are written as strconv
// writes them. It is lab.FormatFigures' rule (637c9bd, f88c56c), moved here
// so that game and ui can keep it too.
func Format(v float64, n int) string {
	s := strconv.FormatFloat(v, 'g', n, 64)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return s
	}
	if math.Abs(v) < Negligible {
		return "0"
	}
	r, err := strconv.ParseFloat(s, 64)
	if err != nil { // FormatFloat's output always parses
		r = v
	}
	if math.Abs(r) >= 1000 {
		return strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	}
	if strings.ContainsRune(s, 'e') {
		return strconv.FormatFloat(r, 'f', -1, 64)
	}
	return s
}
