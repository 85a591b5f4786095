package assets_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/moralebreak/moralebreak/assets"
)

func TestDecodeEverySprite(t *testing.T) {
	want := map[assets.Sprite][2]int{
		assets.Soldier:   {64, 64},
		assets.Fallen:    {64, 64},
		assets.Enemy:     {64, 64},
		assets.EnemyDown: {64, 64},
		assets.Crate:     {48, 48},
		assets.Sandbags:  {64, 32},
		assets.Flag:      {48, 64},
		assets.Ground:    {256, 256},
	}
	if got := len(assets.Sprites()); got != len(want) {
		t.Fatalf("len(Sprites()) = %d; want %d", got, len(want))
	}
	for _, s := range assets.Sprites() {
		img, err := assets.Decode(s)
		if err != nil {
			t.Fatalf("Decode(%q): %v", s, err)
		}
		b := img.Bounds()
		if w := want[s]; b.Dx() != w[0] || b.Dy() != w[1] {
			t.Errorf("sprite %q is %dx%d; want %dx%d", s, b.Dx(), b.Dy(), w[0], w[1])
		}
		if s == assets.Ground {
			continue
		}
		// A sprite must be neither empty nor fully opaque (it sits on the ground).
		var opaque, clear int
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				_, _, _, a := img.At(x, y).RGBA()
				switch a {
				case 0:
					clear++
				case 0xffff:
					opaque++
				}
			}
		}
		if opaque == 0 || clear == 0 {
			t.Errorf("sprite %q: %d opaque and %d clear pixels; want some of each", s, opaque, clear)
		}
	}
}

func TestDecodeUnknownSprite(t *testing.T) {
	if _, err := assets.Decode("nope"); err == nil {
		t.Error(`Decode("nope") succeeded; want an error`)
	}
}

func TestLoadFaces(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range assets.Sprites() {
		if a.Image(s) == nil {
			t.Errorf("Image(%q) = nil", s)
		}
	}
	if a.Image("nope") != nil {
		t.Error(`Image("nope") != nil; want nil`)
	}
	for name, f := range map[string]text.Face{
		"Face": a.Face(14), "BoldFace": a.BoldFace(14), "MonoFace": a.MonoFace(14), "UIFace": *a.UIFace(14),
	} {
		w, _ := text.Measure("Steady", f, 0)
		if w <= 0 {
			t.Errorf("%s(14): Measure(\"Steady\") width = %v; want > 0", name, w)
		}
	}
	small, _ := text.Measure("Routed", a.Face(10), 0)
	big, _ := text.Measure("Routed", a.Face(20), 0)
	if big <= small*1.8 {
		t.Errorf("Width at size 20 = %v, at size 10 = %v; want about twice", big, small)
	}
}

// LegibleAt makes every face at least MinTextPx high in a window of scale
// k (MinLegibleScale or more; below it, as at MinLegibleScale), leaves a
// larger face as it is, and leaves the assets it was called on alone.
func TestLegibleAt(t *testing.T) {
	a, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		k, size, want float64
	}{
		{1, 10.5, 10.5},
		{1, 8, 10},
		{2, 8, 8},
		{0.75, 10.5, 10 / 0.75},
		{0.75, 17, 17},
		{0.5, 10.5, 10 / 0.75},
	} {
		b := a.LegibleAt(tc.k)
		for name, f := range map[string]*text.GoTextFace{"Face": b.Face(tc.size), "BoldFace": b.BoldFace(tc.size), "MonoFace": b.MonoFace(tc.size)} {
			if f.Size != tc.want {
				t.Errorf("LegibleAt(%v).%s(%v).Size = %v; want %v", tc.k, name, tc.size, f.Size, tc.want)
			}
		}
	}
	if got := a.Face(8).Size; got != 8 {
		t.Errorf("Load's Face(8).Size after LegibleAt = %v; want 8", got)
	}
}
