package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/lab"
)

// addReplays adds to o a demo replay of every run pick selects among res
// (nil pick: none), each played by the game and checked against the lab's
// fight, and returns the runs picked.
func addReplays(ctx context.Context, o lab.Outputs, pick *lab.RunPick, sc *lab.Scenario, seed uint64, res []lab.RunResult) ([]lab.Picked, error) {
	if pick == nil {
		return nil, nil
	}
	picked := pick.Select(res)
	for _, p := range picked {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rec, err := lab.ReplayOf(sc, sc.Settings, seed, p.Index)
		if err != nil {
			return nil, err
		}
		o[lab.ReplayName(p.Index)] = func(w io.Writer) error { return rec.Write(w) }
	}
	return picked, nil
}

// printReplays says on stdout which replays were written and how to watch
// each fight: the replay file in the demo, or the scenario's run itself.
func printReplays(env console, pick *lab.RunPick, picked []lab.Picked, file string, seed uint64, out string) {
	if pick == nil {
		return
	}
	if len(picked) == 0 {
		env.out.printf("-replays %s: no run qualifies; no replay written\n", safefile.Quote(pick.Spec))
		return
	}
	env.out.printf("replays written (-replays %s): watch each fight with either command\n", safefile.Escape(pick.Spec))
	for _, p := range picked {
		what := "run " + strconv.Itoa(p.Index)
		if pick.Kind != lab.PickIndex {
			v := "never"
			if p.Value != nil {
				v = lab.FormatSweepValue(*p.Value) // "1234570", where %g wrote "1.23457e+06"
			}
			what += fmt.Sprintf(", %s = %s", pick.Metric.Name, v)
		}
		replay := lab.OrWhy(lab.Command(runtime.GOOS, "demo", "-replay", filepath.Join(out, lab.ReplayName(p.Index))))
		env.out.printf("  %s\n    %s\n    %s\n", what, safefile.Escape(replay), safefile.Escape(lab.OrWhy(lab.DemoCommand(runtime.GOOS, file, seed, p.Index))))
	}
}
