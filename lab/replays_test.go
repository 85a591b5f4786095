package lab_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/lab"
)

func pickRuns() []lab.RunResult {
	f := func(v float64) *float64 { return &v }
	return []lab.RunResult{
		{Index: 0, FirstRouted: f(12), SquadBroke: []bool{true}},
		{Index: 1, FirstRouted: nil, SquadBroke: []bool{false}},
		{Index: 2, FirstRouted: f(8), SquadBroke: []bool{true}},
		{Index: 3, FirstRouted: f(8), SquadBroke: []bool{true}},
		{Index: 4, FirstRouted: nil, SquadBroke: []bool{false}},
		{Index: 5, FirstRouted: f(30), SquadBroke: []bool{true}},
	}
}

// ParseRunPick takes indices and KIND:METRIC:N and refuses the rest,
// naming what it cannot take; Select picks the runs it says.
func TestRunPick(t *testing.T) {
	sc, err := lab.ParseScenario("s.toml", []byte(handScenario))
	if err != nil {
		t.Fatal(err)
	}
	runs := pickRuns()
	for _, tc := range []struct {
		spec string
		want []int
	}{
		{"4,0,4", []int{4, 0}},
		{"first:first_rout_s:2", []int{2, 3}}, // 8 and 8: ties by index
		{"last:first_rout_s:2", []int{5, 0}},
		{"none:first_rout_s:5", []int{1, 4}},
		{"some:squad_broke.solo:2", []int{0, 2}},
		{"none:squad_broke.solo:1", []int{1}},
	} {
		p, err := lab.ParseRunPick(tc.spec, sc, 6)
		if err != nil {
			t.Errorf("%s: %v", tc.spec, err)
			continue
		}
		var got []int
		for _, pk := range p.Select(runs) {
			got = append(got, pk.Index)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s picks %v; want %v", tc.spec, got, tc.want)
		}
	}
	for _, tc := range []struct{ spec, want string }{
		{"", "empty"},
		{"6", "run 6 is out of range; this Monte-Carlo has runs 0..5"},
		{"-1", "run -1 is out of range"},
		{"1,x", `"x" is not a run index`},
		{"first:nope:2", `"nope" is not a metric; one of first_shaken_s`},
		{"worst:first_rout_s:2", `"worst" is not a kind`},
		{"first:first_rout_s:0", `"0" runs; want 1..100`},
		{"first:first_rout_s:101", `"101" runs`},
		{"first:first_rout_s", "want KIND:METRIC:N"},
	} {
		if _, err := lab.ParseRunPick(tc.spec, sc, 6); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRunPick(%q) = %v; want an error saying %q", tc.spec, err, tc.want)
		}
	}
}

// ParseRunPick refuses a list of indices at the first one past MaxReplays,
// before reading the rest: it looks for each among those before it, so
// reading a spec of a million indices to the end took minutes.
func TestRunPickStopsAtMaxReplays(t *testing.T) {
	sc, err := lab.ParseScenario("s.toml", []byte(handScenario))
	if err != nil {
		t.Fatal(err)
	}
	indices := func(n int) string {
		var parts []string
		for i := range n {
			parts = append(parts, fmt.Sprint(i))
		}
		return strings.Join(parts, ",")
	}
	for _, tc := range []struct{ spec, want string }{
		{indices(lab.MaxReplays), ""},
		{indices(lab.MaxReplays) + "," + indices(lab.MaxReplays), ""}, // each twice: still 100 runs
		{indices(lab.MaxReplays+1) + ",x", "more than 100 runs; at most 100"},
		{indices(lab.MaxReplays) + ",x", `"x" is not a run index`},
	} {
		p, err := lab.ParseRunPick(tc.spec, sc, 1000)
		if tc.want == "" {
			if err != nil || len(p.Indices) != lab.MaxReplays {
				t.Errorf("ParseRunPick(%.20q…) = %d indices, %v; want %d", tc.spec, len(p.Indices), err, lab.MaxReplays)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRunPick(%.20q…) = %v; want an error saying %q", tc.spec, err, tc.want)
		}
	}
}

// A replay of a run is the lab's fight: it plays back with the digest it
// carries, and ReplayOf checked the scene's fight against the lab's.
func TestReplayOfIsTheRun(t *testing.T) {
	sc, err := lab.LoadScenario("../scenarios/sergeant.toml")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := lab.ReplayOf(sc, sc.Settings, 1, 7)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Seed != lab.RunSeed(1, 7) || rec.Scene != game.SceneScenario || rec.Digest == "" || rec.End != int64(sc.Duration*game.SubTicksPerSecond) {
		t.Fatalf("replay of run 7: seed %d, scene %q, digest %q, end %d", rec.Seed, rec.Scene, rec.Digest, rec.End)
	}
	var b strings.Builder
	if err := rec.Write(&b); err != nil {
		t.Fatal(err)
	}
	back, err := game.ReadReplay(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.PlayReplay(back)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.ReplayStatus(); !st.Done || !st.Match {
		t.Errorf("replay status %+v; want done with the digest equal", st)
	}
}
