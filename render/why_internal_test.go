package render

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/morale"
)

// Every cause of the Why panel is on it: a bar each for the largest
// (whyMaxBars, or fewer in a panel shortened to its room), and the rest
// named with their numbers on one line after the bars. A ninth cause had
// neither bar nor mention.
func TestWhyNamesCausesWithoutABar(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := New(a)
	causes := func(n int) []WhyBar {
		var bs []WhyBar
		for i := range n {
			bs = append(bs, whyBar(fmt.Sprintf("Cause%d", i+1), -0.5+float64(i)*0.05))
		}
		return bs
	}
	for _, tc := range []struct {
		name       string
		causes     int
		maxH       int
		wantBars   int
		wantMore   string
		wantTaller bool // the panel has a line for it
	}{
		{"three", 3, 1000, 3, "", false},
		{"eight", 8, 1000, 8, "", false},
		{"nine", 9, 1000, 8, "and 1 more: Cause9 −0.10", true},
		{"eleven", 11, 1000, 8, "and 3 more: Cause9 −0.10, Cause10 −0.05, Cause11 ±0.00", true},
		{"eleven, shortened", 11, 160, 3, "and 8 more: Cause4 −0.35, Cause5 −0.30", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := WhyPanel{Title: "Why · Chen · Shaken", Detail: "morale 0.50", Sentence: "Shaken.", Whose: "his", Bars: causes(tc.causes)}
			sentence, bars, more, states := r.whyLines(&p, tc.maxH)
			if len(bars) != tc.wantBars || !strings.HasPrefix(more, tc.wantMore) || (tc.wantMore == "") != (more == "") {
				t.Errorf("got %d bars and %q; want %d bars and %q", len(bars), more, tc.wantBars, tc.wantMore)
			}
			if got, without := whyHeightOf(len(sentence), bars, more != "", states), whyHeightOf(len(sentence), bars, false, states); (got > without) != tc.wantTaller {
				t.Errorf("got height %d (%d without the line); want a line for the causes without a bar: %v", got, without, tc.wantTaller)
			}
		})
	}
}

// A squad's panel's numbers read as its sentence's (morale.FormatChange;
// a soldier's are morale.Explanation.ShownChanges', TestWhyBarsAddUpToSpan),
// in its text and on its lines: a cause that moved nothing is ±0.00,
// neither up nor down, and a small one keeps its sign and the digits that
// show it. They
// read +0.00 for both (and Text -0.40 with a hyphen), so bad news at morale
// 0 read as a rise. A long number widens the numbers' column rather than
// run over the track.
func TestWhyNumbersReadAsTheSentence(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := New(a)
	filler := func(n int) []WhyBar {
		bs := make([]WhyBar, n)
		for i := range bs {
			bs[i] = whyBar(fmt.Sprintf("Cause%d", i+1), -0.5)
		}
		return bs
	}
	for _, tt := range []struct {
		name  string
		label string
		delta float64
		want  string
	}{
		{"no recovery", "recovery", 0, "recovery ±0.00"},
		{"bad news at morale 0", "TookDamage", 0, "TookDamage ±0.00"},
		{"a small hit", "AllyDown", -0.004, "AllyDown −0.004"},
		{"a tiny hit", "TookDamage", -8e-8, "TookDamage −8e-08"},
		{"small good news", "EnemyDown", 0.004, "EnemyDown +0.004"},
		{"a hit", "LeaderDown", -0.4, "LeaderDown −0.40"},
		{"a rise", "contagion", 0.29, "contagion +0.29"},
		{"a long number", "Suppressed", -0.000004, "Suppressed −0.000004"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bar := whyBar(tt.label, tt.delta)
			p := WhyPanel{Title: "Why · Chen · Shaken", Detail: "morale 0.50", Sentence: "Shaken.", Whose: "his", Bars: []WhyBar{bar}}
			if got := strings.Split(p.Text(), "\n")[3]; got != tt.want {
				t.Errorf("Text's bar: got %q; want %q", got, tt.want)
			}
			if got, want := moreCauses([]WhyBar{bar}), "and 1 more: "+tt.want; got != want {
				t.Errorf("the line under the bars: got %q; want %q", got, want)
			}
			p.Bars = append(filler(whyMaxBars), bar) // the ninth: on the line under the bars
			if _, _, more, _ := r.whyLines(&p, 1000); !strings.HasSuffix(more, tt.want) {
				t.Errorf("the panel's line under the bars: got %q; want it to end %q", more, tt.want)
			}
			w, col := textWidth(morale.FormatChange(tt.delta), r.monoFace), r.whyNumCol([]WhyBar{bar})
			if w+whyNumGap > col || (w+whyNumGap <= whyNumW) != (col == whyNumW) {
				t.Errorf("%s is %.1f px wide: numbers' column %.1f; want %d, or room for it and %d px",
					tt.want, w, col, whyNumW, whyNumGap)
			}
		})
	}
}

