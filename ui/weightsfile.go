package ui

import (
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
	"github.com/moralebreak/moralebreak/ui/internal/widgets"
)

// The weights file's glue: the App's Save (asking before it replaces a
// change on disk), its answers, the watcher's reloads and the lint, turned
// into the panel's text. The file itself (reading, watching, saving with
// the content hash, the lint's warnings) is package internal/weightsfile's.

// saveAnswer is an answer to Save's question about a file changed on disk.
type saveAnswer int

const (
	answerOverwrite saveAnswer = iota // write the tuner's settings over it
	answerReload                      // take the file's settings into the tuner
	answerCancel                      // leave both as they are
)

// save writes the tuner's settings to the weights file, unless the file
// changed on disk since the demo last read it: then it asks in the panel
// (Overwrite / Reload / Cancel) and writes nothing until answered. While
// the question is up, another Save only asks again.
func (a *App) save() {
	if a.asking {
		a.showBanner(a.askText(), true, -1)
		return
	}
	if a.file.ChangedOnDisk() {
		a.ask(true)
		return
	}
	a.writeWeights()
}

// askText is Save's question.
func (a *App) askText() string {
	return a.file.Path() + " changed on disk since the demo read it (an editor's change, or a line it could not read): Overwrite it with the tuner's settings, Reload it into the tuner, or Cancel?"
}

// ask shows Save's question and its three answers, or takes them away.
func (a *App) ask(on bool) {
	if a.asking == on {
		return
	}
	a.asking = on
	a.w.showAsk(on)
	a.panel.age = panelMaxAge // the cached panel shows the old layout
	a.panel.shownOn = nil
	if on {
		a.showBanner(a.askText(), true, -1)
	}
}

// answer carries out the answer to Save's question.
func (a *App) answer(ans saveAnswer) {
	if !a.asking {
		return
	}
	a.ask(false)
	switch ans {
	case answerOverwrite:
		a.writeWeights()
	case answerReload:
		a.reloadFile()
	case answerCancel:
		a.showBanner("Save cancelled: "+a.file.Path()+" and the tuner are as they were", false, 4*game.TPS)
	}
}

// writeWeights writes the tuner's settings and says how it went.
func (a *App) writeWeights() {
	msg, err := a.file.Save(a.editor.Good())
	if err != nil {
		a.showBanner("save failed: "+err.Error(), true, 8*game.TPS)
		return
	}
	a.showBanner(msg, false, 3*game.TPS)
}

// pollWatcher reloads the weights file when the watcher says it changed,
// and says when the watcher fails.
func (a *App) pollWatcher() {
	switch changed, err := a.file.Changed(); {
	case err != nil:
		a.showBanner("watching "+a.cfg.WeightsPath+": "+err.Error(), true, 5*game.TPS)
	case changed:
		a.reloadFile()
	}
}

// reloadFile applies the weights file after an outside edit and says so,
// unless the file holds the settings the tuner has (after the demo's own
// Save) and no refusal is up: then the notice stays as it was.
//
// Save's question, if it is up, goes: its text would give way to the
// reload's message and leave its three buttons under a notice that asks
// nothing (a file read answers it; one still broken is asked of again at
// the next Save).
func (a *App) reloadFile() {
	a.ask(false)
	before := a.editor.Good()
	if err := a.file.Reload(a.editor.Replace); err != nil {
		a.showBanner(err.Error()+"\n(last good settings kept)", true, -1)
		return // not read: a Save asks before replacing it
	}
	if !slices.Equal(before.Events(), a.editor.Good().Events()) { // other weight rows
		a.tuner.rebuild(a.g.Settings(), a.editor.Good())
	}
	a.relint()
	if before.Equal(a.editor.Good()) && a.strip.Message(slotNotice).Tone != widgets.ToneBad {
		return // the file says what the tuner has (the demo's own Save): "saved" stays
	}
	msg, ticks := "reloaded "+a.cfg.WeightsPath, 3*game.TPS
	if d := reloadChanges(before, a.editor.Good()); d != "" {
		// the watcher reloads while the designer is in his editor: what
		// changed stays until the next notice, not 3 s he may not see
		msg, ticks = msg+": "+d, -1
	}
	a.showBanner(msg, false, ticks)
}

// reloadChanges names what a reload changed in the tuner, each value from
// what the tuner had to what the file has, as the rows write them:
// "PanicBelow 0.25 → 0.30, RoutAfterSeconds 2.25 → 3.5" ("" when
// nothing). The file replaces every value, so a tuner edit not yet saved
// goes back to the file's, and a reload is not an edit to undo: the
// message is where the designer sees it go. A weight row the file adds or
// drops says so ("Ambush -0.20 (new row)", "Ambush (row removed)").
func reloadChanges(before, after morale.Settings) string {
	var out []string
	for _, p := range morale.Params() {
		if x, y := p.Get(before), p.Get(after); x != y {
			f := ScaleOf(p).FormatValue
			out = append(out, p.Name+" "+f(x)+" → "+f(y))
		}
	}
	for _, e := range after.Events() {
		p := morale.WeightParam(e)
		f := ScaleOf(p).FormatValue
		switch x, ok := before.Weights[e]; {
		case !ok:
			out = append(out, p.Name+" "+f(after.Weights[e])+" (new row)")
		case x != after.Weights[e]:
			out = append(out, p.Name+" "+f(x)+" → "+f(after.Weights[e]))
		}
	}
	for _, e := range before.Events() {
		if _, ok := after.Weights[e]; !ok {
			out = append(out, string(e)+" (row removed)")
		}
	}
	return strings.Join(out, ", ")
}

// relint runs the lint (Config.Lint: the balance lab's, a few milliseconds of simulated
// fights) over the live settings and shows its warnings under the banner.
// Call it after every accepted settings change.
func (a *App) relint() {
	a.strip.Set(slotLint, weightsfile.Summary(a.file.Lint(a.editor.Good())), widgets.ToneWarn, -1)
}
