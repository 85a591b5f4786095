package ui

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
)

// faceSize is the size of f in logical pixels (every face of the demo is
// a GoTextFace).
func faceSize(t *testing.T, f text.Face) float64 {
	t.Helper()
	g, ok := f.(*text.GoTextFace)
	if !ok {
		t.Fatalf("face %T; want a *text.GoTextFace", f)
	}
	return g.Size
}

// Every text of the panel, the console and the odds panel is at least
// assets.MinTextPx high in a window of 960×540 (the demo's -scale 0.75) or
// more, and in a smaller one as large as at 960×540, shrunk with the
// window; the panel, its faces larger, still keeps to its region, the
// odds panel open or folded.
func TestTextLegibleInSmallWindows(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		w, h int
		want float64 // the least text height in the window, in pixels
	}{{1280, 720, assets.MinTextPx}, {960, 540, assets.MinTextPx}, {640, 360, assets.MinTextPx * 0.5 / assets.MinLegibleScale}} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			k := float64(tc.w) / ScreenW
			a := appWith(t, sessionAt(t, game.SceneOpening, 0), Config{Odds: newFakeOdds()}, nil, as.LegibleAt(k))
			oddsTitle, oddsSmall, oddsBold := a.odds.Faces()
			faces := map[string]text.Face{"panel": a.w.face, "small": a.w.small, "console": a.w.mono, "title": a.w.title,
				"odds title": oddsTitle, "odds": oddsSmall, "odds bold": oddsBold}
			for name, f := range faces {
				if got := faceSize(t, f) * k; got < tc.want-1e-9 {
					t.Errorf("%s face: got %.2f px in the window; want at least %.2f", name, got, tc.want)
				}
			}
			panel := ScreenRegions().Panel
			for _, fold := range []bool{true, false} {
				a.foldOdds(fold)
				for path, r := range widgetRects(t, a) {
					if path != "root" && !r.Empty() && !r.In(panel) {
						t.Errorf("odds folded %v: %s at %v; want inside the panel %v", fold, path, r, panel)
					}
				}
				if s, open := a.oddsSlot(), oddsOpen(a); !s.In(panel) || (!fold && s.Dy() != open) {
					t.Errorf("odds folded %v: slot %v; want %d px high inside the panel %v", fold, s, open, panel)
				}
			}
		})
	}
}

// oddsOpen is the odds panel's height open, for its faces.
func oddsOpen(a *App) int {
	open, _, _ := a.odds.Heights()
	return open
}
