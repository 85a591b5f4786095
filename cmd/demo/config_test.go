package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/game"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/capture"
)

func TestParseConfigAcceptsGoodFlags(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		check func(c config) string // "" when c is right
	}{
		{"defaults", nil, func(c config) string {
			d := game.DefaultConfig()
			if c.Weights != "weights.toml" || c.UI.WeightsPath != "weights.toml" || c.Game.Seed != d.Seed ||
				c.Game.Soldiers != d.Soldiers || !c.Game.Opening || c.At != 12 || c.Screenshot != "" ||
				c.WindowW != ui.ScreenW || c.WindowH != ui.ScreenH || c.TPSLog {
				return "not the defaults"
			}
			return ""
		}},
		{"scale 0.25", []string{"-scale", "0.25"}, func(c config) string {
			if c.WindowW != 320 || c.WindowH != 180 {
				return "window not 320×180"
			}
			return ""
		}},
		{"scale 4", []string{"-scale=4"}, func(c config) string {
			if c.WindowW != 5120 || c.WindowH != 2880 {
				return "window not 5120×2880"
			}
			return ""
		}},
		{"one soldier", []string{"-soldiers", "1"}, func(c config) string {
			if c.Game.Soldiers != 1 {
				return "soldiers not 1"
			}
			return ""
		}},
		{"max soldiers", []string{"-soldiers", "5000"}, func(c config) string {
			if c.Game.Soldiers != game.MaxSoldiers {
				return "soldiers not the maximum"
			}
			return ""
		}},
		{"screenshot at 0, cropped", []string{"-screenshot", "a.png", "-at", "0", "-crop", "timeline"}, func(c config) string {
			if c.Screenshot != "a.png" || c.At != 0 || c.Crop != "timeline" || !c.UI.Capture {
				return "screenshot, at or crop lost, or not a capture"
			}
			return ""
		}},
		{"the Why panel of a selection", []string{"-screenshot", "a.png", "-select", "Eriksen", "-crop", "why"}, func(c config) string {
			if c.Crop != "why" || c.UI.Select != "Eriksen" {
				return "crop or select lost"
			}
			return ""
		}},
		{"clean capture: the battle", []string{"-gif", "a.gif", "-clean"}, func(c config) string {
			if !c.UI.Clean || c.Crop != "battle" || !c.UI.Capture {
				return "not clean, not cropped to the battle, or not a capture"
			}
			return ""
		}},
		{"clean window", []string{"-clean"}, func(c config) string {
			if !c.UI.Clean || c.Crop != "" || c.UI.Capture {
				return "not clean, or cropped, or a capture"
			}
			return ""
		}},
		{"at one hour", []string{"-at", "3600"}, func(c config) string {
			if c.At != capture.MaxAt {
				return "at not 3600"
			}
			return ""
		}},
		{"gif of the opening", []string{"-gif", "o.gif", "-from", "0", "-to", "16", "-fps", "10", "-crop", "field", "-gifscale", "0.5"}, func(c config) string {
			if c.GIF != "o.gif" || c.From != 0 || c.To != 16 || c.FPS != 10 || c.Crop != "field" || c.GIFScale != 0.5 {
				return "a -gif flag was lost"
			}
			return ""
		}},
		{"gif defaults", []string{"-gif", "o.gif"}, func(c config) string {
			if c.From != 0 || c.To != 16 || c.FPS != 10 || c.GIFScale != 1 {
				return "not the -gif defaults"
			}
			return ""
		}},
		{"gif at the max fps", []string{"-gif", "o.gif", "-fps", "50", "-to", "2"}, func(c config) string {
			if c.FPS != capture.MaxGIFFPS {
				return "fps not 50"
			}
			return ""
		}},
		{"record and replay", []string{"-record", "r2.txt", "-replay", "r1.txt", "-screenshot", "a.png"}, func(c config) string {
			if c.Record != "r2.txt" || c.Replay != "r1.txt" {
				return "record or replay lost"
			}
			return ""
		}},
		{"armies scene, cpu profile", []string{"-scene", "armies", "-cpuprofile", "cpu.out"}, func(c config) string {
			if c.Game.Scene != game.SceneArmies || c.CPUProfile != "cpu.out" {
				return "scene or cpuprofile lost"
			}
			return ""
		}},
		{"seed, state, tpslog, weights", []string{"-seed", "18446744073709551615", "-state", "s.json", "-tpslog", "-weights", "w.toml"}, func(c config) string {
			if c.Game.Seed != 1<<64-1 || c.UI.StatePath != "s.json" || !c.TPSLog || c.Weights != "w.toml" || c.UI.WeightsPath != "w.toml" {
				return "a flag was lost"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parseConfig(tt.args, io.Discard)
			if err != nil {
				t.Fatalf("parseConfig(%q): got error %v; want nil", tt.args, err)
			}
			if msg := tt.check(c); msg != "" {
				t.Errorf("parseConfig(%q): got %+v; want otherwise: %s", tt.args, c, msg)
			}
		})
	}
}

func TestParseConfigRefusesBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the error
	}{
		{[]string{"-scale", "NaN"}, "-scale is NaN; want 0.25..4"},
		{[]string{"-scale", "0"}, "-scale is 0"},
		{[]string{"-scale", "-1"}, "-scale is -1"},
		{[]string{"-scale", "0.2"}, "-scale is 0.2"},
		{[]string{"-scale", "4.01"}, "-scale is 4.01"},
		{[]string{"-scale", "100"}, "-scale is 100"},
		{[]string{"-scale", "1e9"}, "-scale is 1000000000"},
		{[]string{"-scale", "Inf"}, "-scale is +Inf"},
		{[]string{"-at", "NaN"}, "-at is NaN; want 0..3600 seconds"},
		{[]string{"-at", "Inf"}, "-at is +Inf"},
		{[]string{"-at", "-Inf"}, "-at is -Inf"},
		{[]string{"-at", "-0.5"}, "-at is -0.5"},
		{[]string{"-at", "3600.5"}, "-at is 3600.5"},
		{[]string{"-at", "1e9"}, "-at is 1000000000"},
		{[]string{"-soldiers", "0"}, "-soldiers is 0; want 1..5000"},
		{[]string{"-soldiers", "-3"}, "-soldiers is -3"},
		{[]string{"-soldiers", "5001"}, "-soldiers is 5001"},
		{[]string{"-soldiers", "99999999999999999999"}, "-soldiers"},
		{[]string{"-soldiers", "five"}, "-soldiers"},
		{[]string{"-seed", "-1"}, "-seed"},
		{[]string{"-crop", "sky", "-screenshot", "a.png"}, `-crop is "sky"`},
		{[]string{"-crop", "field"}, "-crop needs -screenshot"},
		{[]string{"-crop", "why", "-screenshot", "a.png"}, "-crop why needs -select NAME"},
		{[]string{"-weights", ""}, "-weights is empty"},
		{[]string{"-gif", "a.gif", "-from", "5", "-to", "2"}, "-from 5 is not before -to 2"},
		{[]string{"-gif", "a.gif", "-from", "3", "-to", "3"}, "-from 3 is not before -to 3"},
		{[]string{"-gif", "a.gif", "-from", "NaN"}, "-from is NaN"},
		{[]string{"-gif", "a.gif", "-to", "NaN"}, "-to is NaN"},
		{[]string{"-gif", "a.gif", "-from", "-1"}, "-from is -1"},
		{[]string{"-gif", "a.gif", "-to", "Inf"}, "-to is +Inf"},
		{[]string{"-gif", "a.gif", "-fps", "0"}, "-fps is 0; want 1..50"},
		{[]string{"-gif", "a.gif", "-fps", "-5"}, "-fps is -5"},
		{[]string{"-gif", "a.gif", "-fps", "51"}, "-fps is 51"},
		{[]string{"-gif", "a.gif", "-fps", "NaN"}, "-fps"},
		{[]string{"-gif", "a.gif", "-gifscale", "0"}, "-gifscale is 0"},
		{[]string{"-gif", "a.gif", "-gifscale", "NaN"}, "-gifscale is NaN"},
		{[]string{"-gif", "a.gif", "-from", "0", "-to", "3600", "-fps", "50"}, "pixels"},
		{[]string{"-gif", "a.gif", "-screenshot", "a.png"}, "cannot be used together"},
		{[]string{"-from", "2"}, "-from needs -gif"},
		{[]string{"-fps", "2"}, "-fps needs -gif"},
		{[]string{"-replay", "r.txt", "-seed", "3"}, "-replay sets the seed"},
		{[]string{"-replay", "r.txt", "-record", "r.txt"}, "is the -replay file"},
		{[]string{"-frobnicate"}, "frobnicate"},
		{[]string{"-scene", "siege"}, `-scene is "siege"; want opening or armies`},
		{[]string{"-scene", ""}, `-scene is ""`},
		{[]string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := parseConfig(tt.args, io.Discard)
			if err == nil {
				t.Fatalf("parseConfig(%q): got nil error; want one containing %q", tt.args, tt.want)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
				t.Errorf("parseConfig(%q): got error %q; want one line containing %q", tt.args, msg, tt.want)
			}
		})
	}
}

