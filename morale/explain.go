package morale

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Explanation says why an agent's morale and state are what they are: his
// ledger over a window of simulated time, summed by cause. World.Explain
// makes one; String reads it out as a sentence.
type Explanation struct {
	// Now is the simulated time of the explanation and Window how far
	// back it reaches, in seconds: it covers the entries that ended at or
	// after Now−Window (a merged run of contagion or recovery counts whole).
	Now, Window float64
	// The agent as he is now.
	State               State
	Morale, Nerve       float64
	SecondsSinceBadNews float64 // +Inf when there was none
	// Causes sums Changes by cause (one per event name, one for custom
	// events, contagion, recovery, rally, set by hand), the largest
	// |Delta| first.
	Causes []Contribution
	// Changes are the ledger's morale entries in the window, in the order
	// they were recorded: an event's when it came, a run of contagion or
	// recovery steps when its first step ended (after the events of that
	// step's interval, though its From is the interval's start).
	Changes []LedgerEntry
	// States are the state changes in the window, oldest first.
	States []StateChange
	// Settings are the World's settings now (a copy). The sentence about a
	// state change quotes the settings it was decided under instead (its
	// Rules), which may be older.
	Settings Settings
}

// Contribution is what one cause did to an agent's morale over a window.
type Contribution struct {
	Cause Reason
	// Delta is the sum of the cause's entries' deltas.
	Delta float64
	// Entries is how many ledger entries were summed, Steps how many steps
	// (contagion and recovery), and Seconds the time their runs cover.
	Entries, Steps int
	Seconds        float64
	// First is when the first entry began, Last when the last one ended.
	First, Last float64
	// Largest is the entry with the largest |Delta| (the first of equals):
	// for an event, its weight, scale, distance, falloff and nerve.
	Largest LedgerEntry
}

// Explain returns agent a's explanation over the ledger's window (see
// LedgerOptions.Window). It fails with ErrLedgerOff when the ledger is off.
// A removed a (whose record Remove freed: explain a dead man before removing
// him), a nil a, and an agent of another World (a handle of the World a
// Clone was made from, say) are each an error that says so and matches
// ErrRemoved (errors.Is), as Explain returned for all three before; map
// handles with clone.Agent(a.Index()), or by tag.
func (w *World) Explain(a *Agent) (Explanation, error) {
	w.notCopied()
	if w.led == nil {
		return Explanation{}, ErrLedgerOff
	}
	return w.explain("Explain", a, w.led.opt.Window)
}

// ExplainWindow is Explain over the last seconds of simulated time (> 0;
// +Inf for the whole record); other values return an error, and so does an
// agent whose squad the ledger does not record (ErrNotInLedger). The
// record reaches back no further than the ledger's own window. An entry
// counts when it ended within the window: a merged run of contagion or
// recovery steps that began before it counts whole, so a cause's sum may
// reach further back than seconds (its Contribution's First says when it
// began, and String's "over N s" how long it ran).
func (w *World) ExplainWindow(a *Agent, seconds float64) (Explanation, error) {
	w.notCopied()
	return w.explain("ExplainWindow", a, seconds)
}

