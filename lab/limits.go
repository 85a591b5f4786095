package lab

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
)

// The lab's limits. Each bounds what one input can make the lab hold or do,
// far above what a designer needs and below what could exhaust a machine.
const (
	// MaxScenarioBytes is the largest scenario file: 4 MiB.
	MaxScenarioBytes = 4 << 20
	// MaxScenarioLine is the longest line of a scenario, in bytes.
	MaxScenarioLine = 64 << 10
	// MaxScenarioKeys is the most keys (key = value pairs and table
	// headers) of a scenario.
	MaxScenarioKeys = 100_000
	// MaxScenarioDepth is the deepest nesting of arrays and inline tables
	// in a scenario (at = [x, y] is 1).
	MaxScenarioDepth = 4
	// MaxKeyParts is the most dotted parts of a key or a table header
	// ([a.b] has 2).
	MaxKeyParts = 4
	// MaxErrorLine is the longest line of an error message moralesim
	// prints whole, in bytes (after its "moralesim: "): a longer line is
	// cut, ending "…" (lab/cli). A message listing names fits the list to
	// it (listNames).
	MaxErrorLine = 400
	// MaxNameBytes is the longest name (of a scenario, a squad or a man),
	// in bytes.
	MaxNameBytes = 100
	// MaxSquads is the most squads of a scenario (each is a metric of every
	// run, squad_broke.NAME).
	MaxSquads = 1000
	// MaxDescriptionBytes is the longest description of a scenario, in
	// bytes (it is carried in every result file's header).
	MaxDescriptionBytes = 16 << 10
	// MaxExpects is the most ranges of a scenario's [[expect]] blocks (a
	// block of p50 and share is two): each is measured on every candidate
	// of a fit, in every file of it, and drawn in the fit's plot.
	MaxExpects = 100
	// MaxRuns is the most fights of one Monte-Carlo (-runs).
	MaxRuns = 1_000_000
	// MaxResultBytes bounds the memory a Monte-Carlo's results take at its
	// peak (ResultBytes: every run's metrics and morale samples, kept,
	// summarized and written), and so what a merge holds: 2 GiB.
	MaxResultBytes = 2 << 30
	// MaxShardBytes is the largest runs.json merge reads: 4 GiB.
	MaxShardBytes = 4 << 30
	// MaxSweepBytes is the largest sweep.json merge reads: 64 MiB.
	MaxSweepBytes = 64 << 20
	// MaxSweepAxisPoints is the most points on one axis of a sweep, and
	// MaxSweepPoints the most points of a whole sweep (both axes).
	MaxSweepAxisPoints = 1000
	MaxSweepPoints     = 10_000
	// DefaultMaxWork is the work (FightWork's units) a command does
	// without being told it may do more (-max-work): 1e11 units, about 40
	// min of one core at nsPerUnit (33 to 47 min at the cost a unit was
	// measured at across the shipped scenarios; see the work model in
	// workcost.go).
	DefaultMaxWork = 1e11
)

// ResultBytes estimates the peak memory of the results of runs fights, each
// keeping samples morale samples (keptSamples: all men's series and each
// sampled squad's) and measuring squads squads, in bytes: what MonteCarlo,
// the summary and the written files hold at once, with the garbage
// collector's headroom. Measured (maximum resident set): 1.36 GB for a
// million fights of one squad and 2 × 3 samples (estimate 1.39 GB), 595 MB
// for 100,000 of one squad and 2 × 121 samples (706 MB), 779 MB for 200,000
// of 20 squads and 13 × 3 samples (1.03 GB).
func ResultBytes(runs, samples, squads int) float64 {
	series := min(squads, MaxSquadSeries)
	return float64(runs) * (1024 + 24*float64(samples) + 64*float64(squads) + 160*float64(series))
}

// samplesOf is the number of morale samples of one series of one fight.
func samplesOf(duration, sample float64) int {
	return int(math.Floor(duration/sample+1e-9)) + 1
}

// keptSamples is the number of morale samples one fight keeps: a series of
// all men and one of each of the first MaxSquadSeries squads.
func keptSamples(duration, sample float64, squads int) int {
	return (1 + min(squads, MaxSquadSeries)) * samplesOf(duration, sample)
}

