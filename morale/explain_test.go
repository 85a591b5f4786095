package morale_test

import (
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// TestExplainScriptedRout scripts a lone soldier (nerve 0.2, so bad news
// hits at 80%; alone, his squad's average is his own and contagion does
// nothing) through a rout and a rally with the default settings, and reads
// the sentence at each stage. By hand:
//
//	1.00 s LeaderDown 12 m away: falloff (30−12)/(30−6) = 0.75, −0.45·0.75·0.8 = −0.27 → 0.73
//	1.50 s TookDamage ×5:        −0.10·5·0.8 = −0.40 → 0.33 (Shaken at the 1.75 s step)
//	2.00 s AllyDown at his feet: −0.18·0.8 = −0.144 → 0.186 (Panicked at 2.50 s, after the 0.75 s dwell)
//	6.00 s rout timer: 3.5 s Panicked; recovery starts (4 s after the last bad news)
//	6.50 s recovery 0.5 s × 0.06 = +0.03 → 0.216; Rally lifts him to 0.60+0.15 = 0.75 (+0.534)
func TestExplainScriptedRout(t *testing.T) {
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 64, Window: 30})
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.2))
	const (
		lost      = "LeaderDown −0.27 at 1.00 s (12.0 m away, falloff 0.75, nerve 0.20 kept 20%)"
		hit       = "TookDamage −0.40 at 1.50 s (nerve 0.20 kept 20%)"
		ally      = "AllyDown −0.14 at 2.00 s (0.0 m away, falloff 1.00, nerve 0.20 kept 20%)"
		routed    = "Routed at 6.00 s: Panicked for 3.50 s (RoutAfterSeconds 3.5). "
		afterRout = "Morale 0.22 ← " + hit + ", " + lost + ", " + ally + ", recovery +0.03 (bad news 4.5 s ago)"
	)
	steps := []struct {
		until  float64
		act    func() error
		want   string
		morale float64
	}{
		{0.5, nil, "Steady. Morale 1.00 ← recovery ±0.00 (no bad news)", 1},
		{1, func() error { return w.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{X: 1200}, 0, nil, 1) },
			"Steady. Morale 0.73 ← " + lost + ", recovery ±0.00 (bad news 0 s ago)", 0.73},
		{1.5, func() error { return a.ReportEvent(morale.TookDamage, 5) }, "", 0},
		{1.75, nil, "Shaken at 1.75 s: morale 0.33 < ShakenBelow 0.6 after event TookDamage. Morale 0.33 ← " +
			hit + ", " + lost + ", recovery ±0.00 (bad news 0.25 s ago)", 0.33},
		{2, func() error { return w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, nil, 1) }, "", 0},
		{2.75, nil, "Panicked at 2.50 s: morale 0.19 < PanicBelow 0.25 after event AllyDown. Morale 0.19 ← " +
			hit + ", " + lost + ", " + ally + ", recovery ±0.00 (bad news 0.75 s ago)", 0.186},
		{6.5, nil, routed + afterRout, 0.216},
		{6.5, func() error { a.Rally(); return nil },
			"Steady at 6.50 s: rallied from Routed. Morale 0.75 ← rally +0.53 at 6.50 s, " + hit + ", " + lost + ", " + ally +
				", recovery +0.03 (bad news 4.5 s ago)", 0.75},
	}
	for _, st := range steps {
		w.Advance(st.until - w.Now())
		if st.act != nil {
			if err := st.act(); err != nil {
				t.Fatal(err)
			}
		}
		if st.want == "" {
			continue
		}
		x, err := w.Explain(a)
		if err != nil {
			t.Fatal(err)
		}
		if got := x.String(); got != st.want {
			t.Errorf("at %.2f s:\ngot  %s\nwant %s", st.until, got, st.want)
		}
		if !near(x.Morale, st.morale, 1e-12) {
			t.Errorf("at %.2f s: got morale %v; want %v", st.until, x.Morale, st.morale)
		}
	}
}

