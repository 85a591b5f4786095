// Package assets embeds MoraleBreak's sprites and fonts and loads them into
// Ebitengine images and text faces.
//
// Everything is embedded with //go:embed, so the demo is a single binary.
// Load decodes it all once; the returned *Assets is then shared read-only by
// render/ and ui/. There is no package-level mutable state and no init.
//
// The sprites are drawn facing +X (east), seen from above, by the program in
// internal/spritegen; regenerate them with `go generate ./assets`.
package assets

//go:generate go run ./internal/spritegen -out sprites

import (
	"bytes"
	"embed"
	"fmt"
	"image"
	_ "image/png" // the embedded sprites are PNGs

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

//go:embed sprites/*.png
var spriteFS embed.FS // read-only

// Sprite names one embedded sprite.
type Sprite string

// The embedded sprites. Soldiers face +X; their image centre is the body's
// centre.
const (
	// Soldier is a friendly soldier standing, seen from above (64×64).
	Soldier Sprite = "soldier"
	// Fallen is a friendly soldier lying down, head towards +X (64×64).
	Fallen Sprite = "fallen"
	// Enemy is an enemy soldier standing (64×64).
	Enemy Sprite = "enemy"
	// EnemyDown is an enemy soldier lying down (64×64).
	EnemyDown Sprite = "enemy_down"
	// Crate is a wooden crate, a square piece of cover (48×48).
	Crate Sprite = "crate"
	// Sandbags is a horizontally tileable stretch of sandbag wall (64×32).
	Sandbags Sprite = "sandbags"
	// Flag is the rally flag on its pole; the pole's foot is at (11, 60) (48×64).
	Flag Sprite = "flag"
	// Ground is a seamless 256×256 tile of grass and trampled dirt.
	Ground Sprite = "ground"
)

// Sprites lists every embedded sprite, in a stable order.
func Sprites() []Sprite {
	return []Sprite{Soldier, Fallen, Enemy, EnemyDown, Crate, Sandbags, Flag, Ground}
}

// FlagFootX and FlagFootY locate the foot of the pole inside the Flag
// sprite, in sprite pixels: draw the sprite offset by (-FlagFootX,
// -FlagFootY) to plant the flag on a point.
const (
	FlagFootX = 11
	FlagFootY = 60
)

// Assets holds the decoded sprites and font sources. It is safe to share;
// nothing in it changes after Load.
type Assets struct {
	images  map[Sprite]*ebiten.Image
	regular *text.GoTextFaceSource
	bold    *text.GoTextFaceSource
	mono    *text.GoTextFaceSource
	// minSize is the least size of a face, in logical pixels (LegibleAt;
	// 0 after Load).
	minSize float64
}

// MinTextPx is the least size of any text the demo draws, in the window's
// pixels, in a window at least MinLegibleScale times the logical screen
// (960×540): a face of size s drawn in a window k times the logical screen
// is s·k pixels high.
const MinTextPx = 10

// MinLegibleScale is the smallest window, as a multiple of the logical
// screen, in which LegibleAt keeps every text at least MinTextPx high:
// in a smaller one the layout has no room for faces larger still, and text
// is as in a window of this scale, shrunk with it.
const MinLegibleScale = 0.75

// LegibleAt returns the assets for a window k times the size of the
// logical screen (the demo's -scale): the same sprites and fonts, with
// every face (Face, BoldFace, MonoFace, UIFace) at least
// MinTextPx/max(k, MinLegibleScale) logical pixels, so that no text in a
// window of MinLegibleScale or more is under MinTextPx pixels. A face
// asked for larger keeps its size; for k ≥ 1 nothing changes (the smallest
// face the demo asks for is larger than MinTextPx). a itself is left as
// it is.
func (a *Assets) LegibleAt(k float64) *Assets {
	b := *a
	b.minSize = MinTextPx / max(k, MinLegibleScale)
	return &b
}

// size is a face's size: size, or the least LegibleAt allows.
func (a *Assets) size(size float64) float64 { return max(size, a.minSize) }

// Load decodes every embedded sprite and font. It may be called before
// ebiten.RunGame; the images are uploaded to the GPU when first drawn.
func Load() (*Assets, error) {
	a := &Assets{images: make(map[Sprite]*ebiten.Image, len(Sprites()))}
	for _, s := range Sprites() {
		img, err := Decode(s)
		if err != nil {
			return nil, err
		}
		a.images[s] = ebiten.NewImageFromImage(img)
	}
	var err error
	if a.regular, err = text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF)); err != nil {
		return nil, fmt.Errorf("assets: go regular font: %w", err)
	}
	if a.bold, err = text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF)); err != nil {
		return nil, fmt.Errorf("assets: go bold font: %w", err)
	}
	if a.mono, err = text.NewGoTextFaceSource(bytes.NewReader(gomono.TTF)); err != nil {
		return nil, fmt.Errorf("assets: go mono font: %w", err)
	}
	return a, nil
}

// Decode decodes one embedded sprite into a plain image.Image, without
// Ebitengine. It fails for a name that is not one of Sprites().
func Decode(s Sprite) (image.Image, error) {
	data, err := spriteFS.ReadFile("sprites/" + string(s) + ".png")
	if err != nil {
		return nil, fmt.Errorf("assets: no sprite %q", s)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("assets: decode sprite %q: %w", s, err)
	}
	return img, nil
}

// Image returns the loaded sprite s, or nil if s is not one of Sprites().
// The image is shared: draw from it, never onto it.
func (a *Assets) Image(s Sprite) *ebiten.Image { return a.images[s] }

// Face returns the Go Regular font at size pixels (at least LegibleAt's
// least size).
func (a *Assets) Face(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: a.regular, Size: a.size(size)}
}

// BoldFace returns the Go Bold font at size pixels (at least LegibleAt's
// least size).
func (a *Assets) BoldFace(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: a.bold, Size: a.size(size)}
}

// MonoFace returns the Go Mono font at size pixels (for the console and
// debug numbers; at least LegibleAt's least size).
func (a *Assets) MonoFace(size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: a.mono, Size: a.size(size)}
}

// UIFace returns the Go Regular font at size pixels as a *text.Face, the form
// ebitenui's widget options take.
func (a *Assets) UIFace(size float64) *text.Face {
	var f text.Face = a.Face(size)
	return &f
}

// UIBoldFace returns the Go Bold font at size pixels as a *text.Face.
func (a *Assets) UIBoldFace(size float64) *text.Face {
	var f text.Face = a.BoldFace(size)
	return &f
}
