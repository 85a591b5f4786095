package morale

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"math"
	"math/rand/v2"
)

// A savegame is the World in bytes (MarshalBinary), read back by
// UnmarshalBinary into any World. Its layout, all numbers little-endian:
//
//	magic    8 bytes  "MORALEBK"
//	version  4 bytes  saveVersion
//	payload  the sections below, in order
//	crc      8 bytes  CRC-64 (ECMA) of everything before it
//
// The payload: the settings (as weights.toml text), the random source, the
// clock, the reason names, the squads, the agents (a column at a time), the
// sort windows, and the ledger when it is on. Times are stored as ticks back
// from the present, so that a young fight's save is short. Nothing in it
// depends on the CPU, the worker count or the Go version.

// saveMagic opens every savegame.
const saveMagic = "MORALEBK"

// saveVersion is the savegame format this build writes and reads. Change it
// with any change to the layout.
const saveVersion = 1

// saveMinAgentBytes is the fewest bytes an agent takes in a savegame: its
// morale, nerve, position (8 bytes each number), state and flags (1), and
// its squad, two timers, reason and tag (a varint each, at least 1).
const saveMinAgentBytes = 8 + 8 + 16 + 1 + 5

// ErrSaveVersion is wrapped by the error of UnmarshalBinary for data written
// in another version of the savegame format; the error names both versions.
var ErrSaveVersion = errors.New("morale: savegame format version differs")

// ErrSaveCorrupt is wrapped by the error of UnmarshalBinary for data that is
// not a savegame, or one whose bytes were changed or cut.
var ErrSaveCorrupt = errors.New("morale: savegame is corrupt")

var saveTable = crc64.MakeTable(crc64.ECMA)

// MarshalBinary implements encoding.BinaryMarshaler: it returns the World
// as a savegame that UnmarshalBinary turns back into the same World, on any
// CPU (amd64, arm64, wasm) and any later build that reads its format
// version. The savegame holds the settings, the clock, the random source,
// every agent in the World's order (morale, nerve, state, flags, squad,
// position, timers, last reason, tag), the squads, the sort windows, the
// changes waiting to be taken (see RecordChanges) and, when it is on, the
// cause ledger; not the listeners, nor the worker count.
//
// Without the ledger it takes about 50 to 60 bytes an agent, at most 80,
// plus a few hundred bytes for the settings. It costs a pass over the
// agents and allocates the result. It must not be called from a listener
// (the World is then between a change and its telling): it returns an error.
func (w *World) MarshalBinary() ([]byte, error) {
	return w.AppendBinary(nil)
}

