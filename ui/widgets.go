package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
)

var (
	colPanel    = color.NRGBA{0x1b, 0x21, 0x28, 0xff}
	colSection  = color.NRGBA{0xe8, 0xb4, 0x4a, 0xff}
	colText     = color.NRGBA{0xdc, 0xe2, 0xe8, 0xff}
	colDim      = color.NRGBA{0x8a, 0x96, 0xa3, 0xff}
	colButton   = color.NRGBA{0x33, 0x3f, 0x4c, 0xff}
	colButtonHi = color.NRGBA{0x46, 0x57, 0x6a, 0xff}
	colButtonDn = color.NRGBA{0x5d, 0x74, 0x8c, 0xff}
	colActive   = color.NRGBA{0x3e, 0x6b, 0x4a, 0xff}
	colTrack    = color.NRGBA{0x2c, 0x35, 0x3f, 0xff}
	colHandle   = color.NRGBA{0xe8, 0xb4, 0x4a, 0xff}
	colBad      = color.NRGBA{0x8c, 0x24, 0x24, 0xf0}
	colGood     = color.NRGBA{0x23, 0x5e, 0x36, 0xf0}
	colWarn     = color.NRGBA{0x7a, 0x5a, 0x12, 0xf0}
	colConsole  = color.NRGBA{0x08, 0x0b, 0x0e, 0xe8}
)

// widgets holds the ebitenui tree and the widgets the App updates.
type widgets struct {
	root        *widget.Container
	status      *widget.Text
	bannerBox   *widget.Container
	bannerText  *widget.Text
	lintBox     *widget.Container
	lintText    *widget.Text
	pauseBtn    *widget.Button
	speedBtns   map[float64]*widget.Button
	selText     *widget.Text
	weightsBox  *widget.Container
	rows        []*tunerRow
	fileNote    *widget.Text
	consoleBox  *widget.Container
	consoleOut  *widget.Text
	consoleIn   *widget.TextInput
	face        text.Face
	small       text.Face
	title       text.Face
	buttonImage *widget.ButtonImage
	activeImage *widget.ButtonImage
	buttons     map[string]*widget.Button // by label, for PublishedState
}

type tunerRow struct {
	p      Param
	sc     SliderScale // ScaleOf(p)
	slider *widget.Slider
	value  *widget.Text
}

func (a *App) buildWidgets() *widgets {
	w := &widgets{
		face:      a.as.Face(13),
		small:     a.as.Face(12),
		title:     a.as.Face(17),
		speedBtns: map[float64]*widget.Button{},
	}
	a.w = w // newRow and rebuildWeightRows use a.w
	w.buttonImage = &widget.ButtonImage{
		Idle:    eimage.NewBorderedNineSliceColor(colButton, colButtonHi, 1),
		Hover:   eimage.NewBorderedNineSliceColor(colButtonHi, colButtonDn, 1),
		Pressed: eimage.NewNineSliceColor(colButtonDn),
	}
	w.activeImage = &widget.ButtonImage{
		Idle:    eimage.NewBorderedNineSliceColor(colActive, colButtonDn, 1),
		Hover:   eimage.NewBorderedNineSliceColor(colButtonHi, colButtonDn, 1),
		Pressed: eimage.NewNineSliceColor(colButtonDn),
	}

	// The root has no background, so only the panel and the console count as
	// "UI hovered": clicks on the battlefield reach MapInput.
	w.root = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))

	panel := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(colPanel)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			// Rows: title, status, banner, lint, buttons, selection, the
			// tuner's caption, the tuner (the one row that stretches), foot.
			widget.GridLayoutOpts.Stretch([]bool{true}, []bool{false, false, false, false, false, false, false, true, false}),
			widget.GridLayoutOpts.Spacing(0, 6),
			widget.GridLayoutOpts.Padding(&widget.Insets{Left: 10, Right: 10, Top: 8, Bottom: 8}),
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

	panel.AddChild(w.text("MoraleBreak · squad morale tuner", w.title, colSection))
	w.status = w.text("", w.small, colDim)
	panel.AddChild(w.status)

	// Banner: why an edit was refused, a broken file, a save.
	w.bannerText = widget.NewText(
		widget.TextOpts.Text("", &w.small, colText),
		widget.TextOpts.MaxWidth(PanelW-36),
		widget.TextOpts.Padding(&widget.Insets{Left: 6, Right: 6, Top: 4, Bottom: 4}),
	)
	w.bannerBox = widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(colBad)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical))),
	)
	w.bannerBox.AddChild(w.bannerText)
	w.bannerBox.GetWidget().SetVisibility(widget.Visibility_Hide)
	panel.AddChild(w.bannerBox)

	// Lint: what moralesim's lint finds wrong with the live settings.
	w.lintText = widget.NewText(
		widget.TextOpts.Text("", &w.small, colText),
		widget.TextOpts.MaxWidth(PanelW-36),
		widget.TextOpts.Padding(&widget.Insets{Left: 6, Right: 6, Top: 4, Bottom: 4}),
	)
	w.lintBox = widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(colWarn)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical))),
	)
	w.lintBox.AddChild(w.lintText)
	w.lintBox.GetWidget().SetVisibility(widget.Visibility_Hide)
	panel.AddChild(w.lintBox)

	// Buttons: one per binding, in the table's order, with Save weights
	// after the actions and < Prev, Next > before the selection's.
	bindings := Bindings()
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
	panel.AddChild(grid)

	// Selection, for Force rout.
	sel := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(3))))
	w.selText = w.text("", w.face, colText)
	sel.AddChild(w.selText)
	sg.AddChild(w.button("< Prev", func() { a.cycleSelection(-1) }))
	sg.AddChild(w.button("Next >", func() { a.cycleSelection(+1) }))
	addBindings(sg, groupSelection)
	sel.AddChild(sg)
	panel.AddChild(sel)

	panel.AddChild(w.text("Tuner: drag a slider, it applies at once   value (step)", w.small, colDim))

	// Tuner rows in a scroll container with a scrollbar.
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(2),
		widget.RowLayoutOpts.Padding(&widget.Insets{Right: 4}))))
	content.AddChild(w.text("Parameters", w.face, colSection))
	for _, p := range SettingParams() {
		content.AddChild(a.newRow(p))
	}
	content.AddChild(w.text("Event weights", w.face, colSection))
	w.weightsBox = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(2))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	content.AddChild(w.weightsBox)
	panel.AddChild(w.scroller(content))
	a.rebuildWeightRows()

	w.fileNote = w.text("", w.small, colDim)
	foot := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(2))))
	foot.AddChild(w.fileNote)
	foot.AddChild(w.text(HelpText(), w.small, colDim))
	panel.AddChild(foot)

	a.buildConsole(w)
	a.syncSliders()
	return w
}

