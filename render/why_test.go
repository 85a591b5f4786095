package render_test

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/render"
)

// whyGame is the default opening at 11 s: Eriksen routed at 10.5 s.
func whyGame(t testing.TB) (*game.Session, int) {
	t.Helper()
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < 11-1e-9 {
		g.Tick()
	}
	for _, s := range g.Scene().(*game.Opening).Soldiers() {
		if s.Name == "Eriksen" {
			return g, s.ID
		}
	}
	t.Fatal("no Eriksen in the opening")
	return nil, 0
}

// interp is the morale of samples at t, interpolated (as the timeline draws).
func interp(ss []game.Sample, t float64) float64 {
	for i := 1; i < len(ss); i++ {
		if a, b := ss[i-1], ss[i]; t <= b.T {
			if b.T == a.T {
				return b.Morale
			}
			return a.Morale + (b.Morale-a.Morale)*(t-a.T)/(b.T-a.T)
		}
	}
	return ss[len(ss)-1].Morale
}

// timelineRect is the demo's timeline panel at 1280×720.
var timelineRect = image.Rect(0, 520, 900, 720)

// routMarker returns the screen point of Eriksen's rout marker.
func routMarker(t *testing.T, g *game.Session, id int) (int, int) {
	t.Helper()
	plot := render.TimelinePlot(timelineRect)
	for _, c := range g.History().Changes() {
		if c.ID == id && c.To == morale.Routed {
			x := render.TimelineX(plot, g.Time(), c.T)
			y := render.TimelineY(plot, interp(g.History().Samples(id), c.T))
			return int(math.Round(x)), y
		}
	}
	t.Fatal("no rout of Eriksen in the history")
	return 0, 0
}

func TestMarkerAt(t *testing.T) {
	g, id := whyGame(t)
	plot := render.TimelinePlot(timelineRect)
	mx, my := routMarker(t, g, id)
	tests := []struct {
		name   string
		x, y   int
		wantOK bool
	}{
		{"on the marker", mx, my, true},
		{"3 px off", mx + 2, my - 2, true},
		{"just out of reach", mx, my + render.MarkerHitRadius + 1, false},
		{"top-left of the plot", plot.Min.X, plot.Min.Y, false},
		{"outside the plot", 5, 5, false},
	}
	for _, tt := range tests {
		c, ok := render.MarkerAt(plot, g.Time(), g.History(), tt.x, tt.y)
		if ok != tt.wantOK {
			t.Errorf("%s (%d, %d): ok = %v; want %v", tt.name, tt.x, tt.y, ok, tt.wantOK)
			continue
		}
		if ok && (c.ID != id || c.To != morale.Routed || c.From != morale.Panicked) {
			t.Errorf("%s: got %+v; want Eriksen's Panicked → Routed", tt.name, c)
		}
	}
}

func TestTimelineTooltip(t *testing.T) {
	g, id := whyGame(t)
	r := newRenderer(t)
	mx, my := routMarker(t, g, id)
	want := "Eriksen: Panicked → Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5)"
	if got := r.TimelineTooltip(timelineRect, g, mx, my); got != want {
		t.Errorf("tooltip on the rout marker = %q; want %q", got, want)
	}
	if got := g.Battle().ChangeReason(game.Change{T: 10.5, ID: id, From: morale.Panicked, To: morale.Routed}); got != want {
		t.Errorf("ChangeReason = %q; want the tooltip's %q", got, want)
	}
	if got := r.TimelineTooltip(timelineRect, g, 5, 5); got != "" {
		t.Errorf("tooltip away from the timeline = %q; want none", got)
	}
}

