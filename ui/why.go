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
// A Renderer without it simply shows neither.
type WhyRenderer interface {
	// DrawWhy draws soldier id's panel at the top-right of area and
	// returns its text and where it went.
	DrawWhy(dst *ebiten.Image, area image.Rectangle, g game.View, id int) (string, image.Rectangle)
	// DrawTimelineTooltip draws the reason of the timeline marker under
	// (x, y), if any, and returns it ("" when none).
	DrawTimelineTooltip(dst *ebiten.Image, timeline image.Rectangle, g game.View, x, y int) string
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

// whyState is what the App last showed of the inspector.
type whyState struct {
	mark    *ebiten.Image   // selectionMark's image, built once
	text    string          // the Why panel's text, "" when closed
	rect    image.Rectangle // where it was drawn
	tooltip string          // the timeline tooltip's text, "" when none
}

// drawWhy draws the selected soldier's Why panel over the field and, when
// the cursor is on a timeline marker, its tooltip. It also tells the battle
// who is selected, for MoraleBreak.Why without a name.
func (a *App) drawWhy(screen *ebiten.Image) {
	a.shell.Select(a.selected, a.hasSelected)
	wr, ok := a.r.(WhyRenderer)
	if !ok {
		a.why.text, a.why.rect, a.why.tooltip = "", image.Rectangle{}, ""
		return
	}
	a.why.text, a.why.rect = "", image.Rectangle{}
	if a.hasSelected {
		field := screen.SubImage(a.reg.Field).(*ebiten.Image)
		a.why.text, a.why.rect = wr.DrawWhy(field, a.reg.Field, a.g, a.selected)
	}
	x, y := ebiten.CursorPosition()
	a.why.tooltip = wr.DrawTimelineTooltip(screen, a.reg.Timeline, a.g, x, y)
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
			a.selected, a.hasSelected = s.ID, true
			a.shell.Select(s.ID, true)
			return nil
		}
		names = append(names, s.Name)
	}
	return fmt.Errorf("-select: %w: no soldier %q (soldiers: %s)", ErrUnknownSoldier, name, strings.Join(names, ", "))
}
