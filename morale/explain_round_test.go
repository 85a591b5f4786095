package morale_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// shownHundredths reads a change as a designer does, "−0.35" as -35
// hundredths; ok is false when it is not a sign and two decimals.
func shownHundredths(s string) (h int64, ok bool) {
	m := regexp.MustCompile(`^([−+±])(\d+)\.(\d\d)$`).FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	h, _ = strconv.ParseInt(m[2]+m[3], 10, 64)
	if m[1] == "−" {
		h = -h
	}
	return h, true
}

// endHundredths is morale m as two decimals print it (%.2f), in hundredths.
func endHundredths(m float64) int64 {
	f, _ := strconv.ParseFloat(fmt.Sprintf("%.2f", m), 64)
	return int64(math.Round(f * 100))
}

// Rounded each on its own, two causes of −0.345 read −0.35 and −0.35,
// −0.70 in all, under a fall printed 1.00 → 0.31 (−0.69). RoundChanges
// gives the hundredth to the change that lost the most to rounding down
// (the first of equals), keeps a change of 0 at ±0.00 and the sign of a
// change too small for a hundredth.
func TestRoundChanges(t *testing.T) {
	for _, tt := range []struct {
		name     string
		from, to float64
		changes  []float64
		want     []string
	}{
		{"two halves", 1, 0.31, []float64{-0.345, -0.345}, []string{"−0.34", "−0.35"}},
		{"three thirds", 1, 0, []float64{-1. / 3, -1. / 3, -1. / 3}, []string{"−0.33", "−0.33", "−0.34"}},
		{"the largest remainder", 0.5, 0.51, []float64{0.004, 0.006}, []string{"+0.00", "+0.01"}},
		{"a change of 0 takes no hundredth", 0.5, 0.51, []float64{0.006, 0.004, 0}, []string{"+0.01", "+0.00", "±0.00"}},
		{"a small hit keeps its sign", 0.5, 0.496, []float64{-0.004}, []string{"−0.00"}},
		{"small good news keeps its sign", 0.5, 0.504, []float64{0.004}, []string{"+0.00"}},
		{"a tiny hit", 0.5, 0.5 - 8e-8, []float64{-8e-8}, []string{"−0.00"}},
		{"a small hit rounded away to make the sum", 0.5, 0.49, []float64{-0.004, -0.004, -0.002}, []string{"−0.00", "−0.01", "−0.00"}},
		{"equals up: the first", 0.5, 0.51, []float64{0.005, 0.005}, []string{"+0.01", "+0.00"}},
		{"equals down: the first", 0.51, 0.5, []float64{-0.005, -0.005}, []string{"−0.00", "−0.01"}},
		{"nothing moved", 0.5, 0.5, []float64{0, 0}, []string{"±0.00", "±0.00"}},
		{"exact parts", 1, 0.39, []float64{-0.39, 0.19, -0.18, -0.12, -0.11}, []string{"−0.39", "+0.19", "−0.18", "−0.12", "−0.11"}},
		// 0.375 prints 0.38 and 0.125 0.12 (to even): a hundredth off
		{"ends on half hundredths", 0.375, 0.125, []float64{-0.25}, []string{"−0.26"}},
		{"ends that are not the sum", 1, 0, []float64{-0.1, -0.1}, []string{"−0.50", "−0.50"}},
		{"NaN counts for nothing", 1, 0.8, []float64{math.NaN(), -0.2}, []string{"NaN", "−0.20"}},
		{"an end not finite", math.Inf(1), 0.8, []float64{-0.004, 0}, []string{"−0.004", "±0.00"}},
		{"none", 1, 1, nil, []string{}},
	} {
		if got := morale.RoundChanges(tt.from, tt.to, tt.changes); !slices.Equal(got, tt.want) {
			t.Errorf("%s: RoundChanges(%v, %v, %v): got %q; want %q", tt.name, tt.from, tt.to, tt.changes, got, tt.want)
		}
	}
}

