package ui

import (
	"context"
	"errors"
	"image"
	"math"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/oddspanel"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
	"github.com/moralebreak/moralebreak/ui/published"
)

// Renderer draws the battle from its read-only game.View; *render.Renderer
// satisfies it. ui and render never import each other.
type Renderer interface {
	DrawField(dst *ebiten.Image, vp game.Viewport, g game.View)
	DrawTimeline(dst *ebiten.Image, r image.Rectangle, g game.View)
}

// Config is how the demo runs the App.
type Config struct {
	// WeightsPath is the weights.toml that Save writes and that is watched
	// for outside edits ("" = none). Ignored in the browser.
	WeightsPath string
	// ReplayPath is the file Save replay writes ("" = none; the browser
	// offers a download instead).
	ReplayPath string
	// StatePath, when set, receives the published soldier state as JSON after
	// every tick (tests drive the demo with it; the browser build publishes
	// the same to globalThis.moraleBreak instead).
	StatePath string
	// Select names the soldier selected at the start ("" = none): his Why
	// panel is open from the first frame (-select; -screenshot with it).
	Select string
	// Capture makes every frame a picture for the docs (-screenshot,
	// -gif): nothing in it depends on the wall clock, the machine or the
	// pointer (no measured TPS, no tooltip), so that two runs give the
	// same bytes.
	Capture bool
	// Clean hides the tuner panel and the field's HUD (-clean): the
	// battle and its timeline only, and the Why panel of a selection.
	Clean bool
	// Odds counts the odds the odds panel shows for the live settings
	// (cmd/demo fills it from a lab scenario); nil: no odds panel. The
	// App closes it.
	Odds OddsCounter
	// Pictures writes the Save picture key's picture beside the weights
	// file (WeightsPath): img, the window at battle time t of future f; it
	// returns what to tell the player (cmd/demo: capture.SavePicture);
	// nil: no pictures.
	Pictures func(weights string, img image.Image, t float64, f game.Future) (string, error)
	// Lint lints the live settings, for the strip's lint line (cmd/demo
	// fills it with the lab's lint); nil: no lint.
	Lint func(morale.Settings) []weightsfile.Warning
}

// App is the ebiten.Game of the demo: the battle, the renderer and the
// widgets. The window (title, size, TPS) is main's to set; package
// ui/capture wraps an App for the -screenshot, -gif and -tpslog modes.
type App struct {
	cfg   Config
	g     *game.Session
	shell *game.Console // the game's console, which the console panel runs
	r     Renderer
	as    *assets.Assets

	ui     *ebitenui.UI
	w      *panelWidgets
	editor *Editor
	tuner  *Tuner // the tuner's rows (tuner.go)
	// fault is the game's Err last shown in the banner.
	fault error
	reg   Regions

	selected    int
	hasSelected bool
	con         *widgets.Console // the console (console.go)

	strip *widgets.Strip // the panel's messages (strip.go)

	keys     []ebiten.Key
	chars    []rune
	panel    panelCache         // the widgets' last rendering (panelcache.go)
	bg       backgroundState    // what fillBackground filled last (panelcache.go)
	soldiers []game.SoldierView // Update's scratch for the game's view, reused
	enemies  []game.EnemyView   // the same
	squads   []game.SquadView   // the same
	cam      camera             // the armies' view of their field (camera.go)
	drawn    []game.SoldierView // Draw's
	err      error              // a -state file that cannot be written: Update ends with it

	replayShown bool // replayNote has shown how the replay ended
	rewind      rewindState
	tape        game.Tape         // the battle's morale since it began, for the timeline
	why         whyState          // the inspector, as last drawn (why.go)
	odds        *oddspanel.Panel  // the odds panel (ui/internal/oddspanel), nil without Config.Odds
	oddsFolded  bool              // the odds panel shows only its title and a line (odds.go)
	scenes      sceneManager      // the UI scene of the live game scene (scenes.go)
	undo        undoStacks        // the tuner's edits to undo and redo (undo.go)
	helpOpen    bool              // the keys are shown over the field (help.go)
	helpLines   []string          // the keys' sheet shown
	helpBox     *widget.Container // the sheet's widgets
	pageFocused func() bool       // whether the page has the keys; nil outside the browser (keysaway.go)
	keysAway    bool              // the browser has the keys: the note over the field says so
	keysBox     *widget.Container // the note's widgets
	file        *weightsfile.File // the weights file as last read or written (weightsfile.go)
	asking      bool              // Save asks whether to overwrite a change on disk (weightsfile.go)
}