// explain is ExplainWindow, its errors naming call, the method called.
func (w *World) explain(call string, a *Agent, seconds float64) (Explanation, error) {
	if w.led == nil {
		return Explanation{}, ErrLedgerOff
	}
	var not string // which agent a is, when not one to explain
	switch {
	case a == nil:
		not = "a nil agent"
	case a.i == loadedAway:
		not = "an agent from before a load (UnmarshalBinary made new handles: find his agent again by tag)"
	case a.unborn():
		not = unbornAgent
	case !a.live():
		not = "a removed agent (Remove frees his record: explain a dead man before removing him)"
	case a.w != w:
		not = "an agent of another World (map a handle to a clone's with clone.Agent(a.Index()), or by tag)"
	}
	if not != "" {
		return Explanation{}, explainError("morale: " + call + " of " + not)
	}
	if !(seconds > 0) {
		return Explanation{}, fmt.Errorf("morale: ExplainWindow: window %v must be above 0 seconds", seconds)
	}
	if !w.led.records(w, a.i) {
		return Explanation{}, ErrNotInLedger
	}
	snap := a.Snapshot()
	now := w.Now()
	x := Explanation{
		Now: now, Window: seconds,
		State: snap.State, Morale: snap.Morale, Nerve: snap.Nerve,
		SecondsSinceBadNews: snap.SecondsSinceBadNews,
		Settings:            w.s.Clone(),
	}
	l := w.led
	cut := w.nowTicks - secondsToTicks(min(seconds, l.opt.Window))
	rec := &l.agents[a.i]
	rec.sync()
	for j := range rec.changes.n {
		if c := rec.changes.at(j); c.at >= cut {
			x.Changes = append(x.Changes, w.entry(c))
		}
	}
	for j := range rec.states.n {
		if s := rec.states.at(j); s.at >= cut {
			x.States = append(x.States, w.stateChange(s))
		}
	}
	x.Causes = sumCauses(x.Changes)
	return x, nil
}

// explainError is an error of Explain for an agent it cannot explain (nil,
// removed, of another World): it says which and what to do, and matches
// ErrRemoved, which Explain returned for all three before.
type explainError string

func (e explainError) Error() string { return string(e) }

func (explainError) Is(target error) bool { return target == ErrRemoved }

// sumCauses sums entries by cause, the largest |Delta| first (ties: the
// cause that came first).
func sumCauses(entries []LedgerEntry) []Contribution {
	var out []Contribution
	for _, e := range entries {
		k := slices.IndexFunc(out, func(c Contribution) bool { return c.Cause == e.Cause })
		if k < 0 {
			out = append(out, Contribution{Cause: e.Cause, First: e.From, Largest: e})
			k = len(out) - 1
		}
		c := &out[k]
		c.Delta += e.Delta
		c.Entries++
		c.Steps += e.Steps
		if e.Steps > 0 {
			c.Seconds += e.At - e.From
		}
		c.Last = max(c.Last, e.At)
		if math.Abs(e.Delta) > math.Abs(c.Largest.Delta) {
			c.Largest = e
		}
	}
	slices.SortStableFunc(out, func(a, b Contribution) int {
		return cmp.Compare(math.Abs(b.Delta), math.Abs(a.Delta))
	})
	return out
}

// String reads the explanation as one sentence for a designer, such as
//
//	Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5). Morale 0.18 ← LeaderDown −0.31 at 5.00 s (6.2 m away, falloff 1.00, nerve 0.12 kept 12%), contagion −0.09 over 6 s, recovery ±0.00 (bad news 0.5 s ago)
//
// It opens with the last state change in the window and its reason (or the
// state alone when there was none), then gives the morale now and each
// cause's sum, the largest first; recovery always comes last, with the time
// since the last bad news. Distances are printed in metres (world units are
// centimetres), times in seconds of simulated time.
//
// The causes' changes are those of ShownChanges: as printed, they add up
// exactly to the morale printed (0.18 above) less Start printed with two
// decimals, the morale the causes took him from (0.18 + 0.31 + 0.09 = 0.58
// above). A designer can check them against the morale the man had when the
// window began (his morale at spawn, say), to two decimals; a game can
// print both ends over bars of ShownChanges, as the demo's Why panel does.
func (x Explanation) String() string {
	var b strings.Builder
	if n := len(x.States); n > 0 {
		s := x.States[n-1]
		fmt.Fprintf(&b, "%v at %.2f s: %s. ", s.To, s.At, x.StateReason(s))
	} else {
		fmt.Fprintf(&b, "%v. ", x.State)
	}
	fmt.Fprintf(&b, "Morale %.2f ←", x.Morale)
	shown := x.ShownChanges()
	sep := " "
	rec := FormatChange(0) // no recovery in the window
	for k := range x.Causes {
		c := &x.Causes[k]
		if c.Cause.Kind == ByRecovery {
			rec = shown[k]
			continue
		}
		b.WriteString(sep)
		sep = ", "
		b.WriteString(c.phrase(shown[k]))
	}
	b.WriteString(sep)
	b.WriteString("recovery " + rec)
	if math.IsInf(x.SecondsSinceBadNews, 1) {
		b.WriteString(" (no bad news)")
	} else {
		fmt.Fprintf(&b, " (bad news %s s ago)", short(x.SecondsSinceBadNews))
	}
	return b.String()
}

