package morale

import "testing"

// TestRuleSetsFull: a ledger that holds maxRuleSets sets of StateRules names
// none for a state change under yet another set (0), which then reads the
// World's settings of the moment, as StateChange.Rules says; the sets it
// holds keep their ids.
func TestRuleSetsFull(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(LedgerOptions{PerAgent: 4, Window: 60}); err != nil {
		t.Fatal(err)
	}
	l := w.led
	first := l.rulesID(&w.s)
	for k := 1; k < maxRuleSets; k++ {
		s := w.s
		s.RoutAfterSeconds = float64(k)
		if id := l.rulesID(&s); int(id) != k+1 {
			t.Fatalf("set %d: got id %d; want %d", k+1, id, k+1)
		}
	}
	s := w.s
	s.MinRoutSeconds = 99
	if id := l.rulesID(&s); id != 0 {
		t.Errorf("a set past maxRuleSets: got id %d; want 0", id)
	}
	if id := l.rulesID(&w.s); id != first {
		t.Errorf("a set it holds: got id %d; want %d", id, first)
	}
	w.s = s
	if got := w.stateChange(&stateRec{since: never}).Rules; got != stateRules(&s) {
		t.Errorf("a change of no set: got rules %+v; want the World's now, %+v", got, stateRules(&s))
	}
}
