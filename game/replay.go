package game

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/figures"
	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/internal/words"
	"github.com/moralebreak/moralebreak/morale"
)

// The replay file format, version 1. It is text, one item a line:
//
//	moralebreak-replay 1
//	seed 1
//	soldiers 5
//	opening on
//	settings
//	| ShakenBelow = 0.6
//	| ...                    (the weights.toml text, each line after "| ")
//	tick 960 kill 3
//	tick 1200 shell 2500 1800
//	tick 1300 rally
//	tick 1310 rally-squad 1
//	tick 1400 force-rout 2
//	tick 1500 reinforce 3
//	tick 1600 settings
//	| ...
//	tick 1700 restart
//	tick 1800 debug on
//	tick 1900 select-squad 7   (the armies scene only)
//	end 2400
//	digest 3f0c…                (64 hex digits)
//
// The first line names the format and its version. Blank lines and lines
// starting with # are comments. A tick is a session sub-tick (1/240 s of
// simulated time, counted from the session's first tick and not reset by
// restart); ticks never decrease. Pause, Step and SetSpeed are not
// recorded: they only decide how many sub-ticks run between two commands,
// and the tick numbers already say that. end is the session sub-tick the
// file was saved at and digest is Digest there.
const (
	// ReplayVersion is the version of the replay format Write writes;
	// ReadReplay reads it and refuses newer ones.
	ReplayVersion = 1
	// replayMagic starts the first line of every replay file.
	replayMagic = "moralebreak-replay"
	// MaxReplayTicks is the latest tick a replay may name: 24 h of
	// simulated time.
	MaxReplayTicks = 24 * 3600 * SubTicksPerSecond
	// MaxReplayBytes is the largest replay file ReadReplay reads.
	MaxReplayBytes = 64 << 20
	// maxReplayLine is the longest line of a replay file, in bytes.
	maxReplayLine = 64 << 10
	// MaxReplayWork is the most work a replay may take to play through
	// (Recording.Work): 2e9 soldier-sub-ticks, a few minutes of one core.
	// ReadReplay refuses more: a 1 kB file (soldiers 5000 and an end at
	// MaxReplayTicks) would otherwise keep the demo busy for hours before
	// its window opens.
	MaxReplayWork = 2e9
)

// quote shows a word of a replay file in an error: quoted, escaped and cut
// to 80 bytes (a 60,000-digit number was echoed whole).
func quote(s string) string { return safefile.Quote(s) }

// Work estimates what playing r through costs, in soldier-sub-ticks: each
// sub-tick up to End costs the battle's soldiers (those the config starts
// with plus reinforcements since the last restart; the armies scene counts
// its men as 250 soldiers more) plus one, and each restart rebuilds the
// battle at the cost of 500 such sub-ticks. ReadReplay refuses a file whose
// Work is over MaxReplayWork.
func (r Recording) Work() float64 {
	c := newReplayCost(r)
	done, tick := 0.0, int64(0)
	for _, e := range r.Entries {
		done += float64(e.Tick-tick) * c.w
		tick = e.Tick
		done += c.apply(e.Cmd)
	}
	return done + float64(max(0, r.End-tick))*c.w
}

// tooMuchWork refuses r, whose Work w is over MaxReplayWork, in a
// designer's words: the work as a time of the battle r starts with, and the
// most a replay may take as a time of that battle ("as much work as 24 h of
// 5000 soldiers; a replay may take at most 27 min 46 s of 5000 soldiers"),
// where it said "about 1.04e+11 soldier-sub-ticks … at most 2e+09".
func tooMuchWork(r Recording, w float64) error {
	base := newReplayCost(r).base
	battle := words.Count(r.Soldiers, "soldier", "soldiers")
	switch {
	case r.Scene == SceneArmies:
		battle = "the armies"
	case r.Scene == SceneScenario && r.Scenario != nil:
		battle = words.Count(r.Scenario.Men(), "man", "men")
	}
	return badReplay("playing it through would take too long: its %s of battle and %s (restarts and reinforcements counted) are about as much work as %s of %s, and a replay may take at most %s of %s, a few minutes of one core",
		span(float64(r.End)/SubTicksPerSecond), words.Count(len(r.Entries), "command", "commands"),
		span(w/base/SubTicksPerSecond), battle, span(MaxReplayWork/base/SubTicksPerSecond), battle)
}

