package morale

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"runtime"
	"strings"
	"testing"
)

// hostileSave returns save with the bytes from at on replaced by part and
// the save's bytes after skip (the part replaced), its CRC made right.
func hostileSave(save []byte, at, skip int, part []byte) []byte {
	b := append(append(append([]byte(nil), save[:at]...), part...), save[at+skip:len(save)-4]...)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

// indexOnce returns where pattern lies in data, failing unless exactly once.
func indexOnce(t *testing.T, data, pattern []byte, what string) int {
	t.Helper()
	at := bytes.Index(data, pattern)
	if at < 0 || bytes.Contains(data[at+1:], pattern) {
		t.Fatalf("the save does not hold %s once", what)
	}
	return at
}

// TestHostileLoadsStayInBounds: hostile savegames of 2 MiB whose counts ask
// for the most the bytes allow allocate no more than 64 times their size
// plus 4 MiB, as UnmarshalBinary's doc promises. A reviewer's loads took
// 212 MB for a reason table of a million reasons in zero bytes (the table's
// map sized by the count read, and Reason{} appended after the first error,
// for every one), and 195 MB for a ledger's squad list of 2 million repeats
// of one squad (grown by append, copied by EnableLedger, and a map sized by
// the list).
func TestHostileLoadsStayInBounds(t *testing.T) {
	const size = 2 << 20
	w, err := NewWorld(DefaultSettings(), 1)
	if err != nil {
		t.Fatal(err)
	}
	w.dropped = 0.123456789 // a mark: the reason table follows it
	if err := w.EnableLedger(LedgerOptions{PerAgent: 3, Window: 987.654321, Squads: []SquadID{7}}); err != nil {
		t.Fatal(err)
	}
	save, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	f64 := func(v float64) []byte { return binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)) }
	reasons := indexOnce(t, save, f64(w.dropped), "the dropped seconds") + 8
	// The ledger: its window, whether it lists squads, how many (1), squad 7.
	squads := indexOnce(t, save, append(f64(987.654321), 1, 1, 14), "the ledger's window and squad list") + 9
	tests := []struct {
		name    string
		at      int
		skip    int
		part    []byte
		refused bool
	}{
		{"a reason table of the most reasons the bytes hold, all zero bytes", reasons, 0,
			binary.AppendUvarint(binary.AppendUvarint(nil, 64), size/3), true},
		{"a ledger listing one squad over and over", squads, 2,
			append(binary.AppendUvarint(nil, size), make([]byte, size)...), false},
	}
	for _, tc := range tests {
		data := hostileSave(save, tc.at, tc.skip, tc.part)
		for len(data) < size {
			data = hostileSave(save, tc.at, tc.skip, append(tc.part, make([]byte, size-len(data))...))
		}
		var l World
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := l.UnmarshalBinary(data)
		runtime.ReadMemStats(&after)
		if refused := errors.Is(err, ErrSaveCorrupt); refused != tc.refused || err != nil && !refused {
			t.Errorf("%s: UnmarshalBinary = %v; want refused %v", tc.name, err, tc.refused)
		}
		if got, most := after.TotalAlloc-before.TotalAlloc, 64*uint64(len(data))+4<<20; got > most {
			t.Errorf("%s: a load of %d bytes allocated %d; want at most %d", tc.name, len(data), got, most)
		}
	}
}

// TestLoadRefusesEventNamesNoTableHolds: a savegame naming an event as no
// weights table may (past MaxEventNameBytes, or not UTF-8), in the reason
// table or in a change held for TakeChanges, is refused: such a name could
// not have reached the World.
func TestLoadRefusesEventNamesNoTableHolds(t *testing.T) {
	for _, name := range []string{strings.Repeat("A", MaxEventNameBytes+1), "\xff\xfeA"} {
		for _, held := range []bool{false, true} {
			w, err := NewWorld(DefaultSettings(), 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.RecordChanges(ChangeOptions{Morale: true}); err != nil {
				t.Fatal(err)
			}
			a := w.Spawn(1, Vec2{})
			if err := a.ReportEvent(Suppressed, 1); err != nil {
				t.Fatal(err)
			}
			part := "reasons"
			if held {
				w.changes.pending[0].Why.Event = Event(name)
				part = "changes"
			} else {
				w.reasons.list[0].Event = Event(name)
			}
			save, err := w.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var l World
			if err := l.UnmarshalBinary(save); !errors.Is(err, ErrSaveCorrupt) || !strings.Contains(err.Error(), part+":") {
				t.Errorf("event name %.12q in the %s: UnmarshalBinary = %v; want ErrSaveCorrupt naming the %s", name, part, err, part)
			}
		}
	}
}
