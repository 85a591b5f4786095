package morale_test

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// cellOf is the documented grid cell of p for reach r.
func cellOf(p morale.Vec2, r float64) [2]float64 {
	return [2]float64{math.Floor(p.Y / r), math.Floor(p.X / r)}
}

// TestSortKeepsEveryAgentsData spawns agents at random places, each with his
// own custom news in his ledger, and steps once: the World sorts them (their
// one window is nearly all breaks). Every handle must still give his own position,
// morale, nerve, squad and ledger, and the World's order must be by cell
// row, then column, each cell's agents in spawn order (their order before
// the sort). Removals, moves and
// a second sort follow.
func TestSortKeepsEveryAgentsData(t *testing.T) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := 3 * morale.SortMinAgents
	type want struct {
		pos           morale.Vec2
		nerve, weight float64
		squad         morale.SquadID
		spawn         int
	}
	wants := map[*morale.Agent]*want{}
	var agents []*morale.Agent
	for i := range n {
		p := morale.Vec2{X: r.Float64()*40000 - 20000, Y: r.Float64() * 40000}
		a := w.Spawn(morale.SquadID(i%5), p)
		weight := -float64(i+1) / float64(4*n)
		if err := a.ReportCustomEvent(weight); err != nil {
			t.Fatal(err)
		}
		wants[a] = &want{pos: p, nerve: a.Nerve(), weight: weight, squad: morale.SquadID(i % 5), spawn: i}
		agents = append(agents, a)
	}
	check := func(when string, spawnTies bool) {
		t.Helper()
		prev, prevSpawn := [2]float64{math.Inf(-1), 0}, -1
		for a := range w.Agents() {
			wa := wants[a]
			if a.Position() != wa.pos || a.Nerve() != wa.nerve || a.Squad() != wa.squad {
				t.Fatalf("%s: agent %d at %v, nerve %v, squad %v; want %v, %v, %v", when, wa.spawn,
					a.Position(), a.Nerve(), a.Squad(), wa.pos, wa.nerve, wa.squad)
			}
			x, err := w.Explain(a)
			if err != nil {
				t.Fatal(err)
			}
			if len(x.Changes) == 0 || x.Changes[0].Weight != wa.weight {
				t.Fatalf("%s: agent %d: ledger %v; want his custom news of %v first", when, wa.spawn, x.Changes, wa.weight)
			}
			c := cellOf(a.Position(), s.NoEffectRadius)
			if c[0] < prev[0] || (c[0] == prev[0] && c[1] < prev[1]) || (spawnTies && c == prev && wa.spawn < prevSpawn) {
				t.Fatalf("%s: agent %d in cell %v after agent %d in cell %v; want cell order", when, wa.spawn, c, prevSpawn, prev)
			}
			prev, prevSpawn = c, wa.spawn
		}
	}
	w.Advance(s.SquadUpdateInterval)
	check("after the first sort", true)

	// Remove every seventh agent, move every fifth far away, and step:
	// the breaks grow by more than 1/SortBreakShare, so the World sorts again.
	for k, a := range agents {
		switch {
		case k%7 == 0:
			w.Remove(a)
			delete(wants, a)
		case k%5 == 0:
			p := morale.Vec2{X: -a.Position().X, Y: a.Position().Y + 7777}
			a.SetPosition(p)
			wants[a].pos = p
		}
	}
	w.Advance(s.SquadUpdateInterval)
	check("after the second sort", false) // ties: the order before the sort
	if w.Len() != len(wants) {
		t.Fatalf("Len() = %d; want %d", w.Len(), len(wants))
	}
	// An event at a location finds the moved agents where they are now.
	for a, wa := range wants {
		before := a.Morale()
		if err := w.ReportEventAtLocation(morale.AllyDown, wa.pos, 1, nil, 1); err != nil {
			t.Fatal(err)
		}
		if a.Morale() >= before && before > 0 {
			t.Fatalf("agent %d at %v: morale %v after an event at his place; want below %v", wa.spawn, wa.pos, a.Morale(), before)
		}
		break
	}
}

