//go:build !linux

package morale_test

import "time"

// threadCPU returns false: the thread's CPU time is read only on Linux.
func threadCPU() (time.Duration, bool) { return 0, false }
