package lab

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/morale"
)

// MaxReplays is the most replays one -replays may ask for.
const MaxReplays = 100

// Picks of runs: by index, the most extreme by a metric, or those where a
// metric happened or did not.
const (
	PickIndex = "index" // "12,40"
	PickFirst = "first" // "first:METRIC:N": the N smallest
	PickLast  = "last"  // "last:METRIC:N": the N largest
	PickNone  = "none"  // "none:METRIC:N": the first N where it did not happen
	PickSome  = "some"  // "some:METRIC:N": the first N where it happened
)

// RunPick says which runs of a Monte-Carlo to watch: moralesim run's
// -replays. ParseRunPick makes one.
type RunPick struct {
	// Spec is the text it was parsed from.
	Spec string
	// Kind is one of PickIndex, PickFirst, PickLast, PickNone, PickSome.
	Kind string
	// Indices are PickIndex's runs, in the spec's order.
	Indices []int
	// Metric and N are the other kinds': the metric and how many runs.
	Metric Metric
	N      int
}

// ParseRunPick parses a -replays spec for a Monte-Carlo of runs fights of
// sc: run indices ("12,40", each in 0..runs-1), or KIND:METRIC:N with KIND
// first (the N runs with the smallest METRIC), last (the largest), none (the
// first N runs, by index, where METRIC did not happen: a time that never
// came, a count of zero) or some (where it did), N in 1..MaxReplays. An
// error names what it cannot take: the spec, the kind, the metric (and the
// metrics there are) or the index.
func ParseRunPick(spec string, sc *Scenario, runs int) (RunPick, error) {
	p := RunPick{Spec: spec}
	q := safefile.Quote(spec)
	if strings.TrimSpace(spec) == "" {
		return p, fmt.Errorf("-replays is empty; want run indices (12,40) or KIND:METRIC:N (first:first_rout_s:3)")
	}
	if !strings.Contains(spec, ":") {
		p.Kind = PickIndex
		for _, f := range strings.Split(spec, ",") {
			f = strings.TrimSpace(f)
			i, err := strconv.Atoi(f)
			if err != nil {
				return p, fmt.Errorf("-replays %s: %s is not a run index; want indices (12,40) or KIND:METRIC:N", q, safefile.Quote(f))
			}
			if i < 0 || i >= runs {
				return p, fmt.Errorf("-replays %s: run %d is out of range; this Monte-Carlo has runs 0..%d", q, i, runs-1)
			}
			if !slices.Contains(p.Indices, i) {
				p.Indices = append(p.Indices, i)
			}
			// Here, not after the loop: each index is looked for among
			// those before it, so a spec of a million was quadratic.
			if len(p.Indices) > MaxReplays {
				return p, fmt.Errorf("-replays %s: more than %d runs; at most %d", q, MaxReplays, MaxReplays)
			}
		}
		return p, nil
	}
	f := strings.Split(spec, ":")
	if len(f) != 3 {
		return p, fmt.Errorf("-replays %s: want KIND:METRIC:N, such as first:first_rout_s:3 (KIND first, last, none or some)", q)
	}
	switch f[0] {
	case PickFirst, PickLast, PickNone, PickSome:
		p.Kind = f[0]
	default:
		return p, fmt.Errorf("-replays %s: %s is not a kind; want first, last, none or some", q, safefile.Quote(f[0]))
	}
	m, ok := MetricByName(sc, f[1])
	if !ok {
		return p, fmt.Errorf("-replays %s: %w", q, notAMetric(sc, f[1]))
	}
	p.Metric = m
	n, err := strconv.Atoi(f[2])
	if err != nil || n < 1 || n > MaxReplays {
		return p, fmt.Errorf("-replays %s: %s runs; want 1..%d", q, safefile.Quote(f[2]), MaxReplays)
	}
	p.N = n
	return p, nil
}

// Picked is one run a RunPick chose: its index and its value of the pick's
// metric (nil when it has none, or for a pick by index).
type Picked struct {
	Index int
	Value *float64
}

