package morale_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/morale"
)

// problem is one *FieldError as "Field@Line" (Line 0 when not from a file).
func problems(t *testing.T, err error) []string {
	t.Helper()
	var out []string
	var walk func(error)
	walk = func(err error) {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		var fe *morale.FieldError
		if errors.As(err, &fe) {
			out = append(out, fmt.Sprintf("%s@%d", fe.Field, fe.Line))
			return
		}
		out = append(out, "other: "+err.Error())
	}
	if err != nil {
		walk(err)
	}
	return out
}

// Validate reports every problem, each once, NaN included (issue 31).
func TestValidateReportsEveryProblem(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		mod  func(*morale.Settings)
		want []string
	}{
		{"the issue's three", func(s *morale.Settings) {
			s.PanicBelow, s.SquadUpdateInterval, s.Hysteresis = 0.9, 0, nan
		}, []string{"Hysteresis@0", "PanicBelow@0", "SquadUpdateInterval@0"}},
		{"NaN first in the fields, range after it", func(s *morale.Settings) {
			s.ShakenBelow, s.NerveMax = nan, 2
		}, []string{"ShakenBelow@0", "NerveMax@0"}},
		{"a rule with a NaN field is left for later", func(s *morale.Settings) {
			s.ShakenBelow, s.PanicBelow = nan, 0.9
		}, []string{"ShakenBelow@0"}},
		{"infinities named once", func(s *morale.Settings) {
			s.NoEffectRadius, s.RecoveryPerSecond = math.Inf(1), math.Inf(-1)
		}, []string{"RecoveryPerSecond@0", "NoEffectRadius@0"}},
		{"every field and a weight", func(s *morale.Settings) {
			s.ShakenBelow, s.Hysteresis, s.MinRoutSeconds, s.NerveMin, s.NerveMax = 2, -1, -1, 0.9, 0.1
			s.Weights[morale.Rest] = nan
		}, []string{"ShakenBelow@0", "Hysteresis@0", "MinRoutSeconds@0", "NerveMin@0", "Weights.Rest@0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := morale.DefaultSettings()
			tt.mod(&s)
			got := problems(t, s.Validate())
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got %v; want %v", got, want)
			}
		})
	}
}

// ReadSettings and LoadSettings report every problem of a file in one error,
// each with its key and line, in line order; an unknown key hides nothing
// after it; on error nothing of the file is applied (issue 31).
func TestReadSettingsReportsEveryProblem(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"the issue's three", "PanicBelow = 0.9\nSquadUpdateInterval = 0\nHysteresis = nan\n",
			[]string{"PanicBelow@1", "SquadUpdateInterval@2", "Hysteresis@3"}},
		{"an unknown key hides nothing after it", "Courage = 1\nPanicBelow = 0.9\n\nNerveMax = 3\n",
			[]string{"Courage@1", "PanicBelow@2", "NerveMax@4"}},
		{"a misspelt key hides nothing after it", "RecoveryPerSecnd = 0.1\nRecoveryPerSecond = -1\n",
			[]string{"RecoveryPerSecnd@1", "RecoveryPerSecond@2"}},
		{"a syntax error hides nothing after it", "ShakenBelow = 0.6.1\nSquadUpdateInterval = 0\n",
			[]string{"ShakenBelow@1", "SquadUpdateInterval@2"}},
		{"a wrong type hides nothing", "NerveMin = \"x\"\nNerveMax = 2\n[weights]\nAllyDown = nan\n",
			[]string{"NerveMin@1", "NerveMax@2", "weights.AllyDown@4"}},
		{"a key that could not be read breaks no rule twice", "NerveMin = true\nNerveMax = 0.05\n",
			[]string{"NerveMin@1"}},
		{"a duplicate keeps its first value, still checked", "PanicBelow = 0.9\nPanicBelow = 0.2\n",
			[]string{"PanicBelow@1", "PanicBelow@2"}},
		{"in line order, the scanner's first", "Hysteresis = nan\n[weights]\nRest = inf\n[weights]\n[[x]]\n", []string{
			"other: line 4: [weights] is opened again (first on line 2); a table may be opened once",
			`other: line 5: "[[x]]": arrays of tables are not allowed; the tables are [weights] and [custom]`,
			"Hysteresis@1", "weights.Rest@3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if got := problems(t, err); !slices.Equal(got, tt.want) {
				t.Errorf("ReadSettings: got %v; want %v (%v)", got, tt.want, err)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("ReadSettings returned %+v on error; want the defaults", s)
			}
			p := filepath.Join(t.TempDir(), "weights.toml")
			if err := os.WriteFile(p, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err = morale.LoadSettings(p)
			if got := problems(t, errors.Unwrap(err)); !slices.Equal(got, tt.want) {
				t.Errorf("LoadSettings: got %v; want %v (%v)", got, tt.want, err)
			}
			if err == nil || !strings.HasPrefix(err.Error(), p+": ") {
				t.Errorf("LoadSettings: got %v; want an error starting with the path", err)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("LoadSettings returned %+v on error; want the defaults", s)
			}
		})
	}
}

