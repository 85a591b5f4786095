package oddspanel_test

import (
	"context"
	"image"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/oddspanel"
)

// A row's change in points is what a reader gets from the two shares it
// shows: "23% … was 19%" says +4 pts, though 22.73 − 19.27 is 3.46 (the
// QA sweep's "left breaks: 23% [19–26] was 19% +3 pts ▲"); shares that
// show alike but differ say "<1"; equal shares say "=".
func TestOddsChangeIsTheShownSharesDifference(t *testing.T) {
	for _, tc := range []struct {
		name        string
		share, from float64
		beyond      bool
		want        string
	}{
		{"rounded apart", 0.2273, 0.1927, true, "Chen breaks: 23% [10–30] was 19% +4 pts ▲"},
		{"rounded together", 0.8849, 0.8651, true, "Chen breaks: 88% [10–30] was 87% +1 pts ▲"},
		{"down", 0.1927, 0.2273, false, "Chen breaks: 19% [10–30] was 23% -4 pts ≈"},
		{"alike when shown", 0.2304, 0.2296, true, "Chen breaks: 23% [10–30] was 23% +<1 pts ▲"},
		{"alike when shown, down", 0.2296, 0.2304, false, "Chen breaks: 23% [10–30] was 23% -<1 pts ≈"},
		{"below one percent", 0.003, 0, true, "Chen breaks: <1% [10–30] was 0% +<1 pts ▲"},
		{"equal", 0.25, 0.25, false, "Chen breaks: 25% [10–30] was 25% ="},
		// a half percent rounds to even in the share as figures.Percent
		// writes it (strconv), and so in the change: 905 fights of 1,000
		// read "90% … +91 pts" under the tuner (math.Round in pts)
		{"half a percent, even below", 0.905, 0, true, "Chen breaks: 90% [10–30] was 0% +90 pts ▲"},
		{"half a percent, was", 0.5, 0.125, true, "Chen breaks: 50% [10–30] was 12% +38 pts ▲"},
		{"half a percent, down", 0.125, 0.5, true, "Chen breaks: 12% [10–30] was 50% -38 pts ▼"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row := odds.OddsRow{Name: "Chen", Share: tc.share, Lo: 0.1, Hi: 0.3,
				Change: &odds.OddsChange{From: tc.from, N: 1000, Diff: tc.share - tc.from, Beyond: tc.beyond}}
			o := odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000, Squads: []odds.OddsRow{row},
				Men: []odds.OddsRow{row}, Rebreaks: row, FirstRout: odds.OddsTimes{OddsRow: row}}
			p := oddspanel.New(&fixed{o}, nil)
			p.Update(morale.DefaultSettings(), false)
			lines := p.Published(image.Rect(0, 0, 360, 400), false).Lines
			// every kind of share row says it the same way
			for _, want := range []string{tc.want,
				strings.Replace(tc.want, "Chen breaks", "Chen routs", 1),
				strings.Replace(tc.want, "Chen breaks", "re-breaks", 1),
				strings.Replace(tc.want, "Chen breaks", "a man routs", 1)} {
				if !contains(lines, want) {
					t.Errorf("got rows\n%s\nwant the row %q", strings.Join(lines, "\n"), want)
				}
			}
		})
	}
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

// fixed is a Counter whose report is o.
type fixed struct{ o odds.Odds }

func (f *fixed) Set(_, _ morale.Settings, _ bool) error { return nil }
func (f *fixed) Report() odds.Odds                      { return f.o }
func (f *fixed) Poll(int) bool                          { return false }
func (f *fixed) Wait(context.Context) error             { return nil }
func (f *fixed) Close()                                 {}
