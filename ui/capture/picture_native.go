//go:build !js

package capture

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// maxPictureTries bounds the names savePNG tries beside a taken one.
const maxPictureTries = 1000

// savePNG writes data, a PNG, as name in the folder of the weights file
// weights (the working folder without one), or as name-2, name-3… when
// that is taken (a picture is never replaced), and returns what to tell
// the player: the file's full path.
func savePNG(weights, name string, data []byte) (string, error) {
	dir := "."
	if weights != "" {
		dir = filepath.Dir(weights)
	}
	base, ext := strings.TrimSuffix(name, ".png"), ".png"
	for k := 1; k <= maxPictureTries; k++ {
		path := filepath.Join(dir, base+ext)
		if k > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", base, k, ext))
		}
		if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
			if err != nil {
				return "", err
			}
			continue
		}
		if err := safefile.WriteFile(path, data); err != nil {
			return "", err
		}
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		return "saved picture " + path, nil
	}
	return "", fmt.Errorf("%s: %d pictures of this moment already; remove some", filepath.Join(dir, name), maxPictureTries)
}