// TestSortAllocatesOnce checks that sorting a World again allocates nothing
// once it has sorted one of the same size: the sort's scratch is kept.
func TestSortAllocatesOnce(t *testing.T) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var agents []*morale.Agent
	for range 2 * morale.SortMinAgents {
		agents = append(agents, w.Spawn(1, morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000}))
	}
	w.Advance(s.SquadUpdateInterval) // the first sort
	far := func(a *morale.Agent, sign float64) {
		p := a.Position()
		a.SetPosition(morale.Vec2{X: p.X + sign*s.NoEffectRadius, Y: p.Y})
	}
	allocs := testing.AllocsPerRun(5, func() {
		for _, a := range agents[:len(agents)/4] {
			far(a, 1) // a quarter into the next cell: a sort is due
		}
		w.Advance(s.SquadUpdateInterval)
		for _, a := range agents[:len(agents)/4] {
			far(a, -1)
		}
		w.Advance(s.SquadUpdateInterval)
	})
	if allocs != 0 {
		t.Errorf("moves and sorts: %v allocations per run; want 0", allocs)
	}
}

// TestSortDuringDelivery sorts the World from inside a listener: a state
// listener that moves agents across cells, removes some, spawns others and
// advances the World (so a nested step sorts while the outer step's
// changes are still being told). Every live handle must keep his own
// position and squad, the World's order must hold each live agent once,
// and the changes told must be to live agents only.
func TestSortDuringDelivery(t *testing.T) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 9)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 8))
	type want struct {
		pos   morale.Vec2
		squad morale.SquadID
	}
	wants := map[*morale.Agent]*want{}
	spawn := func(p morale.Vec2, sq morale.SquadID) {
		a := w.Spawn(sq, p, morale.WithMorale(0.1+0.9*r.Float64()))
		wants[a] = &want{pos: p, squad: sq}
	}
	for i := range 2 * morale.SortMinAgents {
		spawn(morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000}, morale.SquadID(i%6))
	}
	told, nested := 0, 0
	w.OnStateChanged(func(a *morale.Agent, old, new morale.State, why morale.Reason) {
		if a.Removed() {
			t.Fatalf("a change told to a removed agent")
		}
		told++
		switch told % 7 {
		case 0:
			p := morale.Vec2{X: a.Position().X + s.NoEffectRadius*3, Y: a.Position().Y}
			a.SetPosition(p)
			wants[a].pos = p
		case 3:
			w.Remove(a)
			delete(wants, a)
			spawn(morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000}, morale.SquadID(told%6))
		case 5:
			if nested < 40 {
				nested++
				w.Advance(s.SquadUpdateInterval) // a step, maybe a sort, inside the delivery
			}
		}
	})
	for range 40 {
		at := morale.Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000}
		if err := w.ReportEventAtLocation(morale.AllyDown, at, 5000, nil, 3); err != nil {
			t.Fatal(err)
		}
		w.Advance(s.SquadUpdateInterval)
	}
	if told == 0 || nested == 0 {
		t.Fatalf("told %d changes, %d nested steps; want some of each", told, nested)
	}
	seen := map[*morale.Agent]bool{}
	for a := range w.Agents() {
		wa, ok := wants[a]
		if !ok || seen[a] {
			t.Fatalf("the World's order holds a removed or repeated agent")
		}
		seen[a] = true
		if a.Position() != wa.pos || a.Squad() != wa.squad {
			t.Fatalf("agent at %v, squad %v; want %v, %v", a.Position(), a.Squad(), wa.pos, wa.squad)
		}
	}
	if len(seen) != len(wants) || w.Len() != len(wants) {
		t.Fatalf("the World's order holds %d agents, Len %d; want %d", len(seen), w.Len(), len(wants))
	}
}

