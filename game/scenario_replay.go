package game

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/tomllines"
	"github.com/moralebreak/moralebreak/morale"
)

// A replay of the scenario scene carries its scenario, so that the file
// plays anywhere, without the scenario file it came from:
//
//	scene scenario
//	scenario
//	| name = "line"
//	| duration = 120.0
//	| [[squad]]
//	| ...                    (ScenarioConfig as TOML, each line after "| ")
//
// The block holds the fight as the game plays it (ScenarioConfig, with
// every value the lab's defaults filled in), not the lab's scenario file:
// no weights (the settings block has them), no expectations.

// scenarioText is the TOML form of a ScenarioConfig in a replay.
type scenarioText struct {
	Name     string      `toml:"name"`
	Duration float64     `toml:"duration"`
	Squads   []squadText `toml:"squad"`
	Events   []eventText `toml:"event,omitempty"`
}

type squadText struct {
	Name        string     `toml:"name"`
	Size        int        `toml:"size"`
	Formation   string     `toml:"formation"`
	At          [2]float64 `toml:"at"`
	Spacing     float64    `toml:"spacing"`
	Leader      bool       `toml:"leader,omitempty"`
	Nerves      []float64  `toml:"nerves,omitempty"`
	NerveRange  []float64  `toml:"nerve,omitempty"`
	Names       []string   `toml:"names,omitempty"`
	NoContagion bool       `toml:"no_contagion,omitempty"`
	Morale      float64    `toml:"morale"`
}

type eventText struct {
	T      float64   `toml:"t"`
	Do     string    `toml:"do"`
	Event  string    `toml:"event,omitempty"`
	At     []float64 `toml:"at,omitempty"`
	Spread float64   `toml:"spread,omitzero"`
	Radius float64   `toml:"radius,omitzero"`
	Squad  string    `toml:"squad,omitempty"`
	Agent  string    `toml:"agent,omitempty"`
	Squads []string  `toml:"squads,omitempty"`
	Scale  float64   `toml:"scale"`
	Every  float64   `toml:"every,omitzero"`
	Until  float64   `toml:"until"`
	Jitter float64   `toml:"jitter,omitzero"`
	Count  int       `toml:"count"`
}

// scenarioDoc is a scenario block as the decoder first reads it: its
// squads and events are then decoded one by one, so that a value of the
// wrong type is found in the table it is in (the decoder names the key,
// "squad.size", but not which squad, and gives the line of the last).
type scenarioDoc struct {
	Name     string           `toml:"name"`
	Duration float64          `toml:"duration"`
	Squads   []toml.Primitive `toml:"squad"`
	Events   []toml.Primitive `toml:"event"`
}

// lastKey matches the decoder's type error, "toml: line 15 (last key
// "squad.size"): incompatible types: …": the key and the problem.
var lastKey = regexp.MustCompile(`^toml: (?:line \d+ )?\(last key ("(?:[^"\\]|\\.)*")\): (.*)$`)

// typeError is err, the decoder's error for a value of the wrong type in
// the i-th (from 0) [[table]] of the block text (before any table when
// table is ""), as "line N: key: problem", N the block's line of the key,
// so that blockError names the file's line. An error it cannot place is
// returned as it is.
func typeError(text, table string, i int, err error) error {
	key, msg := "", ""
	var pe toml.ParseError
	if m := lastKey.FindStringSubmatch(err.Error()); m != nil {
		key, _ = strconv.Unquote(m[1])
		msg = m[2]
	} else if errors.As(err, &pe) {
		key, msg = pe.LastKey, pe.Message
	}
	if table != "" {
		key = strings.TrimPrefix(key, table+".")
	}
	if n := keyLine(tomllines.Scan([]byte(text)), table, i, key); key != "" && n > 0 {
		return fmt.Errorf("line %d: %s: %s", n, key, msg)
	}
	return err
}

// keyLine returns the line (from 1) of the block, whose lines are those
// tomllines.Scan found, that sets key (as toml.Key's String writes it, as
// tomllines does) in the i-th (from 0) [[table]], or at the top level when
// table is ""; 0 when no line does.
func keyLine(lines map[string]int, table string, i int, key string) int {
	if table != "" {
		key = fmt.Sprintf("%s.%d.%s", table, i+1, key)
	}
	return lines[key]
}

// unknownKeys is the error of the keys und the decoder left unread in the
// block text, whose [[table]]s are counted in tables: one problem a line
// of a key, "line N: unknown key "bogus"", N the block's line of the key
// (keyLine), so that blockError names the file's line, the earliest
// first; a key found on no line (a dotted key in a [[table]], say) is said
// last, as "unknown key "squad.a.b"".
func unknownKeys(text string, tables map[string]int, und []toml.Key) error {
	lines := tomllines.Scan([]byte(text))
	at := map[int]string{} // the block's line of a key → the key
	var lost []string      // the keys on no line
	for _, k := range und {
		table, key, name := "", k.String(), k.String()
		if len(k) == 2 && tables[k[0]] > 0 {
			table, key, name = k[0], k[1:].String(), k[1]
		}
		found := false
		for i := range max(1, tables[table]) {
			if n := keyLine(lines, table, i, key); n > 0 {
				at[n], found = name, true
			}
		}
		if !found {
			lost = append(lost, "unknown key "+quote(k.String()))
		}
	}
	var problems []string
	for _, n := range slices.Sorted(maps.Keys(at)) {
		problems = append(problems, fmt.Sprintf("line %d: unknown key %s", n, quote(at[n])))
	}
	return errors.New(strings.Join(append(problems, lost...), "\n"))
}