func TestChangeText(t *testing.T) {
	x := morale.Explanation{Settings: morale.Settings{RoutAfterSeconds: 3.5}, States: []morale.StateChange{
		{At: 10.5, From: morale.Panicked, To: morale.Routed, Why: morale.Reason{Kind: morale.ByRoutTimer}, SecondsInFrom: 3.5,
			Rules: morale.StateRules{RoutAfterSeconds: 3.5}},
	}}
	c := game.Change{T: 10.5, From: morale.Panicked, To: morale.Routed}
	tests := []struct {
		x    morale.Explanation
		ok   bool
		c    game.Change
		want string
	}{
		{x, true, c, "Eriksen: Panicked → Routed at 10.50 s: Panicked for 3.50 s (RoutAfterSeconds 3.5)"},
		{x, false, c, "Eriksen: Panicked → Routed at 10.50 s"},
		{morale.Explanation{}, true, c, "Eriksen: Panicked → Routed at 10.50 s"},
	}
	for _, tt := range tests {
		if got := render.ChangeText("Eriksen", tt.c, tt.x, tt.ok); got != tt.want {
			t.Errorf("ChangeText(ok %v) = %q; want %q", tt.ok, got, tt.want)
		}
	}
}

func TestBuildWhyPanel(t *testing.T) {
	g, id := whyGame(t)
	s := g.Scene().(*game.Opening).Soldiers()[id]
	x, ok := g.Why(id)
	p := render.BuildWhyPanel(s, x, ok)
	if p.Title != "Why · Eriksen · Routed" {
		t.Errorf("Title = %q; want %q", p.Title, "Why · Eriksen · Routed")
	}
	shown := x // the time since his last bad news in tenths (TestShownSinceBadNews)
	shown.SecondsSinceBadNews = game.ShownSinceBadNews(x.SecondsSinceBadNews)
	if p.Sentence != shown.String() {
		t.Errorf("Sentence = %q; want the explanation's %q", p.Sentence, shown)
	}
	if len(p.Bars) != len(x.Causes) || len(p.Bars) == 0 || p.Bars[0].Label != "LeaderDown" || p.Bars[0].Delta >= 0 {
		t.Errorf("Bars = %+v; want one per cause, LeaderDown (negative) first", p.Bars)
	}
	if n := len(p.States); n != 3 || !strings.HasPrefix(p.States[n-1], "10.50 s  Panicked → Routed: Panicked for 3.50 s") {
		t.Errorf("States = %q; want 3, the rout last", p.States)
	}
	for _, want := range []string{"Why · Eriksen", "RoutAfterSeconds 3.5", "LeaderDown −0.40", "contagion +0.29"} {
		if !strings.Contains(p.Text(), want) {
			t.Errorf("Text lacks %q:\n%s", want, p.Text())
		}
	}
	dead := g.Scene().(*game.Opening).Soldiers()[0] // Alvarez fell at 5 s
	xd, okd := g.Why(dead.ID)
	if p := render.BuildWhyPanel(dead, xd, okd); p.Title != "Why · Alvarez · dead" || !strings.HasPrefix(p.Detail, "fell at 5.00 s") {
		t.Errorf("dead Alvarez: Title %q, Detail %q; want dead, fell at 5.00 s", p.Title, p.Detail)
	}
	labels := map[morale.ReasonKind]string{morale.ByContagion: "contagion", morale.ByRecovery: "recovery",
		morale.ByRally: "rally", morale.ByForcedRout: "forced rout", morale.BySetByHand: "set by hand", morale.ByCustomEvent: "custom event"}
	for k, want := range labels {
		if got := render.CauseLabel(morale.Reason{Kind: k}); got != want {
			t.Errorf("CauseLabel(%v) = %q; want %q", k, got, want)
		}
	}
}

