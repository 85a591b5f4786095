//go:build unix

package lab_test

import (
	"syscall"
	"testing"
)

// cpuTime is the process's CPU time so far (user and system), in ns: on one
// core (-cpu 1) what the fights took of it, less disturbed than the wall
// clock by the machine's other work.
func cpuTime(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
