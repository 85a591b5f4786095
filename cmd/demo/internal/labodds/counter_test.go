package labodds_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/cmd/demo/internal/labodds"
	"github.com/moralebreak/moralebreak/internal/odds"
	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/scenarios"
)

// opening is the demo's opening as the odds count it.
func opening(t *testing.T) *lab.Scenario {
	t.Helper()
	sc, err := lab.OddsScenario(scenarios.OpeningFile, scenarios.Opening)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// alone is the odds of s counted to the end by a lab job alone, measured
// from base's (nil: none): what the counter must report.
func alone(t *testing.T, sc *lab.Scenario, s morale.Settings, base *morale.Settings) odds.Odds {
	t.Helper()
	count := func(s morale.Settings) *lab.OddsJob {
		j, err := lab.NewOddsJob(sc, s, 1, lab.OddsRunsFor(sc))
		if err != nil {
			t.Fatal(err)
		}
		if err := j.Step(context.Background(), j.Total()); err != nil {
			t.Fatal(err)
		}
		return j
	}
	var ref *lab.OddsJob
	if base != nil {
		ref = count(*base)
	}
	return count(s).Odds(ref)
}

// The counter reports the lab's odds as they are, counted to the end:
// the live settings' alone without a baseline, and measured from the
// baseline over all the fights with one, even when the baseline was Set a
// moment before (a reset not yet counted when a drag begins): the
// baseline's fights are counted beside the live settings'.
func TestCounterReportsTheLabsOdds(t *testing.T) {
	sc := opening(t)
	def := morale.DefaultSettings()
	edit := def.Clone()
	edit.RecoveryDelaySeconds = 1
	for _, tc := range []struct {
		name string
		sets [][2]*morale.Settings // each Set: the settings and the baseline (nil: none)
		want morale.Settings
		base *morale.Settings
	}{
		{"no baseline", [][2]*morale.Settings{{&def, nil}}, def, nil},
		{"an edit from the defaults", [][2]*morale.Settings{{&def, nil}, {&edit, &def}}, edit, &def},
		{"the baseline Set just before", [][2]*morale.Settings{{&edit, nil}, {&def, &edit}}, def, &edit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c := labodds.New(sc)
			defer c.Close()
			for _, s := range tc.sets {
				var base morale.Settings
				if s[1] != nil {
					base = *s[1]
				}
				if err := c.Set(*s[0], base, s[1] != nil); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			got, want := c.Report(), alone(t, sc, tc.want, tc.base)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v; want %+v", got, want)
			}
		})
	}
}

// Settings that do not validate are refused, and the report says why.
func TestCounterRefusesInvalidSettings(t *testing.T) {
	c := labodds.New(opening(t))
	defer c.Close()
	s := morale.DefaultSettings()
	s.PanicBelow = s.ShakenBelow + 0.1
	if err := c.Set(s, s, false); err == nil {
		t.Fatal("got no error; want PanicBelow above ShakenBelow refused")
	}
	if got := c.Report().Error; !strings.HasPrefix(got, "odds: ") {
		t.Errorf("got report error %q; want the reason", got)
	}
}

// Lint is the lab's lint, rule and message.
func TestLint(t *testing.T) {
	s := morale.DefaultSettings()
	s.Hysteresis = 0
	ws := labodds.Lint(s)
	want := lab.Lint(s)
	if len(ws) != len(want) || len(ws) == 0 {
		t.Fatalf("Lint gave %d warnings, lab.Lint %d; want the same, at least one (no hysteresis)", len(ws), len(want))
	}
	for i := range ws {
		if ws[i].String() != want[i].String() || !strings.Contains(ws[i].String(), ": ") {
			t.Errorf("warning %d: %q; want %q", i, ws[i], want[i])
		}
	}
}
