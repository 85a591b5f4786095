// Package lab is MoraleBreak's headless balance lab: scenarios read from
// TOML, thousands of seeded fights run on every core, statistics with
// confidence intervals, expectations for CI, a lint of the weights table
// measured by small simulations, sweeps, sensitivity, comparisons, and
// shards that merge byte for byte.
//
// Every function here is deterministic: the same scenario, settings and seed
// give the same bytes, whatever the number of cores. The plots and the HTML
// report live in lab/report, the fit of the weights to a scenario's
// expectations in lab/fit, the command line in lab/cli; this package
// imports none of them, nor any plotting library, an optimiser or an
// engine, so that a tool (the demo's banner) may call Lint cheaply. It
// imports game/ for one thing: a scenario's fight is played by
// game.ScenarioFight (Scenario.GameConfig translates the scenario), the one
// implementation of its rules, which the demo's scenario scene plays too,
// so that `demo -scenario FILE -run I` shows run I of the lab, bit for bit.
package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/internal/tomllines"
	"github.com/moralebreak/moralebreak/internal/weightsfile"
	"github.com/moralebreak/moralebreak/morale"
)

// Scenario is a parsed scenario file: squads, a timeline of events, the
// weights to use and the expectations a check verifies. Build one with
// ParseScenario or LoadScenario; do not modify it while runs use it.
type Scenario struct {
	// Path is the file the scenario came from ("" when parsed from memory).
	Path string
	// Name and Description are for reports.
	Name, Description string
	// WeightsPath is the resolved weights file, "" for the defaults.
	WeightsPath string
	// NamedWeights is the resolved file the scenario's weights key names
	// ("" when it has none), whether it was read or replaced.
	NamedWeights string
	// Settings are the settings read from WeightsPath (or the defaults).
	Settings morale.Settings
	// Duration is the simulated length of one fight, in seconds (> 0).
	Duration float64
	// Runs is the number of fights run and check make when -runs is not
	// given (1000 by default; 1..MaxRuns); RunsLine is the line of its key
	// (0 when the file has none).
	Runs, RunsLine int
	// Sample is the interval of the morale samples for the fan chart, in s.
	Sample float64
	// CascadeWindow: routs at most this many seconds apart chain into one
	// cascade.
	CascadeWindow float64
	// RebreakWindow: a break at most this long after a rally or the end of a
	// rout counts as a re-break.
	RebreakWindow float64
	// Squads are the squads at the start, in file order; their SquadIDs are
	// 1, 2, … in that order.
	Squads []SquadSpec
	// Events is the timeline, in file order.
	Events []EventSpec
	// Expects are the scenario's expectations.
	Expects []Expect
	// Hash identifies the scenario's text, WeightsHash the weights file's
	// (or "default"): their bytes but for a byte order mark and CRLF line
	// ends, which a copy saved on Windows may add (see textHash).
	Hash, WeightsHash string

	// news is the news its fights report (Reports), found by the parser.
	news map[morale.Event]bool
}

// SquadSpec is one [[squad]] of a scenario: the game's description of the
// squad (the file's defaults: formation "line", spacing 150 cm, morale 1; at
// most 100,000 men, its reinforcements included; the men Names leaves out
// are "squad#i") and the line of its header.
type SquadSpec struct {
	game.ScenarioSquad
	// Line is the line of the [[squad]] header.
	Line int
}

// EventSpec is one [[event]] of a scenario's timeline: the line of its
// header and the game's description of the event (the file's defaults:
// scale 1; for "reinforce", the news ReinforcementsArrived).
type EventSpec struct {
	// Line is the line of the [[event]] header.
	Line int
	game.ScenarioEvent
}