// NewApp builds the widgets and starts watching the weights file (native
// builds; when that fails the banner and the panel say why and the App runs
// on without it). It opens no window: set the window up and pass the App
// to ebiten.RunGame. Close stops the watcher.
func NewApp(cfg Config, g *game.Session, r Renderer, a *assets.Assets) (*App, error) {
	if g == nil || r == nil || a == nil {
		return nil, errors.New("ui.NewApp: game, renderer and assets are required")
	}
	app := &App{cfg: cfg, g: g, shell: game.NewConsole(g), r: r, as: a, reg: ScreenRegions(), strip: widgets.NewStrip(slotCount)}
	if br, ok := r.(backdropRenderer); ok {
		br.SetTimelineBackdrop(widgets.Background)
		app.bg.opaque = true
	}
	app.clean() // picture.go
	app.editor = NewEditor(g)
	app.pageFocused = pageFocus() // keysaway.go
	if cfg.Odds != nil {
		app.odds = oddspanel.New(cfg.Odds, a) // before the widgets: its slot is its height
	}
	app.w = app.buildWidgets()
	app.strip.Build(app.w.stripBox, app.w.small, panelInner-16) // strip.go
	app.buildConsole()
	app.ui = &ebitenui.UI{Container: app.w.root, PrimaryTheme: &widget.Theme{}, DisableDefaultFocus: true}

	app.file = weightsfile.New(cfg.WeightsPath, cfg.Lint)
	app.file.MarkRead() // what the demo loaded (cmd/demo, just before)
	if err := app.file.Watch(); err != nil {
		// The demo runs on without live reloads; the panel says why.
		app.showBanner("not watching "+cfg.WeightsPath+": "+err.Error(), true, 8*game.TPS)
	}
	if cfg.Select != "" {
		if err := app.selectByName(cfg.Select); err != nil {
			return nil, errors.Join(err, app.Close())
		}
	}
	app.w.fileNote.Label = wrapLines(app.file.Note(), app.w.small)
	app.relint()
	if cfg.Odds != nil {
		// folded to its line until its title is clicked: the tuner shows
		// 12 rows folded, 6 open (TestOddsOpenLeavesRows)
		app.foldOdds(true)
	}
	return app, nil
}

// Close stops the file watcher and the odds' count.
func (a *App) Close() error {
	if a.odds != nil {
		a.odds.Close()
	}
	return a.file.Close()
}

// Layout always returns the logical size; Ebitengine scales it to the window.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) { return ScreenW, ScreenH }

// Update runs one fixed tick: widgets, input, file reloads, then the game,
// and lays out what Draw draws from the game (the inspector) and publishes
// the state (-state, or globalThis.moraleBreak in the browser). It ends the
// game with an error when the -state file cannot be written. Everything
// the App changes, it changes here: Draw only draws.
func (a *App) Update() error {
	if a.err != nil {
		return a.err
	}
	a.scenes.update(a.g.Scene())
	a.ui.Update() // button and slider handlers fire in here

	a.updateKeysAway()               // keysaway.go
	in := a.helpInput(a.readInput()) // help.go: Esc or a click hides the keys
	a.timelineDrag(in)
	if a.con.IsOpen() {
		a.con.Input(in.Keys)
	} else {
		in = a.tunerInput(in)
	}
	in = a.whyInput(in)
	if a.con.IsOpen() || in.Typing || a.tuner.focus >= 0 {
		in.PanX, in.PanY = 0, 0 // the arrows are theirs
	}
	if a.scene().pans() {
		a.cam.input(in, a.reg.Field, a.g.Field(), 0, false)
	}
	it := MapInput(in, a.viewport(), a.finder())
	a.lookOnly(&it) // whatif.go
	a.applyIntent(it)
	a.pollWatcher()
	a.pollPanelInput() // panelcache.go
	a.g.Tick()
	a.sessionNotes()
	return a.settle()
}