// span writes a time of s seconds in whole units a person reads, in two
// parts at most and in hours past a day (figures.SpanInHours): "24 h",
// "1 h 9 min", "27 min 46 s", "40 s".
func span(s float64) string { return figures.SpanInHours(s, 2) }

// replayCost follows the cost of a sub-tick through a replay's commands.
type replayCost struct {
	base, w float64 // a sub-tick's cost at a restart, and now
}

func newReplayCost(r Recording) replayCost {
	base := float64(r.Soldiers) + 1
	switch {
	case r.Scene == SceneArmies:
		base += ArmySquads * ArmySquadSize / 20
	case r.Scene == SceneScenario && r.Scenario != nil:
		base = float64(r.Scenario.Men()) + 1
	}
	return replayCost{base: base, w: base}
}

// apply follows c and returns its own cost (a restart's rebuild).
func (rc *replayCost) apply(c Command) float64 {
	switch c := c.(type) {
	case Reinforce:
		rc.w += float64(c.N)
	case Restart:
		rc.w = rc.base
		return 500 * rc.base
	}
	return 0
}

// ErrBadReplay is wrapped by every error of ReadReplay and of playing a
// replay back: errors.Is finds it. The message is the problem alone, in a
// designer's words and naming the line ("line 32: tick 480: …"), without
// this error's own words.
var ErrBadReplay = errors.New("game: bad replay")

// replayError is err (the scanner's, NewSession's, a command's) as an
// error of a replay: its message is err's, and it wraps both ErrBadReplay
// and err (kindError).
func replayError(err error) error { return kindError{ErrBadReplay, err} }

// badReplay returns fmt.Errorf(format, args...) as an error of a replay,
// wrapping ErrBadReplay besides.
func badReplay(format string, args ...any) error {
	return replayError(fmt.Errorf(format, args...))
}

// Entry is one recorded command: Cmd was applied (successfully) when the
// session had run Tick sub-ticks.
type Entry struct {
	Tick int64
	Cmd  Command
	// Line is the line of the file the entry was read from (0 when it was
	// recorded, not read).
	Line int
}

// Recording is a whole session: the battle's config, the settings at the
// start, every command with the sub-tick it was applied at, and where the
// session ended with its Digest there. Session.Recording makes one; Write and
// ReadReplay store and load it; NewReplay and PlayReplay play it back.
type Recording struct {
	Seed     uint64
	Soldiers int
	Opening  bool
	// Scene is the battle (Config.Scene); "" is the opening's, and only
	// another scene is written, as a "scene NAME" line.
	Scene string
	// Scenario is the scenario fight of the scenario scene, written as a
	// "scenario" block (nil for the other scenes).
	Scenario *ScenarioConfig
	Settings morale.Settings
	Entries  []Entry
	// End is the session sub-tick the recording ends at; Digest the
	// battle's Digest there ("" when unknown).
	End    int64
	Digest string
}

// Config returns the battle config the recording starts from.
func (r Recording) Config() Config {
	return Config{Seed: r.Seed, Soldiers: r.Soldiers, Settings: r.Settings.Clone(), Opening: r.Opening, Scene: r.Scene, Scenario: r.Scenario}
}

// recordable reports whether Apply records c: every command that changes
// the battle. Pause, Step and SetSpeed only decide when sub-ticks run,
// which the entries' ticks already say.
func recordable(c Command) bool {
	switch c.(type) {
	case Pause, Step, SetSpeed:
		return false
	}
	return true
}

// ReplayStatus is where a replay loaded by NewReplay stands.
type ReplayStatus struct {
	// Active is true while the replay has commands or ticks left to play.
	Active bool
	// Done is true once the replay reached its End; Digest is then the
	// battle's digest there, Want the file's and Match whether they agree.
	Done          bool
	Digest, Want  string
	Match         bool
	End, Progress int64 // sub-ticks: the replay's end, the session now
	// Err is why the replay stopped early: a command the battle refused,
	// naming its line. The battle is then paused.
	Err error
}

// playback is a replay being played by a Session.
type playback struct {
	rec    Recording
	next   int
	status ReplayStatus
	onEnd  []func(ReplayStatus)
	// applied, when set, is called after each command is applied; an error
	// stops the replay with it (PlayReplayContext's cancel).
	applied func(Entry) error
}