// Expect is one [[expect]]: a statistic of a metric that must lie in a range.
type Expect struct {
	Line   int    `json:"line"`
	Metric string `json:"metric"`
	// Stat is "p10", "p25", "p50", "p75", "p90", "mean", "min", "max" or
	// "share" (the share of runs where the metric happened / is above zero).
	Stat string  `json:"stat"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	// After names the news (an [[event]]'s event, at a fixed time) the
	// metric is measured after: for steady_s and squad_steady_s.NAME, the
	// seconds from its first occurrence until every living man (of NAME) is
	// Steady. Given names a metric the expectation is conditioned on: only
	// the fights where it happened count.
	After string `json:"after,omitempty"`
	Given string `json:"given,omitempty"`
}

// ScenarioError is one problem with a scenario file: the file, the line
// (0 when unknown) and the key.
type ScenarioError struct {
	File string
	Line int
	Key  string
	Msg  string
}

// Error returns "file:line: key: msg".
func (e *ScenarioError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Key == "" {
		return loc + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Key, e.Msg)
}

// Limits of a scenario, so that no file can exhaust memory.
const (
	// maxAgents is the most men of a scenario, maxSquadMen of a squad, the
	// reinforcements of the timeline included in both.
	maxAgents      = 200000
	maxSquadMen    = 100000
	maxDuration    = 24 * 3600
	maxOccurrences = 1000000
	maxSamples     = 10000
)

// Formations a squad may use.
var formations = []string{"line", "column", "grid", "circle"}

// topKeys are the keys of a scenario's top level, above its first table.
var topKeys = []string{"name", "description", "weights", "duration", "runs", "sample", "cascade_window", "rebreak_window"}

// Actions an event may take.
var actions = []string{"event", "death", "rally", "rout", "reinforce"}

// LoadScenario reads and parses the scenario file at path, through the
// guarded input path every file of the lab takes: only a regular file (or a
// symlink to one) of at most MaxScenarioBytes is read, and a directory, a
// FIFO or a device is refused at once, without blocking. A relative weights
// path inside it is relative to the scenario's folder, and read the same way
// (at most morale.MaxFileBytes).
func LoadScenario(path string) (*Scenario, error) {
	return LoadScenarioWith(path, "")
}

// LoadScenarioWith reads the scenario at path as LoadScenario does, with the
// weights file at weights (read the same guarded way) in place of the one its
// weights key names: that key is then not read, and its file need not exist.
// Every event must have a row in weights' table; a weights file that does
// not read is a *WeightsError, which holds the scenario's own problems too.
// weights "" is LoadScenario.
func LoadScenarioWith(path, weights string) (*Scenario, error) {
	var w *loadedWeights
	if weights != "" {
		s, hash, err := LoadWeights(weights)
		if err != nil {
			// The scenario is read all the same, for its own problems:
			// every one but the rows its news needs, which the weights
			// would have.
			sc, serr := loadScenario(path, &loadedWeights{path: weights, settings: morale.DefaultSettings(), unread: true})
			return nil, &WeightsError{Err: err, Scenario: serr, Read: sc}
		}
		w = &loadedWeights{path: weights, settings: s, hash: hash}
	}
	return loadScenario(path, w)
}

// loadScenario reads the scenario at path (guarded) and parses it with the
// weights over (nil: its own).
func loadScenario(path string, over *loadedWeights) (*Scenario, error) {
	data, err := safefile.Read(path, MaxScenarioBytes, "scenario")
	if err != nil {
		return nil, err
	}
	return parseScenario(path, data, true, over)
}

// WeightsError is LoadScenarioWith's error when the weights file given in
// place of the scenario's own does not read: its text is the file's error as
// LoadWeights says it, so that a caller that took the file from a flag can
// name the flag. Scenario is the scenario's own problems, found without the
// weights (every one but an event without a row in them), or nil: a caller
// says them beside it. Read is the scenario read without the weights when
// it has no problem of its own (else nil), for the checks that need none
// (CheckResults); its settings are the defaults, not the weights'.
type WeightsError struct {
	Err, Scenario error
	Read          *Scenario
}

func (e *WeightsError) Error() string { return e.Err.Error() }
func (e *WeightsError) Unwrap() error { return e.Err }

// LoadScenarioLike reads the scenario at path as LoadScenario does, with the
// weights other runs (its file, settings and hash; the defaults included) in
// place of its own, whose file is then not read: a scenario fitted together
// with other. Every event must have a row in other's table.
func LoadScenarioLike(path string, other *Scenario) (*Scenario, error) {
	return loadScenario(path, &loadedWeights{path: other.WeightsPath, settings: other.Settings.Clone(), hash: other.WeightsHash})
}

// fromScenario returns what a missing weights file's message adds to path,
// the file the scenario's weights key, written, names: that the key is read
// from the scenario's folder, with the key as written when path, as this
// program opened it, reads otherwise ("../weights.toml" of sc/s.toml is
// "weights.toml", which is no file of sc/).
func fromScenario(written, path string) string {
	if written == path {
		return " (the path is from the scenario's folder)"
	}
	return fmt.Sprintf(" (weights = %s, read from the scenario's folder)", safefile.Quote(written))
}

// loadedWeights is a weights file read in place of a scenario's own;
// unread, one that did not read, whose rows are unknown.
type loadedWeights struct {
	path, hash string
	settings   morale.Settings
	unread     bool
}

// pathHint is what an error about a path written with \ in a TOML string
// adds: in "…" a \ starts an escape.
const pathHint = "write the path with / (it works on Windows too) or in single quotes, as TOML reads a \\ in double quotes as an escape"

// ErrNotWeights is wrapped by LoadWeights's error when the file it could
// not read as a weights file looks like a scenario (weightsfile.ErrScenario).
var ErrNotWeights = weightsfile.ErrScenario

// LoadWeights reads the weights file at path as LoadScenario reads a
// scenario's weights (weightsfile.Read: guarded, at most
// morale.MaxFileBytes). It returns the settings and a short hash of the
// file's text (textHash). A file it cannot read that has a [[squad]] or an
// [[event]] table is a scenario given in a weights file's place: its error
// is one line, "PATH looks like a scenario, not a weights file"
// (ErrNotWeights), not every array the scenario has.
func LoadWeights(path string) (morale.Settings, string, error) {
	s, data, err := weightsfile.Read(path)
	if err != nil {
		return morale.Settings{}, "", err
	}
	return s, textHash(data), nil
}

// textHash returns a short hash of data, a TOML file, that identifies its
// text: its bytes after the byte order mark the decoder reads over
// (tomllines.Text), each CRLF read as LF, so that a copy Windows wrote
// hashes as the file it copied (and its Monte-Carlo's shards merge).
func textHash(data []byte) string {
	sum := sha256.Sum256([]byte(strings.ReplaceAll(tomllines.Text(data), "\r\n", "\n")))
	return hex.EncodeToString(sum[:8])
}

// ParseScenario parses a scenario named file from data. It returns every
// problem it finds, joined, each a *ScenarioError naming the file, the line
// and the key: an unknown key, a wrong type, a value out of range, an event
// without a weight row, a death of a man already dead, a time in the past or
// after the end.
//
// Before the TOML decoder sees data, a structural check (precheck) refuses a
// file over MaxScenarioBytes, lines over MaxScenarioLine, nesting deeper than
// MaxScenarioDepth, keys of more than MaxKeyParts parts and more than
// MaxScenarioKeys keys, so that no input can exhaust memory or stack. Quoted
// input in messages is cut to 80 bytes and escaped.
func ParseScenario(file string, data []byte) (*Scenario, error) {
	return parseScenario(file, data, true, nil)
}

// parseScenario is ParseScenario; without readWeights it leaves the weights
// key's file unread (OddsScenario) and the settings the defaults. With over,
// the scenario runs those weights and its weights key's file is not read.
func parseScenario(file string, data []byte, readWeights bool, over *loadedWeights) (*Scenario, error) {
	if err := precheck(file, data); err != nil {
		return nil, err
	}
	p := &parser{file: file}
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			pe.Position.Line = errLine(data, pe)
			if k, ok := strings.CutPrefix(pe.Message, "Key '"); ok && strings.HasSuffix(k, "' has already been defined.") {
				// The decoder's "Key 'expect.share' has already been
				// defined.", whose key is quoted as TOML writes it (its
				// LastKey is not): say which block, as every other message
				// does.
				k = strings.TrimSuffix(k, "' has already been defined.")
				return nil, &ScenarioError{File: file, Line: pe.Position.Line, Key: safefile.Clip(blockKey(data, k, pe.Position.Line), safefile.MaxQuote), Msg: "is given twice; keep one of the two"}
			}
			if key, msg, ok := givenAsTwoKinds(data, pe.Message, pe.Position.Line); ok {
				return nil, &ScenarioError{File: file, Line: pe.Position.Line, Key: safefile.Clip(key, safefile.MaxQuote), Msg: safefile.Escape(safefile.Clip(msg, 200))}
			}
			key, msg := blockKey(data, quoteLast(data, pe), pe.Position.Line), safefile.Escape(safefile.Clip(pe.Message, 200))
			if key == "weights" && strings.Contains(pe.Message, `'\`) {
				msg += "; " + pathHint // "..\weights.toml": \w is no escape
			}
			return nil, &ScenarioError{File: file, Line: pe.Position.Line, Key: safefile.Clip(key, safefile.MaxQuote), Msg: msg}
		}
		return nil, &ScenarioError{File: file, Msg: safefile.Escape(safefile.Clip(err.Error(), 200))}
	}
	if looksLikeWeights(raw) {
		return nil, &ScenarioError{File: file, Msg: fmt.Sprintf("looks like a weights file, not a scenario: use moralesim lint %s, or name it in a scenario's weights key", file)}
	}
	p.lines = tomllines.Scan(data)
	sc := &Scenario{Path: file, Hash: textHash(data), Settings: morale.DefaultSettings(), WeightsHash: "default"}
	top := p.table("", raw)
	sc.Name = p.name(top, "name", strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	sc.Description = top.str("description", "")
	if len(sc.Description) > MaxDescriptionBytes {
		p.fail("description", top.line("description"), "is %d bytes long; at most %d", len(sc.Description), MaxDescriptionBytes)
	}
	sc.Duration = top.num("duration", 60, 0.001, maxDuration)
	sc.Runs, sc.RunsLine = top.integer("runs", 1000, 1, MaxRuns), top.line("runs")
	sc.Sample = top.num("sample", 0.5, 0.01, maxDuration)
	sc.CascadeWindow = top.num("cascade_window", 3, 0, maxDuration)
	sc.RebreakWindow = top.num("rebreak_window", 10, 0, maxDuration)
	table := "the weights table"
	w := ""
	if v, _ := top.get("weights"); isTable(v) {
		top.reject("weights", "is a table: [weights], the events' weights, belongs in a weights file; write it there and name that file here, weights = \"FILE\"")
	} else if w = top.str("weights", ""); strings.ContainsFunc(w, unicode.IsControl) {
		// "..\new.toml" and "..\b.toml" decode, to a line break or a
		// backspace: no file was meant so.
		top.reject("weights", "%s holds a control character, which a \\ in a \"…\" string makes; %s", safefile.Quote(w), pathHint)
		w = ""
	}
	// The rows are unknown only where an error about the key was said;
	// weights = "" names no file and plays the defaults, whose rows are
	// known. Weights given in the key's place (-weights) are known
	// whatever the key.
	p.rowsUnknown = over == nil && top.bad("weights") || over != nil && over.unread
	written := w
	if w != "" && !filepath.IsAbs(w) {
		w = filepath.Join(filepath.Dir(file), w)
	}
	sc.NamedWeights = w
	if over != nil {
		sc.WeightsPath, sc.Settings, sc.WeightsHash = over.path, over.settings, over.hash
		// The other scenario names no weights file: the defaults, said
		// as needRow says them, of that scenario.
		table, p.defaultsOfOther = defaultRows, true
		if over.path != "" {
			table = "the weights table of " + safefile.Quote(over.path)
		}
	} else if w != "" && readWeights {
		sc.WeightsPath = w
		if s, hash, err := LoadWeights(w); errors.Is(err, fs.ErrNotExist) {
			p.fail("weights", top.line("weights"), "%s: no such file%s", safefile.Quote(w), fromScenario(written, w))
			p.rowsUnknown = true
		} else if err != nil {
			p.fail("weights", top.line("weights"), "%v", err)
			p.rowsUnknown = true
		} else {
			sc.Settings = s
			sc.WeightsHash = hash
			table = "the weights table of " + safefile.Quote(w)
		}
	} else if readWeights {
		table = defaultRows // no key, or weights = "": the defaults
	}
	// A duration or sample refused is a default the file never wrote: the
	// checks that weigh one against the other, or an event's time or a
	// range of times against the duration, say nothing more of it.
	durationOK := !top.bad("duration")
	if durationOK && !top.bad("sample") {
		if sc.Sample > sc.Duration {
			p.fail("sample", top.line("sample"), "is %s s, longer than the duration %s s", FormatExact(sc.Sample), FormatExact(sc.Duration))
		} else if n := sc.Duration / sc.Sample; n > maxSamples {
			p.fail("sample", top.line("sample"), "gives %.0f samples per fight; at most %d (raise sample)", n, maxSamples)
		}
	}

	squadIndex := map[string]int{}
	agents := map[string]agentInfo{}
	total := 0
	var squadMen []int // of each squad, with its reinforcements
	squadTables := top.tables("squad")
	if len(squadTables) > MaxSquads {
		p.fail("squad", top.line("squad"), "the scenario has %d squads; at most %d", len(squadTables), MaxSquads)
		squadTables = squadTables[:MaxSquads]
	}
	for i, t := range squadTables {
		sq := SquadSpec{Line: t.headerLine()}
		sq.Name = p.name(t, "name", fmt.Sprintf("squad%d", i+1))
		// A first name refused was said once: what it would have been is
		// unknown, so no second name is said to repeat it.
		if first, dup := squadIndex[sq.Name]; dup && !t.bad("name") && !squadTables[first].bad("name") {
			ft := squadTables[first]
			where := fmt.Sprintf("first on line %d", ft.line("name"))
			if ft.line("name") == 0 {
				where = fmt.Sprintf("%s, on line %d, names none and is named so", ft.name, ft.headerLine())
			}
			if t.has("name") {
				p.fail(t.key("name"), t.line("name"), "squad %s is named twice (%s)", safefile.Quote(sq.Name), where)
			} else {
				// No line of its own: the block's header, and why.
				p.fail(t.key("name"), sq.Line, "is not given, so the squad takes the default name %s, which %s has (on line %d); name one of the two", safefile.Quote(sq.Name), ft.name, ft.line("name"))
			}
		}
		squadIndex[sq.Name] = i
		sq.Size = t.integer("size", 0, 1, maxSquadMen)
		if !t.has("size") {
			p.fail(t.key("size"), sq.Line, "is missing; a squad needs a size of at least 1")
		}
		// A size missing or refused, already an error, is no size: the
		// nerves and names are not counted against the 0 read in its place.
		sizeOK := t.has("size") && !t.bad("size")
		total += sq.Size
		squadMen = append(squadMen, sq.Size)
		sq.Formation = t.oneOf("formation", "line", formations)
		sq.At = t.vec("at", morale.Vec2{})
		sq.Spacing = t.num("spacing", 150, 0, 1e7)
		sq.Leader = t.boolean("leader", false)
		sq.NoContagion = t.boolean("no_contagion", false)
		sq.Morale = t.num("morale", 1, 0, 1)
		sq.Nerves = t.nums("nerves", "an array of numbers", 0, 1)
		if len(sq.Nerves) > sq.Size && sizeOK {
			p.fail(t.key("nerves"), t.line("nerves"), "has %d nerves for a squad of %d", len(sq.Nerves), sq.Size)
		}
		if t.has("nerve") {
			// A value nums refused (said) is nil, as no range is.
			if r := t.nums("nerve", "[min, max]", 0, 1); len(r) == 2 && r[0] <= r[1] {
				sq.NerveRange = &[2]float64{r[0], r[1]}
			} else if !t.bad("nerve") {
				p.fail(t.key("nerve"), t.line("nerve"), "must be [min, max] with 0 ≤ min ≤ max ≤ 1")
			}
		}
		sq.Names = t.strs("names")
		if len(sq.Names) > sq.Size && sizeOK {
			p.fail(t.key("names"), t.line("names"), "has %d names for a squad of %d", len(sq.Names), sq.Size)
		}
		for j, n := range sq.Names {
			if len(n) > MaxNameBytes {
				p.fail(t.key("names"), t.line("names"), "name %s is %d bytes; at most %d", safefile.Quote(n), len(n), MaxNameBytes)
			}
			if first, dup := agents[n]; dup {
				where := "in this list"
				if first.squad != i {
					where = fmt.Sprintf("(first on line %d)", squadTables[first.squad].line("names"))
				}
				p.fail(t.key("names"), t.line("names"), "man %s is named twice %s", safefile.Quote(n), where)
			}
			agents[n] = agentInfo{squad: i, index: j}
		}
		t.done()
		sc.Squads = append(sc.Squads, sq)
	}
	if len(sc.Squads) == 0 && !top.bad("squad") {
		p.fail("squad", 0, "the scenario has no [[squad]]; it needs at least one")
	}

	dead := map[string]int{} // named man → line of his death
	var deaths []death       // their news is checked once every squad's men are known
	sc.news = map[morale.Event]bool{}
	totalOcc := 0
	for _, t := range top.tables("event") {
		ev := EventSpec{Line: t.headerLine(), ScenarioEvent: game.ScenarioEvent{Scale: 1}}
		ev.T = t.num("t", 0, math.Inf(-1), math.Inf(1))
		if !t.has("t") {
			p.fail(t.key("t"), ev.Line, "is missing; every event needs a time")
		} else if ev.T < 0 {
			p.fail(t.key("t"), t.line("t"), "is %s s, in the past; times count from 0", FormatExact(ev.T))
		} else if ev.T > sc.Duration && durationOK {
			p.fail(t.key("t"), t.line("t"), "is %s s, after the end of the fight (duration %s s)", FormatExact(ev.T), FormatExact(sc.Duration))
		}
		ev.Do = t.oneOf("do", "event", actions)
		ev.Scale = t.num("scale", 1, 0, 1e6)
		// Read in its range at once: a value out of it reads as once (0), of
		// which a second check would make a second error.
		ev.Every = t.num("every", 0, 0.01, maxDuration)
		ev.Until = t.num("until", sc.Duration, 0, maxDuration)
		if t.has("until") && !t.bad("until") && ev.Until < ev.T {
			p.fail(t.key("until"), t.line("until"), "is %s s, before the event's first time %s s", FormatExact(ev.Until), FormatExact(ev.T))
		}
		if t.has("until") && !t.has("every") {
			p.fail(t.key("until"), t.line("until"), "needs every: only a repeating event stops")
		}
		ev.Jitter = t.num("jitter", 0, 0, maxDuration)
		ev.Spread = t.num("spread", 0, 0, 1e9)
		ev.Radius = t.num("radius", 0, 0, 1e12)
		ev.Count = t.integer("count", 1, 1, maxAgents)
		if t.has("at") {
			ev.At, ev.HasAt = t.vec("at", morale.Vec2{}), true
		}
		ev.Squad = t.str("squad", "")
		ev.Agent = t.str("agent", "")
		ev.Squads = t.strs("squads")
		// A name of the other kind (squad = a man's name, agent = a
		// squad's) says which key takes it.
		if ev.Squad != "" {
			if _, ok := squadIndex[ev.Squad]; !ok {
				hint := ""
				if _, man := agents[ev.Squad]; man {
					// Only where the do takes an agent: a reinforce
					// joins a squad, and names none of its men.
					if ev.Do == "reinforce" && !t.bad("do") {
						hint = fmt.Sprintf(" (%s is a man; reinforcements join a squad: one of ", safefile.Quote(ev.Squad))
						head := (&ScenarioError{File: file, Line: t.line("squad"), Key: t.key("squad"), Msg: "no squad is named " + safefile.Quote(ev.Squad) + hint}).Error()
						hint += listNames(head, squadNames(squadIndex)) + ")"
					} else {
						hint = fmt.Sprintf(" (%s is a man: agent = %s names him)", safefile.Quote(ev.Squad), safefile.Quote(ev.Squad))
					}
				}
				p.fail(t.key("squad"), t.line("squad"), "no squad is named %s%s", safefile.Quote(ev.Squad), hint)
			}
		}
		for _, n := range ev.Squads {
			if _, ok := squadIndex[n]; !ok {
				p.fail(t.key("squads"), t.line("squads"), "no squad is named %s", safefile.Quote(n))
			}
		}
		if ev.Agent != "" {
			if _, ok := agents[ev.Agent]; !ok {
				hint := "(name him in a squad's names)"
				if _, squad := squadIndex[ev.Agent]; squad {
					hint = fmt.Sprintf("(%s is a squad: squad = %s names it)", safefile.Quote(ev.Agent), safefile.Quote(ev.Agent))
				}
				p.fail(t.key("agent"), t.line("agent"), "no man is named %s %s", safefile.Quote(ev.Agent), hint)
			}
		}
		// A value refused (do = 5, squad = 1) was said once: what it would
		// have been is unknown, so the checks of what the event does and
		// whom it targets take a refused target as given and judge no
		// default in its place.
		doOK := !t.bad("do")
		hasSquad, hasAgent := ev.Squad != "" || t.bad("squad"), ev.Agent != "" || t.bad("agent")
		// A named man's news, rally, rout or death must come before his death.
		if l, ok := dead[ev.Agent]; ok && ev.Agent != "" && ev.Do != "reinforce" && doOK {
			p.fail(t.key("agent"), t.line("agent"), "%s is already dead (died on line %d)", safefile.Quote(ev.Agent), l)
		}
		// A target missing is said on the line of do, which asks for it,
		// or the block's when do is not written (news).
		doLine := t.line("do")
		if doLine == 0 {
			doLine = ev.Line
		}
		targets := 0
		for _, b := range []bool{ev.HasAt, hasSquad, hasAgent} {
			if b {
				targets++
			}
		}
		switch do := ev.Do; {
		case !doOK:
			t.str("event", "") // oneOf said what is wrong; the news is read, not judged
		case do == "event":
			// A value str refused (said) is "", as a missing one.
			name := t.str("event", "")
			if name != "" {
				p.needRow(sc.Settings.Weights, table, morale.Event(name), t.key("event"), t.line("event"), "", "")
			} else if !t.bad("event") {
				p.fail(t.key("event"), ev.Line, "is missing; say which news (a row of [weights], or of [custom] for your game's own events)")
			}
			ev.Event = morale.Event(name)
			sc.news[ev.Event] = true
			if targets == 0 {
				p.fail(t.key("do"), doLine, "news needs a target: at = [x, y], squad or agent")
			}
		case do == "death":
			// The death's news (AllyDown, LeaderDown) reaches every squad
			// within NoEffectRadius of the man, or only squads.
			if targets != 1 {
				p.fail(t.key("do"), doLine, "a death needs exactly one of agent, squad or at")
			}
			if ev.Agent != "" {
				if ev.Every > 0 {
					p.fail(t.key("every"), t.line("every"), "%s cannot die more than once", safefile.Quote(ev.Agent))
				}
				dead[ev.Agent] = t.line("agent")
			}
			// A target refused, already an error, kills nobody, as one
			// that does not exist.
			if !t.bad("squad") && !t.bad("agent") && !t.bad("at") {
				deaths = append(deaths, death{key: t.key("do"), line: doLine, ev: ev})
			}
		case do == "rally" || do == "rout":
			if !hasSquad && !hasAgent {
				p.fail(t.key("do"), doLine, "%s needs squad or agent", ev.Do)
			}
		case do == "reinforce":
			if !hasSquad {
				p.fail(t.key("squad"), ev.Line, "is missing; reinforcements join a squad")
			}
			if !t.has("count") {
				p.fail(t.key("count"), ev.Line, "is missing; say how many men arrive")
			}
			name := t.str("event", string(morale.ReinforcementsArrived))
			line, whose, or := t.line("event"), "", ""
			if !t.has("event") {
				// The default news, on no line of its own: the block's.
				line, whose, or = ev.Line, "a reinforce reports when it names no event", ", or name the news with event = \"…\""
			}
			if !t.bad("event") {
				p.needRow(sc.Settings.Weights, table, morale.Event(name), t.key("event"), line, whose, or)
			}
			ev.Event = morale.Event(name)
			sc.news[ev.Event] = true
			men := ev.Count * occurrences(ev, sc.Duration) // over every occurrence
			total += men
			if i, ok := squadIndex[ev.Squad]; ok {
				n := squadMen[i] + men
				if n > maxSquadMen && squadMen[i] <= maxSquadMen {
					p.fail(t.key("count"), t.line("count"), "brings squad %s to %d men; at most %d a squad, reinforcements included", safefile.Quote(ev.Squad), n, maxSquadMen)
				}
				squadMen[i] = n
			}
		}
		// A key the event's do does not read (scale on a death, count on a
		// rally) would do nothing: said on its own line, unless its value
		// was refused (said already) or do was (what it reads is unknown).
		for _, k := range eventKeys {
			if _, ok := t.get(k); !ok || t.bad(k) || !doOK {
				continue
			}
			if why := unread(ev, k, targets, hasAgent); why != "" {
				p.fail(t.key(k), t.line(k), "%s", why)
			}
		}
		if n := occurrences(ev, sc.Duration); n > maxOccurrences {
			p.fail(t.key("every"), t.line("every"), "repeats %d times; at most %d occurrences", n, maxOccurrences)
		} else if totalOcc += n; totalOcc > maxOccurrences && totalOcc-n <= maxOccurrences {
			p.fail(t.key("every"), ev.Line, "brings the timeline to %d occurrences; at most %d in all", totalOcc, maxOccurrences)
		}
		t.done()
		sc.Events = append(sc.Events, ev)
	}
	if total > maxAgents {
		p.fail("squad", 0, "the scenario has %d men; at most %d", total, maxAgents)
	}
	// A death names no news: it reports AllyDown, or LeaderDown when it
	// kills a leader, and each it may report needs its row, as a
	// reinforce's default news does. Reports answers from sc.news, which
	// the loop above filled with each event's and reinforce's news.
	for _, d := range deaths {
		ally, leader := deathNews(d.ev, sc.Squads, squadMen, squadIndex, agents)
		if ally {
			sc.news[morale.AllyDown] = true
			p.needRow(sc.Settings.Weights, table, morale.AllyDown, d.key, d.line, "a death reports", "")
		}
		if leader {
			sc.news[morale.LeaderDown] = true
			p.needRow(sc.Settings.Weights, table, morale.LeaderDown, d.key, d.line, "a death reports when it kills a leader", "")
		}
	}

	metrics := map[string]Metric{}
	for _, m := range Metrics(sc) {
		metrics[m.Name] = m
	}
	tooMany := false
	var expectKeys []string // each of sc.Expects's key, for its messages
	for _, t := range top.tables("expect") {
		metric := t.str("metric", "")
		after, given := t.str("after", ""), t.str("given", "")
		_, steady := steadySquad(sc, metric)
		m, known := metrics[metric]
		if steady {
			m, known = Metric{Name: metric, Time: true}, true // the time after an event
		}
		// A key the block does not take (metrc, median) is said once, with
		// the keys it takes (done, hint): the metric or range it was meant
		// to be is not said missing as well.
		misspelt := false
		for k := range t.m {
			if !expectTakes(k) {
				misspelt = true
				break
			}
		}
		switch {
		case t.bad("metric"):
			// str said what is wrong
		case metric == "":
			if !misspelt {
				p.fail(t.key("metric"), t.headerLine(), "is missing")
			}
		case steady && after == "" && !t.bad("after"):
			p.fail(t.key("metric"), t.line("metric"), "%s is measured after an event: add after = \"EVENT\" (such as \"ReinforcementsArrived\")", safefile.Quote(metric))
		case after != "" && !steady && !strings.HasPrefix(metric, "squad_steady_s."):
			p.fail(t.key("after"), t.line("after"), "applies to steady_s and squad_steady_s.SQUAD (the time after the event until every living man is Steady), not to %s", safefile.Quote(metric))
		case !known:
			p.fail(t.key("metric"), t.line("metric"), "%v", notAMetric(sc, metric))
		}
		if after != "" {
			if _, err := anchorTime(sc, morale.Event(after)); err != nil {
				p.fail(t.key("after"), t.line("after"), "%v", err)
			}
		}
		if _, ok := metrics[given]; given != "" && !ok {
			p.fail(t.key("given"), t.line("given"), "%v", notAMetric(sc, given))
		}
		n := 0              // the ranges given, right or wrong: one mistake, one error
		var ranges []string // the block's statistics in file order, as check prints them
		for _, stat := range statNames() {
			if t.has(stat) {
				ranges = append(ranges, stat)
			}
		}
		sort.SliceStable(ranges, func(i, j int) bool { return t.line(ranges[i]) < t.line(ranges[j]) })
		for _, stat := range ranges {
			n++
			r := t.nums(stat, "a range [low, high]", math.Inf(-1), math.Inf(1))
			if r == nil {
				continue // nums said what is wrong
			}
			if len(r) != 2 || r[0] > r[1] {
				shown := make([]string, len(r))
				for i, f := range r {
					shown[i] = FormatExact(f)
				}
				p.fail(t.key(stat), t.line(stat), "is [%s]; it must be a range [low, high] with low ≤ high", strings.Join(shown, ", "))
				continue
			}
			// A range of a metric that is not one has no bounds but a share's.
			if msg := neverHolds(m, stat, r[0], r[1], sc.Duration); (known || stat == "share") && (durationOK || !m.Time || stat == "share") && msg != "" {
				p.fail(t.key(stat), t.line(stat), "is [%s, %s]; %s", FormatExact(r[0]), FormatExact(r[1]), msg)
				continue
			}
			if len(sc.Expects) == MaxExpects {
				if !tooMany {
					p.fail(t.key(stat), t.line(stat), "is range %d of the scenario's [[expect]] blocks; a scenario may have at most %d (each is measured on every candidate of a fit)", MaxExpects+1, MaxExpects)
					tooMany = true
				}
				continue
			}
			sc.Expects = append(sc.Expects, Expect{Line: t.line(stat), Metric: metric, Stat: stat, Lo: r[0], Hi: r[1], After: after, Given: given})
			expectKeys = append(expectKeys, t.key(stat))
		}
		if n == 0 && !misspelt {
			p.fail(t.key("metric"), t.headerLine(), "an expectation needs a range: one of %s = [low, high]", strings.Join(statNames(), ", "))
		}
		t.done()
	}
	// Expectations no fights can meet together (disjoint ranges of one
	// statistic, a percentile wanted above every value a higher one allows)
	// would fail every check and every fit: bad input, naming both lines.
	Clashes(sc.Expects, func(i int, msg string) { p.fail(expectKeys[i], sc.Expects[i].Line, "%s", msg) })
	top.done()
	if err := p.err(); err != nil {
		return nil, err
	}
	return sc, nil
}

