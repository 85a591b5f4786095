package game_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

func TestConsoleCompletesCommandsAndNames(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	c := game.NewConsole(g)
	for _, tt := range []struct {
		line, want string
		cands      []string
	}{
		{"moraleb", "MoraleBreak.", []string{"MoraleBreak.Debug", "MoraleBreak.Dump", "MoraleBreak.Rally", "MoraleBreak.Why"}},
		{"MoraleBreak.W", "MoraleBreak.Why ", nil},
		{"moralebreak.du", "MoraleBreak.Dump", nil},
		{"he", "help", nil},
		{"MoraleBreak.Why er", "MoraleBreak.Why Eriksen", nil},
		{"moralebreak.why ", "moralebreak.why ", []string{"Alvarez", "Chen", "Brandt", "Eriksen", "Dubois"}},
		{"MoraleBreak.Rally ", "MoraleBreak.Rally 1", nil},
		{"MoraleBreak.Debug ", "MoraleBreak.Debug ", []string{"0", "1"}},
		{"MoraleBreak.Why Zed", "MoraleBreak.Why Zed", nil},
		{"frob", "frob", nil},
		{"MoraleBreak.Why Eriksen x", "MoraleBreak.Why Eriksen x", nil},
	} {
		got, cands := c.Complete(tt.line)
		slices.Sort(cands)
		want := slices.Clone(tt.cands)
		slices.Sort(want)
		if got != tt.want || !slices.Equal(cands, want) {
			t.Errorf("Complete(%q) = %q, %q; want %q, %q", tt.line, got, cands, tt.want, want)
		}
	}
}

// The hint's examples run as typed, in both scenes (the input's old hint,
// MoraleBreak.Rally 0, answered "no squad 0").
func TestConsoleExamplesRunAsTyped(t *testing.T) {
	for _, scene := range game.Scenes() {
		t.Run(scene, func(t *testing.T) {
			cfg := game.DefaultConfig()
			cfg.Scene = scene
			g, err := game.NewSession(cfg)
			if err != nil {
				t.Fatal(err)
			}
			c := game.NewConsole(g)
			ex := c.Examples()
			if len(ex) < 3 {
				t.Fatalf("Examples() = %q; want a few", ex)
			}
			for _, line := range ex {
				out := c.Exec(line)
				name := strings.Fields(line)[0]
				if strings.HasPrefix(out, name+":") || strings.HasPrefix(out, "usage") || strings.HasPrefix(out, "unknown") || strings.Contains(out, "no squad") {
					t.Errorf("example %q answers %q; want it to run", line, out)
				}
			}
		})
	}
}

func TestConsoleUnknownCommandListsTheCommands(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	out := game.NewConsole(g).Exec("MoraleBreak.Rout 1")
	for _, want := range []string{`unknown command "MoraleBreak.Rout"`, "MoraleBreak.Debug", "MoraleBreak.Why", "help"} {
		if !strings.Contains(out, want) {
			t.Errorf("Exec(MoraleBreak.Rout 1) = %q; want it to contain %q", out, want)
		}
	}
}

// MoraleBreak.Rally's answers read as words: a squad it cannot find lists
// the squads as a designer reads them, and a count takes its plural. They
// said "no squad 7 (squads: [1])", a Go slice (the armies' a hundred ids
// long), and "rallied 1 squad(s)".
func TestConsoleRallyAnswersInWords(t *testing.T) {
	for _, tc := range []struct {
		scene, line, want string
	}{
		{game.SceneOpening, "MoraleBreak.Rally 7", "MoraleBreak.Rally: no squad 7 (squads: 1)"},
		{game.SceneOpening, "MoraleBreak.Rally", "rallied 1 squad: every soldier is Steady"},
		{game.SceneArmies, "MoraleBreak.Rally 700", "MoraleBreak.Rally: no squad 700 (squads: 1–100)"},
		{game.SceneArmies, "MoraleBreak.Rally", "rallied 100 squads: every soldier is Steady"},
	} {
		cfg := game.DefaultConfig()
		cfg.Scene = tc.scene
		g, err := game.NewSession(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := game.NewConsole(g).Exec(tc.line); got != tc.want {
			t.Errorf("%s: Exec(%q) = %q; want %q", tc.scene, tc.line, got, tc.want)
		}
	}
}