// WorkError is a command whose estimated work is over its ceiling.
type WorkError struct {
	What        string
	Work, Limit float64
	// Advice is what to do short of raising the ceiling, for the command
	// refused: "" is "run fewer fights or a smaller scenario". Only run
	// takes -shard, so only its advice may name it (a sensitivity's said
	// "shard it (-shard K/N)", which sensitivity refuses as a flag it does
	// not define).
	Advice string
}

// Error says what would take how much, and how to go on, each number as a
// person reads it (FormatWork, FormatExact): "about 146000000000 units",
// "the ceiling is 100000000000", "-max-work 146000000000", a value the flag
// reads back, where %.3g wrote "1.46e+11" and "1e+11".
func (e *WorkError) Error() string {
	advice := e.Advice
	if advice == "" {
		advice = "run fewer fights or a smaller scenario"
	}
	return fmt.Sprintf("%s would do about %s units of work (a unit costs about what stepping one man through one simulated second does: %s); the ceiling is %s: %s, or raise the ceiling with -max-work %s",
		e.What, FormatWork(e.Work), CoreTime(e.Work), FormatExact(e.Limit), advice, FormatExact(e.Enough()))
}

// FormatWork writes an estimate of work as the lab's refusals say it: three
// significant figures with no exponent ("14600000000", not "1.46e+10";
// figures.Significant).
func FormatWork(w float64) string { return figures.Significant(w, 3) }

// Enough is the -max-work that lets the work through: Work rounded up to
// three significant digits, the double nearest that decimal (so that
// FormatExact writes it in those digits), and never below Work. Where three
// digits cannot be had it is Work itself: a Work that rounded up would pass
// the largest float (above 1.79e308), a subnormal one (below 2.3e-308,
// whose nearest double FormatExact may write in other digits), and 0, a
// negative Work, NaN and ±Inf.
func (e *WorkError) Enough() float64 {
	w := e.Work
	if !(w >= 0x1p-1022) || math.IsInf(w, 0) {
		return w
	}
	// The nearest three digits ("1.46e+10"), one more in the third where
	// that is below w: the decimal is then above w, and so is its nearest
	// double, as w is a double. The digits are whole, so no power of ten
	// is computed (math.Pow(10, -323) is 0).
	s := strconv.FormatFloat(w, 'e', 2, 64)
	mant, exp, _ := strings.Cut(s, "e")
	r, err := strconv.ParseFloat(s, 64)
	if err == nil && r < w {
		digits, derr := strconv.Atoi(strings.Replace(mant, ".", "", 1)) // 146
		e, eerr := strconv.Atoi(exp)                                    // 10
		r, err = strconv.ParseFloat(strconv.Itoa(digits+1)+"e"+strconv.Itoa(e-2), 64)
		err = errors.Join(derr, eerr, err)
	}
	if err != nil || r < w { // past the largest float
		return w
	}
	return r
}

// CoreTime says roughly how long work takes on one core (nsPerUnit a unit;
// see the work model in workcost.go), in one rounded part (figures.Span):
// "roughly 50 s of one core", "roughly 49 min …", "roughly 3 days …".
// Below a second it says "under a second of one core", where Span's whole
// seconds read "roughly 0 s".
func CoreTime(work float64) string {
	s := work * nsPerUnit * 1e-9
	if s < 1 {
		return "under a second of one core"
	}
	return "roughly " + figures.Span(s, 1) + " of one core"
}

// CheckWork returns a *WorkError when work is over limit (0: DefaultMaxWork).
func CheckWork(what string, work, limit float64) error {
	if limit <= 0 {
		limit = DefaultMaxWork
	}
	if !(work <= limit) {
		return &WorkError{What: what, Work: work, Limit: limit}
	}
	return nil
}

// errorMargin is what a line of a message leaves for what is put before it
// when it is printed: a flag's name ("-metric: "), a file and line.
const errorMargin = 40

// listRoom is the bytes left for a list of names on a line of a message
// that holds head before it (listNames).
func listRoom(head string) int {
	return MaxErrorLine - errorMargin - len(head)
}
