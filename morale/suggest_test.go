package morale_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

func TestSuggest(t *testing.T) {
	names := []string{"RecoveryPerSecond", "RecoveryDelaySeconds", "AllyDown", "Ab", "Suppressed", "Ψυχή"}
	for _, tt := range []struct {
		name  string
		names []string
		want  string
	}{
		{"RecoveryPerSecnd", names, "RecoveryPerSecond"},
		{"recoverypersecond", names, "RecoveryPerSecond"}, // case costs nothing
		{"AllyDwn", names, "AllyDown"},                    // 1 of 8: within a quarter
		{"AlyDwn", names, "AllyDown"},                     // 2 of 8: a quarter
		{"AlDwn", names, ""},                              // 3 of 8: beyond it
		{"Ax", names, "Ab"},                               // a short name is allowed 1
		{"Xy", names, ""},
		{"ψυχη", names, "Ψυχή"}, // one rune of four (η for ή), though ή is two bytes; case folds Ψ
		{"ΨΥΧΉ", names, "Ψυχή"}, // runes, not bytes; case folds
		{"Suppressed", names, "Suppressed"},
		{"Supressed", nil, ""},
		{"", names, ""}, // Ab, the nearest, is 2 away: beyond its 1
		{strings.Repeat("x", 1000) + "AllyDown", names, ""},
	} {
		if got := morale.Suggest(tt.name, tt.names); got != tt.want {
			t.Errorf("Suggest(%.20q, %d names) = %q; want %q", tt.name, len(tt.names), got, tt.want)
		}
	}
}
