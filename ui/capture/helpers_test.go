package capture_test

import (
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// newGame returns a session of the demo's opening.
func newGame(t *testing.T) *game.Session {
	t.Helper()
	g, err := game.NewSession(game.DefaultConfig())
	if err != nil {
		t.Fatalf("game.NewSession: %v", err)
	}
	return g
}
