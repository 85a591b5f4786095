package ui

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/whyplace"
)

// WhyRenderer is a Renderer that also draws the inspector: the Why panel of
// the selected soldier and the timeline's tooltip; *render.Renderer is one.
// A Renderer without it simply shows neither. Update lays them out (the
// text and the place, which the App publishes); Draw only draws them.
type WhyRenderer interface {
	// LayoutWhy lays soldier id's panel out inside area (id -1: none) and
	// returns its text and where it goes.
	LayoutWhy(area image.Rectangle, g game.View, id int) (string, image.Rectangle)
	// MoveWhy moves the panel laid out, its top-left corner to at (kept
	// inside the area), and returns where it goes and its close box.
	MoveWhy(at image.Point) (panel, close image.Rectangle)
	// DrawWhy draws the panel LayoutWhy laid out last, if any.
	DrawWhy(dst *ebiten.Image)
	// TimelineTooltip returns the reason of the timeline marker under
	// (x, y), if any ("" when none).
	TimelineTooltip(timeline image.Rectangle, g game.View, x, y int) string
	// DrawTooltip draws tooltip s for the cursor at (x, y).
	DrawTooltip(dst *ebiten.Image, s string, x, y int)
}

// selMarkSize is the side of the selection mark's image, in pixels.
const selMarkSize = 56

// selectionMark returns the ring and crosshair drawn around the selected
// soldier, drawn once into an image: its anti-aliased strokes, drawn every
// frame, cost Mesa's software GL about ten times the whole frame.
func (a *App) selectionMark() *ebiten.Image {
	if a.why.mark != nil {
		return a.why.mark
	}
	img := ebiten.NewImage(selMarkSize, selMarkSize)
	c := float32(selMarkSize) / 2
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	vector.StrokeCircle(img, c, c, 19, 2.5, white, true)
	for _, d := range [][2]float32{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} { // crosshair ticks
		vector.StrokeLine(img, c+d[0]*15, c+d[1]*15, c+d[0]*25, c+d[1]*25, 2, white, true)
	}
	a.why.mark = img
	return img
}

// whyState is the inspector as Update laid it out, for Draw and the
// published state, and the Why panel's place: chosen (whyplace.Place) or where
// the user dragged it.
type whyState struct {
	mark    *ebiten.Image   // selectionMark's image, built once
	text    string          // the Why panel's text, "" when closed
	rect    image.Rectangle // where it goes
	close   image.Rectangle // its close box
	tooltip string          // the timeline tooltip's text, "" when none
	tx, ty  int             // the cursor the tooltip is for

	corner   int         // the corner whyplace.Place chose last
	full     image.Point // the panel's size laid out in the whole field, for fullID
	fullID   int
	pinned   bool        // the user dragged it: it stays at pin while it keeps off him
	pin      image.Point // its top-left corner there
	dragging bool
	grab     image.Point // the cursor's offset from its corner while dragged
}

