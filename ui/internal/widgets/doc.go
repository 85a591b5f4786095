// Package widgets holds the demo's own widgets and the helpers that build
// ebitenui's, as ebitenui's own package widget does for its: generic pieces
// that live in ebitenui's containers and know nothing of the App, the
// game's scenes or the morale World beyond the plain values and callbacks
// they are given.
//
//   - [SliderScale] maps a float setting onto an int slider position: the
//     one place where slider ints and setting floats meet.
//   - [FineSlider] is a tuner row's slider, an ebitenui widget that
//     ebitenui's own Slider (int-only, absolute drags) cannot replace:
//     relative drags, [Fine] times finer with Shift, the default's and the
//     start's ticks, a refused value's outline.
//   - [Console] is an in-game console in ebitenui's widgets (output,
//     scrollbar, command line, history, completion) over a [Shell] that
//     runs its lines.
//   - [Strip] is a message strip: a box of [StripLines] rows whose place
//     never changes, each slot's message in its [Tone], a message cut short
//     shown whole in its tooltip.
//   - [Column], [LineInput] and [ButtonImage] build ebitenui containers,
//     text inputs and button looks in the demo's palette; [Fill] and
//     [DrawLabel] draw into an image.
//   - The palette: every colour of the demo's panel and its widgets (Col…),
//     values that are never changed.
package widgets