// TestExplainCauses checks the sums by cause: several hits of one event
// make one Contribution, the largest |Delta| first, and the sentence names
// the count and the largest hit.
func TestExplainCauses(t *testing.T) {
	s := morale.DefaultSettings()
	s.ContagionPerSecond, s.RecoveryPerSecond = 0, 0
	w := ledgerWorld(t, &s, morale.LedgerOptions{PerAgent: 64, Window: 30})
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.5))
	for _, sc := range []float64{1, 2, 1} {
		_ = a.ReportEvent(morale.Suppressed, sc) // −0.035, −0.07, −0.035
		w.Advance(1)
	}
	_ = a.ReportEvent(morale.EnemyDown, 1) // +0.08
	_ = a.ReportCustomEvent(-0.3)          // −0.15
	x, err := w.Explain(a)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		cause   string
		delta   float64
		entries int
	}{{"custom event", -0.15, 1}, {"event Suppressed", -0.14, 3}, {"event EnemyDown", 0.08, 1}}
	if len(x.Causes) != len(want) {
		t.Fatalf("got %d causes %+v; want %d", len(x.Causes), x.Causes, len(want))
	}
	for k, c := range x.Causes {
		if c.Cause.String() != want[k].cause || !near(c.Delta, want[k].delta, 1e-15) || c.Entries != want[k].entries {
			t.Errorf("cause %d: got %v %v ×%d; want %v %v ×%d", k, c.Cause, c.Delta, c.Entries, want[k].cause, want[k].delta, want[k].entries)
		}
	}
	if l := x.Causes[1].Largest; l.Scale != 2 || l.At != 1 {
		t.Errorf("got the largest Suppressed %+v; want the one of scale 2 at 1 s", l)
	}
	wantS := "Steady. Morale 0.79 ← custom event −0.15 at 3.00 s (weight −0.30, nerve 0.50 kept 50%), " +
		"Suppressed −0.14 ×3, last at 2.00 s (largest −0.07, nerve 0.50 kept 50%), EnemyDown +0.08 at 3.00 s, " +
		"recovery ±0.00 (bad news 0 s ago)"
	if got := x.String(); got != wantS {
		t.Errorf("got  %s\nwant %s", got, wantS)
	}
	if math.IsInf(x.SecondsSinceBadNews, 0) || x.Now != 3 || x.Window != 30 {
		t.Errorf("got Now %v Window %v since bad news %v; want 3, 30, 0", x.Now, x.Window, x.SecondsSinceBadNews)
	}
}

