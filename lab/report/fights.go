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
		t.Caption = fmt.Sprintf("Fights to watch, of the %s: fight i is run i of seed %d. The command opens it in the demo, with the tuner, Why, rewind and what-if: the demo's opening battle with that fight's own seed (add -weights with the run's weights file if it had one: the demo otherwise reads weights.toml).", fights(sum.Runs), sum.Seed)
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
