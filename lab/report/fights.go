package report

import (
	"fmt"
	"runtime"
	"strconv"

	"github.com/moralebreak/moralebreak/lab"
)

// maxFightSquads is how many squads (the first) get their own rows in the
// fights to watch.
const maxFightSquads = 6

// fightsTable lists fights worth watching, each with the commands that
// open it: the earliest and the latest first rout (one row when they are
// the same fight), a fight with no rout, and per squad (the first
// maxFightSquads) the fight it broke earliest and one it held. A fight of
// moralesim game (the demo's own battle, no scenario file) gets the demo's
// command for its seed and no replay column: game writes no replays. It is
// a pure function of the summary and the runs, so a merged page lists the
// same fights.
func fightsTable(sum *lab.Summary, runs []lab.RunResult) (Table, bool) {
	file := sum.File
	if file == "" {
		file = "SCENARIO.toml"
	}
	isGame := sum.ScenarioHash == lab.GameHash
	t := Table{ID: "fights", Text: 4, Code: []int{2, 3},
		Caption: fmt.Sprintf("Fights to watch, of the %s: fight i is run i of seed %d. Open one in the demo, squads in their formations and the timeline's events as they happen, with the tuner, Why, rewind and what-if: the first command plays it from the scenario file (%s, from where moralesim ran; add -weights if the run had one); the second writes its replay file, replay-run-i.txt in the folder, for demo -replay, which ends with the digest check.", fights(sum.Runs), sum.Seed, file),
		Head:    []string{"fight", "what", "watch it", "replay file"}}
	if isGame {
		t.Text, t.Code, t.Head = 3, []int{2}, []string{"fight", "what", "watch it"}
		t.Caption = fmt.Sprintf("Fights to watch, of the %s: fight i is run i of seed %d. The command opens it in the demo, with the tuner, Why, rewind and what-if: the demo's opening battle with that fight's own seed. %s", fights(sum.Runs), sum.Seed, gameWeights(sum.WeightsHash))
	}
	seen := map[string]bool{}
	add := func(what, kind, metric string, unit string) {
		m, ok := sum.Metric(metric)
		if !ok {
			return
		}
		for _, p := range (lab.RunPick{Kind: kind, Metric: m, N: 1}).Select(runs) {
			key := metric + " " + strconv.Itoa(p.Index) // a fight once per metric: the earliest rout may be the latest
			if seen[key] {
				continue
			}
			seen[key] = true
			w := what
			if p.Value != nil && unit != "" {
				w += fmt.Sprintf(" (%s\u00a0%s)", num(*p.Value), unit) // a number stays with its unit
			}
			i := strconv.Itoa(p.Index)
			if isGame {
				t.Rows = append(t.Rows, Row{Cells: []string{i, w, lab.OrWhy(lab.GameDemoCommand(runtime.GOOS, sum.Seed, p.Index))}})
				continue
			}
			t.Rows = append(t.Rows, Row{Cells: []string{i, w, lab.OrWhy(lab.DemoCommand(runtime.GOOS, file, sum.Seed, p.Index)),
				lab.OrWhy(lab.Command(runtime.GOOS, "moralesim", "run", file, "-seed", strconv.FormatUint(sum.Seed, 10), "-runs", strconv.Itoa(sum.Runs), "-replays", i, "-out", "DIR"))}})
		}
	}
	add("the earliest first rout", lab.PickFirst, "first_rout_s", "s")
	add("the latest first rout", lab.PickLast, "first_rout_s", "s")
	add("nobody routed", lab.PickNone, "first_rout_s", "")
	for i, name := range sum.Squads {
		if i == maxFightSquads {
			break
		}
		add(name+" broke earliest", lab.PickFirst, "squad_first_break_s."+name, "s")
		add(name+" held: nobody of it broke", lab.PickNone, "squad_broke."+name, "")
	}
	return t, len(t.Rows) > 0
}

// gameWeights says which weights the demo must read to play a fight of
// moralesim game whose weights are hash ("default": the defaults). The
// demo's opening reads the weights.toml of the folder it starts in unless
// -weights names another: with a tuned weights.toml, demo -seed N of a run
// of the defaults played another fight (RoutAfterSeconds 5 for 3.5 moved
// fight 0's first rout from 10.5 s to 12 s), and the caption said only "add
// -weights with the run's weights file if it had one".
func gameWeights(hash string) string {
	if hash == "default" {
		return "This run had the default weights (no -weights): the demo reads the weights.toml of the folder it starts in, and plays the fight listed only while that file holds the defaults, as the shipped one does; a tuned one plays another fight (-weights with a new file name gives the defaults: the demo creates it with them)."
	}
	return fmt.Sprintf("This run read a weights file (%s, in the foot of the page): add -weights with that file, or the demo reads the weights.toml of the folder it starts in and plays the fight listed only if that file holds the same weights.", weightsName(hash))
}