// The panel and the tooltip are drawn: pixels in their rectangles, with
// red and green bars.
func TestDrawWhyPixels(t *testing.T) {
	needDisplay(t)
	g, id := whyGame(t)
	r := newRenderer(t)
	field := image.Rect(0, 0, 900, 520)
	dst := ebiten.NewImage(1280, 720)
	text, rect := r.LayoutWhy(field, g, id)
	r.DrawWhy(dst)
	if text == "" || rect.Empty() || !rect.In(field) {
		t.Fatalf("DrawWhy = %q, %v; want text and a rectangle inside %v", text, rect, field)
	}
	// Drawn again in the same tick: the same text, from the cached image.
	if text2, rect2 := r.LayoutWhy(field, g, id); text2 != text || rect2 != rect {
		t.Errorf("second DrawWhy = %v; want the same panel %v", rect2, rect)
	}
	r.DrawWhy(dst)
	px := pixels(dst)
	var opaque, red, green int
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			c := px.RGBAAt(x, y)
			if c.A > 200 {
				opaque++
			}
			if c.R > 180 && c.G < 100 && c.B < 100 {
				red++
			}
			if c.G > 160 && c.R < 120 && c.B < 130 {
				green++
			}
		}
	}
	if opaque < rect.Dx()*rect.Dy()/2 || red < 50 || green < 50 {
		t.Errorf("panel %v: %d opaque, %d red, %d green pixels; want a drawn panel with red and green bars", rect, opaque, red, green)
	}
	if outside := px.RGBAAt(rect.Min.X-3, rect.Max.Y+3); outside.A != 0 {
		t.Errorf("pixel outside the panel is %v; want untouched", outside)
	}

	tip := ebiten.NewImage(1280, 720)
	mx, my := routMarker(t, g, id)
	s := r.TimelineTooltip(timelineRect, g, mx, my)
	r.DrawTooltip(tip, s, mx, my)
	if !strings.Contains(s, "RoutAfterSeconds") {
		t.Fatalf("DrawTimelineTooltip = %q; want the rout's reason", s)
	}
	tp := pixels(tip)
	n := 0
	for y := max(0, my-60); y < my-12; y++ {
		for x := max(0, mx-200); x < min(1280, mx+200); x++ {
			if tp.RGBAAt(x, y).A > 200 {
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("%d opaque pixels above the cursor; want the tooltip's box", n)
	}
}

// A squad's Why panel gives its men's changes alike in time, kind and
// reason as one line with their count, the latest whyMaxStates lines.
func TestSquadPanelGroupsLikeChanges(t *testing.T) {
	rout := func(at float64) morale.StateChange {
		return morale.StateChange{At: at, From: morale.Panicked, To: morale.Routed,
			Why: morale.Reason{Kind: morale.ByRoutTimer}, SecondsInFrom: 3.5, Rules: morale.StateRules{RoutAfterSeconds: 3.5}}
	}
	x := game.SquadWhy{ID: 60, Side: 1, Now: 21, Since: 18.9, Selected: 18.9, Men: 94, Broken: 94,
		States: []morale.StateChange{rout(20.25), rout(20.25), rout(20.25), rout(20.5), rout(21)}}
	p := render.BuildSquadPanel(game.SquadView{ID: 60, Side: 1, State: morale.Routed}, x)
	want := []string{
		"20.25 s  ×3 Panicked → Routed: Panicked for 3.50 s (RoutAfterSeconds 3.5)",
		"20.50 s  Panicked → Routed: Panicked for 3.50 s (RoutAfterSeconds 3.5)",
		"21.00 s  Panicked → Routed: Panicked for 3.50 s (RoutAfterSeconds 3.5)",
	}
	if strings.Join(p.States, "\n") != strings.Join(want, "\n") {
		t.Errorf("states:\n%s\nwant:\n%s", strings.Join(p.States, "\n"), strings.Join(want, "\n"))
	}
}

// A squad of the armies selected after it broke: its Why panel says it is
// counting, then gives the causes up to its break, not the few since its
// selection.
func TestSquadWhyAfterItsBreak(t *testing.T) {
	needDisplay(t)
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	av := g.Scene().(*game.Armies)
	var id morale.SquadID
	for tick := 0; tick < 90*game.TPS && id == 0; tick++ {
		g.Tick()
		for _, s := range av.AppendSquads(nil) {
			if s.State == morale.Panicked || s.State == morale.Routed {
				id = s.ID
				break
			}
		}
	}
	if id == 0 {
		t.Fatal("no squad broke in 90 s")
	}
	for range 2 * game.TPS {
		g.Tick()
	}
	if err := g.Apply(game.SelectSquad{ID: id}); err != nil {
		t.Fatal(err)
	}
	r := newRenderer(t)
	field := image.Rect(0, 0, 900, 520)
	text, _ := r.LayoutWhy(field, g, int(id))
	if !strings.Contains(text, "counting its causes") {
		t.Errorf("first panel:\n%s\nwant it counting", text)
	}
	for i := 0; i < 6000 && !strings.Contains(text, "to its break at"); i++ {
		time.Sleep(10 * time.Millisecond)
		text, _ = r.LayoutWhy(field, g, int(id))
	}
	if !strings.Contains(text, "to its break at") || !strings.Contains(text, "AllyDown") {
		t.Fatalf("panel:\n%s\nwant the causes up to its break", text)
	}
}

// The Why panel never lags the frame it is drawn in: each frame, its
// title and its numbers (morale, nerve, the bars) are the soldier's as of
// that frame. It kept its content for 30 frames, so that the field said
// morale 0.83 while the panel said 0.75 (found by a designer's QA sweep).
//
// The time since his last bad news is said in tenths, rounded down, and
// is as current as the rest: it printed hundredths refreshed twice a
// second, so it read up to half a second late while nothing else moved.
func TestWhyPanelIsCurrent(t *testing.T) {
	for _, tc := range []struct {
		name     string
		soldier  string
		from, to float64 // seconds of the opening
	}{
		{"Eriksen routs and recovers", "Eriksen", 9, 13},
		{"Chen through the rally", "Chen", 12.5, 16},
		{"Brandt as the news comes", "Brandt", 2, 6},
		{"Dubois later, shaken again", "Dubois", 40, 44},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.NewSession(game.DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			id := -1
			for _, s := range g.Scene().(*game.Opening).Soldiers() {
				if s.Name == tc.soldier {
					id = s.ID
				}
			}
			if id < 0 {
				t.Fatalf("no %s in the opening", tc.soldier)
			}
			for g.Time() < tc.from-1e-9 {
				g.Tick()
			}
			r := newRenderer(t)
			field := image.Rect(0, 0, 900, 520)
			for g.Time() < tc.to-1e-9 {
				g.Tick()
				text, _ := r.LayoutWhy(field, g, id)
				x, ok := g.Why(id)
				want := render.BuildWhyPanel(g.Scene().(*game.Opening).Soldiers()[id], x, ok)
				got := strings.Split(text, "\n")
				wantLines := strings.Split(want.Text(), "\n")
				// every line, the sentence's time since his last bad
				// news too (it lagged up to half a second)
				if len(got) != len(wantLines) {
					t.Fatalf("at %.3f s: got panel\n%s\nwant\n%s", g.Time(), text, want.Text())
				}
				for i := range got {
					if got[i] != wantLines[i] {
						t.Fatalf("at %.3f s: got line %q; want %q", g.Time(), got[i], wantLines[i])
					}
				}
			}
		})
	}
}

