package lab_test

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// A number printed for people never has an exponent: four figures below
// 1000, as before ("220.8", "12.35"), whole from 1000, as the demo's odds
// panel writes its times ("1176", "11054", "86400"; %.4g wrote
// "1.105e+04", "8.64e+04"), and a tiny value in decimals.
func TestFormatNumberHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {0.3562, "0.3562"}, {12.345, "12.35"}, {220.84, "220.8"},
		{999.94, "999.9"}, {999.96, "1000"}, {1175.8, "1176"}, {9999.6, "10000"},
		{11050, "11050"}, {11053.7, "11054"}, {86399.6, "86400"}, {86400, "86400"},
		{-1234.5, "-1235"}, {-12000, "-12000"}, {1e6, "1000000"},
		{0.0001234, "0.0001234"}, {0.00001234, "0.00001234"}, {-0.000012345, "-0.00001234"},
		{math.Inf(1), "+Inf"}, {math.NaN(), "NaN"},
	} {
		if got := lab.FormatNumber(tc.v); got != tc.want {
			t.Errorf("FormatNumber(%v): got %q; want %q", tc.v, got, tc.want)
		}
	}
}

// Three figures, as the lab prints changes and intervals, the same way:
// "+1234", not "+1.23e+03".
func TestFormatFiguresHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.0125, "0.0125"}, {12.34, "12.3"}, {999.4, "999"}, {999.6, "1000"},
		{1234.4, "1234"}, {-11053.7, "-11054"}, {0.00001234, "0.0000123"},
		// Below 1e-9, float noise: "0", not 17 or 300 decimals.
		{5.55e-17, "0"}, {-5.55e-17, "0"}, {1e-300, "0"}, {math.Copysign(0, -1), "0"},
		{1.234e-9, "0.00000000123"},
	} {
		if got := lab.FormatFigures(tc.v, 3); got != tc.want {
			t.Errorf("FormatFigures(%v, 3): got %q; want %q", tc.v, got, tc.want)
		}
	}
}

// A size of memory reads in GiB or MiB, not in bytes with an exponent: the
// lab's refusals of work too large said "about 2.89e+11 bytes of memory;
// at most 2147483648".
func TestFormatBytes(t *testing.T) {
	for _, tc := range []struct {
		b    float64
		want string
	}{
		{2.89e11, "269 GiB"}, {1 << 31, "2 GiB"}, {2.4e9, "2.24 GiB"}, {1 << 30, "1 GiB"},
		{512 << 20, "512 MiB"}, {1.5e6, "1.43 MiB"}, {2e15, "1862645 GiB"},
	} {
		if got := lab.FormatBytes(tc.b); got != tc.want {
			t.Errorf("FormatBytes(%v): got %q; want %q", tc.b, got, tc.want)
		}
	}
}

// A paired change of a time of a long fight reads in seconds: "+1234
// [+1100, +1368]", not "+1.23e+03 [+1.1e+03, +1.37e+03]".
func TestPairedDiffHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		d    lab.PairedDiff
		want string
	}{
		{lab.PairedDiff{Diff: 0.05, Lo: 0.0125, Hi: 0.0875}, "+0.05 [+0.0125, +0.0875]"},
		{lab.PairedDiff{}, "0 [0, 0]"},
		{lab.PairedDiff{Diff: 5.55e-17, Lo: -1e-300, Hi: 0.0125}, "0 [0, +0.0125]"},
		{lab.PairedDiff{Diff: 1234.4, Lo: 1100, Hi: 1367.8}, "+1234 [+1100, +1368]"},
		{lab.PairedDiff{Diff: -11050, Lo: -11200, Hi: -10900}, "-11050 [-11200, -10900]"},
	} {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("%#v: got %q; want %q", tc.d, got, tc.want)
		}
	}
}

// A number printed in a column keeps within it: compare's tiny changes
// (between Negligible and 1e-4) were written in all their decimals,
// "-0.00003333" in 9 columns, pushing the columns after them right. Such a
// value keeps the decimals its column holds; one too small for them reads
// "0", as below Negligible; others print as FormatFigures writes them.
func TestFormatWithinKeepsToItsColumn(t *testing.T) {
	for _, tc := range []struct {
		v             float64
		figures, cols int
		want          string
	}{
		{-0.00003333, 4, 9, "-0.000033"}, {0.00003333, 4, 9, "0.0000333"}, {0.0000653, 3, 8, "0.000065"},
		{1.234e-9, 4, 9, "0"}, {-5e-8, 4, 9, "0"}, {9.9e-10, 4, 9, "0"}, {-0.0006667, 4, 9, "-0.000667"},
		{0.00005, 4, 9, "0.00005"}, {0.1098, 4, 9, "0.1098"}, {-0.007773, 4, 9, "-0.007773"},
		{35.71, 4, 9, "35.71"}, {86400, 4, 9, "86400"}, {0, 4, 9, "0"}, {math.NaN(), 4, 9, "NaN"},
	} {
		got := lab.FormatWithin(tc.v, tc.figures, tc.cols)
		if got != tc.want || len(got) > tc.cols {
			t.Errorf("FormatWithin(%v, %d, %d): got %q (%d bytes); want %q, at most %d bytes", tc.v, tc.figures, tc.cols, got, len(got), tc.want, tc.cols)
		}
	}
}