// writeScenarioBlock writes c as "| "-prefixed TOML lines.
func writeScenarioBlock(w *strings.Builder, c *ScenarioConfig) error {
	t := scenarioText{Name: c.Name, Duration: c.Duration}
	for _, sq := range c.Squads {
		s := squadText{Name: sq.Name, Size: sq.Size, Formation: sq.Formation, At: [2]float64{sq.At.X, sq.At.Y},
			Spacing: sq.Spacing, Leader: sq.Leader, Nerves: sq.Nerves, Names: sq.Names, NoContagion: sq.NoContagion, Morale: sq.Morale}
		if sq.NerveRange != nil {
			s.NerveRange = []float64{sq.NerveRange[0], sq.NerveRange[1]}
		}
		t.Squads = append(t.Squads, s)
	}
	for _, ev := range c.Events {
		e := eventText{T: ev.T, Do: ev.Do, Event: string(ev.Event), Spread: ev.Spread, Radius: ev.Radius, Squad: ev.Squad,
			Agent: ev.Agent, Squads: ev.Squads, Scale: ev.Scale, Every: ev.Every, Until: ev.Until, Jitter: ev.Jitter, Count: ev.Count}
		if ev.HasAt {
			e.At = []float64{ev.At.X, ev.At.Y}
		}
		t.Events = append(t.Events, e)
	}
	var b strings.Builder
	if err := toml.NewEncoder(&b).Encode(t); err != nil {
		return err
	}
	for _, l := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		w.WriteString("| " + strings.TrimLeft(l, " ") + "\n")
	}
	return nil
}

// scenarioBlock reads the "| " lines after a scenario line (numbered at)
// as a ScenarioConfig and validates it.
func (rr *replayReader) scenarioBlock(at int) (*ScenarioConfig, error) {
	text, lines, err := rr.block()
	if err != nil {
		return nil, err
	}
	if text == "" {
		return nil, badReplay("line %d: scenario block is empty; want its TOML lines, each after \"| \"", at)
	}
	bad := func(err error) error { return rr.blockError("scenario", at, lines, err) }
	var doc scenarioDoc
	md, err := toml.Decode(text, &doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, bad(fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message))
		}
		return nil, bad(typeError(text, "", 0, err))
	}
	t := scenarioText{Name: doc.Name, Duration: doc.Duration, Squads: make([]squadText, len(doc.Squads)), Events: make([]eventText, len(doc.Events))}
	for i, p := range doc.Squads {
		if err := md.PrimitiveDecode(p, &t.Squads[i]); err != nil {
			return nil, bad(typeError(text, "squad", i, err))
		}
	}
	for i, p := range doc.Events {
		if err := md.PrimitiveDecode(p, &t.Events[i]); err != nil {
			return nil, bad(typeError(text, "event", i, err))
		}
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, bad(unknownKeys(text, map[string]int{"squad": len(doc.Squads), "event": len(doc.Events)}, und))
	}
	c := &ScenarioConfig{Name: t.Name, Duration: t.Duration}
	for _, s := range t.Squads {
		sq := ScenarioSquad{Name: s.Name, Size: s.Size, Formation: s.Formation, At: morale.Vec2{X: s.At[0], Y: s.At[1]},
			Spacing: s.Spacing, Leader: s.Leader, Nerves: s.Nerves, Names: s.Names, NoContagion: s.NoContagion, Morale: s.Morale}
		switch len(s.NerveRange) {
		case 0:
		case 2:
			sq.NerveRange = &[2]float64{s.NerveRange[0], s.NerveRange[1]}
		default:
			return nil, bad(fmt.Errorf("squad %s: nerve has %d numbers; want [min, max]", quote(s.Name), len(s.NerveRange)))
		}
		c.Squads = append(c.Squads, sq)
	}
	for _, e := range t.Events {
		ev := ScenarioEvent{T: e.T, Do: e.Do, Event: morale.Event(e.Event), Spread: e.Spread, Radius: e.Radius, Squad: e.Squad,
			Agent: e.Agent, Squads: e.Squads, Scale: e.Scale, Every: e.Every, Until: e.Until, Jitter: e.Jitter, Count: e.Count}
		switch len(e.At) {
		case 0:
		case 2:
			ev.At, ev.HasAt = morale.Vec2{X: e.At[0], Y: e.At[1]}, true
		default:
			return nil, bad(fmt.Errorf("event at %s s: at has %d numbers; want [x, y]", figures.Exact(e.T), len(e.At)))
		}
		c.Events = append(c.Events, ev)
	}
	if err := c.Validate(); err != nil {
		return nil, bad(err)
	}
	return c, nil
}
