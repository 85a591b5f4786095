//go:build unix

package main

import "syscall"

// noCoreDump sets the core file size limit to zero: the runtime's abort on a
// fatal error (debug.SetTraceback("crash")) is there for its exit status,
// not for a core file as large as the memory that ran out.
func noCoreDump() error {
	return syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{Cur: 0, Max: 0})
}