// Sync brings the widgets, labels and the inspector up to date with the
// game and publishes the state, without reading input or advancing the
// game; it returns the error of writing the -state file, which ends the
// game. Update ends with it; a wrapper that advances the game itself
// (capture.Screenshot) calls it instead of Update.
func (a *App) Sync() error {
	a.ui.Update()
	if a.odds != nil {
		// the odds of the settings shown, counted to the end: the same
		// picture every run
		a.odds.Update(a.g.Settings(), a.tuner.dragging())
		if err := a.odds.Wait(context.Background()); err != nil {
			return err
		}
	}
	return a.settle()
}

// settle is the end of every tick: the labels, the inspector, the
// published state.
func (a *App) settle() error {
	a.refresh()
	a.syncTuner()
	a.layoutTimeline()
	a.layoutPanel()
	a.inspect()
	if a.odds != nil {
		a.odds.Update(a.g.Settings(), a.tuner.dragging())
	}
	// panelcache.go: after every change to the widgets
	a.markPanel()
	if published.On(a.cfg.StatePath) && a.err == nil { // building the state costs allocations
		if err := published.Write(a.cfg.StatePath, a.Published()); err != nil {
			a.err = err
		}
	}
	return a.err
}

func (a *App) readInput() InputState {
	x, y := ebiten.CursorPosition()
	a.keys = inpututil.AppendJustPressedKeys(a.keys[:0])
	// a focused tuner row's arrows repeat while held: every 3 ticks after half a second
	for _, k := range [...]ebiten.Key{ebiten.KeyLeft, ebiten.KeyRight} {
		if d := inpututil.KeyPressDuration(k); d > 30 && d%3 == 0 {
			a.keys = append(a.keys, k)
		}
	}
	a.chars = ebiten.AppendInputChars(a.chars[:0])
	_, wy := ebiten.Wheel()
	return InputState{
		X: x, Y: y,
		LeftClick:   inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
		LeftHeld:    ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		RightClick:  inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight),
		MiddleHeld:  ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle),
		Shift:       ebiten.IsKeyPressed(ebiten.KeyShift),
		Ctrl:        ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta),
		WheelY:      wy,
		Chars:       a.chars,
		UIHovered:   a.overWidgets(x, y),
		ConsoleOpen: a.con.IsOpen(),
		Context:     a.context(),
		Scene:       a.g.Scene().Name(),
		PanX:        held(ebiten.KeyRight) - held(ebiten.KeyLeft),
		PanY:        held(ebiten.KeyDown) - held(ebiten.KeyUp),
		Keys:        a.keys,
	}
}

// overWidgets reports whether the cursor at (x, y) is over the widgets:
// the tuner's panel, or the console while it is open. It is what
// ebitenui's input.UIHovered means, as of this tick: ebitenui sets that
// only as it draws, and the panel cache draws the widgets again only when
// the panel changes, so it still said "hovered" after the cursor left the
// console or the panel for the field, and the first click there did
// nothing.
func (a *App) overWidgets(x, y int) bool {
	p := image.Pt(x, y)
	return p.In(a.reg.Panel) || a.con.IsOpen() && p.In(a.consoleRect())
}

// held is 1 while key k is down, else 0.
func held(k ebiten.Key) int {
	if ebiten.IsKeyPressed(k) {
		return 1
	}
	return 0
}

// context is what the bindings' commands depend on now.
func (a *App) context() Context {
	return Context{Paused: a.g.Paused(), Selected: a.selected, HasSelected: a.hasSelected, Squad: a.selectedSquad()}
}

