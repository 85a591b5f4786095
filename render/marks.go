package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// MarkKind says which threshold a Mark on a morale bar stands for.
type MarkKind uint8

const (
	// MarkPanic is PanicBelow: falling below it, an agent panics (0.25).
	MarkPanic MarkKind = iota
	// MarkPanicBand is PanicBelow+Hysteresis, the top of the band a
	// Panicked agent has to climb through to become Shaken again (0.40).
	MarkPanicBand
	// MarkShaken is ShakenBelow: falling below it, a Steady agent is
	// Shaken (0.60).
	MarkShaken
	// MarkShakenBand is ShakenBelow+Hysteresis, the top of the band a
	// Shaken agent has to climb through to be Steady again (0.75).
	MarkShakenBand
)

// String returns the Settings expression the mark stands for.
func (k MarkKind) String() string {
	switch k {
	case MarkPanic:
		return "PanicBelow"
	case MarkPanicBand:
		return "PanicBelow+Hysteresis"
	case MarkShaken:
		return "ShakenBelow"
	case MarkShakenBand:
		return "ShakenBelow+Hysteresis"
	}
	return fmt.Sprintf("MarkKind(%d)", k)
}

// IsBand reports whether the mark is the top of a hysteresis band rather
// than a falling threshold.
func (k MarkKind) IsBand() bool { return k == MarkPanicBand || k == MarkShakenBand }

// Mark is one mark across a morale bar: a morale value and what it means.
type Mark struct {
	Value float64 // morale, 0..1
	Kind  MarkKind
}

// BarMarks returns the marks drawn across a morale bar for the settings s,
// always four and in this order: PanicBelow, PanicBelow+Hysteresis,
// ShakenBelow, ShakenBelow+Hysteresis. The two falling thresholds and the
// hysteresis band above each are the "three marks" of the README's "The
// demo". Values are clamped to 0..1, the range of the bar.
func BarMarks(s morale.Settings) []Mark {
	return []Mark{
		{clamp01(s.PanicBelow), MarkPanic},
		{clamp01(s.PanicBelow + s.Hysteresis), MarkPanicBand},
		{clamp01(s.ShakenBelow), MarkShaken},
		{clamp01(s.ShakenBelow + s.Hysteresis), MarkShakenBand},
	}
}

// MarkX returns the pixel column of bar that stands for morale value v:
// bar.Min.X for 0, bar.Max.X-1 for 1, rounded to the nearest column between.
// v is clamped to 0..1. An empty bar returns bar.Min.X.
func MarkX(bar image.Rectangle, v float64) int {
	if bar.Dx() <= 1 {
		return bar.Min.X
	}
	return bar.Min.X + int(math.Round(clamp01(v)*float64(bar.Dx()-1)))
}

// StateColor is the colour of a morale state on bars, rings and timeline
// markers: Steady green, Shaken amber, Panicked orange-red, Routed purple.
func StateColor(s morale.State) color.RGBA {
	switch s {
	case morale.Steady:
		return color.RGBA{72, 200, 96, 255}
	case morale.Shaken:
		return color.RGBA{240, 192, 40, 255}
	case morale.Panicked:
		return color.RGBA{244, 92, 44, 255}
	case morale.Routed:
		return color.RGBA{178, 86, 230, 255}
	}
	return color.RGBA{160, 160, 160, 255}
}

// SoldierColor is the colour that identifies soldier id on the timeline and
// on the swatch beside his name on the field. Colours repeat every eight ids
// and stay apart from the saturated state colours.
func SoldierColor(id int) color.RGBA {
	palette := [...]color.RGBA{
		{110, 190, 255, 255}, // sky
		{255, 140, 190, 255}, // pink
		{90, 230, 220, 255},  // cyan
		{235, 235, 235, 255}, // white
		{230, 180, 120, 255}, // tan
		{180, 160, 255, 255}, // lavender
		{170, 230, 110, 255}, // lime
		{255, 220, 150, 255}, // cream
	}
	n := len(palette)
	return palette[((id%n)+n)%n]
}

// BarkAlpha returns the opacity of a bark's speech bubble age seconds after
// the bark: 1 at first, fading to 0 over the last half second of
// game.BarkSeconds, 0 after.
func BarkAlpha(age float64) float64 {
	const fade = 0.5
	switch {
	case age < 0 || age >= game.BarkSeconds:
		return 0
	case age <= game.BarkSeconds-fade:
		return 1
	}
	return (game.BarkSeconds - age) / fade
}

func clamp01(v float64) float64 {
	if math.IsNaN(v) {
		return 0
	}
	return math.Max(0, math.Min(1, v))
}
