// Package ui is the MoraleBreak demo's front end: every ebitenui widget (the
// tuner sliders, the buttons, the console, the banners) and the ebiten.Game
// that ties the battle, the renderer and the widgets together.
//
// Keys and buttons become game commands through one table, [Bindings], which
// [MapInput] (with the mouse), the panel's buttons and [HelpText] all read;
// float settings become int slider positions in one place, [SliderScale];
// settings change in one place, [Editor], which validates every edit and
// keeps the last good settings when an edit or a reloaded weights file is
// invalid.
//
// [App] is the ebiten.Game: its Update reads input, applies commands to the
// game.Session, ticks it, lays the inspector out and publishes the state;
// its Draw only draws (TestDrawChangesNothing). Package ui/capture wraps it
// for the demo's -screenshot, -gif and -tpslog modes, and the window itself
// is main's to set.
//
// ui imports game (the session, commands and the read-only view), morale
// (settings), lab (the lint, and the odds of [OddsPanel]), assets (fonts),
// ebitenui and ebiten. It never imports render: the renderer comes in
// through the [Renderer] interface.
package ui
