package ui

import (
	"hash/maphash"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// panelMaxAge is the most frames the cached panel is shown without a
// redraw, whatever changed or not: a safety net for any change the
// fingerprint does not see (every 5 s at 60 FPS). A redraw costs Mesa's
// software renderer about three frames' worth of pixels (the tuner's scroll
// container clears and composites two screen-sized buffers), so it must
// not come often.
const panelMaxAge = 300

// panelCache keeps the widgets' last rendering, so that a frame in which
// nothing in the panel changed costs at most one copy of the panel instead
// of a full ebitenui render. The panel's live lines (the status line, whose
// clock changes with every tick, and the selected soldier's line, whose
// morale does) are not in the cached image: they are drawn over it on their
// own, into the screen, whenever their text changes.
type panelCache struct {
	img *ebiten.Image // the widgets drawn over transparency, screen-sized, live lines invisible
	// Update's: want counts the changes that call for a redraw (mark),
	// after key, the fingerprint of what the widgets show but the live
	// lines' text, or the input changed, or age ticks went by.
	want      uint64
	key       uint64
	hash      maphash.Hash // panelKey's: its seed, drawn at first use, stays
	age       int          // ticks since want last moved
	cx, cy    int          // the cursor at the last Update
	inputDown bool         // a mouse button or key was down at the last Update
	keys      []ebiten.Key
	chars     []rune
	// Draw's, what img holds: have is the want it was drawn for.
	have uint64
	// shownOn is the screen the cache was last copied onto, when that
	// screen keeps its pixels between frames (not cleared) and nothing
	// has covered the panel since: the copy can be skipped.
	shownOn *ebiten.Image
	// live holds the live lines' text as last drawn onto shownOn.
	live [2]string
}

// liveLine is one of the panel's lines drawn apart from the cache: its
// widget (invisible: it only holds the text and its place), the face and
// the colour it is drawn in.
type liveLine struct {
	t    *widget.Text
	face text.Face
	c    color.Color
}

// liveLines are the panel's live lines, in panelCache.live's order.
func (a *App) liveLines() [2]liveLine {
	return [2]liveLine{{a.w.status, a.w.small, widgets.ColDim}, {a.w.selText, a.w.face, widgets.ColText}}
}

// caretTicks is how often, in ticks, the panel is drawn again while a
// tuner row's value is typed: ebitenui's TextInput moves its caret's blink
// on only when it is drawn (every 450 ms), so an idle cache would freeze
// the caret.
const caretTicks = 6

// markPanel is the panel cache's part of every Update's end: when the
// widgets' fingerprint changed, the input changed how they may look
// (pollPanelInput), the cache is panelMaxAge ticks old, or caretTicks old
// while a value is typed, the next Draw renders them again.
func (a *App) markPanel() {
	pc := &a.panel
	pc.age++
	if key := a.panelKey(); key != pc.key || pc.age >= panelMaxAge || pc.age >= caretTicks && a.tuner.Editing() {
		pc.key, pc.age = key, 0
		pc.want++
	}
}

// pollPanelInput is the panel cache's reading of the input, in Update:
// when the cursor, a button, the wheel or a key may have changed how a
// widget looks (inputChanged), the next markPanel calls for a redraw.
func (a *App) pollPanelInput() {
	if a.panel.inputChanged(a.reg.Panel) {
		a.panel.age = panelMaxAge
	}
}

// drawWidgets draws the ebitenui widgets onto screen: from the cache
// unless the last Update called for a redraw (markPanel) or the screen's
// size changed; else it renders them again. The copy itself is skipped
// when screen is the one it went onto last and the screen is not cleared
// between frames (nothing else draws into the panel but the tooltips, the
// timeline's and a tuner row's (drawTip), after which Draw clears
// shownOn); then only a live line whose
// text changed is drawn again, over its row of the cache. The live lines
// are invisible in the widgets (buildWidgets gives them no colour, so a
// clock that changes every tick does not call for a redraw): liveLine.draw
// draws their text (refresh cuts each line to the panel's width). Draw
// writes only the cache's own fields (img, have, shownOn, live), never a
// widget.
func (a *App) drawWidgets(screen *ebiten.Image) {
	pc := &a.panel
	lines := a.liveLines()
	fresh := pc.img == nil || pc.img.Bounds().Size() != screen.Bounds().Size()
	if fresh {
		if pc.img != nil {
			pc.img.Deallocate()
		}
		// its own texture, not on an atlas: a screen-sized image makes an
		// atlas page grow, and stay grown
		pc.img = ebiten.NewImageWithOptions(screen.Bounds(), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if fresh || pc.have != pc.want {
		pc.img.Clear()
		a.ui.Draw(pc.img)
		pc.have = pc.want
		pc.shownOn = nil
	}
	if pc.shownOn != screen || ebiten.IsScreenClearedEveryFrame() {
		pc.shownOn = screen
		pc.copyTo(screen, a.reg.Panel)
	} else {
		changed := false
		for i, l := range lines {
			changed = changed || pc.live[i] != l.t.Label
		}
		if !changed {
			return // the panel's pixels from the last frame are still there
		}
		// Every live line's row goes back to the cache, then every live
		// line is drawn again: a row restored for one line may cross
		// another's.
		for _, l := range lines {
			pc.copyTo(screen, a.liveRow(l.t))
		}
	}
	for i, l := range lines {
		l.draw(screen)
		pc.live[i] = l.t.Label
	}
}

// drawTip draws a tuner row's Doc, ebitenui's ToolTip, which the widgets
// drew into the cache with them, again from the cache, over everything
// drawn after the widgets: the odds panel under the tuner, the console,
// the Why panel, the field (where it reaches). Draw calls it last, so that
// no panel covers the tooltip's end (TestTunerTipOverEveryPanel).
func (a *App) drawTip(screen *ebiten.Image) {
	if r := a.tuner.tipRect(); a.panel.img != nil && !r.Empty() {
		a.panel.copyTo(screen, r)
	}
}

// draw draws the line's text where its widget was laid out, as ebitenui
// draws a Text of its face with no padding, left and top aligned: a line
// of the face's line height a row.
func (l liveLine) draw(screen *ebiten.Image) {
	r := l.t.GetWidget().Rect
	_, lh := text.Measure(" ", l.face, 0)
	for i, line := range strings.Split(l.t.Label, "\n") {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y)+lh*float64(i))
		op.ColorScale.ScaleWithColor(l.c)
		text.Draw(screen, line, l.face, op)
	}
}

// copyTo copies the cache's rectangle r (clipped to the cache) onto screen
// at the same place.
func (pc *panelCache) copyTo(screen *ebiten.Image, r image.Rectangle) {
	r = r.Intersect(pc.img.Bounds())
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	screen.DrawImage(pc.img.SubImage(r).(*ebiten.Image), op)
}

// liveRow is the part of the panel a live line's text may cover: its
// widget's rows, 2 pixels more above and below for anti-aliasing, across
// the whole panel (a line longer than its widget runs on to the right).
func (a *App) liveRow(t *widget.Text) image.Rectangle {
	r := t.GetWidget().Rect
	p := a.reg.Panel
	return image.Rect(p.Min.X, r.Min.Y-2, p.Max.X, r.Max.Y+2).Intersect(p)
}

// backdropRenderer is a Renderer whose DrawTimeline can fill its rectangle
// opaquely with a colour (*render.Renderer is one): then fillBackground
// leaves the timeline's region to it.
type backdropRenderer interface {
	SetTimelineBackdrop(c color.Color)
}

// backgroundState is what fillBackground filled last, so that it fills again
// only what may have changed.
type backgroundState struct {
	screen *ebiten.Image // the screen it filled last, nil before the first frame
	vp     game.Viewport // the viewport around which it filled
	cover  bool          // something was drawn over the margins last frame
	opaque bool          // the renderer fills the timeline itself (backdropRenderer)
}

// fillBackground fills what the frame draws translucently or not at all:
// the timeline's region (unless the renderer fills it, backdropRenderer)
// and the field's region around the viewport. The screen is not cleared
// between frames (main turns that off), the field's ground covers the
// viewport opaquely and the panel is opaque, so under Mesa's software
// renderer this spares most of a screen-sized fill per frame. The margins
// around the viewport keep their fill from frame to frame: they are filled
// again only on a new screen or viewport, or after a frame that drew over
// them (the selection, the Why panel, the timeline's tooltip, the console);
// only the viewport's edge pixels, which the field may draw translucently,
// are filled every frame.
func (a *App) fillBackground(screen *ebiten.Image, vp game.Viewport) {
	bs := &a.bg
	f := a.reg.Field
	in := image.Rect(int(math.Ceil(vp.X)), int(math.Ceil(vp.Y)), int(math.Floor(vp.X+vp.W)), int(math.Floor(vp.Y+vp.H))).Intersect(f)
	if in.Empty() {
		in = image.Rectangle{Min: f.Min, Max: f.Min}
	}
	around := f
	if bs.screen == screen && bs.vp == vp && !bs.cover && !ebiten.IsScreenClearedEveryFrame() {
		// the margins still hold their fill: only the edge pixels between
		// the viewport's inner and outer whole-pixel rectangles
		around = image.Rect(int(math.Floor(vp.X)), int(math.Floor(vp.Y)), int(math.Ceil(vp.X+vp.W)), int(math.Ceil(vp.Y+vp.H))).Intersect(f)
	}
	bs.screen, bs.vp = screen, vp
	var timeline image.Rectangle
	if !bs.opaque {
		timeline = a.reg.Timeline
	}
	for _, r := range []image.Rectangle{
		timeline,
		image.Rect(around.Min.X, around.Min.Y, around.Max.X, in.Min.Y), // above the viewport
		image.Rect(around.Min.X, in.Max.Y, around.Max.X, around.Max.Y), // below
		image.Rect(around.Min.X, in.Min.Y, in.Min.X, in.Max.Y),         // left
		image.Rect(in.Max.X, in.Min.Y, around.Max.X, in.Max.Y),         // right
	} {
		if !r.Empty() {
			screen.SubImage(r).(*ebiten.Image).Fill(widgets.Background)
		}
	}
}

// inputChanged reports whether the input may have changed how a widget
// looks: the cursor moved into, inside or out of the panel, or a mouse
// button, the wheel or a key is down now or was at the last Update.
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
// live lines' text: the labels it sets, the message strip's lines, the
// sliders, the speed and pause buttons, and the live lines' numbers of
// lines (they do not wrap: one more line moves the rows under it; their
// widths do not count, the panel's one column is wider than they are).
func (a *App) panelKey() uint64 {
	w := a.w
	h := &a.panel.hash
	h.Reset()
	for _, l := range a.liveLines() {
		maphash.WriteComparable(h, strings.Count(l.t.Label, "\n"))
	}
	for _, m := range a.strip.Messages() { // the strip's lines follow from them
		maphash.WriteComparable(h, m.Text)
		maphash.WriteComparable(h, m.Tone)
	}
	maphash.WriteComparable(h, w.fileNote.Label)
	maphash.WriteComparable(h, w.pauseBtn.Text().Label)
	maphash.WriteComparable(h, math.Float64bits(a.g.Speed()))
	a.tuner.hash(h)
	maphash.WriteComparable(h, a.oddsFolded)
	return h.Sum64()
}
