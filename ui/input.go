package ui

import (
	"image"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// Logical screen layout: the App always lays out at ScreenW×ScreenH and
// Ebitengine scales that to the (resizable) window.
const (
	ScreenW   = 1280
	ScreenH   = 720
	PanelW    = 380
	TimelineH = 200
	fieldPad  = 12
)

// Regions are the three parts of the logical screen.
type Regions struct {
	Field, Timeline, Panel image.Rectangle
}

// ScreenRegions is the layout of the logical screen: battlefield top left,
// timeline under it, the tuner panel on the right.
func ScreenRegions() Regions {
	fw := ScreenW - PanelW
	return Regions{
		Field:    image.Rect(0, 0, fw, ScreenH-TimelineH),
		Timeline: image.Rect(0, ScreenH-TimelineH, fw, ScreenH),
		Panel:    image.Rect(fw, 0, ScreenW, ScreenH),
	}
}

// Named returns the region called name ("field", "timeline" or "panel");
// "" or an unknown name gives false.
func (r Regions) Named(name string) (image.Rectangle, bool) {
	switch name {
	case "field":
		return r.Field, true
	case "timeline":
		return r.Timeline, true
	case "panel":
		return r.Panel, true
	}
	return image.Rectangle{}, false
}

// FieldViewport fits a battlefield of size field (cm) into r, keeping its
// aspect ratio, centred, with a small margin.
func FieldViewport(r image.Rectangle, field morale.Vec2) game.Viewport {
	w := float64(r.Dx() - 2*fieldPad)
	h := float64(r.Dy() - 2*fieldPad)
	if field.X > 0 && field.Y > 0 {
		k := math.Min(w/field.X, h/field.Y)
		w, h = field.X*k, field.Y*k
	}
	x := float64(r.Min.X) + (float64(r.Dx())-w)/2
	y := float64(r.Min.Y) + (float64(r.Dy())-h)/2
	return game.Viewport{X: x, Y: y, W: w, H: h, Field: field}
}

// InputState is one tick of raw input, already read from Ebitengine and
// ebitenui. MapInput turns it into commands; it needs no window.
type InputState struct {
	X, Y        int  // cursor, logical screen pixels
	LeftClick   bool // left button just pressed
	LeftHeld    bool // left button down
	RightClick  bool // right button just pressed
	MiddleHeld  bool // middle button down
	Shift       bool // a Shift key is down
	Ctrl        bool // a Control (or, on a Mac, Command) key is down
	WheelY      float64
	UIHovered   bool // the cursor is over the widgets (App.overWidgets: the tuner's panel, the open console) or the Why panel
	ConsoleOpen bool // keys go to the console, not to shortcuts
	Typing      bool // a value is being typed in the tuner: no key is a shortcut
	// Context is the game's pause state (Space toggles it) and the
	// selection, which the bindings' commands depend on.
	Context
	Scene      string       // the scene's name ("": the opening): its bindings
	PanX, PanY int          // arrow keys held: -1, 0 or 1 (the armies' camera)
	Keys       []ebiten.Key // keys just pressed (editing keys also as they repeat)
	Chars      []rune       // characters typed
}

// SoldierFinder hit-tests living soldiers; *game.Battle satisfies it.
type SoldierFinder interface {
	SoldierAt(p morale.Vec2) (id int, ok bool)
}

// Intent is what one tick of input means.
type Intent struct {
	Commands      []game.Command
	Actions       []Action // bindings that are not game commands (Save replay)
	Refused       []error  // keys whose binding gave no command, and why
	Select        bool     // change the selection to SelectID (right-click)
	SelectID      int
	Deselect      bool // right-click on open ground
	ToggleConsole bool
	// Undo and Redo step through the tuner's edits (Ctrl+Z, Ctrl+Shift+Z
	// or Ctrl+Y); ToggleHelp shows or hides the keys (F1, ?).
	Undo, Redo, ToggleHelp bool
}

// MapInput is the one place mouse and keys become game commands:
//
//   - left click on a soldier: Kill him; on open ground: a Shell lands there;
//   - right click on a soldier: select him (for Force rout); on a fallen
//     soldier's body (when hit is a BodyFinder): select him, for his Why
//     as he fell; on ground: deselect;
//     in the armies scene it also selects the squad under the cursor
//     (game.SelectSquad, 0 for none), whose men then show their bars;
//   - clicks over a widget (UIHovered) or outside the battlefield do nothing;
//   - ConsoleKey toggles the console; while it is open no other key is a
//     shortcut;
//   - Ctrl+Z undoes the last tuner edit, Ctrl+Shift+Z (or Ctrl+Y) redoes
//     it; with Control held no other key is a shortcut; F1 or ? shows the
//     keys;
//   - every other key is looked up in Bindings (Space pauses/resumes, N
//     steps one morale tick, 1/2/3 set speed ×0.25/×1/×4, R rallies).
func MapInput(in InputState, vp game.Viewport, hit SoldierFinder) Intent {
	var it Intent
	for _, k := range in.Keys {
		if k == ConsoleKey && !in.Typing {
			it.ToggleConsole = true
		}
	}
	if !in.ConsoleOpen && !in.Typing && !it.ToggleConsole {
		for _, k := range in.Keys {
			switch {
			case k == ebiten.KeyF1:
				it.ToggleHelp = true
			case in.Ctrl && k == ebiten.KeyZ && in.Shift, in.Ctrl && k == ebiten.KeyY:
				it.Redo = true
			case in.Ctrl && k == ebiten.KeyZ:
				it.Undo = true
			}
		}
		if slices.Contains(in.Chars, '?') {
			it.ToggleHelp = true
		}
	}
	// with Control held no key is a binding: Ctrl+Z undoes, it does not
	// revert the what-if
	if !in.ConsoleOpen && !in.Typing && !it.ToggleConsole && !in.Ctrl && len(in.Keys) > 0 {
		bindings := SceneBindings(in.Scene)
		for _, k := range in.Keys {
			for _, b := range bindings {
				if !slices.Contains(b.Keys, k) {
					continue
				}
				if b.Action != NoAction {
					it.Actions = append(it.Actions, b.Action)
					continue
				}
				if c, err := b.Command(in.Context); err != nil {
					it.Refused = append(it.Refused, err)
				} else {
					it.Commands = append(it.Commands, c)
				}
			}
		}
	}
	if in.UIHovered || (!in.LeftClick && !in.RightClick) {
		return it
	}
	p, ok := vp.FieldAt(in.X, in.Y)
	if !ok {
		return it
	}
	id, onSoldier := hit.SoldierAt(p)
	switch {
	case in.LeftClick && onSoldier:
		it.Commands = append(it.Commands, game.Kill{ID: id})
	case in.LeftClick:
		it.Commands = append(it.Commands, game.Shell{At: p})
	case in.RightClick && onSoldier:
		it.Select, it.SelectID = true, id
	case in.RightClick:
		it.Deselect = true
		if bf, ok := hit.(BodyFinder); ok {
			if id, ok := bf.BodyAt(p); ok {
				it.Select, it.SelectID, it.Deselect = true, id, false
			}
		}
	}
	// In the armies scene a right click also selects the squad under the
	// cursor (or none): its men show their morale bars.
	if sf, ok := hit.(SquadFinder); ok && in.RightClick {
		if sq, has := sf.SquadAt(p); has {
			it.Commands = append(it.Commands, game.SelectSquad{ID: sq})
		}
	}
	return it
}

// BodyFinder finds the fallen soldier whose body lies under a field
// point, for a right click that selects him.
type BodyFinder interface {
	BodyAt(p morale.Vec2) (id int, ok bool)
}

// fieldHits is what MapInput hit-tests in the App: the battle's living
// soldiers and squads, and the bodies among soldiers.
type fieldHits struct {
	*game.Battle
	soldiers []game.SoldierView
}

// BodyAt returns the fallen soldier nearest to p within game.HitRadius.
func (f fieldHits) BodyAt(p morale.Vec2) (int, bool) {
	best, id := game.HitRadius, -1
	for _, s := range f.soldiers {
		if d := s.Pos.Dist(p); !s.Alive && d <= best {
			best, id = d, s.ID
		}
	}
	return id, id >= 0
}

// SquadFinder finds the squad under a field point in a battle with squads
// to select; *game.Battle satisfies it (has is false in the opening).
type SquadFinder interface {
	SquadAt(p morale.Vec2) (id morale.SquadID, has bool)
}