// A number a designer wrote, said back in a message, has no exponent:
// 'sample: is 1e-05; it must lie in 0.01..86400', 'spacing: is 1e+09; it
// must lie in 0..1e+07', 't: is -2e-05 s, in the past' and check's 'want
// 0..5e-05' (%g's) now read in plain decimals, exactly. Only a value beyond
// any fight's (1e+300) keeps its exponent, not 300 digits.
func TestAnInputSaidBackHasNoExponent(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       []string
	}{
		{"a range's refusals", "duration = 10.0\nsample = 0.00001\n[[squad]]\nsize = 2\nspacing = 1e9\n", []string{
			"sample: is 0.00001; it must lie in 0.01..86400", "squad[1].spacing: is 1000000000; it must lie in 0..10000000",
		}},
		{"a time", "duration = 10.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = -0.00002\nevent = \"Suppressed\"\nsquad = \"a\"\n", []string{
			"event[1].t: is -0.00002 s, in the past",
		}},
		{"beyond any fight", "duration = 10.0\n[[squad]]\nsize = 1e300\n", []string{"squad[1].size: is 1e+300; it must lie in 1..100000"}},
		{"an array's range", "duration = 10.0\n[[squad]]\nsize = 2\nnerve = [0.5, 2.0]\n", []string{"it must be a number in 0..1"}},
		// An expectation's range said back (it was "is [5e-05, 1e-05]" and "is [1e+06, 2e+06]").
		{"an expectation's range upside down", "duration = 10.0\n[[squad]]\nsize = 2\n[[expect]]\nmetric = \"broke\"\nshare = [0.00005, 0.00001]\n", []string{
			"share: is [0.00005, 0.00001]; it must be a range [low, high] with low ≤ high",
		}},
		{"an expectation no fight can meet", "duration = 10.0\n[[squad]]\nsize = 2\n[[expect]]\nmetric = \"first_rout_s\"\np50 = [1000000.0, 2000000.0]\n", []string{
			"p50: is [1000000, 2000000]; a time of this fight lies in 0..10 s",
		}},
	} {
		_, err := lab.ParseScenario("s.toml", []byte(tc.data))
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: got %v; want %q in it", tc.name, err, w)
			}
		}
	}
	v := lab.Verdict{Expect: lab.Expect{Line: 8, Metric: "broke", Stat: "share", Lo: 0, Hi: 0.00005}, Scenario: "c.toml", N: 20, Runs: 20, Defined: true, Pass: true}
	if got, want := v.String(), "want 0..0.00005"; !strings.HasSuffix(got, want) {
		t.Errorf("verdict: got %q; want it to end %q", got, want)
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.00001, "0.00001"}, {1e9, "1000000000"}, {-2e-5, "-0.00002"}, {0.123456789, "0.123456789"},
		{1e23, "100000000000000000000000"}, {1e300, "1e+300"}, {1e-300, "1e-300"}, {86400, "86400"},
	} {
		if got := lab.FormatExact(tc.v); got != tc.want {
			t.Errorf("FormatExact(%v): got %q; want %q", tc.v, got, tc.want)
		}
	}
}

// exponent matches a number written with an exponent ("1e-05", "2.5e+07").
var exponent = regexp.MustCompile(`[0-9]e[+-][0-9]`)

// -sweep's refusals say its numbers with no exponent: 'the step 1e-17 is
// too small to tell 0.3 …' and 'the point ShakenBelow = 1e-05 gives
// invalid settings', nor anywhere else in the message (the settings'
// reasons, 'it must be below ShakenBelow (1e-05)' until 69b0bcc).
func TestSweepErrorsHaveNoExponent(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"ShakenBelow=0.3:0.3000000000000001:0.00000000000000001", "the step 0.00000000000000001 is too small to tell 0.3 from the point before it"},
		{"ShakenBelow=0.00001:0.00002:0.00001", "the point ShakenBelow = 0.00001 gives invalid settings"},
	} {
		_, err := lab.ParseSweeps([]string{tc.spec}, morale.DefaultSettings())
		if err == nil || !strings.Contains(err.Error(), tc.want) || exponent.MatchString(err.Error()) {
			t.Errorf("%s: got %v; want %q in it and no exponent anywhere", tc.spec, err, tc.want)
		}
	}
}