// randomExplanation is an explanation of a man now at a random morale,
// with up to six causes of random size (some 0, some too small for two
// decimals, some exact hundredths, some halves), each an event seen once
// without its details, contagion, recovery or a rally, so that its
// sentence's parts read "Name −0.35 at 1.00 s" or "contagion +0.19 over 2 s".
func randomExplanation(r *rand.Rand) morale.Explanation {
	x := morale.Explanation{Now: 20, Window: 30, State: morale.Shaken, SecondsSinceBadNews: 1}
	x.Morale = r.Float64()
	if r.IntN(4) == 0 {
		x.Morale = float64(r.IntN(101)) / 100
	}
	causes := []morale.Reason{
		{Kind: morale.ByEvent, Event: morale.LeaderDown}, {Kind: morale.ByEvent, Event: morale.AllyDown},
		{Kind: morale.ByEvent, Event: morale.TookDamage}, {Kind: morale.ByEvent, Event: morale.EnemyDown},
		{Kind: morale.ByContagion}, {Kind: morale.ByRecovery}, {Kind: morale.ByRally},
	}
	r.Shuffle(len(causes), func(i, j int) { causes[i], causes[j] = causes[j], causes[i] })
	for _, c := range causes[:r.IntN(7)] {
		var d float64
		switch r.IntN(5) {
		case 0:
			d = 0
		case 1:
			d = (r.Float64() - 0.5) / 100 // below a hundredth
		case 2:
			d = float64(r.IntN(61)-30) / 100
		case 3:
			d = (float64(r.IntN(61)-30) + 0.5) / 100
		default:
			d = r.Float64() - 0.5
		}
		k := morale.Contribution{Cause: c, Delta: d, Entries: 1, First: 5, Last: 5}
		if c.Kind == morale.ByContagion || c.Kind == morale.ByRecovery {
			k.Steps, k.Seconds = 8, 2
		}
		x.Causes = append(x.Causes, k)
	}
	slices.SortStableFunc(x.Causes, func(a, b morale.Contribution) int {
		return -cmpAbs(a.Delta, b.Delta)
	})
	return x
}

func cmpAbs(a, b float64) int {
	switch a, b = math.Abs(a), math.Abs(b); {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// sentenceParts reads the changes of sentence s by cause, as a designer
// reads them: "LeaderDown −0.35 at 1.00 s, contagion +0.19 over 2 s,
// recovery ±0.00 (…)" gives LeaderDown −0.35, contagion +0.19, recovery
// ±0.00.
func sentenceParts(t *testing.T, s string) map[string]string {
	t.Helper()
	_, rest, ok := strings.Cut(s, " ← ")
	if !ok {
		t.Fatalf("no ← in %q", s)
	}
	parts := map[string]string{}
	for _, p := range strings.Split(rest, ", ") {
		f := strings.Fields(p)
		if len(f) < 2 {
			t.Fatalf("part %q of %q has no number", p, s)
		}
		parts[f[0]] = f[1]
	}
	return parts
}

// TestExplainSentenceAddsUp reads the sentence of many random explanations
// as a designer checks it: its causes' changes, as printed, add up to the
// morale printed less the morale they took him from (Morale less the
// causes' sum), printed with two decimals, and each lies within a hundredth
// of its cause's Delta. Each cause printed on its own (FormatChange), the
// parts of a fall printed 1.00 → 0.31 read −0.70, or −0.004 beside
// two-decimal ends.
func TestExplainSentenceAddsUp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		x := randomExplanation(r)
		s := x.String()
		parts := sentenceParts(t, s)
		sum, causes := int64(0), 0.0
		for _, c := range x.Causes {
			causes += c.Delta
			name := c.Cause.Kind.String()
			if c.Cause.Kind == morale.ByEvent {
				name = string(c.Cause.Event)
			}
			h, ok := shownHundredths(parts[name])
			if !ok {
				t.Fatalf("%s %v reads %q, not two decimals that add up, in\n%s", name, c.Delta, parts[name], s)
			}
			if math.Abs(float64(h)-c.Delta*100) > 1+1e-9 {
				t.Fatalf("%s %v reads %q, more than a hundredth off, in\n%s", name, c.Delta, parts[name], s)
			}
			sum += h
		}
		start := x.Morale - causes
		if want := endHundredths(x.Morale) - endHundredths(start); sum != want {
			t.Fatalf("got parts adding up to %+.2f; want %.2f − %.2f = %+.2f, in\n%s",
				float64(sum)/100, x.Morale, start, float64(want)/100, s)
		}
	}
}

