package figures_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/internal/figures"
)

// A number printed for people never has an exponent: n figures below 1000,
// whole from 1000, a tiny value in decimals, float noise "0" (the cases of
// lab's TestFormatNumberHasNoExponent and TestFormatFiguresHasNoExponent,
// whose rule this is).
func TestFormatHasNoExponent(t *testing.T) {
	checkRule(t, "Format", figures.Format, []ruleCase{
		{0, 4, "0"}, {1, 4, "1"}, {0.3562, 4, "0.3562"}, {12.345, 4, "12.35"}, {220.84, 4, "220.8"},
		{999.94, 4, "999.9"}, {999.96, 4, "1000"}, {1175.8, 4, "1176"}, {9999.6, 4, "10000"},
		{11050, 4, "11050"}, {11053.7, 4, "11054"}, {86399.6, 4, "86400"}, {86400, 4, "86400"},
		{-1234.5, 4, "-1235"}, {-12000, 4, "-12000"}, {1e6, 4, "1000000"}, {1e7, 4, "10000000"},
		{0.0001234, 4, "0.0001234"}, {0.00001234, 4, "0.00001234"}, {-0.000012345, 4, "-0.00001234"},
		{math.Inf(1), 4, "+Inf"}, {math.NaN(), 4, "NaN"},
		{0.0125, 3, "0.0125"}, {12.34, 3, "12.3"}, {999.4, 3, "999"}, {999.6, 3, "1000"},
		{1234.4, 3, "1234"}, {-11053.7, 3, "-11054"}, {0.00001234, 3, "0.0000123"},
		{5.55e-17, 3, "0"}, {-5.55e-17, 3, "0"}, {1e-300, 3, "0"}, {math.Copysign(0, -1), 3, "0"},
		{1.234e-9, 3, "0.00000000123"},
	})
}

// ruleCase is a case of a rule of a value and a count (figures, parts,
// decimals): the rule of v and n writes want.
type ruleCase struct {
	v    float64
	n    int
	want string
}

// checkRule checks rule, named name, on each case.
func checkRule(t *testing.T, name string, rule func(float64, int) string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		if got := rule(tc.v, tc.n); got != tc.want {
			t.Errorf("%s(%v, %d): got %q; want %q", name, tc.v, tc.n, got, tc.want)
		}
	}
}

// Whole is Format's switch to whole numbers, from 1000 after the rounding
// to n figures, which the odds panel's times share: with 4 figures it is
// the panel's own former rule, a time that to a tenth reads 1000 s or
// more, at every tenth and half-tenth from 0 to 2000 s and either sign.
func TestWhole(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		n    int
		want bool
	}{
		{999.94, 4, false}, {999.95, 4, true}, {999.96, 4, true}, {1000, 4, true}, {-999.96, 4, true},
		{99.99, 4, false}, {999.4, 3, false}, {999.6, 3, true}, {86400, 4, true},
		{math.NaN(), 4, false}, {math.Inf(1), 4, false},
	} {
		if got := figures.Whole(tc.v, tc.n); got != tc.want {
			t.Errorf("Whole(%v, %d): got %v; want %v", tc.v, tc.n, got, tc.want)
		}
	}
	tenth := func(v float64) bool { return math.Abs(math.Round(10*v)) >= 10000 } // the panel's rule before
	for i := -40000; i <= 40000; i++ {
		v := float64(i) / 20
		if got, want := figures.Whole(v, 4), tenth(v); got != want {
			t.Errorf("Whole(%v, 4): got %v; want %v, as the panel's tenths", v, got, want)
		}
		if got := figures.Format(v, 4); figures.Whole(v, 4) && got != strconv.FormatFloat(math.Round(v), 'f', 0, 64) {
			t.Errorf("Format(%v, 4): got %q; want it whole, as Whole says", v, got)
		}
	}
}