// A paired change printed in a column keeps within it: what fits prints as
// String; a wider one writes its numbers below 1 with the same decimals, as
// many as fit (FormatWithin), so that the change stays inside its interval
// as written; whole numbers keep theirs.
func TestPairedDiffWithinKeepsToItsColumn(t *testing.T) {
	for _, tc := range []struct {
		d     lab.PairedDiff
		width int
		want  string
	}{
		{lab.PairedDiff{Diff: 0.05, Lo: 0.0125, Hi: 0.0875}, 26, "+0.05 [+0.0125, +0.0875]"},
		{lab.PairedDiff{Diff: -0.000243, Lo: -0.000243, Hi: -0.000243}, 26, "-0.0002 [-0.0002, -0.0002]"},
		{lab.PairedDiff{Diff: -0.0000333, Lo: -0.0000667, Hi: 0.0000111}, 26, "0 [-0.0001, 0]"},
		{lab.PairedDiff{Diff: 0.00001, Lo: -0.00002, Hi: 0.00004}, 26, "0 [0, 0]"},
		{lab.PairedDiff{Diff: 0.00012, Lo: 0.00003, Hi: 0.00049}, 26, "+0.0001 [0, +0.0005]"},
		{lab.PairedDiff{Diff: -0.123, Lo: -1234.5, Hi: 0.000456}, 26, "-0.123 [-1235, +0.000456]"},
		{lab.PairedDiff{Diff: -0.123, Lo: -12345678.9, Hi: 0.000456}, 26, "-0.123 [-12345679, 0]"},
		{lab.PairedDiff{Diff: -11050, Lo: -11200, Hi: -10900}, 26, "-11050 [-11200, -10900]"},
		{lab.PairedDiff{}, 26, "0 [0, 0]"},
		// The longest numbers signed writes (11 decimals), and a cut of one decimal at a time.
		{lab.PairedDiff{Diff: 1.23e-9, Lo: -4.56e-9, Hi: 7.89e-9}, 26, "0 [0, +0.00000001]"},
		{lab.PairedDiff{Diff: 1.23e-9, Lo: -4.56e-9, Hi: 7.89e-9}, 50, "+0.00000000123 [-0.00000000456, +0.00000000789]"},
		{lab.PairedDiff{Diff: 0.000123, Lo: 0.0000456, Hi: 0.000789}, 32, "+0.000123 [+0.000046, +0.000789]"},
		{lab.PairedDiff{Diff: 0.000123, Lo: 0.0000456, Hi: 0.000789}, 29, "+0.00012 [+0.00005, +0.00079]"},
	} {
		got := tc.d.Within(tc.width)
		if got != tc.want {
			t.Errorf("%#v.Within(%d): got %q (%d bytes); want %q", tc.d, tc.width, got, len(got), tc.want)
		}
		var diff, lo, hi float64
		if _, err := fmt.Sscanf(got, "%g [%g, %g]", &diff, &lo, &hi); err != nil || lo > diff || diff > hi {
			t.Errorf("%#v.Within(%d): got %q; want the change inside its interval as written", tc.d, tc.width, got)
		}
	}
}

// Within returns even when a number below 1 rounds to a whole one and the
// rest cannot shrink: "+0.99996" beside two whole bounds too wide for the
// column dropped its decimals to "+1" and then tried again, for ever.
func TestPairedDiffWithinEnds(t *testing.T) {
	d := lab.PairedDiff{Diff: 0.99996, Lo: -123456789012, Hi: 123456789012}
	done := make(chan string, 1)
	go func() { done <- d.Within(26) }()
	select {
	case got := <-done:
		if want := "+1 [-123456789012, +123456789012]"; got != want {
			t.Errorf("got %q; want %q", got, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%#v.Within(26): got no answer in 5 s; want %q", d, "+1 [-123456789012, +123456789012]")
	}
}

// TestSweepValueReadsApart checks that a swept key's points read apart at
// any size: 3000, 3000.1 and 3000.2 were all "3000" in run's table of
// points while FormatSweepValue wrote whole from 1000 as FormatFigures does.
func TestSweepValueReadsApart(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{3000, "3000"},
		{3000 + 0.1, "3000.1"},
		{3000 + 2*0.1, "3000.2"},
		{1000.5, "1000.5"},
		{-0.07 + 2*0.000001, "-0.069998"},
		{0.1 + 0.2, "0.3"},
	}
	for _, tt := range tests {
		if got := lab.FormatSweepValue(tt.v); got != tt.want {
			t.Errorf("FormatSweepValue(%v) = %q; want %q", tt.v, got, tt.want)
		}
	}
}

// A sweep whose step is too fine for six figures to tell its points apart
// was taken, and its table and page printed one label for every point
// ("100000" four times); it is refused now, naming the step and the points.
func TestSweepStepTooFineToReadApart(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"NoEffectRadius=100000:100000.3:0.1", "the step 0.1 is too small for its points to read apart in six figures (100000 and 100000.1 both read 100000)"},
		{"ShakenBelow=0.5:0.5000003:0.0000001", "the step 0.0000001 is too small for its points to read apart"},
		{"NoEffectRadius=3000:3000.003:0.001", "(3000 and 3000.001 both read 3000)"},
	} {
		_, err := lab.ParseSweeps([]string{tc.spec}, morale.DefaultSettings())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v; want %q in it", tc.spec, err, tc.want)
		}
	}
	for _, spec := range []string{"NoEffectRadius=3000:3000.3:0.1", "weights.Suppressed=-0.07:-0.069998:0.000001"} {
		if _, err := lab.ParseSweeps([]string{spec}, morale.DefaultSettings()); err != nil {
			t.Errorf("%s: got %v; want it taken", spec, err)
		}
	}
}

