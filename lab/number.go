package lab

import (
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
)

// FormatNumber writes v, a time in seconds, a count or a metric's value, as
// the lab prints one for people: four significant figures ("0.3562",
// "12.35", "220.8"), and whole from 1000 ("1176", "11054", "86400"), where
// four figures would otherwise write an exponent ("1.105e+04"), as the
// demo's odds panel writes its times (to a tenth below 1000 s, whole from
// there). It is the lab's one rule for such numbers: the text output and the
// report both use it. Machine formats (CSV, JSON) keep their own.
func FormatNumber(v float64) string { return FormatFigures(v, 4) }

// FormatBytes returns a size of memory of b bytes as a person reads it, in
// GiB from 1 GiB ("269 GiB", "2.24 GiB"), else in MiB ("512 MiB"), with
// FormatFigures' three figures: the lab's refusals of work too large said
// "about 2.89e+11 bytes" beside "at most 2147483648".
func FormatBytes(b float64) string {
	if b >= 1<<30 {
		return FormatFigures(b/(1<<30), 3) + " GiB"
	}
	return FormatFigures(b/(1<<20), 3) + " MiB"
}

// Negligible is the size below which FormatFigures prints a value as "0"
// (figures.Negligible).
const Negligible = figures.Negligible

// FormatFigures is FormatNumber with n significant figures below
// 1000 (the lab prints changes and intervals with three): whole from 1000,
// and a tiny value in plain decimals ("0.0000123", not "1.23e-05"), so that
// no number a person reads has an exponent. A value smaller in size than
// 1e-9 (Negligible) prints "0": float noise such as 5.55e-17, a mean of
// values that cancel, is no measure, and its decimals ("0.0000000000000000555",
// 300 figures for 1e-300) would break every column. NaN and ±Inf print as
// strconv writes them. It is figures.Format, the one rule of the lab, game
// and the demo.
func FormatFigures(v float64, n int) string { return figures.Format(v, n) }

// FormatWithin is FormatFigures(v, n) for a column width bytes wide: a value
// below 1 in size that FormatFigures writes wider, a tiny one in plain
// decimals ("-0.00003333" in 9 columns), keeps the decimals the column
// holds ("-0.000033"), and one too small for them reads "0", as a value
// below Negligible does. Other values print as FormatFigures writes them
// (a whole number has no decimals to drop). It is formatDecimals with the
// decimals width holds after "0." and the sign.
func FormatWithin(v float64, n, width int) string {
	decimals := width - len("0.")
	if v < 0 {
		decimals--
	}
	return formatDecimals(v, n, decimals)
}

// formatDecimals is FormatFigures(v, n) with at most decimals decimals: a
// value below 1 in size that FormatFigures writes with more keeps the
// first ones ("-0.000033" for -0.00003333 with 6), and one too small for
// them reads "0". Other values print as FormatFigures writes them.
func formatDecimals(v float64, n, decimals int) string {
	s := FormatFigures(v, n)
	if decimalsOf(s) <= decimals || !(math.Abs(v) < 1) {
		return s
	}
	s = strconv.FormatFloat(v, 'f', max(0, decimals), 64)
	if strings.ContainsRune(s, '.') {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// decimalsOf is the number of decimals s, a number in plain decimals, has.
func decimalsOf(s string) int {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// FormatSweepValue writes a swept key's value at a point, as run's table of
// points and the sweep's page (its table of points, the keys' ranges, the
// heat map's axes) write it, and the value a replay was picked by (run
// -replays: "first_break_s = 1234570", where %g wrote "1.23457e+06"): six significant figures at any size
// (figures.Significant), so that points a small step apart read apart
// ("-0.07", "-0.069999", "-0.069998", which four figures wrote "-0.07"
// three times; "3000", "3000.1", "3000.2", which FormatFigures writes whole
// from 1000), and the float noise of FROM + i·STEP is not ("0.3", not
// "0.30000000000000004"). ParseSweeps refuses a step too fine for six
// figures to tell its points apart.
func FormatSweepValue(v float64) string { return figures.Significant(v, 6) }

// FormatShare writes a share in 0..1 as the lab's tables on stdout print
// it, with three decimals, and one that is neither 0 nor 1 never as either
// ("<0.001", ">0.999": figures.Fraction), so that 1 fight in 12,000 does
// not read as none.
func FormatShare(v float64) string { return figures.Fraction(v, 3) }

// FormatExact writes v, a number a designer wrote (a key's value, a
// range's bound) or a limit the lab sets, as the shortest plain decimal
// that reads back as v ("0.00001", "10000000", where %g wrote "1e-05" and
// "1e+07"): figures.Exact, the rule game and the demo say values back by.
func FormatExact(v float64) string { return figures.Exact(v) }