// eventKeys are the keys of an [[event]], in the order unread judges them.
var eventKeys = []string{"t", "do", "event", "at", "radius", "spread", "squad", "agent", "squads", "scale", "every", "until", "jitter", "count"}

// unread says why key k of event ev would do nothing for its do, or ""
// when the do reads it: the keys each do reads besides t, every, until and
// jitter are
//
//   - event (news): event and scale, and one target, at (with radius,
//     spread and squads), agent or squad (the first of these given wins);
//   - death: squads, and one target, agent, squad (with count) or at (with
//     count, radius and spread);
//   - rally and rout: agent or squad (agent wins);
//   - reinforce: squad, count, event, scale, radius and at (with spread).
//
// targets counts the targets given (at, squad, agent), and hasAgent says
// whether agent is one, a value refused included. A death with other than
// one target is an error of its own, so its keys that hang on the target
// are not judged. The messages of event, at and squads are as they were
// when each had a check of its own.
func unread(ev EventSpec, k string, targets int, hasAgent bool) string {
	do := ev.Do
	what, verb := "a "+do, do+"s" // a rout routs
	switch do {
	case "event":
		what = "news"
	case "rally":
		verb = "rallies"
	}
	// none says that what takes no k, and why.
	none := func(why string) string { return fmt.Sprintf("%s takes no %s (%s); remove it", what, k, why) }
	rallyOrRout := do == "rally" || do == "rout"
	oneDeath := do == "death" && targets == 1
	switch k {
	case "event":
		if do == "death" {
			return "names news, which only do = \"event\" and \"reinforce\" report; a death reports AllyDown, or LeaderDown when it kills a leader"
		}
		if rallyOrRout {
			return "names news, which only do = \"event\" and \"reinforce\" report; a " + do + " reports none"
		}
	case "at":
		if rallyOrRout {
			return do + " takes squad or agent, not a location"
		}
	case "squads":
		if do != "death" && !(do == "event" && ev.HasAt) {
			return fmt.Sprintf("filters the news of an event at a location (at) or of a death; it would do nothing here (do = %q without at)", do)
		}
	case "scale":
		switch do {
		case "death":
			return none("it reports AllyDown, or LeaderDown for a leader, at the weights' value")
		case "rally":
			return none("it rallies its squad or agent outright and reports no news")
		case "rout":
			return none("it routs its squad or agent outright (ForceRout) and reports no news")
		}
	case "count":
		switch {
		case do == "event":
			return none("the news reaches each man of its target once; scale says how much it weighs")
		case oneDeath && hasAgent:
			return none("agent names one man, who dies once; count is how many die among a squad or at a location")
		case rallyOrRout:
			return none("it " + verb + " every living man of its squad, or its agent")
		}
	case "radius", "spread":
		reach := "radius limits news at a location (at)"
		if k == "spread" {
			reach = "spread scatters the location, at"
		}
		switch {
		case rallyOrRout:
			return none("it " + verb + " its squad or agent wherever they stand")
		case ev.HasAt:
		case do == "event" && targets > 0:
			what = "news without at"
			return none("it reaches each man of its squad, or its agent, in full; " + reach)
		case oneDeath:
			what = "a death without at"
			return none("it kills among its squad, or its agent, wherever they stand; " + reach)
		case do == "reinforce" && k == "spread":
			what = "a reinforce without at"
			return none("its men arrive at the squad's place; " + reach)
		}
	case "agent":
		switch {
		case do == "reinforce":
			return none("reinforcements join squad, at at or the squad's place")
		case do == "event" && ev.HasAt:
			what = "news at a location (at)"
			return none("it reaches every man within reach of at; squads says which squads hear it")
		}
	case "squad":
		switch {
		case do == "event" && ev.HasAt:
			what = "news at a location (at)"
			return none("it reaches every man within reach of at; squads says which squads hear it")
		case do == "event" && hasAgent:
			what = "news to a named man (agent)"
			return none("it reaches him alone")
		case rallyOrRout && hasAgent:
			what += " of a named man (agent)"
			return none("it " + verb + " him alone")
		}
	}
	return ""
}

