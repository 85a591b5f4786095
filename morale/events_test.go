package morale_test

import (
	"math"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

func TestOnlyBadNewsResetsRecoveryDelay(t *testing.T) {
	tests := []struct {
		name  string
		at2   func(a *morale.Agent) error // at 2 s
		want5 float64                     // morale at 5 s
	}{
		{"nothing", func(*morale.Agent) error { return nil }, 0.5 + 0.06},
		{"good news does not postpone recovery", func(a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, 1) }, 0.58 + 0.06},
		{"bad news does", func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 1) }, 0.4},
		{"custom bad news does", func(a *morale.Agent) error { return a.ReportCustomEvent(-0.1) }, 0.4},
		{"unknown event is not news", func(a *morale.Agent) error { return a.ReportEvent("NoSuchEvent", 1) }, 0.56},
		{"zero scale is not news", func(a *morale.Agent) error { return a.ReportEvent(morale.TookDamage, 0) }, 0.56},
		{"SetMorale is not news", func(a *morale.Agent) error { return a.SetMorale(0.5) }, 0.56},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0))
			if err := a.ReportCustomEvent(-0.5); err != nil {
				t.Fatal(err)
			}
			advanceTo(w, 2)
			if err := tt.at2(a); err != nil {
				t.Fatal(err)
			}
			advanceTo(w, 5)
			if got := a.Morale(); !near(got, tt.want5, 1e-12) {
				t.Errorf("morale at 5 s: %v; want %v (±1e-12)", got, tt.want5)
			}
		})
	}
}

func TestUnknownEventIsWorthZero(t *testing.T) {
	s := morale.DefaultSettings()
	delete(s.Weights, morale.AllyDown) // a deleted row switches the event off
	w, err := morale.NewWorld(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := record(w)
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.5))
	for _, e := range []morale.Event{"NoSuchEvent", "", morale.AllyDown} {
		if err := a.ReportEvent(e, 1); err != nil {
			t.Errorf("ReportEvent(%q): %v; want nil (worth zero)", e, err)
		}
		if err := w.ReportEventAtLocation(e, morale.Vec2{}, 0, nil, 1); err != nil {
			t.Errorf("ReportEventAtLocation(%q): %v; want nil (worth zero)", e, err)
		}
	}
	if a.Morale() != 0.5 || len(r.morales) != 0 {
		t.Errorf("after unknown events: morale %v, %d listener calls; want 0.5 and none", a.Morale(), len(r.morales))
	}
	if got := a.Snapshot().SecondsSinceBadNews; !math.IsInf(got, 1) {
		t.Errorf("SecondsSinceBadNews after unknown events: %v; want +Inf (not news)", got)
	}
	// A custom row is an event games report by name.
	s.Weights["Artillery"] = -0.3
	if err := w.SetSettings(s); err != nil {
		t.Fatal(err)
	}
	if err := a.ReportEvent("Artillery", 1); err != nil {
		t.Fatal(err)
	}
	if want := morale.ApplyMoraleEvent(0.5, -0.3, 1, a.Nerve()); a.Morale() != want {
		t.Errorf("custom event Artillery: morale %v; want %v", a.Morale(), want)
	}
}

