// Package render draws MoraleBreak's battle: the battlefield seen from
// above and the morale timeline. It reads a game.View, the read-only face of
// a session (*game.Session is one), and writes nothing into it; the only state a
// Renderer keeps is cached images and its own scratch buffers (see "Caches"
// below).
//
// # The field
//
// Renderer.DrawField draws, inside a game.Viewport: grass with a track and
// shell craters, sandbag walls and crates for the game's cover rectangles,
// the rally flag in its dashed ring, the enemy line with its trench,
// soldiers (the leader with a gold star, the fallen lying greyed with a
// cross and "— down"), muzzle flashes and tracers. Each living soldier
// stands in a ring of his state's colour (StateColor) and carries a plate:
// his name beside a swatch of his timeline colour (SoldierColor), his state
// and nerve, and his morale bar. For a few seconds after a state change his
// bark shows in a speech bubble above the plate. Plates are placed where
// they hide the fewest soldiers and other plates, tied to their man by a
// line when they had to move. With g.Debug() every plate gets a line with
// the exact state and morale, and the thresholds show in a corner. Squads
// larger than CompactAbove get only a small bar per man.
//
// The scenario scene (a balance-lab scenario's fight, demo -scenario) gets
// plain ground, each squad's name and count of the living, a fading ring
// at the location of each of the timeline's occurrences, and its men as
// the opening's soldiers (plates when neighbours stand 40 px apart, a
// crowd's bars when closer, dots beyond 400 men).
//
// # The bar and its marks
//
// DrawBar draws one morale bar: the fill to the soldier's morale in his
// state's colour, and across it the marks of BarMarks — PanicBelow and
// ShakenBelow as white ticks above and below the bar, and the hysteresis
// band each falling threshold lifts on the way back up (up to
// PanicBelow+Hysteresis and ShakenBelow+Hysteresis, 0.40 and 0.75 by
// default) drawn as a band: tinted blue across the bar, with a blue strip
// over it, and no tick at its top. Three marks, as the design has them;
// they follow the live settings. MarkX gives
// the pixel column of a morale value, so tests and tools can find a mark
// without drawing.
//
// # The timeline
//
// Renderer.DrawTimeline plots every soldier's morale over the last
// game.HistoryWindow seconds as lines in their SoldierColor, over faint
// state zones, with the thresholds as solid lines and the band tops as
// dashed ones, a marker in the new state's colour at every state change,
// and time labels every five seconds. A lab fight's timeline draws each
// squad instead: a band from its lowest to its highest living man in the
// squad's colour, their average as a line over it, a legend naming the
// squads, and the selected man's squad's men as lines
// (Renderer.SelectInTimeline). TimelinePlot, TimelineX and TimelineY
// give its geometry. While a what-if runs (game.View.Other) the other
// future is drawn beside it where the two differ: its morale lines dashed,
// its state changes as hollow rings on them (ghost.go); the field's HUD
// names the future shown.
//
// # Caches
//
// The demo must hold 60 ticks per second on a software rasterizer (Mesa
// llvmpipe under xvfb), where every anti-aliased path is a stencil pass
// that breaks Ebitengine's batching. So a Renderer draws what stays still
// once into offscreen images and blits them: the field's static layer
// (ground, track, craters, trench, cover, rally ring and flag) per viewport,
// the timeline's panel, zones, bands and legend per size, settings and
// squad, and the timeline's lines and markers (the what-if's ghost in a
// layer of its own), redrawn only when a sample, a state change or a death
// changes them and slid left with the clock in between. Small anti-aliased shapes (state rings, stars, crosses, speech
// bubbles, the HUD plate, a crowd's bars) are cached sprites drawn with
// DrawImage, and tracers are feathered triangles drawn in one batch.
//
// # Tests
//
// The pure helpers are tested without a window. The pixel tests (the marks
// found in a drawn bar, DrawField's picture, the timeline's lines) need
// Ebitengine's loop and so a display; without one they skip and say so.
// Run them with:
//
//	xvfb-run -a go test ./render
package render
