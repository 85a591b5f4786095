package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// FutureDigest returns the Digest a session would have with the battle of
// the what-if's future A of g at g's sub-tick ("" when no what-if runs).
func FutureDigest(g *Session) string {
	f := g.rw.future()
	if f == nil {
		return ""
	}
	h := sha256.New()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	put(uint64(g.ticks))
	f.b.digest(put)
	return hex.EncodeToString(h.Sum(nil))
}