func TestReportEventAtLocation(t *testing.T) {
	dists := []float64{0, 600, 1800, 2999, 3000, 3500}
	tests := []struct {
		name   string
		radius float64
		squads []morale.SquadID
		scale  float64
		want   [2][]float64 // per squad, per distance
	}{
		{"radius 0 is NoEffectRadius", 0, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"negative radius is NoEffectRadius", -5, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"radius 1000 cuts the reach", 1000, nil, 1, [2][]float64{
			{0.82, 0.82, 1, 1, 1, 1}, {0.82, 0.82, 1, 1, 1, 1}}},
		{"radius beyond NoEffectRadius still fades to nothing", 1e5, nil, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"squad filter", 0, []morale.SquadID{2}, 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"filter of both squads", 0, []morale.SquadID{2, 1}, 1, [2][]float64{
			{0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}, {0.82, 0.82, 0.91, 1 - 0.18/2400, 1, 1}}},
		{"filter of an unknown squad", 0, []morale.SquadID{99}, 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}},
		// Issue 31: an empty, non-nil filter (a wiped-out squad's list)
		// reaches nobody; nil reaches every squad.
		{"empty non-nil filter reaches nobody", 0, []morale.SquadID{}, 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}},
		{"empty filter with room reaches nobody", 0, make([]morale.SquadID, 0, 4), 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}},
		{"a list emptied in place reaches nobody", 0, []morale.SquadID{1, 2}[:0], 1, [2][]float64{
			{1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}}},
		{"scale 2", 0, nil, 2, [2][]float64{
			{0.64, 0.64, 0.82, 1 - 0.36/2400, 1, 1}, {0.64, 0.64, 0.82, 1 - 0.36/2400, 1, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorld(t)
			center := morale.Vec2{X: 12345, Y: -678}
			var men [2][]*morale.Agent
			for sq := range 2 {
				for _, d := range dists {
					// Squad 1 east of the center, squad 2 south-west of it.
					dir := morale.Vec2{X: 1}
					if sq == 1 {
						dir = morale.Vec2{X: -0.6, Y: -0.8}
					}
					p := morale.Vec2{X: center.X + dir.X*d, Y: center.Y + dir.Y*d}
					men[sq] = append(men[sq], w.Spawn(morale.SquadID(sq+1), p, morale.WithNerve(0)))
				}
			}
			if err := w.ReportEventAtLocation(morale.AllyDown, center, tt.radius, tt.squads, tt.scale); err != nil {
				t.Fatalf("ReportEventAtLocation: %v", err)
			}
			for sq := range 2 {
				for k, a := range men[sq] {
					if got, want := a.Morale(), tt.want[sq][k]; !near(got, want, 1e-9) {
						t.Errorf("squad %d at distance %v: morale %v; want %v (±1e-9)", sq+1, dists[k], got, want)
					}
				}
			}
		})
	}
}

// At the edges of the reach and of FullEffectRadius, to the last bit: each
// agent takes exactly ApplyMoraleEvent(1, weight, DistanceFalloff(d, full,
// none), 0) with d = Vec2.Dist when d ≤ the radius, and nothing otherwise,
// whichever shortcut the World takes near those edges.
func TestReportEventAtLocationEdgesToTheBit(t *testing.T) {
	s := morale.DefaultSettings()
	weight := s.Weights[morale.AllyDown]
	full, none := s.FullEffectRadius, s.NoEffectRadius
	center := morale.Vec2{X: 12345.5, Y: -678.25}
	for _, radius := range []float64{0, 300, 600, 1000, 3000} {
		reach := radius
		if reach <= 0 {
			reach = none
		}
		w := newTestWorld(t)
		var men []*morale.Agent
		var where []morale.Vec2
		for _, base := range []float64{reach, full, 0, full * (1 - 1e-9), reach * (1 - 1e-9), min(reach, full) / 2} {
			for _, ang := range []float64{0, 0.3, 0.7854, 1.2, 2.5, 4} {
				dx, dy := math.Cos(ang), math.Sin(ang)
				d := base
				for step := range 8 { // d at base, then up and down an ulp at a time
					if step < 4 {
						d = math.Nextafter(d, math.Inf(1))
					} else if step == 4 {
						d = base
					} else {
						d = math.Nextafter(d, 0)
					}
					p := morale.Vec2{X: center.X + d*dx, Y: center.Y + d*dy}
					men = append(men, w.Spawn(1, p, morale.WithNerve(0)))
					where = append(where, p)
				}
			}
		}
		if err := w.ReportEventAtLocation(morale.AllyDown, center, radius, nil, 1); err != nil {
			t.Fatal(err)
		}
		for k, a := range men {
			want := 1.0
			if d := where[k].Dist(center); d <= reach {
				want = morale.ApplyMoraleEvent(1, weight, morale.DistanceFalloff(d, full, none), 0)
			}
			if got := a.Morale(); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("radius %v, agent at %v (%v away): morale %v; want %v", radius, where[k], where[k].Dist(center), got, want)
			}
		}
	}
}

