//go:build !js

package game_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// SaveReplay writes a file ReadReplay reads back to the same session, and
// says where and how long; without a path it writes nothing and says why.
func TestSaveReplayReadsBack(t *testing.T) {
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for g.Time() < 2 {
		g.Tick()
	}
	path := filepath.Join(t.TempDir(), "sub", "r.txt")
	msg, err := game.SaveReplay(path, g.Recording())
	if err != nil || !strings.HasPrefix(msg, "saved replay "+path+" (2.0 s, ") {
		t.Fatalf("SaveReplay = %q, %v; want %q…", msg, err, "saved replay "+path+" (2.0 s, ")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	r, err := game.ReadReplay(f)
	if err != nil || r.Digest != g.Digest() || r.End != g.SessionTicks() {
		t.Errorf("read back: %v, digest %s at %d; want %s at %d", err, r.Digest, r.End, g.Digest(), g.SessionTicks())
	}
	if _, err := game.SaveReplay("", g.Recording()); err == nil || !strings.Contains(err.Error(), "-record") {
		t.Errorf("SaveReplay without a path = %v; want an error naming -record", err)
	}
}