// inspect lays the inspector out (Update's): the selected soldier's Why
// panel and, when the cursor is on a timeline marker, its tooltip.
func (a *App) inspect() {
	wr, ok := a.r.(WhyRenderer)
	if !ok {
		a.why.text, a.why.rect, a.why.tooltip = "", image.Rectangle{}, ""
		return
	}
	id := -1
	switch {
	case a.selectedSquad() != 0:
		id = int(a.selectedSquad()) // the armies: the squad's men's Why
	case a.hasSelected:
		id = a.selected
	}
	v := a.view() // the future shown (whatif.go)
	w := &a.why
	// The area the panel is laid out in: the field, or, when no corner of
	// the field would keep a panel of its full size (as last laid out in
	// the field) off him, the room beside him (no taller than it).
	field := a.reg.Field // below the clock's row
	field.Min.Y += whyplace.HUDBottom
	area := field
	var self image.Point
	var others []image.Point
	if w.pinned && !w.dragging && id != -1 && w.rect != (image.Rectangle{}) {
		// where it was dropped, unless it would cover the man it
		// explains (another selected under it, or he walked under it):
		// then placed as if never dragged
		if me, _ := a.whyAvoid(id); whyplace.Covers(me, image.Rectangle{Min: w.pin, Max: w.pin.Add(w.rect.Size())}) {
			w.pinned = false
		}
	}
	if !w.pinned {
		self, others = a.whyAvoid(id)
		if w.fullID != id {
			w.full = image.Point{}
		}
		if w.full != (image.Point{}) {
			if _, at := whyplace.Place(area, w.full, self, others, w.corner); whyplace.Covers(self, image.Rectangle{Min: at, Max: at.Add(w.full)}) {
				if room, ok := whyplace.Room(area, self, w.full.X); ok {
					area = room
				}
			}
		}
	}
	w.text, w.rect = wr.LayoutWhy(area, v, id)
	if w.text != "" {
		at := w.pin
		if !w.pinned {
			w.corner, at = whyplace.Place(area, w.rect.Size(), self, others, w.corner)
			if area == field {
				w.full, w.fullID = w.rect.Size(), id
				if room, ok := whyplace.Room(area, self, w.full.X); ok && whyplace.Covers(self, image.Rectangle{Min: at, Max: at.Add(w.full)}) {
					w.text, w.rect = wr.LayoutWhy(room, v, id) // the first time only: then full says so
					w.corner, at = whyplace.Place(room, w.rect.Size(), self, others, w.corner)
				}
			}
		}
		w.rect, w.close = wr.MoveWhy(at)
	}
	a.why.tx, a.why.ty = ebiten.CursorPosition()
	a.why.tooltip = ""
	// scrubbing, or in a picture (which shows no pointer), it would only be in the way
	if !a.rewind.dragging && !a.con.IsOpen() && !a.cfg.Capture {
		a.why.tooltip = wr.TimelineTooltip(a.reg.Timeline, v, a.why.tx, a.why.ty)
	}
}

// drawWhy draws the inspector as inspect laid it out.
func (a *App) drawWhy(screen *ebiten.Image) {
	wr, ok := a.r.(WhyRenderer)
	if !ok {
		return
	}
	if a.why.text != "" {
		wr.DrawWhy(screen.SubImage(a.reg.Field).(*ebiten.Image))
	}
	wr.DrawTooltip(screen, a.why.tooltip, a.why.tx, a.why.ty)
}

// ErrUnknownSoldier is why NewApp refuses a Config.Select that names no
// soldier: bad input (the demo exits with status 2).
var ErrUnknownSoldier = errors.New("no such soldier")

// selectByName selects the soldier called name (case-insensitive), for
// Config.Select; an unknown name is an error listing the valid ones, or
// saying that the scene's men have none.
func (a *App) selectByName(name string) error {
	a.soldiers = a.appendSoldiers()
	names := make([]string, 0, len(a.soldiers))
	for _, s := range a.soldiers {
		if strings.EqualFold(s.Name, name) {
			a.selectSoldier(s.ID, true)
			return nil
		}
		names = append(names, s.Name)
	}
	if len(names) == 0 { // the armies: no man has a name
		return fmt.Errorf("-select: %w: no soldier %q: the %s scene's men have no names (right-click a squad to select it)", ErrUnknownSoldier, name, a.g.Scene().Name())
	}
	return fmt.Errorf("-select: %w: no soldier %q (soldiers: %s)", ErrUnknownSoldier, name, strings.Join(names, ", "))
}

// whyInput handles the tick's clicks on the Why panel: a click on its
// close box deselects, a press elsewhere on it drags it (it then stays
// where it was dropped, for the soldiers selected after too, unless it
// would cover the one it explains: inspect). It returns in with clicks on the panel marked
// as over the UI, so that they do not reach the battlefield.
func (a *App) whyInput(in InputState) InputState {
	w := &a.why
	p := image.Pt(in.X, in.Y)
	switch {
	case w.dragging && in.LeftHeld:
		w.pin = p.Sub(w.grab)
	case w.dragging:
		w.dragging = false
	case w.text != "" && in.LeftClick && p.In(w.close):
		a.selectSoldier(a.selected, false)
	case w.text != "" && in.LeftClick && p.In(w.rect):
		w.dragging, w.pinned, w.grab, w.pin = true, true, p.Sub(w.rect.Min), w.rect.Min
	}
	if w.text != "" && p.In(w.rect) || w.dragging {
		in.UIHovered = true
	}
	return in
}

// whyAvoid returns, in screen pixels, the selected soldier id (the Why
// panel must not cover him) and what it had better not cover: the other
// living soldiers and the enemy line.
func (a *App) whyAvoid(id int) (self image.Point, others []image.Point) {
	return a.scene().whyAvoid(a, a.viewport(), id) // scenes.go
}
