package morale_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// withCRC returns save with its CRC (the last four bytes) made right around
// whatever its body now holds, as a hostile file's author would.
func withCRC(save []byte) []byte {
	body := save[:len(save)-4]
	binary.LittleEndian.PutUint32(save[len(save)-4:], crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	return save
}

// f64s is the little-endian bytes of vs, as a savegame writes them.
func f64s(vs ...float64) []byte {
	var b []byte
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	return b
}

// TestLoadRefusesLogsNoWorldHolds: a savegame whose ledger or held changes
// (TakeChanges) hold a value no World's could, its CRC made right around
// it, is refused with ErrSaveCorrupt, naming the part, and the receiver is
// unchanged; the save as written loads. A reviewer loaded ledger entries of
// morale −1.97e111 and 1.01, nerve 1.009, falloff −7.9e33, a negative
// distance and a weight of 11796, a state change from Steady to Steady,
// and held changes of morale that carried states or changed nothing: each
// reached Explain and the game's change handlers.
func TestLoadRefusesLogsNoWorldHolds(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 9)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: 60}); err != nil {
		t.Fatal(err)
	}
	if err := w.RecordChanges(morale.ChangeOptions{Morale: true}); err != nil { // not coalesced
		t.Fatal(err)
	}
	a := w.Spawn(1, morale.Vec2{}, morale.WithNerve(0.375)) // at full morale: no recovery
	// So that a time a tick before the present is one the save may hold.
	w.Advance(1)
	if err := w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{X: 1000}, 0, nil, 1.5); err != nil {
		t.Fatal(err)
	}
	a.ForceRout()
	x, err := w.Explain(a)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Changes) != 1 || len(x.States) != 1 {
		t.Fatalf("Explain: %d entries and %d state changes; want 1 and 1", len(x.Changes), len(x.States))
	}
	e, m := x.Changes[0], a.Morale()
	if !e.Located || !(e.Falloff > 0 && e.Falloff < 1) {
		t.Fatalf("the event's entry: located %v, falloff %v; want a located one with a falloff inside 0..1", e.Located, e.Falloff)
	}
	data := saved(t, w)
	// Where each part lies: its bytes, found once in the save.
	find := func(what string, pattern []byte) int {
		t.Helper()
		at := bytes.Index(data, pattern)
		if at < 0 || bytes.Contains(data[at+1:], pattern) {
			t.Fatalf("the save does not hold %s once", what)
		}
		return at
	}
	// A ledger entry: delta, morale, weight, scale, distance, falloff, nerve.
	entry := find("the event's ledger entry", f64s(e.Delta, e.Morale, e.Weight, e.Scale, e.Distance, e.Falloff, e.Nerve))
	// A ledger state change: from | to<<4, its rules (the first set), its
	// reason (ByForcedRout's fixed id) and morale.
	rout := find("the rout's ledger state change", append([]byte{byte(morale.Steady) | byte(morale.Routed)<<4, 1, byte(morale.ByForcedRout)}, f64s(m)...))
	// A held change of morale: its states byte, old and new morale.
	news := find("the event's held change", append([]byte{0}, f64s(1, m)...))
	// A held change of state: is a state, its states byte, no morale, the reason.
	held := find("the rout's held change", append([]byte{1, byte(morale.Steady) | byte(morale.Routed)<<4}, append(f64s(0, 0), byte(morale.ByForcedRout), 0)...))

	// The reason table's one reason (the event), before the held change's.
	named := append([]byte{byte(morale.ByEvent), byte(len(morale.Suppressed))}, morale.Suppressed...)
	reason := bytes.Index(data, named)
	if reason < 0 || bytes.Count(data, named) != 2 || bytes.Index(data[reason+1:], named)+reason+1 < news {
		t.Fatalf("the save holds the event's reason %d times, first at %d, the held change at %d; want twice, in the reason table and then in the held changes", bytes.Count(data, named), reason, held)
	}

	float := func(at int, v float64) func([]byte) {
		return func(b []byte) { binary.LittleEndian.PutUint64(b[at:], math.Float64bits(v)) }
	}
	octet := func(at int, v byte) func([]byte) { return func(b []byte) { b[at] = v } }
	both := func(f, g func([]byte)) func([]byte) { return func(b []byte) { f(b); g(b) } }
	// Before an entry's numbers: how long ago it began and ended (1: now,
	// 2: a tick before), its cause, whether located, its steps. Before a
	// state change's states byte: how long ago it happened, and since when
	// its old state held (0: never, since the spawn).
	tests := []struct {
		name, part string
		change     func([]byte)
	}{
		{"a reason table's rally named after an event", "reasons", octet(reason, byte(morale.ByRally))},
		{"an entry without a cause", "ledger", octet(entry-3, 0)},
		{"an entry that begins after it ends", "ledger", octet(entry-4, 2)},
		{"an entry's weight × scale past every float", "ledger", both(float(entry+16, -1000), float(entry+24, 1e306))},
		{"a state change from a state entered after it", "ledger", both(octet(rout-2, 2), octet(rout-1, 1))},
		{"an entry's morale above 1", "ledger", float(entry+8, 1.01)},
		{"an entry's morale far below 0", "ledger", float(entry+8, -1.97e111)},
		{"an entry's change NaN", "ledger", float(entry, math.NaN())},
		{"an event's change past -1", "ledger", float(entry, -1.0083)},
		{"an entry's weight past MaxWeight", "ledger", float(entry+16, 11796)},
		{"an entry's scale negative", "ledger", float(entry+24, -1)},
		{"an entry's distance negative", "ledger", float(entry+32, -1)},
		{"an entry's falloff negative", "ledger", float(entry+40, -7.9e33)},
		{"an entry's nerve above 1", "ledger", float(entry+48, 1.009)},
		{"a state change from Steady to Steady", "ledger", octet(rout, 0)},
		{"a state change with no reason", "ledger", octet(rout+2, 0)},
		{"a state change at morale 1.05", "ledger", float(rout+3, 1.05)},
		{"a held change of morale carrying states", "changes", octet(news, byte(morale.Shaken)|byte(morale.Panicked)<<4)},
		{"a held change of morale to the same morale", "changes", float(news+9, 1)},
		{"a held change of state from Steady to Steady", "changes", octet(held+1, 0)},
		{"a held change of state carrying a morale", "changes", float(held+2, 0.5)},
		{"a held change with no reason", "changes", octet(held+18, 0)},
		{"a held change of an event with no name", "changes", octet(held+18, byte(morale.ByEvent))},
	}
	for _, tc := range tests {
		l := strangerWorld(t)
		before := saved(t, l)
		bad := slices.Clone(data)
		tc.change(bad)
		err := l.UnmarshalBinary(withCRC(bad))
		if !errors.Is(err, morale.ErrSaveCorrupt) || !strings.Contains(err.Error(), tc.part+":") {
			t.Errorf("%s: UnmarshalBinary = %v; want ErrSaveCorrupt naming the %s", tc.name, err, tc.part)
		} else if !bytes.Equal(saved(t, l), before) {
			t.Errorf("%s: a refused load changed the World", tc.name)
		}
	}
	if err := strangerWorld(t).UnmarshalBinary(data); err != nil {
		t.Errorf("the save as written: UnmarshalBinary = %v; want nil", err)
	}
}