// theme is the panel's ebitenui theme: the tuner's sliders (a track, an
// amber handle 6 px wide) share its images instead of each making its own.
func theme() *widget.Theme {
	fixed, offset := 6, 0
	return &widget.Theme{
		SliderTheme: &widget.SliderParams{
			TrackImage:      &widget.SliderTrackImage{Idle: eimage.NewNineSliceColor(colTrack), Hover: eimage.NewNineSliceColor(colTrack)},
			HandleImage:     &widget.ButtonImage{Idle: eimage.NewNineSliceColor(colHandle), Hover: eimage.NewNineSliceColor(colText), Pressed: eimage.NewNineSliceColor(colText)},
			FixedHandleSize: &fixed,
			TrackOffset:     &offset,
		},
	}
}

func (w *widgets) text(s string, face text.Face, c color.Color) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(s, &face, c),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

func (w *widgets) grid(cols int) *widget.Container {
	st := make([]bool, cols)
	for i := range st {
		st[i] = true
	}
	return widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(cols),
		widget.GridLayoutOpts.Stretch(st, nil),
		widget.GridLayoutOpts.Spacing(4, 4),
	)), widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
}

func (w *widgets) button(label string, click func()) *widget.Button {
	b := widget.NewButton(
		widget.ButtonOpts.Image(w.buttonImage),
		widget.ButtonOpts.Text(label, &w.face, &widget.ButtonTextColor{Idle: colText, Hover: colText, Pressed: colText}),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: 4, Right: 4, Top: 5, Bottom: 5}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { click() }),
	)
	if w.buttons == nil {
		w.buttons = make(map[string]*widget.Button)
	}
	w.buttons[label] = b
	return b
}

func (w *widgets) scroller(content *widget.Container) *widget.Container {
	box := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Spacing(2, 0),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
	)))
	sc := widget.NewScrollContainer(
		widget.ScrollContainerOpts.Content(content),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{
			Idle: eimage.NewNineSliceColor(colPanel),
			Mask: eimage.NewNineSliceColor(colPanel),
		}),
	)
	box.AddChild(sc)
	page := func() int {
		ch := content.GetWidget().Rect.Dy()
		if ch <= 0 {
			return 1000
		}
		return max(1, int(math.Round(float64(sc.ViewRect().Dy())/float64(ch)*1000)))
	}
	bar := widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, 1000),
		widget.SliderOpts.PageSizeFunc(page),
		widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) {
			sc.ScrollTop = float64(args.Slider.Current) / 1000
		}),
		// the theme's track, a button-coloured handle sized to the page
		widget.SliderOpts.HandleImage(&widget.ButtonImage{Idle: eimage.NewNineSliceColor(colButtonHi), Hover: eimage.NewNineSliceColor(colButtonDn), Pressed: eimage.NewNineSliceColor(colButtonDn)}),
		widget.SliderOpts.FixedHandleSize(0),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(8, 0)),
	)
	sc.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		if e, ok := args.(*widget.WidgetScrolledEventArgs); ok {
			bar.Current -= int(math.Round(e.Y * float64(page()) / 3))
		}
	})
	box.AddChild(bar)
	return box
}

