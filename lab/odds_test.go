package lab_test

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

// oddsScenario is the demo's opening as the odds count it: its weights are
// the live settings, not its file's.
func oddsScenario(t testing.TB) *lab.Scenario {
	t.Helper()
	data, err := os.ReadFile("../scenarios/opening.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := lab.OddsScenario("opening.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func countOdds(t *testing.T, sc *lab.Scenario, s morale.Settings, runs int, chunks ...int) *lab.OddsJob {
	t.Helper()
	j, err := lab.NewOddsJob(sc, s, 1, runs)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; !j.Done(); k++ {
		n := 1000
		if len(chunks) > 0 {
			n = chunks[k%len(chunks)]
		}
		if err := j.Step(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	return j
}

// The same settings give the same odds, however the counting is cut; an
// edit changes them, and the odds say so, beyond the noise, on the same
// fights.
func TestOddsSameSettingsSameNumbersAndAnEditChangesThem(t *testing.T) {
	sc := oddsScenario(t)
	s := morale.DefaultSettings()
	a := countOdds(t, sc, s, 300)
	b := countOdds(t, sc, s.Clone(), 300, 7, 1, 50)
	oa, ob := a.Odds(nil), b.Odds(nil)
	if !reflect.DeepEqual(oa, ob) {
		ja, _ := json.Marshal(oa)
		jb, _ := json.Marshal(ob)
		t.Fatalf("the same settings counted in other slices give other odds:\n%s\n%s", ja, jb)
	}
	if oa.Runs != 300 || oa.SettingsHash != lab.SettingsHash(s) || len(oa.Men) != 5 || len(oa.Squads) != 1 {
		t.Fatalf("odds: %d runs, hash %s, %d men, %d squads; want 300, %s, 5, 1", oa.Runs, oa.SettingsHash, len(oa.Men), len(oa.Squads), lab.SettingsHash(s))
	}
	eriksen := oa.Men[4]
	if eriksen.Name != "Eriksen" || eriksen.Share != 1 || oa.FirstRout.P50 == nil {
		t.Fatalf("Eriksen routs in %v of the default fights (want all), first rout median %v", eriksen.Share, oa.FirstRout.P50)
	}

	edit := s.Clone()
	edit.RecoveryDelaySeconds = 1
	c := countOdds(t, sc, edit, 300)
	oc := c.Odds(a)
	e := oc.Men[4]
	if e.Change == nil || !e.Change.Beyond || e.Change.From != 1 || e.Share >= 0.9 || e.Change.Diff != e.Share-1 {
		t.Fatalf("Eriksen after RecoveryDelaySeconds 4 → 1: %+v, change %+v; want far fewer routs, beyond the noise", e, e.Change)
	}
	if e.Lo > e.Share || e.Hi < e.Share || e.Change.Lo > e.Change.Diff || e.Change.Hi < e.Change.Diff {
		t.Errorf("intervals do not hold their values: %+v %+v", e, e.Change)
	}
	if oc.Reference == nil || oc.Reference.Runs != 300 || oc.Reference.SettingsHash != a.SettingsHash() {
		t.Errorf("reference %+v; want %s over 300 fights", oc.Reference, a.SettingsHash())
	}
	if ch := oc.Men[0].Change; ch == nil || ch.Beyond || ch.Diff != 0 {
		t.Errorf("Alvarez (dead at 5 s, never routs) changed: %+v", ch)
	}
	if len(oc.Histogram.Counts) == 0 || len(oc.Histogram.Ref) != len(oc.Histogram.Counts) {
		t.Errorf("histogram %+v; want counts and the reference's", oc.Histogram)
	}
	// over the first 100 fights, the first 100 of the full count
	d := countOdds(t, sc, edit, 100)
	if od := d.Odds(a); od.Reference.Runs != 100 || od.Men[4].Change.From != 1 {
		t.Errorf("100 fights against 300: reference %+v; want the 100 both counted", od.Reference)
	}
}

// The tracker counts in the background, is replaced by the next Set, keeps
// the last settings counted to the end as the reference, and gives the
// numbers of the job it would give counted alone.
func TestOddsTracker(t *testing.T) {
	sc := oddsScenario(t)
	s := morale.DefaultSettings()
	for _, background := range []bool{true, false} {
		tr := lab.NewOddsTracker(sc, 1, 200, background)
		if err := tr.Set(s); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if err := tr.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		if got, want := tr.Report(), countOdds(t, sc, s, 200).Odds(nil); !reflect.DeepEqual(got, want) {
			t.Errorf("background %v: tracked odds differ from the job's", background)
		}
		mid := s.Clone()
		mid.RecoveryDelaySeconds = 2
		edit := s.Clone()
		edit.RecoveryDelaySeconds = 1
		if err := tr.Set(mid); err != nil { // replaced before it is counted
			t.Fatal(err)
		}
		if err := tr.Set(edit); err != nil {
			t.Fatal(err)
		}
		bad := edit.Clone()
		bad.ShakenBelow = 2
		if err := tr.Set(bad); err == nil {
			t.Error("invalid settings accepted")
		}
		if err := tr.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		got := tr.Report()
		if got.Reference == nil || got.Reference.SettingsHash != lab.SettingsHash(s) || got.SettingsHash != lab.SettingsHash(edit) || got.Runs != 200 {
			t.Errorf("background %v: after two edits, odds of %s against %+v over %d; want %s against %s", background,
				got.SettingsHash, got.Reference, got.Runs, lab.SettingsHash(edit), lab.SettingsHash(s))
		}
		if got.Error == "" {
			t.Errorf("background %v: the refused settings are not in the report", background)
		}
		cancel()
		tr.Close()
	}
}

// BenchmarkOddsLatency is the tuner's odds panel after a settings change:
// the time from OddsTracker.Set (counting in the background, as the native
// demo does) to the first report of at least lab.OddsFirst (200) fights,
// and to all lab.OddsRuns (1,000), of the demo's opening (5 men, 60 s,
// scenarios/opening.toml with the live settings), two settings in turn so
// that each Set replaces a finished count and compares with it. The floor,
// timed after each op, is the same 1,000 fights counted by a bare OddsJob
// on the benchmark's goroutine: the tracker's own cost is the difference.
func BenchmarkOddsLatency(b *testing.B) {
	sc := oddsScenario(b)
	s := [2]morale.Settings{morale.DefaultSettings(), morale.DefaultSettings()}
	s[1].RecoveryDelaySeconds = 3
	tr := lab.NewOddsTracker(sc, 1, lab.OddsRuns, true)
	defer tr.Close()
	var to200, to1000, floor time.Duration
	k := 0
	for b.Loop() {
		start := time.Now()
		if err := tr.Set(s[k%2]); err != nil {
			b.Fatal(err)
		}
		first := time.Duration(0)
		for {
			r := tr.Report()
			if first == 0 && r.Runs >= lab.OddsFirst {
				first = time.Since(start)
			}
			if r.Runs == lab.OddsRuns {
				break
			}
			time.Sleep(200 * time.Microsecond)
		}
		to200 += first
		to1000 += time.Since(start)
		b.StopTimer()
		start = time.Now()
		j, err := lab.NewOddsJob(sc, s[k%2], 1, lab.OddsRuns)
		if err != nil {
			b.Fatal(err)
		}
		if err := j.Step(context.Background(), lab.OddsRuns); err != nil {
			b.Fatal(err)
		}
		floor += time.Since(start)
		b.StartTimer()
		k++
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(k) }
	b.ReportMetric(ms(to200), "ms-to-200")
	b.ReportMetric(ms(to1000), "ms-to-1000")
	b.ReportMetric(ms(floor), "floor-ms-1000")
	b.ReportMetric(float64(to1000)/float64(floor), "x-floor")
}

// The odds of a scenario of big fights count fewer of them: the opening
// all 1,000, the army of 10,000 men the least.
func TestOddsRunsFor(t *testing.T) {
	for name, want := range map[string]int{"opening": lab.OddsRuns, "army": lab.OddsMinRuns} {
		sc, err := lab.LoadScenario("../scenarios/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		if got := lab.OddsRunsFor(sc); got != want {
			t.Errorf("OddsRunsFor(%s) = %d; want %d (a fight's work %.3g)", name, got, want, lab.FightWork(sc))
		}
	}
	for _, name := range []string{"line", "platoon", "sergeant"} {
		sc, err := lab.LoadScenario("../scenarios/" + name + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		n := lab.OddsRunsFor(sc)
		t.Logf("%s: %d fights", name, n)
		if n < lab.OddsMinRuns || n > lab.OddsRuns || n%50 != 0 {
			t.Errorf("OddsRunsFor(%s) = %d; want 50..1000 in steps of 50", name, n)
		}
	}
}
