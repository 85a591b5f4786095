package render_test

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/render"
)

// hundredths reads a number as the Why panel writes it ("0.98", "−0.31",
// "±0.00") in hundredths.
func hundredths(t *testing.T, s string) int64 {
	t.Helper()
	s = strings.NewReplacer("−", "-", "±", "", "+", "").Replace(s)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q is no number: %v", s, err)
	}
	return int64(math.Round(f * 100))
}

// armiesEvery returns a session of the armies scene whose World steps every
// interval seconds, and its scene.
func armiesEvery(t *testing.T, interval float64) (*game.Session, *game.Armies) {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	cfg.Settings.SquadUpdateInterval = interval
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.Scene().(*game.Armies)
}

// TestSquadPanelSaysItsSpan: the armies' squad Why panel says the span it
// reads, as a soldier's does: its window ends at the moment its counts
// were read (game.Armies.FiguresAt: "since 12.00 s (selected) up to
// 18.00 s"), its Span gives where the bars take the average man's morale
// ("0.98 → 0.21", the second the average its detail line gives), and the
// bars' numbers, as written, add up exactly to it. It had no Span, and
// its bars, each rounded alone, need not add up to anything shown.
func TestSquadPanelSaysItsSpan(t *testing.T) {
	for _, tt := range []struct {
		name     string
		squad    int     // index in AppendSquads
		interval float64 // the World's step
		seconds  int     // after its selection at 12 s
	}{
		{"front line breaking", 3, 0.25, 6},
		{"front line broken", 3, 0.25, 12},
		{"second line", 37, 0.25, 8},
		{"steps between rounds", 3, 0.1, 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, av := armiesEvery(t, tt.interval)
			for range 12 * game.TPS {
				g.Tick()
			}
			if err := g.Apply(game.SelectSquad{ID: av.AppendSquads(nil)[tt.squad].ID}); err != nil {
				t.Fatal(err)
			}
			for range tt.seconds*game.TPS + 7 { // not at a round
				g.Tick()
			}
			x, _ := av.SquadWhy()
			sv, _ := av.SelectedSquadView()
			p := render.BuildSquadPanel(sv, x)
			if end := fmt.Sprintf("up to %.2f s", av.FiguresAt()); !strings.HasSuffix(p.Window, end) || !strings.Contains(p.Detail, p.Window) {
				t.Errorf("at %.3f s: got the window %q, detail %q; want it to end %q, when the counts were read", g.Time(), p.Window, p.Detail, end)
			}
			from, to, ok := strings.Cut(p.Span, " → ")
			if !ok || len(p.Bars) == 0 {
				t.Fatalf("at %.3f s: got the span %q and %d bars; want where the bars take the average, and its causes", g.Time(), p.Span, len(p.Bars))
			}
			if avg := fmt.Sprintf("average %s", to); !strings.Contains(p.Detail, avg) {
				t.Errorf("got the span %q and the detail %q; want the span to end at its %q", p.Span, p.Detail, avg)
			}
			sum := int64(0)
			for _, b := range p.Bars {
				sum += hundredths(t, b.Number)
			}
			if want := hundredths(t, to) - hundredths(t, from); sum != want {
				t.Errorf("got bars %v adding up to %+d hundredths; want the span %q's %+d", p.Bars, sum, p.Span, want)
			}
		})
	}
}

// TestSquadPanelKeepsUpWithTheRead: the squad Why panel laid out each
// tick ends its window where the battle last read the men, at every tick:
// it was refreshed when the squad's numbers changed, and a squad whose
// men stood at 1.00 from one read to the next kept "up to 1.00 s" under a
// footer's "morale as read at 1.25 s" for half a second.
func TestSquadPanelKeepsUpWithTheRead(t *testing.T) {
	for _, tt := range []struct {
		name     string
		interval float64 // the World's step
	}{
		{"steps at the rounds", 0.25},
		{"steps between rounds", 0.1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, av := armiesEvery(t, tt.interval)
			for range game.TPS {
				g.Tick()
			}
			id := av.AppendSquads(nil)[37].ID // the second line: Steady for seconds yet
			if err := g.Apply(game.SelectSquad{ID: id}); err != nil {
				t.Fatal(err)
			}
			r := newRenderer(t)
			field := image.Rect(0, 0, 900, 520)
			for range 3 * game.TPS {
				g.Tick()
				text, _ := r.LayoutWhy(field, g, int(id))
				if want := fmt.Sprintf("up to %.2f s", av.FiguresAt()); !strings.Contains(text, want) {
					t.Fatalf("at %.3f s: got the panel %q; want it %q, as the footer says", g.Time(), text, want)
				}
			}
		})
	}
}
