package game_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/morale"
)

// replayText is a replay of the given header lines and tick lines, with the
// default settings.
func replayText(t *testing.T, header string, ticks string, end int64) string {
	t.Helper()
	text := recordingText(t, game.Recording{Seed: 1, Soldiers: 5, Settings: morale.DefaultSettings(), End: 0})
	text = strings.Replace(text, "soldiers 5\n", header, 1)
	i := strings.Index(text, "end 0\n")
	return text[:i] + ticks + fmt.Sprintf("end %d\ndigest -\n", end)
}

// A replay whose playing through would take hours is refused when it is
// read, and its words are echoed short: a 1 kB file of 5,000 soldiers ending
// at the last allowed tick ran 40 minutes before a window, and a
// 60,000-digit number was echoed whole.
func TestReplayBounds(t *testing.T) {
	tests := []struct {
		name, header, ticks string
		end                 int64
		want                string
	}{
		{"5000 soldiers for 24 h", "soldiers 5000\n", "", game.MaxReplayTicks, "playing it through would take too long: its 24 h of battle and 0 commands (restarts and reinforcements counted) are about as much work as 24 h of 5000 soldiers, and a replay may take at most 27 min 46 s of 5000 soldiers, a few minutes of one core"},
		{"a restart storm", "soldiers 5000\n", strings.Repeat("tick 0 restart\n", 2000), 0, "its 0 s of battle and 2000 commands (restarts and reinforcements counted) are about as much work as 1 h 9 min of 5000 soldiers, and a replay may take at most 27 min 46 s of 5000 soldiers"},
		{"the armies for 24 h", "soldiers 5\nscene armies\n", "", game.MaxReplayTicks, "are about as much work as 24 h of the armies, and a replay may take at most 9 h 3 min of the armies"},
		{"a scenario's 20 men for 12 h and a storm of reinforcements", "soldiers 5\nscene scenario\nscenario\n| name = \"x\"\n| duration = 60.0\n| [[squad]]\n| name = \"a\"\n| size = 20\n| formation = \"line\"\n| at = [1500.0, 1000.0]\n| spacing = 100.0\n", strings.Repeat("tick 0 reinforce 200\n", 1), game.MaxReplayTicks / 2, "its 12 h of battle and 1 command (restarts and reinforcements counted) are about as much work as 126 h 17 min of 20 men, and a replay may take at most 110 h 14 min of 20 men"},
		{"a 60,000-digit shell", "soldiers 5\n", "tick 1 shell 1 " + strings.Repeat("9", 60000) + "e99999\n", 10, `shell: "` + strings.Repeat("9", 80) + `… (60006 bytes)" is not a finite number`},
		{"a long unknown word", "soldiers 5\n", "tick 1 " + strings.Repeat("x", 5000) + "\n", 10, `… (5000 bytes)"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := game.ReadReplay(strings.NewReader(replayText(t, tt.header, tt.ticks, tt.end)))
			if err == nil || !errors.Is(err, game.ErrBadReplay) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("ReadReplay: got %.400v; want an ErrBadReplay with %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "e+") || strings.Contains(err.Error(), "sub-tick") {
				t.Errorf("ReadReplay: got %q; want no exponent and no sub-ticks", err)
			}
			if len(err.Error()) > 400 {
				t.Errorf("the error is %d bytes long", len(err.Error()))
			}
		})
	}
}

// The headless play-through of a replay reports its progress, restarts
// included, and stops at a cancel.
func TestPlayReplayContextProgress(t *testing.T) {
	text := replayText(t, "soldiers 5\nscene armies\n", strings.Repeat("tick 0 restart\n", 30)+"tick 2400 rally\n", 4800)
	rec, err := game.ReadReplay(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var dones []float64
	var total float64
	g, err := game.PlayReplayContext(context.Background(), rec, func(done, tot float64) {
		dones = append(dones, done)
		total = tot
	})
	if err != nil {
		t.Fatal(err)
	}
	if st := g.ReplayStatus(); !st.Done {
		t.Fatalf("replay not done: %+v", st)
	}
	if total != rec.Work() || len(dones) < 30 || dones[len(dones)-1] != total {
		t.Errorf("progress: %d reports of total %g (Work %g), last %g; want one per restart at least, ending at the total", len(dones), total, rec.Work(), dones[len(dones)-1])
	}
	for i := 1; i < len(dones); i++ {
		if dones[i] < dones[i-1] {
			t.Fatalf("progress went back: %v", dones)
		}
	}
	// The restarts are half the work: the bar moved before any sub-tick.
	if dones[29] < total/4 {
		t.Errorf("after 30 restarts the progress is %g of %g; want the restarts counted", dones[29], total)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err = game.PlayReplayContext(ctx, rec, func(done, tot float64) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("PlayReplayContext after a cancel = %v; want context.Canceled", err)
	}
}