// TestLibraryDocLedgerSentence keeps the ledger section of docs/library.md
// showing the sentence Example_explain prints.
func TestLibraryDocLedgerSentence(t *testing.T) {
	doc, err := os.ReadFile("../docs/library.md")
	if err != nil {
		t.Skipf("docs/library.md not found next to the package: %v", err)
	}
	src, err := os.ReadFile("explain_example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	const head = "## Why did he break? The ledger"
	r := string(doc)
	i := strings.Index(r, head)
	if i < 0 {
		t.Fatalf("docs/library.md has no %q section", head)
	}
	section := r[i+len(head):]
	section = section[:strings.Index(section, "\n## ")]
	s := string(src)
	k := strings.Index(s, "// Output:\n")
	if k < 0 {
		t.Fatal("Example_explain has no output")
	}
	line := strings.TrimPrefix(strings.TrimSpace(strings.SplitN(s[k:], "\n", 3)[1]), "// ")
	if !strings.Contains(section, line+"\n") {
		t.Errorf("the ledger section of docs/library.md does not show the sentence Example_explain prints:\n%s", line)
	}
}

// A state change's reason reads true at the precision it prints: never
// "morale 0.60 < ShakenBelow 0.6" for 0.59999, and a sum of settings as the
// decimal it is meant to be.
func TestStateReasonComparisonsReadTrue(t *testing.T) {
	rules := morale.StateRules{ShakenBelow: 0.6, PanicBelow: 0.25, Hysteresis: 0.15}
	tuned := morale.StateRules{ShakenBelow: 0.57, PanicBelow: 0.25, Hysteresis: 0.15}
	for _, tt := range []struct {
		s    morale.StateChange
		want string
	}{
		{morale.StateChange{From: morale.Steady, To: morale.Shaken, Morale: 0.59999, Rules: rules}, "morale 0.59999 < ShakenBelow 0.6"},
		{morale.StateChange{From: morale.Steady, To: morale.Shaken, Morale: 0.41, Rules: rules}, "morale 0.41 < ShakenBelow 0.6"},
		{morale.StateChange{From: morale.Shaken, To: morale.Panicked, Morale: 0.2496, Rules: rules}, "morale 0.2496 < PanicBelow 0.25"},
		{morale.StateChange{From: morale.Shaken, To: morale.Steady, Morale: 0.75, Rules: rules}, "morale 0.75 ≥ ShakenBelow+Hysteresis 0.75"},
		{morale.StateChange{From: morale.Shaken, To: morale.Steady, Morale: 0.7201, Rules: tuned}, "morale 0.72 ≥ ShakenBelow+Hysteresis 0.72"},
		{morale.StateChange{From: morale.Panicked, To: morale.Shaken, Morale: 0.4, Rules: tuned}, "morale 0.40 ≥ PanicBelow+Hysteresis 0.4"},
	} {
		// The Explanation's own settings, now, do not enter: the change
		// quotes those it was decided under.
		x := morale.Explanation{Settings: morale.Settings{ShakenBelow: 0.9, PanicBelow: 0.5, Hysteresis: 0.01}}
		if got := x.StateReason(tt.s); got != tt.want {
			t.Errorf("StateReason(%v → %v at morale %v) = %q; want %q", tt.s.From, tt.s.To, tt.s.Morale, got, tt.want)
		}
	}
}

// TestStateReasonQuotesItsOwnSettings: a state change decided under settings
// since changed quotes those it was decided under, in Explain, in a Clone
// and after a savegame: a designer who lowers RoutAfterSeconds to 2 after a
// man routed at 3.5 s reads "Panicked for 3.50 s (RoutAfterSeconds 3.5)".
func TestStateReasonQuotesItsOwnSettings(t *testing.T) {
	s := morale.DefaultSettings()
	s.ContagionPerSecond, s.RecoveryPerSecond = 0, 0
	w := ledgerWorld(t, &s, morale.LedgerOptions{PerAgent: 16, Window: math.Inf(1)})
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
	if err := a.ReportCustomEvent(-0.8); err != nil { // Panicked at once
		t.Fatal(err)
	}
	w.Advance(5) // routs after RoutAfterSeconds, 3.5 s
	tuned := w.Settings()
	tuned.RoutAfterSeconds, tuned.ShakenBelow = 2, 0.7
	if err := w.SetSettings(tuned); err != nil {
		t.Fatal(err)
	}
	want := []string{"morale 0.20 < PanicBelow 0.25 after custom event", "Panicked for 3.50 s (RoutAfterSeconds 3.5)"}
	reasons := func(name string, w *morale.World, a *morale.Agent) {
		t.Helper()
		x, err := w.Explain(a)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range x.States {
			got = append(got, x.StateReason(c))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q; want %q", name, got, want)
		}
	}
	reasons("Explain", w, a)
	c := w.Clone()
	reasons("a Clone", c, c.Agent(a.Index()))
	l := reloaded(t, w)
	reasons("after a savegame", l, l.Agent(0))
	// A change under the new settings quotes them.
	a.Rally()
	w.Advance(1)                                      // past MinimumStateSeconds
	if err := a.ReportCustomEvent(-0.2); err != nil { // from 0.85, the rally's
		t.Fatal(err)
	}
	w.Advance(1) // a step resolves his state
	x, err := w.Explain(a)
	if err != nil {
		t.Fatal(err)
	}
	last := x.States[len(x.States)-1]
	if got := x.StateReason(last); last.To != morale.Shaken || !strings.HasSuffix(got, " < ShakenBelow 0.7 after custom event") {
		t.Errorf("after the change of settings: got %v, %q; want Shaken, \"morale … < ShakenBelow 0.7 after custom event\"", last.To, got)
	}
}

// Explain of an agent of another World names the misuse, where it said
// "agent was removed from its world" of an agent alive in his own; it still
// matches ErrRemoved, as before, as a removed agent's error does.
func TestExplainAnotherWorldsAgentSaysSo(t *testing.T) {
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 4, Window: 10})
	a := w.Spawn(1, morale.Vec2{})
	gone := w.Spawn(1, morale.Vec2{})
	w.Remove(gone)
	clone := w.Clone()
	other := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 4, Window: 10})
	tests := []struct {
		name    string
		w       *morale.World
		a       *morale.Agent
		foreign bool
	}{
		{"the original's agent, on its clone", clone, a, true},
		{"the clone's agent, on the original", w, clone.Agent(0), true},
		{"another World's agent", other, a, true},
		{"a removed agent", w, gone, false},
	}
	for _, tt := range tests {
		for _, call := range explainErrs(tt.w, tt.a) {
			err := call.err
			if !errors.Is(err, morale.ErrRemoved) {
				t.Errorf("%s: %s: %v; want it to match ErrRemoved", tt.name, call.name, err)
			}
			if got := err != nil && strings.Contains(err.Error(), "another World"); got != tt.foreign {
				t.Errorf("%s: %s: %q names another World: %v; want %v", tt.name, call.name, err, got, tt.foreign)
			}
		}
	}
}

