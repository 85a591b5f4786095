package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/moralebreak/moralebreak/game"
)

// panelMaxAge is the most frames the cached panel is shown without a
// redraw, whatever changed or not: a safety net for any change the
// fingerprint does not see (two redraws a second at 60 FPS).
const panelMaxAge = 30

// statusMinAge is the fewest frames between two redraws for a change of
// the status line alone (its clock and TPS change with every tick): at
// most three redraws a second at 60 FPS, so that a slow frame rate does not
// make every frame a redraw. The field's clock shows every frame.
const statusMinAge = 20

// panelCache keeps the widgets' last rendering, so that a frame in which
// nothing in the panel changed costs one copy of the panel instead of a
// full ebitenui render. Under Mesa's software renderer that render is the
// frame's largest cost: the tuner's scroll container alone clears and
// composites two screen-sized buffers (ebitenui's MaskedRenderBuffer).
type panelCache struct {
	img       *ebiten.Image // the widgets drawn over transparency, screen-sized
	key       uint64        // fingerprint of what they showed, but the status line
	status    string        // the status line they showed
	age       int           // frames since the last redraw
	cx, cy    int           // the cursor at the last frame
	inputDown bool          // a mouse button or key was down at the last frame
	keys      []ebiten.Key
	chars     []rune
	// shownOn is the screen the cache was last copied onto, when that
	// screen keeps its pixels between frames (not cleared) and nothing
	// has covered the panel since: the copy can be skipped.
	shownOn *ebiten.Image
}

// drawWidgets draws the ebitenui widgets onto screen: from the cache when
// nothing they show changed, the input left them alone and the cache is
// younger than panelMaxAge frames; else it renders them again. The copy
// itself is skipped when screen is the one it went onto last and the screen
// is not cleared between frames (nothing else draws into the panel). While
// the console is open (it lies over the battlefield and its caret blinks)
// it renders every frame.
func (a *App) drawWidgets(screen *ebiten.Image) {
	pc := &a.panel
	if a.consoleOpen {
		a.ui.Draw(screen)
		pc.age = panelMaxAge // redraw the cache once it closes
		pc.shownOn = nil
		return
	}
	key, status := a.panelKey(), a.w.status.Label
	if pc.img == nil || pc.img.Bounds().Size() != screen.Bounds().Size() {
		if pc.img != nil {
			pc.img.Deallocate()
		}
		pc.img = ebiten.NewImage(screen.Bounds().Dx(), screen.Bounds().Dy())
		pc.age = panelMaxAge
	}
	if pc.inputChanged(a.reg.Panel) || key != pc.key || pc.age >= panelMaxAge ||
		(status != pc.status && pc.age >= statusMinAge) {
		pc.img.Clear()
		a.ui.Draw(pc.img)
		pc.key, pc.status, pc.age = key, status, 0
		pc.shownOn = nil
	}
	pc.age++
	if pc.shownOn == screen && !ebiten.IsScreenClearedEveryFrame() {
		return // the panel's pixels from the last copy are still there
	}
	pc.shownOn = screen
	r := a.reg.Panel.Intersect(pc.img.Bounds())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	screen.DrawImage(pc.img.SubImage(r).(*ebiten.Image), op)
}

// background is the colour behind the field and the timeline.
var background = color.NRGBA{0x12, 0x16, 0x1b, 0xff}

// fillBackground fills what the frame draws translucently or not at all:
// the timeline's region and the field's region around the viewport. The
// screen is not cleared between frames (main turns that off), the field's
// ground covers the viewport opaquely and the panel is opaque, so under
// Mesa's software renderer this spares two thirds of a screen-sized fill
// per frame.
func (a *App) fillBackground(screen *ebiten.Image, vp game.Viewport) {
	f := a.reg.Field
	in := image.Rect(int(math.Ceil(vp.X)), int(math.Ceil(vp.Y)), int(math.Floor(vp.X+vp.W)), int(math.Floor(vp.Y+vp.H))).Intersect(f)
	if in.Empty() {
		in = image.Rectangle{Min: f.Min, Max: f.Min}
	}
	for _, r := range []image.Rectangle{
		a.reg.Timeline,
		image.Rect(f.Min.X, f.Min.Y, f.Max.X, in.Min.Y),   // above the viewport
		image.Rect(f.Min.X, in.Max.Y, f.Max.X, f.Max.Y),   // below
		image.Rect(f.Min.X, in.Min.Y, in.Min.X, in.Max.Y), // left
		image.Rect(in.Max.X, in.Min.Y, f.Max.X, in.Max.Y), // right
	} {
		if !r.Empty() {
			screen.SubImage(r).(*ebiten.Image).Fill(background)
		}
	}
}

// inputChanged reports whether the input may have changed how a widget
// looks: the cursor moved into, inside or out of the panel, or a mouse
// button, the wheel or a key is down now or was at the last frame.
func (pc *panelCache) inputChanged(panel image.Rectangle) bool {
	x, y := ebiten.CursorPosition()
	in := image.Pt(x, y).In(panel)
	was := image.Pt(pc.cx, pc.cy).In(panel)
	moved := (x != pc.cx || y != pc.cy) && (in || was)
	pc.cx, pc.cy = x, y
	pc.keys = inpututil.AppendPressedKeys(pc.keys[:0])
	pc.chars = ebiten.AppendInputChars(pc.chars[:0])
	wx, wy := ebiten.Wheel()
	down := len(pc.keys) > 0 || len(pc.chars) > 0 || wx != 0 || wy != 0 ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	changed := moved || down || pc.inputDown
	pc.inputDown = down
	return changed
}

// panelKey fingerprints everything the App changes in the widgets but the
// status line: the labels it sets, the banner and lint boxes, the sliders
// and the speed and pause buttons.
func (a *App) panelKey() uint64 {
	w := a.w
	h := fnvHash(14695981039346656037)
	h.str(w.selText.Label)
	h.str(w.bannerText.Label)
	h.str(w.lintText.Label)
	h.str(w.fileNote.Label)
	h.str(w.pauseBtn.Text().Label)
	for _, box := range []*widget.Container{w.bannerBox, w.lintBox} {
		h.word(uint64(box.GetWidget().GetVisibility()))
	}
	h.word(math.Float64bits(a.g.Speed()))
	h.word(uint64(len(w.rows)))
	for _, r := range w.rows {
		h.word(uint64(r.slider.Current))
		h.str(r.value.Label)
	}
	return uint64(h)
}

// fnvHash is FNV-1a over words and strings.
type fnvHash uint64

func (h *fnvHash) word(v uint64) {
	for range 8 {
		*h ^= fnvHash(v & 0xff)
		*h *= 1099511628211
		v >>= 8
	}
}

func (h *fnvHash) str(s string) {
	h.word(uint64(len(s)))
	for i := 0; i < len(s); i++ {
		*h ^= fnvHash(s[i])
		*h *= 1099511628211
	}
}
