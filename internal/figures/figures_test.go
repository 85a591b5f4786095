package figures_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/internal/figures"
)

// A number printed for people never has an exponent: n figures below 1000,
// whole from 1000, a tiny value in decimals, float noise "0" (the cases of
// lab's TestFormatNumberHasNoExponent and TestFormatFiguresHasNoExponent,
// whose rule this is).
func TestFormatHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		n    int
		want string
	}{
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
	} {
		if got := figures.Format(tc.v, tc.n); got != tc.want {
			t.Errorf("Format(%v, %d): got %q; want %q", tc.v, tc.n, got, tc.want)
		}
	}
}
