package morale_test

import (
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// Example_explain turns the cause ledger on, scripts a short fight (a
// comrade falls 12 m away, a bullet hits him, then his leader falls 6.2 m
// away) and asks why the man who broke did so. Positions are in cm; the
// sentence gives metres.
func Example_explain() {
	world, err := morale.NewWorld(morale.DefaultSettings(), 7)
	if err != nil {
		panic(err)
	}
	if err := world.EnableLedger(morale.LedgerOptions{PerAgent: 64, Window: 30}); err != nil {
		panic(err)
	}
	leader := world.Spawn(1, morale.Vec2{}, morale.AsLeader(), morale.WithNerve(0.5), morale.WithMorale(0.7))
	eriksen := world.Spawn(1, morale.Vec2{X: 620}, morale.WithNerve(0.12), morale.WithMorale(0.65))
	world.Spawn(1, morale.Vec2{X: 900}, morale.WithNerve(0.3), morale.WithMorale(0.65))

	world.Advance(2.5)
	_ = world.ReportEventAtLocation(morale.AllyDown, morale.Vec2{X: 1820}, 0, nil, 1)
	world.Advance(1.5)
	_ = eriksen.ReportEvent(morale.TookDamage, 2)
	world.Advance(1)
	_ = world.ReportEventAtLocation(morale.LeaderDown, morale.Vec2{}, 0, nil, 1)
	world.Remove(leader)
	world.Advance(5.5)

	why, err := world.Explain(eriksen)
	if err != nil {
		panic(err)
	}
	fmt.Println(why)
	for _, s := range why.States {
		fmt.Printf("%5.2f s  %v -> %v  because of %v, morale %.2f\n", s.At, s.From, s.To, s.Why, s.Morale)
	}
	// Output:
	// Routed at 8.75 s: Panicked for 3.50 s (RoutAfterSeconds 3.5). Morale 0.39 ← LeaderDown −0.39 at 5.00 s (6.2 m away, falloff 0.99, nerve 0.12 kept 12%), contagion +0.19 over 10.5 s, TookDamage −0.18 at 4.00 s (nerve 0.12 kept 12%), AllyDown −0.12 at 2.50 s (12.0 m away, falloff 0.75, nerve 0.12 kept 12%), recovery +0.24 (bad news 5.5 s ago)
	//  4.25 s  Steady -> Shaken  because of event TookDamage, morale 0.55
	//  5.25 s  Shaken -> Panicked  because of event LeaderDown, morale 0.21
	//  8.75 s  Panicked -> Routed  because of rout timer, morale 0.29
}

// A game that shows a change of morale in its own interface, beside an
// explanation, writes it as the sentence does.
func ExampleFormatChange() {
	for _, v := range []float64{-0.31, 0.2, 0, -0.004} {
		fmt.Println(morale.FormatChange(v))
	}
	// Output:
	// −0.31
	// +0.20
	// ±0.00
	// −0.004
}