// Explain of a nil agent (World.Agent of an index out of range, say) names
// the misuse, where it said "agent was removed from its world" of an agent
// that never was; it still matches ErrRemoved, as before. A removed agent's
// error says to explain a dead man before removing him, where it was
// ErrRemoved itself, "agent was removed from its world", and matches it;
// with the ledger off either is ErrLedgerOff.
func TestExplainNilAgentSaysSo(t *testing.T) {
	w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 4, Window: 10})
	gone := w.Spawn(1, morale.Vec2{})
	w.Remove(gone)
	loaded := w.Spawn(1, morale.Vec2{})
	save, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.UnmarshalBinary(save); err != nil {
		t.Fatal(err)
	}
	off := newTestWorld(t)
	const nilAgent = "morale: CALL of a nil agent"
	tests := []struct {
		name string
		w    *morale.World
		a    *morale.Agent
		want string
	}{
		{"a nil agent", w, nil, nilAgent},
		{"World.Agent out of range", w, w.Agent(5), nilAgent},
		{"a removed agent", w, gone, "morale: CALL of a removed agent (Remove frees his record: explain a dead man before removing him)"},
		{"a handle from before a load", w, loaded, "morale: CALL of an agent from before a load (UnmarshalBinary made new handles: find his agent again by tag)"},
		{"a zero Agent", w, new(morale.Agent), "morale: CALL of an Agent Spawn did not make (a zero Agent, which names no man): pass a handle Spawn returned"},
		{"a nil agent, the ledger off", off, nil, morale.ErrLedgerOff.Error()},
	}
	for _, tt := range tests {
		for _, call := range explainErrs(tt.w, tt.a) {
			err, want := call.err, strings.Replace(tt.want, "CALL", call.name, 1)
			if err == nil || err.Error() != want {
				t.Errorf("%s: %s: got %v; want %s", tt.name, call.name, err, want)
			}
			if tt.w == w && !errors.Is(err, morale.ErrRemoved) {
				t.Errorf("%s: %s: got %v, not matching ErrRemoved; want it to match", tt.name, call.name, err)
			}
		}
	}
}

// An explanation reads a change as it was: bad news that moved nothing (at
// morale 0), good news at morale 1 and no recovery are ±0.00, where the
// sentence said +0.00, and a change too small for two decimals (a small
// hit, news at the edge of its reach) keeps its sign (−0.00, where it said
// +0.00): it moved him down by less than a hundredth. (It read −0.004, the
// digits it needs, until the sentence's changes were made to add up
// (RoundChanges): a third decimal cannot add up to two-decimal ends.)
func TestExplainZeroAndSmallChanges(t *testing.T) {
	tests := []struct {
		name   string
		morale float64 // his morale at spawn
		news   func(w *morale.World, a *morale.Agent) error
		want   string
	}{
		{"bad news at morale 0", 0, func(_ *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 1) },
			"TookDamage ±0.00 at 0.00 s (nerve 0.20 kept 20%)"},
		{"good news at morale 1", 1, func(_ *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, 1) },
			"EnemyDown ±0.00 at 0.00 s"},
		{"bad news at the edge of its reach", 0.5, func(w *morale.World, _ *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: 2990}, 0, nil, 1) // falloff 10/2400
		}, "AllyDown −0.00 at 0.00 s (29.9 m away, falloff 0.004,"},
		{"a small hit", 0.5, func(_ *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 0.05) },
			"TookDamage −0.00 at 0.00 s"},
		{"a tiny hit", 0.5, func(_ *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 1e-6) },
			"TookDamage −0.00 at 0.00 s"},
		{"small good news", 0.5, func(_ *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, 0.05) },
			"EnemyDown +0.00 at 0.00 s"},
		{"a small custom event", 0.5, func(_ *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(-0.004) },
			"custom event −0.00 at 0.00 s (weight −0.004, nerve 0.20 kept 20%)"},
		{"no recovery", 0.5, func(*morale.World, *morale.Agent) error { return nil }, "recovery ±0.00 (no bad news)"},
	}
	for _, tt := range tests {
		w := ledgerWorld(t, nil, morale.LedgerOptions{PerAgent: 8, Window: 10})
		a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.2), morale.WithMorale(tt.morale))
		if err := tt.news(w, a); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		x, err := w.Explain(a)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := x.String(); !strings.Contains(got, tt.want) {
			t.Errorf("%s: got %q; want it to contain %q", tt.name, got, tt.want)
		}
	}
}