// The panel says the time since the last bad news in tenths, rounded down,
// so that it never reads more than has passed: 3.97 s is "3.9 s ago", not
// yet a RecoveryDelaySeconds of 4.
func TestShownSinceBadNews(t *testing.T) {
	for _, tc := range []struct {
		since float64
		want  string
	}{
		{0, "(bad news 0 s ago)"},
		{0.049, "(bad news 0 s ago)"},
		{0.3, "(bad news 0.3 s ago)"},
		{211680000.0 / 705600000, "(bad news 0.3 s ago)"}, // the World's ticks
		{3.97, "(bad news 3.9 s ago)"},
		{12.25, "(bad news 12.2 s ago)"},
		{math.Inf(1), "(no bad news)"},
	} {
		x := morale.Explanation{Now: 20, Window: 30, Morale: 0.8, Nerve: 0.3, SecondsSinceBadNews: tc.since}
		s := game.SoldierView{Name: "Dubois", Alive: true, Morale: 0.8, Nerve: 0.3}
		p := render.BuildWhyPanel(s, x, true)
		if !strings.HasSuffix(p.Sentence, tc.want) {
			t.Errorf("%v s since bad news: got sentence %q; want it to end %q", tc.since, p.Sentence, tc.want)
		}
	}
}

// The panel's image is the panel laid out last: laid out again in another
// area (the room beside a soldier mid-field, then the whole field when he
// walks out of the way), its text the same but shortened to the room or
// lengthened back, it fills its rectangle and nothing below it. DrawWhy
// rebuilt the image only when the text changed, so the shortened image
// was drawn in the full rectangle (its foot transparent, clicks there
// taken by the panel) and the full one ran out below the shortened
// rectangle, over the field.
func TestWhyImageFollowsItsLayout(t *testing.T) {
	needDisplay(t)
	g, id := whyGame(t)
	r := newRenderer(t)
	field, room := image.Rect(0, 0, 900, 700), image.Rect(0, 0, 900, 260)
	var full int
	for i, area := range []image.Rectangle{field, room, field, room} {
		dst := ebiten.NewImage(1280, 720)
		text, rect := r.LayoutWhy(area, g, id)
		r.DrawWhy(dst)
		if i == 0 {
			full = rect.Dy()
		}
		if text == "" || i%2 == 1 && rect.Dy() >= full {
			t.Fatalf("layout %d in %v: got %q in %v; want a panel shorter than %d px in the room", i, area, text, rect, full)
		}
		px := pixels(dst)
		x := rect.Min.X + rect.Dx()/2
		if in, below := px.RGBAAt(x, rect.Max.Y-3), px.RGBAAt(x, rect.Max.Y+3); in.A < 200 || below.A != 0 {
			t.Errorf("layout %d in %v: panel %v: got alpha %d inside its foot and %d under it; want it drawn to its foot and no further", i, area, rect, in.A, below.A)
		}
	}
}