// Duplicate keys, numbers beyond float64 and int64, and other values that do
// not read come out in our words, with the key and the line, never the TOML
// library's (issue 31).
func TestReadSettingsProblemsInOurWords(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		want  string // the whole error
		never string // the library's words
	}{
		{"duplicate key", "Hysteresis = 0.1\n\nHysteresis = 0.2\n",
			"line 3: Hysteresis is set again (first on line 1); a key may be set only once", "already been defined"},
		{"duplicate quoted key", "Hysteresis = 0.1\n\"Hyst\\u0065resis\" = 0.2\n",
			"line 2: Hysteresis is set again (first on line 1); a key may be set only once", "already been defined"},
		{"duplicate row", "[weights]\nAllyDown = -0.1\nAllyDown = -0.2\n",
			"line 3: weights.AllyDown is set again (first on line 2); a key may be set only once", "already been defined"},
		{"table opened twice", "[weights]\nAllyDown = -0.1\n[weights]\nRest = 0.1\n",
			"line 3: [weights] is opened again (first on line 1); a table may be opened once", "already been defined"},
		{"a number beyond float64", "ShakenBelow = 0.6\nNoEffectRadius = 1e400\n",
			"line 2: NoEffectRadius is 1e400, a number too large to hold (a float64 reaches about ±1.8e308)", "out of range"},
		{"a negative number beyond float64", "[weights]\nRest = -1e400\n",
			"line 2: weights.Rest is -1e400, a number too large to hold (a float64 reaches about ±1.8e308)", "out of range"},
		{"a whole number beyond int64", "MinRoutSeconds = 99999999999999999999\n",
			"line 1: MinRoutSeconds is 99999999999999999999, a whole number too large to hold (at most ±9223372036854775807; write it with a decimal point)", "out of range"},
		{"a value that does not read", "\nHysteresis = 0.1.2\n",
			"line 2: Hysteresis is 0.1.2; write a number such as 0.15", "Invalid float"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v; want %q", err, tt.want)
			}
			if tt.never != "" && err != nil && strings.Contains(err.Error(), tt.never) {
				t.Errorf("got %q; want no %q in it", err, tt.never)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("returned %+v on error; want the defaults", s)
			}
		})
	}
}