func TestParseConfigHelp(t *testing.T) {
	var b strings.Builder
	_, err := parseConfig([]string{"-h"}, &b)
	if !errors.Is(err, errHelp) {
		t.Fatalf("parseConfig(-h): got error %v; want errHelp", err)
	}
	for _, want := range []string{"-scale", "0.25..4", "-at", "0..3600", "-soldiers", "1..5000"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, b.String())
		}
	}
}

// checkOutputs refuses a -gif or -record path that cannot be written, and
// leaves no file behind where it made one to check.
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.gif")
	if err := checkOutputs(config{Options: capture.Options{GIF: ok}, Record: filepath.Join(dir, "r.txt")}); err != nil {
		t.Fatalf("writable paths: got %v; want nil", err)
	}
	if _, err := os.Stat(ok); !os.IsNotExist(err) {
		t.Errorf("checkOutputs left %s behind (%v)", ok, err)
	}
	for _, c := range []struct {
		cfg  config
		want string
	}{
		{config{Options: capture.Options{GIF: filepath.Join(dir, "missing", "a.gif")}}, "-gif: cannot write"},
		{config{Record: filepath.Join(dir, "missing", "r.txt")}, "-record: cannot write"},
		{config{Options: capture.Options{GIF: dir}}, "-gif: cannot write"},
	} {
		err := checkOutputs(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("checkOutputs(%+v): got %v; want one line containing %q", c.cfg, err, c.want)
		}
	}
}

// failWriter is an output that cannot be written: a closed pipe, a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestParseConfigHelpUnwritable(t *testing.T) {
	_, err := parseConfig([]string{"-h"}, failWriter{})
	if err == nil || errors.Is(err, errHelp) || !strings.Contains(err.Error(), "no space left") {
		t.Errorf("parseConfig(-h) with an unwritable usage: got error %v; want the write error", err)
	}
}

// The odds panel counts the opening by default, -odds when given, and
// nothing in the armies scene, or in a replay of a fight other than the
// opening, unless -odds names a scenario.
func TestLoadScenariosOddsByScene(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		replay string // the replayed recording's scene; "" for no replay
		want   string // the odds scenario's name, "" for none
	}{
		{nil, "", "opening"},
		{[]string{"-scene", "armies"}, "", ""},
		{[]string{"-scene", "armies", "-odds", "../../scenarios/line.toml"}, "", "line"},
		{[]string{"-odds", "../../scenarios/sergeant.toml"}, "", "sergeant"},
		{[]string{"-replay", "x.txt"}, game.SceneOpening, "opening"},
		{[]string{"-replay", "x.txt"}, game.SceneScenario, ""},
		{[]string{"-replay", "x.txt"}, game.SceneArmies, ""},
		{[]string{"-replay", "x.txt", "-odds", "../../scenarios/line.toml"}, game.SceneScenario, "line"},
	} {
		c, err := parseConfig(tc.args, io.Discard)
		if err != nil {
			t.Fatalf("parseConfig(%q): %v", tc.args, err)
		}
		odds, err := loadScenarios(&c, tc.replay)
		if err != nil {
			t.Fatalf("loadScenarios(%q): %v", tc.args, err)
		}
		got := ""
		if odds != nil {
			got = odds.Name
		}
		if got != tc.want {
			t.Errorf("%q: the odds count %q; want %q", tc.args, got, tc.want)
		}
	}
}
