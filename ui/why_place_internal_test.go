package ui

import (
	"image"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/internal/whyplace"
	"github.com/moralebreak/moralebreak/render"
)

// whyApp is the opening at 11 s with the real renderer (it only lays the
// panel out here: no window) and sel selected.
func whyApp(t *testing.T, sel string) *App {
	t.Helper()
	return whyAppOf(t, sessionAt(t, game.SceneOpening, 11), sel)
}

// whyAppOf is an App over g with the real renderer, sel selected.
func whyAppOf(t *testing.T, g *game.Session, sel string) *App {
	t.Helper()
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	return appOver(t, g, Config{Select: sel}, render.New(as))
}

// The Why panel never covers the soldier it explains, whoever he is, the
// fallen too; dragged, it stays where it was dropped; clicks on it do not
// reach the field; its close box deselects.
func TestWhyPanelPlacementDragAndClose(t *testing.T) {
	a := whyApp(t, "Eriksen")
	vp := a.viewport()
	for range 5 {
		a.cycleSelection(+1)
		a.inspect()
		var s game.SoldierView
		for _, v := range a.appendSoldiers() {
			if v.ID == a.selected {
				s = v
			}
		}
		x, y := vp.ToScreen(s.Pos)
		if a.why.text == "" {
			t.Fatalf("%s selected: no Why panel", s.Name)
		}
		if image.Pt(int(x), int(y)).In(a.why.rect.Inset(-whyplace.Margin / 2)) {
			t.Errorf("%s (alive %v) at (%.0f, %.0f): the Why panel %v covers him", s.Name, s.Alive, x, y, a.why.rect)
		}
		if top := a.reg.Field.Min.Y + whyplace.HUDBottom; a.why.rect.Min.Y < top {
			t.Errorf("%s selected: the Why panel %v reaches above y %d, over the field's clock", s.Name, a.why.rect, top)
		}
		if !s.Alive && !strings.Contains(a.why.text, "fell at") {
			t.Errorf("%s fell: panel %q; want his explanation as he fell", s.Name, a.why.text)
		}
	}

	// drag by 60, 40 px
	r := a.why.rect
	p := r.Min.Add(image.Pt(30, 40))
	in := a.whyInput(InputState{X: p.X, Y: p.Y, LeftClick: true, LeftHeld: true})
	if !in.UIHovered {
		t.Error("a press on the Why panel reached the field")
	}
	if it := MapInput(in, vp, a.hits()); len(it.Commands) != 0 {
		t.Errorf("a press on the Why panel gave commands %v; want none", it.Commands)
	}
	a.whyInput(InputState{X: p.X - 60, Y: p.Y + 40, LeftHeld: true})
	a.whyInput(InputState{X: p.X - 60, Y: p.Y + 40})
	a.inspect()
	if want := r.Min.Add(image.Pt(-60, 40)); a.why.rect.Min != want {
		t.Errorf("after a drag: panel at %v; want %v", a.why.rect.Min, want)
	}
	a.cycleSelection(+1)
	a.inspect()
	if want := r.Min.Add(image.Pt(-60, 40)); a.why.rect.Min != want {
		t.Errorf("another soldier: panel at %v; want it to stay where it was dropped, %v", a.why.rect.Min, want)
	}

	c := a.why.close.Min.Add(image.Pt(5, 5))
	a.whyInput(InputState{X: c.X, Y: c.Y, LeftClick: true, LeftHeld: true})
	if a.hasSelected {
		t.Error("a click on the close box: still selected")
	}
}

