package morale_test

import (
	"fmt"

	"github.com/moralebreak/moralebreak/morale"
)

// A lockstep game runs a World on every peer, from the same settings and
// seed, applies the same commands each tick and compares the checksums after
// it. A player who joins late loads the host's save, finds his entities'
// agents by tag, and is in step from the next tick on.
func ExampleWorld_Checksum() {
	type peer struct {
		w   *morale.World
		men map[uint64]*morale.Agent // entity id → agent, this peer's own handles
	}
	newPeer := func(seed uint64) *peer {
		w, err := morale.NewWorld(morale.DefaultSettings(), seed)
		if err != nil {
			panic(err)
		}
		return &peer{w, map[uint64]*morale.Agent{}}
	}
	// tick runs tick t's commands, the same on every peer, and steps the World.
	tick := func(p *peer, t int) {
		if t < 5 { // a man arrives: entity 100+t
			id := uint64(100 + t)
			p.men[id] = p.w.Spawn(1, morale.Vec2{X: float64(t) * 200}, morale.WithTag(id))
		}
		if t%20 == 10 { // a shell lands
			if err := p.w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: 400}, 0, nil, 4); err != nil {
				panic(err)
			}
		}
		if t == 70 { // entity 102 dies
			a := p.men[102]
			if err := p.w.ReportEventAtLocation(morale.AllyDown, a.Position(), 0, []morale.SquadID{a.Squad()}, 1); err != nil {
				panic(err)
			}
			p.w.Remove(a)
			delete(p.men, 102)
		}
		p.w.Advance(1.0 / 30)
	}
	inStep := func(t int, peers ...*peer) bool {
		for _, p := range peers[1:] {
			if p.w.Checksum() != peers[0].w.Checksum() {
				fmt.Println("desync at tick", t) // stop, or resynchronise from a save
				return false
			}
		}
		return true
	}

	host, guest := newPeer(42), newPeer(42)
	for t := range 60 {
		tick(host, t)
		tick(guest, t)
		if !inStep(t, host, guest) {
			return
		}
	}
	save, err := host.w.MarshalBinary() // sent to the player joining
	if err != nil {
		panic(err)
	}
	late := newPeer(0) // any settings and seed: the save brings them
	if err := late.w.UnmarshalBinary(save); err != nil {
		panic(err)
	}
	for a := range late.w.Agents() {
		late.men[a.Tag()] = a // his own handles, found by the entity ids
	}
	for t := 60; t < 120; t++ {
		for _, p := range []*peer{host, guest, late} {
			tick(p, t)
		}
		if !inStep(t, host, guest, late) {
			return
		}
	}
	fmt.Printf("120 ticks in step, %d men left\n", late.w.Len())
	for a := range late.w.Agents() {
		fmt.Printf("entity %d: %v, morale %.2f\n", a.Tag(), a.State(), a.Morale())
	}
	// Output:
	// 120 ticks in step, 4 men left
	// entity 100: Panicked, morale 0.11
	// entity 101: Panicked, morale 0.02
	// entity 104: Panicked, morale 0.18
	// entity 103: Panicked, morale 0.02
}