// A value that is not a number says, in a designer's words, what the line
// holds and what to write instead, with an example: the setting's or event's
// default. It read "has a value that cannot be read: expected value but
// found "abc" instead", the TOML parser's words, and "is a String; it must
// be a number".
func TestReadSettingsValuesInDesignersWords(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // the whole error
	}{
		{"a word", "\nShakenBelow = abc\n", "line 2: ShakenBelow is abc; write a number such as 0.6"},
		{"a word and a comment", "ShakenBelow = abc # mine\n", "line 1: ShakenBelow is abc; write a number such as 0.6"},
		{"two points", "\nShakenBelow = 0.5.5\n", "line 2: ShakenBelow is 0.5.5; write a number such as 0.6"},
		{"two numbers", "ShakenBelow = 0.5 0.6\n", "line 1: ShakenBelow is 0.5 0.6; write a number such as 0.6"},
		{"a comma for a point", "ShakenBelow = 0,55\n", "line 1: ShakenBelow is 0,55; write the number with a point, not a comma: 0.55"},
		{"no value", "[weights]\nSuppressed = \n", "line 2: weights.Suppressed has no value; write a number such as -0.07"},
		{"no value, no blank", "[weights]\nSuppressed =# later\n", "line 2: weights.Suppressed has no value; write a number such as -0.07"},
		{"text", "ShakenBelow = \"high\"\n", "line 1: ShakenBelow is \"high\", which is text; write a number such as 0.6"},
		{"literal text", "ShakenBelow = 'high'\n", "line 1: ShakenBelow is 'high', which is text; write a number such as 0.6"},
		{"a number in quotes", "ShakenBelow = \"0.55\" # q\n", "line 1: ShakenBelow is \"0.55\", a number in quotes; write it without the quotes: 0.55"},
		{"yes or no", "ShakenBelow = true\n", "line 1: ShakenBelow is true, which is yes or no; write a number such as 0.6"},
		{"a date", "RecoveryDelaySeconds = 1979-05-27\n", "line 1: RecoveryDelaySeconds is 1979-05-27, which is a date or a time; write a number such as 4"},
		{"nan", "Hysteresis = nan\n", "line 1: Hysteresis is nan, which is not a number; write a number such as 0.15"},
		{"infinity", "[weights]\nAllyDown = -inf\n", "line 2: weights.AllyDown is -inf, which is infinite; write a number such as -0.18"},
		{"a custom row", "[custom]\nAmbush = lots\n", "line 2: custom.Ambush is lots; write a number such as -0.1"},
		{"an unknown key", "Courage = abc\n", "line 1: Courage is abc; write a number such as 0.5"},
		{"a long value", "ShakenBelow = " + strings.Repeat("x", 100) + "\n",
			"line 1: ShakenBelow is " + strings.Repeat("x", 40) + "…; write a number such as 0.6"},
		{"a control character", "ShakenBelow = a\x01b\n", "line 1: ShakenBelow is \"a\\x01b\"; write a number such as 0.6"},
		{"a quoted name that does not read", "\"Shaken\\qBelow\" = 0.6\n",
			`line 1: "Shaken\qBelow" is a name in quotes that cannot be read; write it without the quotes ` +
				`(inside "quotes" a \ starts an escape: \\ is a backslash, \" a quote)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v; want %q", err, tt.want)
			}
			var fe *morale.FieldError
			if !errors.As(err, &fe) || fe.Line == 0 {
				t.Errorf("got %#v; want a *FieldError with its line", err)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("returned %+v on error; want the defaults", s)
			}
		})
	}
}

// An unknown key gets the nearest setting by edit distance when it is likely
// a misspelling, not only a wrong case (issue 31).
func TestReadSettingsDidYouMean(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"RecoveryPerSecnd = 0.1\n", "line 1: RecoveryPerSecnd is not a setting (did you mean RecoveryPerSecond?)"},
		{"hysteresis = 0.1\n", "line 1: hysteresis is not a setting (did you mean Hysteresis?)"},
		{"Hysterisis = 0.1\n", "line 1: Hysterisis is not a setting (did you mean Hysteresis?)"},
		{"NoEffectRadious = 10\n", "line 1: NoEffectRadious is not a setting (did you mean NoEffectRadius?)"},
		{"NerveMaxx = 0.5\n", "line 1: NerveMaxx is not a setting (did you mean NerveMax?)"},
		{"Courage = 1\n", "line 1: Courage is not a setting"},
		{strings.Repeat("x", 3000) + " = 1\n", "line 1: " + strings.Repeat("x", 64) + "… is not a setting"},
	}
	for _, tt := range tests {
		_, err := morale.ReadSettings(strings.NewReader(tt.text))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ReadSettings(%.40q): got %v; want %q", tt.text, err, tt.want)
		}
	}
}

// A weights file's problems, as a designer who broke it reads them (a
// reviewer's findings): the rows below a table header that is refused are
// not read as settings (they made "PanicBelow is 0.9; it must be below
// ShakenBelow" of a row meant for another table), and the header's problem
// says so; a file past the key limit gets that one problem, not also a
// count of the rows it could read ("line 1: weights has 524 rows" of a file
// of 1,000 [custom] rows); a file with too many rows says how many of each.
func TestReadSettingsTablesInDesignersWords(t *testing.T) {
	custom := "[custom]\n"
	for i := range 1000 {
		custom += fmt.Sprintf("ev%d = -0.1\n", i)
	}
	tests := []struct {
		name, file, want string
	}{
		{"rows of an unknown table", "ShakenBelow = 0.6\n[other]\nPanicBelow = 0.9\nx = 1\n[weights]\nAllyDown = -0.1\n",
			`line 2: "[other]": unknown table; the tables are [weights] and [custom]; the rows below it are not read`},
		{"an unknown table without rows", "ShakenBelow = 0.6\n[other]\n[weights]\nAllyDown = -0.1\n",
			`line 2: "[other]": unknown table; the tables are [weights] and [custom]`},
		{"rows of a nested table", "[weights.x]\nAllyDown = -0.1\nShakenBelow = 2\n",
			`line 1: "[weights.x]": nested tables are not allowed; the tables are [weights] and [custom]; the rows below it are not read`},
		{"a thousand custom rows", custom,
			`line 516: is key number 515; a weights file has at most 514 (one per setting and 500 weight rows)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := morale.ReadSettings(strings.NewReader(tt.file))
			if err == nil || err.Error() != tt.want {
				t.Errorf("ReadSettings: got %v; want %q", err, tt.want)
			}
		})
	}
	s := morale.DefaultSettings()
	for i := range morale.MaxWeightRows - 5 {
		s.Weights[morale.Event(fmt.Sprintf("ev%d", i))] = -0.1
	}
	want := fmt.Sprintf("has %d rows (10 built-in events, %d custom); the table may have at most %d", len(s.Weights), morale.MaxWeightRows-5, morale.MaxWeightRows)
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Validate: got %v; want it to say %q", err, want)
	}
}

