//go:build js

package ui

// savePNG offers data, a PNG, to the browser as a download named name.
func savePNG(_, name string, data []byte) (string, error) {
	return offerDownload(name, "image/png", data), nil
}
