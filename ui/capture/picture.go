package capture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"

	"github.com/moralebreak/moralebreak/game"
)

// SavePicture writes a picture the demo's Save picture key takes
// (ui.Config.Pictures): img, the window at battle time t of future f, as
// a PNG named PictureName in the folder of the weights file weights (the
// working folder without one), or name-2, name-3… when that is taken (a
// picture is never replaced); in the browser, a download. It returns what
// to tell the player: the file's full path.
func SavePicture(weights string, img image.Image, t float64, f game.Future) (string, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return savePNG(weights, PictureName(t, f), buf.Bytes())
}

// PictureName is the file name of a picture at battle time t (seconds) of
// future f: "moralebreak-12.3s.png", "moralebreak-12.3s-A.png" while a
// what-if's original future is shown.
func PictureName(t float64, f game.Future) string {
	name := fmt.Sprintf("moralebreak-%.1fs", math.Max(0, t))
	if f == game.FutureA {
		name += "-A"
	}
	return name + ".png"
}
