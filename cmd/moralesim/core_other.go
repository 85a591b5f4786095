//go:build !unix

package main

// noCoreDump does nothing where the runtime's abort writes no core file.
func noCoreDump() error { return nil }