// A megabyte of junk lines, the most a weights file may hold, is refused
// at the cost of the lines, not of a message a line: the error writes out
// MaxReportedProblems of its problems and counts the rest, and the reader
// allocates under 32 bytes per byte of the file. Lines that are not a
// weights file's wrote every problem and sorted them (102 MB; now 18); a
// table opened again on every line was the decoder's problem, written for
// every line (90 MB in a hostile savegame's settings), and is now the
// scanner's, counted as the rest.
func TestReadSettingsJunkIsRefusedCheaply(t *testing.T) {
	for _, tc := range []struct {
		line     string
		problems int // of MaxFileBytes/len(line) lines
	}{
		{"x\n", morale.MaxFileBytes / 2},
		{"[custom]\n", morale.MaxFileBytes/9 - 1}, // the first opens it
		{"[weights]\r\n", morale.MaxFileBytes/11 - 1},
	} {
		junk := strings.Repeat(tc.line, morale.MaxFileBytes/len(tc.line))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := morale.ReadSettings(strings.NewReader(junk))
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("ReadSettings of %q lines: got nil; want an error", tc.line)
			continue
		}
		lines := strings.Split(err.Error(), "\n")
		if got, want := len(lines), morale.MaxReportedProblems+1; got != want {
			t.Errorf("%q lines: the error has %d lines; want %d", tc.line, got, want)
		}
		if got, want := lines[len(lines)-1], fmt.Sprintf("… and %d more problems", tc.problems-morale.MaxReportedProblems); got != want {
			t.Errorf("%q lines: its last line: got %q; want %q", tc.line, got, want)
		}
		if got, most := after.TotalAlloc-before.TotalAlloc, uint64(32*len(junk)); got > most {
			t.Errorf("ReadSettings of %d bytes of %q lines allocated %d bytes; want at most %d", len(junk), tc.line, got, most)
		}
	}
}

// A rule between two settings names the line of each the file set: the
// designer may have changed either. A helper changed ShakenBelow on line 11
// to 0.2 and was pointed at PanicBelow's line 14 alone.
func TestARuleOfTwoNamesBothLines(t *testing.T) {
	tests := []struct{ text, want string }{
		{"ShakenBelow = 0.2\nPanicBelow = 0.3\n", "line 2: PanicBelow is 0.3; it must be below ShakenBelow (0.2); ShakenBelow is set on line 1"},
		{"PanicBelow = 0.3\n\nShakenBelow = 0.2\n", "line 1: PanicBelow is 0.3; it must be below ShakenBelow (0.2); ShakenBelow is set on line 3"},
		// One of the two set: its line, and the other's default.
		{"PanicBelow = 0.9\n", "line 1: PanicBelow is 0.9; it must be below ShakenBelow (0.6)"},
		{"ShakenBelow = 0.2\n", "line 1: PanicBelow is 0.25; it must be below ShakenBelow (0.2) (ShakenBelow is set on line 1)"},
	}
	for _, tt := range tests {
		_, err := morale.ReadSettings(strings.NewReader(tt.text))
		if err == nil || err.Error() != tt.want {
			t.Errorf("ReadSettings(%q): got %v; want %s", tt.text, err, tt.want)
		}
	}
}