// The panel says how far back its numbers reach: a run of contagion or
// recovery, one ledger entry taken whole when it ends inside the window,
// counts from where it began. A calm soldier's panel at 118 s said "last
// 30 s" over "contagion −0.66 over 102 s", more than his morale could have
// moved in 30 s.
func TestWindowTextReachesBackToARun(t *testing.T) {
	run := func(kind morale.ReasonKind, first float64) morale.Contribution {
		return morale.Contribution{Cause: morale.Reason{Kind: kind}, Delta: -0.1, Steps: 40, First: first, Last: 118}
	}
	event := morale.Contribution{Cause: morale.Reason{Kind: morale.ByEvent, Event: morale.Suppressed}, Delta: -0.1, Entries: 1, First: 100, Last: 100}
	for _, tc := range []struct {
		name string
		x    morale.Explanation
		want string
	}{
		{"inside the window", morale.Explanation{Now: 118, Window: 30, Causes: []morale.Contribution{event, run(morale.ByContagion, 95)}}, "last 30 s"},
		{"a run from before it", morale.Explanation{Now: 118, Window: 30, Causes: []morale.Contribution{event, run(morale.ByContagion, 16.5)}}, "since 16.50 s (a run of contagion)"},
		{"the earliest of two runs", morale.Explanation{Now: 118, Window: 30, Causes: []morale.Contribution{run(morale.ByContagion, 60), run(morale.ByRecovery, 40)}}, "since 40.00 s (a run of recovery)"},
		{"back to last Steady", morale.Explanation{Now: 118, Window: 50, Causes: []morale.Contribution{event}}, "since 68.00 s (last Steady)"},
		{"a run from before last Steady", morale.Explanation{Now: 118, Window: 50, Causes: []morale.Contribution{run(morale.ByContagion, 60)}}, "since 60.00 s (a run of contagion)"},
		{"the whole record", morale.Explanation{Now: 118, Window: math.Inf(1), Causes: []morale.Contribution{run(morale.ByContagion, 0)}}, "since the start"},
	} {
		if got := render.WindowText(tc.x, true); got != tc.want {
			t.Errorf("%s: got %q; want %q", tc.name, got, tc.want)
		}
	}
}

