package ui

// The message strip (a widgets.Strip, in the panel's stripBox): every
// message of the panel in one box whose place and size never change, so
// that nothing under it moves when a message comes or goes
// (TestMessagesMoveNoWidget). Its slots, in the order it shows them:
const (
	// slotNotice is what the last action did or why it was refused: a
	// save, a reload, a refused command or edit (App.showBanner).
	slotNotice = iota
	// slotSession is the session's own note: the rewind cursor, the
	// what-if's sentence, a replay's end (App.sessionNotes).
	slotSession
	// slotLint is what the lint (Config.Lint) says of the live settings
	// (App.relint).
	slotLint
	slotCount
)

// slotName names slot i, as the published state does.
func slotName(i int) string {
	if i >= 0 && i < slotCount {
		return [slotCount]string{"notice", "session", "lint"}[i]
	}
	return "slot?"
}