// The sentence, Start and ShownChanges agree: String prints each cause's
// change as ShownChanges writes it, and Start is Morale less the causes'
// sum.
func TestShownChangesAreTheSentences(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		x := randomExplanation(r)
		s, shown := x.String(), x.ShownChanges()
		parts := sentenceParts(t, s)
		sum := 0.0
		for k, c := range x.Causes {
			sum += c.Delta
			name := c.Cause.Kind.String()
			if c.Cause.Kind == morale.ByEvent {
				name = string(c.Cause.Event)
			}
			if parts[name] != shown[k] {
				t.Fatalf("%s: the sentence reads %q; ShownChanges %q, in\n%s", name, parts[name], shown[k], s)
			}
		}
		if got, want := x.Start(), x.Morale-sum; got != want {
			t.Fatalf("got Start %v; want %v − %v = %v", got, x.Morale, sum, want)
		}
	}
}

// FuzzRoundChanges: the changes RoundChanges writes add up, read as
// written, to the ends printed with two decimals, whatever the ends (when
// one change at least is not 0); when the ends are the changes' own (from
// is to less their sum, as an Explanation's Start), each lies within a
// hundredth of its change and keeps its sign, and ±0.00 is exactly 0.
func FuzzRoundChanges(f *testing.F) {
	f.Add(0.31, -0.345, -0.345, 0.0, 0.0, true)
	f.Add(0.125, -0.25, 0.0, 0.0, 0.0, true)
	f.Add(0.5, -0.004, 0.004, -0.002, 0.0, true)
	f.Add(0.0, -0.1, -0.1, 0.0, 0.0, false)
	f.Fuzz(func(t *testing.T, to, c1, c2, c3, c4 float64, own bool) {
		changes := []float64{c1, c2, c3, c4}
		from, sum := to-1, 0.0 // not their own: any start
		moved := false
		for _, c := range changes {
			if !(math.Abs(c) <= 10) || !(math.Abs(to) <= 10) {
				t.Skip() // a morale and its changes, not any number
			}
			sum += c
			moved = moved || c != 0
		}
		if own {
			from = to - sum
		}
		got := morale.RoundChanges(from, to, changes)
		total := int64(0)
		for k, s := range got {
			h, ok := shownHundredths(s)
			if !ok {
				t.Fatalf("change %v reads %q; want a sign and two decimals", changes[k], s)
			}
			total += h
			if (s == "±0.00") != (changes[k] == 0) {
				t.Errorf("change %v reads %q; want ±0.00 for 0 only", changes[k], s)
			}
			if !own {
				continue
			}
			if d := math.Abs(float64(h) - changes[k]*100); d > 1+1e-6 {
				t.Errorf("change %v reads %q: %.6f hundredths off; want at most 1", changes[k], s, d)
			}
			if h*int64(math.Copysign(1, changes[k])) < 0 || s[0:1] == "+" && changes[k] < 0 || strings.HasPrefix(s, "−") && changes[k] > 0 {
				t.Errorf("change %v reads %q; want its sign", changes[k], s)
			}
		}
		if want := endHundredths(to) - endHundredths(from); moved && total != want {
			t.Errorf("RoundChanges(%v, %v, %v) = %q: adds up to %d hundredths; want %d", from, to, changes, got, total, want)
		}
	})
}
