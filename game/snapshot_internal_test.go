package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"reflect"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// battleFields sorts every field of Battle: copied by clone (the battle's
// state, which a snapshot holds) or left out (who listens: setBattle gives
// a battle the session's listeners and hook). A field added to Battle later
// fails TestCopyBattleFields until it is sorted here, and copied in clone
// when it is the battle's. The scenes are the battle's through its scene
// field: clone copies each whole, and the walk below looks into every
// field of theirs.
var battleFields = map[string]bool{
	"cfg": true, "settings": true, "world": true, "rng": true, "cosmetic": true, "now": true,
	"debug": true, "rngSrc": true, "cosmeticSrc": true,
	"shots": true, "blasts": true, "log": true, "history": true,
	"squads": true, "fault": true, "atDeath": true, "scene": true, "version": true,
	// Who listens.
	"listeners": false, "changed": false,
}

// digestOf is the digest of battle b alone (its part of Session.Digest).
func digestOf(b *Battle) string {
	h := sha256.New()
	b.digest(func(v uint64) { h.Write(binary.LittleEndian.AppendUint64(nil, v)) })
	return hex.EncodeToString(h.Sum(nil))
}

// TestCopyBattleFields checks that every field of Battle is sorted in
// battleFields, and that a copy made by clone shares no slice, map or
// pointer with the battle it copies (removed agents' handles aside,
// shared by design: nothing writes them), in both scenes.
func TestCopyBattleFields(t *testing.T) {
	typ := reflect.TypeFor[Battle]()
	for i := range typ.NumField() {
		if _, ok := battleFields[typ.Field(i).Name]; !ok {
			t.Errorf("Battle.%s is new: sort it in battleFields (snapshot_internal_test.go) and, if it is the battle's, copy it in clone (snapshot.go)", typ.Field(i).Name)
		}
	}
	for _, scene := range []string{SceneOpening, SceneArmies} {
		cfg := DefaultConfig()
		cfg.Scene = scene
		g, err := NewSession(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for g.Time() < 8 {
			g.Tick()
		}
		if err := g.Apply(Shell{At: morale.Vec2{X: 2000, Y: 1800}}); err != nil {
			t.Fatal(err)
		}
		for g.Time() < 12 {
			g.Tick()
		}
		live := map[uintptr]bool{}
		for a := range g.b.world.Agents() {
			live[reflect.ValueOf(a).Pointer()] = true
		}
		b := g.b.clone(true)
		va, vb := reflect.ValueOf(g.b).Elem(), reflect.ValueOf(b).Elem()
		for i := range typ.NumField() {
			name := typ.Field(i).Name
			if !battleFields[name] {
				continue
			}
			aliases(t, live, scene+": Battle."+name, va.Field(i), vb.Field(i), 0)
		}
		if digestOf(g.b) != digestOf(b) {
			t.Errorf("%s: the copy's digest differs from the battle's", scene)
		}
	}
}

// aliases fails when b, a copy of a, shares a slice's array, a map or a
// pointer with it, looking depth levels deep at most into what they hold.
// live holds the battle's agents still in its World.
func aliases(t *testing.T, live map[uintptr]bool, path string, a, b reflect.Value, depth int) {
	t.Helper()
	if depth > 4 {
		return
	}
	switch a.Kind() {
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			t.Errorf("%s: the copy's slice is the battle's", path)
			return
		}
		for i := range min(a.Len(), b.Len(), 3) {
			aliases(t, live, path+"[i]", a.Index(i), b.Index(i), depth+1)
		}
	case reflect.Map:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			t.Errorf("%s: the copy's map is the battle's", path)
		}
		for it := a.MapRange(); it.Next(); {
			if it.Key().Kind() == reflect.Pointer && live[it.Key().Pointer()] && b.MapIndex(it.Key()).IsValid() {
				t.Errorf("%s: the copy's map has a key of the battle's (%v)", path, it.Key().Type())
				return
			}
		}
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return
		}
		if a.Type() == reflect.TypeFor[*morale.Agent]() {
			if live[a.Pointer()] && a.Pointer() == b.Pointer() {
				t.Errorf("%s: the copy's agent is the battle's", path)
			}
			return
		}
		if a.Pointer() == b.Pointer() {
			t.Errorf("%s: the copy's pointer is the battle's", path)
			return
		}
		if a.Type() == reflect.TypeFor[*morale.World]() {
			return // morale's TestCloneSharesNothing walks it
		}
		aliases(t, live, path, a.Elem(), b.Elem(), depth+1)
	case reflect.Interface:
		if !a.IsNil() && !b.IsNil() {
			aliases(t, live, path, a.Elem(), b.Elem(), depth)
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() && a.Type().PkgPath() != reflect.TypeFor[Battle]().PkgPath() {
				continue // another package's internals (rand.Rand, morale's values)
			}
			aliases(t, live, path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i), depth+1)
		}
	case reflect.Array:
		for i := range a.Len() {
			aliases(t, live, path+"[i]", a.Index(i), b.Index(i), depth+1)
		}
	}
}