// A squad's panel after its break says the span of its bars as its detail
// line does, "from 13.00 s to its break at 47.25 s": the bars' heading
// read "What moved the average man's morale · 13.00 s to its break at
// 47.25 s", a duration of 13 s by its words.
func TestSquadPanelSaysFromWhen(t *testing.T) {
	x := game.SquadWhy{ID: 39, Since: 13, Selected: 60, Broke: 47.25, Men: 100, Broken: 51, Average: 0.21}
	p := render.BuildSquadPanel(game.SquadView{ID: 39, State: morale.Panicked}, x)
	if want := "from 13.00 s to its break at 47.25 s"; p.Window != want || !strings.HasSuffix(p.Detail, " · "+want) {
		t.Errorf("Window %q, Detail %q; want %q, and the detail to end with it", p.Window, p.Detail, want)
	}
}

// The bars' header says where they take his morale, from where the
// window's causes began to the morale shown: in the opening at 11 s every
// man's window reaches back to his first step, at 1.00, and ends at the
// morale of his panel's detail line ("1.00 → 0.31" for Eriksen). The
// panel gave the parts but not where they start, so a designer could not
// check them against the morale shown; a dead man's ends at his morale as
// he fell.
func TestWhySpanFromStartToMoraleShown(t *testing.T) {
	g, _ := whyGame(t)
	for _, s := range g.Scene().(*game.Opening).Soldiers() {
		x, ok := g.Why(s.ID)
		if !ok {
			t.Fatalf("%s: no Why", s.Name)
		}
		p := render.BuildWhyPanel(s, x, ok)
		end := s.Morale
		if !s.Alive {
			end = x.Morale
		}
		want := fmt.Sprintf("1.00 → %.2f", end)
		if len(x.Causes) == 0 {
			want = ""
		}
		if p.Span != want {
			t.Errorf("%s: got the span %q; want %q", s.Name, p.Span, want)
		}
	}
}