// newRow is one tuner row: name, slider, value (step).
func (a *App) newRow(p Param) *widget.Container {
	w := a.w
	row := &tunerRow{p: p, sc: ScaleOf(p)}
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3),
		widget.GridLayoutOpts.Stretch([]bool{false, true, false}, []bool{false}),
		widget.GridLayoutOpts.Spacing(6, 0),
	)), widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	name := p.Name
	if p.Unit != "" {
		name += " (" + p.Unit + ")"
	}
	c.AddChild(widget.NewText(widget.TextOpts.Text(name, &w.small, colText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(146, 18))))
	row.slider = widget.NewSlider( // images and handle from theme().SliderTheme
		widget.SliderOpts.Orientation(widget.DirectionHorizontal),
		widget.SliderOpts.MinMax(0, row.sc.Ticks()),
		widget.SliderOpts.InitialCurrent(row.sc.ToInt(p.Get(a.editor.Good()))),
		widget.SliderOpts.PageSizeFunc(func() int { return max(1, row.sc.Ticks()/20) }),
		widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) { a.onSlider(row, args.Current) }),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(80, 14)),
	)
	c.AddChild(row.slider)
	row.value = widget.NewText(widget.TextOpts.Text("", &w.small, colSection),
		widget.TextOpts.Position(widget.TextPositionEnd, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(84, 18)))
	c.AddChild(row.value)
	w.rows = append(w.rows, row)
	return c
}

// onSlider applies a slider move through the Editor; an invalid value shows
// why and puts the slider back.
func (a *App) onSlider(row *tunerRow, cur int) {
	good := a.editor.Good()
	if row.sc.ToInt(row.p.Get(good)) == cur {
		return // the slider already shows the current value (a sync, or a revert)
	}
	v := row.sc.ToFloat(cur)
	if err := a.editor.Set(row.p, v); err != nil {
		a.showBanner(err.Error(), true, 6*game.TPS)
		row.slider.Current = row.sc.ToInt(row.p.Get(good))
		return
	}
	if a.bannerBad && a.bannerTicks >= 0 {
		a.showBanner("", false, 0)
	}
	a.syncSliders()
	a.relint()
}

// syncSliders shows the editor's good settings on every row.
func (a *App) syncSliders() {
	good := a.editor.Good()
	for _, r := range a.w.rows {
		v := r.p.Get(good)
		r.slider.Current = r.sc.ToInt(v)
		r.value.Label = r.sc.Format(v) + " (" + r.sc.Format(r.sc.Step) + ")"
	}
}

// rebuildWeightRows makes one row per weight of the current settings.
func (a *App) rebuildWeightRows() {
	w := a.w
	kept := w.rows[:0]
	for _, r := range w.rows {
		if !r.p.Weight {
			kept = append(kept, r)
		}
	}
	w.rows = kept
	w.weightsBox.RemoveChildren()
	for _, p := range WeightParams(a.editor.Good()) {
		w.weightsBox.AddChild(a.newRow(p))
	}
	a.syncSliders()
}

// setLint shows msg in the lint box, or hides it when msg is "".
func (w *widgets) setLint(msg string) {
	vis := widget.Visibility_Show
	if msg == "" {
		vis = widget.Visibility_Hide
	}
	w.lintText.Label = msg
	w.lintBox.GetWidget().SetVisibility(vis)
	w.lintBox.RequestRelayout()
}

func (w *widgets) setBanner(msg string, bad bool) {
	if msg == "" {
		w.bannerBox.GetWidget().SetVisibility(widget.Visibility_Hide)
		w.bannerBox.RequestRelayout()
		return
	}
	c := colGood
	if bad {
		c = colBad
	}
	w.bannerBox.SetBackgroundImage(eimage.NewNineSliceColor(c))
	w.bannerText.Label = msg
	w.bannerBox.GetWidget().SetVisibility(widget.Visibility_Show)
	w.bannerBox.RequestRelayout()
}