// neverHolds says why the range lo..hi of stat of m can never hold in a
// fight of duration seconds, or "": a share is a fraction of the fights
// (both bounds in 0..1: share = [40, 60] means 0.4..0.6); any other
// statistic is a value of m, within m.Bounds (a time in 0..duration,
// squad_broke.NAME and share_squads_broken in 0..1, a count 0 or more). A
// range that reaches past them (p50 = [0, 1000] of a time) is a designer's
// "any", not a mistake.
func neverHolds(m Metric, stat string, lo, hi, duration float64) string {
	if stat == "share" {
		if lo < 0 || hi > 1 {
			return "a share is the fraction of the fights, 0..1 (40% is 0.4)"
		}
		return ""
	}
	least, most := m.Bounds(duration)
	switch {
	case hi >= least && lo <= most:
		return ""
	case m.Time:
		return fmt.Sprintf("a time of this fight lies in 0..%s s (its duration), so no fight can meet the range", FormatExact(duration))
	case m.Fraction:
		return fmt.Sprintf("%s lies in 0..1 in every fight, so no fight can meet the range", m.Name)
	}
	return "a count is never below 0, so no fight can meet the range"
}

// name reads the name k of t (def when absent): at most MaxNameBytes.
func (p *parser) name(t *table, k, def string) string {
	n := t.str(k, def)
	if len(n) > MaxNameBytes {
		p.fail(t.key(k), t.line(k), "is %d bytes long; a name may have at most %d", len(n), MaxNameBytes)
		return safefile.Cut(n, MaxNameBytes)
	}
	return n
}

