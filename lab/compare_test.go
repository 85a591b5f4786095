package lab_test

import (
	"context"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

func TestCompare(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/line.toml")
	if err != nil {
		t.Fatal(err)
	}
	a := sc.Settings
	same, err := lab.Compare(context.Background(), sc, a, a.Clone(), 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range same {
		if d.Differs || d.Diff != 0 {
			t.Errorf("identical settings: %s differs by %v", d.Metric, d.Diff)
		}
	}
	b := a.Clone()
	b.Weights[morale.Suppressed] *= 2
	diff, err := lab.Compare(context.Background(), sc, a, b, 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]lab.Difference{}
	for _, d := range diff {
		got[d.Metric] = d
	}
	if d := got["share_squads_broken"]; !d.Differs || d.Diff <= 0 {
		t.Errorf("twice the suppression: share_squads_broken %+v; want it to differ, upwards", d)
	}
}

func TestSensitivityRanksTheRightKnob(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	// In the opening, Eriksen's wound (TookDamage × 2.6) is what breaks him:
	// the metric "routed" must move with that weight and not with NerveMin
	// (the opening's nerves are pinned).
	res, err := lab.Sensitivity(context.Background(), sc, "routed", "mean", 20, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(res.Effects); i++ {
		if res.Effects[i].Swing > res.Effects[i-1].Swing {
			t.Fatalf("effects are not ranked: %v before %v", res.Effects[i-1], res.Effects[i])
		}
	}
	by := map[string]lab.Effect{}
	for _, e := range res.Effects {
		by[e.Key] = e
	}
	if e := by["NerveMin"]; e.Swing != 0 {
		t.Errorf("NerveMin swing = %v; want 0 (nerves are pinned)", e.Swing)
	}
	if len(res.Effects) != len(lab.Knobs(sc.Settings)) {
		t.Errorf("%d effects; want one per knob (%d)", len(res.Effects), len(lab.Knobs(sc.Settings)))
	}
}