// TestLoadRefusesAnOpenRunNoWorldHolds: the ledger's run of recovery still
// open, saved with its sums apart from its entry, is checked as its entry
// is: a morale outside 0..1 is refused, naming the ledger.
func TestLoadRefusesAnOpenRunNoWorldHolds(t *testing.T) {
	w, err := morale.NewWorld(morale.DefaultSettings(), 9)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 8, Window: 60}); err != nil {
		t.Fatal(err)
	}
	a := w.Spawn(1, morale.Vec2{}, morale.WithMorale(0.2))
	w.Advance(6) // recovers, a run of steps still open
	x, err := w.Explain(a)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(x.Changes); n != 1 || x.Changes[0].Cause.Kind != morale.ByRecovery || x.Changes[0].Steps < 2 {
		t.Fatalf("Explain: %+v; want one run of recovery of two steps or more", x.Changes)
	}
	run := x.Changes[0]
	data := saved(t, w)
	// The open run's sums, its change and its morale, come after its entry
	// in the ring, which holds them too.
	sums := f64s(run.Delta, run.Morale)
	at := bytes.LastIndex(data, sums)
	if n := bytes.Count(data, sums); n != 2 {
		t.Fatalf("the save holds the run's sums %d times; want twice, its entry's and the open run's (%+v)", n, run)
	}
	for _, m := range []float64{1.5, math.NaN()} {
		bad := slices.Clone(data)
		binary.LittleEndian.PutUint64(bad[at+8:], math.Float64bits(m))
		l := strangerWorld(t)
		if err := l.UnmarshalBinary(withCRC(bad)); !errors.Is(err, morale.ErrSaveCorrupt) || !strings.Contains(err.Error(), "ledger:") {
			t.Errorf("an open run at morale %v: UnmarshalBinary = %v; want ErrSaveCorrupt naming the ledger", m, err)
		}
	}
	if err := strangerWorld(t).UnmarshalBinary(data); err != nil {
		t.Errorf("the save as written: UnmarshalBinary = %v; want nil", err)
	}
}

