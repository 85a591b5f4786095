package oddspanel

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/internal/textfit"

	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/morale"
)

// The panel's text for a few reports.
func TestLayOdds(t *testing.T) {
	v := layOdds(odds.Odds{Scenario: "opening", Runs: 200, Total: 1000,
		Men: []odds.OddsRow{{Name: "Eriksen", Share: 0.64, Lo: 0.58, Hi: 0.70,
			Change: &odds.OddsChange{From: 1, N: 200, Diff: -0.36, Lo: -0.4, Hi: -0.3, Beyond: true}}}})
	got := strings.Join(v.lines(), "\n")
	for _, want := range []string{"counting… 200 of 1000 fights", "Eriksen routs: 64% [58–70] was 100% -36 pts ▼", "first rout, median: none yet"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	// before the first fight is counted, no row shows a share it has not
	// got: "counting…", not "0% [0–100]"
	v = layOdds(odds.Odds{Scenario: "opening", Runs: 0, Total: 1000,
		Squads:    []odds.OddsRow{{Name: "Chen", Share: 0, Lo: 0, Hi: 1}},
		Men:       []odds.OddsRow{{Name: "Eriksen", Share: 0, Lo: 0, Hi: 1, Change: &odds.OddsChange{}}},
		Reference: &odds.OddsReference{SettingsHash: "x"}})
	got = strings.Join(v.lines(), "\n")
	for _, want := range []string{"Chen breaks: counting…", "Eriksen routs: counting…", "re-breaks: counting…", "first rout, median: counting…"} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "[0–100]") || strings.Contains(got, "was") || strings.Contains(got, "none yet") {
		t.Errorf("a count of no fights shows numbers:\n%s", got)
	}
	v = layOdds(odds.Odds{Scenario: "x", Runs: 1000, Total: 1000, Error: "odds: fight 3: bad"})
	if !strings.Contains(v.status, "cannot count: odds: fight 3: bad") {
		t.Errorf("status %q; want the error", v.status)
	}
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "0"}, {0.001, "<1"}, {0.996, ">99"}, {1, "100"}, {0.644, "64"},
		{0.995, ">99"}, {199.0 / 200, ">99"}, {0.005, "<1"}, {1.0 / 12000, "<1"}, {11999.0 / 12000, ">99"}} { // 0.995 and 199/200 read 100; 0.005 read 1 (math.Round) before figures.Percent
		if got := pctN(tc.v); got != tc.want {
			t.Errorf("pctN(%v) = %q; want %q", tc.v, got, tc.want)
		}
	}
	if !morale.DefaultSettings().Equal(morale.DefaultSettings()) {
		t.Error("the defaults differ from themselves")
	}
}

// The odds' "was" is the settings before the whole drag: the panel asks
// the counter for the settings before the drag's first change as the
// baseline from the press to the release, however many changes the drag
// makes; the next edit is measured from where the drag ended, and a reset
// (no drag) from just before it.
func TestOddsWasIsBeforeTheWholeDrag(t *testing.T) {
	f := &recorder{}
	p := New(f, nil)
	s := morale.DefaultSettings()
	set := func(v float64) {
		s = s.Clone()
		s.PanicBelow = v
	}
	base := func() (float64, bool) {
		t.Helper()
		last := f.sets[len(f.sets)-1]
		return last.base.PanicBelow, last.hasBase
	}
	p.Update(s, false)
	if _, has := base(); has {
		t.Fatal("the first settings have a baseline; want none")
	}
	set(0.3) // a reset: from the settings before it
	p.Update(s, false)
	if b, has := base(); !has || b != 0.25 {
		t.Fatalf("a reset to 0.3: baseline %v (%v); want 0.25", b, has)
	}
	for _, v := range []float64{0.35, 0.4, 0.45} { // the drag, a tick each
		set(v)
		p.Update(s, true)
		if b, has := base(); !has || b != 0.3 {
			t.Fatalf("during the drag, at %v: baseline %v (%v); want 0.3, before the drag", v, b, has)
		}
	}
	p.Update(s, true)  // held still
	p.Update(s, false) // the release
	n := len(f.sets)
	set(0.2) // the next edit
	p.Update(s, false)
	if b, _ := base(); b != 0.45 || len(f.sets) != n+1 {
		t.Fatalf("the edit after the drag: baseline %v; want 0.45, where the drag ended", b)
	}
}

// recorder is a Counter that counts nothing and keeps the Sets it was
// given.
type recorder struct {
	sets []struct {
		base    morale.Settings
		hasBase bool
	}
}

