package whyplace_test

import (
	"image"
	"testing"

	"github.com/moralebreak/moralebreak/internal/whyplace"
)

func TestPlaceKeepsOffTheSoldier(t *testing.T) {
	area := image.Rect(0, 0, 900, 520)
	size := image.Pt(440, 300)
	for _, tc := range []struct {
		name   string
		self   image.Point
		others []image.Point
		prev   int
		want   int
	}{
		{"soldier far left: top-right", image.Pt(100, 260), nil, 0, 0},
		{"soldier under the top-right: top-left", image.Pt(700, 100), nil, 0, 1},
		{"soldier under both tops: a bottom one", image.Pt(450, 60), nil, 0, 2},
		{"stays put while nothing is better", image.Pt(100, 400), nil, 1, 1},
		{"moves off the enemy line", image.Pt(100, 450), []image.Point{{850, 100}, {850, 150}, {850, 200}}, 0, 1},
		{"does not hop for one man", image.Pt(100, 450), []image.Point{{850, 100}}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, at := whyplace.Place(area, size, tc.self, tc.others, tc.prev)
			r := image.Rectangle{Min: at, Max: at.Add(size)}
			if k != tc.want {
				t.Errorf("corner %d at %v; want corner %d", k, r, tc.want)
			}
			if tc.self.In(r.Inset(-whyplace.Margin)) {
				t.Errorf("panel %v comes within %d px of the soldier at %v", r, whyplace.Margin, tc.self)
			}
			if !r.In(area) {
				t.Errorf("panel %v leaves the area %v", r, area)
			}
		})
	}
}

// Room offers room inside the field that keeps off a soldier, in the
// middle of the field or near its edge.
func TestRoomKeepsOffTheSoldier(t *testing.T) {
	for _, tc := range []struct {
		self image.Point
		ok   bool
	}{{image.Pt(457, 334), true}, {image.Pt(100, 260), true}, {image.Pt(450, 260), true}} {
		field := image.Rect(0, 0, 900, 520)
		r, ok := whyplace.Room(field, tc.self, 440)
		if ok != tc.ok || (ok && (whyplace.Covers(tc.self, r.Inset(12)) || !r.In(field))) {
			t.Errorf("Room around %v: %v, %v; want room inside the field that keeps off him", tc.self, r, ok)
		}
	}
}