// A whole number is written in full up to MaxPlain (24) characters, as
// lab.FormatExact writes one, and past them with n figures and its
// exponent: 1e300 was written in 301 digits (a replay's scenario block
// with duration = 1e300 was refused with every one of them).
func TestFormatWholeKeepsToMaxPlain(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		n    int
		want string
	}{
		{1e300, 6, "1e+300"}, {-1e300, 4, "-1e+300"}, {1.23456789e30, 4, "1.235e+30"}, {math.MaxFloat64, 6, "1.79769e+308"},
		{1e23, 4, "100000000000000000000000"}, {-1e23, 4, "-1e+23"}, {1e24, 6, "1e+24"},
		{123456789012, 4, "123456789012"}, {1e7, 6, "10000000"}, {86400, 4, "86400"},
	} {
		got := figures.Format(tc.v, tc.n)
		if got != tc.want || len(got) > figures.MaxPlain {
			t.Errorf("Format(%v, %d): got %q (%d bytes); want %q, at most %d bytes", tc.v, tc.n, got, len(got), tc.want, figures.MaxPlain)
		}
	}
}

// TestExactSaysAValueBack checks Exact: the shortest plain decimal that
// reads back as the value, never rounded (a value Format would round to
// six figures, "86400", stays "86400.0000001"), with an exponent only past
// MaxPlain characters.
func TestExactSaysAValueBack(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{0.00001, "0.00001"},
		{1e7, "10000000"},
		{86400.0000001, "86400.0000001"},
		{1.0000001, "1.0000001"},
		{-1e-10, "-0.0000000001"},
		{1e300, "1e+300"},
		{-1.2345678901234567e-06, "-1.2345678901234567e-06"}, // 25 characters plain
		{math.Inf(1), "+Inf"},
		{math.Copysign(0, -1), "0"},
	}
	for _, tt := range tests {
		if got := figures.Exact(tt.v); got != tt.want {
			t.Errorf("Exact(%v) = %q; want %q", tt.v, got, tt.want)
		}
		if got, err := strconv.ParseFloat(figures.Exact(tt.v), 64); err != nil || got != tt.v {
			t.Errorf("Exact(%v) reads back as %v, %v; want the value", tt.v, got, err)
		}
	}
}

// TestSignificantReadsApartAtAnySize checks Significant: n figures at any
// size in plain decimals, so that values 0.1 apart above 1000 read apart
// where Format writes them whole.
func TestSignificantReadsApartAtAnySize(t *testing.T) {
	checkRule(t, "Significant", figures.Significant, []ruleCase{
		{3000, 6, "3000"}, {3000.1, 6, "3000.1"}, {1000.5, 6, "1000.5"}, {0.1 + 0.2, 6, "0.3"},
		{-0.069999, 6, "-0.069999"}, {0.0000123456789, 6, "0.0000123457"}, {123456789, 6, "123457000"},
		{5.55e-17, 6, "0"}, {1e300, 6, "1e+300"},
	})
}

// Rounded is Significant without its floor: a tiny value keeps its figures
// (a fit's setting of 1.23456789e-12 is no float noise).
func TestRoundedKeepsTinyValues(t *testing.T) {
	checkRule(t, "Rounded", figures.Rounded, []ruleCase{
		{1.23456789e-12, 6, "0.00000000000123457"}, {-5.55e-17, 6, "-0.0000000000000000555"}, {1e-300, 6, "1e-300"},
		{3000.1, 6, "3000.1"}, {0.1 + 0.2, 6, "0.3"}, {123456789, 6, "123457000"},
		{math.Copysign(0, -1), 6, "0"}, {math.NaN(), 6, "NaN"}, {math.Inf(-1), 6, "-Inf"},
	})
}