func (r *recorder) Set(_, base morale.Settings, hasBase bool) error {
	r.sets = append(r.sets, struct {
		base    morale.Settings
		hasBase bool
	}{base.Clone(), hasBase})
	return nil
}

func (r *recorder) Report() odds.Odds          { return odds.Odds{} }
func (r *recorder) Poll(int) bool              { return false }
func (r *recorder) Wait(context.Context) error { return nil }
func (r *recorder) Close()                     {}

// The open panel has a place for every row a report can have, above the
// histogram, inside the panel open: however many squads and men, counting or
// counted, with or without a reference.
func TestOddsRowsFitThePanel(t *testing.T) {
	const innerW = 360 // the tuner panel's inner width: ui.PanelW less its padding
	m := newOddsMetrics(1)
	hist := m.histRect(innerW, m.open)
	if end := oddsRowsTop + oddsRowsMax*oddsLineH; end > hist.Min.Y || hist.Max.Y > m.open || hist.Min.X < 0 || hist.Max.X > innerW {
		t.Fatalf("rows end at %d, histogram at %v; want the rows above it, both inside %d×%d", end, hist, innerW, m.open)
	}
	men := func(n int) []odds.OddsRow {
		var rs []odds.OddsRow
		for i := range n {
			rs = append(rs, odds.OddsRow{Name: fmt.Sprintf("man%d", i), Share: 0.5, Lo: 0.4, Hi: 0.6,
				Change: &odds.OddsChange{From: 1, Diff: -0.5, Beyond: true}})
		}
		return rs
	}
	for _, tc := range []struct {
		name      string
		o         odds.Odds
		more      int
		wantLines int
	}{
		{"none counted", odds.Odds{Scenario: "x", Total: 1000}, 0, 4},
		{"the opening's six", odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000, Squads: men(1), Men: men(5)}, 0, oddsRowsMax},
		{"room for all but one", odds.Odds{Scenario: "x", Runs: 10, Total: 50, Men: men(oddsRowsShown)}, 0, oddsRowsMax},
		{"more than room", odds.Odds{Scenario: "line", Runs: 550, Total: 550, Squads: men(2), Men: men(12)}, 14 - (oddsRowsShown - 1), oddsRowsMax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := layOdds(tc.o)
			lines := len(v.rows)
			if v.more > 0 {
				lines++ // "… and N more"
			}
			if v.more != tc.more || lines != tc.wantLines || v.named > oddsRowsShown {
				t.Errorf("%d rows (%d of squads and men), %d more; want %d lines, %d more", len(v.rows), v.named, v.more, tc.wantLines, tc.more)
			}
		})
	}
}

// TestFirstRoutShiftNeverReadsMinusZero: the first rout's mean shift reads
// to a tenth of a second with its sign, and one too small for a tenth says
// so with the sign of the change, never "-0.0 s".
func TestFirstRoutShiftNeverReadsMinusZero(t *testing.T) {
	tests := []struct {
		diff float64
		want string
	}{
		{1.24, "+1.2 s"},
		{-2.36, "-2.4 s"},
		{-0.04, "-<0.1 s"},
		{0.04, "+<0.1 s"},
		{-0.06, "-0.1 s"},
		{0, "+0.0 s"},
		{-1e-12, "-<0.1 s"},
	}
	p50 := 12.0
	for _, tt := range tests {
		v := layOdds(odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000,
			FirstRout: odds.OddsTimes{OddsRow: odds.OddsRow{Name: "a man routs", Share: 0.5, Lo: 0.45, Hi: 0.55},
				P10: &p50, P50: &p50, P90: &p50, P50Lo: &p50, P50Hi: &p50,
				TimeChange: &odds.OddsChange{From: 12, N: 500, Diff: tt.diff, Lo: tt.diff - 1, Hi: tt.diff + 1}}})
		got := strings.Join(v.lines(), "\n")
		if want := "mean shift " + tt.want + " ≈"; !strings.Contains(got, want) {
			t.Errorf("a shift of %v s: the panel lacks %q:\n%s", tt.diff, want, got)
		}
	}
}

