// Package ui is the MoraleBreak demo's front end: every ebitenui widget (the
// tuner sliders, the buttons, the console, the message strip) and the ebiten.Game
// that ties the battle, the renderer and the widgets together.
//
// Keys and buttons become game commands through one table, [SceneBindings],
// which [MapInput] (with the mouse), the panel's buttons and [SceneHelp] all read;
// float settings become slider positions in one place, SliderScale of
// package ui/internal/widgets (the demo's own widgets beside ebitenui's:
// the tuner rows' FineSlider, the message Strip, the Console, the palette
// and the helpers that build ebitenui's widgets; none knows the App);
// the tuner's rows ([Tuner]: ebitenui widgets in a ScrollContainer, with a
// TextInput and a ToolTip each) queue edits that the App takes each tick
// (a drag in steps, a Shift-drag ten times finer, a typed value, a reset
// to the default); settings change in one place, [Editor], which
// validates every edit and keeps the last good settings when an edit or a
// reloaded weights file is invalid.
//
// # The panel's layout
//
// The tuner panel (Regions.Panel) is laid out once and never moves: from
// the top, the title and the status line; the message strip (a
// widgets.Strip of StripLines lines) that every message goes into (a
// notice such as a save or a refusal, the session's rewind and what-if
// note, the lint: one slot each, cut with "…" and shown whole on hover
// when they do not fit); the buttons; the selection; the tuner's
// rows, which scroll; the odds panel's slot, when Config.Odds gives one
// (package ui/internal/oddspanel: its title, rows and histogram high
// open, the panel's inner width, just above the foot, whose keys it covers when open); the
// foot (the keys, then the weights file). No message, and not the
// odds panel, moves a widget a user may click, and no message moves the
// odds panel: TestMessagesMoveNoWidget and TestOddsPanelMovesNoWidget lay
// the panel out without a window and compare every widget's rectangle.
//
// [App] is the ebiten.Game: its Update reads input, applies commands to the
// game.Session, ticks it, lays the inspector out and publishes the state;
// its Draw only draws (TestDrawChangesNothing). Package ui/capture wraps it
// for the demo's -screenshot, -gif and -tpslog modes, and the window itself
// is main's to set; package ui/published holds the JSON types of the state
// it publishes (App.Published).
//
// ui imports game (the session, commands and the read-only view), morale
// (settings), its own internal packages (widgets: the demo's own widgets
// and the palette; oddspanel: the odds panel), internal/odds (the odds'
// plain data, the lab's own types), internal/weightsfile (the weights
// file: loading, watching, saving without losing an edit on disk, the
// lint's warnings), assets (fonts), ebitenui and ebiten. It never imports
// render (the renderer comes in through the [Renderer] interface) nor lab:
// the odds of the odds panel and the lint come in through [OddsCounter] and
// Config.Lint, which cmd/demo fills from the balance lab
// (cmd/demo/internal/labodds).
package ui