// listNames joins names for a message whose line holds head before the
// list: at most the first 12, each escaped, as many as the line has room
// for (listRoom), then how many in all, so that moralesim prints the line
// whole, never cut inside a name (long custom event names, squad names). A
// name longer than a line should hold is clipped by the caller.
func listNames(head string, names []string) string {
	const show = 12
	room := listRoom(head)
	all := fmt.Sprintf("… (%d in all)", len(names))
	var b strings.Builder
	k := 0 // the names that fit
	for _, n := range names[:min(show, len(names))] {
		n = safefile.Escape(n)
		if k > 0 {
			n = ", " + n
		}
		more := 0 // the count after it, unless it is the last
		if k+1 < len(names) {
			more = len(", ") + len(all)
		}
		if b.Len()+len(n)+more > room {
			break
		}
		b.WriteString(n)
		k++
	}
	if k < len(names) {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(all)
	}
	return b.String()
}

// statNames returns the statistics an expectation may check, in their
// order (a new slice each call: no state to change).
func statNames() []string {
	return []string{"p10", "p25", "p50", "p75", "p90", "mean", "min", "max", "share"}
}

type agentInfo struct{ squad, index int }

// death is a death event and the key its messages name (event[N].do),
// on do's line.
type death struct {
	key  string
	line int
	ev   EventSpec
}