// The first rout's times read to a tenth of a second, as the demo's
// clock and Why panel write them, and whole from 1000 s, where the lab's
// four figures end too (moralesim prints a median of 1175.8 s as 1176):
// "1175.8 s [1165.8–1184.0]" was as wide as a cell has room for only in
// the widest layout, and a day's "86399.6 s [86000.0–86400.0]" in none.
// A cell never mixes the two; a shift reads as its times do.
func TestFirstRoutTimesReadWholeFrom1000s(t *testing.T) {
	for _, tc := range []struct {
		p50, lo, hi, p10, p90, shift float64
		median, spread               string
	}{
		{220.8, 216.5, 225.8, 196.2, 265.7, 12.34,
			"first rout, median: 220.8 s [216.5–225.8] mean shift +12.3 s ≈", "first rout, 10–90%: 196.2–265.7 s"},
		{999.9, 990.04, 999.94, 900, 999.9, -999.94,
			"first rout, median: 999.9 s [990.0–999.9] mean shift -999.9 s ≈", "first rout, 10–90%: 900.0–999.9 s"},
		{999.96, 990.04, 999.99, 900, 999.94, -999.96,
			"first rout, median: 1000 s [990–1000] mean shift -1000 s ≈", "first rout, 10–90%: 900.0–999.9 s"},
		{1175.8, 1165.8, 1184.04, 1145.8, 1222.5, -1234.5,
			"first rout, median: 1176 s [1166–1184] mean shift -1235 s ≈", "first rout, 10–90%: 1146–1223 s"},
		{86399.6, 86000, 86400, 80000.4, 86400, 86400,
			"first rout, median: 86400 s [86000–86400] mean shift +86400 s ≈", "first rout, 10–90%: 80000–86400 s"},
	} {
		v := layOdds(odds.Odds{Scenario: "later", Runs: 50, Total: 50,
			FirstRout: odds.OddsTimes{OddsRow: odds.OddsRow{Share: 1, Lo: 0.93, Hi: 1},
				P10: &tc.p10, P50: &tc.p50, P90: &tc.p90, P50Lo: &tc.lo, P50Hi: &tc.hi,
				TimeChange: &odds.OddsChange{From: tc.p50, N: 50, Diff: tc.shift, Lo: tc.shift - 1e5, Hi: tc.shift + 1e5}}})
		got := v.lines()
		for _, want := range []string{tc.median, tc.spread} {
			if !slices.Contains(got, want) {
				t.Errorf("median %v: got\n%s\nwant a line %q", tc.p50, strings.Join(got, "\n"), want)
			}
		}
	}
}

// The histogram's axis reads its ends in seconds, never in an exponent:
// the end of a day's fight read "8.64e+04 s".
func TestOddsHistogramAxisInSeconds(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{{0, "0 s"}, {0.5, "0.5 s"}, {7.5, "7.5 s"}, {12, "12 s"}, {1020, "1020 s"}, {12000, "12000 s"}, {86400, "86400 s"}} {
		if got := fmtSeconds(tc.s); got != tc.want {
			t.Errorf("fmtSeconds(%v): got %q; want %q", tc.s, got, tc.want)
		}
	}
}

// The histogram's caption writes its bin as the axis writes its times
// (fmtSeconds): it used %g, which writes a bin of a million seconds
// "1e+06" and one of 0.00005 s "5e-05", where the axis reads "1000000 s".
// The lab's bins (0.5 s to 3600 s) read the same either way.
func TestOddsHistogramCaptionBinAsTheAxis(t *testing.T) {
	for _, tc := range []struct {
		bin  float64
		want string
	}{
		{0.5, "first rout, 0.5 s bins"},
		{3600, "first rout, 3600 s bins"},
		{1e6, "first rout, 1000000 s bins"},
		{0.00005, "first rout, 0.00005 s bins"},
	} {
		o := odds.Odds{Scenario: "s", Total: 10, Histogram: odds.OddsHistogram{Bin: tc.bin, Counts: make([]int, 4)}}
		if got := layOdds(o).histCaption; got != tc.want {
			t.Errorf("bin %v: got caption %q; want %q", tc.bin, got, tc.want)
		}
	}
}

