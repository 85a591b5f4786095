package ui_test

import (
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/moralebreak/moralebreak/assets"
	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui"
)

// Every key of the binding table gives, through MapInput, exactly the
// command its binding builds, and the help names it.
func TestBindingsDriveMapInputAndHelp(t *testing.T) {
	g, vp := newGame(t)
	as, err := assets.Load()
	if err != nil {
		t.Fatal(err)
	}
	help := ui.SceneHelp(game.SceneOpening, as.Face(12), math.Inf(1))
	labels := map[string]bool{}
	for _, ctx := range []ui.Context{{}, {Paused: true, Selected: 2, HasSelected: true}} {
		for _, b := range ui.SceneBindings(game.SceneOpening) {
			if b.Label == "" || b.Command == nil {
				t.Fatalf("binding %+v: no label or no command", b)
			}
			labels[b.Label] = true
			want, wantErr := b.Command(ctx)
			for _, k := range b.Keys {
				it := ui.MapInput(ui.InputState{Context: ctx, Keys: []ebiten.Key{k}}, vp, g.Battle())
				switch {
				case b.Action != ui.NoAction:
					if len(it.Commands) != 0 || len(it.Refused) != 0 || !reflect.DeepEqual(it.Actions, []ui.Action{b.Action}) {
						t.Errorf("%s key %v: got %#v, refused %v, actions %v; want the action %v only", b.Label, k, it.Commands, it.Refused, it.Actions, b.Action)
					}
				case wantErr != nil && (len(it.Commands) != 0 || len(it.Refused) != 1):
					t.Errorf("%s key %v: got %#v, refused %v; want refused %v", b.Label, k, it.Commands, it.Refused, wantErr)
				case wantErr == nil && (len(it.Commands) != 1 || !reflect.DeepEqual(it.Commands[0], want)):
					t.Errorf("%s key %v: got %#v; want [%#v]", b.Label, k, it.Commands, want)
				}
			}
			if len(b.Keys) > 0 && !strings.Contains(help, b.KeyName+": "+b.Help) {
				t.Errorf("help text lacks %q:\n%s", b.KeyName+": "+b.Help, help)
			}
		}
	}
	for _, want := range []string{"Rally squad", "Reinforcements", "Restart opening", "Pause", "Step 1 tick", "Speed ×0.25", "Speed ×1", "Speed ×4", "Force rout", "Save replay"} {
		if !labels[want] {
			t.Errorf("no binding labelled %q", want)
		}
	}
	if len(labels) != len(ui.SceneBindings(game.SceneOpening)) {
		t.Errorf("%d labels for %d bindings; want each label once", len(labels), len(ui.SceneBindings(game.SceneOpening)))
	}
}

// Force rout gives ForceRout of the selected soldier, and without one says
// why there is no command.
func TestForceRoutBindingNeedsASelection(t *testing.T) {
	for _, b := range ui.SceneBindings(game.SceneOpening) {
		if b.Label != "Force rout" {
			continue
		}
		if c, err := b.Command(ui.Context{Selected: 3, HasSelected: true}); err != nil || c != (game.ForceRout{ID: 3}) {
			t.Errorf("with soldier 3 selected: got %#v, %v; want ForceRout{3}", c, err)
		}
		if c, err := b.Command(ui.Context{}); !errors.Is(err, ui.ErrNoSelection) || c != nil {
			t.Errorf("with nobody selected: got %#v, %v; want ErrNoSelection", c, err)
		}
		return
	}
	t.Fatal("no Force rout binding")
}

// docs/demo.md names every key and button of the binding table, in both
// scenes.
func TestDemoDocNamesEveryKey(t *testing.T) {
	b, err := os.ReadFile("../docs/demo.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	all := append(ui.SceneBindings(game.SceneOpening), ui.SceneBindings(game.SceneArmies)...)
	for _, bd := range all {
		if len(bd.Keys) > 0 && !strings.Contains(doc, "`"+bd.KeyName+"`") {
			t.Errorf("docs/demo.md lacks the key `%s` (%s)", bd.KeyName, bd.Label)
		}
		label := bd.Label
		if i := strings.Index(label, "×"); i > 0 {
			label = label[i:] // "Speed ×0.25 / ×1 / ×4"
		}
		if !strings.Contains(doc, label) {
			t.Errorf("docs/demo.md lacks the button %q", bd.Label)
		}
	}
}
