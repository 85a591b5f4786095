package ui

import (
	"fmt"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// Commander is what the editor needs from the game: *game.Session satisfies it.
type Commander interface {
	Apply(c game.Command) error
	Settings() morale.Settings
}

// Editor is the one place settings change. Every edit is applied to the game
// at once, which validates it; an invalid edit changes nothing and Good still
// returns the last good settings: the game's.
type Editor struct {
	g Commander
}

// NewEditor edits the settings of g.
func NewEditor(g Commander) *Editor { return &Editor{g: g} }

// Good is a copy of the last settings that were accepted: the game's.
func (e *Editor) Good() morale.Settings { return e.g.Settings().Clone() }

// Set changes one parameter to v. On error nothing changed.
func (e *Editor) Set(p Param, v float64) error {
	s := e.Good()
	p.Set(&s, v)
	if err := e.Replace(s); err != nil {
		return fmt.Errorf("%s = %s rejected: %w", p.Name, ScaleOf(p).FormatValue(v), err) // as the row writes it: 0.605, not 0.60
	}
	return nil
}

// Replace applies a whole set of settings. On error, which names the field,
// nothing changed.
func (e *Editor) Replace(s morale.Settings) error {
	return e.g.Apply(game.SetSettings{Settings: s})
}