// The histogram's caption never runs over the axis's ends: centred
// whatever its width, at -scale 0.75 a fight of hours printed "10500 s"
// and "first rout" over each other. Where it would come within 4 px of an
// end it sits between them, first without its note of the outline, then
// without its bins; never cut inside a number. Where it fits centred, as
// the opening's does at every scale, it is where it was.
func TestOddsHistogramCaptionClearsItsEnds(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const histW = 360 - 16 // the histogram's width in the tuner panel's inner width (histRect)
	for _, tc := range []struct {
		bin         float64
		left, right string
		k           float64
		want        string // "": the whole caption, centred
	}{
		{2, "8 s", "22 s", 1, ""},
		{2, "8 s", "22 s", 0.75, ""},
		{2, "0 s", "60 s", 0.25, ""},
		{10, "150 s", "300 s", 1, ""},
		{300, "10500 s", "11700 s", 1, ""},
		{300, "10500 s", "11700 s", 0.75, "first rout, 300 s bins"},
		{300, "10500 s", "11700 s", 0.5, "first rout, 300 s bins"},
		{3600, "82800 s", "86400 s", 0.75, "first rout, 3600 s bins"},
		{3600, "", "", 0.75, ""},
	} {
		p := New(nil, a.LegibleAt(tc.k))
		full := layOdds(odds.Odds{Scenario: "x", Histogram: odds.OddsHistogram{Bin: tc.bin, Ref: []int{1}}}).histCaption
		lw, rw := textfit.Width(tc.left, p.small), textfit.Width(tc.right, p.small)
		got, x := fitCaption(full, p.small, histW, lw, rw)
		cw := textfit.Width(got, p.small)
		want := tc.want
		if want == "" {
			want = full
			if centre := (histW - cw) / 2; x != centre {
				t.Errorf("%q at scale %v: starts at %.1f; want %.1f, centred", full, tc.k, x, centre)
			}
		}
		if got != want {
			t.Errorf("%s…%s at scale %v: got %q; want %q", tc.left, tc.right, tc.k, got, want)
		}
		if tc.left != "" && (x < lw+4 || x+cw > histW-rw-4) {
			t.Errorf("%s…%s at scale %v: %q spans %.1f to %.1f; want it within %.1f to %.1f, clear of the ends", tc.left, tc.right, tc.k, got, x, x+cw, lw+4, histW-rw-4)
		}
	}
}

// The title never shows a cut number: too long for the panel (its larger
// text at -scale 0.75 and below), it drops its count of fights, which the
// status line has, instead of reading "· 100…" for 1000 fights.
func TestOddsTitleNeverCutsItsCount(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const innerW = 360 // the tuner panel's inner width: ui.PanelW less its padding
	title := layOdds(odds.Odds{Scenario: "opening", Total: 1000}).title
	for _, tc := range []struct {
		k    float64
		want string
	}{
		{1, "Odds · lab's opening, not this battle · 1000 fights"},
		{0.75, "Odds · lab's opening, not this battle"},
		{0.5, "Odds · lab's opening, not this battle"},
	} {
		p := New(nil, a.LegibleAt(tc.k))
		if got := p.titleText(oddsView{title: title}, innerW); got != tc.want {
			t.Errorf("scale %v: got %q; want %q", tc.k, got, tc.want)
		}
	}
}

// changedRow is a row of the odds of name, a share with its interval and
// a change from the share from, beyond the noise.
func changedRow(name string, share, lo, hi, from float64) odds.OddsRow {
	return odds.OddsRow{Name: name, Share: share, Lo: lo, Hi: hi,
		Change: &odds.OddsChange{From: from, N: 1000, Diff: share - from, Beyond: true}}
}

// widestReport is a report of the opening's shape with the widest shares,
// of a scenario of duration seconds (its histogram's span: bins of bin
// seconds), whose first rout has these times and shift.
func widestReport(duration, bin, p50, lo, hi, p10, p90, shift float64) odds.Odds {
	row := changedRow
	return odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000,
		Squads: []odds.OddsRow{row("alpha", 1, 0.996, 1, 0)},
		Men: []odds.OddsRow{row("Alvarez", 0.99, 0.97, 1, 1), row("Brandt", 0.003, 0.002, 1, 1),
			row("Chen", 0, 0, 0.004, 1), row("Dubois", 0.64, 0.58, 0.70, 0.643), row("Eriksen", 1, 0.996, 1, 0)},
		Rebreaks: row("", 0, 0, 0.004, 0.003),
		FirstRout: odds.OddsTimes{OddsRow: row("", 1, 0.996, 1, 0), P10: &p10, P50: &p50, P90: &p90, P50Lo: &lo, P50Hi: &hi,
			TimeChange: &odds.OddsChange{From: 40, N: 1000, Diff: shift, Beyond: true}},
		Histogram: odds.OddsHistogram{Bin: bin, Counts: make([]int, int(math.Ceil(duration/bin)))}}
}

