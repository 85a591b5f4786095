package game

import "testing"

func TestSpliceKeepsThePastAndReplacesTheRest(t *testing.T) {
	at := func(s Sample) float64 { return s.T }
	mk := func(from, to float64, m float64) []Sample {
		var out []Sample
		for x := from; x <= to+1e-9; x += 0.25 {
			out = append(out, Sample{T: x, Morale: m})
		}
		return out
	}
	tape := splice(nil, mk(0, 30, 1), at)
	tape = splice(tape, mk(10, 40, 1), at) // the window moved on
	if len(tape) != len(mk(0, 40, 1)) || tape[len(tape)-1].T != 40 {
		t.Fatalf("after the window moved on: %d samples to %v; want 0..40 s", len(tape), tape[len(tape)-1].T)
	}
	same := splice(tape, mk(10, 40, 1), at)
	if &same[0] != &tape[0] || len(same) != len(tape) {
		t.Error("the same window again: the tape was copied; want it as it was")
	}
	// a new future from 35 s (a Resume with other weights)
	tape = splice(tape, append(mk(5, 34.75, 1), mk(35, 36, 0.5)...), at)
	if n := len(tape); tape[n-1].T != 36 || tape[n-1].Morale != 0.5 || tape[0].T != 0 {
		t.Errorf("a new future: ends at %v (%v), starts at %v; want 0..36 s, the new morale", tape[n-1].T, tape[n-1].Morale, tape[0].T)
	}
	// a Restart: the History starts again at 0 s
	tape = splice(tape, mk(0, 2, 0.9), at)
	if n := len(tape); n != len(mk(0, 2, 0.9)) || tape[n-1].Morale != 0.9 {
		t.Errorf("a Restart: %d samples; want only the new battle's", n)
	}
	// an hour at most
	long := splice(nil, mk(0, 30, 1), at)
	for end := 60.0; end <= tapeSeconds+120; end += 30 {
		long = splice(long, mk(end-30, end, 1), at)
	}
	if first := long[0].T; first < 100 {
		t.Errorf("after %v s: the tape starts at %v s; want it to keep %d s", long[len(long)-1].T, first, tapeSeconds)
	}
}
