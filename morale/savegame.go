package morale

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/crc64"
)

// A savegame is the World in bytes (MarshalBinary), read back by
// UnmarshalBinary into any World. Its layout, all numbers little-endian:
//
//	magic    8 bytes  "MORALEBK"
//	version  4 bytes  saveVersion
//	payload  the sections below, in order
//	crc      4 bytes  CRC-32C (Castagnoli) of everything before it
//
// (Versions 1 and 2 end with 8 bytes, the CRC-64 (ECMA) of everything
// before them, which Go computes by table where CRC-32C has instructions
// on amd64 and arm64: it took half a save's time; BenchmarkRollback.)
//
// The payload: the settings (as weights.toml text), the random source, the
// clock, the reason names, the squads, the agents (a column at a time), the
// sort windows, and the ledger when it is on. Times are stored as ticks back
// from the present, so that a young fight's save is short. Nothing in it
// depends on the CPU, the worker count or the Go version.

// saveMagic opens every savegame.
const saveMagic = "MORALEBK"

// saveVersion is the savegame format this build writes. Change it with any
// change to the layout. It reads this one and every older one back to
// saveOldest: version 1 holds no StateRules, and its ledger's state changes
// take the saved settings' (the best it knew); versions 1 and 2 end with a
// CRC-64 (see saveSum); versions 1 to 3 keep one last reason an agent, not
// one each way (whys), which a load takes for both.
const (
	saveVersion = 4
	saveOldest  = 1
)

// saveMinAgentBytes is the fewest bytes an agent takes in a savegame: its
// morale, nerve, position (8 bytes each number), state and flags (1), and
// its squad, two timers, reason and tag (a varint each, at least 1); from
// version 4 his reasons each way take two varints.
const saveMinAgentBytes = 8 + 8 + 16 + 1 + 5

// The most a savegame takes without the ledger, for AppendBinary's room:
// saveMaxAgentBytes an agent (TestSaveBytesPerAgent), saveMaxSquadBytes a
// squad (TestSaveBytesPerSquad), and saveMaxFixedBytes for the rest: the
// header, the settings' text (about 2 KB), the clock and the random source.
// Changes waiting to be taken (RecordChanges) take more: the save then
// grows as it is written.
const (
	saveMaxAgentBytes = 80
	saveMaxSquadBytes = 40
	saveMaxFixedBytes = 4096
)

// ErrSaveVersion is wrapped by the error of UnmarshalBinary for data written
// in a version of the savegame format this build does not read (a later
// one); the error names it and the versions this build reads.
var ErrSaveVersion = errors.New("morale: savegame format version differs")

// ErrSaveCorrupt is wrapped by the error of UnmarshalBinary for data that is
// not a savegame, or one whose bytes were changed or cut.
var ErrSaveCorrupt = errors.New("morale: savegame is corrupt")

// MarshalBinary implements encoding.BinaryMarshaler: it returns the World
// as a savegame that UnmarshalBinary turns back into the same World, on any
// CPU (amd64, arm64, wasm) and any later build that reads its format
// version. The savegame holds the settings, the clock, the random source,
// every agent in the World's order (morale, nerve, state, flags, squad,
// position, timers, the last reason each way and which came last,
// tag), the squads, the sort windows, the changes waiting to be taken (see
// RecordChanges) and, when it is on, the cause ledger; not the listeners,
// nor the worker count.
//
// Without the ledger it takes about 49 bytes an agent with a 64-bit tag
// (fewer without one), at most 80 (TestSaveBytesPerAgent), plus 26 to 39
// bytes a squad (TestSaveBytesPerSquad) and about 2 KB for the settings.
// It costs a pass over the agents and allocates the result: without the
// ledger, room for it at its most, made once (TestSaveAllocatesItsSize),
// not grown as it is written. It must not be called from a listener (the
// World is then between a change and its telling): it returns an error.
func (w *World) MarshalBinary() ([]byte, error) {
	return w.appendBinary(nil, "MarshalBinary")
}

// AppendBinary implements encoding.BinaryAppender: it appends the savegame
// of MarshalBinary to b. Called from a listener, it returns b as it was and
// an error.
func (w *World) AppendBinary(b []byte) ([]byte, error) {
	return w.appendBinary(b, "AppendBinary")
}

// appendBinary is AppendBinary, called by the game as call, which its error
// names.
func (w *World) appendBinary(b []byte, call string) ([]byte, error) {
	w.init() // it guards first
	if w.delivering {
		return b, errors.New("morale: World." + call + " called from a listener: save after the call that reports the change returns")
	}
	start := len(b)
	// Room for the whole save but the ledger, at its most (see
	// saveMaxAgentBytes), so that it is written without growing: one
	// allocation at most, in every build (slices.Grow's make is a second
	// one under -race).
	if room := saveMaxFixedBytes + saveMaxAgentBytes*w.Len() + saveMaxSquadBytes*len(w.squads); cap(b)-len(b) < room {
		b = append(make([]byte, 0, len(b)+room), b...)
	}
	e := saveWriter{b: append(b, saveMagic...)}
	e.b = binary.LittleEndian.AppendUint32(e.b, saveVersion)
	if err := w.encode(&e); err != nil {
		return b, err
	}
	e.b = binary.LittleEndian.AppendUint32(e.b, crc32.Checksum(e.b[start:], crc32.MakeTable(crc32.Castagnoli)))
	return e.b, nil
}