// The open panel's columns are an en of its text apart: in the opening's
// odds at -scale 0.75 and 1, of the widest numbers, every cell of a row
// ends at least half the small face's size before the next cell starts
// (at 0.75 they sat 4 px apart, which read cramped), and the columns are
// where they are for the narrowest numbers too: nothing moves when the
// numbers change.
func TestOddsColumnsAnEnApart(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const innerW = 360
	widest := widestReport(60, 2, 20, 19.5, 20.5, 10.8, 10.8, -20)
	narrowest := widestReport(60, 2, 1, 1, 1, 1, 1, 0)
	narrowest.Squads = []odds.OddsRow{{Name: "alpha", Share: 0.5, Lo: 0.4, Hi: 0.6}}
	narrowest.Men = []odds.OddsRow{{Name: "Alvarez"}, {Name: "Brandt"}, {Name: "Chen"}, {Name: "Dubois"}, {Name: "Eriksen"}}
	for _, k := range []float64{0.75, 1} {
		p := New(nil, a.LegibleAt(k))
		en := p.smallSize / 2
		p.take(widest)
		cols, _, narrow := p.grid(8, innerW)
		rows := map[float64][]cell{}
		var ys []float64
		for _, c := range p.cells(p.view, 8, innerW) {
			if rows[c.y] == nil {
				ys = append(ys, c.y)
			}
			rows[c.y] = append(rows[c.y], c)
		}
		least := math.Inf(1)
		for _, y := range ys {
			cs := rows[y]
			for i := 1; i < len(cs); i++ {
				prev := cs[i-1]
				end := prev.x + textfit.Width(textfit.Clip(prev.s, prev.face, prev.room), prev.face)
				gap := cs[i].x - end
				least = min(least, gap)
				if gap < en-1e-9 {
					t.Errorf("scale %v (narrow %v): %q ends at %.1f, %.1f px before %q; want at least an en, %.2f px", k, narrow, prev.s, end, gap, cs[i].s, en)
				}
			}
		}
		t.Logf("scale %v: the least gap %.2f px, an en %.2f px", k, least, en)
		p.take(narrowest)
		if got, _, _ := p.grid(8, innerW); got != cols {
			t.Errorf("scale %v: columns %v for the widest numbers, %v for the narrowest; want them to stay", k, cols, got)
		}
	}
}

