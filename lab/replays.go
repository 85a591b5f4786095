package lab

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// DemoCommand returns the command that plays run index of a Monte-Carlo
// of the scenario file (as the user names it) with seed in the demo, for a
// shell of goos (Command).
func DemoCommand(goos, file string, seed uint64, index int) (string, error) {
	words := []string{"demo", "-scenario", file, "-run", strconv.Itoa(index)}
	if seed != 1 {
		words = append(words, "-seed", strconv.FormatUint(seed, 10))
	}
	return Command(goos, words...)
}

// GameDemoCommand returns the command that plays fight index of a
// Monte-Carlo of the demo's own battle (moralesim game) with seed in the
// demo: its opening with the fight's own seed, RunSeed(seed, index), the
// seed GameRun played. It plays the same fight when the demo reads the
// run's weights (-weights; without it the demo reads weights.toml).
func GameDemoCommand(goos string, seed uint64, index int) (string, error) {
	return Command(goos, "demo", "-seed", strconv.FormatUint(RunSeed(seed, index), 10))
}

// CommandLine returns the words of a command, words[0] moralesim or demo,
// as one line for this system's shell (Command with runtime.GOOS): the
// command as the user typed it, for pages and result files. A word Command
// cannot write is kept as it is, and the line ends with Command's reason in
// parentheses: a record of the command, not one to paste.
func CommandLine(words ...string) string {
	line, err := Command(runtime.GOOS, words...)
	if err != nil {
		return fmt.Sprintf("%s (%v)", strings.Join(words, " "), err)
	}
	return line
}

// OrWhy returns line, a command Command or DemoCommand made, or in its
// place why there is none ("no command: …"): what the lab prints where a
// command to paste goes.
func OrWhy(line string, err error) string {
	if err != nil {
		return "no command: " + err.Error()
	}
	return line
}

// Command returns the words of a command, words[0] one of this project's
// programs (moralesim or demo), as one line to paste into a shell of goos
// (runtime.GOOS, or another's, for tests), each word quoted when it needs
// it. It is the one place that quotes a command.
//
// On Windows the line runs in cmd.exe and PowerShell alike, from the
// program's folder as the HOWTO has it: the program is .\NAME.exe
// (PowerShell runs no program of the current folder by its bare name), and
// a word with anything but letters, digits and / . - _ \ is in double
// quotes, which both shells read as quotes (single quotes are none in
// cmd.exe), its trailing backslashes doubled (\" would be a quote to the
// program). Inside double quotes cmd.exe expands %NAME% and PowerShell $NAME
// and ` escapes, and no escape of either works in the other, so a word with
// %, $, `, a double quote (" or PowerShell's “ ” „) or a character that is
// not printable is an error naming it. Elsewhere it is a POSIX shell's line:
// the program by its name and single quotes, never an error.
func Command(goos string, words ...string) (string, error) {
	q := make([]string, len(words))
	for i, w := range words {
		var err error
		switch {
		case i == 0 && goos == "windows":
			q[i] = `.\` + w + ".exe"
		case goos == "windows":
			q[i], err = cmdWord(w)
		default:
			q[i] = shellWord(w)
		}
		if err != nil {
			return "", err
		}
	}
	return strings.Join(q, " "), nil
}

// plainWord reports whether s is a word no shell needs quoted: letters,
// digits and / . - _, and \ where backslash says so.
func plainWord(s string, backslash bool) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || backslash && r == '\\' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if plainWord(s, false) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// cmdWord quotes s for cmd.exe and PowerShell alike when it needs it (see
// Command), or says why it cannot.
func cmdWord(s string) (string, error) {
	if plainWord(s, true) {
		return s, nil
	}
	for _, r := range s {
		why := ""
		switch {
		case r == '%':
			why = "cmd.exe expands (%NAME%) even inside quotes"
		case r == '$' || r == '`':
			why = "PowerShell expands ($NAME) or reads as an escape (`) even inside double quotes"
		case r == '"' || r == '\u201c' || r == '\u201d' || r == '\u201e':
			why = "ends a quoted word in cmd.exe or PowerShell"
		case r == utf8.RuneError || !unicode.IsPrint(r):
			why = "cannot be pasted"
		default:
			continue
		}
		return "", fmt.Errorf("%s has %s, which %s: no command line gives it to a program in both cmd.exe and PowerShell", safefile.Quote(s), safefile.Quote(string(r)), why)
	}
	trail := len(s) - len(strings.TrimRight(s, `\`))
	return `"` + s + strings.Repeat(`\`, trail) + `"`, nil
}