// A cause that moved nothing (±0.00) is drawn neither green nor red: its
// number and its sliver of a bar were green, good news, beside bad news
// that moved nothing. The numbers' column of a panel with one such cause
// and a rise has the rise's green alone.
func TestWhyZeroIsNeitherGoodNorBad(t *testing.T) {
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		t.Skip("needs a display (run under xvfb-run)")
	}
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := New(a)
	green := func(bars ...WhyBar) int {
		p := WhyPanel{Title: "Why · Chen · Shaken", State: morale.Shaken, Detail: "morale 0.50", Sentence: "Shaken.", Whose: "his", Bars: bars}
		l := r.layOut(&p, r.why.maxH)
		r.buildWhy(&p, &l)
		b := r.why.img.Bounds()
		px := make([]byte, 4*b.Dx()*b.Dy())
		r.why.img.ReadPixels(px)
		n := 0
		for y := range b.Dy() {
			for x := WhyPanelW/2 - 20; x < b.Dx(); x++ { // the track's middle and the numbers
				c := px[4*(y*b.Dx()+x):]
				if c[1] > 160 && c[0] < 120 && c[2] < 130 {
					n++
				}
			}
		}
		return n
	}
	rise := green(whyBar("LeaderDown", -0.3), whyBar("rally", 0.2))
	for _, tt := range []struct {
		name string
		bar  WhyBar
	}{
		{"no recovery", whyBar("recovery", 0)},
		{"bad news at morale 0", whyBar("TookDamage", 0)},
	} {
		if got := green(whyBar("LeaderDown", -0.3), whyBar("rally", 0.2), tt.bar); got != rise {
			t.Errorf("%s: got %d green pixels; want %d, the rise's alone", tt.name, got, rise)
		}
	}
	if rise == 0 {
		t.Error("a rise of 0.20: got no green pixels; want its bar and number")
	}
}

// The Why panel's detail line and its bars' header show their numbers
// whole, at every window scale: a squad's header ran past the panel's
// edge ("What moved the average man's morale · from 0.00 s to its break
// at 26", seen in the armies at -scale 0.75) and its detail line was cut
// before its break's time ("… · average 0.03 · from 0.00 s to i…").
// Each now wraps to a second line, and the panel is as much taller.
func TestWhyHeadsKeepTheirNumbers(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	window := "from 113.00 s to its break at 147.25 s"
	for _, k := range []float64{0.5, 0.75, 1, 2} {
		r := New(a.LegibleAt(k))
		p := WhyPanel{Title: "Why · Squad 36 (army 1) · mostly Routed", State: morale.Routed,
			Detail:   "at its break: 100 men · 90 broken · average 0.03 · " + window,
			Sentence: "Each bar is a cause's sum over the squad's living men, divided by their number.",
			Whose:    "the average man's", Window: window,
			Bars: []WhyBar{{Label: "AllyDown", Delta: -1.02, Number: "−1.02"}}}
		l := r.layOut(&p, 1000)
		inner := float64(WhyPanelW - 2*whyPad)
		for _, tc := range []struct {
			name  string
			lines []string
		}{{"detail", l.detail}, {"bars' header", l.head}} {
			got := strings.Join(tc.lines, " ")
			if !strings.HasSuffix(got, window) {
				t.Errorf("scale %v: %s %q; want it to end %q", k, tc.name, got, window)
			}
			for _, line := range tc.lines {
				if w := textWidth(line, r.smallFace); w > inner {
					t.Errorf("scale %v: %s line %q is %.1f px; want it within the panel's %v", k, tc.name, line, w, inner)
				}
			}
		}
		one := whyHeightOf(len(l.sentence), l.bars, false, l.states)
		if want := one + (len(l.detail)+len(l.head)-2)*whyLine; l.height() != want {
			t.Errorf("scale %v: panel %d px high; want %d, a line for each line of its detail and header", k, l.height(), want)
		}
	}
}

// The line naming the causes without a bar, too long for the panel, ends
// after a whole cause, its number with it: it read "and 3 more:
// Suppressed −0.12, EnemyDown +0.08, contagion +…" (seen in the opening
// at -scale 0.75, Eriksen's panel at 40 s).
func TestWhyMoreCausesKeepTheirNumbers(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	more := "and 3 more: Suppressed −0.12, EnemyDown +0.08, contagion +0.01"
	face := New(a.LegibleAt(0.75)).smallFace
	for _, tc := range []struct {
		w    float64
		want string
	}{
		{1000, more},
		{textWidth(more, face) - 1, "and 3 more: Suppressed −0.12, EnemyDown +0.08, …"},
		{textWidth("and 3 more: Suppressed −0.12, …", face), "and 3 more: Suppressed −0.12, …"},
	} {
		if got := clipList(more, face, tc.w); got != tc.want {
			t.Errorf("in %.1f px: got %q; want %q", tc.w, got, tc.want)
		}
	}
}

