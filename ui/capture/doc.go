// Package capture turns the demo into pictures and numbers: Screenshot
// writes one frame as a PNG (-screenshot), GIF an animated GIF of a span of
// simulated time (-gif, with its own GIFEncoder: one palette for the whole
// scene, only the changed rectangle per frame), and TPSLog a line of
// Ebitengine's measured TPS and FPS and the CPU time per Update and Draw
// (-tpslog). Each wraps the demo's ebiten.Game (a Syncer, *ui.App) and the
// session it shows; cmd/demo picks one from its flags. The crops are the
// regions of ui.ScreenRegions.
//
// capture imports ui (the screen's regions and size), game and ebiten; ui
// does not import it.
package capture
