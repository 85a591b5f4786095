package game

import (
	"fmt"
	"strings"

	"github.com/moralebreak/moralebreak/morale"
)

type logKind uint8

const (
	logText logKind = iota
	logState
	logDeath
	logEnemyDown
)

// logEntry is one line of the log, formatted lazily so that ticks do not
// allocate.
type logEntry struct {
	at       int64
	text     string
	kind     logKind
	id       int
	from, to morale.State
	why      morale.Reason
}

// addLog appends e to the log ring.
func (b *Battle) addLog(e logEntry) { b.log.push(e) }

// logf appends a formatted line to the log now.
func (b *Battle) logf(format string, args ...any) {
	b.addLog(logEntry{at: b.now, text: stamp(b.now) + fmt.Sprintf(format, args...)})
}

// logBlock appends every line of text to the log.
func (b *Battle) logBlock(text string) {
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.addLog(logEntry{at: b.now, text: stamp(b.now) + l})
	}
}

// stamp returns the time prefix of a log line.
func stamp(at int64) string {
	return fmt.Sprintf("[%6.2f] ", float64(at)/SubTicksPerSecond)
}

// formatLog renders a structured entry.
func (b *Battle) formatLog(e *logEntry) string {
	_, name, _ := b.scene.soldierOf(e.id)
	switch e.kind {
	case logState:
		return fmt.Sprintf("%s%s: %v -> %v (%v)", stamp(e.at), name, e.from, e.to, e.why)
	case logDeath:
		return fmt.Sprintf("%s%s is down.", stamp(e.at), name)
	case logEnemyDown:
		return fmt.Sprintf("%sEnemy rifleman %d is down.", stamp(e.at), e.id)
	}
	return e.text
}
