package morale

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestChecksumWords: floatWords and vecWords read every float as
// math.Float64bits does (NaN payloads, −0 and the infinities included), X
// before Y, and agentTerms, which reads through them, sums the same terms
// as the same fold written with math.Float64bits.
func TestChecksumWords(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	odd := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0x7ff8_0000_dead_beef), math.SmallestNonzeroFloat64, math.MaxFloat64}
	var c agentColumns
	for i := range 301 { // an odd count
		f := func() float64 {
			if r.IntN(4) == 0 {
				return odd[r.IntN(len(odd))]
			}
			return math.Float64frombits(r.Uint64())
		}
		c.Handle = append(c.Handle, nil)
		c.Morale = append(c.Morale, f())
		c.Nerve = append(c.Nerve, f())
		c.Pos = append(c.Pos, Vec2{X: f(), Y: f()})
		c.StateSince = append(c.StateSince, int64(r.Uint64()))
		c.BadNews = append(c.BadNews, int64(r.Uint64()))
		c.State = append(c.State, State(i%4))
		c.Flags = append(c.Flags, uint8(r.Uint32()))
		c.Squad = append(c.Squad, int32(r.Uint32()))
	}
	mo, pos := floatWords(c.Morale), vecWords(c.Pos)
	var plain uint64
	var words []uint64
	for i := range c.Morale {
		if got, want := mo[i], math.Float64bits(c.Morale[i]); got != want {
			t.Fatalf("floatWords(morale)[%d] = %#x; want %#x", i, got, want)
		}
		want := [2]uint64{math.Float64bits(c.Pos[i].X), math.Float64bits(c.Pos[i].Y)}
		if pos[i] != want {
			t.Fatalf("vecWords(pos)[%d] = %#x; want %#x (X, Y)", i, pos[i], want)
		}
		a := math.Float64bits(c.Morale[i]) + bits.RotateLeft64(math.Float64bits(c.Nerve[i]), 11)
		b := uint64(c.StateSince[i]) ^ bits.RotateLeft64(uint64(c.BadNews[i]), 33)
		p := math.Float64bits(c.Pos[i].X) + bits.RotateLeft64(math.Float64bits(c.Pos[i].Y), 55)
		s := uint64(uint32(c.Squad[i]))<<32 | uint64(c.Flags[i])<<8 | uint64(c.State[i])
		words = append(words, a+bits.RotateLeft64(b, 22)+bits.RotateLeft64(p^s, 44))
	}
	for k, x := range words {
		plain += mum(x, uint64(k), 12345)
	}
	if got := agentTerms(&c, 12345); got != plain {
		t.Errorf("agentTerms = %#x; want %#x, the fold with math.Float64bits", got, plain)
	}
}

// TestChecksumHasTheSortWindows: two Worlds alike in every agent but in
// when their windows sort next (how many breaks a window had after its
// last sort, which window is next) answer the same calls in another order,
// so their checksums differ; the breaks themselves follow from the cells.
func TestChecksumHasTheSortWindows(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	w.order.shift = 8 // windows of 256 places: several for a small World
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 1000 {
		w.Spawn(SquadID(i%7), Vec2{X: r.Float64() * 20000, Y: r.Float64() * 20000})
	}
	w.Advance(1)
	sum := w.Checksum()
	for _, tc := range []struct {
		name   string
		change func(o *windows)
	}{
		{"a window's breaks at its last sort", func(o *windows) { o.settled[1]++ }},
		{"the window to sort next", func(o *windows) { o.next = (o.next + 1) % len(o.settled) }},
	} {
		c := w.Clone()
		tc.change(&c.order)
		if c.Checksum() == sum {
			t.Errorf("%s changed: Checksum() is the same; want another", tc.name)
		}
	}
}

// TestChecksumHasTheRandomSource: two Worlds alike but for one bit of their
// random source's state roll other nerves at their next spawn, so their
// checksums differ, for every bit of the state's saved form (its last four
// bytes were once left out of the hash).
func TestChecksumHasTheRandomSource(t *testing.T) {
	w, err := NewWorld(DefaultSettings(), 3)
	if err != nil {
		t.Fatal(err)
	}
	w.Spawn(1, Vec2{})
	sum := w.Checksum()
	state, err := w.src.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	for k := range state {
		for bit := range 8 {
			flipped := append([]byte(nil), state...)
			flipped[k] ^= 1 << bit
			c := w.Clone()
			if c.src.UnmarshalBinary(flipped) != nil {
				continue // not a state (its "pcg:" mark)
			}
			if c.Checksum() == sum {
				t.Errorf("bit %d of byte %d of %d of the random source flipped: Checksum() is the same; want another", bit, k, len(state))
			}
		}
	}
}
