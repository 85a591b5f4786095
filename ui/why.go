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
)

// WhyRenderer is a Renderer that also draws the inspector: the Why panel of
// the selected soldier and the timeline's tooltip; *render.Renderer is one.
// A Renderer without it simply shows neither. Update lays them out (the
// text and the place, which the App publishes); Draw only draws them.
type WhyRenderer interface {
	// LayoutWhy lays soldier id's panel out at the top-right of area
	// (id -1: none) and returns its text and where it goes.
	LayoutWhy(area image.Rectangle, g game.View, id int) (string, image.Rectangle)
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
// published state.
type whyState struct {
	mark    *ebiten.Image   // selectionMark's image, built once
	text    string          // the Why panel's text, "" when closed
	rect    image.Rectangle // where it goes
	tooltip string          // the timeline tooltip's text, "" when none
	tx, ty  int             // the cursor the tooltip is for
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
	if a.hasSelected {
		id = a.selected
	}
	v := a.view() // the future shown (whatif.go)
	a.why.text, a.why.rect = wr.LayoutWhy(a.reg.Field, v, id)
	a.why.tx, a.why.ty = ebiten.CursorPosition()
	a.why.tooltip = ""
	if !a.cfg.Capture { // a picture shows no pointer's tooltip
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
// Config.Select; an unknown name is an error listing the valid ones.
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
	return fmt.Errorf("-select: %w: no soldier %q (soldiers: %s)", ErrUnknownSoldier, name, strings.Join(names, ", "))
}
