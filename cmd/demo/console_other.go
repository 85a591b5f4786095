//go:build !windows

package main

// useParentConsole has nothing to do outside Windows: the demo always has
// the standard output and error it was started with.
func useParentConsole() {}

// showFatal has nothing to do outside Windows: the error is on standard
// error.
func showFatal(string) {}