// TestLoadRefusesAReasonNoWorldKnows: an agent's reason up (savegame format
// 4), its CRC made right around it, that names no reason the save's table
// holds is refused with ErrSaveCorrupt naming the agent and the reason, and
// the receiver is unchanged; the save as written loads, with the reason
// each way and which came last.
func TestLoadRefusesAReasonNoWorldKnows(t *testing.T) {
	save := func(byHand bool) []byte {
		w, err := morale.NewWorld(morale.DefaultSettings(), 9)
		if err != nil {
			t.Fatal(err)
		}
		a := w.Spawn(1, morale.Vec2{})
		if byHand { // at full morale already: only his reason up changes
			if err := a.SetMorale(1); err != nil {
				t.Fatal(err)
			}
		}
		return saved(t, w)
	}
	plain, up := save(false), save(true)
	if len(plain) != len(up) {
		t.Fatalf("the saves are %d and %d bytes; want one length", len(plain), len(up))
	}
	var at []int
	for k := range plain[:len(plain)-4] { // but the CRC
		if plain[k] != up[k] {
			at = append(at, k)
		}
	}
	// Up is 9 (BySetByHand) and came last: 9<<1 | 1.
	if len(at) != 1 || up[at[0]] != 19 || plain[at[0]] != 0 {
		t.Fatalf("the saves differ at bytes %v; want one, his reason up (0 and 19)", at)
	}
	bad := slices.Clone(up)
	bad[at[0]] = 63<<1 | 1
	l := strangerWorld(t)
	before := l.Checksum()
	err := l.UnmarshalBinary(withCRC(bad))
	if !errors.Is(err, morale.ErrSaveCorrupt) || !strings.Contains(err.Error(), "agent 0's reason up 63 is not one the World knows") {
		t.Errorf("a reason up of 63: UnmarshalBinary = %v; want ErrSaveCorrupt naming agent 0's reason up 63", err)
	}
	if l.Checksum() != before {
		t.Error("the refused load changed the World")
	}
	if err := l.UnmarshalBinary(up); err != nil {
		t.Fatalf("the save as written: UnmarshalBinary = %v; want nil", err)
	}
	if got := l.Agent(0).Snapshot().LastReason; got != (morale.Reason{Kind: morale.BySetByHand}) {
		t.Errorf("loaded: LastReason %v; want set by hand", got)
	}
}
