package game_test

import (
	"errors"
	"hash/fnv"
	"math"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// newArmies builds the armies scene with seed.
func newArmies(t *testing.T, seed uint64) *game.Session {
	t.Helper()
	cfg := game.DefaultConfig()
	cfg.Scene, cfg.Seed = game.SceneArmies, seed
	g, err := game.NewSession(cfg)
	if err != nil {
		t.Fatalf("New(armies): %v", err)
	}
	return g
}

// armiesDigest hashes every man's position, state and life and every
// squad's morale statistics.
func armiesDigest(g *game.Session) uint64 {
	h := fnv.New64a()
	var b [8]byte
	word := func(v uint64) {
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		h.Write(b[:])
	}
	for _, m := range armies(g).AppendMen(nil) {
		word(math.Float64bits(m.Pos.X))
		word(math.Float64bits(m.Pos.Y))
		word(uint64(m.State))
		if m.Alive {
			word(1)
		}
	}
	for _, s := range armies(g).AppendSquads(nil) {
		word(math.Float64bits(s.Stats.Average))
		word(math.Float64bits(s.Stats.Lowest))
		word(uint64(s.Stats.Count))
		word(uint64(s.State))
	}
	return h.Sum64()
}

func TestArmiesDeterministic(t *testing.T) {
	const ticks = 25 * game.TPS // past the first volleys and routs
	run := func(seed uint64) uint64 {
		g := newArmies(t, seed)
		for range ticks {
			g.Tick()
		}
		if err := g.Battle().Err(); err != nil {
			t.Fatalf("seed %d: Err() = %v; want nil", seed, err)
		}
		return armiesDigest(g)
	}
	a, b, c := run(7), run(7), run(8)
	if a != b {
		t.Errorf("seed 7 twice: digests %#x and %#x; want equal", a, b)
	}
	if a == c {
		t.Errorf("seeds 7 and 8: both digests %#x; want different battles", a)
	}
}

// TestArmiesSameAtEverySpeed runs 20 s of the same battle at ×1 and at ×4:
// the same sub-ticks, so the same bits.
func TestArmiesSameAtEverySpeed(t *testing.T) {
	x1, x4 := newArmies(t, 3), newArmies(t, 3)
	if err := x4.Apply(game.SetSpeed{Factor: 4}); err != nil {
		t.Fatal(err)
	}
	for range 20 * game.TPS {
		x1.Tick()
	}
	for range 5 * game.TPS {
		x4.Tick()
	}
	if x1.Time() != x4.Time() {
		t.Fatalf("times %v and %v; want equal", x1.Time(), x4.Time())
	}
	if a, b := armiesDigest(x1), armiesDigest(x4); a != b {
		t.Errorf("20 s at ×1 and at ×4: digests %#x and %#x; want equal", a, b)
	}
}

func TestArmiesScene(t *testing.T) {
	g := newArmies(t, 1)
	if got := g.Scene().Name(); got != game.SceneArmies {
		t.Errorf("Scene() = %q; want %q", got, game.SceneArmies)
	}
	men, squads := armies(g).AppendMen(nil), armies(g).AppendSquads(nil)
	if got, want := len(men), 2*game.ArmySquads*game.ArmySquadSize; got != want {
		t.Errorf("men = %d; want %d", got, want)
	}
	if got, want := len(squads), 2*game.ArmySquads; got != want {
		t.Errorf("squads = %d; want %d", got, want)
	}
	sides := map[int]int{}
	for _, s := range squads {
		sides[s.Side]++
		if s.Stats.Count != game.ArmySquadSize {
			t.Errorf("squad %d has %d men; want %d", s.ID, s.Stats.Count, game.ArmySquadSize)
		}
	}
	if sides[0] != game.ArmySquads || sides[1] != game.ArmySquads {
		t.Errorf("squads per side = %v; want %d each", sides, game.ArmySquads)
	}
	if got := g.History().Len(); got != len(squads) {
		t.Errorf("History().Len() = %d; want one line per squad, %d", got, len(squads))
	}
	// Kill names a man here; Reinforce is refused; SelectSquad selects.
	if err := g.Apply(game.Kill{ID: 3}); err != nil {
		t.Errorf("Kill{3}: %v", err)
	}
	if err := g.Apply(game.Kill{ID: 3}); !errors.Is(err, game.ErrNoSoldier) {
		t.Errorf("Kill{3} twice: %v; want ErrNoSoldier", err)
	}
	if err := g.Apply(game.Reinforce{N: 5}); !errors.Is(err, game.ErrBadCount) {
		t.Errorf("Reinforce: %v; want ErrBadCount", err)
	}
	if err := g.Apply(game.SelectSquad{ID: squads[7].ID}); err != nil || armies(g).SelectedSquad() != squads[7].ID {
		t.Errorf("SelectSquad{%d}: err %v, selected %d", squads[7].ID, err, armies(g).SelectedSquad())
	}
	// The squads there are, as RallySquad's error lists them.
	if err := g.Apply(game.SelectSquad{ID: 9999}); !errors.Is(err, game.ErrNoSquad) || !strings.HasSuffix(err.Error(), "9999 (squads: 1–100)") {
		t.Errorf("SelectSquad{9999}: got %v; want ErrNoSquad ending \"9999 (squads: 1–100)\"", err)
	}
	if err := g.Apply(game.Shell{At: morale.Vec2{X: 30000, Y: 17000}}); err != nil {
		t.Errorf("Shell in the middle of the armies' field: %v", err)
	}
	if id, ok := g.Battle().SquadAt(squads[3].Anchor); !ok || id != squads[3].ID {
		t.Errorf("SquadAt(squad 3's anchor) = %d, %v; want %d, true", id, ok, squads[3].ID)
	}
	if err := g.Apply(game.Restart{}); err != nil || len(armies(g).AppendMen(nil)) != len(men) {
		t.Errorf("Restart: %v, %d men", err, len(armies(g).AppendMen(nil)))
	}
}

func TestOpeningHasNoSquadsToSelect(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Scene().Name(); got != game.SceneOpening {
		t.Errorf("Scene() = %q; want %q", got, game.SceneOpening)
	}
	if err := g.Apply(game.SelectSquad{ID: 1}); !errors.Is(err, game.ErrNoSquad) {
		t.Errorf("SelectSquad in the opening: %v; want ErrNoSquad", err)
	}
	if _, ok := g.Battle().SquadAt(morale.Vec2{X: 1300, Y: 1800}); ok {
		t.Error("SquadAt in the opening: ok; want false")
	}
	if _, ok := g.Scene().(*game.Armies); ok { // the opening's scene has no men
		t.Error("the opening's scene is the armies'; want no men in it")
	}
}

func TestBadScene(t *testing.T) {
	cfg := game.DefaultConfig()
	cfg.Scene = "siege"
	if _, err := game.NewSession(cfg); err == nil {
		t.Error(`New with Scene "siege": nil error; want one`)
	}
}

// TestArmiesRoutCascades measures, in seed 1's battle, when each squad
// first routs (most of its men Routed), and checks that a squad routs
// within a minute and that the rout then spreads to a neighbour: the
// squad beside it in the same line of the same army routs later.
func TestArmiesRoutCascades(t *testing.T) {
	g := newArmies(t, 1)
	first := map[int]float64{} // squad index -> first rout time
	var squads []game.SquadView
	for tick := 1; tick <= 60*game.TPS; tick++ {
		g.Tick()
		if tick%(game.TPS/4) != 0 {
			continue
		}
		squads = armies(g).AppendSquads(squads[:0])
		for _, s := range squads {
			if _, seen := first[s.Index]; !seen && s.State == morale.Routed {
				first[s.Index] = g.Time()
			}
		}
	}
	if len(first) == 0 {
		t.Fatal("no squad routed in 60 s; want a rout")
	}
	f, tf := -1, math.Inf(1)
	for i, tm := range first {
		if tm < tf || (tm == tf && i < f) {
			f, tf = i, tm
		}
	}
	col := f % game.ArmySquads % 25
	var spread []int
	for _, n := range []int{f - 1, f + 1} {
		if n < 0 || n >= len(squads) || squads[n].Side != squads[f].Side || n/25 != f/25 || (n%25-col)*(n%25-col) != 1 {
			continue // not beside it in the same line
		}
		if tn, ok := first[n]; ok && tn > tf {
			spread = append(spread, n)
			t.Logf("squad %d routed at %.2f s, its neighbour %d at %.2f s", f, tf, n, tn)
		}
	}
	if len(spread) == 0 {
		t.Errorf("squad %d routed first, at %.2f s, and neither neighbour routed after it (routs: %v)", f, tf, first)
	}
	t.Logf("%d of %d squads routed within 60 s", len(first), len(squads))
}

// BenchmarkArmiesTick measures one Tick (1/60 s at ×1) of the armies scene
// in the thick of the fight: 10,000 men, seed 1, from 15 s on (a fresh
// battle after 120 s). It reports combat-%: the share of the living men
// below full morale or out of Steady (combatShare), sampled untimed once a
// game second, the median of the samples.
func BenchmarkArmiesTick(b *testing.B) {
	cfg := game.DefaultConfig()
	cfg.Scene = game.SceneArmies
	g, err := game.NewSession(cfg)
	if err != nil {
		b.Fatal(err)
	}
	for range 15 * game.TPS {
		g.Tick()
	}
	b.ReportAllocs()
	b.ResetTimer()
	var combat combatShare // once a game second, untimed
	for i := range b.N {
		g.Tick()
		if i%game.TPS == 0 {
			b.StopTimer()
			combat.sample(b, g)
			b.StartTimer()
		}
		if g.Time() > 120 {
			b.StopTimer()
			if err := g.Apply(game.Restart{}); err != nil {
				b.Fatal(err)
			}
			for range 15 * game.TPS {
				g.Tick()
			}
			b.StartTimer()
		}
	}
	b.ReportMetric(combat.median(), "combat-%")
}