// Select returns the runs p picks among runs (in any order; by Index):
// for first and last, ties go to the lower index; fewer than N when fewer
// runs qualify.
func (p RunPick) Select(runs []RunResult) []Picked {
	runs = sortedRuns(runs)
	var out []Picked
	if p.Kind == PickIndex {
		for _, i := range p.Indices {
			out = append(out, Picked{Index: i})
		}
		return out
	}
	value := func(r *RunResult) (float64, bool, bool) { // value, defined, happened
		v, ok := p.Metric.Get(r)
		return v, ok, ok && (p.Metric.Time || v > 0)
	}
	switch p.Kind {
	case PickNone, PickSome:
		for i := range runs {
			v, ok, hap := value(&runs[i])
			if hap == (p.Kind == PickSome) {
				pk := Picked{Index: runs[i].Index}
				if ok {
					pk.Value = ptr(v)
				}
				out = append(out, pk)
				if len(out) == p.N {
					break
				}
			}
		}
	default:
		for i := range runs {
			if v, ok, _ := value(&runs[i]); ok {
				out = append(out, Picked{Index: runs[i].Index, Value: ptr(v)})
			}
		}
		slices.SortStableFunc(out, func(a, b Picked) int {
			if p.Kind == PickLast {
				return cmp.Compare(*b.Value, *a.Value)
			}
			return cmp.Compare(*a.Value, *b.Value)
		})
		out = out[:min(len(out), p.N)]
	}
	return out
}

// ReplayName is the file a replay of run index is written to in a result
// folder: "replay-run-12.txt".
func ReplayName(index int) string { return fmt.Sprintf("replay-run-%d.txt", index) }

// ReplayOf returns the demo replay of run index of the Monte-Carlo of sc
// with settings s and seed: the scenario scene (game.SceneScenario) of sc's
// fight on the run's seed, from the start to the end of the scenario's
// duration (no commands), with its digest there, played by the game. It
// checks that the scene's fight is the lab's, bit for bit
// (game.Scenario.FightDigest against RunFight's): a difference is a bug,
// returned as an error.
func ReplayOf(sc *Scenario, s morale.Settings, seed uint64, index int) (game.Recording, error) {
	rs := RunSeed(seed, index)
	rec := game.Recording{Seed: rs, Soldiers: 5, Scene: game.SceneScenario, Scenario: sc.GameConfig(), Settings: s.Clone(),
		End: int64(math.Ceil(sc.Duration*game.SubTicksPerSecond - 1e-9))}
	ses, err := game.PlayReplay(rec)
	if err != nil {
		return game.Recording{}, fmt.Errorf("replay of run %d: %w", index, err)
	}
	rec.Digest = ses.Digest()
	_, f, err := RunFight(sc, s, rs)
	if err != nil {
		return game.Recording{}, fmt.Errorf("run %d: %w", index, err)
	}
	if sc.Duration*game.SubTicksPerSecond == float64(rec.End) {
		if got, want := ses.Scene().(*game.Scenario).FightDigest(), f.Digest(); got != want {
			return game.Recording{}, fmt.Errorf("run %d: the demo's scene plays another fight than the lab (digest %s, the lab's %s): a bug, please report it", index, got, want)
		}
	}
	return rec, nil
}

// DemoCommand is the command that plays run index of a Monte-Carlo of the
// scenario file (as the user names it) with seed in the demo.
func DemoCommand(file string, seed uint64, index int) string {
	c := fmt.Sprintf("demo -scenario %s -run %d", shellWord(file), index)
	if seed != 1 {
		c += fmt.Sprintf(" -seed %d", seed)
	}
	return c
}

// CommandLine returns the words of a command as one line for a POSIX
// shell, each quoted when it needs it: the command as the user typed it.
func CommandLine(words ...string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellWord(w)
	}
	return strings.Join(q, " ")
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
