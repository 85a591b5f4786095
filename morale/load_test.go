package morale_test

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/moralebreak/moralebreak/morale"
)

// maxErrorBytes is the longest error a hostile file may produce: ten problems
// and a count, each with a short quote.
const maxErrorBytes = 2000

// A hostile weights.toml returns promptly with a short error naming the line;
// none of these reaches the TOML decoder (issue 7, item 2).
func TestReadSettingsHostile(t *testing.T) {
	nested := func(open, close string, n int) string {
		return strings.Repeat(open, n) + strings.Repeat(close, n)
	}
	unknown := strings.Builder{}
	for i := 0; unknown.Len() < 10<<20; i++ {
		unknown.WriteString("Unknown" + strconv.Itoa(i) + " = 1\n")
	}
	unknownMiB := strings.Builder{}
	for i := 0; unknownMiB.Len() < 900<<10; i++ {
		unknownMiB.WriteString("Unknown" + strconv.Itoa(i) + " = 1\n")
	}
	tests := []struct {
		name string
		text string
		want string // in the error
	}{
		{"40,000-level header", "[" + strings.Repeat("a.", 39999) + "a]\n", "line 1"},
		{"40,000-level header after a line", "ShakenBelow = 0.6\n[" + strings.Repeat("a.", 1000) + "a]\n", "line 2: \"[a.a.a."},
		{"array five million deep", "x = " + nested("[", "]", 5_000_000) + "\n", "over 1048576 bytes"},
		{"array 2,000 deep", "x = " + nested("[", "]", 2000) + "\n", "line 1"},
		{"5,000 nested inline tables", "x = " + nested("{a=", "}", 5000) + "\n", "line 1"},
		{"1,000 nested inline tables", "x = " + nested("{a=", "}", 1000)[:4000] + "\n", "inline tables are not allowed"},
		{"10 MB of unknown keys", unknown.String(), "over 1048576 bytes"},
		{"900 KB of unknown keys", unknownMiB.String(), "line 515: is key number 515; a weights file has at most 514"},
		{"a 2 MB line", "ShakenBelow = 0.6 # " + strings.Repeat("x", 2<<20) + "\n", "over 1048576 bytes"},
		{"a long line", "ShakenBelow = 0.6 # " + strings.Repeat("x", 5000) + "\nCourage = 1\n", "line 1: is 5020 bytes long"},
		{"a long line counts as one", "# " + strings.Repeat("x", 5000) + "\n\n[[weights]]\n", "line 3: \"[[weights]]\""},
		{"array of tables", "[[weights]]\nAllyDown = 1\n", "line 1: \"[[weights]]\": arrays of tables"},
		{"nested table", "\n[weights.AllyDown]\nx = 1\n", "line 2: \"[weights.AllyDown]\": nested tables"},
		{"quoted nested table", "[ \"weights\" . 'x' ]\n", "line 1"},
		{"other table", "[Settings]\nShakenBelow = 0.5\n", "line 1: \"[Settings]\": unknown table"},
		{"dotted key", "ShakenBelow = 0.6\nweights.AllyDown = -0.1\n", "line 2: \"weights.AllyDown = -0.1\": dotted keys"},
		{"quoted dotted key", "[weights]\n\"a\" . \"b\" = 1\n", "line 2"},
		{"inline table", "\n\nweights = { AllyDown = -0.1 }\n", "line 3: \"weights = { AllyDown = -0.1 }\": inline tables"},
		{"array", "NerveMax = [0.7]\n", "line 1: \"NerveMax = [0.7]\": arrays are not allowed"},
		{"multi-line string", "[weights]\nAllyDown = \"\"\"\n[[[[\n\"\"\"\n", "line 2"},
		{"empty event name", "[weights]\nAllyDown = -0.1\n\"\" = 0.1\n", "line 3: \"\\\"\\\" = 0.1\": a key must not be empty"},
		{"empty literal event name", "[weights]\n'' = 0.1\n", "line 2"},
		{"unterminated key", "[weights]\n\"AllyDown = 0.1\n", "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s, err := morale.ReadSettings(strings.NewReader(tt.text))
			runtime.ReadMemStats(&after)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v; want it prompt", d)
			}
			if err == nil {
				t.Fatalf("ReadSettings = nil error; want one saying %q", tt.want)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("error %.300q; want it to say %q", msg, tt.want)
			}
			if len(msg) > maxErrorBytes {
				t.Errorf("error is %d bytes; want at most %d", len(msg), maxErrorBytes)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200<<20 {
				t.Errorf("allocated %d MB; want far less", alloc>>20)
			}
			if !settingsEqual(s, morale.DefaultSettings()) {
				t.Errorf("returned %+v on error; want the defaults", s)
			}
		})
	}
}