// A state change too long for its line wraps under its text, not under its
// time: "7.00 s  Shaken → Panicked: morale 0.12 < PanicBelow 0.25 after" over
// "event Suppressed" at the panel's left edge read as a change of its own.
func TestWhyStateChangeHangsUnderItsText(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := New(a)
	inner := float64(WhyPanelW - 2*whyPad)
	for _, st := range []string{
		"5.00 s  Steady → Shaken: morale 0.51 < ShakenBelow 0.6 after event LeaderDown",
		"10.50 s  Panicked → Routed: Panicked for 3.50 s (RoutAfterSeconds 3.5) and then some more words to wrap a third line",
		"7.00 s  Shaken",
		"no time column: the whole line wraps as it is, under itself, as before",
	} {
		for _, w := range []float64{inner, inner * 0.75, inner / 2} {
			lines := r.wrapState(st, w)
			head := stateHead(st)
			indent := textWidth(head, r.smallFace)
			if !strings.HasPrefix(lines[0], head) || len(lines) > whyStateRows {
				t.Errorf("wrapState(%q, %.0f px) = %q; want at most %d lines, the first starting %q", st, w, lines, whyStateRows, head)
			}
			for k, l := range lines {
				lw := textWidth(l, r.smallFace)
				if k > 0 {
					lw += indent
				}
				if lw > w+0.5 {
					t.Errorf("wrapState(%q, %.0f px) = %q: line %q reaches %.1f px; want at most %.0f", st, w, lines, l, lw, w)
				}
			}
			if head != "" && len(lines) > 1 && strings.Join(lines, " ") != st && !strings.HasSuffix(lines[len(lines)-1], "…") {
				t.Errorf("wrapState(%q, %.0f px) = %q; want its words, under its text", st, w, lines)
			}
		}
	}
}

// Every built-in cause's label is whole on its bar at -scale 1 and in the
// larger text of -scale 0.75: ReinforcementsArrived read
// "Reinforcements…" (112.5 px in a column of 112), though the sentence
// over it names it whole; a custom event too long for the column is cut,
// the track keeping most of the panel.
func TestWhyBarLabelsWhole(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	inner := float64(WhyPanelW - 2*whyPad)
	labels := []string{"contagion", "recovery", "rally", "forced rout", "set by hand"}
	for _, e := range morale.DefaultSettings().Events() {
		labels = append(labels, string(e))
	}
	for _, k := range []float64{1, 0.75} {
		r := New(a.LegibleAt(k))
		for _, l := range labels {
			bars := []WhyBar{whyBar("AllyDown", -0.2), whyBar(l, 0.1)}
			w := r.whyLabelCol(bars, inner)
			if got := clip(l, r.smallFace, w-whyLabelGap); got != l {
				t.Errorf("scale %v: got the label %q; want %q whole", k, got, l)
			}
			if track := inner - w - r.whyNumCol(bars); track < inner/2 {
				t.Errorf("scale %v, %s: got a track of %.0f px; want at least half the panel's %.0f", k, l, track, inner)
			}
		}
		long := strings.Repeat("AmbushFromTheTreeLine", 3)
		bars := []WhyBar{whyBar(long, -0.1)}
		w := r.whyLabelCol(bars, inner)
		if got := clip(long, r.smallFace, w-whyLabelGap); got == long || w > inner*whyLabelMax {
			t.Errorf("scale %v: a custom event %d chars long got the label %q in %.0f px; want it cut in at most %.0f", k, len(long), got, w, inner*whyLabelMax)
		}
	}
}

// The bars' header ends in the span whole, at -scale 1 and in the larger
// text of 0.75 (wrapped to a second line there, never cut).
func TestWhyHeadKeepsTheSpan(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		scale  float64
		window string
	}{{1, "last 30 s"}, {0.75, "last 30 s"}, {0.75, "since 16.50 s (a run of contagion)"}, {1, "since 16.50 s (a run of contagion)"}} {
		r := New(a.LegibleAt(tc.scale))
		p := WhyPanel{Whose: "his", Window: tc.window, Span: "1.00 → 0.31", Detail: "morale 0.31"}
		_, head := r.whyHeads(&p)
		if got := strings.Join(head, " "); !strings.HasSuffix(got, "· 1.00 → 0.31") {
			t.Errorf("scale %v, %s: got the header %q; want it to end in the span", tc.scale, tc.window, got)
		}
	}
}

// whyBar is the bar of cause label that moved morale by delta, its number
// as morale.FormatChange writes it alone.
func whyBar(label string, delta float64) WhyBar {
	return WhyBar{Label: label, Delta: delta, Number: morale.FormatChange(delta)}
}