// AppendBinary implements encoding.BinaryAppender: it appends the savegame
// of MarshalBinary to b.
func (w *World) AppendBinary(b []byte) ([]byte, error) {
	w.guard()
	if w.delivering {
		return b, errors.New("morale: MarshalBinary called from a listener: save after the call that reports the change returns")
	}
	w.init()
	start := len(b)
	e := saveWriter{b: append(b, saveMagic...)}
	e.b = binary.LittleEndian.AppendUint32(e.b, saveVersion)
	if err := w.encode(&e); err != nil {
		return b, err
	}
	e.u64(crc64.Checksum(e.b[start:], saveTable))
	return e.b, nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it makes w the
// World saved in data by MarshalBinary, whatever w was (any settings, seed
// or agents; the zero World too). Continuing w then gives the same bits as
// continuing the World that was saved, under the same calls.
//
// w keeps its listeners and its worker count. Its old agents are gone: their
// handles read Removed() and their methods return ErrRemoved; the saved
// agents get new handles, in the saved order (w.Agent(i) is the agent that
// was at Agent(i)), and keep their tags, by which a game finds its entities
// again (see WithTag).
//
// Data that is not a savegame, is cut, or whose bytes were changed is an
// error wrapping ErrSaveCorrupt; data of another format version is an error
// wrapping ErrSaveVersion and naming both versions. On any error w is left
// exactly as it was. It never panics, and allocates at most a small multiple
// of len(data). It must not be called from a listener, and panics, naming
// the misuse, inside a loop over Agents.
func (w *World) UnmarshalBinary(data []byte) error {
	w.guard()
	w.notRanging("UnmarshalBinary")
	if w.delivering {
		return errors.New("morale: UnmarshalBinary called from a listener: load after the call that reports the change returns")
	}
	const head = len(saveMagic) + 4
	if len(data) < head+8 || string(data[:len(saveMagic)]) != saveMagic {
		return fmt.Errorf("%w: no savegame header (want %q and a version)", ErrSaveCorrupt, saveMagic)
	}
	if v := binary.LittleEndian.Uint32(data[len(saveMagic):]); v != saveVersion {
		return fmt.Errorf("%w: the data is version %d; this build reads version %d", ErrSaveVersion, v, saveVersion)
	}
	body := data[:len(data)-8]
	if crc64.Checksum(body, saveTable) != binary.LittleEndian.Uint64(data[len(data)-8:]) {
		return fmt.Errorf("%w: its checksum does not match its bytes (changed or cut)", ErrSaveCorrupt)
	}
	n, err := decodeWorld(&saveReader{b: body, off: head})
	if err != nil {
		return fmt.Errorf("%w: %w", ErrSaveCorrupt, err)
	}
	w.adopt(n)
	return nil
}

// encode appends the payload of the World's savegame.
func (w *World) encode(e *saveWriter) error {
	var text bytes.Buffer
	if err := WriteSettings(&text, w.s); err != nil {
		return fmt.Errorf("morale: MarshalBinary: settings: %w", err)
	}
	e.bytes(text.Bytes())
	rng, err := w.src.MarshalBinary()
	if err != nil {
		return fmt.Errorf("morale: MarshalBinary: random source: %w", err)
	}
	e.bytes(rng)

	e.varint(w.nowTicks)
	e.varint(w.stepTicks)
	e.uvarint(w.steps)
	e.f64(w.dropped)

	e.uvarint(uint64(w.reasons.limit))
	e.uvarint(uint64(len(w.reasons.list)))
	for _, r := range w.reasons.list {
		e.u8(uint8(r.Kind))
		e.str(string(r.Event))
	}

	e.uvarint(uint64(len(w.squads)))
	for k, sq := range w.squads {
		e.varint(int64(sq.id))
		e.uvarint(uint64(sq.n))
		e.f64(sq.sum)
		e.f64(w.avg[k])
		e.f64(w.next[k])
	}
	e.uvarint(uint64(len(w.free)))
	for _, s := range w.free {
		e.uvarint(uint64(s))
	}

	c := &w.col
	e.uvarint(uint64(len(c.Handle)))
	for _, v := range c.Morale {
		e.f64(v)
	}
	for _, v := range c.Nerve {
		e.f64(v)
	}
	for _, p := range c.Pos {
		e.f64(p.X)
		e.f64(p.Y)
	}
	for i, st := range c.State {
		e.u8(uint8(st) | c.Flags[i]<<4)
	}
	for _, v := range c.Squad {
		e.uvarint(uint64(v))
	}
	for _, t := range c.StateSince {
		e.uvarint(w.ago(t))
	}
	for _, t := range c.BadNews {
		e.uvarint(w.ago(t))
	}
	for _, v := range c.Why {
		e.uvarint(uint64(v))
	}
	for _, v := range c.Tag {
		e.uvarint(v)
	}

	e.u8(uint8(w.order.shift))
	for _, v := range w.order.settled {
		e.varint(int64(v))
	}
	e.uvarint(uint64(w.order.next))

	w.encodeLedger(e)
	w.encodeChanges(e)
	return nil
}

// ago returns tick t as stored in a savegame: 0 for never, else how many
// ticks before the present it was, plus one.
func (w *World) ago(t int64) uint64 {
	if t == never {
		return 0
	}
	return uint64(w.nowTicks-t) + 1
}

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
// value a World could not have had.
func decodeWorld(d *saveReader) (*World, error) {
	d.what = "settings"
	text := d.bytes()
	if d.err != nil {
		return nil, d.err
	}
	s, err := ReadSettings(bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	n := &World{}
	n.start(s, 0)

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
	n.targetTicks = n.nowTicks

	d.what = "reasons"
	n.reasons.limit = int(min(d.uvarint(), math.MaxInt32))
	nr := d.count(2, "reasons")
	n.reasons.ids = make(map[Reason]reasonID, nr)
	for range nr {
		r := Reason{Kind: ReasonKind(d.u8()), Event: Event(d.str())}
		if _, dup := n.reasons.ids[r]; d.err == nil && (r.Event == "" || r.Kind < ByEvent || r.Kind > BySetByHand || dup) {
			d.fail("reason %d (%v %q) is not one a World keeps", len(n.reasons.list), r.Kind, r.Event)
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
	c.StateSince, c.BadNews, c.Why, c.Tag = make(col[int64], na), make(col[int64], na), make(col[reasonID], na), make(col[uint64], na)
	for i := range c.Morale {
		if c.Morale[i] = d.f64(); !(c.Morale[i] >= 0 && c.Morale[i] <= 1) {
			d.fail("agent %d's morale %v is outside 0..1", i, c.Morale[i])
		}
	}
	for i := range c.Nerve {
		if c.Nerve[i] = d.f64(); !(c.Nerve[i] >= 0 && c.Nerve[i] <= 1) {
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
	}
	for i := range c.StateSince {
		c.StateSince[i] = d.tick(n.nowTicks)
	}
	for i := range c.BadNews {
		c.BadNews[i] = d.tick(n.nowTicks)
	}
	for i := range c.Why {
		if c.Why[i] = reasonID(min(d.uvarint(), math.MaxUint32)); c.Why[i] >= reasons {
			d.fail("agent %d's reason %d is not one the World knows", i, c.Why[i])
		}
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

// adopt makes w the World n, which no one else holds: every field but the
// listeners and the worker count. w's old agents are removed first. It
// assigns field by field (a World is not copied by value: see noCopy), so a
// field added to World is added here too, or kept as w's on purpose.
func (w *World) adopt(n *World) {
	for _, a := range w.col.Handle {
		a.w, a.i = nil, -1
	}
	for _, a := range n.col.Handle {
		a.w = w
	}
	w.self = w // started, should w be the zero World
	w.s, w.rng, w.src, w.grid = n.s, n.rng, n.src, n.grid
	w.intervalTicks, w.nowTicks, w.stepTicks, w.steps = n.intervalTicks, n.nowTicks, n.stepTicks, n.steps
	w.targetTicks, w.dropped = n.targetTicks, n.dropped
	w.col, w.reasons, w.slabs, w.slabGen = n.col, n.reasons, nil, 0
	w.slotOf, w.free, w.squads, w.avg, w.next, w.mark = n.slotOf, n.free, n.squads, n.avg, n.next, 0
	w.queue, w.delivering = nil, false
	w.ranging, w.visiting = 0, nil
	w.led, w.changes = n.led, n.changes
	w.rebuildChangeSlots() // and w.cols
	w.cells, w.hitBits, w.hitWords, w.hits, w.cur, w.scales = nil, nil, nil, nil, nil, nil
	w.scratch, w.stepWorkers, w.chunkOuts = stepScratch{}, nil, nil
	w.order = windows{shift: n.order.shift, breaks: n.order.breaks, settled: n.order.settled, next: n.order.next}
}
