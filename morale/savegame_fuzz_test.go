package morale_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/crc64"
	"runtime"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzUnmarshalBinary feeds UnmarshalBinary hostile savegames: as given
// (mode byte even), and with the header and checksum made valid around the
// fuzzed payload (mode byte odd: format version 1 + (mode/2) mod 3, so 1,
// 2 and 3 for modes 1, 3 and 5), so that the decoder of every version it reads is fuzzed, not only the
// checksum. Invariants: no panic or hang; an error leaves the World
// exactly as it was; a load allocates at most 64 times the input's size
// plus 4 MiB; a loaded World saves, loads back to the same bytes, and
// runs.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, ledger := range []bool{false, true} {
		w, err := morale.NewWorld(morale.DefaultSettings(), 3)
		if err != nil {
			f.Fatal(err)
		}
		if ledger {
			if err := w.EnableLedger(morale.LedgerOptions{PerAgent: 3, Window: 5}); err != nil {
				f.Fatal(err)
			}
		}
		fightOps(f, w, 3, 60)
		data := saved(f, w)
		f.Add(append([]byte{0}, data...))
		f.Add(append([]byte{1}, data[12:len(data)-4]...))
		f.Add(append([]byte{3}, data[12:len(data)-4]...))
		f.Add(append([]byte{5}, data[12:len(data)-4]...))
	}
	f.Add([]byte{0})
	f.Add([]byte{1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		data := in[1:]
		if in[0]%2 == 1 {
			version := 1 + uint32(in[0]/2%3)
			data = append(binary.LittleEndian.AppendUint32([]byte("MORALEBK"), version), data...)
			if version < 3 {
				data = binary.LittleEndian.AppendUint64(data, crc64.Checksum(data, crc64.MakeTable(crc64.ECMA)))
			} else {
				data = binary.LittleEndian.AppendUint32(data, crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli)))
			}
		}
		w, err := morale.NewWorld(morale.DefaultSettings(), 1)
		if err != nil {
			t.Fatal(err)
		}
		a := w.Spawn(1, morale.Vec2{X: 5})
		before, sum := saved(t, w), w.Checksum()

		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		err = w.UnmarshalBinary(data)
		runtime.ReadMemStats(&m1)
		if grew := m1.TotalAlloc - m0.TotalAlloc; grew > 64*uint64(len(data))+4<<20 {
			t.Fatalf("UnmarshalBinary of %d bytes allocated %d bytes", len(data), grew)
		}
		if err != nil {
			if w.Checksum() != sum || !bytes.Equal(saved(t, w), before) || a.Removed() {
				t.Fatalf("a failed UnmarshalBinary (%v) changed the World", err)
			}
			return
		}
		again := saved(t, w)
		l, err := morale.NewWorld(morale.DefaultSettings(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.UnmarshalBinary(again); err != nil {
			t.Fatalf("a loaded World's own savegame does not load: %v", err)
		}
		if !bytes.Equal(saved(t, l), again) || l.Checksum() != w.Checksum() {
			t.Fatalf("a loaded World's savegame loads to another World")
		}
		w.Advance(0.5)
		if err := w.ReportEventAtLocation(morale.Suppressed, morale.Vec2{}, 0, nil, 1); err != nil {
			t.Fatal(err)
		}
		for ag := range w.Agents() {
			if m := ag.Morale(); !(m >= 0 && m <= 1) {
				t.Fatalf("agent %d's morale %v after a load", ag.Index(), m)
			}
		}
	})
}