// The bars' numbers, as the panel writes them, add up to its span, end
// less start, as a designer adding them up reads them: rounded each on its
// own (morale.FormatChange), the bars of a fall printed 1.00 → 0.31 could
// read −0.70 in all, or −0.004 beside two decimals. Each bar's number is
// the sentence's for its cause. Every man's panel in the opening, each
// second up to 30 s, and panels of many random explanations.
func TestWhyBarsAddUpToSpan(t *testing.T) {
	check := func(name string, p render.WhyPanel) {
		t.Helper()
		from, to, ok := strings.Cut(p.Span, " → ")
		if !ok {
			t.Fatalf("%s: got the span %q; want \"start → end\"", name, p.Span)
		}
		sum := int64(0)
		for _, b := range p.Bars {
			h, ok := barHundredths(b.Number)
			if !ok {
				t.Fatalf("%s: bar %s reads %q; want a sign and two decimals, in\n%s", name, b.Label, b.Number, p.Text())
			}
			if math.Abs(float64(h)-b.Delta*100) > 1+1e-9 {
				t.Fatalf("%s: bar %s %v reads %q, more than a hundredth off", name, b.Label, b.Delta, b.Number)
			}
			if !strings.Contains(p.Sentence, b.Label+" "+b.Number) {
				t.Fatalf("%s: bar %s %s is not the sentence's: %s", name, b.Label, b.Number, p.Sentence)
			}
			sum += h
		}
		if want := spanHundredths(t, to) - spanHundredths(t, from); sum != want {
			t.Fatalf("%s: got bars adding up to %+.2f; want %s − %s = %+.2f, in\n%s",
				name, float64(sum)/100, to, from, float64(want)/100, p.Text())
		}
	}
	g, _ := whyGame(t)
	panels := 0
	for g.Time() < 30-1e-9 {
		if math.Mod(g.Time()+1e-9, 1) < 0.05 {
			for _, s := range g.Scene().(*game.Opening).Soldiers() {
				x, ok := g.Why(s.ID)
				if p := render.BuildWhyPanel(s, x, ok); ok && p.Span != "" {
					check(fmt.Sprintf("%s at %.2f s", s.Name, g.Time()), p)
					panels++
				}
			}
		}
		g.Tick()
	}
	if panels < 100 {
		t.Fatalf("checked %d panels of the opening with a span; want 100 or more", panels)
	}
	r := rand.New(rand.NewPCG(5, 6))
	kinds := []morale.Reason{{Kind: morale.ByEvent, Event: morale.LeaderDown}, {Kind: morale.ByEvent, Event: morale.AllyDown},
		{Kind: morale.ByEvent, Event: morale.Suppressed}, {Kind: morale.ByContagion}, {Kind: morale.ByRecovery}, {Kind: morale.ByRally}}
	for i := range 3000 {
		x := morale.Explanation{Now: 20, Window: 30, State: morale.Shaken, SecondsSinceBadNews: 1, Morale: r.Float64()}
		for _, c := range kinds[:1+r.IntN(len(kinds))] {
			d := float64(r.IntN(61)-30)/100 + float64(r.IntN(2))*0.005 // on a half hundredth, or not
			if r.IntN(3) == 0 {
				d = (r.Float64() - 0.5) / 2
			}
			x.Causes = append(x.Causes, morale.Contribution{Cause: c, Delta: d, Entries: 1, Steps: 1, Seconds: 1, First: 5, Last: 5})
		}
		s := game.SoldierView{Name: "Chen", Alive: true, State: morale.Shaken, Morale: x.Morale}
		check(fmt.Sprintf("random explanation %d", i), render.BuildWhyPanel(s, x, true))
	}
}

// barHundredths reads a bar's number as a designer does, "−0.35" as -35
// hundredths; ok is false when it is not a sign and two decimals.
func barHundredths(s string) (int64, bool) {
	sign, digits := int64(1), s
	switch {
	case strings.HasPrefix(s, "−"):
		sign, digits = -1, s[len("−"):]
	case strings.HasPrefix(s, "+"):
		digits = s[1:]
	case strings.HasPrefix(s, "±"):
		digits = s[len("±"):]
	default:
		return 0, false
	}
	whole, frac, ok := strings.Cut(digits, ".")
	if !ok || len(frac) != 2 || whole == "" {
		return 0, false
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return sign * (w*100 + f), true
}

// spanHundredths reads an end of the span, "0.31", in hundredths.
func spanHundredths(t *testing.T, s string) int64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !strings.Contains(s, ".") || len(s)-strings.Index(s, ".") != 3 {
		t.Fatalf("got the span's end %q; want a morale with two decimals", s)
	}
	return int64(math.Round(v * 100))
}

// When a run of contagion or recovery reaches back before the window, the
// panel counts it whole without what came between, and its causes have no
// start to name: no span ("since 2.00 s (a run of contagion) · 0.00 →
// 0.57" for Eriksen at 40 s, who was at 1.00 at 2 s).
func TestWhySpanNoneWhenARunReachesBack(t *testing.T) {
	g, id := whyGame(t)
	for g.Time() < 40-1e-9 {
		g.Tick()
	}
	x, ok := g.Why(id)
	p := render.BuildWhyPanel(g.Scene().(*game.Opening).Soldiers()[id], x, ok)
	if !strings.Contains(p.Window, "(a run of") {
		t.Fatalf("Eriksen at 40 s: got the window %q; want a run reaching back", p.Window)
	}
	if p.Span != "" {
		t.Errorf("got the span %q; want none", p.Span)
	}
}
