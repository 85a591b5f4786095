package capture

import (
	"fmt"
	"io"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/game"
)

// TPSLog wraps an ebiten.Game for the demo's -tpslog mode: every Every it
// writes one line with Ebitengine's measured TPS and FPS, the number of
// soldiers, the simulated time, the CPU time per Update and per Draw of
// the inner game, averaged since the last line, and the longest wall time
// between two Draws since the last line (a frame longer than 5 ticks,
// 83 ms, loses ticks: Ebitengine catches up at most 5 per frame), and
// the memory Ebitengine's images hold now (ebiten.DebugInfo's
// TotalGPUImageMemoryUsageInBytes: in main memory under a software
// renderer such as Mesa's llvmpipe):
//
//	tps=60.0 fps=20.7 soldiers=500 sim=8.3s update=0.09ms draw=2.66ms (CPU per call, averaged) longest=61.2ms images=41.2MB
type TPSLog struct {
	inner ebiten.Game
	v     game.View
	w     io.Writer
	every time.Duration

	last        time.Time
	upd, draw   time.Duration // spent in Update and Draw since the last line
	updN, drawN int
	lastDraw    time.Time     // when the last Draw started
	longest     time.Duration // the longest time between two Draws since the last line
	soldiers    []game.SoldierView
	men         []game.ManView // the armies scene's men, counted as its soldiers
	err         error          // of writing a line: Update ends the game with it
}

// NewTPSLog wraps inner, the game showing battle v, and writes a line to w
// every every (5 s in the demo).
func NewTPSLog(inner ebiten.Game, v game.View, w io.Writer, every time.Duration) *TPSLog {
	return &TPSLog{inner: inner, v: v, w: w, every: every, last: time.Now()}
}

// Update runs the inner Update, timing it, and writes the line when due.
func (t *TPSLog) Update() error {
	if t.err != nil {
		return t.err
	}
	start := time.Now()
	err := t.inner.Update()
	t.upd += time.Since(start)
	t.updN++
	if now := time.Now(); now.Sub(t.last) >= t.every {
		t.last = now
		per := func(d time.Duration, n int) float64 { return float64(d.Microseconds()) / 1000 / float64(max(n, 1)) }
		n := 0
		switch sc := t.v.Scene().(type) {
		case *game.Opening:
			t.soldiers = sc.AppendSoldiers(t.soldiers[:0])
			n = len(t.soldiers)
		case *game.Armies:
			t.men = sc.AppendMen(t.men[:0])
			n = len(t.men)
		}
		var info ebiten.DebugInfo
		ebiten.ReadDebugInfo(&info)
		if _, werr := fmt.Fprintf(t.w, "tps=%.1f fps=%.1f soldiers=%d sim=%.1fs update=%.2fms draw=%.2fms (CPU per call, averaged) longest=%.1fms images=%.1fMB\n",
			ebiten.ActualTPS(), ebiten.ActualFPS(), n, t.v.Time(), per(t.upd, t.updN), per(t.draw, t.drawN),
			float64(t.longest.Microseconds())/1000, float64(info.TotalGPUImageMemoryUsageInBytes)/(1<<20)); werr != nil {
			t.err = fmt.Errorf("-tpslog: %w", werr)
		}
		t.upd, t.draw, t.updN, t.drawN, t.longest = 0, 0, 0, 0, 0
	}
	return err
}

// Draw runs the inner Draw, timing it.
func (t *TPSLog) Draw(screen *ebiten.Image) {
	start := time.Now()
	if !t.lastDraw.IsZero() {
		t.longest = max(t.longest, start.Sub(t.lastDraw))
	}
	t.lastDraw = start
	t.inner.Draw(screen)
	t.draw += time.Since(start)
	t.drawN++
}

// Layout is the inner game's.
func (t *TPSLog) Layout(w, h int) (int, int) { return t.inner.Layout(w, h) }
