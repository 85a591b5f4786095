package lab_test

import (
	"context"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// A weight row is swept by its key or by its event's bare name, as the
// fit's -keys takes it: -sweep Suppressed=… was refused as "not a setting
// or weight row", which it is. A setting's name is the setting's.
func TestParseSweepsKeys(t *testing.T) {
	s := morale.DefaultSettings()
	tests := []struct{ spec, want string }{
		{"weights.Suppressed=-0.1:0:0.05", "weights.Suppressed"},
		{"Suppressed=-0.1:0:0.05", "weights.Suppressed"},
		{"Hysteresis=0.05:0.1:0.05", "Hysteresis"},
	}
	for _, tt := range tests {
		axes, err := lab.ParseSweeps([]string{tt.spec}, s)
		if err != nil || len(axes) != 1 || axes[0].Knob.Key != tt.want {
			t.Errorf("ParseSweeps(%q) = %v, %v; want one axis of %s", tt.spec, axes, err, tt.want)
		}
	}
}

// A sweep's point count is computed without overflow: 0:0.1:1e-300 and
// 0:1e19:1 passed the 1000-point check as a negative count and ran an empty
// sweep (exit 0, "points": null). Every point of a two-key grid is
// validated, not each value alone.
func TestParseSweepsBounds(t *testing.T) {
	s := morale.DefaultSettings()
	tests := []struct {
		specs []string
		want  string
	}{
		// The count as the lab says numbers back (FormatExact): plain
		// decimals up to MaxPlain characters ("1e+19 points" before, from
		// 1e15 on), an exponent only past them.
		{[]string{"Hysteresis=0:0.1:1e-300"}, "1e+299 points; at most 1000 on one axis"},
		{[]string{"Hysteresis=0:1e19:1"}, `"Hysteresis=0:1e19:1": 10000000000000000000 points; at most 1000 on one axis`},
		{[]string{"RecoveryDelaySeconds=0:1e15:1"}, `"RecoveryDelaySeconds=0:1e15:1": 1000000000000001 points; at most`},
		{[]string{"RecoveryDelaySeconds=0:1e307:1e284"}, "100000000000000000000000 points"},
		{[]string{"RecoveryDelaySeconds=0:1e307:1e283"}, "1e+24 points"},
		{[]string{"RecoveryDelaySeconds=0:1e307:1"}, "1e+307 points"},
		{[]string{"Hysteresis=0:0.2:0.0001"}, "2001 points; at most 1000"},
		{[]string{"Hysteresis=0.05:0.2:0.0002", "ContagionPerSecond=0.25:1:0.05"}, "12016 points in all; at most 10000"},
		{[]string{"Hysteresis=1e16:1.00000000000001e16:0.5"}, "too small to tell"},
		{[]string{"ShakenBelow=0.3:0.7:0.1", "PanicBelow=0.2:0.6:0.1"}, "the point ShakenBelow = 0.3, PanicBelow = 0.30000000000000004 gives invalid settings"},
		{[]string{"Hysteresis=0:0.1:NaN"}, `"NaN" is not a finite number`},
		{[]string{"Hysteresis=0:0.1:0.05", "Hysteresis=0:0.1:0.05"}, "Hysteresis is swept twice"},
		{[]string{"weights.Suppressed=-0.2:-0.1:0.05", "Suppressed=-0.2:-0.1:0.05"}, "weights.Suppressed is swept twice"},
		{[]string{"Suppressed=-0.2:-0.1:0.05", "Suppressed=-0.2:-0.1:0.05"}, "weights.Suppressed is swept twice"},
		{[]string{"Nope=" + strings.Repeat("9", 60000) + ":1:1"}, `… (60009 bytes)"`},
		// The weight rows are listed first, by the names -sweep takes:
		// past twelve settings they were cut from the list.
		{[]string{"Supressed=-0.2:-0.1:0.05"}, `"Supressed" is not a setting or weight row; the weight rows are AllyDown, `},
	}
	for _, tt := range tests {
		_, err := lab.ParseSweeps(tt.specs, s)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSweeps(%.60q) = %v; want an error with %q", tt.specs, err, tt.want)
		}
		if err != nil && len(err.Error()) > 1000 {
			t.Errorf("ParseSweeps(%.60q): the error is %d bytes long", tt.specs, len(err.Error()))
		}
	}
	axes, err := lab.ParseSweeps([]string{"Hysteresis=0.05:0.25:0.05", "ContagionPerSecond=0.25:1:0.25"}, s)
	if err != nil || len(axes) != 2 || len(axes[0].Values) != 5 || len(axes[1].Values) != 4 {
		t.Errorf("a 5 × 4 sweep: %v, %v", axes, err)
	}
}

