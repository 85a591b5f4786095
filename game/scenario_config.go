package game

import (
	"errors"
	"fmt"
	"math"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/morale"
)

// SceneScenario is the scene of Config.Scene that plays a scenario fight
// (Config.Scenario): the squads and the timeline of a balance-lab scenario,
// the same fight, bit for bit, as the lab's run of it (see ScenarioFight).
const SceneScenario = "scenario"

// Limits of a ScenarioConfig, so that no replay can exhaust memory: the
// balance lab's own limits (lab.ParseScenario refuses more first).
const (
	// MaxScenarioMen is the most men a scenario fight may have, the
	// reinforcements of its timeline included.
	MaxScenarioMen = 200000
	// MaxScenarioSquads is the most squads a scenario may have.
	MaxScenarioSquads = 1000
	// MaxScenarioSeconds is the longest scenario fight, in seconds.
	MaxScenarioSeconds = 24 * 3600
	// MaxScenarioOccurrences is the most occurrences a timeline may expand
	// into (every repetition of every event).
	MaxScenarioOccurrences = 1000000
)

// ScenarioConfig describes a scenario fight for the game, as the balance
// lab's scenario file does (the lab translates its lab.Scenario into one;
// see docs/balancing.md for the keys): squads in formations and a timeline
// of events. It is plain data; Validate checks it. Do not modify one while
// a battle or a ScenarioFight uses it.
type ScenarioConfig struct {
	// Name is the scenario's name, for the log and the window.
	Name string
	// Duration is the simulated length of the fight, in seconds (> 0): no
	// occurrence of the timeline comes later.
	Duration float64
	// Squads are the squads at the start; their SquadIDs are 1, 2, … in
	// this order.
	Squads []ScenarioSquad
	// Events is the timeline, in file order.
	Events []ScenarioEvent
}

// ScenarioSquad is one squad of a ScenarioConfig.
type ScenarioSquad struct {
	Name string
	// Size is the number of men at the start, at least 1.
	Size int
	// Formation is "line" (along Y), "column" (along X), "grid" (a square
	// block) or "circle", centred on At with Spacing cm between
	// neighbours.
	Formation string
	At        morale.Vec2
	Spacing   float64
	// Leader makes the first man a leader (his death is LeaderDown).
	Leader bool
	// Nerves pins the nerve of the first len(Nerves) men; the others roll
	// uniformly from NerveRange, or (nil) from the settings' NerveMin..NerveMax.
	Nerves     []float64
	NerveRange *[2]float64
	// Names names the first len(Names) men.
	Names []string
	// NoContagion spawns the men WithoutContagion.
	NoContagion bool
	// Morale is the starting morale of the men at the start, 0..1.
	Morale float64
}

// ScenarioEvent is one event of a ScenarioConfig's timeline.
type ScenarioEvent struct {
	// T is the time of the first occurrence, in seconds from the start.
	T float64
	// Do is "event" (news), "death", "rally", "rout" or "reinforce".
	Do string
	// Event is the news of Do = "event", or the news at the
	// reinforcements' location for "reinforce".
	Event morale.Event
	// At, when HasAt, is the event's location; Spread scatters each
	// occurrence uniformly by up to ±Spread cm on each axis.
	At     morale.Vec2
	HasAt  bool
	Spread float64
	// Radius limits an event at a location (0: the settings' reach), or
	// where a death at a location picks its victims (0: FullEffectRadius).
	Radius float64
	// Squad and Agent name the target: a squad, or one named man.
	Squad, Agent string
	// Squads filters the news of an event at a location, or of a death, to
	// these squads (nil: every squad within reach).
	Squads []string
	// Scale multiplies the event's weight.
	Scale float64
	// Every repeats the event every so many seconds until Until (or the
	// end); Jitter moves each occurrence by a uniform ±Jitter seconds.
	Every, Until, Jitter float64
	// Count is how many men a death kills, or how many men arrive.
	Count int
}

// scenarioFormations and scenarioActions are the valid Formation and Do.
var (
	scenarioFormations = []string{"line", "column", "grid", "circle"}
	scenarioActions    = []string{"event", "death", "rally", "rout", "reinforce"}
)

// ErrBadScenario is wrapped by every error of ScenarioConfig.Validate. Its
// words carry no "game: ": a replay's scenario block says them to a
// designer ("line 8: scenario block: bad scenario: squad 1 …").
var ErrBadScenario = errors.New("bad scenario")