// TestSortOrdersCellsAtAnySpan spawns agents spread over spans of cells
// small and huge (beyond 2^16 cells on both axes, and out to the clamped
// edge cells) and steps once: the World's order must be by cell row, then
// column, each cell's agents in spawn order.
func TestSortOrdersCellsAtAnySpan(t *testing.T) {
	for _, tc := range []struct {
		name string
		span float64 // cm, agents in [-span, span)² or so
	}{
		{"one cell", 100},
		{"a few cells", 1e4},
		{"2^10 cells", 3e6},
		{"2^20 cells", 3e9},
		{"beyond int32", 1e15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			w, err := morale.NewWorld(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(7, 8))
			spawn := map[*morale.Agent]int{}
			for i := range 2 * morale.SortMinAgents {
				p := morale.Vec2{X: (2*r.Float64() - 1) * tc.span, Y: (2*r.Float64() - 1) * tc.span}
				if i%5 == 0 { // clusters, so that cells hold several agents
					p = morale.Vec2{X: float64(i%3) * tc.span / 3, Y: -float64(i%2) * tc.span / 2}
				}
				spawn[w.Spawn(1, p)] = i
			}
			w.Advance(s.SquadUpdateInterval)
			prev, prevSpawn, k := [2]float64{math.Inf(-1), 0}, -1, 0
			for a := range w.Agents() {
				c := cellOf(a.Position(), s.NoEffectRadius)
				c[0], c[1] = max(min(c[0], math.MaxInt32), math.MinInt32), max(min(c[1], math.MaxInt32), math.MinInt32)
				if c[0] < prev[0] || (c[0] == prev[0] && c[1] < prev[1]) || (c == prev && spawn[a] < prevSpawn) {
					t.Fatalf("place %d: agent %d in cell %v after agent %d in cell %v; want cell order", k, spawn[a], c, prevSpawn, prev)
				}
				prev, prevSpawn = c, spawn[a]
				k++
			}
			if k != len(spawn) {
				t.Fatalf("Agents yielded %d; want %d", k, len(spawn))
			}
		})
	}
}

// TestSortAfterMoves sorts Worlds of every span (one cell wide, thousands
// of cells, 2^20 cells wide, beyond int32) after a few of their agents and
// after many moved into other cells (from a sorted World, by SetPosition,
// Remove and Spawn, with the ledger on), or after a quarter of them each
// stepped into the next cell, in rounds: when the documented breaks of the
// World (its one window) grew by 1/SortBreakShare of its agents since its last
// sort, the World's order after the step must be the order before it,
// stably sorted by cell row, then column, else the same order; every handle
// must keep his position, nerve, squad and ledger, and Index his place; an
// event at an agent's place must reach him.
func TestSortAfterMoves(t *testing.T) {
	for _, span := range []float64{100, 1e5, 3e6, 3e9, 1e15} {
		for _, share := range []int{2, 7, 40} { // one in share agents moves
			t.Run(fmt.Sprintf("span=%g/share=1in%d", span, share), func(t *testing.T) {
				testSortAfterMoves(t, span, share, false, false)
			})
		}
		t.Run(fmt.Sprintf("span=%g/steps", span), func(t *testing.T) {
			testSortAfterMoves(t, span, 4, true, false)
		})
		t.Run(fmt.Sprintf("span=%g/clusters", span), func(t *testing.T) {
			testSortAfterMoves(t, span, 4, true, true)
		})
	}
}