// Every cell of the open panel is whole at every scale the demo accepts
// (capture.MinScale 0.25 to MaxScale 4; the text stops growing at
// assets.MinLegibleScale 0.75), for a report of the widest numbers: no
// share without its interval (at -scale 0.75 "99% [97–100]" read "99%…"
// and "100% [>99–100]" "100%…", the median of the first rout "10.8 s…"),
// no label cut so that two read alike ("first rout…"), no "was…"; and so
// for a scenario of any duration (a lab scenario's may be 24 hours): a
// first rout at 120 s read "120.0 s…" at -scale 1, at 1175.8 s "1175.8
// s…", without its interval. At -scale 1 and more the columns are as
// designed, the first rout's labels whole, and for the opening where they
// always were.
func TestOddsNumbersWholeAtEveryScale(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const innerW = 360 // the tuner panel's inner width, as in TestOddsRowsFitThePanel
	row, report := changedRow, widestReport
	// moreMen adds men to o beyond the panel's rows: "… and N more"
	moreMen := func(o odds.Odds) odds.Odds {
		for _, n := range []string{"Fischer", "Garcia", "Horvat", "Ito"} {
			o.Men = append(o.Men, row(n, 0.5, 0.4, 0.6, 0.5))
		}
		return o
	}
	shares := []string{"100% [>99–100]", "99% [97–100]", "<1% [<1–100]", "0% [0–<1]",
		"was 0%", "was 100%", "+100 pts ▲", "-100 pts ▼", "mean shift", "Eriksen routs", "Alvarez routs"}
	for _, sc := range []struct {
		name                  string
		o                     odds.Odds
		median, spread, shift string // the first rout's cells, as shown
	}{
		{"the opening, 60 s", report(60, 2, 20, 19.5, 20.5, 10.8, 10.8, -20), "20.0 s [19.5–20.5]", "10.8–10.8 s", "-20.0 s ▼"},
		{"line.toml, 120 s", report(120, 5, 120, 110.2, 120, 100.4, 120, -120), "120.0 s [110.2–120.0]", "100.4–120.0 s", "-120.0 s ▼"},
		{"1000 s", report(1000, 30, 999.96, 990.04, 999.99, 900, 999.94, -999.4), "1000 s [990–1000]", "900.0–999.9 s", "-999.4 s ▼"},
		{"25 min", report(1500, 60, 1175.8, 1165.8, 1184, 1145.8, 1499.96, 1499.9), "1176 s [1166–1184]", "1146–1500 s", "+1500 s ▲"},
		{"an hour, a median under 1000 s", report(3600, 120, 999.9, 888.8, 999.9, 100.4, 999.9, -999.9), "999.9 s [888.8–999.9]", "100.4–999.9 s", "-999.9 s ▼"},
		{"a day", report(86400, 3600, 86399.6, 86000, 86400, 80000.4, 86400, -86400), "86400 s [86000–86400]", "80000–86400 s", "-86400 s ▼"},
		{"more men than rows", moreMen(report(60, 2, 20, 19.5, 20.5, 10.8, 10.8, -20)), "20.0 s [19.5–20.5]", "10.8–10.8 s", "-20.0 s ▼"},
	} {
		for _, tc := range []struct {
			k          float64
			col1, col2 float64 // want the share's and the before's columns to start here for the opening (0: any)
		}{
			{4, 8 + 108, 8 + 208},
			{1, 8 + 108, 8 + 208},
			{0.76, 0, 0},
			{0.75, 0, 0},
			{0.5, 0, 0},
			{0.25, 0, 0},
		} {
			p := New(nil, a.LegibleAt(tc.k))
			p.take(sc.o)
			if cols, _, _ := p.grid(8, innerW); sc.name == "the opening, 60 s" && tc.col1 != 0 && (cols[1] != tc.col1 || cols[2] != tc.col2) {
				t.Errorf("%s, scale %v: the share's and the before's columns start at %v and %v; want %v and %v", sc.name, tc.k, cols[1], cols[2], tc.col1, tc.col2)
			}
			var shown []string
			for _, c := range p.cells(p.view, 8, innerW) {
				if got := textfit.Clip(c.s, c.face, c.room); got != c.s {
					t.Errorf("%s, scale %v: got %q; want %q whole (%.1f px in %.1f)", sc.name, tc.k, got, c.s, textfit.Width(c.s, c.face), c.room)
				}
				if c.x+c.room > innerW-8 {
					t.Errorf("%s, scale %v: %q may reach x %.1f; want it within %d", sc.name, tc.k, c.s, c.x+c.room, innerW-8)
				}
				shown = append(shown, c.s)
			}
			labels := []string{firstRoutMedianShort, firstRoutSpreadShort}
			if tc.k >= 1 {
				labels = []string{firstRoutMedian, firstRoutSpread}
			}
			for _, want := range append(append(shares, labels...), sc.median, sc.spread, sc.shift) {
				if want == "Eriksen routs" && len(sc.o.Men) > 5 {
					want = fmt.Sprintf("… and %d more", len(sc.o.Men)-4) // Eriksen among them
				}
				if !slices.Contains(shown, want) {
					t.Errorf("%s, scale %v: the panel lacks %q:\n%s", sc.name, tc.k, want, strings.Join(shown, " | "))
				}
			}
		}
	}
}

// Laying out the open panel measures no text: the widest cells are
// measured once, when the panel is made with its faces (they measured
// their constant strings on every repaint). With its faces taken away
// afterwards, the columns are the same, at -scale 1 and in the narrow
// layout.
func TestOddsColumnsMeasureNothing(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []float64{1, 0.75} {
		p := New(nil, a.LegibleAt(k))
		want, _, wantNarrow := p.grid(8, 360)
		p.title, p.small, p.bold = nil, nil, nil
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("scale %v: columns without faces panicked (%v); want the columns measured once, in New", k, r)
				}
			}()
			if got, _, narrow := p.grid(8, 360); got != want || narrow != wantNarrow {
				t.Errorf("scale %v: got %v (narrow %v); want %v (narrow %v)", k, got, narrow, want, wantNarrow)
			}
		}()
	}
}

