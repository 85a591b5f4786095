package morale_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// FuzzReadSettings feeds ReadSettings arbitrary text. It must never panic;
// whatever it accepts must validate, and must survive a write and a read
// unchanged.
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
	f.Fuzz(func(t *testing.T, text string) {
		s, err := morale.ReadSettings(strings.NewReader(text))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("error with an empty message")
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
		if !reflect.DeepEqual(back.Weights, s.Weights) || !reflect.DeepEqual(back.Events(), s.Events()) {
			t.Fatalf("weights changed in a round trip: got %v; want %v", back.Weights, s.Weights)
		}
		for _, p := range morale.Params() {
			if got, want := p.Get(back), p.Get(s); got != want {
				t.Fatalf("%s changed in a round trip: got %v; want %v", p.Name, got, want)
			}
		}
	})
}
