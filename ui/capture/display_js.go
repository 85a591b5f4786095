//go:build js

package capture

import "fmt"

// CheckDisplay: the browser always has a canvas.
func CheckDisplay() error { return nil }

// ExplainStartError formats a start failure.
func ExplainStartError(v any) string { return fmt.Sprint(v) }
