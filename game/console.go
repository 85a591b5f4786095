package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

// consoleHelp is the answer to "help".
const consoleHelp = `Commands (names are case-insensitive):
  MoraleBreak.Debug [0|1]      draw state and morale over every head (no argument toggles)
  MoraleBreak.Dump             every squad's average and lowest morale, and how many broke
  MoraleBreak.Rally [SquadId]  straight back to Steady (no argument: every squad)
  MoraleBreak.Why [name]       why his morale and state are what they are (no name: the selected soldier)
  help                         this list`

// Exec runs one line of the in-game console and returns its answer (several
// lines at most, no trailing newline). The line and the answer also go to the
// log. Command names are case-insensitive; an unknown command or a bad
// argument gets an answer saying so, and changes nothing.
func (g *Game) Exec(line string) string {
	line = strings.TrimSpace(line)
	if line == "" {
		return ""
	}
	f := strings.Fields(line)
	name, args := strings.ToLower(f[0]), f[1:]
	var out string
	switch name {
	case "help", "?":
		out = consoleHelp
	case "moralebreak.debug":
		out = g.execDebug(args)
	case "moralebreak.dump":
		if len(args) > 0 {
			out = "usage: MoraleBreak.Dump"
			break
		}
		var b strings.Builder
		if err := g.world.Dump(&b); err != nil { // a strings.Builder never fails
			out = err.Error()
			break
		}
		out = strings.TrimRight(b.String(), "\n")
		if out == "" {
			out = "no squads"
		}
	case "moralebreak.rally":
		out = g.execRally(args)
	case "moralebreak.why":
		out = g.execWhy(args)
	default:
		out = fmt.Sprintf("unknown command %q; type help for the list", f[0])
	}
	g.logBlock("> " + line)
	g.logBlock(out)
	return out
}

// execDebug runs MoraleBreak.Debug through Apply(SetDebug).
func (g *Game) execDebug(args []string) string {
	on := !g.debug
	switch {
	case len(args) == 0:
	case len(args) == 1 && args[0] == "0":
		on = false
	case len(args) == 1 && args[0] == "1":
		on = true
	default:
		return "usage: MoraleBreak.Debug [0|1]"
	}
	if err := g.Apply(SetDebug{On: on}); err != nil {
		return "MoraleBreak.Debug: " + err.Error()
	}
	if g.debug {
		return "MoraleBreak.Debug 1: state and morale shown over every head"
	}
	return "MoraleBreak.Debug 0: overlay off"
}

// execRally runs MoraleBreak.Rally through Apply(Rally) or
// Apply(RallySquad).
func (g *Game) execRally(args []string) string {
	ids := g.world.SquadIDs()
	switch len(args) {
	case 0:
		if err := g.Apply(Rally{}); err != nil {
			return "MoraleBreak.Rally: " + err.Error()
		}
		return fmt.Sprintf("rallied %d squad(s): every soldier is Steady", len(ids))
	case 1:
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n != int64(morale.SquadID(n)) {
			return fmt.Sprintf("MoraleBreak.Rally: %q is not a squad id; usage: MoraleBreak.Rally [SquadId]", args[0])
		}
		switch err := g.Apply(RallySquad{ID: morale.SquadID(n)}); {
		case errors.Is(err, ErrNoSquad):
			return fmt.Sprintf("MoraleBreak.Rally: no squad %d (squads: %v)", n, ids)
		case err != nil:
			return "MoraleBreak.Rally: " + err.Error()
		}
		return fmt.Sprintf("rallied squad %d: every soldier is Steady", n)
	}
	return "usage: MoraleBreak.Rally [SquadId]"
}