// FormatShare is the tables' share: three decimals, never 0 or 1 unless it
// is (figures.Fraction).
func TestFormatShare(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0.000"}, {1, "1.000"}, {0.5204, "0.520"}, {1.0 / 12000, "<0.001"}, {1 - 1.0/12000, ">0.999"}, {math.NaN(), "NaN"},
	} {
		if got := lab.FormatShare(tc.v); got != tc.want {
			t.Errorf("FormatShare(%v) = %q; want %q", tc.v, got, tc.want)
		}
	}
}

// TestPairedDiffBoundsShareDecimals: the two bounds of an interval are
// written to the same decimals, on stdout (Within, sensitivity's column)
// and the pages (String): sensitivity printed "+0.055 [+0.025, +0.09]" and
// "-0.035 [-0.0601, -0.01]", a coarser bound beside a finer one. The one
// with fewer decimals gets the other's; a bound of 0, a whole number from
// 1000 and the change itself keep their own form.
func TestPairedDiffBoundsShareDecimals(t *testing.T) {
	for _, tc := range []struct {
		d     lab.PairedDiff
		width int // 0: String
		want  string
	}{
		{lab.PairedDiff{Diff: 0.055, Lo: 0.025, Hi: 0.09}, 0, "+0.055 [+0.025, +0.090]"},
		{lab.PairedDiff{Diff: 0.055, Lo: 0.025, Hi: 0.09}, 26, "+0.055 [+0.025, +0.090]"},
		{lab.PairedDiff{Diff: -0.035, Lo: -0.0601, Hi: -0.01}, 26, "-0.035 [-0.0601, -0.0100]"},
		{lab.PairedDiff{Diff: 0.024, Lo: 0.0244, Hi: 0.025}, 0, "+0.024 [+0.0244, +0.0250]"},
		{lab.PairedDiff{Diff: -0.3, Lo: -0.39, Hi: -0.265}, 0, "-0.3 [-0.390, -0.265]"},
		{lab.PairedDiff{Diff: 1.5, Lo: 0.25, Hi: 12.5}, 0, "+1.5 [+0.25, +12.50]"},
		{lab.PairedDiff{Diff: 0.05, Lo: 0.0125, Hi: 0.0875}, 0, "+0.05 [+0.0125, +0.0875]"},
		{lab.PairedDiff{Diff: 0.01, Lo: 0, Hi: 0.025}, 26, "+0.01 [0, +0.025]"},
		{lab.PairedDiff{Diff: -0.03, Lo: -0.065, Hi: 0.005}, 26, "-0.03 [-0.065, +0.005]"},
		{lab.PairedDiff{Diff: 1234.4, Lo: 1100, Hi: 1367.8}, 0, "+1234 [+1100, +1368]"},
		{lab.PairedDiff{Diff: 500, Lo: 0.5, Hi: 1367.8}, 0, "+500 [+0.5, +1368]"},
		// Cut to the column, still the same decimals: "+0.00012 [+0.00005, +0.00079]".
		{lab.PairedDiff{Diff: 0.000123, Lo: 0.00005, Hi: 0.000789}, 29, "+0.00012 [+0.00005, +0.00079]"},
		{lab.PairedDiff{Diff: 0.000123, Lo: 0.00005, Hi: 0.000789}, 0, "+0.000123 [+0.000050, +0.000789]"},
	} {
		got := tc.d.String()
		if tc.width > 0 {
			got = tc.d.Within(tc.width)
		}
		if got != tc.want {
			t.Errorf("%#v (width %d): got %q; want %q", tc.d, tc.width, got, tc.want)
		}
	}
}