func (a *App) buildConsole(w *widgets) {
	fr := a.reg.Field
	w.consoleBox = widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(colConsole)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(1),
			widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true, false}),
			widget.GridLayoutOpts.Padding(widget.NewInsetsSimple(6)),
			widget.GridLayoutOpts.Spacing(0, 4),
		)),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(fr.Dx(), TimelineH),
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
				HorizontalPosition: widget.AnchorLayoutPositionStart,
				VerticalPosition:   widget.AnchorLayoutPositionEnd,
			}),
		),
	)
	w.consoleOut = widget.NewText(widget.TextOpts.Text("", &w.small, colText),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionEnd))
	w.consoleBox.AddChild(w.consoleOut)
	w.consoleIn = widget.NewTextInput(
		widget.TextInputOpts.Face(&w.face),
		widget.TextInputOpts.Image(&widget.TextInputImage{Idle: eimage.NewNineSliceColor(colTrack), Disabled: eimage.NewNineSliceColor(colTrack)}),
		widget.TextInputOpts.Color(&widget.TextInputColor{Idle: colText, Disabled: colDim, Caret: colSection, DisabledCaret: colDim}),
		widget.TextInputOpts.Padding(widget.NewInsetsSimple(4)),
		widget.TextInputOpts.Placeholder("MoraleBreak.Dump · MoraleBreak.Debug 1 · MoraleBreak.Rally 0 · help"),
		widget.TextInputOpts.ClearOnSubmit(true),
		widget.TextInputOpts.Validation(func(s string) (bool, *string) {
			if strings.ContainsRune(s, '`') {
				r := strings.ReplaceAll(s, "`", "")
				return false, &r
			}
			return true, nil
		}),
		widget.TextInputOpts.SubmitHandler(func(args *widget.TextInputChangedEventArgs) { a.consoleRun(args.InputText) }),
	)
	w.consoleBox.AddChild(w.consoleIn)
	w.consoleBox.GetWidget().SetVisibility(widget.Visibility_Hide)
	w.root.AddChild(w.consoleBox)
	w.setConsoleText(a.console)
}

func (w *widgets) setConsoleText(lines []string) {
	const n = 9
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	w.consoleOut.Label = strings.Join(lines, "\n")
}

func (a *App) setConsole(open bool) {
	a.consoleOpen = open
	v := widget.Visibility_Hide
	if open {
		v = widget.Visibility_Show
	}
	a.w.consoleBox.GetWidget().SetVisibility(v)
	a.w.consoleIn.Focus(open)
	a.w.root.RequestRelayout()
}

func (a *App) cycleSelection(dir int) {
	var alive []game.SoldierView
	a.soldiers = a.appendSoldiers()
	for _, s := range a.soldiers {
		if s.Alive {
			alive = append(alive, s)
		}
	}
	if len(alive) == 0 {
		a.selectSoldier(a.selected, false)
		return
	}
	i := -1
	for k, s := range alive {
		if a.hasSelected && s.ID == a.selected {
			i = k
		}
	}
	if i < 0 && dir < 0 {
		i = 0
	}
	i = ((i+dir)%len(alive) + len(alive)) % len(alive)
	a.selectSoldier(alive[i].ID, true)
}

// refresh updates the banner and the labels that follow the game each tick.
func (a *App) refresh() {
	if err := a.g.Battle().Err(); err != nil && err != a.fault {
		a.fault = err // a bug in the battle: say it once, keep it up
		a.showBanner(err.Error(), true, -1)
	}
	if a.bannerTicks > 0 {
		a.bannerTicks--
		if a.bannerTicks == 0 {
			a.showBanner("", false, 0)
		}
	}
	g := a.g
	state := "running"
	if g.Paused() {
		state = "PAUSED"
	}
	st := fmt.Sprintf("t = %.1f s · speed ×%s · %s", g.Time(), trimFloat(g.Speed()), state)
	if tps := ebiten.ActualTPS(); tps > 0 && !a.cfg.Capture { // a measured rate is no part of a picture
		st += fmt.Sprintf(" · %.0f TPS", tps)
	}
	a.w.status.Label = st
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
	sel := "Selected: none (right-click a soldier)"
	if a.hasSelected {
		sel = "Selected: gone"
		a.soldiers = a.appendSoldiers()
		for _, s := range a.soldiers {
			if s.ID == a.selected {
				st := s.State.String()
				if !s.Alive {
					st = "down"
				}
				sel = fmt.Sprintf("Selected: %s · %s · morale %.2f · nerve %.2f", s.Name, st, s.Morale, s.Nerve)
			}
		}
	}
	a.w.selText.Label = sel
}

func trimFloat(f float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

var _ ebiten.Game = (*App)(nil)