// saveSum reports whether data, a savegame of format version v, ends with
// the checksum of the bytes before it, and returns those bytes.
func saveSum(data []byte, v uint32) (body []byte, ok bool) {
	if v <= 2 {
		body = data[:len(data)-8]
		return body, crc64.Checksum(body, crc64.MakeTable(crc64.ECMA)) == binary.LittleEndian.Uint64(data[len(body):])
	}
	body = data[:len(data)-4]
	return body, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)) == binary.LittleEndian.Uint32(data[len(body):])
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler: it makes w the
// World saved in data by MarshalBinary, whatever w was (any settings, seed
// or agents; the zero World too). Continuing w then gives the same bits as
// continuing the World that was saved, under the same calls.
//
// w keeps its listeners and its worker count; the rest is the save's, the
// cause ledger and the recording of changes included (off when the save had
// them off, whatever w had). Its old agents are gone: their handles read
// Removed(), their methods' errors match ErrRemoved, and World.Remove of one
// panics (the man it meant would stay); the saved
// agents get new handles, in the saved order (w.Agent(i) is the agent that
// was at Agent(i)), and keep their tags, by which a game finds its entities
// again (see WithTag). The changes held for TakeChanges come back too; those
// of an agent removed before the save hold removed handles, one per change
// (the savegame keeps his tag, not which changes were his), where Clone
// gives him one.
//
// Data that is not a savegame, is cut, or whose bytes were changed is an
// error wrapping ErrSaveCorrupt; data of a format version this build does not
// read (a later one) is an error wrapping ErrSaveVersion naming it and those
// it reads: this one and every older one. On any error w is left
// exactly as it was. It never panics, and allocates at most 64 times
// len(data) plus 4 MiB (FuzzUnmarshalBinary; a load's fixed cost dwarfs a
// small save). The settings in a save are text, which the first load of
// that text parses (about 120 KB of garbage); w keeps it, and a later load
// of a save with the same settings text (a rollback's, every frame) takes
// them from there, for about 10 KB a load in all (TestLoadAgainAllocatesLittle).
// It must not be called from a listener, and panics, naming
// the misuse, inside a loop over Agents.
func (w *World) UnmarshalBinary(data []byte) error {
	w.guard()
	w.notRanging("UnmarshalBinary")
	if w.delivering {
		return errors.New("morale: World.UnmarshalBinary called from a listener: load after the call that reports the change returns")
	}
	const head = len(saveMagic) + 4
	if len(data) < head+8 || string(data[:len(saveMagic)]) != saveMagic {
		return fmt.Errorf("%w: no savegame header (want %q and a version)", ErrSaveCorrupt, saveMagic)
	}
	v := binary.LittleEndian.Uint32(data[len(saveMagic):])
	if v < saveOldest || v > saveVersion {
		return fmt.Errorf("%w: the data is version %d; this build reads versions %d to %d", ErrSaveVersion, v, saveOldest, saveVersion)
	}
	body, ok := saveSum(data, v)
	if !ok {
		return fmt.Errorf("%w: its checksum does not match its bytes (changed or cut)", ErrSaveCorrupt)
	}
	n, err := decodeWorld(&saveReader{b: body, off: head, version: v}, &w.texts)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrSaveCorrupt, err)
	}
	w.adopt(n)
	return nil
}

// settingsTexts is what a World keeps of its settings as text, so that a
// game that saves and loads every frame (a rollback, say) formats and parses
// them once for each change of settings, not at every call: written is
// WriteSettings' text of the World's settings, nil until a save asks for it
// and again after any change of them; read is the settings text of the last
// save loaded into the World, and readAs what ReadSettings made of it (a
// pure function of the text: a load whose text is read takes a copy of
// readAs, as parsing it again would give).
type settingsTexts struct {
	written, read []byte
	readAs        Settings
}

// encode appends the payload of the World's savegame.
func (w *World) encode(e *saveWriter) error {
	if w.texts.written == nil {
		var text bytes.Buffer
		if err := WriteSettings(&text, w.s); err != nil {
			return fmt.Errorf("morale: MarshalBinary: settings: %w", err)
		}
		w.texts.written = text.Bytes()
	}
	e.bytes(w.texts.written)
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
	for _, v := range c.Why { // the reason down, then up and whether it came last
		e.uvarint(uint64(v.down))
		e.uvarint(uint64(v.up)<<1 | uint64(b2i(v.lastUp)))
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

// adopt makes w the World n, which no one else holds: every field but the
// listeners, the worker count and the step chunk (a test's setting). The
// zero World is first readied as every method readies it (init), so that
// what it keeps is a started World's. w's old agents are removed first. It
// assigns field by field (a World is not copied by value: see noCopy), so a
// field added to World is added here too, or kept as w's on purpose.
func (w *World) adopt(n *World) {
	w.init()
	for _, a := range w.col.Handle {
		a.w, a.i = nil, loadedAway
	}
	for _, a := range n.col.Handle {
		a.w = w
	}
	w.s, w.texts, w.rng, w.src, w.grid = n.s, n.texts, n.rng, n.src, n.grid
	w.intervalTicks, w.nowTicks, w.stepTicks, w.steps = n.intervalTicks, n.nowTicks, n.stepTicks, n.steps
	w.dropped = n.dropped
	w.col, w.reasons, w.slabs, w.arena = n.col, n.reasons, nil, nil
	w.slotOf, w.free, w.squads, w.avg, w.next, w.mark = n.slotOf, n.free, n.squads, n.avg, n.next, 0
	w.queue, w.delivering = nil, false
	w.ranging, w.visiting = 0, nil
	w.led, w.changes = n.led, n.changes
	w.rebuildChangeSlots() // and w.cols
	w.cells, w.hitBits, w.hitWords, w.hits, w.cur, w.scales = nil, nil, nil, nil, nil, nil
	w.moving, w.posNext = nil, nil
	w.stepWorkers, w.chunkOuts = nil, nil
	w.order = windows{shift: n.order.shift, breaks: n.order.breaks, settled: n.order.settled, next: n.order.next,
		sorts: w.order.sorts + 1} // a new order for Reorders, whatever the count the save left
}
