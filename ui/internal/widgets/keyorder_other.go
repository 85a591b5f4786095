//go:build !js

package widgets

// frameEnters, natively, does not know the order of a frame's keys:
// Ebitengine tells only the frame's characters and that Enter was pressed
// in it (see keyorder_js.go).
func frameEnters() ([]int, bool) { return nil, false }
