package ui

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// weightsFile is what the demo knows of its weights file: the content it
// last read into the tuner or wrote there itself (its hash), so that Save
// can tell a change on disk it has not read (an editor's) and ask before
// replacing it. The file's reading and writing are the platform's
// (weightsfile_native.go; the browser has no file, and nothing to ask).
type weightsFile struct {
	path string
	read string // sha256 of the content last read or written; "" none
	// write writes settings to a path: morale.SaveSettings when nil (a
	// test's stands in for a write whose file cannot be read back).
	write func(path string, s morale.Settings) error
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
