package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
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
			bs = append(bs, WhyBar{Label: fmt.Sprintf("Cause%d", i+1), Delta: -0.5 + float64(i)*0.05})
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
		{"eleven", 11, 1000, 8, "and 3 more: Cause9 −0.10, Cause10 −0.05, Cause11 +0.00", true},
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
