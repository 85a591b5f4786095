package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// consoleHelp is the answer to "help": a table whose second column starts
// at the same column on every row (the demo's console draws it in a
// monospaced face).
const consoleHelp = `Commands (names are case-insensitive; Tab completes them and the names):
  MoraleBreak.Debug [0|1]      draw state and morale over every head (no argument toggles)
  MoraleBreak.Dump             every squad's average and lowest morale, and how many broke
  MoraleBreak.Rally [SquadId]  straight back to Steady (no argument: every squad)
  MoraleBreak.Why [name]       why his morale and state are what they are (no name: the selected soldier or squad)
  help                         this list`

// consoleCommands are the console's commands as help spells them, with
// whether they take an argument.
var consoleCommands = []struct {
	name string
	arg  bool
}{
	{"help", false},
	{"MoraleBreak.Debug", true},
	{"MoraleBreak.Dump", false},
	{"MoraleBreak.Rally", true},
	{"MoraleBreak.Why", true},
}

// commandList is every command's name, for answers.
func commandList() string {
	names := make([]string, len(consoleCommands))
	for i, c := range consoleCommands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// Console is the in-game console of a session: it reads a line, runs it and
// answers. What it changes, it changes through the session's Apply, like
// every other input; MoraleBreak.Why with no name explains the soldier the
// demo has selected (Select).
type Console struct {
	s           *Session
	selected    int
	hasSelected bool
}

// NewConsole returns a console of session s, with no soldier selected.
func NewConsole(s *Session) *Console { return &Console{s: s} }

// Select tells the console which soldier the demo has selected (ok false:
// none), for MoraleBreak.Why with no name. It changes nothing in the
// session; an id that no longer exists is simply unknown.
func (c *Console) Select(id int, ok bool) { c.selected, c.hasSelected = id, ok }

// Selected returns the soldier set by Select.
func (c *Console) Selected() (id int, ok bool) { return c.selected, c.hasSelected }

// Exec runs one line of the in-game console and returns its answer (several
// lines at most, no trailing newline). The line and the answer also go to the
// battle's log. Command names are case-insensitive; an unknown command or a
// bad argument gets an answer saying so, and changes nothing.
func (c *Console) Exec(line string) string {
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
		out = c.execDebug(args)
	case "moralebreak.dump":
		if len(args) > 0 {
			out = "usage: MoraleBreak.Dump"
			break
		}
		var b strings.Builder
		if err := c.s.b.world.Dump(&b); err != nil { // a strings.Builder never fails
			out = err.Error()
			break
		}
		out = strings.TrimRight(b.String(), "\n")
		if out == "" {
			out = "no squads"
		}
	case "moralebreak.rally":
		out = c.execRally(args)
	case "moralebreak.why":
		out = c.execWhy(args)
	default:
		out = fmt.Sprintf("unknown command %q; type help for the list (commands: %s)", f[0], commandList())
	}
	c.s.b.logBlock("> " + line)
	c.s.b.logBlock(out)
	return out
}

// execDebug runs MoraleBreak.Debug through Apply(SetDebug).
func (c *Console) execDebug(args []string) string {
	on := !c.s.Debug()
	switch {
	case len(args) == 0:
	case len(args) == 1 && args[0] == "0":
		on = false
	case len(args) == 1 && args[0] == "1":
		on = true
	default:
		return "usage: MoraleBreak.Debug [0|1]"
	}
	if err := c.s.Apply(SetDebug{On: on}); err != nil {
		return "MoraleBreak.Debug: " + err.Error()
	}
	if c.s.Debug() {
		return "MoraleBreak.Debug 1: state and morale shown over every head"
	}
	return "MoraleBreak.Debug 0: overlay off"
}

// execRally runs MoraleBreak.Rally through Apply(Rally) or
// Apply(RallySquad).
func (c *Console) execRally(args []string) string {
	ids := c.s.b.world.SquadIDs()
	switch len(args) {
	case 0:
		if err := c.s.Apply(Rally{}); err != nil {
			return "MoraleBreak.Rally: " + err.Error()
		}
		return "rallied " + words.Count(len(ids), "squad", "squads") + ": every soldier is Steady"
	case 1:
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n != int64(morale.SquadID(n)) {
			return fmt.Sprintf("MoraleBreak.Rally: %q is not a squad id; usage: MoraleBreak.Rally [SquadId]", args[0])
		}
		switch err := c.s.Apply(RallySquad{ID: morale.SquadID(n)}); {
		case errors.Is(err, ErrNoSquad):
			return fmt.Sprintf("MoraleBreak.Rally: no squad %d (squads: %s)", n, squadList(ids))
		case err != nil:
			return "MoraleBreak.Rally: " + err.Error()
		}
		return fmt.Sprintf("rallied squad %d: every soldier is Steady", n)
	}
	return "usage: MoraleBreak.Rally [SquadId]"
}