// act carries out an Action: the camera's here, the others by do.
func (a *App) act(act Action) {
	switch act {
	case ActZoomIn, ActZoomOut:
		by := 1
		if act == ActZoomOut {
			by = -1
		}
		a.cam.input(InputState{X: -1, Y: -1}, a.reg.Field, a.g.Field(), by, false)
	case ActViewReset:
		a.cam.input(InputState{}, a.reg.Field, a.g.Field(), 0, true)
	default:
		a.do(act)
	}
}

// run gives binding b's command, or says why there is none.
func (a *App) run(b Binding) {
	if b.Action != NoAction {
		a.act(b.Action)
		return
	}
	c, err := b.Command(a.context())
	if err != nil {
		a.showBanner(err.Error(), true, 4*game.TPS)
		return
	}
	a.apply(c)
}

func (a *App) applyIntent(it Intent) {
	if it.ToggleConsole {
		a.con.SetOpen(!a.con.IsOpen())
	}
	if it.ToggleHelp {
		a.toggleHelp() // help.go
	}
	switch {
	case it.Undo:
		a.undoEdit(&a.undo.done, &a.undo.undone, "Undone")
	case it.Redo:
		a.undoEdit(&a.undo.undone, &a.undo.done, "Redone")
	}
	switch {
	case it.Select:
		a.selectSoldier(it.SelectID, true)
	case it.Deselect:
		a.selectSoldier(a.selected, false)
	}
	for _, err := range it.Refused {
		a.showBanner(err.Error(), true, 4*game.TPS)
	}
	for _, c := range it.Commands {
		a.apply(c)
	}
	for _, act := range it.Actions {
		a.act(act)
	}
}

// apply runs one command now; a rejected command shows why.
func (a *App) apply(c game.Command) {
	a.backToLive(c) // whatif.go
	if err := a.g.Apply(c); err != nil {
		a.showBanner(err.Error(), true, 5*game.TPS)
		return
	}
	if _, ok := c.(game.Restart); ok {
		a.selectSoldier(a.selected, false)
	}
}

// appendSoldiers returns the soldiers of the scene (none in the armies),
// in a.soldiers.
func (a *App) appendSoldiers() []game.SoldierView {
	a.soldiers = a.scene().soldiers(a.soldiers[:0])
	return a.soldiers
}

// selectSoldier selects soldier id (ok false: none) in the App and in its
// console, for MoraleBreak.Why without a name.
func (a *App) selectSoldier(id int, ok bool) {
	a.selected, a.hasSelected = id, ok
	a.shell.Select(id, ok)
}

// hits is what a click on the field may hit (MapInput).
func (a *App) hits() fieldHits { return fieldHits{Battle: a.g.Battle(), soldiers: a.appendSoldiers()} }

// viewport is the field's view: the whole field in the opening, the
// camera's in the armies.
func (a *App) viewport() game.Viewport {
	if a.scene().pans() {
		return a.cam.viewport(a.reg.Field, a.g.Field())
	}
	return FieldViewport(a.reg.Field, a.g.Field())
}

// showBanner shows msg in the strip's notice slot for ticks ticks (< 0:
// until replaced), red when bad; "" clears it.
func (a *App) showBanner(msg string, bad bool, ticks int) {
	tone := widgets.ToneGood
	if bad {
		tone = widgets.ToneBad
	}
	a.strip.Set(slotNotice, msg, tone, ticks)
}

// stripW is the width of the message strip's lines.
func (a *App) stripW() int {
	if a.asking {
		return panelInner - askW - 4
	}
	return panelInner
}

// layoutPanel lays the message strip's lines out (a message cut short
// shows whole in its rows' ebitenui tooltip, a tuner row's Doc in its
// name's).
func (a *App) layoutPanel() {
	a.strip.Layout(a.w.small, a.stripW())
}