// Far apart and moved about: an event reaches exactly the agents near it.
func TestReportEventAtLocationAfterMovesAndRemoves(t *testing.T) {
	w := newTestWorld(t)
	var men []*morale.Agent
	for i := range 200 {
		x, y := float64(i%20)*5000, float64(i/20)*5000 // 100 km square, 5 km apart
		men = append(men, w.Spawn(morale.SquadID(i%3), morale.Vec2{X: x, Y: y}, morale.WithNerve(0)))
	}
	for i := 0; i < 200; i += 7 {
		w.Remove(men[i])
	}
	// Move a few next to the target.
	target := men[55].Position()
	for _, i := range []int{1, 99, 150} {
		men[i].SetPosition(morale.Vec2{X: target.X + 100, Y: target.Y})
		if got := men[i].Position(); got.X != target.X+100 || got.Y != target.Y {
			t.Fatalf("Position after SetPosition: %v; want %v", got, morale.Vec2{X: target.X + 100, Y: target.Y})
		}
	}
	men[2].SetPosition(morale.Vec2{X: math.NaN()}) // ignored
	if err := w.ReportEventAtLocation(morale.AllyDown, target, 0, nil, 1); err != nil {
		t.Fatal(err)
	}
	hit := map[int]bool{55: true, 1: true, 99: true, 150: true}
	for i, a := range men {
		if a.Removed() {
			continue
		}
		want := 1.0
		if hit[i] {
			want = 0.82
		}
		if !near(a.Morale(), want, 1e-12) {
			t.Errorf("agent %d at %v: morale %v; want %v", i, a.Position(), a.Morale(), want)
		}
	}
}