// NewReplay builds the session of r and loads r's commands: each is applied
// when the session reaches its tick, whatever the speed, pause or steps in
// between, and the session stops at r.End until then (Tick runs no further
// while the replay is active). At End the replay is done (ReplayStatus) and
// the battle runs on live. A command the battle refuses (a soldier who does
// not exist at that tick) stops the replay with an error naming its line.
// Either way the session pauses there.
func NewReplay(r Recording) (*Session, error) {
	return newReplay(r, nil)
}

// newReplay is NewReplay with playback.applied set to applied.
func newReplay(r Recording, applied func(Entry) error) (*Session, error) {
	s, err := NewSession(r.Config())
	if err != nil {
		return nil, replayError(err)
	}
	s.play = &playback{rec: r, status: ReplayStatus{Active: true, End: r.End, Want: r.Digest}, applied: applied}
	s.playDue()
	return s, nil
}

// OnReplayEnd registers fn to be called once, when the loaded replay is
// done or stops on an error.
func (s *Session) OnReplayEnd(fn func(ReplayStatus)) {
	if s.play != nil && fn != nil {
		s.play.onEnd = append(s.play.onEnd, fn)
	}
}

// ReplayStatus returns where the loaded replay stands (the zero
// ReplayStatus when none was loaded).
func (s *Session) ReplayStatus() ReplayStatus {
	if s.play == nil {
		return ReplayStatus{}
	}
	st := s.play.status
	st.Progress = s.ticks
	return st
}

// PlayReplay plays r to its end as fast as it can, with no window, and
// returns the session there. An error names the line of the command the
// battle refused.
func PlayReplay(r Recording) (*Session, error) {
	return PlayReplayContext(context.Background(), r, nil)
}