// Span is the one rule of a time in words: game's replay refusals write
// two parts in hours ("1 h 9 min", "126 h 17 min"), the lab's estimate of a
// core's time one part, rounded ("roughly 49 min", "3 days").
func TestSpan(t *testing.T) {
	checkRule(t, "Span", figures.Span, []ruleCase{
		{0, 2, "0 s"}, {0, 1, "0 s"}, {0.4, 2, "0 s"}, {-0.3, 2, "0 s"}, {40, 2, "40 s"},
		{59.5, 2, "1 min"}, {59.5, 1, "60 s"}, {119.4, 1, "119 s"}, {120, 1, "2 min"},
		{1666.4, 2, "27 min 46 s"}, {1666.6, 1, "28 min"}, {3599.7, 2, "1 h"}, {3600, 2, "1 h"}, {3600, 1, "60 min"},
		{4140, 2, "1 h 9 min"}, {4170, 2, "1 h 10 min"}, {6000, 1, "100 min"}, {7200, 1, "2 h"},
		{61200, 1, "17 h"}, {86400, 2, "1 day"}, {86400, 1, "24 h"}, {93600, 2, "1 day 2 h"},
		{454620, 2, "5 days 6 h"}, {169200, 1, "47 h"}, {171000, 1, "2 days"}, {172800, 1, "2 days"}, {432000, 2, "5 days"},
		{86400 + 59, 2, "1 day"}, {86400 + 59, 3, "1 day 1 min"}, {3661, 3, "1 h 1 min 1 s"},
		{-4140, 2, "-1 h 9 min"}, {1e20, 2, "1157407407407407 days"}, {1e30, 1, "1.16e+25 days"},
		{1e300, 2, "1.16e+295 days"}, {math.NaN(), 2, "NaN s"}, {math.Inf(1), 1, "+Inf s"}, {math.Inf(-1), 2, "-Inf s"},
	})
	// SpanInHours counts hours on past a day, and is Span below one.
	checkRule(t, "SpanInHours", figures.SpanInHours, []ruleCase{
		{0, 2, "0 s"}, {4140, 2, "1 h 9 min"}, {1666.4, 2, "27 min 46 s"}, {86400, 2, "24 h"}, {454620, 2, "126 h 17 min"},
		{432000, 1, "120 h"}, {1e20, 2, "27777777777777778 h"}, {math.NaN(), 2, "NaN s"},
	})
}

// Span's parts are whole and honest at every size: the old span counted
// them in floats, so that a part could read a whole unit
// ("229129581747339 h 60 min" for 8.248664942904239e17 s), wrote minutes
// past where a float holds whole seconds (2^53 s), and overflowed to
// "+Inf h" at the largest float. Its doc said half a second was "0 s"; it
// is "1 s", as the code rounds.
func TestSpanEdges(t *testing.T) {
	checkRule(t, "Span", figures.Span, []ruleCase{
		{0.5, 2, "1 s"}, {0.49, 2, "0 s"}, {-0.5, 2, "-1 s"}, {1.5, 1, "2 s"},
		{1e15, 2, "11574074074 days 2 h"}, {figures.MaxWholeSeconds - 1, 2, "104249991374 days 8 h"},
		{figures.MaxWholeSeconds, 2, "104249991374 days"}, {figures.MaxWholeSeconds, 1, "104249991374 days"},
		{math.MaxFloat64, 2, "2.08e+303 days"},
	})
	checkRule(t, "SpanInHours", figures.SpanInHours, []ruleCase{
		{1e15, 2, "277777777777 h 47 min"}, {figures.MaxWholeSeconds - 1, 2, "2501999792983 h 37 min"},
		{8.248664942904239e17, 2, "229129581747340 h"}, {1.925578712316276e17, 2, "53488297564341 h"},
		{5.046612975633708e17, 2, "140183693767603 h"}, {math.MaxFloat64, 2, "4.99e+304 h"}, {-math.MaxFloat64, 2, "-4.99e+304 h"},
	})
	// No part is ever a whole larger unit, nor negative.
	for s := float64(figures.MaxWholeSeconds); s > 1; s /= 1.37 {
		for _, f := range []func(float64, int) string{figures.Span, figures.SpanInHours} {
			for parts := 1; parts <= 4; parts++ {
				got := f(math.Round(s)+0.5, parts)
				if strings.Contains(got, " 60 min") || strings.Contains(got, " 60 s") || strings.Contains(got, " 24 h") && strings.Contains(got, "day") || strings.Contains(got, "-") {
					t.Errorf("span of %v in %d parts = %q; want no part a whole larger unit", math.Round(s)+0.5, parts, got)
				}
			}
		}
	}
}