// execWhy runs MoraleBreak.Why [name]: the named soldier's explanation (no
// name: the selected one), his death when he fell, or why there is none.
func (c *Console) execWhy(args []string) string {
	const usage = "usage: MoraleBreak.Why [name] (no name: the selected soldier)"
	sc := c.s.b.scene
	if av, ok := sc.(*Armies); ok && len(args) == 0 {
		if x, ok := av.SquadWhy(); ok {
			// a broken squad: the causes up to its break, as its Why panel
			// says them, however long after it the squad was selected
			switch bx, st := c.s.SquadBreakWhy(x.ID); st {
			case BreakReady:
				if bx.Broke > 0 {
					x = bx
				}
			case BreakCounting:
				return fmt.Sprintf("Squad %d (army %d) broke at %.2f s; its fall is being played again to count its causes: ask again in a moment", x.ID, x.Side+1, bx.Broke)
			}
			return x.String()
		}
		return "MoraleBreak.Why: the armies' men have no names; right-click a squad, then MoraleBreak.Why explains its men"
	}
	id := -1
	switch len(args) {
	case 0:
		if _, _, ok := sc.soldierOf(c.selected); !c.hasSelected || !ok {
			return "MoraleBreak.Why: no soldier selected; name one (" + c.soldierNames() + ") or right-click one"
		}
		id = c.selected
	case 1:
		for i := range sc.soldierCount() {
			if _, name, _ := sc.soldierOf(i); strings.EqualFold(name, args[0]) {
				id = i
				break
			}
		}
		if id < 0 {
			return fmt.Sprintf("MoraleBreak.Why: no soldier %q (soldiers: %s)", args[0], c.soldierNames())
		}
	default:
		return usage
	}
	a, name, _ := sc.soldierOf(id)
	x, ok := c.s.Why(id)
	x.SecondsSinceBadNews = ShownSinceBadNews(x.SecondsSinceBadNews) // as the Why panel says it
	switch {
	case a == nil && ok:
		return fmt.Sprintf("%s is dead (fell at %.2f s). Before he fell: %s", name, x.Now, x)
	case a == nil:
		return name + " is dead; no explanation was kept"
	case !ok:
		return "MoraleBreak.Why: no explanation for " + name
	}
	return fmt.Sprintf("%s: %s", name, x)
}

// soldierNames lists every soldier's name, the dead marked, for answers.
func (c *Console) soldierNames() string {
	sc := c.s.b.scene
	var b strings.Builder
	for i := range sc.soldierCount() {
		if i > 0 {
			b.WriteString(", ")
		}
		a, name, _ := sc.soldierOf(i)
		b.WriteString(name)
		if a == nil {
			b.WriteString(" (dead)")
		}
	}
	return b.String()
}

// Complete completes the last word of line, a command name or its argument
// (a soldier's name for MoraleBreak.Why, a squad for MoraleBreak.Rally, 0
// or 1 for MoraleBreak.Debug), case-insensitively. It returns the line
// completed as far as every candidate agrees (with a space after a
// command that takes an argument) and, when more than one candidate
// remains, all of them to list. A line it cannot complete comes back as it was, with no
// candidates. It changes nothing.
func (c *Console) Complete(line string) (string, []string) {
	head, word := "", strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(word)]
	if i := strings.LastIndexByte(word, ' '); i >= 0 {
		head, word = lead+word[:i+1], word[i+1:]
	} else {
		head = lead
	}
	var cands []string
	var arg []bool // per candidate: a command that takes an argument
	if fields := strings.Fields(head); len(fields) == 0 {
		for _, cmd := range consoleCommands {
			cands, arg = append(cands, cmd.name), append(arg, cmd.arg)
		}
	} else if len(fields) == 1 {
		cands = c.arguments(fields[0])
	}
	var hits []string
	takesArg := false
	for i, cand := range cands {
		if len(cand) >= len(word) && strings.EqualFold(cand[:len(word)], word) {
			hits = append(hits, cand)
			takesArg = arg != nil && arg[i]
		}
	}
	switch len(hits) {
	case 0:
		return line, nil
	case 1:
		if takesArg {
			return head + hits[0] + " ", nil
		}
		return head + hits[0], nil
	}
	prefix := hits[0]
	for _, h := range hits[1:] {
		n := 0
		for n < len(prefix) && n < len(h) && strings.EqualFold(prefix[n:n+1], h[n:n+1]) {
			n++
		}
		prefix = prefix[:n]
	}
	if len(prefix) < len(word) {
		prefix = word
	}
	return head + prefix, hits
}

// arguments are what command name takes as its argument, to complete.
func (c *Console) arguments(name string) []string {
	switch strings.ToLower(name) {
	case "moralebreak.why":
		sc := c.s.b.scene
		out := make([]string, 0, sc.soldierCount())
		for i := range sc.soldierCount() {
			_, n, _ := sc.soldierOf(i)
			out = append(out, n)
		}
		return out
	case "moralebreak.rally":
		ids := c.s.b.world.SquadIDs()
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = strconv.FormatInt(int64(id), 10)
		}
		return out
	case "moralebreak.debug":
		return []string{"0", "1"}
	}
	return nil
}

// Examples are lines that run as typed in this session's scene, one per
// command worth showing, for the console's hint: a real soldier's name
// (the armies have none) and a real squad.
func (c *Console) Examples() []string {
	out := []string{"help"}
	if names := c.arguments("MoraleBreak.Why"); len(names) > 0 {
		out = append(out, "MoraleBreak.Why "+names[len(names)-1])
	}
	if ids := c.arguments("MoraleBreak.Rally"); len(ids) > 0 {
		out = append(out, "MoraleBreak.Rally "+ids[0])
	}
	return append(out, "MoraleBreak.Dump", "MoraleBreak.Debug 1")
}
