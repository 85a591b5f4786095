//go:build !race

// The race detector reports the race this test makes on purpose, so the
// test runs only without it.

package morale_test

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// TestTwoGoroutinesPanic: a game that calls a World from a second
// goroutine while its update loop's Advance steps gets a panic naming the
// misuse, not a World corrupted in silence. The second goroutine asks for
// an agent (World.Agent, which hands one out and so is checked), which
// would do no harm where the check missed, until it panics; the first
// steps a World of 100,000 agents meanwhile.
func TestTwoGoroutinesPanic(t *testing.T) {
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("js/wasm and wasip1 run one thread and do not preempt a loop of calls: the stepping goroutine would never run")
	}
	w := &morale.World{}
	for i := range 100000 {
		w.Spawn(morale.SquadID(i%100), morale.Vec2{X: float64(i % 1000), Y: float64(i / 1000)})
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for !stop.Load() {
			w.Advance(w.Settings().SquadUpdateInterval)
		}
	}()
	defer func() { stop.Store(true); wg.Wait() }()
	ask := func() (r any) {
		defer func() { r = recover() }()
		w.Agent(0)
		return nil
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		if r := ask(); r != nil {
			if s, _ := r.(string); !strings.Contains(s, "two goroutines at once") {
				t.Fatalf("got panic %v; want one naming a World used by two goroutines at once", r)
			}
			return
		}
	}
	t.Fatal("no panic in 30 s of calls while another goroutine stepped; want one naming a World used by two goroutines at once")
}
