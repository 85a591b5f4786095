package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
)

// The scene manager keeps one UI scene per game scene: the same while the
// game's scene is the same, a new one of the same kind after a Restart;
// the armies pan, the soldiers' scenes fit the field.
func TestSceneManager(t *testing.T) {
	for _, tc := range []struct {
		scene string
		pans  bool
	}{{game.SceneOpening, false}, {game.SceneArmies, true}} {
		g := sessionAt(t, tc.scene, 0)
		var m sceneManager
		m.update(g.Scene())
		first := m.cur
		m.update(g.Scene())
		if m.cur != first || m.scene(g.Scene()) != first {
			t.Errorf("%s: another UI scene for the same game scene", tc.scene)
		}
		if first.pans() != tc.pans {
			t.Errorf("%s: pans %v; want %v", tc.scene, first.pans(), tc.pans)
		}
		if err := g.Apply(game.Restart{}); err != nil {
			t.Fatal(err)
		}
		m.update(g.Scene())
		if m.of != g.Scene() || m.cur.pans() != tc.pans {
			t.Errorf("%s: after a Restart the manager has scene %p (pans %v); want the new one's", tc.scene, m.of, m.cur.pans())
		}
	}
}

// A lab fight zooms and pans like the armies: its UI scene has a camera,
// and its bindings have the camera's keys and buttons; the opening has
// neither.
func TestLabFightHasACamera(t *testing.T) {
	var sc game.Scene = &game.Scenario{}
	if !uiSceneOf(sc).pans() {
		t.Error("a lab fight's UI scene has no camera")
	}
	has := func(scene, label string) bool {
		return slices.ContainsFunc(SceneBindings(scene), func(b Binding) bool { return b.Label == label })
	}
	for _, label := range []string{"Zoom in", "Zoom out", "Whole field"} {
		if !has(game.SceneScenario, label) || !has(game.SceneArmies, label) || has(game.SceneOpening, label) {
			t.Errorf("%s: in the lab fight %v, the armies %v, the opening %v; want the first two", label, has(game.SceneScenario, label), has(game.SceneArmies, label), has(game.SceneOpening, label))
		}
	}
}

// ui and render ask which game scene they draw in one place each (their
// scene managers: ui/scenes.go, render/scenes.go); nowhere else do they
// switch on game's concrete scenes.
func TestOneSceneSwitch(t *testing.T) {
	for _, dir := range []string{".", "../render"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "scenes.go" {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(b), "\n") {
				for _, sc := range []string{"Opening", "Armies", "Scenario"} {
					if strings.Contains(line, ".(*game."+sc+")") || strings.Contains(line, "case *game."+sc) {
						t.Errorf("%s:%d switches on *game.%s: %s", f, i+1, sc, strings.TrimSpace(line))
					}
				}
			}
		}
	}
}

// Every scene's App takes whole ticks (Update: input, widgets, the game)
// with or without an odds panel: the armies have none (a tick of theirs
// once read the missing panel's title and crashed the demo at start).
func TestUpdateEveryScene(t *testing.T) {
	for _, scene := range []string{game.SceneOpening, game.SceneArmies} {
		a := sceneApp(t, Config{}, scene)
		for range 3 {
			if err := a.Update(); err != nil {
				t.Fatalf("%v: Update: %v", scene, err)
			}
		}
	}
}
