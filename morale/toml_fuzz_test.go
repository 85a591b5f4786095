package morale_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzReadSettings feeds ReadSettings arbitrary text. It must never panic;
// whatever it accepts must validate, and must survive a write and a read
// unchanged, and a SaveSettings over the file it came from (which leaves that
// file byte for byte as it was) and a LoadSettings unchanged too.
func FuzzReadSettings(f *testing.F) {
	var def bytes.Buffer
	if err := morale.WriteSettings(&def, morale.DefaultSettings()); err != nil {
		f.Fatal(err)
	}
	f.Add(def.String())
	f.Add("ShakenBelow = 0.5\n[weights]\nAllyDown = -0.2\n\"Odd name\" = 0.1\n")
	f.Add("Hysteresis = nan\n")
	f.Add("PanicBelow = 0.9\n")
	f.Add("[weights]\nAllyDown = \"x\"\n")
	f.Add("[weights.AllyDown]\nx = 1\n")
	f.Add("NerveMin = 1\nNerveMax = 0\nUnknown = 3\n")
	// Issue 7, item 3: names Go would write as \a, \v, \x7f.
	f.Add("[weights]\n\"bell\\u0007\" = -0.1\n")
	f.Add("[weights]\n\"tab\\u000B\\u007F\" = 0.2 # vertical tab and DEL\n")
	f.Add("[weights]\n\"\\u0085\\u2028\\\"\\\\\\t\\n\" = 0.3\n")
	f.Add("# " + strings.Repeat("long comment ", 300) + "\nShakenBelow = 0.5\n[weights]\n# " + strings.Repeat("c", 4000) + "\n\"" + strings.Repeat("\\u0001", 250) + "\" = 1\n")
	f.Add("[ 'weights' ]\n'lit#eral' = -0.5 # a # in a name\n")
	f.Add("\ufeffShakenBelow = 0.5\r\n[weights]\r\n\"x\" = 1 # c\r\n")
	// Issue 31: every problem at once, in our words.
	f.Add("Courage = 1\nPanicBelow = 0.9\nSquadUpdateInterval = 0\nHysteresis = nan\n")
	f.Add("Hysteresis = 0.1\nHysteresis = 0.2\nNoEffectRadius = 1e400\nRecoveryPerSecnd = 1\n")
	f.Add("[weights]\nAllyDown = -0.1\n[weights]\nAllyDown = 99999999999999999999\n")
	f.Add("[custom]\nAmbush = -0.3 # mine\n[weights]\nAllyDwn = -0.2\nRest = 0.1\n")
	f.Add("ShakenBelow = 0.5\n[weights]\nRest = 0.1\n\n[custom]\n\"Horn blown\" = 0.1\nAllyDown = 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := morale.ReadSettings(strings.NewReader(text))
		if err != nil {
			// Nothing of the file is applied, and every problem with a
			// key names it and its line.
			sameSettings(t, "a failed ReadSettings", s, morale.DefaultSettings())
			var fe *morale.FieldError
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				for _, e := range j.Unwrap() {
					if errors.As(e, &fe) && (fe.Line < 1 || fe.Field == "") {
						t.Fatalf("a problem without its key or line: %q (field %q, line %d)", e, fe.Field, fe.Line)
					}
				}
			}
			msg := err.Error()
			if msg == "" {
				t.Fatal("error with an empty message")
			}
			if strings.Contains(msg, "internal error") {
				t.Fatalf("the line scanner and the decoder disagree: %v", err)
			}
			if len(msg) > 4000 {
				t.Fatalf("error of %d bytes; want it capped", len(msg))
			}
			return
		}
		if err := s.Validate(); err != nil {
			t.Fatalf("ReadSettings accepted settings that do not validate: %v", err)
		}
		var buf bytes.Buffer
		if err := morale.WriteSettings(&buf, s); err != nil {
			t.Fatalf("WriteSettings: %v", err)
		}
		back, err := morale.ReadSettings(&buf)
		if err != nil {
			t.Fatalf("reading back what WriteSettings wrote: %v\n%s", err, buf.String())
		}
		sameSettings(t, "WriteSettings, ReadSettings", back, s)

		// Save over the file it was read from: its comments are kept.
		p := filepath.Join(t.TempDir(), "weights.toml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := morale.SaveSettings(p, s); err != nil {
			t.Fatalf("SaveSettings: %v", err)
		}
		loaded, err := morale.LoadSettings(p)
		if err != nil {
			data, _ := os.ReadFile(p)
			t.Fatalf("LoadSettings of what SaveSettings wrote: %v\n%s", err, data)
		}
		sameSettings(t, "SaveSettings, LoadSettings", loaded, s)
		// Nothing changed, so the file is as it was, byte for byte.
		if data, err := os.ReadFile(p); err != nil || string(data) != text {
			t.Fatalf("SaveSettings of the settings read from a file changed it:\n%q\nwant\n%q", data, text)
		}
	})
}

func sameSettings(t *testing.T, what string, got, want morale.Settings) {
	t.Helper()
	if !reflect.DeepEqual(got.Weights, want.Weights) || !reflect.DeepEqual(got.Events(), want.Events()) {
		t.Fatalf("%s changed the weights: got %v; want %v", what, got.Weights, want.Weights)
	}
	for _, p := range morale.Params() {
		if g, w := p.Get(got), p.Get(want); g != w {
			t.Fatalf("%s changed %s: got %v; want %v", what, p.Name, g, w)
		}
	}
}