// Start is the morale x's causes took the agent from: Morale less the sum
// of the Causes' Deltas. It is his morale when the window began when no
// cause began before it; when a run of contagion or recovery steps that
// began earlier is counted whole (a Contribution's First before
// Now−Window), without the entries of other causes between its start and
// the window's, it is a number he may never have had.
func (x Explanation) Start() float64 {
	sum := 0.0
	for _, c := range x.Causes {
		sum += c.Delta
	}
	return x.Morale - sum
}

// ShownChanges returns the Deltas of x.Causes, in their order, as String
// prints them: RoundChanges from Start to Morale. Printed with two
// decimals (%.2f), Start and Morale are the ends the changes add up to
// exactly; a game that shows the causes beside them (the demo's Why
// panel's bars under "1.00 → 0.31") shows these.
func (x Explanation) ShownChanges() []string {
	d := make([]float64, len(x.Causes))
	for k, c := range x.Causes {
		d[k] = c.Delta
	}
	return RoundChanges(x.Start(), x.Morale, d)
}

// StateReason says why state change s (one of x.States) happened, in the
// words of the settings it was decided under (s.Rules), as String does for the last one: for
// example "Panicked for 3.50 s (RoutAfterSeconds 3.5)" or "morale 0.23 <
// PanicBelow 0.25 after event LeaderDown".
func (x Explanation) StateReason(s StateChange) string { return x.stateReason(s) }

// stateReason says why state change s happened, in the settings' words.
// Its comparisons read true at the precision printed: the morale gets the
// decimals it needs beside the threshold (0.5998 < ShakenBelow 0.6, never
// 0.60 < ShakenBelow 0.6), and a sum of settings prints as the decimal it
// is meant to be (0.72, not 0.7199999999999999).
func (x Explanation) stateReason(s StateChange) string {
	st := &s.Rules
	switch s.Why.Kind {
	case ByRoutTimer:
		return fmt.Sprintf("Panicked for %s s (RoutAfterSeconds %s)", seconds2(s.SecondsInFrom), ruleNum(st.RoutAfterSeconds))
	case ByRoutOver:
		up := band(st.PanicBelow, st.Hysteresis)
		return fmt.Sprintf("Routed for %s s (MinRoutSeconds %s), morale %s ≥ PanicBelow+Hysteresis %s",
			seconds2(s.SecondsInFrom), ruleNum(st.MinRoutSeconds), versus(s.Morale, up, false), ruleNum(up))
	case ByRally:
		return "rallied from " + s.From.String()
	case ByForcedRout:
		return "forced to rout (ForceRout)"
	}
	var rule string
	switch up := s.To < s.From; {
	case !up && s.To == Shaken:
		rule = fmt.Sprintf("morale %s < ShakenBelow %s", versus(s.Morale, st.ShakenBelow, true), ruleNum(st.ShakenBelow))
	case !up:
		rule = fmt.Sprintf("morale %s < PanicBelow %s", versus(s.Morale, st.PanicBelow, true), ruleNum(st.PanicBelow))
	case s.To == Steady:
		t := band(st.ShakenBelow, st.Hysteresis)
		rule = fmt.Sprintf("morale %s ≥ ShakenBelow+Hysteresis %s", versus(s.Morale, t, false), ruleNum(t))
	default:
		t := band(st.PanicBelow, st.Hysteresis)
		rule = fmt.Sprintf("morale %s ≥ PanicBelow+Hysteresis %s", versus(s.Morale, t, false), ruleNum(t))
	}
	if s.Why.Kind == 0 {
		return rule
	}
	return rule + " after " + s.Why.String()
}

// ruleNum prints a setting (or a sum of two) as the sentence quotes it:
// the shortest decimal of at most six places.
func ruleNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'f', -1, 64)
}