// deathNews reports whether death ev may kill a man who is not a leader
// (news AllyDown) and whether it may kill a leader (LeaderDown, the first
// man of a squad with leader = true): a named man is one or the other; a
// death among a squad or at a location may kill any of the squad's men, or
// anyone's (men is each squad's men, reinforcements included). A target
// that does not exist, already an error, kills nobody.
func deathNews(ev EventSpec, squads []SquadSpec, men []int, squadIndex map[string]int, agents map[string]agentInfo) (ally, leader bool) {
	if ev.Agent != "" {
		a, ok := agents[ev.Agent]
		if !ok {
			return false, false
		}
		leader = squads[a.squad].Leader && a.index == 0
		return !leader, leader
	}
	only, ok := squadIndex[ev.Squad] // the squad named, if any
	if ev.Squad != "" && !ok {
		return false, false
	}
	for i, sq := range squads {
		if ev.Squad != "" && i != only {
			continue
		}
		leader = leader || sq.Leader
		ally = ally || !sq.Leader || men[i] > 1
	}
	return ally, leader
}

// Reports reports whether sc's fights report news e (whose worth is the
// weight row of that name): an [[event]]'s news, a reinforce's
// (ReinforcementsArrived, or the event it names), a death's AllyDown, or
// LeaderDown when it may kill a leader (deathNews). The parser finds them
// once, as it checks their rows. Nudging a row its fights never report
// changes no fight. It knows the timeline only: the demo's own battle
// (GameRun) reports news of its own that no scenario lists.
func (sc *Scenario) Reports(e morale.Event) bool {
	return sc.news[e]
}

// ---- a small typed reader over the decoded TOML, with lines ----

type parser struct {
	file  string
	lines map[string]int // tomllines.Scan's
	errs  []error
	// rowsUnknown: the weights key's file did not read, or the key was
	// refused, an error said once; the rows it holds are unknown, so
	// needRow judges no news against the defaults in their place.
	rowsUnknown bool
	// defaultsOfOther: the scenario runs another's weights (a fit of
	// several), which are the defaults, that scenario naming no file.
	defaultsOfOther bool
}

func (p *parser) fail(key string, line int, format string, args ...any) {
	p.errs = append(p.errs, &ScenarioError{File: p.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

// needRow fails key on line when news has no row in weights, the rows of
// table ("the weights table"), so that it would be worth zero: the news an
// [[event]] or a reinforce names, or that a reinforce naming none or a
// death reports. Of news the file names (whose "") the advice is to add a
// row or fix the name; of news it does not, whose says what reports it ("a
// death reports") and the advice is to add the row. or adds to the advice.
func (p *parser) needRow(weights map[morale.Event]float64, table string, news morale.Event, key string, line int, whose, or string) {
	if _, ok := weights[news]; ok || p.rowsUnknown {
		return
	}
	rows := make([]string, 0, len(weights))
	for e := range weights {
		rows = append(rows, string(e))
	}
	sort.Strings(rows)
	fix := "fix the name" + didYouMean(string(news), rows) // "Supressed": did you mean Suppressed?
	what, advice := safefile.Quote(string(news)), "a row or "+fix
	if whose != "" {
		what, advice = what+", the news "+whose+",", "the row"
	}
	if table == defaultRows {
		who, where := "the scenario names", ""
		if p.defaultsOfOther {
			who, where = "the first scenario, whose weights this one runs, names", " in the first"
		}
		p.fail(key, line, "%s has no row in %s (%s no weights file), so it would be worth zero; name a weights file that has the row%s (weights = \"FILE\"), or %s%s", what, table, who, where, fix, or)
		return
	}
	p.fail(key, line, "%s has no row in %s ([weights], or [custom] for your game's own events), so it would be worth zero; add %s%s", what, table, advice, or)
}

// squadNames returns the names of index (a name → its squad's index), in
// the order of the squads.
func squadNames(index map[string]int) []string {
	names := make([]string, 0, len(index))
	for n := range index {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return index[names[i]] < index[names[j]] })
	return names
}

// defaultRows is needRow's table when the scenario names no weights file.
const defaultRows = "the default weights"

func (p *parser) err() error {
	sort.SliceStable(p.errs, func(i, j int) bool {
		return p.errs[i].(*ScenarioError).Line < p.errs[j].(*ScenarioError).Line
	})
	return errors.Join(p.errs...)
}

// table is one TOML table with the path used in messages ("event[2]") and in
// the line index ("event.2").
type table struct {
	p          *parser
	name, path string
	m          map[string]any
	used       map[string]bool
	refused    map[string]bool // the keys whose value was wrong, said once (reject); made when first needed
}

// reject fails key k of t on its line, and marks it refused: its reader
// returns a default the file never wrote, which no other check may then
// judge (a missing news name, a squad without a target): one mistake, one
// error.
func (t *table) reject(k, format string, args ...any) {
	t.refuse(k)
	t.p.fail(t.key(k), t.line(k), format, args...)
}

// refuse marks key k of t refused, its problem said.
func (t *table) refuse(k string) {
	if t.refused == nil {
		t.refused = map[string]bool{}
	}
	t.refused[k] = true
}

// bad reports whether the value of key k was refused: its reader said what
// is wrong with it and returned a default in its place.
func (t *table) bad(k string) bool { return t.refused[k] }

func (p *parser) table(name string, m map[string]any) *table {
	return &table{p: p, name: name, path: name, m: m, used: map[string]bool{}}
}

// key names key k of t in a message as TOML writes a key, k quoted when
// it is not a bare key, as the decoder's own messages name one: "x y" = 1
// in the first [[squad]] is `squad[1]."x y"` and "a.b" = 1 is
// `squad[1]."a.b"`, apart from the table a of a.b = 1, `squad[1].a`.
func (t *table) key(k string) string {
	k = toml.Key{k}.String()
	if t.name == "" {
		return k
	}
	return t.name + "." + k
}

// line returns the line of key k of t, 0 when it is on none: its line as
// tomllines.Scan finds it, whose path is the table's and k as Scan writes
// a part, quoted when it is not a bare key ("x y" = 1 in the first
// [[squad]] is `squad.1."x y"`). A table that a dotted key or a header
// makes ("a" of a.b = 1 or of [a.b]) is on the first line under it.
func (t *table) line(k string) int {
	path := toml.Key{k}.String()
	if t.path != "" {
		path = t.path + "." + path
	}
	return t.p.lines[path]
}

func (t *table) headerLine() int { return t.p.lines[t.path] }

func (t *table) has(k string) bool { _, ok := t.m[k]; return ok }

func (t *table) get(k string) (any, bool) {
	t.used[k] = true
	v, ok := t.m[k]
	return v, ok
}

// aType names the TOML type of the decoded value v with its article, as a
// message says what a value is: "a string", "an integer", "a float", "a
// boolean", "an array", "a table", "a date-time" (an offset or local
// date-time, a local date or a local time).
func aType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date-time"
	}
	return fmt.Sprintf("a value of Go type %T", v)
}

