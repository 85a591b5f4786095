package ui

import (
	"errors"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/textfit"
	"github.com/moralebreak/moralebreak/morale"
)

// ConsoleKey opens and closes the console; while it is open no other key is
// a shortcut.
const ConsoleKey = ebiten.KeyBackquote

// ErrNoSelection is why Force rout gives no command without a selected
// soldier.
var ErrNoSelection = errors.New("force rout needs a selected soldier: right-click one, or use < Prev / Next >")

// ErrNoSquadSelected is why Rally selected gives no command in the armies
// without a selected squad.
var ErrNoSquadSelected = errors.New("rally selected needs a selected squad: right-click one, or use < Prev / Next >")

// Context is what a binding's command may depend on.
type Context struct {
	// Paused is the game's pause state (Pause toggles it).
	Paused bool
	// Selected is the selected soldier's ID, when HasSelected.
	Selected    int
	HasSelected bool
	// Squad is the armies' selected squad (0: none).
	Squad morale.SquadID
}

// group is where a binding's button sits on the panel.
type group uint8

const (
	groupActions   group = iota // the first rows of the button grid
	groupSpeed                  // the speed row, after Save weights
	groupSelection              // after < Prev and Next >
	groupView                   // the armies' camera, after the speeds
)

// Binding is one control of the demo: its keys, its button and the game
// command both give. The table of Bindings is the only place a key or a
// button becomes a command: MapInput reads its keys, the panel builds its
// buttons from it, and SceneHelp lists its keys.
type Binding struct {
	// Keys give the command when pressed (none: a button only).
	Keys []ebiten.Key
	// KeyName names the keys in the help, e.g. "Space".
	KeyName string
	// Label is the button's label.
	Label string
	// Help says what the key does, in a word or two, for the help line.
	Help string
	// Command builds the command in context c; an error (ErrNoSelection)
	// says why there is none. For an Action binding it gives nil, nil.
	Command func(c Context) (game.Command, error)
	// Action, when not NoAction, is what the binding does instead of a
	// game command (Save replay).
	Action Action
	// Scene, when set, names the scenes the binding belongs to, separated
	// by spaces (game.SceneOpening, game.SceneArmies, game.SceneScenario);
	// "" is every scene.
	Scene string

	group group
}

// fixed returns a Command that always gives c.
func fixed(c game.Command) func(Context) (game.Command, error) {
	return func(Context) (game.Command, error) { return c, nil }
}

// SceneBindings returns the controls of scene ("" is the opening), in the
// order of their buttons: each scene gets only what works in it (the
// armies take no reinforcements; their selection is a squad). The slice is
// new on every call.
func SceneBindings(scene string) []Binding {
	if scene == "" {
		scene = game.SceneOpening
	}
	var out []Binding
	for _, b := range allBindings() {
		if b.Scene == "" || slices.Contains(strings.Fields(b.Scene), scene) {
			out = append(out, b)
		}
	}
	return out
}

