package morale

import (
	"fmt"
)

// Spawn adds an agent to squad at position at, with full morale, in state
// Steady, and with a nerve rolled from NerveMin..NerveMax (the roll happens
// even when WithNerve pins the value, so pinning one agent does not change the
// others'). It panics when an option or the position is invalid (NaN, out of
// range); use TrySpawn to get an error instead.
func (w *World) Spawn(squad SquadID, at Vec2, opts ...SpawnOption) *Agent {
	a, err := w.TrySpawn(squad, at, opts...)
	if err != nil {
		panic(err)
	}
	return a
}

// TrySpawn is Spawn returning an error, naming the bad value, instead of
// panicking. On error nothing changes, not even the random source.
func (w *World) TrySpawn(squad SquadID, at Vec2, opts ...SpawnOption) (*Agent, error) {
	w.init()
	c := spawnConfig{morale: 1, nerve: -1}
	for _, o := range opts {
		o(&c)
	}
	if !at.finite() {
		return nil, fmt.Errorf("morale: Spawn: position %v is not finite", at)
	}
	if c.nerveSet && !(c.nerve >= 0 && c.nerve <= 1) {
		return nil, fmt.Errorf("morale: Spawn: WithNerve(%v) is outside 0..1", c.nerve)
	}
	if !(c.morale >= 0 && c.morale <= 1) {
		return nil, fmt.Errorf("morale: Spawn: WithMorale(%v) is outside 0..1", c.morale)
	}
	nerve := w.s.NerveMin + float64(w.rng.Float64()*(w.s.NerveMax-w.s.NerveMin))
	if c.nerveSet {
		nerve = c.nerve
	}
	i := int32(len(w.handles))
	loc := w.grid.place(at, i)
	a := w.grid.handle(loc.id)
	*a = Agent{w: w, i: i, cell: loc.id}
	slot := w.slot(squad)
	w.handles = append(w.handles, a)
	w.morale = append(w.morale, c.morale)
	w.nerve = append(w.nerve, nerve)
	w.state = append(w.state, Steady)
	w.flags = append(w.flags, c.flags)
	w.squad = append(w.squad, slot)
	w.pos = append(w.pos, at)
	w.stateSince = append(w.stateSince, never)
	w.badNews = append(w.badNews, never)
	w.why = append(w.why, 0)
	w.loc = append(w.loc, loc)
	w.join(slot, c.morale)
	if w.led != nil {
		w.led.spawn()
	}
	w.moves++
	return a, nil
}

// Remove takes agent a out of the World; a's methods then return zero values
// or ErrRemoved. Removing an agent twice, or nil, does nothing. A dead agent
// should be removed after its death is reported, so that it no longer counts
// in its squad's average.
func (w *World) Remove(a *Agent) {
	if a == nil || a.w != w {
		return
	}
	i := a.i
	w.leave(w.squad[i], w.morale[i])
	if moved := w.grid.remove(w.loc[i].id, w.loc[i].at); moved >= 0 {
		w.loc[moved].at = w.loc[i].at
	}
	last := int32(len(w.handles) - 1)
	if i != last {
		w.handles[i] = w.handles[last]
		w.handles[i].i = i
		w.morale[i] = w.morale[last]
		w.nerve[i] = w.nerve[last]
		w.state[i] = w.state[last]
		w.flags[i] = w.flags[last]
		w.squad[i] = w.squad[last]
		w.pos[i] = w.pos[last]
		w.stateSince[i] = w.stateSince[last]
		w.badNews[i] = w.badNews[last]
		w.why[i] = w.why[last]
		w.loc[i] = w.loc[last]
		w.grid.lists[w.loc[i].id][w.loc[i].at] = i
	}
	if w.led != nil {
		w.led.remove(i, last)
	}
	w.handles[last] = nil
	w.handles = w.handles[:last]
	w.morale = w.morale[:last]
	w.nerve = w.nerve[:last]
	w.state = w.state[:last]
	w.flags = w.flags[:last]
	w.squad = w.squad[:last]
	w.pos = w.pos[:last]
	w.stateSince = w.stateSince[:last]
	w.badNews = w.badNews[:last]
	w.why = w.why[:last]
	w.loc = w.loc[:last]
	a.w, a.i = nil, -1
	w.moves++
	w.reclaim()
}
