package ui

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// panelPad is the panel's inner margin left and right, in pixels.
const panelPad = 10

// panelInner is the panel's inner width, in pixels: the room of a line
// of its text, between its margins.
const panelInner = PanelW - 2*panelPad

// panelWidgets holds the ebitenui tree and the widgets the App updates.
type panelWidgets struct {
	root        *widget.Container
	panel       *widget.Container // the tuner's panel, the root's one child
	status      *widget.Text
	stripBox    *widget.Container // the message strip's place (strip.go)
	ask         *widget.Container // Save's answers, in the strip's box (weightsfile.go)
	oddsBox     *widget.Container // the odds panel's slot (Config.Odds), nil without one
	pauseBtn    *widget.Button
	speedBtns   map[float64]*widget.Button
	selText     *widget.Text
	tunerBox    *widget.Container // the tuner's rows' place (tuner.go)
	fileNote    *widget.Text
	help        *widget.Text // the scene's keys, in the foot; hidden while the odds panel is open
	face        text.Face
	small       text.Face
	mono        text.Face // the console's
	title       text.Face
	buttonImage *widget.ButtonImage
	activeImage *widget.ButtonImage
	rowHover    *eimage.NineSlice         // the tuner's row under the pointer
	buttons     map[string]*widget.Button // by label, for the published state
	// noTips: the tuner's rows have no Doc tooltip (Config.Capture: the
	// pointer is no part of a picture)
	noTips bool
}

func (a *App) buildWidgets() *panelWidgets {
	w := &panelWidgets{
		face:      a.as.Face(13),
		small:     a.as.Face(12),
		mono:      a.as.MonoFace(12),
		title:     a.as.Face(17),
		speedBtns: map[float64]*widget.Button{},
		buttons:   map[string]*widget.Button{},
		noTips:    a.cfg.Capture,
	}
	a.w = w // newRow and rebuildWeightRows use a.w
	w.buttonImage, w.activeImage = widgets.ButtonImage(widgets.ColButton, widgets.ColButtonHi), widgets.ButtonImage(widgets.ColActive, widgets.ColButtonDn)
	w.rowHover = eimage.NewNineSliceColor(widgets.ColRowHover)

	// The root has no background, so only the panel counts as "UI
	// hovered": clicks on the battlefield reach MapInput.
	w.root = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))

	panel := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(widgets.ColPanel)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			// Rows: title, status, the message strip, buttons, selection,
			// the tuner's caption, the tuner (the one row that stretches),
			// the odds panel's slot (Config.Odds), foot.
			widget.GridLayoutOpts.Stretch([]bool{true}, panelRows(a.cfg.Odds != nil)),
			widget.GridLayoutOpts.Spacing(0, 6),
			widget.GridLayoutOpts.Padding(&widget.Insets{Left: panelPad, Right: panelPad, Top: 8, Bottom: 8}),
		)),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(PanelW, ScreenH),
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
				HorizontalPosition: widget.AnchorLayoutPositionEnd,
				StretchVertical:    true,
			}),
		),
	)
	w.root.AddChild(panel)
	w.panel = panel

	panel.AddChild(w.text("MoraleBreak · squad morale tuner", w.title, widgets.ColSection))
	w.status = w.text("", w.small, color.Transparent) // a live line: drawn by drawWidgets, in widgets.ColDim
	panel.AddChild(w.status)

	// The message strip: a fixed box that the App draws its messages into
	// (strip.go); its size never changes, so nothing under it moves.
	w.stripBox = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(panelInner, widgets.StripH),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	panel.AddChild(w.stripBox)
	// Save's question about a file changed on disk: its three answers at
	// the strip's right, shown only while it asks (weightsfile.go); the
	// strip's lines make room for them (stripRect).
	w.ask = widgets.Column(2, nil, widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionEnd,
		VerticalPosition:   widget.AnchorLayoutPositionCenter,
	})))
	for _, b := range []struct {
		label string
		ans   saveAnswer
	}{{"Overwrite", answerOverwrite}, {"Reload", answerReload}, {"Cancel", answerCancel}} {
		btn := w.smallButton(b.label, func() { a.answer(b.ans) })
		btn.GetWidget().MinWidth = askW
		w.ask.AddChild(btn)
	}
	w.ask.GetWidget().SetVisibility(widget.Visibility_Hide)
	w.stripBox.AddChild(w.ask)

	// Buttons: one per binding, in the table's order, with Save weights
	// after the actions and < Prev, Next > before the selection's.
	scene := a.g.Scene().Name()
	bindings := SceneBindings(scene)
	grid := w.grid(3)
	sg := w.grid(3)
	addBindings := func(dst *widget.Container, gr group) {
		for _, b := range bindings {
			if b.group != gr {
				continue
			}
			btn := w.button(b.Label, func() { a.run(b) })
			dst.AddChild(btn)
			switch c, _ := b.Command(Context{}); c := c.(type) {
			case game.Pause:
				w.pauseBtn = btn
			case game.SetSpeed:
				w.speedBtns[c.Factor] = btn
			}
		}
	}
	addBindings(grid, groupActions)
	grid.AddChild(w.button("Save weights", a.save))
	addBindings(grid, groupSpeed)
	addBindings(grid, groupView)
	panel.AddChild(grid)

	// Selection, for Force rout.
	sel := widgets.Column(3, nil)
	w.selText = w.text("", w.face, color.Transparent) // a live line: drawn by drawWidgets, in widgets.ColText
	sel.AddChild(w.selText)
	sg.AddChild(w.button("< Prev", func() { a.cycleSelection(-1) }))
	sg.AddChild(w.button("Next >", func() { a.cycleSelection(+1) }))
	addBindings(sg, groupSelection)
	sel.AddChild(sg)
	panel.AddChild(sel)

	panel.AddChild(w.text("Drag · Shift-drag: finer · click a value: type it · right-click: default", w.small, widgets.ColDim))
	// The tuner's rows (tuner.go), the one row of the panel that stretches.
	a.tuner = newTuner(a.editor.Good(), w)
	w.tunerBox = a.tuner.box
	panel.AddChild(w.tunerBox)
	if a.cfg.Odds != nil {
		open, _, head := a.odds.Heights()
		w.oddsBox = w.reserve(open, func(e *widget.WidgetMouseButtonClickedEventArgs) {
			if e.Button == ebiten.MouseButtonLeft && e.OffsetY < head { // its title, like a drawer's handle
				a.foldOdds(!a.oddsFolded)
			}
		})
		panel.AddChild(w.oddsBox)
	}

	// The foot: the scene's keys over the file's note, the panel's last
	// line. The open odds panel takes the keys' room (foldOdds), so the
	// note stays put.
	w.help = w.text(SceneHelp(scene, w.small, panelInner), w.small, widgets.ColDim)
	w.fileNote = w.text("", w.small, widgets.ColDim)
	foot := widgets.Column(2, nil)
	foot.AddChild(w.help)
	foot.AddChild(w.fileNote)
	panel.AddChild(foot)

	return w
}