// The snapshots' list: spacing from the World's size, thinning past
// maxSnapshots, dropping after a branch, and finding the latest that fits a
// recording.
func TestSnapshotList(t *testing.T) {
	for _, tc := range []struct {
		agents int
		secs   float64
	}{{0, 10}, {5, 10}, {2500, 10}, {6000, 4}, {7000, 3.5}, {10000, 2.5}, {30000, 1}, {1 << 20, 1}} {
		if got := snapSpacing(tc.agents); got != int64(tc.secs*SubTicksPerSecond) {
			t.Errorf("snapSpacing(%d) = %d sub-ticks; want %v s", tc.agents, got, tc.secs)
		}
	}
	// By size: ten snapshots of a tenth of the budget fit; the eleventh
	// thins them to the even ones; one bigger than the budget is kept
	// alone.
	big := snapshots{every: 10}
	for k := int64(1); k <= 11; k++ {
		big.add(&snapshot{session: 10 * k, bytes: maxSnapshotBytes / 10})
		if k == 10 && (len(big.list) != 10 || big.every != 10) {
			t.Fatalf("ten snapshots of a tenth of the budget: %d kept, every %d; want all, every 10", len(big.list), big.every)
		}
	}
	if big.every != 20 || len(big.list) != 5 || big.bytes != 5*(maxSnapshotBytes/10) {
		t.Errorf("the eleventh: every %d, %d kept, %d bytes; want 20, 5, half the budget", big.every, len(big.list), big.bytes)
	}
	huge := snapshots{every: 10}
	huge.add(&snapshot{session: 10, bytes: 2 * maxSnapshotBytes})
	if len(huge.list) != 1 {
		t.Errorf("one snapshot over the budget: %d kept; want it", len(huge.list))
	}
	// By count.
	st := snapshots{every: 10}
	for k := int64(1); k <= maxSnapshots+1; k++ {
		st.add(&snapshot{session: 10 * k, bytes: 1})
	}
	if st.every != 20 || len(st.list) != (maxSnapshots+1)/2 || st.list[0].session != 20 || st.bytes != uint64(len(st.list)) {
		t.Errorf("after thinning: every %d, %d kept from %d, %d bytes; want 20, %d from 20, 1 each", st.every, len(st.list), st.list[0].session, st.bytes, (maxSnapshots+1)/2)
	}
	st.dropAfter(95)
	if n := len(st.list); n != 4 || st.list[n-1].session != 80 || st.bytes != 4 {
		t.Errorf("dropAfter(95): %d kept, last %d, %d bytes; want 4, last 80, 4", n, st.list[n-1].session, st.bytes)
	}
	st.list[1].entries = 2 // the snapshot at 40 had applied 2 commands
	entries := []Entry{{Tick: 5}, {Tick: 40}, {Tick: 40}, {Tick: 70}}
	for _, tc := range []struct {
		t       int64
		entries []Entry
		want    int64 // -1: none
	}{
		{10, nil, -1}, {20, nil, 20}, {39, nil, 20}, {45, entries[:2], 40}, {45, entries, 40},
		{39, entries[3:], 20}, // a command after it: it fits
		{45, entries[:1], -1}, // the one at 40 applied 2 commands; the one at 20 misses the command at 5
		{1000, nil, 80},
	} {
		s := st.latest(tc.t, tc.entries)
		got := int64(-1)
		if s != nil {
			got = s.session
		}
		if got != tc.want {
			t.Errorf("latest(%d, %d entries) at %d; want %d", tc.t, len(tc.entries), got, tc.want)
		}
	}
}

// armiesWithLedger builds the armies scene with the cause ledger on or off
// (off is the game's choice, see enableLedger).
func armiesWithLedger(tb testing.TB, on bool) *Battle {
	tb.Helper()
	cfg := DefaultConfig()
	cfg.Scene = SceneArmies
	g, err := NewBattle(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if on {
		if err := g.world.EnableLedger(morale.LedgerOptions{PerAgent: whyPerAgent, Window: WhyWindow}); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// The armies keep no ledger: with one they would run to the same bits.
func TestArmiesLedgerChangesNoBit(t *testing.T) {
	on, off := armiesWithLedger(t, true), armiesWithLedger(t, false)
	if !on.world.LedgerEnabled() || off.world.LedgerEnabled() {
		t.Fatal("want the ledger on in one battle, off (the game's choice) in the other")
	}
	for _, secs := range []float64{5, 12, 20} {
		for on.Time() < secs {
			on.Tick()
			off.Tick()
		}
		ona, offa := on.scene.(*Armies), off.scene.(*Armies)
		if digestOf(on) != digestOf(off) || ona.routs != offa.routs || ona.deaths != offa.deaths {
			t.Fatalf("at %v s the armies with a ledger differ from those without", secs)
		}
	}
}

// BenchmarkArmiesSecond runs one second of the armies scene (10 000 agents
// in 100 squads, from 16 s: the front lines breaking) per op, with the cause
// ledger on (256 entries an agent, 30 s) and off (the game's choice): the
// cost of a rewind's re-simulation and of a snapshot's size.
func BenchmarkArmiesSecond(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(fmt.Sprintf("ledger=%v", on), func(b *testing.B) {
			g := armiesWithLedger(b, on)
			for g.Time() < 16 {
				g.subtick()
			}
			s := g.clone(false)
			for b.Loop() {
				b.StopTimer()
				g = s.clone(true)
				b.StartTimer()
				for range SubTicksPerSecond {
					g.subtick()
				}
			}
		})
	}
}