// The folded panel's line, the first row whose change is beyond the
// noise, shows that row's numbers whole at every scale, its label cut
// instead: cut at its end, it read "first rout, median: 20.0 s
// [19.5–20.5]  mean shift…" at -scale 0.75, without the shift, and after a
// long name "Montgomery-Fitzwilliam Montgomery-Fitzwilliam…", without any
// number. A row that fits is as it was.
func TestOddsFoldedLineKeepsItsNumbers(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const innerW = 360 // the tuner panel's inner width, as in TestOddsRowsFitThePanel
	for _, k := range []float64{1, 0.75, 0.25} {
		p := New(nil, a.LegibleAt(k))
		for _, r := range []oddsLine{
			{label: "Eriksen routs", now: "100% [>99–100]", before: "was 0%", change: "+100 pts ▲"},
			{label: strings.Repeat("Montgomery-Fitzwilliam ", 4) + "routs", now: "100% [>99–100]", before: "was 0%", change: "+100 pts ▲"},
			{label: firstRoutMedian, now: "20.0 s [19.5–20.5]", before: meanShift, change: "-20.0 s ▼"},
			{label: firstRoutMedian, now: "120.0 s [110.2–120.0]", before: meanShift, change: "-120.0 s ▼"},
			{label: firstRoutMedian, now: "86400 s [86000–86400]", before: meanShift, change: "-86400 s ▼"},
		} {
			line := float64(innerW) - 16 // as paint gives it
			got := textfit.Clip(p.headlineText(r, line), p.small, line)
			want := ": " + r.now + "  " + r.before + "  " + r.change
			if !strings.HasSuffix(got, want) {
				t.Errorf("scale %v: got %q; want it to end %q", k, got, want)
			}
			if whole := r.label + want; textfit.Width(whole, p.small) <= line && got != whole {
				t.Errorf("scale %v: got %q; want %q", k, got, whole)
			}
		}
	}
}

// timed is a Counter of a scenario of d seconds (Timed), as cmd/demo's.
type timed struct {
	recorder
	d float64
}

func (c *timed) Duration() float64 { return c.d }

// The columns stay where they were first drawn: the tracker's first
// report has no histogram, so the panel measured for the opening's two
// figures and again at the first counted report, and at -scale 1 the
// share's column of scenarios/line.toml (120 s) moved from 116 to 103
// while "counting…" turned into numbers. A counter that says its duration
// has the columns measured for it from the start.
func TestOddsColumnsDoNotMoveWhenTheCountStarts(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []float64{60, 120, 1500, 86400} {
		p50, lo, hi := 0.9*d, 0.8*d, d
		bin := d / 24
		counted := odds.Odds{Scenario: "s", Runs: 1000, Total: 1000,
			FirstRout: odds.OddsTimes{OddsRow: odds.OddsRow{Share: 1, Lo: 0.99, Hi: 1},
				P10: &lo, P50: &p50, P90: &hi, P50Lo: &lo, P50Hi: &hi},
			Histogram: odds.OddsHistogram{Bin: bin, Counts: make([]int, 24)}}
		for _, k := range []float64{1, 0.75} {
			p := New(&timed{d: d}, a.LegibleAt(k))
			var got [][5]float64
			for _, o := range []odds.Odds{{Scenario: "s", Total: 1000}, counted} {
				p.take(o)
				cols, _, _ := p.grid(8, 360)
				got = append(got, cols)
			}
			if got[0] != got[1] {
				t.Errorf("%v s, scale %v: the columns went from %v to %v at the first counted report; want them to stay", d, k, got[0], got[1])
			}
		}
	}
}

// The status line is whole at every scale: in the larger text of -scale
// 0.75 (and from 0.77 to 0.83) "fights 0–999 of moralesim run -seed 1 ·
// was: before the edit" was cut to "… · was: before…". Too long, it gives
// up the lab's command, which the published state keeps, not the note of
// what "was" is; at -scale 1 it is as it was.
func TestOddsStatusLineWhole(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const line = 360 - 16 // the tuner panel's inner width less the panel's margins, as paint gives it
	ref := &odds.OddsReference{SettingsHash: "x", Runs: 1000}
	for _, tc := range []struct {
		name         string
		o            odds.Odds
		wide, narrow string // at -scale 1, and in the larger text of 0.75
	}{
		{"counted", odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000},
			"fights 0–999 of moralesim run -seed 1", "fights 0–999 of moralesim run -seed 1"},
		{"counted, after an edit", odds.Odds{Scenario: "opening", Runs: 1000, Total: 1000, Reference: ref},
			"fights 0–999 of moralesim run -seed 1 · was: before the edit", "fights 0–999 · was: before the edit"},
		{"counting, after an edit", odds.Odds{Scenario: "opening", Runs: 999, Total: 1000, Reference: ref},
			"counting… 999 of 1000 fights · was: before the edit", "counting… 999 of 1000 fights · was: before the edit"},
	} {
		for _, k := range []float64{4, 1, 0.9, 0.8, 0.77, 0.76, 0.75, 0.5, 0.25} {
			p := New(nil, a.LegibleAt(k))
			got := fitStatus(layOdds(tc.o), p.small, line)
			if textfit.Width(got, p.small) > line || strings.Contains(got, "…") && !strings.HasPrefix(got, "counting…") {
				t.Errorf("%s, scale %v: got %q (%.1f px); want it whole in %d px", tc.name, k, got, textfit.Width(got, p.small), line)
			}
			if want := map[bool]string{true: tc.wide, false: tc.narrow}[k >= 0.9]; (k >= 0.9 || k <= 0.75) && got != want {
				t.Errorf("%s, scale %v: got %q; want %q", tc.name, k, got, want)
			}
		}
	}
}