// Span rounds its one part from the exact value of s, half up at the
// precision it writes: 1e20 s is 1157407407407407.41 days, which read
// "1157407407407408 days" (the float 1e20/86400 is ...407.5, and
// math.Round took it up), 1e20 s in hours "27777777777777776 h" for
// ...777.78 (the float nearest it), 8.7696e30 s "1.02e+26 days" for
// 1.01499999...e26 and 9.0288e30 s "1.04e+26 days" for 1.04500000...4e26
// (the float quotient's 3 figures). The exact values are Python's
// Fraction(s)/86400. A number is written in whole digits up to MaxPlain
// of them, and only past them with an exponent (its contract; see
// MaxPlain), at the edges of 59.5 s and 3599.5 s, 0, ±Inf, NaN and a
// negative time as before.
func TestSpanRoundsTheExactValue(t *testing.T) {
	checkRule(t, "Span", figures.Span, []ruleCase{
		// past MaxWholeSeconds: one part, in whole digits
		{1e20, 1, "1157407407407407 days"}, {1e20, 2, "1157407407407407 days"}, {-1e20, 2, "-1157407407407407 days"},
		{8.64e27, 1, "100000000000000000310689 days"}, // 24 digits, MaxPlain: whole; the float 8.64e27 is a little more
		// past MaxPlain digits: 3 figures, half up from the exact quotient
		{1e30, 1, "1.16e+25 days"}, {8.7696e30, 1, "1.01e+26 days"}, {9.0288e30, 2, "1.05e+26 days"},
		{1e300, 1, "1.16e+295 days"}, {1e300, 2, "1.16e+295 days"}, {-1e300, 2, "-1.16e+295 days"},
		{math.MaxFloat64, 1, "2.08e+303 days"},
		// the edges of the rounding below
		{0, 1, "0 s"}, {math.Copysign(0, -1), 2, "0 s"}, {0.5, 1, "1 s"}, {-0.5, 1, "-1 s"}, {-0.49, 1, "0 s"},
		{59.5, 1, "60 s"}, {59.5, 2, "1 min"}, {59.49, 2, "59 s"}, {-59.5, 2, "-1 min"},
		{3599.5, 1, "60 min"}, {3599.5, 2, "1 h"}, {3599.5, 3, "1 h"}, {3599.49, 3, "59 min 59 s"},
		{3630, 2, "1 h 1 min"}, {3629.99, 2, "1 h"},
		{math.Inf(1), 2, "+Inf s"}, {math.Inf(-1), 1, "-Inf s"}, {math.NaN(), 1, "NaN s"},
	})
	checkRule(t, "SpanInHours", figures.SpanInHours, []ruleCase{
		{1e20, 1, "27777777777777778 h"}, {3.618e29, 1, "1.01e+26 h"}, {3.654e29, 2, "1.01e+26 h"},
		{1e300, 2, "2.78e+296 h"}, {86399.5, 2, "24 h"}, {86399.5, 3, "24 h"},
	})
	// An exponent only past MaxPlain digits, at every size of either sign.
	for s := 1.0; !math.IsInf(s, 0); s *= 1.37 {
		for _, v := range []float64{s, -s} {
			for parts := 1; parts <= 3; parts++ {
				got := figures.Span(v, parts)
				num, unit, _ := strings.Cut(strings.TrimPrefix(got, "-"), " ")
				past := math.Abs(v)/86400 >= 1e24 // its days have more than MaxPlain (24) digits
				if strings.Contains(num, "e") != past || past && unit != "days" || !past && len(num) > figures.MaxPlain {
					t.Errorf("Span(%v, %d) = %q; want whole digits up to %d of them, and past them 3 figures with an exponent", v, parts, got, figures.MaxPlain)
				}
			}
		}
	}
}

// Fraction writes a share with its decimals, and a share that is neither
// 0 nor 1 never as one of them: run's table wrote 1 fight in 12,000 as
// "0.000".
func TestFraction(t *testing.T) {
	checkRule(t, "Fraction", figures.Fraction, []ruleCase{
		{0, 3, "0.000"}, {1, 3, "1.000"}, {0.5204, 3, "0.520"}, {1.0 / 12000, 3, "<0.001"}, {0.00049, 3, "<0.001"},
		{0.0006, 3, "0.001"}, {1 - 1.0/12000, 3, ">0.999"}, {0.9994, 3, "0.999"}, {0.9996, 3, ">0.999"},
		{1e-300, 3, "<0.001"}, {0.004, 2, "<0.01"}, {0.996, 2, ">0.99"}, {0.3, 0, "0.3"}, {0.01, 0, "<0.1"},
		{1.5, 3, "1.500"}, {math.NaN(), 3, "NaN"},
	})
}