// scalar returns the value of key k as a T: def when it is absent, and def
// with a problem naming the key and its line when it is of another type
// (what says what it must be), the key then refused (bad).
func scalar[T any](t *table, k string, def T, what string) T {
	v, ok := t.get(k)
	if !ok {
		return def
	}
	x, ok := v.(T)
	if !ok {
		t.reject(k, "is %s; it must be %s", aType(v), what)
		return def
	}
	return x
}

func (t *table) str(k, def string) string { return scalar(t, k, def, "a string") }

func (t *table) boolean(k string, def bool) bool { return scalar(t, k, def, "true or false") }

// quoteValue shows a decoded value in a message: a string quoted, cut and
// escaped, anything else by its type and (for a number or a boolean) value.
func quoteValue(v any) string {
	switch v := v.(type) {
	case string:
		return safefile.Quote(v)
	case int64, float64, bool:
		return fmt.Sprint(v)
	}
	return aType(v)
}

func asNumber(v any) (float64, bool) {
	switch v := v.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}

// quotedNumber returns the number s holds, blanks around it aside, when it
// is a finite number as TOML writes one (as the weights file's reader asks
// of a number in quotes), on one line and without a comment.
func quotedNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "\r\n#") {
		return 0, false
	}
	var v struct{ X float64 }
	_, err := toml.Decode("X = "+s, &v)
	return v.X, err == nil && !math.IsNaN(v.X) && !math.IsInf(v.X, 0)
}

// inQuotes is the problem of a number written in quotes, s.
func inQuotes(s string) string {
	return fmt.Sprintf("is %s, a number in quotes; write it without the quotes: %s", safefile.Quote(s), strings.TrimSpace(s))
}

func (t *table) num(k string, def, lo, hi float64) float64 {
	if f, ok := t.number(k, lo, hi, false); ok {
		return f
	}
	return def
}

// integer returns the whole number under key k, in lo..hi: def when it is
// absent, and def with a problem naming the key and its line when it is not
// a number, has a fraction (runs = 10.9 is not 10 runs) or lies outside
// lo..hi. A float without a fraction (10.0) is that number. Every count of
// the scenario format (runs, size, count) is read by it.
func (t *table) integer(k string, def, lo, hi int) int {
	if f, ok := t.number(k, float64(lo), float64(hi), true); ok {
		return int(f)
	}
	return def
}

// number is num and integer's one reading of key k: its number and true,
// or false when k is absent or (with a problem naming the key and its
// line) not a number, not finite (with whole, not a whole number) or
// outside lo..hi.
func (t *table) number(k string, lo, hi float64, whole bool) (float64, bool) {
	v, ok := t.get(k)
	if !ok {
		return 0, false
	}
	what := "a number"
	if whole {
		what = "a whole number"
	}
	f, ok := asNumber(v)
	quoted, _ := v.(string)
	switch q, isNumber := quotedNumber(quoted); {
	case !ok && isNumber && (!whole || q == math.Trunc(q)):
		// every = "2": the number a designer meant, as the weights
		// file's reader says it.
		t.reject(k, "%s", inQuotes(quoted))
	case !ok:
		t.reject(k, "is %s; it must be %s", aType(v), what)
	case whole && f != math.Trunc(f): // a fraction or NaN (±Inf is out of range)
		t.reject(k, "is %s; it must be a whole number", FormatExact(f))
	case !whole && (math.IsNaN(f) || math.IsInf(f, 0)):
		t.reject(k, "is %s; it must be a finite number", FormatExact(f))
	case f < lo || f > hi:
		t.reject(k, "is %s; it must lie in %s..%s", FormatExact(f), FormatExact(lo), FormatExact(hi))
	default:
		return f, true
	}
	return 0, false
}

// array returns the array under key k, each element through elem, which
// returns it or what is wrong with it: nil when k is absent, and nil with a
// problem naming the key (the element's index) and its line when k is not
// an array (it must be shape: "an array of strings", "[x, y]") or an
// element is wrong.
func array[T any](t *table, k, shape string, elem func(any) (T, string)) []T {
	v, ok := t.get(k)
	if !ok {
		return nil
	}
	arr, ok := v.([]any)
	if !ok {
		t.reject(k, "is %s; it must be %s", aType(v), shape)
		return nil
	}
	out := make([]T, 0, len(arr))
	for i, e := range arr {
		x, wrong := elem(e)
		if wrong != "" {
			t.p.fail(fmt.Sprintf("%s[%d]", t.key(k), i), t.line(k), "%s", wrong)
			t.refuse(k)
			return nil
		}
		out = append(out, x)
	}
	return out
}

// nums returns the array of numbers under key k, each finite and in lo..hi
// (either may be infinite: no bound), or nil with a problem naming the
// first that is not; a value that is no array is said to be shape ("[x,
// y]", "a range [low, high]").
func (t *table) nums(k, shape string, lo, hi float64) []float64 {
	want := "a finite number"
	if !math.IsInf(lo, 0) || !math.IsInf(hi, 0) {
		want = fmt.Sprintf("a number in %s..%s", FormatExact(lo), FormatExact(hi))
	}
	return array(t, k, shape, func(e any) (float64, string) {
		if f, ok := asNumber(e); ok && !math.IsNaN(f) && !math.IsInf(f, 0) && f >= lo && f <= hi {
			return f, ""
		}
		if s, ok := e.(string); ok {
			if _, ok := quotedNumber(s); ok {
				return 0, inQuotes(s)
			}
		}
		return 0, fmt.Sprintf("is %s; it must be %s", quoteValue(e), want)
	})
}

func (t *table) strs(k string) []string {
	return array(t, k, "an array of strings", func(e any) (string, string) {
		if s, ok := e.(string); ok {
			return s, ""
		}
		return "", fmt.Sprintf("is %s; it must be a string", aType(e))
	})
}

func (t *table) vec(k string, def morale.Vec2) morale.Vec2 {
	if !t.has(k) {
		t.used[k] = true
		return def
	}
	r := t.nums(k, "[x, y]", -1e12, 1e12)
	if r == nil {
		return def
	}
	if len(r) != 2 {
		t.reject(k, "has %s; it must be [x, y]", Plural(len(r), "number"))
		return def
	}
	return morale.Vec2{X: r[0], Y: r[1]}
}

func (t *table) oneOf(k, def string, allowed []string) string {
	s := t.str(k, def)
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	t.reject(k, "is %s; it must be one of %s", safefile.Quote(s), strings.Join(allowed, ", "))
	return def
}

// tables returns the array of tables under k ([[k]]).
func (t *table) tables(k string) []*table {
	v, ok := t.get(k)
	if !ok {
		return nil
	}
	arr, ok := v.([]map[string]any)
	if !ok {
		t.reject(k, "is %s; write it as [[%s]] tables", aType(v), k)
		return nil
	}
	out := make([]*table, len(arr))
	for i, m := range arr {
		out[i] = &table{p: t.p, name: fmt.Sprintf("%s[%d]", k, i+1), path: fmt.Sprintf("%s.%d", k, i+1), m: m, used: map[string]bool{}}
	}
	return out
}