// panelRows is which of the panel's rows stretch: only the tuner's (odds:
// the panel has the odds panel's slot).
func panelRows(odds bool) []bool {
	rows := []bool{false, false, false, false, false, false, true}
	if odds {
		rows = append(rows, false)
	}
	return append(rows, false)
}

// askW is the width of Save's answers at the strip's right.
const askW = 84

// showAsk shows Save's answers (on) or hides them.
func (w *panelWidgets) showAsk(on bool) {
	v := widget.Visibility_Hide
	if on {
		v = widget.Visibility_Show
	}
	w.ask.GetWidget().SetVisibility(v)
	w.panel.RequestRelayout()
}

// reserve is an empty box of the panel's inner width and height h (at
// least), whose place the App draws into itself; ebitenui's Update calls
// click for a click on it.
func (w *panelWidgets) reserve(h int, click widget.WidgetMouseButtonClickedHandlerFunc) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.WidgetOpts(
		widget.WidgetOpts.MinSize(panelInner, h), widget.WidgetOpts.MouseButtonClickedHandler(click),
		widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

// text is a line of text in the panel, wrapped at spaces to the panel's
// inner width (with larger faces, LegibleAt, a line may not fit).
func (w *panelWidgets) text(s string, face text.Face, c color.Color) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(s, &face, c), widget.TextOpts.MaxWidth(panelInner),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

func (w *panelWidgets) grid(cols int) *widget.Container {
	return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(cols),
		widget.GridLayoutOpts.Stretch(slices.Repeat([]bool{true}, cols), nil),
		widget.GridLayoutOpts.Spacing(4, 4),
	)), widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

func (w *panelWidgets) button(label string, click func()) *widget.Button {
	return w.buttonOf(label, &w.face, 3, click)
}

