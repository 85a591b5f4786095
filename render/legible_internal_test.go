package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
)

// Every face the renderer draws with (plates, barks, the Why panel, the
// timeline, debug numbers) is at least assets.MinTextPx high in a window
// of 960×540 (the demo's -scale 0.75) and of 1280×720.
func TestFacesLegibleAt960x540(t *testing.T) {
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []float64{0.75, 1} {
		r := New(as.LegibleAt(k))
		for name, f := range map[string]text.Face{"name": r.nameFace, "small": r.smallFace, "bark": r.barkFace,
			"mono": r.monoFace, "title": r.titleFace} {
			g, ok := f.(*text.GoTextFace)
			if !ok {
				t.Fatalf("%s face %T; want a *text.GoTextFace", name, f)
			}
			if got := g.Size * k; got < assets.MinTextPx-1e-9 {
				t.Errorf("scale %v: %s face %.2f px in the window; want at least %d", k, name, got, assets.MinTextPx)
			}
		}
	}
}