// done reports every key of t that nothing read.
func (t *table) done() {
	keys := make([]string, 0, len(t.m))
	for k := range t.m {
		if !t.used[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.p.fail(t.key(k), t.line(k), "is not a key of %s%s", t.where(), t.hint(k))
	}
}

// known returns the keys t takes, for a misspelt key's "did you mean": those
// its readers asked for, and every key of its kind of table (an event's
// keys depend on its do; the top level's).
func (t *table) known() []string {
	var names []string
	switch {
	case t.name == "":
		names = append(names, topKeys...)
	case strings.HasPrefix(t.name, "event["):
		names = append(names, eventKeys...)
	}
	asked := make([]string, 0, len(t.used))
	for k := range t.used {
		asked = append(asked, k)
	}
	sort.Strings(asked)
	return append(names, asked...)
}

// hint says where unknown key k of t belongs when it is a key of another
// place: the scenario's top level (duration = 30 below a [[squad]], which
// TOML reads as the squad's), or a weights file (a setting, [custom]).
func (t *table) hint(k string) string {
	switch {
	case t.name != "" && slices.Contains(topKeys, k):
		return fmt.Sprintf("; %s is a key of the scenario: write it above the first table, as TOML puts every key after a header into that header's table", k)
	case isSetting(k):
		return fmt.Sprintf("; %s is a setting of a weights file: set it in the weights file the scenario's weights key names", k)
	case t.name == "" && k == "custom" && isTable(t.m[k]):
		return "; [custom], your game's own events, belongs in a weights file: write it there and name that file in the weights key"
	case strings.HasPrefix(t.name, "expect["):
		return fmt.Sprintf("; an [[expect]] takes metric, given, after and its ranges, %s = [low, high]", strings.Join(statNames(), ", "))
	case didYouMean(k, t.known()) != "":
		return didYouMean(k, t.known())
	}
	return ""
}

// expectTakes reports whether k is a key of an [[expect]].
func expectTakes(k string) bool {
	return k == "metric" || k == "given" || k == "after" || slices.Contains(statNames(), k)
}

// isSetting reports whether k is a setting, a top-level key of a weights
// file.
func isSetting(k string) bool {
	return slices.ContainsFunc(morale.Params(), func(p morale.Param) bool { return p.Name == k })
}

// isTable reports whether v, a decoded TOML value, is a table.
func isTable(v any) bool { _, ok := v.(map[string]any); return ok }

// looksLikeWeights reports whether raw, a decoded TOML file, is a weights
// file rather than a scenario: it has no [[squad]] or [[event]], and a
// setting, a [weights] or a [custom] table.
func looksLikeWeights(raw map[string]any) bool {
	if _, ok := raw["squad"]; ok {
		return false
	}
	if _, ok := raw["event"]; ok {
		return false
	}
	for k, v := range raw {
		if isSetting(k) || (k == "weights" || k == "custom") && isTable(v) {
			return true
		}
	}
	return false
}

func (t *table) where() string {
	if t.name == "" {
		return "a scenario (its keys: docs/balancing.md, The scenario format)"
	}
	return t.name
}

// errLine returns the line of the decoder's error pe in data, the line of
// the byte it is at (pe.Position.Start). The decoder's own line is that
// byte's but for an error at a line's end, which it counts as the next
// line's: "[squad.x", a header cut short on line 9, is "expected '.' or
// ']' to end table name, but got '\n'" on line 10.
func errLine(data []byte, pe toml.ParseError) int {
	text := tomllines.Text(data) // pe.Position.Start counts from after a byte order mark
	if at := pe.Position.Start; at >= 0 && at <= len(text) {
		if n := strings.Count(text[:at], "\n") + 1; n == pe.Position.Line-1 {
			return n
		}
	}
	return pe.Position.Line
}

// quoteLast returns the key of the decoder's error pe in data as TOML
// writes a key, as every other message names one. The decoder's LastKey
// quotes the table's parts as TOML does but not the key being read: "a.b"
// = tru under [[squad]] is "squad.a.b", where the key is `squad."a.b"`.
// When the line of the error starts with a key whose last part LastKey ends
// with, that part is quoted; else LastKey is as it is.
func quoteLast(data []byte, pe toml.ParseError) string {
	text := tomllines.Text(data)
	for range pe.Position.Line - 1 {
		_, text, _ = strings.Cut(text, "\n")
	}
	line, _, _ := strings.Cut(text, "\n")
	parts, ok := tomllines.Key(line)
	if !ok {
		return pe.LastKey
	}
	last := parts[len(parts)-1]
	if head, ok := strings.CutSuffix(pe.LastKey, last); ok && (head == "" || strings.HasSuffix(head, ".")) {
		return head + toml.Key{last}.String()
	}
	return pe.LastKey
}

// givenAsTwoKinds says in the lab's words the decoder's two errors of a
// name given as two kinds of thing, at the table header on line, which
// quote the name without its block's number: "Key 'squad.x' was already
// created as a hash." (x = 1, then a header under it, [squad.x.y]) and "Key
// 'squad.x' was already created and cannot be used as an array." ([squad.x]
// or x = 1, then [[squad.x]]). The name is the header's table
// (tomllines.Table) or one of its parents, numbered as every other message
// numbers a block: "squad[2].x", with the line it was first given on
// (tomllines.Scan). ok is false for any other message, or a name that is
// not the header's, which the caller then quotes as the decoder says it.
func givenAsTwoKinds(data []byte, message string, line int) (key, msg string, ok bool) {
	name, kind, found := strings.Cut(strings.TrimPrefix(message, "Key '"), "' was already created ")
	if !found || !strings.HasPrefix(message, "Key '") || (kind != "as a hash." && kind != "and cannot be used as an array.") {
		return "", "", false
	}
	table := tomllines.Table(data, line)
	header := tomllines.Name(table, "")
	written := "[" + header + "]" // the header, as the decoder reads it
	if len(table) > 0 && table[len(table)-1].N > 0 {
		written = "[" + written + "]"
	}
	// first is the line the name was first given on, when before line.
	first := func(t []tomllines.Part) string {
		if n := tomllines.Scan(data)[tomllines.Name(t, ".%d")]; n > 0 && n < line {
			return fmt.Sprintf(" (line %d)", n)
		}
		return ""
	}
	if kind == "as a hash." {
		for i := len(table) - 1; i > 0; i-- {
			if tomllines.Name(table[:i], "") == name {
				return tomllines.Name(table[:i], "[%d]"), fmt.Sprintf("is given twice, as a value%s and as a table (%s here); keep one of the two", first(table[:i]), written), true
			}
		}
		return "", "", false
	}
	if len(table) == 0 || header != name {
		return "", "", false
	}
	// The refused [[array]] is the header's last part: its number, which
	// Table counts, is no table's.
	parent, last := table[:len(table)-1], tomllines.Part{Name: table[len(table)-1].Name}
	key = tomllines.Name(append(slices.Clone(parent), last), "[%d]")
	return key, fmt.Sprintf("is given twice, as a table or a value%s and as an array of tables (%s here); keep one of the two", first(append(slices.Clone(parent), last)), written), true
}

// blockKey names the key that the decoder's error on line names, as TOML
// writes a key but with no block's number ("squad.size", "squad.x.size"),
// as every other message names one: "squad[2].size", "squad[2].x.size"
// when line is in the second [[squad]] or under a [squad.x] after it. The
// block is the one line is in (tomllines.Table): the key is the table's
// name, or starts with it, or with one of its parents' (a header the
// decoder refuses, [[squad.x]] after [squad.x], it names by the parent,
// squad). A key of no array table stays as it is.
func blockKey(data []byte, key string, line int) string {
	table := tomllines.Table(data, line)
	for i := len(table); i > 0; i-- {
		if rest, ok := strings.CutPrefix(key, tomllines.Name(table[:i], "")); ok && (rest == "" || rest[0] == '.') {
			return tomllines.Name(table[:i], "[%d]") + rest
		}
	}
	return key
}