// smallButton is a button in the small face, for the strip's answers.
func (w *panelWidgets) smallButton(label string, click func()) *widget.Button {
	return w.buttonOf(label, &w.small, 2, click)
}

// buttonOf is a button labelled label in face, pad pixels above and below
// its text.
func (w *panelWidgets) buttonOf(label string, face *text.Face, pad int, click func()) *widget.Button {
	b := widget.NewButton(
		widget.ButtonOpts.Image(w.buttonImage),
		widget.ButtonOpts.Text(label, face, &widget.ButtonTextColor{Idle: widgets.ColText, Hover: widgets.ColText, Pressed: widgets.ColText}),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: 4, Right: 4, Top: pad, Bottom: pad}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { click() }),
	)
	w.buttons[label] = b
	return b
}

// cycleSelection selects the next soldier (dir +1) or the one before
// (dir -1), the fallen too (their Why is the one they fell with); in the
// armies the next squad or the one before.
func (a *App) cycleSelection(dir int) { a.scene().cycle(a, dir) }

// refresh updates the banner and the labels that follow the game each tick.
func (a *App) refresh() {
	if err := a.g.Battle().Err(); err != nil && err != a.fault {
		a.fault = err // a bug in the battle: say it once, keep it up
		a.showBanner(err.Error(), true, -1)
	}
	a.strip.Tick()
	g := a.g
	state := "running"
	if g.Paused() {
		state = "PAUSED"
	}
	// %g: a speed is a whole number of quarters (game.SetSpeed)
	st := fmt.Sprintf("t = %.*f s · speed ×%g · %s", g.Scene().ClockDecimals(), g.Time(), g.Speed(), state)
	if tps := ebiten.ActualTPS(); tps > 0 && !a.cfg.Capture { // a measured rate is no part of a picture
		st += fmt.Sprintf(" · %.0f TPS", tps)
	}
	a.w.status.Label = clipLines(st, a.w.small)
	label := "Pause"
	if g.Paused() {
		label = "Resume"
	}
	if a.w.pauseBtn.Text().Label != label {
		a.w.pauseBtn.SetText(label) // relayouts: only on change
	}
	for f, b := range a.w.speedBtns {
		img := a.w.buttonImage
		if math.Abs(f-g.Speed()) < 1e-9 {
			img = a.w.activeImage
		}
		if b.Image() != img {
			b.SetImage(img)
		}
	}
	// the future shown (whatif.go), as the field, its selection mark and
	// the Why panel: the same man at the same moment
	sel := a.scenes.scene(a.view().Scene()).selectionLine(a) // scenes.go
	a.w.selText.Label = clipLines(sel, a.w.face)
}

// clipLines is s with each line cut with "…" to the panel's inner width
// in face: a live line (panelcache.go) never wraps, as liveLine.draw draws it
// line by line (only faces larger than the design's, assets.LegibleAt,
// need it).
func clipLines(s string, face text.Face) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = textfit.Clip(l, face, panelInner)
	}
	return strings.Join(lines, "\n")
}

// wrapLines is s wrapped to the panel's inner width in face
// (textfit.Wrap), for a label whose words may be wider than the panel: a
// path, which ebitenui, wrapping only at spaces, left whole, widening the
// panel over the field.
func wrapLines(s string, face text.Face) string {
	return strings.Join(textfit.Wrap(s, face, panelInner), "\n")
}

// fitSelection is the selection line of the man name, "Selected: NAME"
// and the first of tails (his state and numbers, the fullest first) that
// fits the panel's inner width in face with at least selNameRunes of his
// name, the name cut with "…" to the room the numbers leave: a name of
// a hundred letters (a scenario's) once pushed them off the line,
// "Selected: Sergeant-Major Bartholomew Alexander…", no state, no
// morale. When none fits so, the last tail with the name whole, for
// clipLines to cut.
func fitSelection(name string, face text.Face, tails ...string) string {
	for _, tail := range tails {
		room := float64(panelInner) - textfit.Width("Selected: "+tail, face)
		if n := textfit.Clip(name, face, room); n == name || utf8.RuneCountInString(n) > selNameRunes {
			return "Selected: " + n + tail
		}
	}
	return "Selected: " + name + tails[len(tails)-1]
}

// selNameRunes is the fewest letters of a man's name the selection line
// keeps before it drops a number (fitSelection).
const selNameRunes = 6

var _ ebiten.Game = (*App)(nil)