func testSortAfterMoves(t *testing.T, span float64, share int, steps, clusters bool) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 4, Window: math.Inf(1)}); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(share), 5))
	place := func() morale.Vec2 {
		return morale.Vec2{X: (2*r.Float64() - 1) * span, Y: (2*r.Float64() - 1) * span}
	}
	type want struct {
		pos    morale.Vec2
		nerve  float64
		squad  morale.SquadID
		weight float64
	}
	wants := map[*morale.Agent]*want{}
	spawn := func(i int) {
		p := place()
		if i%4 == 0 { // clusters, so that cells hold several agents
			p = morale.Vec2{X: float64(i%3) * span / 3, Y: -float64(i%2) * span / 2}
		}
		if clusters { // a few cells for many agents
			p = morale.Vec2{X: float64(i%8-4) * span / 8, Y: float64(i%5-2) * span / 5}
		}
		a := w.Spawn(morale.SquadID(i%6), p)
		weight := -float64(i%97+1) / 1000
		if err := a.ReportCustomEvent(weight); err != nil {
			t.Fatal(err)
		}
		wants[a] = &want{pos: p, nerve: a.Nerve(), squad: morale.SquadID(i % 6), weight: weight}
	}
	n := 8 * morale.SortMinAgents
	for i := range n {
		spawn(i)
	}
	cell := func(p morale.Vec2) [2]float64 {
		c := cellOf(p, s.NoEffectRadius)
		return [2]float64{max(min(c[0], math.MaxInt32), math.MinInt32), max(min(c[1], math.MaxInt32), math.MinInt32)}
	}
	order := func() []*morale.Agent {
		var o []*morale.Agent
		for a := range w.Agents() {
			o = append(o, a)
		}
		return o
	}
	breaks := func(o []*morale.Agent) int {
		b := 0
		for k := 1; k < len(o); k++ {
			if cell(o[k].Position()) != cell(o[k-1].Position()) {
				b++
			}
		}
		return b
	}
	settled, sorts := 0, 0
	for round := range 7 {
		// One in share agents moves (a few of them out of their cell
		// only by a step), one in 50 is removed, a few are spawned; in
		// every other round, too few to sort.
		before := order()
		quiet := round%2 == 1
		for k, a := range before {
			switch {
			case quiet && k%97 != 0:
			case steps && k%share == 0:
				p := a.Position()
				p.X += float64(1-2*(round%4/2)) * s.NoEffectRadius
				a.SetPosition(p)
				wants[a].pos = p
			case steps:
			case k%50 == 3:
				w.Remove(a)
				delete(wants, a)
			case k%share == 0:
				p := place()
				if k%3 == 0 {
					p = a.Position()
					p.X += s.NoEffectRadius
				}
				a.SetPosition(p)
				wants[a].pos = p
			}
		}
		for i := 0; !quiet && i < 20; i++ {
			spawn(n + round*n + i)
		}
		if round == 4 { // agents trade places: a sort is due unless nearly every agent has a cell of his own
			o := order()
			for k := 0; k+1 < len(o); k += 2 {
				j := r.IntN(len(o))
				p, q := o[k].Position(), o[j].Position()
				o[k].SetPosition(q)
				o[j].SetPosition(p)
				wants[o[k]].pos, wants[o[j]].pos = q, p
			}
		}
		before = order()
		due := morale.SortBreakShare*(breaks(before)-settled) >= len(before)
		w.Advance(s.SquadUpdateInterval)
		if due {
			sorts++
			slices.SortStableFunc(before, func(a, b *morale.Agent) int {
				ca, cb := cell(a.Position()), cell(b.Position())
				return cmp.Or(cmp.Compare(ca[0], cb[0]), cmp.Compare(ca[1], cb[1]))
			})
			settled = breaks(before)
		}
		k := 0
		for a := range w.Agents() {
			if k >= len(before) || a != before[k] {
				t.Fatalf("round %d (sort due %v): place %d of the World's order is not the documented one", round, due, k)
			}
			if a.Index() != k {
				t.Fatalf("round %d: Index() = %d; want %d", round, a.Index(), k)
			}
			wa := wants[a]
			if a.Position() != wa.pos || a.Nerve() != wa.nerve || a.Squad() != wa.squad {
				t.Fatalf("round %d: agent at %v, nerve %v, squad %v; want %v, %v, %v", round,
					a.Position(), a.Nerve(), a.Squad(), wa.pos, wa.nerve, wa.squad)
			}
			x, err := w.Explain(a)
			if err != nil {
				t.Fatal(err)
			}
			if len(x.Changes) == 0 || x.Changes[0].Weight != wa.weight {
				t.Fatalf("round %d: ledger %v; want his custom news of %v first", round, x.Changes, wa.weight)
			}
			k++
		}
		if k != len(before) || k != len(wants) {
			t.Fatalf("round %d: Agents yielded %d; want %d", round, k, len(wants))
		}
	}
	if crowded := 2*settled < w.Len(); sorts < 1 || crowded && sorts < 2 {
		t.Fatalf("%d sorts in 7 rounds (crowded cells %v); want the first, and one after moves when cells are crowded", sorts, crowded)
	}
	// Last, events (which fill the ledgers) at a few agents' places.
	k := 0
	for a := range w.Agents() {
		if k++; k%37 != 0 || a.Morale() == 0 {
			continue
		}
		before := a.Morale()
		if err := w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0.001, nil, 1); err != nil {
			t.Fatal(err)
		}
		if a.Morale() >= before {
			t.Fatalf("agent %d at %v: morale %v after an event at his place; want below %v", k, a.Position(), a.Morale(), before)
		}
	}
}

