// Package capture turns the demo into pictures and numbers: Screenshot
// writes one frame as a PNG (-screenshot), GIF an animated GIF of a span of
// simulated time (-gif, with its own GIFEncoder: one palette for the whole
// scene, only the changed rectangle per frame), and TPSLog a line of
// Ebitengine's measured TPS and FPS and the CPU time per Update and Draw
// (-tpslog); SavePicture writes the pictures of the demo's Save picture
// key (ui.Config.Pictures: PNGs beside the weights file, never replacing
// one).
// Each wraps the demo's ebiten.Game (a Syncer, *ui.App) and the
// session it shows; Options holds those flags (Register, Check) and Wrap
// picks the wrappers they ask for. Profile writes the run's CPU and heap
// profiles (-cpuprofile, -memprofile), and Window is the game the demo's
// window runs: ended by a signal when an output is written at the end,
// its final screen copied, not blended; CheckDisplay and ExplainStartError
// say, before and after it fails to open, which packages a machine without
// a display or OpenGL needs. The crops are
// ui.Crops: the regions of ui.ScreenRegions, the battle without the panel,
// and the Why panel, where the App (a Cropper) laid it out. A frame holds
// nothing of the wall clock when the App runs with ui.Config.Capture, so
// a capture is the same bytes on every run.
//
// capture imports ui (the screen's regions and size), game and ebiten; ui
// does not import it.
package capture