// Signed gives a change its sign and writes "0" only where its text reads
// as no change, never "+0" or "-0.0".
func TestSigned(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		s    string
		want string
	}{
		{0.05, "0.05", "+0.05"}, {-0.2, "-0.2", "-0.2"}, {0, "0", "0"}, {-0.0004, "-0.0", "0"}, {0.0004, "0.0", "0"},
		{1e-12, figures.Rounded(1e-12, 2), "+0.000000000001"}, {-1e-12, figures.Rounded(-1e-12, 2), "-0.000000000001"},
		{1e-300, figures.Rounded(1e-300, 2), "+1e-300"}, {5, "+5", "+5"}, {math.Inf(1), "+Inf", "+Inf"}, {math.NaN(), "NaN", "NaN"},
	} {
		if got := figures.Signed(tc.v, tc.s); got != tc.want {
			t.Errorf("Signed(%v, %q) = %q; want %q", tc.v, tc.s, got, tc.want)
		}
	}
}

// Percent is Fraction's rule in per cent: the page's shares wrote 1 fight
// in 12,000 as "0.0" and 11,999 as "100.0". With 0 decimals, whole per
// cents, as the plots' titles and the odds panel write them (each had a
// copy of the rule): 3 fights in 1,000 "<1", 998 ">99", and 0.5%, which
// rounds half to even, "<1" too.
func TestPercent(t *testing.T) {
	checkRule(t, "Percent", figures.Percent, []ruleCase{
		{0, 1, "0.0"}, {1, 1, "100.0"}, {0.5204, 1, "52.0"}, {1.0 / 12000, 1, "<0.1"}, {0.0004, 1, "<0.1"},
		{0.0006, 1, "0.1"}, {1 - 1.0/12000, 1, ">99.9"}, {0.9994, 1, "99.9"}, {0.99951, 1, ">99.9"},
		{1 - 0x1p-53, 1, ">99.9"}, {5e-324, 1, "<0.1"}, {0.00004, 2, "<0.01"}, {0.3, 0, "30"},
		{0, 0, "0"}, {1, 0, "100"}, {0.003, 0, "<1"}, {0.998, 0, ">99"}, {0.005, 0, "<1"}, {0.015, 0, "2"}, {0.644, 0, "64"},
		{1.5, 1, "150.0"}, {math.NaN(), 1, "NaN"},
	})
}

func TestFixed(t *testing.T) {
	for _, tt := range []struct {
		v        float64
		decimals int
		want     string
	}{
		{0.64, 2, "0.64"},
		{-1e-17, 2, "0.00"}, // a sum's rounding below 0
		{-0.004, 2, "0.00"},
		{-0.005, 2, "-0.01"}, // as %.2f rounds it (the float below -0.005)
		{-0.2, 2, "-0.20"},
		{math.Copysign(0, -1), 1, "0.0"},
		{1, 0, "1"},
		{-0.4, 0, "0"},
		{0.125, 2, "0.12"}, // half to even, as %.2f
		{math.NaN(), 2, "NaN"},
		{math.Inf(-1), 2, "-Inf"},
		{3, -1, "3"}, // negative decimals: none
	} {
		if got, want := figures.Fixed(tt.v, tt.decimals), tt.want; got != want {
			t.Errorf("Fixed(%v, %d) = %q; want %q", tt.v, tt.decimals, got, want)
		}
		if got := figures.Fixed(tt.v, tt.decimals); tt.decimals >= 0 && !math.IsNaN(tt.v) && fmt.Sprintf("%.*f", tt.decimals, tt.v) != got && "-"+got != fmt.Sprintf("%.*f", tt.decimals, tt.v) {
			t.Errorf("Fixed(%v, %d) = %q; want %%.*f's %q, or it without its sign", tt.v, tt.decimals, got, fmt.Sprintf("%.*f", tt.decimals, tt.v))
		}
	}
}