// versus prints morale m compared with threshold t (below: m < t, else
// m ≥ t) with two decimals, or the fewest more that keep the comparison
// true against t as ruleNum prints it.
func versus(m, t float64, below bool) string {
	tp, _ := strconv.ParseFloat(ruleNum(t), 64) // ruleNum's output always parses
	for d := 2; d <= 6; d++ {
		s := strconv.FormatFloat(m, 'f', d, 64)
		p, _ := strconv.ParseFloat(s, 64)
		if below && p < tp || !below && p >= tp {
			return s
		}
	}
	return strconv.FormatFloat(m, 'f', -1, 64)
}

// phrase is one cause's part of the sentence, its change written change
// (ShownChanges).
func (c Contribution) phrase(change string) string {
	var b strings.Builder
	switch c.Cause.Kind {
	case ByEvent:
		b.WriteString(string(c.Cause.Event))
	case ByCustomEvent:
		b.WriteString("custom event")
	default:
		b.WriteString(c.Cause.Kind.String())
	}
	b.WriteString(" " + change)
	if c.Steps > 0 {
		fmt.Fprintf(&b, " over %s s", short(c.Seconds))
		return b.String()
	}
	if c.Entries == 1 {
		fmt.Fprintf(&b, " at %.2f s", c.Last)
	} else {
		fmt.Fprintf(&b, " ×%d, last at %.2f s", c.Entries, c.Last)
	}
	e := c.Largest
	if k := c.Cause.Kind; k != ByEvent && k != ByCustomEvent {
		return b.String()
	}
	var d []string
	if c.Entries > 1 {
		d = append(d, "largest "+FormatChange(e.Delta))
	}
	if c.Cause.Kind == ByCustomEvent {
		d = append(d, fmt.Sprintf("weight %s", FormatChange(e.Weight)))
	}
	if e.Located {
		d = append(d, fmt.Sprintf("%.1f m away, falloff %s", e.Distance/100, fine(e.Falloff)))
	}
	if e.Kept > 0 {
		d = append(d, fmt.Sprintf("nerve %.2f kept %.0f%%", e.Nerve, 100*clamp01(e.Nerve)))
	}
	if len(d) > 0 {
		b.WriteString(" (" + strings.Join(d, ", ") + ")")
	}
	return b.String()
}

// FormatChange formats one change of morale v on its own, as an
// Explanation's sentence writes a figure that is no part of a sum (a
// cause's largest entry, a custom event's weight), for a game that shows
// changes beside it: a sign and two decimals, +0.20, −0.31 (a true minus
// sign, U+2212); a change that would read 0.00 gets the fewest more
// decimals, up to six, that show it (−0.004), and two significant digits
// beyond (−8e-08); exactly 0 (bad news at morale 0, good news at 1, no
// recovery) is ±0.00, neither up nor down. The infinities are +Inf and
// −Inf, and NaN is NaN, with no sign. Changes shown as the parts of a
// change between two morales shown, as the sentence's causes are, are
// RoundChanges's, which add up.
func FormatChange(v float64) string {
	switch {
	case v == 0:
		return "±0.00"
	case v != v:
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "−Inf"
	}
	if v < 0 {
		return "−" + fine(-v)
	}
	return "+" + fine(v)
}

// fine formats a ≥ 0 with two decimals, or the fewest more (up to six)
// that do not read 0 when a is not, else two significant digits: 0.25,
// 0.004, 8e-08.
func fine(a float64) string {
	for d := 2; d <= 6; d++ {
		if f := strconv.FormatFloat(a, 'f', d, 64); strings.Trim(f, "0.") != "" || a == 0 {
			return f
		}
	}
	return strconv.FormatFloat(a, 'g', 2, 64)
}

// short formats seconds rounded to hundredths, without trailing zeros: 6,
// 0.5, 2.25.
func short(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// seconds2 formats seconds with two decimals, or "∞" for +Inf.
func seconds2(v float64) string {
	if math.IsInf(v, 1) {
		return "∞"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}
