package morale

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
)

// Reading a savegame's payload (see savegame.go) into a new World, section by
// section, checking every value: a World built from hostile bytes must be
// one a World's own calls could have made, or it is refused.

// tick reads a time stored by ago, which must lie in 0..now.
func (d *saveReader) tick(now int64) int64 {
	v := d.uvarint()
	if v == 0 {
		return never
	}
	if v-1 > uint64(now) {
		d.fail("a time lies before the clock's start")
		return never
	}
	return now - int64(v-1)
}

// decodeWorld reads a savegame's payload into a new World, checking every
// value a World could not have had. Settings whose text is known's read are
// known's, not parsed again; the new World's texts know the text it read.
func decodeWorld(d *saveReader, known *settingsTexts) (*World, error) {
	d.what = "settings"
	text := d.bytes()
	if d.err != nil {
		return nil, d.err
	}
	read := settingsTexts{read: known.read, readAs: known.readAs}
	if !bytes.Equal(text, read.read) || read.read == nil {
		s, err := ReadSettings(bytes.NewReader(text))
		if err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
		read = settingsTexts{read: bytes.Clone(text), readAs: s}
	}
	n := &World{}
	n.start(read.readAs.Clone(), 0)
	n.texts = read

	d.what = "random source"
	var src rand.PCG
	if rng := d.bytes(); d.err == nil {
		if err := src.UnmarshalBinary(rng); err != nil {
			return nil, fmt.Errorf("random source: %w", err)
		}
	}
	*n.src = src

	d.what = "clock"
	n.nowTicks, n.stepTicks, n.steps, n.dropped = d.varint(), d.varint(), d.uvarint(), d.f64()
	if d.err == nil && !(0 <= n.stepTicks && n.stepTicks <= n.nowTicks && n.nowTicks <= maxTicks) {
		d.fail("the last step (tick %d) and the present (tick %d) are out of order", n.stepTicks, n.nowTicks)
	}
	if d.err == nil && !(n.dropped >= 0 && finite(n.dropped)) {
		d.fail("dropped seconds %v", n.dropped)
	}

	d.what = "reasons"
	n.reasons.limit = int(min(d.uvarint(), math.MaxInt32))
	nr := d.count(3, "reasons") // its kind, and a name of one byte at least
	n.reasons.ids = make(map[Reason]reasonID)
	for range nr {
		r := Reason{Kind: ReasonKind(d.u8()), Event: Event(d.str())}
		if d.err != nil {
			break
		}
		// An event's, named as a weights table's row may be (see Validate).
		if _, dup := n.reasons.ids[r]; r.Kind != ByEvent || dup || eventNameProblem(r.Event) != "" {
			d.fail("reason %d (%v %.40q) is not one a World keeps", len(n.reasons.list), r.Kind, r.Event)
			break
		}
		n.reasons.ids[r] = fixedReasons + reasonID(len(n.reasons.list))
		n.reasons.list = append(n.reasons.list, r)
	}
	reasons := fixedReasons + reasonID(len(n.reasons.list))

	d.what = "squads"
	ns := d.count(1+1+24, "squads")
	n.squads, n.avg, n.next = make([]squad, ns), make([]float64, ns), make([]float64, ns)
	for k := range n.squads {
		sq := &n.squads[k]
		sq.id, sq.n, sq.sum = SquadID(d.varint()), int32(min(d.uvarint(), math.MaxInt32)), d.f64()
		n.avg[k], n.next[k] = d.f64(), d.f64()
		if !finite(sq.sum) || !finite(n.avg[k]) || !finite(n.next[k]) {
			d.fail("squad slot %d holds a number that is not finite", k)
		}
		if sq.n > 0 {
			if _, dup := n.slotOf[sq.id]; dup {
				d.fail("squad %d has two slots", sq.id)
			}
			n.slotOf[sq.id] = int32(k)
		}
	}
	nf := d.count(1, "free squad slots")
	seen := make([]bool, ns)
	for range nf {
		s := d.uvarint()
		if d.err != nil {
			break
		}
		if s >= uint64(ns) || seen[s] || n.squads[s].n > 0 {
			d.fail("free squad slot %d is not an empty slot, or is listed twice", s)
			break
		}
		seen[s] = true
		n.free = append(n.free, int32(s))
	}
	if d.err == nil && len(n.free)+len(n.slotOf) != ns {
		d.fail("%d squad slots are neither used nor free", ns-len(n.free)-len(n.slotOf))
	}
	if d.err != nil {
		return nil, d.err
	}

	d.what = "agents"
	na := d.count(saveMinAgentBytes, "agents")
	if d.err == nil && na > math.MaxInt32 {
		d.fail("%d agents are more than a World holds", na)
	}
	if d.err != nil {
		return nil, d.err
	}
	c := &n.col
	c.Handle, c.Morale, c.Nerve, c.Pos = make(col[*Agent], na), make(col[float64], na), make(col[float64], na), make(col[Vec2], na)
	c.State, c.Flags, c.Squad, c.Cell = make(col[State], na), make(col[uint8], na), make(col[int32], na), make(col[agentCell], na)
	c.StateSince, c.BadNews, c.Why, c.Tag = make(col[int64], na), make(col[int64], na), make(col[whys], na), make(col[uint64], na)
	for i := range c.Morale {
		if c.Morale[i] = d.f64(); !in01(c.Morale[i]) {
			d.fail("agent %d's morale %v is outside 0..1", i, c.Morale[i])
		}
	}
	for i := range c.Nerve {
		if c.Nerve[i] = d.f64(); !in01(c.Nerve[i]) {
			d.fail("agent %d's nerve %v is outside 0..1", i, c.Nerve[i])
		}
	}
	for i := range c.Pos {
		if c.Pos[i] = (Vec2{X: d.f64(), Y: d.f64()}); !c.Pos[i].finite() {
			d.fail("agent %d's position %v is not finite", i, c.Pos[i])
		}
	}
	for i := range c.State {
		v := d.u8()
		c.State[i], c.Flags[i] = State(v&15), v>>4
		if c.State[i] >= NumStates || c.Flags[i]&^(flagLeader|flagNoContagion) != 0 {
			d.fail("agent %d's state and flags byte %#x", i, v)
		}
	}
	members := make([]int32, ns)
	for i := range c.Squad {
		s := d.uvarint()
		if d.err != nil {
			break
		}
		if s >= uint64(ns) || n.squads[s].n == 0 {
			d.fail("agent %d is in squad slot %d, which is not a squad", i, s)
			break
		}
		c.Squad[i] = int32(s)
		members[s]++
	}
	for k, sq := range n.squads {
		if d.err == nil && members[k] != sq.n {
			d.fail("squad %d counts %d members but %d agents are in it", sq.id, sq.n, members[k])
		}
		// A squad's sum is its members' morale, added in another order and
		// moved by each change since the last step, each rounding by some
		// 1e-16 of the most the sum held since: far from this sum by less
		// than 1 unless some 10^16 men joined and left between two steps.
		// No tighter bound holds for every save (a squad of a million that
		// lost all but one in a frame drifts by 3e-5), so only a sum no
		// squad's can be is refused: it lies in -1..n+1.
		if d.err == nil && !(sq.sum >= -1 && sq.sum <= float64(sq.n)+1) {
			d.fail("squad %d's morale sum %v lies outside -1..%d, no sum of its %d members' morale", sq.id, sq.sum, sq.n+1, sq.n)
		}
	}
	for i := range c.StateSince {
		c.StateSince[i] = d.tick(n.nowTicks)
	}
	for i := range c.BadNews {
		c.BadNews[i] = d.tick(n.nowTicks)
	}
	for i := range c.Why {
		down := d.reason(d.uvarint(), reasons, "agent %d's reason %d is not one the World knows", i)
		up, lastUp := down, false // before version 4: one reason for both ways
		if d.version >= 4 {
			v := d.uvarint()
			up, lastUp = d.reason(v>>1, reasons, "agent %d's reason up %d is not one the World knows", i), v&1 == 1
		}
		c.Why[i] = whys{down, up, lastUp}
	}
	for i := range c.Tag {
		c.Tag[i] = d.uvarint()
	}
	if d.err != nil {
		return nil, d.err
	}
	handles := make([]Agent, na)
	for i := range handles {
		c.Cell[i] = n.grid.place(c.Pos[i], int32(i))
		handles[i] = Agent{w: n, i: int32(i), cell: c.Cell[i].id}
		c.Handle[i] = &handles[i]
	}

	d.what = "sort windows"
	o := &n.order
	if shift := d.u8(); d.err == nil && (shift < 1 || shift > 30) {
		d.fail("a window of 2^%d places", shift)
	} else {
		o.shift = uint(shift)
	}
	nw := (na + o.size() - 1) >> o.shift
	if d.err == nil && nw > len(d.b)-d.off {
		d.fail("%d windows cannot fit in the bytes left", nw)
	}
	if d.err != nil {
		return nil, d.err
	}
	o.breaks, o.settled = make([]int32, nw), make([]int32, nw)
	for k := range o.settled {
		v := d.varint()
		if v < 0 || v >= int64(o.size()) {
			d.fail("window %d settled at %d breaks", k, v)
		}
		o.settled[k] = int32(v)
	}
	if next := d.uvarint(); next > math.MaxInt32 {
		d.fail("the next window to look at, %d, is past any World's", next)
	} else {
		o.next = int(next)
	}
	n.recountBreaks()

	decodeLedger(d, n, reasons)
	decodeChanges(d, n)
	if d.err == nil && d.off != len(d.b) {
		d.what = "end"
		d.fail("%d bytes follow the savegame", len(d.b)-d.off)
	}
	if d.err != nil {
		return nil, d.err
	}
	return n, nil
}