// Draw draws the battlefield, the timeline, the widgets and the inspector,
// as the last Update left them. It changes nothing that Update reads: it
// writes no file, selects nothing and leaves the game alone (only its own
// caches of what it drew, panelcache.go, and the renderer's move on).
func (a *App) Draw(screen *ebiten.Image) {
	vp := a.viewport()
	a.fillBackground(screen, vp) // panelcache.go
	field := screen.SubImage(a.reg.Field).(*ebiten.Image)
	v := a.view() // the live battle, or a what-if's other future (whatif.go)
	a.r.DrawField(field, vp, v)
	a.drawSelection(field, vp)
	a.r.DrawTimeline(screen, a.reg.Timeline, v)
	if a.cfg.Clean {
		a.drawClean(screen) // picture.go
	} else {
		a.drawWidgets(screen) // panelcache.go
		a.con.Draw(screen)
		if a.odds != nil {
			a.odds.Draw(screen, a.oddsSlot())
		}
	}
	a.drawWhy(screen)
	a.drawHelp(screen)     // help.go
	a.drawKeysAway(screen) // keysaway.go
	if !a.cfg.Clean {
		a.drawTip(screen) // panelcache.go: a tooltip over every panel
	}
	// what was drawn over the field's margins: fillBackground fills them
	// again next frame
	tips := a.why.tooltip != "" || a.tuner.tipOn >= 0
	a.bg.cover = a.hasSelected || a.con.IsOpen() || tips || a.helpOpen || a.keysAway
	if tips {
		a.panel.shownOn = nil // a tooltip may reach into the panel: copy it again next frame
	}
}

func (a *App) drawSelection(dst *ebiten.Image, vp game.Viewport) {
	if !a.hasSelected {
		return
	}
	a.drawn = a.scenes.scene(a.view().Scene()).soldiers(a.drawn[:0]) // the future shown (whatif.go)
	for _, s := range a.drawn {
		if s.ID == a.selected {
			x, y := vp.ToScreen(s.Pos)
			m := a.selectionMark() // cached: anti-aliased strokes cost software GL dearly every frame
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(math.Round(x)-selMarkSize/2, math.Round(y)-selMarkSize/2)
			dst.DrawImage(m, op)
			return
		}
	}
}

// Published is the current state as published after each tick.
func (a *App) Published() published.State {
	vp := a.viewport()
	st := published.State{Time: a.g.Time(), Paused: a.g.Paused(), Width: ScreenW, Height: ScreenH, Banner: a.strip.All(),
		Why: a.why.text, Tooltip: a.why.tooltip,
		WhyRect: published.RectOf(a.why.rect)}
	for _, w := range a.file.Warnings() {
		st.Lint = append(st.Lint, w.String())
	}
	for i, m := range a.strip.Messages() {
		if m.Text != "" {
			st.Messages = append(st.Messages, published.Message{Slot: slotName(i), Tone: m.Tone.String(), Text: m.Text})
		}
	}
	if f := a.g.Rewind().Shown(); f != game.NoFuture {
		st.Future = f.String()
	}
	if a.odds != nil {
		st.Odds = a.odds.Published(a.oddsSlot(), a.oddsFolded)
	}
	a.soldiers = a.scenes.scene(a.view().Scene()).soldiers(a.soldiers[:0]) // the future shown (whatif.go)
	for _, s := range a.soldiers {
		x, y := vp.ToScreen(s.Pos)
		st.Soldiers = append(st.Soldiers, published.Soldier{
			ID: s.ID, Name: s.Name, X: x, Y: y, Alive: s.Alive, Leader: s.Leader,
			State: s.State.String(), Morale: s.Morale,
		})
	}
	st.Help, st.HelpRect = publishedBox(a.helpOpen, a.helpLines, a.helpBox)          // help.go
	st.KeysAway, st.KeysAwayRect = publishedBox(a.keysAway, keysAwayNote, a.keysBox) // keysaway.go
	st.ConsoleOpen = a.con.IsOpen()
	st.Console = a.con.Output(40)
	st.Tuner = a.tuner.published()
	if a.w != nil {
		st.Buttons = make(map[string]published.Rect, len(a.w.buttons))
		for label, b := range a.w.buttons {
			st.Buttons[label] = published.RectOf(b.GetWidget().Rect)
		}
	}
	return st
}