// The error lists the first ten problems and counts the rest.
func TestReadSettingsErrorCapped(t *testing.T) {
	var b strings.Builder
	for i := range 25 {
		b.WriteString("Unknown" + strconv.Itoa(i) + " = 1\n")
	}
	_, err := morale.ReadSettings(strings.NewReader(b.String()))
	if err == nil {
		t.Fatal("25 unknown keys: nil error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != morale.MaxReportedProblems+1 {
		t.Errorf("error has %d lines; want %d problems and a count:\n%s", len(lines), morale.MaxReportedProblems, err)
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "15 more problems") {
		t.Errorf("last line %q; want it to count 15 more problems", last)
	}
	if !strings.Contains(lines[0], "line 1: Unknown0") || !strings.Contains(lines[9], "line 10: Unknown9") {
		t.Errorf("error %q; want the first ten problems in file order", err)
	}
	// A key too long to quote whole is cut short.
	long := strings.Repeat("k", 3000)
	_, err = morale.ReadSettings(strings.NewReader(long + " = 1\n"))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("a 3000-byte unknown key: error %d bytes; want it short", len(err.Error()))
	}
}

func TestLoadSettingsTooLarge(t *testing.T) {
	p := writeFile(t, strings.Repeat("# padding\n", morale.MaxFileBytes/10+1))
	_, err := morale.LoadSettings(p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), strconv.Itoa(morale.MaxFileBytes)) {
		t.Errorf("LoadSettings of a %d-byte file = %v; want an error naming the file and the limit", morale.MaxFileBytes+10, err)
	}
	// Exactly the limit is fine.
	text := "ShakenBelow = 0.5\n"
	text += strings.Repeat("#", morale.MaxFileBytes-len(text)-1) + "\n"
	if len(text) != morale.MaxFileBytes {
		t.Fatalf("test file %d bytes", len(text))
	}
	// The one line is longer than a line may be: cut it into lines.
	b := []byte(text)
	for i := 100; i < len(b)-1; i += 100 {
		b[i] = '\n'
	}
	p = writeFile(t, string(b))
	if s, err := morale.LoadSettings(p); err != nil || s.ShakenBelow != 0.5 {
		t.Errorf("LoadSettings of a file of exactly MaxFileBytes: %v, ShakenBelow %v; want nil, 0.5", err, s.ShakenBelow)
	}
}

// A reader that fails: the error comes back.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadSettingsReaderError(t *testing.T) {
	if _, err := morale.ReadSettings(failingReader{}); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("ReadSettings of a failing reader = %v; want its error", err)
	}
}

// BenchmarkReadSettings reads the default weights.toml (about 2 KB) and the
// largest file the reader accepts: 514 key lines with 2 KB comments (1 MiB).
func BenchmarkReadSettings(b *testing.B) {
	var def strings.Builder
	if err := morale.WriteSettings(&def, morale.DefaultSettings()); err != nil {
		b.Fatal(err)
	}
	var big strings.Builder
	big.WriteString("[weights]\n")
	for i := range morale.MaxWeightRows {
		big.WriteString("k" + strconv.Itoa(100+i) + " = 1 # " + strings.Repeat("c", 2050) + "\n")
	}
	for name, text := range map[string]string{"default": def.String(), "largest": big.String()} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := morale.ReadSettings(strings.NewReader(text)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