// PlayReplayContext is PlayReplay, calling progress (when set) from the
// calling goroutine with the work done so far and r's Work, at least every
// 1/256 of it and at the end, and returning ctx's error as soon as ctx is
// done (it looks after every command and every 1024 sub-ticks).
func PlayReplayContext(ctx context.Context, r Recording, progress func(done, total float64)) (*Session, error) {
	total := r.Work()
	c := newReplayCost(r)
	done, next := 0.0, 0.0
	report := func() {
		if progress != nil && done >= next {
			progress(min(done, total), total)
			next = done + total/256
		}
	}
	s, err := newReplay(r, func(e Entry) error {
		done += c.apply(e.Cmd)
		report()
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	for n := 1; s.play.status.Active; n++ {
		s.subtick()
		done += c.w
		report()
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if progress != nil {
		progress(total, total)
	}
	return s, s.play.status.Err
}

// replayHolds reports whether a loaded replay stops the clock here: it is
// active and at its end (where playDue finishes it).
func (s *Session) replayHolds() bool {
	return s.play != nil && s.play.status.Active && s.ticks >= s.play.rec.End
}

// playDue applies the replay's commands due at the session's sub-tick and
// finishes the replay at its end.
func (s *Session) playDue() {
	p := s.play
	if p == nil || !p.status.Active {
		return
	}
	for p.next < len(p.rec.Entries) && p.rec.Entries[p.next].Tick <= s.ticks {
		e := p.rec.Entries[p.next]
		p.next++
		err := s.Apply(e.Cmd)
		if err != nil {
			err = badReplay("line %d: tick %d: %s: %w", e.Line, e.Tick, commandText(e.Cmd), err)
		} else if p.applied != nil {
			err = p.applied(e)
		}
		if err != nil {
			p.status.Err = err
			p.status.Active = false
			s.paused = true
			s.endReplay()
			return
		}
	}
	if s.ticks >= p.rec.End {
		p.status.Active, p.status.Done = false, true
		s.paused = true
		p.status.Digest = s.Digest()
		p.status.Match = p.status.Digest == p.rec.Digest
		s.endReplay()
	}
}

func (s *Session) endReplay() {
	st := s.ReplayStatus()
	for _, fn := range s.play.onEnd {
		fn(st)
	}
	s.play.onEnd = nil
}

// commandText is c as the words of a tick line (the settings block aside).
func commandText(c Command) string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	switch c := c.(type) {
	case Kill:
		return "kill " + strconv.Itoa(c.ID)
	case Shell:
		return "shell " + f(c.At.X) + " " + f(c.At.Y)
	case Rally:
		return "rally"
	case RallySquad:
		return "rally-squad " + strconv.Itoa(int(c.ID))
	case ForceRout:
		return "force-rout " + strconv.Itoa(c.ID)
	case Reinforce:
		return "reinforce " + strconv.Itoa(c.N)
	case SetSettings:
		return "settings"
	case Restart:
		return "restart"
	case SetDebug:
		if c.On {
			return "debug on"
		}
		return "debug off"
	case SelectSquad:
		return "select-squad " + strconv.Itoa(int(c.ID))
	case Pause:
		return fmt.Sprintf("pause %v", c.Paused)
	case Step:
		return "step"
	case SetSpeed:
		return "speed " + f(c.Factor)
	}
	return fmt.Sprintf("%T", c)
}

// writeSettingsBlock writes s as "| "-prefixed weights.toml lines, without
// the comments.
func writeSettingsBlock(w *strings.Builder, s morale.Settings) error {
	var b bytes.Buffer
	if err := morale.WriteSettings(&b, s); err != nil {
		return err
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		w.WriteString("| " + l + "\n")
	}
	return nil
}

// Write writes r in the replay format (version ReplayVersion). It refuses
// settings that do not validate and commands it cannot write.
func (r Recording) Write(out io.Writer) error {
	var b strings.Builder
	on := "off"
	if r.Opening {
		on = "on"
	}
	fmt.Fprintf(&b, "%s %d\n# MoraleBreak session: play it with `demo -replay FILE`.\nseed %d\nsoldiers %d\nopening %s\n",
		replayMagic, ReplayVersion, r.Seed, r.Soldiers, on)
	if r.Scene != "" && r.Scene != SceneOpening {
		fmt.Fprintf(&b, "scene %s\n", r.Scene)
	}
	if r.Scene == SceneScenario {
		if err := r.Scenario.Validate(); err != nil {
			return fmt.Errorf("game: replay scenario: %w", err)
		}
		// soldiers and opening are the opening's, kept for the format:
		// say so, beside the men this fight has.
		fmt.Fprintf(&b, "# soldiers and opening above are unused in this scene: the scenario below sets its %d men\n", r.Scenario.Men())
		b.WriteString("scenario\n")
		if err := writeScenarioBlock(&b, r.Scenario); err != nil {
			return fmt.Errorf("game: replay scenario: %w", err)
		}
	}
	b.WriteString("settings\n")
	if err := writeSettingsBlock(&b, r.Settings); err != nil {
		return fmt.Errorf("game: replay settings: %w", err)
	}
	for _, e := range r.Entries {
		if e.Cmd == nil || !recordable(e.Cmd) {
			return fmt.Errorf("game: replay: %s cannot be recorded", commandText(e.Cmd))
		}
		fmt.Fprintf(&b, "tick %d %s\n", e.Tick, commandText(e.Cmd))
		if s, ok := e.Cmd.(SetSettings); ok {
			if err := writeSettingsBlock(&b, s.Settings); err != nil {
				return fmt.Errorf("game: replay settings at tick %d: %w", e.Tick, err)
			}
		}
	}
	digest := r.Digest
	if digest == "" {
		digest = "-"
	}
	fmt.Fprintf(&b, "end %d\ndigest %s\n", r.End, digest)
	_, err := io.WriteString(out, b.String())
	return err
}

// replayReader reads a replay file line by line.
type replayReader struct {
	sc   *bufio.Scanner
	line int    // number of the line in text
	text string // the current line
	back bool   // text is to be read again
	eof  bool
}

func (rr *replayReader) errf(format string, args ...any) error {
	return badReplay("line %d: %s", rr.line, fmt.Sprintf(format, args...))
}

// scanErr is the scanner's error, if any, naming the line it stopped at.
func (rr *replayReader) scanErr() error {
	if err := rr.sc.Err(); err != nil {
		rr.line++
		if errors.Is(err, bufio.ErrTooLong) {
			return rr.errf("longer than %d bytes", maxReplayLine)
		}
		return rr.errf("%v", err)
	}
	return nil
}

// next moves to the next line that is not a comment; false at the end.
func (rr *replayReader) next() bool {
	if rr.back {
		rr.back = false
		return true
	}
	for rr.sc.Scan() {
		rr.line++
		rr.text = strings.TrimRight(rr.sc.Text(), "\r")
		if t := strings.TrimSpace(rr.text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		return true
	}
	rr.eof = true
	return false
}

// block reads the "| " lines from here on, each without its "| ", and
// the file's line of each (the block's line k is the file's lines[k-1]:
// comments and blank lines between them are the file's alone).
func (rr *replayReader) block() (text string, lines []int, err error) {
	var b strings.Builder
	for rr.next() {
		if !strings.HasPrefix(rr.text, "|") {
			rr.back = true
			break
		}
		b.WriteString(strings.TrimPrefix(strings.TrimPrefix(rr.text, "|"), " "))
		b.WriteString("\n")
		lines = append(lines, rr.line)
	}
	return b.String(), lines, rr.scanErr()
}

// problemLine splits "line N: rest", the start of a problem of a block's
// text, into N and rest; ok is false for a problem naming no line.
func problemLine(p string) (n int, rest string, ok bool) {
	after, found := strings.CutPrefix(p, "line ")
	num, rest, colon := strings.Cut(after, ": ")
	if !found || !colon {
		return 0, "", false
	}
	n, err := strconv.Atoi(num)
	return n, rest, err == nil
}

// blockProblems returns the problems of err, about a block's text, one a
// string, each naming the file's lines, where lines[k-1] is the file's line
// of the block's line k: a morale.FieldError's own lines (Line and
// OtherLine: "ShakenBelow is set on line 33" of a rule between two
// settings), and the "line N: " any other problem starts with. A line a
// message names in its text ("first on line 2" of a key set twice, or of a
// table opened twice) stays the block's: morale keeps it in no field.
func blockProblems(err error, lines []int) []string {
	file := func(k int) int {
		if k >= 1 && k <= len(lines) {
			return lines[k-1]
		}
		return k
	}
	var out []string
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		if fe, ok := err.(*morale.FieldError); ok {
			c := *fe
			c.Line, c.OtherLine = file(c.Line), file(c.OtherLine)
			out = append(out, c.Error())
			return
		}
		for _, p := range strings.Split(err.Error(), "\n") {
			if k, rest, ok := problemLine(p); ok && k >= 1 && k <= len(lines) {
				p = fmt.Sprintf("line %d: %s", lines[k-1], rest)
			}
			out = append(out, p)
		}
	}
	walk(err)
	return out
}

// blockError is the error of a block (its kind, "settings" or
// "scenario", read after the line at) whose text the problems of err
// are about, one a line: each problem names the file's line, not the
// block's ("line 34: PanicBelow is 0.25; …", where the block's reader
// said its second line), and the error says which block it is in.
func (rr *replayReader) blockError(kind string, at int, lines []int, err error) error {
	problems := blockProblems(err, lines)
	msg := strings.Join(problems, "; ")
	if rr.eof {
		msg += "; the file ends inside it (truncated?)"
	}
	if _, _, ok := problemLine(problems[0]); ok {
		return badReplay("%s (in the %s block of line %d)", msg, kind, at)
	}
	return badReplay("line %d: %s block: %s", at, kind, msg)
}

// settingsBlock reads the "| " lines after a settings line (numbered at)
// as weights.toml text.
func (rr *replayReader) settingsBlock(at int) (morale.Settings, error) {
	text, lines, err := rr.block()
	if err != nil {
		return morale.Settings{}, err
	}
	if text == "" {
		return morale.Settings{}, badReplay("line %d: settings block is empty; want its weights.toml lines, each after \"| \"", at)
	}
	s, err := morale.ReadSettings(strings.NewReader(text))
	if err != nil {
		return morale.Settings{}, rr.blockError("settings", at, lines, err)
	}
	return s, nil
}

// ReadReplay reads a replay file written by Write (or by hand, in the same
// format). It checks the format, the version, every line's words and
// numbers, the settings blocks and the order of ticks; it does not play the
// battle, so a command naming a soldier who does not exist is found by
// NewReplay or PlayReplay. Every error wraps ErrBadReplay and names the
// line; a file that stops before its end line is truncated.
func ReadReplay(in io.Reader) (Recording, error) {
	data, err := io.ReadAll(io.LimitReader(in, MaxReplayBytes+1))
	if err != nil {
		return Recording{}, replayError(err)
	}
	if len(data) > MaxReplayBytes {
		return Recording{}, badReplay("the file is over %d bytes; a replay may have at most %d", MaxReplayBytes, MaxReplayBytes)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxReplayLine)
	rr := &replayReader{sc: sc}
	scanErr := rr.scanErr

	// Line 1: the format and its version.
	if !sc.Scan() {
		if err := scanErr(); err != nil {
			return Recording{}, err
		}
		return Recording{}, badReplay("line 1: empty file; want %s", quote(replayMagic+" 1"))
	}
	rr.line = 1
	f := strings.Fields(sc.Text())
	if len(f) != 2 || f[0] != replayMagic {
		return Recording{}, rr.errf("not a replay file: want %s", quote(fmt.Sprintf("%s %d", replayMagic, ReplayVersion)))
	}
	v, err := strconv.Atoi(f[1])
	switch {
	case err != nil || v < 1:
		return Recording{}, rr.errf("version %s is not a version number", quote(f[1]))
	case v > ReplayVersion:
		return Recording{}, rr.errf("replay format version %d is newer than this program reads (%d)", v, ReplayVersion)
	}

	var r Recording
	var seen = map[string]bool{}
	headerDone := false
	last := int64(0)
	ended := false
	for rr.next() {
		f := strings.Fields(rr.text)
		key := f[0]
		if ended && key != "digest" {
			return Recording{}, rr.errf("%s after the end line", quote(key))
		}
		switch key {
		case "seed", "soldiers", "opening", "scene", "settings", "scenario":
			if headerDone {
				return Recording{}, rr.errf("%s after the first tick", key)
			}
			if seen[key] {
				return Recording{}, rr.errf("second %s line", key)
			}
			seen[key] = true
			if key == "scenario" {
				if len(f) != 1 {
					return Recording{}, rr.errf("scenario takes no argument")
				}
				if r.Scene != SceneScenario {
					return Recording{}, rr.errf("scenario block without a scene %s line before it", SceneScenario)
				}
				c, err := rr.scenarioBlock(rr.line)
				if err != nil {
					return Recording{}, err
				}
				r.Scenario = c
				continue
			}
			if key == "settings" {
				if len(f) != 1 {
					return Recording{}, rr.errf("settings takes no argument")
				}
				s, err := rr.settingsBlock(rr.line)
				if err != nil {
					return Recording{}, err
				}
				r.Settings = s
				continue
			}
			if len(f) != 2 {
				return Recording{}, rr.errf("%s needs one value", key)
			}
			switch key {
			case "seed":
				if r.Seed, err = strconv.ParseUint(f[1], 10, 64); err != nil {
					return Recording{}, rr.errf("seed %s is not a whole number 0..2^64-1", quote(f[1]))
				}
			case "soldiers":
				n, err := strconv.Atoi(f[1])
				if err != nil || n < 1 || n > MaxSoldiers {
					return Recording{}, rr.errf("soldiers %s; want 1..%d", quote(f[1]), MaxSoldiers)
				}
				r.Soldiers = n
			case "scene":
				if err := checkScene(f[1]); (err != nil && f[1] != SceneScenario) || f[1] == SceneOpening {
					return Recording{}, rr.errf("scene %s; want %s or %s (the opening writes no scene line)", quote(f[1]), SceneArmies, SceneScenario)
				}
				r.Scene = f[1]
			case "opening":
				switch f[1] {
				case "on":
					r.Opening = true
				case "off":
				default:
					return Recording{}, rr.errf("opening %s; want on or off", quote(f[1]))
				}
			}
		case "tick":
			if !headerDone {
				for _, k := range headerKeys(r) {
					if !seen[k] {
						return Recording{}, rr.errf("tick before the %s line", k)
					}
				}
				headerDone = true
			}
			if len(f) < 3 {
				return Recording{}, rr.errf("want tick N COMMAND [ARGS]")
			}
			t, err := rr.tick(f[1], last)
			if err != nil {
				return Recording{}, err
			}
			last = t
			line := rr.line
			c, err := rr.command(f[2], f[3:])
			if err != nil {
				return Recording{}, err
			}
			r.Entries = append(r.Entries, Entry{Tick: t, Cmd: c, Line: line})
		case "end":
			for _, k := range headerKeys(r) {
				if !seen[k] {
					return Recording{}, rr.errf("end before the %s line", k)
				}
			}
			if len(f) != 2 {
				return Recording{}, rr.errf("want end N")
			}
			t, err := rr.tick(f[1], last)
			if err != nil {
				return Recording{}, err
			}
			r.End, ended = t, true
		case "digest":
			if !ended {
				return Recording{}, rr.errf("digest before the end line")
			}
			if len(f) != 2 {
				return Recording{}, rr.errf("want digest HEX (64 hex digits) or digest -")
			}
			if f[1] != "-" {
				if b, err := hex.DecodeString(f[1]); err != nil || len(b) != sha256.Size {
					return Recording{}, rr.errf("digest %s is not 64 hex digits", quote(f[1]))
				}
				r.Digest = strings.ToLower(f[1])
			}
			if rr.next() {
				return Recording{}, rr.errf("%s after the digest line", quote(strings.Fields(rr.text)[0]))
			}
			if err := scanErr(); err != nil {
				return Recording{}, err
			}
			if w := r.Work(); w > MaxReplayWork {
				return Recording{}, tooMuchWork(r, w)
			}
			return r, nil
		default:
			return Recording{}, rr.errf("unknown line %s; want seed, soldiers, opening, scene, scenario, settings, tick, end or digest", quote(key))
		}
	}
	if err := scanErr(); err != nil {
		return Recording{}, err
	}
	rr.line++
	if ended {
		return Recording{}, rr.errf("file ends without its digest line (truncated?)")
	}
	return Recording{}, rr.errf("file ends without its end line (truncated?)")
}

// headerKeys are the header lines a replay of r must have before its first
// tick: a scenario scene's its scenario block too.
func headerKeys(r Recording) []string {
	if r.Scene == SceneScenario {
		return []string{"seed", "soldiers", "opening", "settings", "scenario"}
	}
	return []string{"seed", "soldiers", "opening", "settings"}
}

// tick parses a tick number, not before last.
func (rr *replayReader) tick(s string, last int64) (int64, error) {
	t, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil || t < 0 || t > MaxReplayTicks:
		return 0, rr.errf("tick %s; want a whole number 0..%d", quote(s), MaxReplayTicks)
	case t < last:
		return 0, rr.errf("tick %d is before the previous one (%d)", t, last)
	}
	return t, nil
}

// command parses the words of a tick line after the tick.
func (rr *replayReader) command(name string, args []string) (Command, error) {
	want := map[string]int{"kill": 1, "shell": 2, "rally": 0, "rally-squad": 1, "force-rout": 1,
		"reinforce": 1, "settings": 0, "restart": 0, "debug": 1, "select-squad": 1}
	n, ok := want[name]
	if !ok {
		return nil, rr.errf("unknown command %s", quote(name))
	}
	if len(args) != n {
		return nil, rr.errf("%s takes %d argument(s), got %d", name, n, len(args))
	}
	id := func() (int, error) {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 0 || v > MaxSoldiers+1<<20 {
			return 0, rr.errf("%s: %s is not a soldier id", name, quote(args[0]))
		}
		return v, nil
	}
	switch name {
	case "kill", "force-rout":
		v, err := id()
		if err != nil {
			return nil, err
		}
		if name == "kill" {
			return Kill{ID: v}, nil
		}
		return ForceRout{ID: v}, nil
	case "shell":
		var p [2]float64
		for i, a := range args {
			v, err := strconv.ParseFloat(a, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, rr.errf("shell: %s is not a finite number", quote(a))
			}
			p[i] = v
		}
		return Shell{At: morale.Vec2{X: p[0], Y: p[1]}}, nil
	case "rally":
		return Rally{}, nil
	case "rally-squad", "select-squad":
		v, err := strconv.ParseInt(args[0], 10, 32)
		if err != nil {
			return nil, rr.errf("%s: %s is not a squad id", name, quote(args[0]))
		}
		if name == "select-squad" {
			return SelectSquad{ID: morale.SquadID(v)}, nil
		}
		return RallySquad{ID: morale.SquadID(v)}, nil
	case "reinforce":
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 || v > MaxReinforce {
			return nil, rr.errf("reinforce: %s; want 1..%d", quote(args[0]), MaxReinforce)
		}
		return Reinforce{N: v}, nil
	case "settings":
		s, err := rr.settingsBlock(rr.line)
		if err != nil {
			return nil, err
		}
		return SetSettings{Settings: s}, nil
	case "restart":
		return Restart{}, nil
	case "debug":
		switch args[0] {
		case "on":
			return SetDebug{On: true}, nil
		case "off":
			return SetDebug{On: false}, nil
		}
		return nil, rr.errf("debug %s; want on or off", quote(args[0]))
	}
	return nil, rr.errf("unknown command %s", quote(name))
}
