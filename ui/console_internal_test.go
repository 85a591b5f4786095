package ui

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// nopRenderer draws nothing.
type nopRenderer struct{}

func (nopRenderer) DrawField(*ebiten.Image, game.Viewport, game.View)      {}
func (nopRenderer) DrawTimeline(*ebiten.Image, image.Rectangle, game.View) {}

// The console shows its welcome line from the start, not only after the
// first command, and keeps it above the first answer.
func TestConsoleShowsItsWelcomeLine(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Config{}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	const welcome = "MoraleBreak console. Type help and press Enter"
	if got := strings.Join(a.con.Output(consoleKeepAll), "\n"); !strings.HasPrefix(got, welcome) {
		t.Errorf("console before any command: got %q; want it to start with %q", got, welcome)
	}
	a.con.Run("help")
	if got := strings.Join(a.con.Output(consoleKeepAll), "\n"); !strings.Contains(got, "> help") {
		t.Errorf("console after help: got %q; want the command echoed", got)
	}
}

// The strip's lint slot shows what the lint (Config.Lint: cmd/demo's is
// lab.Lint; here one with its flicker rule) finds in the live settings:
// nothing for the shipped defaults, the flicker rule once Hysteresis and
// the dwell are gone, and nothing again when they are put back.
func TestLintBoxFollowsTheLiveSettings(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	lint := func(s morale.Settings) []weightsfile.Warning {
		if s.Hysteresis == 0 && s.MinimumStateSeconds == 0 {
			return []weightsfile.Warning{{Rule: "flicker", Message: "states flicker."}}
		}
		return nil
	}
	a, err := NewApp(Config{Lint: lint}, g, nopRenderer{}, as)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.strip.Message(slotLint).Text; got != "" {
		t.Fatalf("lint box with the defaults: got %q; want it empty", got)
	}
	row := func(key string) int {
		for i, r := range a.tuner.rows {
			if r.p.Name == key {
				return i
			}
		}
		t.Fatalf("no tuner row %s", key)
		return 0
	}
	for _, key := range []string{"MinimumStateSeconds", "Hysteresis"} {
		a.applyEdit(TunerEdit{Row: row(key), Value: 0})
	}
	if s := g.Settings(); s.Hysteresis != 0 || s.MinimumStateSeconds != 0 {
		t.Fatalf("settings after the sliders: Hysteresis %v, MinimumStateSeconds %v; want both 0", s.Hysteresis, s.MinimumStateSeconds)
	}
	if got := a.strip.Message(slotLint).Text; !strings.Contains(got, "flicker") {
		t.Errorf("lint box without hysteresis and dwell: got %q; want the flicker rule", got)
	}
	if got := a.Published().Lint; len(got) == 0 || !strings.HasPrefix(got[0], "flicker") {
		t.Errorf("published lint: got %q; want the flicker warning first", got)
	}
	d := a.editor.Good()
	def := game.DefaultConfig().Settings
	d.Hysteresis, d.MinimumStateSeconds = def.Hysteresis, def.MinimumStateSeconds
	a.applyEdit(TunerEdit{Row: row("Hysteresis"), Value: d.Hysteresis})
	a.applyEdit(TunerEdit{Row: row("MinimumStateSeconds"), Value: d.MinimumStateSeconds})
	if got := a.strip.Message(slotLint).Text; got != "" {
		t.Errorf("lint box with the defaults back: got %q; want it empty", got)
	}
}

// consoleKeepAll asks the console's Output for every line it keeps.
const consoleKeepAll = 1 << 30

// The console's MoraleBreak.Why says the time since a soldier's last bad
// news as his Why panel does, in tenths (game.ShownSinceBadNews, which
// both call): it said hundredths, "bad news 1.27 s ago" beside the
// panel's "1.2".
func TestConsoleWhySaysThePanelsTime(t *testing.T) {
	g := sessionAt(t, game.SceneOpening, 0)
	a := appOver(t, g, Config{}, nil)
	hundredths := 0 // answers in which hundredths would show
	for g.Time() < 6 {
		g.Tick()
		for id, s := range g.Scene().(*game.Opening).Soldiers() {
			x, ok := g.Why(id)
			if !ok || math.IsInf(x.SecondsSinceBadNews, 1) {
				continue
			}
			if v := x.SecondsSinceBadNews * 10; math.Abs(v-math.Round(v)) > 1e-6 {
				hundredths++
			}
			want := render.BuildWhyPanel(s, x, ok).Sentence
			if got := a.shell.Exec("MoraleBreak.Why " + s.Name); !strings.HasSuffix(got, ": "+want) {
				t.Fatalf("at %.3f s: MoraleBreak.Why %s: got %q; want it to end with the panel's %q", g.Time(), s.Name, got, want)
			}
		}
	}
	if hundredths == 0 {
		t.Fatal("no time since bad news between two tenths in 6 s; want some, for the test to mean anything")
	}
}
