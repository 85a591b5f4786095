package lab_test

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/fit"
)

// A fit's work is its fights at the widest reaches its keys allow, for its
// candidates may take them anywhere in their ranges and the estimate reads
// them: the army's fit of NoEffectRadius up to 20,000 cm stands for its
// fights at that reach, a fit of a weight row for them at the army's own.
func TestFitWorkAtTheWidestReach(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/army.toml")
	if err != nil {
		t.Fatal(err)
	}
	asked := func(key string) float64 {
		t.Helper()
		_, err := fit.Fit(context.Background(), fit.Config{Scenario: sc, Keys: []string{key}, MaxWork: 1})
		var fe *fit.Error
		if !errors.As(err, &fe) {
			t.Fatalf("-keys %s -max-work 1: %v; want refused", key, err)
		}
		_, after, _ := strings.Cut(fe.Msg, "about ")
		n, _, _ := strings.Cut(after, " ")
		w, err := strconv.ParseFloat(n, 64)
		if err != nil {
			t.Fatalf("-keys %s: %q says no work", key, fe.Msg)
		}
		return w
	}
	base := asked("Suppressed")
	wide := sc.Settings.Clone()
	wide.NoEffectRadius = 20000
	for _, c := range []struct {
		key  string
		want float64
	}{
		{"Suppressed", base},
		{"NoEffectRadius=3000:3050", base},
		{"NoEffectRadius=3000:20000", base * lab.FightWorkWith(sc, wide) / lab.FightWork(sc)},
	} {
		// The refusal says three figures.
		if got := asked(c.key); math.Abs(got-c.want) > 0.01*c.want {
			t.Errorf("fit army -keys %s: about %s units; want about %s", c.key, lab.FormatWork(got), lab.FormatWork(c.want))
		}
	}
}