// A merged sweep is validated before a plot indexes it: an empty key list, a
// point with no values, a two-key sweep that is not a full grid and point
// counts out of range made merge panic or allocate without bound.
func TestMergeSweepsRefusesEdits(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	axes, err := lab.ParseSweeps([]string{"Hysteresis=0.1:0.2:0.1", "ContagionPerSecond=0.5:1:0.5"}, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	var parts []lab.SweepResult
	for k := 0; k < 2; k++ {
		r, err := lab.Sweep(context.Background(), sc, axes, 5, 1, "first_rout_s", "p50", lab.Shard{K: k, N: 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, r)
	}
	whole, err := lab.MergeSweeps(parts, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if whole2, err := lab.MergeSweeps([]lab.SweepResult{parts[1], parts[0]}, []string{"b", "a"}); err != nil || !sameJSON(t, whole, whole2) {
		t.Errorf("the shards in the other order merge into other bytes (%v)", err)
	}
	tests := []struct {
		name string
		edit func(r *lab.SweepResult)
		want string
	}{
		{"total -1", func(r *lab.SweepResult) { r.Total = -1 }, "total_points is -1; want 1..10000"},
		{"total 1e12", func(r *lab.SweepResult) { r.Total = 1e12 }, "total_points is 1000000000000"},
		{"no keys", func(r *lab.SweepResult) { r.Keys = nil }, "0 keys; a sweep has one or two"},
		{"a point with no values", func(r *lab.SweepResult) { r.Points[0].Values = nil }, "has 0 values for 2 keys"},
		{"not a grid", func(r *lab.SweepResult) { r.Points[0].Values = []float64{0.1, 0.7} }, "not on the grid"},
		{"a share above 1", func(r *lab.SweepResult) { r.Points[0].Share = 2 }, "want 0 ≤ low ≤ share ≤ high ≤ 1"},
		{"a share below its low", func(r *lab.SweepResult) {
			r.Points[0].Share, r.Points[0].Lo, r.Points[0].Hi = 0.00001, 0.00002, 0.00003
		}, "has share 0.00001 [0.00002, 0.00003]; want"}, // %g wrote 1e-05
		{"another metric", func(r *lab.SweepResult) { r.Metric = "broke" }, "their metric differs"},
		{"another runs", func(r *lab.SweepResult) { r.Runs = 6 }, "their runs differs"},
		{"another cut", func(r *lab.SweepResult) { r.Shard = "1/3" }, "were cut into different numbers of shards"},
		// What the sweep's page shows: each squad's breaks, the fights behind
		// a value, the scenario's own values of the keys.
		{"squad_broke for two squads", func(r *lab.SweepResult) { r.Points[0].SquadBroke = []int{1, 2} }, "has 2 squad_broke counts for 1 squads"},
		{"squad_broke above the runs", func(r *lab.SweepResult) { r.Points[0].SquadBroke = []int{6} }, "squad_broke[0] 6; want 0..5"},
		{"n above the runs", func(r *lab.SweepResult) { r.Points[0].N = 6 }, "has n 6; want 0..5"},
		{"no base values", func(r *lab.SweepResult) { r.BaseValues = nil }, "base_values has 0 values for 2 keys"},
		{"no squads", func(r *lab.SweepResult) { r.Squads = nil }, "0 squads; want 1..1000"},
		{"a long description", func(r *lab.SweepResult) { r.Description = strings.Repeat("d", lab.MaxDescriptionBytes+1) }, "description is 16385 bytes long"},
		{"another description", func(r *lab.SweepResult) { r.Description = "other" }, "their description differs"},
		{"another base value", func(r *lab.SweepResult) { r.BaseValues = []float64{0.2, 0.5} }, "their base_values differs"},
		{"other changed settings", func(r *lab.SweepResult) { r.Changed = []lab.SettingChange{{Key: "Hysteresis"}} }, "their changed_settings differs"},
	}
	for _, tt := range tests {
		b := parts[1]
		b.Keys = append([]string(nil), b.Keys...)
		b.Points = append([]lab.SweepPoint(nil), b.Points...)
		for i := range b.Points {
			b.Points[i].Values = append([]float64(nil), b.Points[i].Values...)
		}
		tt.edit(&b)
		if _, err := lab.MergeSweeps([]lab.SweepResult{parts[0], b}, []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want an error with %q", tt.name, err, tt.want)
		}
	}
	// A missing shard is named.
	if _, err := lab.MergeSweeps(parts[:1], []string{"a"}); err == nil || !strings.Contains(err.Error(), "no folder holds shard 1/2") {
		t.Errorf("half a sweep: %v; want the missing shard named", err)
	}
}

// Sweep itself refuses a weight row its scenario never reports, before any
// fight: every point would fight the same fights (moralesim run refused it
// before this, Sweep did not). A reported row sweeps.
func TestSweepRefusesARowNeverReported(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ spec, want string }{
		{"Outnumbered=-0.5:0:0.5", "-sweep: weights.Outnumbered cannot vary anything"},
		{"AllyDown=-0.5:0:0.5", ""},
	}
	for _, tt := range tests {
		axes, err := lab.ParseSweeps([]string{tt.spec}, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		_, err = lab.Sweep(context.Background(), sc, axes, 1, 1, "broke", "mean", lab.Shard{}, nil)
		if got := ""; err != nil {
			got = err.Error()
			if tt.want == "" || !strings.HasPrefix(got, tt.want) {
				t.Errorf("Sweep of %s: got %q; want %q", tt.spec, got, tt.want)
			}
		} else if tt.want != "" {
			t.Errorf("Sweep of %s: got no error; want %q", tt.spec, tt.want)
		}
	}
}
