package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// weightsFile is what the demo knows of its weights file: the content it
// last read into the tuner or wrote there itself (its hash), so that Save
// can tell a change on disk it has not read (an editor's) and ask before
// replacing it. The file's reading and writing are the platform's
// (weightsfile_native.go; the browser has no file, and nothing to ask).
// It also watches the file for outside edits (reloadFile applies them) and
// keeps the lint of the live settings (relint).
type weightsFile struct {
	path string
	read string // sha256 of the content last read or written; "" none
	// write writes settings to a path: morale.SaveSettings when nil (a
	// test's stands in for a write whose file cannot be read back).
	write func(path string, s morale.Settings) error
	// watch tells when the file changes (nil: not watched, watchErr says
	// why when watching failed).
	watch    *Watcher
	watchErr error
	// lint lints settings (Config.Lint; nil: none); warnings is what it
	// said of the live settings last (relint).
	lint     func(morale.Settings) []LintWarning
	warnings []LintWarning
}

// startWatching watches the file for outside edits (native builds with a
// file); the error says why it cannot, and the demo runs on without.
func (f *weightsFile) startWatching() error {
	if f.path == "" || !WatchAvailable {
		return nil
	}
	w, err := WatchFile(f.path, 150*time.Millisecond)
	f.watch, f.watchErr = w, err
	return err
}

// changed reports whether the watcher saw the file change since the last
// call, or the error it failed with.
func (f *weightsFile) changed() (bool, error) {
	if f.watch == nil {
		return false, nil
	}
	select {
	case <-f.watch.C():
		return true, nil
	case err := <-f.watch.Errors():
		return false, err
	default:
		return false, nil
	}
}

// close stops the watcher.
func (f *weightsFile) close() error {
	if f.watch == nil {
		return nil
	}
	return f.watch.Close()
}

// relint lints s (the live settings) and keeps the warnings.
func (f *weightsFile) relint(s morale.Settings) []LintWarning {
	f.warnings = nil
	if f.lint != nil {
		f.warnings = f.lint(s)
	}
	return f.warnings
}

// note says which file it is and whether it is watched.
func (f *weightsFile) note() string {
	switch {
	case !WatchAvailable:
		return "Browser build: no file watching; weights are the\nbuilt-in defaults; Save downloads weights.toml."
	case f.path == "":
		return "No weights file."
	case f.watch != nil:
		return "File: " + f.path + " (watched: edits apply live)"
	case f.watchErr != nil:
		return "File: " + f.path + " (not watched: " + f.watchErr.Error() + ")"
	}
	return "File: " + f.path
}

// contentHash is the hash weightsFile keeps of a file's content.
func contentHash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

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
	if a.file.changedOnDisk() {
		a.ask(true)
		return
	}
	a.writeWeights()
}

// askText is Save's question.
func (a *App) askText() string {
	return a.file.path + " changed on disk since the demo read it (an editor's change, or a line it could not read): Overwrite it with the tuner's settings, Reload it into the tuner, or Cancel?"
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
		a.showBanner("Save cancelled: "+a.file.path+" and the tuner are as they were", false, 4*game.TPS)
	}
}

// writeWeights writes the tuner's settings and says how it went.
func (a *App) writeWeights() {
	msg, err := a.file.save(a.editor.Good())
	if err != nil {
		a.showBanner("save failed: "+err.Error(), true, 8*game.TPS)
		return
	}
	a.showBanner(msg, false, 3*game.TPS)
}

// pollWatcher reloads the weights file when the watcher says it changed,
// and says when the watcher fails.
func (a *App) pollWatcher() {
	switch changed, err := a.file.changed(); {
	case err != nil:
		a.showBanner("watching "+a.cfg.WeightsPath+": "+err.Error(), true, 5*game.TPS)
	case changed:
		a.reloadFile()
	}
}

// reloadFile applies the weights file after an outside edit and says so,
// unless the file holds the settings the tuner has (after the demo's own
// Save) and no refusal is up: then the notice stays as it was.
func (a *App) reloadFile() {
	before := a.editor.Good()
	if err := a.editor.Reload(a.cfg.WeightsPath); err != nil {
		a.showBanner(err.Error(), true, -1)
		return // not read: a Save asks before replacing it
	}
	a.file.markRead()
	if !slices.Equal(before.Events(), a.editor.Good().Events()) { // other weight rows
		a.tuner.rebuild(a.g.Settings(), a.editor.Good())
	}
	a.relint()
	if sameSettings(before, a.editor.Good()) && a.strip.msgs[SlotNotice].tone != ToneBad {
		return // the file says what the tuner has (the demo's own Save): "saved" stays
	}
	a.showBanner("reloaded "+a.cfg.WeightsPath, false, 3*game.TPS)
}

// relint runs the lint (Config.Lint: the balance lab's, a few milliseconds of simulated
// fights) over the live settings and shows its warnings under the banner.
// Call it after every accepted settings change.
func (a *App) relint() {
	a.strip.set(SlotLint, lintText(a.file.relint(a.editor.Good())), ToneWarn, -1)
}

// lintText is the lint's message: every warning's rule, then each warning
// in full ("" when there are none).
func lintText(ws []LintWarning) string {
	if len(ws) == 0 {
		return ""
	}
	rules := make([]string, len(ws))
	msgs := make([]string, len(ws))
	for i, w := range ws {
		rules[i] = w.Rule
		msgs[i] = w.Message
	}
	return fmt.Sprintf("Lint (%d): %s. %s", len(ws), strings.Join(rules, ", "), strings.Join(msgs, " "))
}

// fileNote is the panel's last line: the weights file and whether it is
// watched.
func (a *App) fileNote() string { return a.file.note() }

// LintWarning is one warning of the lint of the live settings (the lab's
// lab.Lint, which cmd/demo gives as Config.Lint): its rule and what is
// wrong, with the fix.
type LintWarning struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// String returns "rule: message".
func (w LintWarning) String() string { return w.Rule + ": " + w.Message }
