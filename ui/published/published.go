// Package published holds the JSON types of the state the demo publishes
// after every tick for tests driving it (package ui's App.Published: the
// -state file, or globalThis.moraleBreak in the browser): plain data,
// beside ui/capture, the other way the demo shows itself to a program.
package published

import (
	"image"

	"github.com/moralebreak/moralebreak/internal/odds"
)

// State is what the demo publishes about its soldiers for tests
// (as JSON to ui.Config.StatePath, or as globalThis.moraleBreak in the
// browser), after every tick.
type State struct {
	Time   float64 `json:"time"`
	Paused bool    `json:"paused"`
	Width  int     `json:"width"`  // logical screen size the
	Height int     `json:"height"` // coordinates are in
	Banner string  `json:"banner"` // every message of the strip, one a line ("" when none)
	// Messages are the message strip's messages, in the order shown.
	Messages []Message `json:"messages"`
	Lint     []string  `json:"lint"` // lab.Lint's warnings for the live settings
	Soldiers []Soldier `json:"soldiers"`
	// Buttons are the panel's buttons by label ("Save weights", ...), where
	// they were last laid out: ebitenui lays its widgets out as it draws
	// them, so before the first frame they are all zero.
	Buttons map[string]Rect `json:"buttons"`
	// Why is the Why panel's text ("" when nobody is selected), WhyRect
	// where it is drawn, and Tooltip the timeline tooltip's ("" when none).
	Why     string `json:"why"`
	WhyRect Rect   `json:"whyRect"`
	Tooltip string `json:"tooltip"`
	// Help is the keys' sheet's text (F1 or ?; "" when it is hidden) and
	// HelpRect where it is drawn.
	Help     string `json:"help"`
	HelpRect Rect   `json:"helpRect"`
	// KeysAway is the note over the field while the browser has the keys
	// (its downloads panel, say; "" while the page has them, and always
	// outside the browser), and KeysAwayRect where it is drawn.
	KeysAway     string `json:"keysAway"`
	KeysAwayRect Rect   `json:"keysAwayRect"`
	// Tuner is the tuner's rows, in the panel's order.
	Tuner []Row `json:"tuner"`
	// Console is the console's output, its last lines ("" when it never
	// printed), and ConsoleOpen whether it is open.
	Console     []string `json:"console"`
	ConsoleOpen bool     `json:"consoleOpen"`
	// Future is the future of a what-if the field shows, "A" or "B" (""
	// when none runs): Soldiers are that future's.
	Future string `json:"future"`
	// Odds is what the odds panel shows (nil without one).
	Odds *Odds `json:"odds,omitempty"`
}

// Row is one row of the tuner: its parameter, its value as shown,
// its default and session-start values, whether it is pending (set while
// rewound), the refusal shown on it ("" when none), the text being typed
// into it ("" when none) and where its value box is (Shown: inside the
// tuner's box; a row scrolled away is not).
type Row struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	Default string `json:"default"`
	Start   string `json:"start"`
	Pending bool   `json:"pending"`
	Note    string `json:"note"`
	Typing  string `json:"typing"`
	Shown   bool   `json:"shown"`
	Box     Rect   `json:"box"`
}

// Message is one message of the strip: its slot ("notice",
// "session", "lint"), its tone ("info", "good", "bad", "warn") and text.
type Message struct {
	Slot string `json:"slot"`
	Tone string `json:"tone"`
	Text string `json:"text"`
}

// Rect is a rectangle in logical screen pixels.
type Rect struct {
	X int `json:"x"`
	Y int `json:"y"`
	W int `json:"w"`
	H int `json:"h"`
}

// RectOf returns r as a Rect.
func RectOf(r image.Rectangle) Rect { return Rect{X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()} }

// Soldier is one soldier at his logical screen position.
type Soldier struct {
	ID     int     `json:"id"`
	Name   string  `json:"name"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Alive  bool    `json:"alive"`
	Leader bool    `json:"leader"`
	State  string  `json:"state"`
	Morale float64 `json:"morale"`
}

// Odds is the odds panel in the published state: the odds it shows
// (with runs, the fights counted, and settings_hash, lab.SettingsHash of
// the settings they are of) and its text.
type Odds struct {
	odds.Odds
	Lines []string `json:"lines"`
	// Rect is where the panel is drawn, in logical screen pixels; Folded
	// whether it shows only its title and a line (a click on the title
	// folds and unfolds it).
	Rect   Rect `json:"rect"`
	Folded bool `json:"folded"`
}