// Every bad input returns an error and changes nothing, now or later.
func TestBadInputChangesNothing(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name string
		op   func(w *morale.World, a *morale.Agent) error
	}{
		{"ReportEvent NaN scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, nan) }},
		{"ReportEvent +Inf scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, inf) }},
		{"ReportEvent -Inf scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, -inf) }},
		{"ReportEvent negative scale", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.AllyDown, -1) }},
		{"ReportEvent negative scale of good news", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent(morale.EnemyDown, -1) }},
		{"ReportCustomEvent NaN", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(nan) }},
		{"ReportCustomEvent +Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(inf) }},
		{"ReportCustomEvent -Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportCustomEvent(-inf) }},
		{"SetMorale -0.01", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(-0.01) }},
		{"SetMorale 1.01", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(1.01) }},
		{"SetMorale NaN", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(nan) }},
		{"SetMorale +Inf", func(w *morale.World, a *morale.Agent) error { return a.SetMorale(inf) }},
		{"SetNerve -0.1", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(-0.1) }},
		{"SetNerve 1.1", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(1.1) }},
		{"SetNerve NaN", func(w *morale.World, a *morale.Agent) error { return a.SetNerve(nan) }},
		{"at location NaN X", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: nan}, 0, nil, 1)
		}},
		{"at location +Inf Y", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{Y: inf}, 0, nil, 1)
		}},
		{"at location NaN radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, nan, nil, 1)
		}},
		{"at location +Inf radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, inf, nil, 1)
		}},
		{"at location -Inf radius", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, -inf, nil, 1)
		}},
		{"at location NaN scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, nan)
		}},
		{"at location Inf scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, inf)
		}},
		{"at location negative scale", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation(morale.AllyDown, morale.Vec2{}, 0, nil, -0.5)
		}},
		{"at location unknown event, NaN location", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation("NoSuchEvent", morale.Vec2{X: nan}, 0, nil, 1)
		}},
		// Issue 31: news whose weight × scale overflows is an error too.
		{"ReportEvent weight × scale overflows to -Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent("Doom", 1e306) }},
		{"ReportEvent weight × scale overflows to +Inf", func(w *morale.World, a *morale.Agent) error { return a.ReportEvent("Boon", 1e306) }},
		{"ReportEvent weight × largest scale overflows", func(w *morale.World, a *morale.Agent) error {
			return a.ReportEvent("Doom", math.MaxFloat64)
		}},
		{"at location weight × scale overflows", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation("Doom", morale.Vec2{}, 0, nil, 1e306)
		}},
		{"at location overflow with an empty filter", func(w *morale.World, a *morale.Agent) error {
			return w.ReportEventAtLocation("Boon", morale.Vec2{}, 0, []morale.SquadID{}, 1e306)
		}},
		{"SetSettings NaN", func(w *morale.World, a *morale.Agent) error {
			s := w.Settings()
			s.ContagionPerSecond = nan
			return w.SetSettings(s)
		}},
		{"SetSettings NaN weight", func(w *morale.World, a *morale.Agent) error {
			s := w.Settings()
			s.Weights[morale.TookDamage] = nan
			return w.SetSettings(s)
		}},
	}
	// A twin world that never got the bad call must end the same.
	scene := func(t *testing.T) (*morale.World, []*morale.Agent, *recorder) {
		w := newTestWorld(t, func(s *morale.Settings) {
			s.Weights["Doom"], s.Weights["Boon"] = -morale.MaxWeight, morale.MaxWeight
		})
		var men []*morale.Agent
		for i := range 4 {
			men = append(men, w.Spawn(1, morale.Vec2{X: float64(i) * 300}))
		}
		_ = men[0].ReportEvent(morale.LeaderDown, 1)
		_ = men[1].ReportEvent(morale.AllyDown, 1)
		w.Advance(2.1)
		return w, men, record(w)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, men, r := scene(t)
			twin, twinMen, _ := scene(t)
			before := make([]morale.Snapshot, len(men))
			for i, a := range men {
				before[i] = a.Snapshot()
			}
			err := tt.op(w, men[0])
			if err == nil {
				t.Fatalf("got nil error; want an error")
			}
			for i, a := range men {
				if got := a.Snapshot(); got != before[i] {
					t.Errorf("agent %d: %+v after the bad call; want unchanged %+v", i, got, before[i])
				}
			}
			if len(r.morales)+len(r.states) != 0 {
				t.Errorf("listeners called %d times; want none", len(r.morales)+len(r.states))
			}
			w.Advance(8)
			twin.Advance(8)
			for i := range men {
				if got, want := men[i].Snapshot(), twinMen[i].Snapshot(); got != want {
					t.Errorf("agent %d 8 s later: %+v; want %+v as without the bad call", i, got, want)
				}
			}
		})
	}
}

func TestSetMoraleAndNerveAcceptTheirRange(t *testing.T) {
	w := newTestWorld(t)
	a := w.Spawn(1, morale.Vec2{})
	for _, v := range []float64{0, 0.5, 1} {
		if err := a.SetMorale(v); err != nil || a.Morale() != v {
			t.Errorf("SetMorale(%v): err %v, morale %v; want nil and %v", v, err, a.Morale(), v)
		}
		if err := a.SetNerve(v); err != nil || a.Nerve() != v {
			t.Errorf("SetNerve(%v): err %v, nerve %v; want nil and %v", v, err, a.Nerve(), v)
		}
	}
	// SetNerve changes how later bad news lands.
	if err := a.SetNerve(0.8); err != nil {
		t.Fatal(err)
	}
	_ = a.SetMorale(1)
	_ = a.ReportEvent(morale.LeaderDown, 1)
	if want := 1 - 0.45/5; !near(a.Morale(), want, 1e-12) {
		t.Errorf("nerve 0.8 after LeaderDown: %v; want %v", a.Morale(), want)
	}
}