// A right click on a fallen soldier's body selects him.
func TestRightClickOnABodySelectsHim(t *testing.T) {
	a := whyApp(t, "")
	vp := a.viewport()
	for _, s := range a.appendSoldiers() {
		if s.Alive {
			continue
		}
		x, y := vp.ToScreen(s.Pos)
		it := MapInput(InputState{X: int(x), Y: int(y), RightClick: true}, vp, a.hits())
		if !it.Select || it.SelectID != s.ID || it.Deselect {
			t.Errorf("right click on %s's body: %+v; want him selected", s.Name, it)
		}
		if it := MapInput(InputState{X: int(x), Y: int(y), LeftClick: true}, vp, a.hits()); len(it.Commands) != 1 {
			t.Errorf("left click on %s's body: %v; want one command (a shell)", s.Name, it.Commands)
		}
	}
}

// A soldier in the middle of the field, where every corner of a tall panel
// would come near him (Eriksen at 40 s): the panel goes above or below
// him, no taller than the room there, and keeps off him.
func TestWhyPanelKeepsOffASoldierInTheMiddle(t *testing.T) {
	a := whyAppOf(t, sessionAt(t, game.SceneOpening, 40), "Eriksen")
	a.inspect()
	vp := a.viewport()
	for _, s := range a.appendSoldiers() {
		if s.ID != a.selected {
			continue
		}
		x, y := vp.ToScreen(s.Pos)
		if a.why.text == "" {
			t.Fatal("no Why panel")
		}
		if whyplace.Covers(image.Pt(int(x), int(y)), a.why.rect) {
			t.Errorf("%s at (%.0f, %.0f): the Why panel %v comes within %d px of him or covers his plate", s.Name, x, y, a.why.rect, whyplace.Margin)
		}
		if !a.why.rect.In(a.reg.Field) {
			t.Errorf("the panel %v leaves the field %v", a.why.rect, a.reg.Field)
		}
	}
}

// A dragged Why panel stays where it was dropped, for the soldiers
// selected after too, unless it would cover the one it explains: then it
// is placed as if never dragged. It stayed over him (documented as an
// open item by the last session).
func TestADraggedWhyPanelKeepsOffTheManItExplains(t *testing.T) {
	for _, tc := range []struct {
		name      string
		onto      string // dropped with its corner on him ("": by the field's right edge)
		next      string // then selected
		wantStays bool
	}{
		{"dropped on Chen, Chen selected", "Chen", "Chen", false},
		{"dropped by the right edge, Chen selected", "", "Chen", true},
		{"dropped on Eriksen himself", "Eriksen", "Eriksen", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := whyApp(t, "Eriksen")
			vp := a.viewport()
			at := func(name string) (int, image.Point) {
				for _, s := range a.appendSoldiers() {
					if s.Name == name {
						x, y := vp.ToScreen(s.Pos)
						return s.ID, image.Pt(int(x), int(y))
					}
				}
				t.Fatalf("no %s", name)
				return 0, image.Point{}
			}
			a.inspect()
			onto := image.Pt(a.reg.Field.Max.X-render.WhyPanelW-12, a.reg.Field.Min.Y+60)
			if tc.onto != "" {
				_, onto = at(tc.onto)
			}
			p := a.why.rect.Min.Add(image.Pt(30, 40))
			a.whyInput(InputState{X: p.X, Y: p.Y, LeftClick: true, LeftHeld: true})
			drop := onto.Add(image.Pt(10, 10)) // the grab point, so the corner lands 20, 30 up-left of him
			a.whyInput(InputState{X: drop.X, Y: drop.Y, LeftHeld: true})
			a.whyInput(InputState{X: drop.X, Y: drop.Y})
			id, self := at(tc.next)
			a.selectSoldier(id, true)
			for range 2 { // a tick to see its size, another to settle
				a.inspect()
			}
			if a.why.pinned != tc.wantStays {
				t.Errorf("%s selected: got panel at %v, where it was dropped %v; want %v", tc.next, a.why.rect.Min, a.why.pinned, tc.wantStays)
			}
			if whyplace.Covers(self, a.why.rect) {
				t.Errorf("%s at %v selected: got panel %v over him; want it off him", tc.next, self, a.why.rect)
			}
		})
	}
}
