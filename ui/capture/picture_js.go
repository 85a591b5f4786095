//go:build js

package capture

import "github.com/moralebreak/moralebreak/internal/safefile"

// savePNG offers data, a PNG, to the browser as a download named name.
func savePNG(_, name string, data []byte) (string, error) {
	return safefile.Offer(name, "image/png", data), nil
}