// The folded line of the first rout's median is never cut, and its label
// does not change with its numbers: at -scale 0.75 it read "first rout…:
// 10.2 s [10.2–10.2]  mean shift  -0.5 s ▼", cut to the room its numbers
// left, so the label's end moved as they grew. Where the whole label and
// the widest numbers of the scenario do not fit it reads "first rout",
// and in a fight of hours without "mean shift"; at -scale 1 as it was.
func TestOddsFoldedFirstRoutNeverCut(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const line = 360 - 16 // the tuner panel's inner width less the panel's margins, as paint gives it
	median := func(now, change string) oddsLine {
		return oddsLine{label: firstRoutMedian, short: firstRoutMedianShort, now: now, before: meanShift, change: change, beyond: true}
	}
	for _, tc := range []struct {
		d             float64
		narrow, wide  oddsLine
		k             float64
		label, before string // want
	}{
		{60, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("58.8 s [58.4–59.9]", "+58.8 s ▲"), 1, firstRoutMedian, meanShift},
		{86400, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("86400 s [86000–86400]", "-86400 s ▼"), 1, firstRoutMedian, meanShift},
		{60, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("58.8 s [58.4–59.9]", "+58.8 s ▲"), 0.75, firstRoutFolded, meanShift},
		{60, median("10.2 s [10.2–10.2]", "-0.5 s ▼"), median("58.8 s [58.4–59.9]", "+58.8 s ▲"), 0.8, firstRoutFolded, meanShift},
		{120, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("120.0 s [110.2–120.0]", "-120.0 s ▼"), 0.75, firstRoutFolded, ""},
		{1500, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("1176 s [1166–1184]", "+1500 s ▲"), 0.75, firstRoutFolded, ""},
		{86400, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("86400 s [86000–86400]", "-86400 s ▼"), 0.75, firstRoutFolded, ""},
		{86400, median("0.5 s [0.5–0.5]", "-0.1 s ▼"), median("86400 s [86000–86400]", "-86400 s ▼"), 0.25, firstRoutFolded, ""},
	} {
		p := New(&timed{d: tc.d}, a.LegibleAt(tc.k))
		for _, r := range []oddsLine{tc.narrow, tc.wide} {
			got := p.headlineText(r, line)
			nums := []string{r.now}
			if tc.before != "" {
				nums = append(nums, tc.before)
			}
			want := tc.label + ": " + strings.Join(append(nums, r.change), "  ")
			if got != want || textfit.Width(got, p.small) > line {
				t.Errorf("%v s, scale %v: got %q (%.1f px); want %q, whole in %d px", tc.d, tc.k, got, textfit.Width(got, p.small), want, line)
			}
		}
	}
}

// The title reads the same folded and open: fitted to the room the mark
// shown left ("▼ open" is 8 px wider than "▲ fold" at -scale 0.75), a
// title that fitted open lost its count of fights on folding, and the
// title jumped at a click. Whatever a scenario's name, the title leaves
// room for either mark.
func TestOddsTitleSameFoldedAndOpen(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	const innerW = 360 // the tuner panel's inner width
	for _, k := range []float64{1, 0.9, 0.8, 0.75} {
		p := New(nil, a.LegibleAt(k))
		for n := 1; n <= 30; n++ {
			v := layOdds(odds.Odds{Scenario: strings.Repeat("n", n), Total: 550})
			got := p.titleText(v, innerW)
			for _, mark := range []string{markOpen, markFold} {
				if room := innerW - 24 - textfit.Width(mark, p.small); textfit.Width(got, p.title) > room {
					t.Errorf("scale %v, a name of %d letters: got %q (%.1f px); want it within the %.1f px %q leaves, as the title drawn beside the other mark", k, n, got, textfit.Width(got, p.title), room, mark)
				}
			}
		}
	}
}
