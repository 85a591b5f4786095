package lab_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
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

// set is one OddsTracker.Set: the settings and the baseline (nil: none).
type set struct{ s, base *morale.Settings }

// The tracker reports the odds of the last good settings counted to the
// end, as a job counted alone gives them: measured from the baseline over
// all the fights when there is one, even when the baseline was Set a
// moment before (a reset not yet counted when a drag begins: its fights
// are counted beside the live settings'), and from the settings before a
// whole drag whose steps were replaced before they were counted. Settings
// that do not validate are refused and the report says why, until the
// next good Set; the count goes on with the last good settings. The same
// in the background and in Poll.
func TestOddsTracker(t *testing.T) {
	sc := oddsScenario(t)
	const runs = 200
	def := morale.DefaultSettings()
	mid, edit, bad := def.Clone(), def.Clone(), def.Clone()
	mid.RecoveryDelaySeconds = 2
	edit.RecoveryDelaySeconds = 1
	bad.ShakenBelow = 2
	for _, tc := range []struct {
		name      string
		sets      []set
		want      morale.Settings
		base      *morale.Settings
		wantError bool
	}{
		{"no baseline", []set{{&def, nil}}, def, nil, false},
		{"an edit from the defaults", []set{{&def, nil}, {&edit, &def}}, edit, &def, false},
		{"the baseline Set just before", []set{{&edit, nil}, {&def, &edit}}, def, &edit, false},
		{"a drag measured from before it", []set{{&def, nil}, {&mid, &def}, {&edit, &def}}, edit, &def, false},
		{"refused settings", []set{{&def, nil}, {&edit, &def}, {&bad, &edit}}, edit, &def, true},
		{"good settings after refused ones", []set{{&def, nil}, {&bad, &def}, {&def, nil}}, def, nil, false},
	} {
		for _, background := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/background %v", tc.name, background), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				tr := lab.NewOddsTracker(sc, 1, runs, background)
				defer tr.Close()
				for _, st := range tc.sets {
					var base morale.Settings
					if st.base != nil {
						base = *st.base
					}
					if err := tr.Set(*st.s, base, st.base != nil); (err != nil) != (st.s == &bad) {
						t.Fatalf("Set(%s): got error %v; want one only for the invalid settings", lab.SettingsHash(*st.s), err)
					}
				}
				if err := tr.Wait(ctx); err != nil {
					t.Fatal(err)
				}
				got := tr.Report()
				var ref *lab.OddsJob
				if tc.base != nil {
					ref = countOdds(t, sc, *tc.base, runs)
				}
				want := countOdds(t, sc, tc.want, runs).Odds(ref)
				if gotErr := got.Error; (gotErr != "") != tc.wantError || tc.wantError && !strings.HasPrefix(gotErr, "odds: ") {
					t.Errorf("report error %q; want the refused settings' reason: %v", gotErr, tc.wantError)
				}
				got.Error = ""
				if !reflect.DeepEqual(got, want) {
					t.Errorf("got odds of %s against %+v over %d; want %s against %+v over %d, as counted alone",
						got.SettingsHash, got.Reference, got.Runs, want.SettingsHash, want.Reference, want.Runs)
				}
			})
		}
	}
}

// Going back to settings counted a moment ago (an A/B, an undone drag)
// reports them at once: the tracker kept their fights and its baseline's.
func TestOddsTrackerKeepsRecentCounts(t *testing.T) {
	sc := oddsScenario(t)
	def := morale.DefaultSettings()
	edit := def.Clone()
	edit.RecoveryDelaySeconds = 1
	tr := lab.NewOddsTracker(sc, 1, 100, false)
	defer tr.Close()
	for _, st := range []set{{&def, nil}, {&edit, &def}, {&def, &edit}} {
		var base morale.Settings
		if st.base != nil {
			base = *st.base
		}
		if err := tr.Set(*st.s, base, st.base != nil); err != nil {
			t.Fatal(err)
		}
		if err := tr.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.Set(edit, def, true); err != nil {
		t.Fatal(err)
	}
	if tr.Poll(1) {
		t.Error("Poll(1) after going back to the settings counted before: got fights remaining; want none (kept)")
	}
	if got := tr.Report(); got.Runs != 100 || got.SettingsHash != lab.SettingsHash(edit) || got.Reference == nil || got.Reference.Runs != 100 {
		t.Errorf("got %d fights of %s against %+v; want all 100 of %s against the defaults' 100", got.Runs, got.SettingsHash, got.Reference, lab.SettingsHash(edit))
	}
}

// BenchmarkOddsLatency is the tuner's odds panel after an edit, on the
// demo's own tracker (OddsTracker, counting in the background as the
// native demo does): the time from Set to the first report of at least
// lab.OddsFirst (200) fights, and to all lab.OddsRuns (1,000), of the
// demo's opening (5 men, 60 s, scenarios/opening.toml with the live
// settings). Each op Sets settings never counted before, measured from
// the previous op's (counted to the end, kept: the baseline of an edit
// after a finished count), as the panel does. The floor, timed after each
// op, is the same 1,000 fights counted by a bare OddsJob on the
// benchmark's goroutine: the tracker's own cost is the difference.
// combat-% is the share in combat (scenarioCombat) of the fight of the
// first seed under the last op's settings, played again after the loop.
func BenchmarkOddsLatency(b *testing.B) {
	sc := oddsScenario(b)
	prev := morale.DefaultSettings()
	tr := lab.NewOddsTracker(sc, 1, lab.OddsRuns, true)
	defer tr.Close()
	if err := tr.Set(prev, prev, false); err != nil {
		b.Fatal(err)
	}
	if err := tr.Wait(context.Background()); err != nil {
		b.Fatal(err)
	}
	var to200, to1000, floor time.Duration
	k := 0
	for b.Loop() {
		s := morale.DefaultSettings()
		s.RecoveryDelaySeconds = 2 + float64(k%2)*2.5 + float64(k)/1e4 // a new settings every op
		start := time.Now()
		if err := tr.Set(s, prev, true); err != nil {
			b.Fatal(err)
		}
		first := time.Duration(0)
		for {
			r := tr.Report()
			if r.SettingsHash == lab.SettingsHash(s) {
				if first == 0 && r.Runs >= lab.OddsFirst {
					first = time.Since(start)
				}
				if r.Runs == lab.OddsRuns {
					break
				}
			}
			time.Sleep(200 * time.Microsecond)
		}
		to200 += first
		to1000 += time.Since(start)
		b.StopTimer()
		start = time.Now()
		j, err := lab.NewOddsJob(sc, s, 1, lab.OddsRuns)
		if err != nil {
			b.Fatal(err)
		}
		if err := j.Step(context.Background(), lab.OddsRuns); err != nil {
			b.Fatal(err)
		}
		floor += time.Since(start)
		prev = s
		b.StartTimer()
		k++
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(k) }
	b.ReportMetric(ms(to200), "ms-to-200")
	b.ReportMetric(ms(to1000), "ms-to-1000")
	b.ReportMetric(ms(floor), "floor-ms-1000")
	b.ReportMetric(float64(to1000)/float64(floor), "x-floor")
	last := *sc // the share in combat under the last op's settings, untimed
	last.Settings = prev
	b.ReportMetric(scenarioCombat(b, &last, lab.RunSeed(1, 0)), "combat-%")
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