// allBindings is every scene's controls, in the order of their buttons.
func allBindings() []Binding {
	const op, ar = game.SceneOpening, game.SceneArmies
	const cam = ar + " " + game.SceneScenario // the scenes with a camera
	return []Binding{
		{Keys: []ebiten.Key{ebiten.KeyR}, KeyName: "R", Label: "Rally squad", Help: "rally", Command: fixed(game.Rally{}), Scene: op},
		{Keys: []ebiten.Key{ebiten.KeyR}, KeyName: "R", Label: "Rally all", Help: "rally all", Command: fixed(game.Rally{}), Scene: ar},
		{Label: "Rally selected", Scene: ar, Command: func(c Context) (game.Command, error) {
			if c.Squad == 0 {
				return nil, ErrNoSquadSelected
			}
			return game.RallySquad{ID: c.Squad}, nil
		}},
		{Label: "Reinforcements", Command: fixed(game.Reinforce{N: 3}), Scene: op},
		{Label: "Restart opening", Command: fixed(game.Restart{}), Scene: op},
		{Label: "Restart battle", Command: fixed(game.Restart{}), Scene: ar},
		{Keys: []ebiten.Key{ebiten.KeySpace}, KeyName: "Space", Label: "Pause", Help: "pause",
			Command: func(c Context) (game.Command, error) { return game.Pause{Paused: !c.Paused}, nil }},
		{Keys: []ebiten.Key{ebiten.KeyN}, KeyName: "N", Label: "Step 1 tick", Help: "step", Command: fixed(game.Step{})},
		{Keys: []ebiten.Key{ebiten.KeyDigit1}, KeyName: "1", Label: "Speed ×0.25", Help: "×0.25", Command: fixed(game.SetSpeed{Factor: 0.25}), group: groupSpeed},
		{Keys: []ebiten.Key{ebiten.KeyDigit2}, KeyName: "2", Label: "Speed ×1", Help: "×1", Command: fixed(game.SetSpeed{Factor: 1}), group: groupSpeed},
		{Keys: []ebiten.Key{ebiten.KeyDigit3}, KeyName: "3", Label: "Speed ×4", Help: "×4", Command: fixed(game.SetSpeed{Factor: 4}), group: groupSpeed},
		{Label: "Force rout", group: groupSelection, Scene: op, Command: func(c Context) (game.Command, error) {
			if !c.HasSelected {
				return nil, ErrNoSelection
			}
			return game.ForceRout{ID: c.Selected}, nil
		}},
		{Keys: []ebiten.Key{ebiten.KeyComma}, KeyName: ",", Label: "Rewind 1 s", Help: "rewind", Command: action, Action: ActRewindBack},
		{Keys: []ebiten.Key{ebiten.KeyPeriod}, KeyName: ".", Label: "Forward 1 s", Help: "forward", Command: action, Action: ActRewindForward},
		{Label: "Resume from here", Command: action, Action: ActResume},
		{Keys: []ebiten.Key{ebiten.KeyA}, KeyName: "A", Label: "Future A/B", Help: "what-if A/B", Command: action, Action: ActToggleFuture},
		{Keys: []ebiten.Key{ebiten.KeyZ}, KeyName: "Z", Label: "Revert what-if", Help: "revert", Command: action, Action: ActRevert},
		{Keys: []ebiten.Key{ebiten.KeyF2}, KeyName: "F2", Label: "Save replay", Help: "save replay", Command: action, Action: ActSaveReplay},
		{Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}, KeyName: "+", Label: "Zoom in", Help: "zoom in", Command: action, Action: ActZoomIn, Scene: cam, group: groupView},
		{Keys: []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}, KeyName: "-", Label: "Zoom out", Help: "zoom out", Command: action, Action: ActZoomOut, Scene: cam, group: groupView},
		{Keys: []ebiten.Key{ebiten.KeyHome}, KeyName: "Home", Label: "Whole field", Help: "whole field", Command: action, Action: ActViewReset, Scene: cam, group: groupView},
		{Keys: []ebiten.Key{ebiten.KeyF12}, KeyName: "F12", Label: "Save picture", Help: "picture", Command: action, Action: ActScreenshot},
	}
}

// SceneHelp is the panel's help in scene, laid out in lines no wider than
// width in face: the mouse, the console key, and every key of
// SceneBindings, each with what it does ("right-click: select", "R:
// rally"), apart from the next by " · ". A key and what it does are never
// parted: a line ends only between two of them, and ebitenui, given the
// lines, wraps none of them again (TestHelpKeepsEachKeyWithItsAction).
func SceneHelp(scene string, face text.Face, width float64) string {
	var lines []string
	for _, para := range helpPairs(scene) {
		lines = appendPairs(lines, para, face, width)
	}
	return strings.Join(lines, "\n")
}

// helpPairs is the panel's help in scene as paragraphs of "key: what it
// does" pairs: the mouse, then the keys.
func helpPairs(scene string) [][]string {
	var keys []string
	for _, b := range SceneBindings(scene) {
		if len(b.Keys) > 0 {
			keys = append(keys, b.KeyName+": "+b.Help)
		}
	}
	if scene != game.SceneArmies { // the armies' mouse lines name it
		keys = append(keys, "`: console")
	}
	keys = append(keys, "F1 or ?: all keys")
	if scene == game.SceneArmies {
		return [][]string{
			{"Left-click a man: he dies", "on the ground: a shell lands"},
			{"Right-click a squad: select it", "` : console"},
			{"Wheel: zoom", "middle-drag or arrows: pan"},
			keys,
		}
	}
	return [][]string{{"Left-click: kill a man or shell the ground", "right-click: select"}, keys}
}

// appendPairs appends pairs to lines, as many to a line as fit width in
// face (less a pixel: ebitenui wraps a line as wide as its width), one
// apart from the next by " · "; a pair wider than width alone has a line
// of its own.
func appendPairs(lines, pairs []string, face text.Face, width float64) []string {
	line := ""
	for _, p := range pairs {
		switch {
		case line == "":
			line = p
		case textfit.Width(line+" · "+p, face) > width-1:
			lines = append(lines, line)
			line = p
		default:
			line += " · " + p
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