// TestSortWindowsOneAStep spawns 2.5 windows of agents (of 4096 places, set
// by SetSortWindow) at random places and
// steps: each step sorts the next window that came apart, one a step, in
// turn, and leaves the others as they are; then moves within the second
// window make it, and it alone, due again.
func TestSortWindowsOneAStep(t *testing.T) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 9))
	const win = 4096
	w.SetSortWindow(win)
	n := 2*win + win/2
	for i := range n {
		w.Spawn(morale.SquadID(i%50), morale.Vec2{X: r.Float64() * 30000, Y: r.Float64() * 30000})
	}
	sortedIn := func(k int) bool {
		prev := [2]float64{math.Inf(-1), 0}
		for i := k * win; i < min((k+1)*win, w.Len()); i++ {
			c := cellOf(w.Agent(i).Position(), s.NoEffectRadius)
			if c[0] < prev[0] || (c[0] == prev[0] && c[1] < prev[1]) {
				return false
			}
			prev = c
		}
		return true
	}
	for step := range 4 {
		for k := range 3 {
			if got, want := sortedIn(k), k < step; got != want {
				t.Fatalf("after %d steps: window %d sorted %v; want %v", step, k, got, want)
			}
		}
		w.Advance(s.SquadUpdateInterval)
	}
	for i := win; i < 2*win; i += 3 {
		a := w.Agent(i)
		a.SetPosition(morale.Vec2{X: a.Position().X + 3001, Y: a.Position().Y})
	}
	before := make([]*morale.Agent, n)
	for i := range before {
		before[i] = w.Agent(i)
	}
	w.Advance(s.SquadUpdateInterval)
	for i, a := range before {
		if w.Agent(i) != a && (i < win || i >= 2*win) {
			t.Fatalf("agent %d of window %d changed place; only window 1 was due", i, i/win)
		}
	}
	if !sortedIn(1) {
		t.Fatal("window 1 not sorted after its moves")
	}
}

// TestSortWhenNoneOvertakes steps a quarter of the agents of a World, each
// in a row of cells of his own, into the next cell, twice (enough moves for
// a sort each time): the order must stay what it was, each agent in his
// place, and the second sort must find everyone in order.
func TestSortWhenNoneOvertakes(t *testing.T) {
	s := morale.DefaultSettings()
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := s.NoEffectRadius
	var agents []*morale.Agent
	for i := range 2 * morale.SortMinAgents {
		agents = append(agents, w.Spawn(1, morale.Vec2{X: float64(i%5) * r, Y: float64(i) * 1000 * r}))
	}
	for round := range 3 {
		for k, a := range agents {
			if k%4 == 0 && round > 0 {
				p := a.Position()
				a.SetPosition(morale.Vec2{X: p.X + r, Y: p.Y})
			}
		}
		w.Advance(s.SquadUpdateInterval)
		for k, a := range agents {
			if a.Index() != k || w.Agent(k) != a {
				t.Fatalf("round %d: agent %d at place %d; want %d", round, k, a.Index(), k)
			}
		}
	}
}
