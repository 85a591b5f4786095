//go:build !unix

package game_test

import "time"

// cpuTime returns 0: this system's CPU time is not read (see the unix
// version).
func cpuTime() time.Duration { return 0 }