// explainErrs returns the errors of Explain and ExplainWindow (of 5 s) of
// agent a on w, each with its method's name.
func explainErrs(w *morale.World, a *morale.Agent) []struct {
	name string
	err  error
} {
	_, e1 := w.Explain(a)
	_, e2 := w.ExplainWindow(a, 5)
	return []struct {
		name string
		err  error
	}{{"Explain", e1}, {"ExplainWindow", e2}}
}

// FormatChange writes one change on its own: exactly 0 is ±0.00, neither
// up nor down, and a change that would read 0.00 gets the digits that show
// it, with its sign. (The sentence's causes are RoundChanges's, which add
// up: TestRoundChanges.)
func TestFormatChange(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{
		{0, "±0.00"},
		{math.Copysign(0, -1), "±0.00"},
		{-0.31, "−0.31"},
		{0.2, "+0.20"},
		{-1, "−1.00"},
		{-0.004, "−0.004"},
		{0.004, "+0.004"},
		{-0.00449, "−0.004"},
		{-0.0049, "−0.005"}, // rounds up to a figure
		{-0.00001, "−0.00001"},
		{-0.000008, "−0.00001"}, // five decimals show it
		{-0.000004, "−0.000004"},
		{-8e-8, "−8e-08"},
		{1.234e-9, "+1.2e-09"},
		{math.Inf(1), "+Inf"},  // read ++Inf
		{math.Inf(-1), "−Inf"}, // read −+Inf
		{math.NaN(), "NaN"},    // read +NaN
	} {
		if got := morale.FormatChange(tt.v); got != tt.want {
			t.Errorf("FormatChange(%v): got %q; want %q", tt.v, got, tt.want)
		}
	}
}

// TestExplainWindowCountsARunWhole: a run of contagion steps that began
// before the window and ends inside it counts whole, as ExplainWindow's doc
// says: its Contribution's First lies before the window, and its Delta is
// the whole run's.
func TestExplainWindowCountsARunWhole(t *testing.T) {
	s := morale.DefaultSettings()
	s.RecoveryPerSecond = 0 // only contagion moves them, every step
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 16, Window: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	low := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	w.Spawn(1, morale.Vec2{X: 100}) // pulls low up, step after step, never all the way
	w.Advance(20)
	x, err := w.ExplainWindow(low, 5)
	if err != nil {
		t.Fatal(err)
	}
	var pull *morale.Contribution
	for k := range x.Causes {
		if x.Causes[k].Cause.Kind == morale.ByContagion {
			pull = &x.Causes[k]
		}
	}
	if pull == nil {
		t.Fatalf("no contagion in %v", x)
	}
	if from := x.Now - 5; !(pull.First < from) {
		t.Errorf("contagion's First = %v s; want before the window's start, %v s (a run that began before it counts whole)", pull.First, from)
	}
	all, err := w.ExplainWindow(low, math.Inf(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all.Causes {
		if c.Cause.Kind == morale.ByContagion && c.Delta != pull.Delta {
			t.Errorf("contagion over the last 5 s: %v; want the whole run's %v", pull.Delta, c.Delta)
		}
	}
}