// Validate checks c the way a battle needs it: a duration, squads with
// sizes and known formations, events with known actions whose squads and
// men exist, finite numbers, and the limits (MaxScenarioMen,
// MaxScenarioSquads, MaxScenarioSeconds, MaxScenarioOccurrences). The
// balance lab checks its files more closely, with lines (lab.ParseScenario);
// this is for a ScenarioConfig from anywhere else, such as a replay file.
// Every error wraps ErrBadScenario and names the squad or event.
func (c *ScenarioConfig) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadScenario, fmt.Sprintf(format, args...))
	}
	if c == nil {
		return bad("no scenario")
	}
	num := figures.Exact // a value as given: "1000000", not "1e+06"; "86400.0000001", not "86400"
	if !(c.Duration > 0 && c.Duration <= MaxScenarioSeconds) {
		return bad("duration %s; want (0, %d] seconds", num(c.Duration), MaxScenarioSeconds)
	}
	if len(c.Squads) == 0 || len(c.Squads) > MaxScenarioSquads {
		return bad("%d squads; want 1..%d", len(c.Squads), MaxScenarioSquads)
	}
	squads := map[string]bool{}
	men := map[string]bool{}
	total := 0
	for i := range c.Squads {
		sq := &c.Squads[i]
		where := fmt.Sprintf("squad %d (%s)", i+1, quote(sq.Name))
		switch {
		case squads[sq.Name]:
			return bad("%s: the name is used twice", where)
		case sq.Size < 1 || sq.Size > MaxScenarioMen:
			return bad("%s: size %d; want 1..%d", where, sq.Size, MaxScenarioMen)
		case !oneOf(sq.Formation, scenarioFormations):
			return bad("%s: formation %s; want line, column, grid or circle", where, quote(sq.Formation))
		case !finite(sq.At) || !finiteIn(sq.Spacing, 0, 1e7) || !finiteIn(sq.Morale, 0, 1):
			return bad("%s: at, spacing (0..10000000) and morale (0..1) must be finite and in range", where)
		case len(sq.Nerves) > sq.Size || len(sq.Names) > sq.Size:
			return bad("%s: more nerves or names than men", where)
		case sq.NerveRange != nil && !(finiteIn(sq.NerveRange[0], 0, 1) && finiteIn(sq.NerveRange[1], sq.NerveRange[0], 1)):
			return bad("%s: nerve range [%s, %s]; want 0 ≤ min ≤ max ≤ 1", where, num(sq.NerveRange[0]), num(sq.NerveRange[1]))
		}
		for _, v := range sq.Nerves {
			if !finiteIn(v, 0, 1) {
				return bad("%s: nerve %s; want 0..1", where, num(v))
			}
		}
		for _, n := range sq.Names {
			if men[n] {
				return bad("%s: man %s is named twice", where, quote(n))
			}
			men[n] = true
		}
		squads[sq.Name] = true
		total += sq.Size
	}
	occ := 0
	for i := range c.Events {
		ev := &c.Events[i]
		where := fmt.Sprintf("event %d (%s at %s s)", i+1, quote(ev.Do), num(ev.T))
		switch {
		case !oneOf(ev.Do, scenarioActions):
			return bad("%s: do %s; want event, death, rally, rout or reinforce", where, quote(ev.Do))
		case !finiteIn(ev.T, 0, c.Duration):
			return bad("%s: t %s; want 0..the duration %s", where, num(ev.T), num(c.Duration))
		case !finite(ev.At) || !finiteIn(ev.Spread, 0, 1e9) || !finiteIn(ev.Radius, 0, 1e12) || !finiteIn(ev.Scale, 0, 1e6):
			return bad("%s: at, spread, radius and scale must be finite and in range", where)
		case !finiteIn(ev.Every, 0, MaxScenarioSeconds) || (ev.Every > 0 && ev.Every < 0.01) ||
			!finiteIn(ev.Until, 0, MaxScenarioSeconds) || !finiteIn(ev.Jitter, 0, MaxScenarioSeconds):
			return bad("%s: every (0 or 0.01..%d s), until and jitter must be finite and in range", where, MaxScenarioSeconds)
		case ev.Count < 1 || ev.Count > MaxScenarioMen:
			return bad("%s: count %d; want 1..%d", where, ev.Count, MaxScenarioMen)
		case ev.Squad != "" && !squads[ev.Squad]:
			return bad("%s: no squad is named %s", where, quote(ev.Squad))
		case ev.Agent != "" && !men[ev.Agent]:
			return bad("%s: no man is named %s", where, quote(ev.Agent))
		case ev.Do == "reinforce" && ev.Squad == "":
			return bad("%s: reinforcements need a squad", where)
		case (ev.Do == "rally" || ev.Do == "rout") && ev.Squad == "" && ev.Agent == "":
			return bad("%s: needs a squad or an agent", where)
		case ev.Do == "event" && !ev.HasAt && ev.Squad == "" && ev.Agent == "":
			return bad("%s: news needs a location, a squad or an agent", where)
		case ev.Do == "death" && !ev.HasAt && ev.Squad == "" && ev.Agent == "":
			return bad("%s: a death needs a location, a squad or an agent", where)
		}
		for _, n := range ev.Squads {
			if !squads[n] {
				return bad("%s: no squad is named %s", where, quote(n))
			}
		}
		n := ev.Occurrences(c.Duration)
		occ += n
		if occ > MaxScenarioOccurrences {
			return bad("%s: the timeline has more than %d occurrences", where, MaxScenarioOccurrences)
		}
		if ev.Do == "reinforce" {
			total += ev.Count * n
		}
	}
	if total > MaxScenarioMen {
		return bad("%d men; want at most %d", total, MaxScenarioMen)
	}
	return nil
}

// Men returns the number of men c starts with.
func (c *ScenarioConfig) Men() int {
	n := 0
	for i := range c.Squads {
		n += c.Squads[i].Size
	}
	return n
}

// Occurrences returns how many times ev happens in a fight of the given
// duration (s): once, or, for a repeating event (Every > 0), at T, T+Every,
// … up to Until or the duration, whichever comes first.
func (ev *ScenarioEvent) Occurrences(duration float64) int {
	if ev.Every <= 0 {
		return 1
	}
	until := math.Min(ev.Until, duration)
	if until < ev.T {
		return 1
	}
	return int(math.Floor((until-ev.T)/ev.Every+1e-9)) + 1
}

func oneOf(s string, allowed []string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	return false
}

// finiteIn reports whether v is a finite number in lo..hi.
func finiteIn(v, lo, hi float64) bool { return !math.IsNaN(v) && v >= lo && v <= hi }
