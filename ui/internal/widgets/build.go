package widgets

import (
	"image/color"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// ButtonImage is a button's look, idle in idle edged with edge; hovered
// and pressed, every button's.
func ButtonImage(idle, edge color.Color) *widget.ButtonImage {
	return &widget.ButtonImage{Idle: eimage.NewBorderedNineSliceColor(idle, edge, 1),
		Hover: eimage.NewBorderedNineSliceColor(ColButtonHi, ColButtonDn, 1), Pressed: eimage.NewNineSliceColor(ColButtonDn)}
}

// Column is a container of a vertical row layout, spacing pixels between
// its children, padded by pad (nil: none), with opts.
func Column(spacing int, pad *widget.Insets, opts ...widget.ContainerOpt) *widget.Container {
	return widget.NewContainer(append(opts, widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(spacing), widget.RowLayoutOpts.Padding(pad))))...)
}

// LineInput is a one-line TextInput in face, its text in c on bg, padded
// by pad, with opts. Its Enter is its owner's (SubmitOnEnter off): the
// owner reads Enter from the keys just pressed, so that a tap shorter
// than a tick is never lost to the TextInput's own reading of it.
func LineInput(face *text.Face, c, bg color.Color, pad *widget.Insets, opts ...widget.TextInputOpt) *widget.TextInput {
	return widget.NewTextInput(append([]widget.TextInputOpt{widget.TextInputOpts.Face(face), widget.TextInputOpts.Padding(pad),
		widget.TextInputOpts.Color(&widget.TextInputColor{Idle: c, Disabled: ColDim, Caret: ColSection, DisabledCaret: ColDim}),
		widget.TextInputOpts.Image(&widget.TextInputImage{Idle: eimage.NewNineSliceColor(bg), Disabled: eimage.NewNineSliceColor(bg),
			Highlight: eimage.NewNineSliceColor(ColButtonDn)}),
		widget.TextInputOpts.SubmitOnEnter(false)}, opts...)...)
}

// DrawLabel draws s in face and c on dst, its top-left at (x, y).
func DrawLabel(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}
