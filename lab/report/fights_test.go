package report_test

import (
	"context"
	"html"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/lab/cli"
	"github.com/moralebreak/moralebreak/lab/report"
	"github.com/moralebreak/moralebreak/morale"
)

// The page of moralesim game (the demo's own battle, no scenario file)
// names the demo's command for each fight, never a scenario file's, and
// lists a fight once where it is both the earliest and the latest rout.
func TestGameFightsToWatch(t *testing.T) {
	s := morale.DefaultSettings()
	page := gamePage(t, s, cli.GameScenario(s, 20, 0.5), 3)
	i := strings.Index(page, `<table id="fights">`)
	if i < 0 {
		t.Fatal("the page has no fights to watch (the opening routs within 20 s)")
	}
	fights := page[i : i+strings.Index(page[i:], "</table>")]
	plain := strings.NewReplacer("<span>", "", "</span>", "").Replace(fights)
	for _, bad := range []string{"SCENARIO.toml", "-scenario", "moralesim run", "-replays"} {
		if strings.Contains(plain, bad) {
			t.Errorf("a game's fights to watch name %q, which cannot open its fight:\n%s", bad, plain)
		}
	}
	want, err := lab.GameDemoCommand(runtime.GOOS, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plain, `<td class="c">`+want+"</td>") {
		t.Errorf("the fights to watch lack %q:\n%s", want, plain)
	}
	if strings.Contains(plain, "the earliest first rout") && strings.Contains(plain, "the latest first rout") {
		t.Errorf("one fight of one is listed as both the earliest and the latest first rout:\n%s", plain)
	}
}

// A page of one fight counts it as one: "1 fight of 60 s each", "over the
// 1 fight", never "1 fights".
func TestRunPageOfOneFight(t *testing.T) {
	sc := load(t, "opening.toml")
	h, runs := monteCarlo(t, sc, 1, lab.Shard{})
	sum := lab.Summarize(h, runs)
	r, err := report.RunReport(&sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	page := string(r.HTML)
	if !strings.Contains(page, "1 fight of 60 s each") {
		t.Errorf("the page lacks %q", "1 fight of 60 s each")
	}
	for _, m := range regexp.MustCompile(`.{0,40}\b1 fights\b`).FindAllString(page, -1) {
		t.Errorf("the page says %q", m)
	}
}

// The game page's command, demo -seed N, plays its fight only with the
// run's weights: the demo's opening reads the weights.toml of its folder,
// and with RoutAfterSeconds 5 for 3.5 there fight 0 of seed 1 routed at
// 12 s where the page said 10.5 s. The caption said only "add -weights
// with the run's weights file if it had one"; it now says, for a run of
// the defaults, that the demo's weights.toml must hold them (or how to get
// them), and for a run with a weights file, that -weights must name it.
func TestGameFightsSayWhichWeights(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string // the -weights of the run, "" for none
		want string
	}{
		{"defaults", "", "This run had the default weights (no -weights): the demo reads the weights.toml of the folder it starts in, and plays the fight listed only while that file holds the defaults"},
		{"a weights file", "../../weights.toml", "This run read a weights file (file "},
	} {
		s := morale.DefaultSettings()
		if tc.file != "" {
			var err error
			if s, _, err = lab.LoadWeights(tc.file); err != nil {
				t.Fatal(err)
			}
		}
		sc := cli.GameScenario(s, 20, 0.5)
		if tc.file != "" {
			sc.WeightsHash = lab.SettingsHash(s)
		}
		got := ""
		if m := regexp.MustCompile(`<table id="fights"><caption>([^<]*)</caption>`).FindStringSubmatch(html.UnescapeString(gamePage(t, s, sc, 1))); m != nil {
			got = m[1]
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: got the caption %q; want it to say %q", tc.name, got, tc.want)
		}
	}
}

// gamePage returns the HTML of the report of one fight of moralesim game's
// scenario sc with settings s and Monte-Carlo seed seed, as the game
// command makes it.
func gamePage(t *testing.T, s morale.Settings, sc *lab.Scenario, seed uint64) string {
	t.Helper()
	p := lab.Plan{Scenario: sc, Settings: s, Seed: seed, Runs: 1, RunFunc: func(seed uint64) (lab.RunResult, error) {
		return lab.GameRun(s, seed, sc.Duration, sc.Sample, sc.CascadeWindow, sc.RebreakWindow)
	}}
	runs, err := lab.MonteCarlo(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sum := lab.Summarize(lab.NewHeader(p), runs)
	r, err := report.RunReport(&sum, runs)
	if err != nil {
		t.Fatal(err)
	}
	return string(r.HTML)
}
