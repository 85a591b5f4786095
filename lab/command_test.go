package lab_test

import (
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
)

// Command writes a line that gives the program its words when pasted: on
// Windows into cmd.exe and PowerShell alike (.\NAME.exe, double quotes, a
// trailing backslash doubled), elsewhere into a POSIX shell; on Windows a
// word neither quoting can carry is an error naming it.
func TestCommand(t *testing.T) {
	for _, tc := range []struct {
		name, goos string
		words      []string
		want       string
	}{
		{"a Windows path", "windows", []string{"demo", "-scenario", `scenarios\line.toml`, "-run", "824"}, `.\demo.exe -scenario scenarios\line.toml -run 824`},
		{"a Windows path with spaces", "windows", []string{"demo", "-replay", `Sorties\nouveau dossier\ligne\replay-run-824.txt`}, `.\demo.exe -replay "Sorties\nouveau dossier\ligne\replay-run-824.txt"`},
		{"a drive", "windows", []string{"moralesim", "run", `C:\jeux\line.toml`}, `.\moralesim.exe run "C:\jeux\line.toml"`},
		{"a trailing backslash", "windows", []string{"moralesim", "run", "s.toml", "-out", `Sorties\nouveau dossier\`}, `.\moralesim.exe run s.toml -out "Sorties\nouveau dossier\\"`},
		{"accents, an apostrophe, an ampersand", "windows", []string{"demo", "-scenario", `Scénarios ñ\l'assaut & co.toml`}, `.\demo.exe -scenario "Scénarios ñ\l'assaut & co.toml"`},
		{"a comma and a colon", "windows", []string{"moralesim", "run", "s.toml", "-replays", "12,40", "-replays", "first:first_rout_s:1"}, `.\moralesim.exe run s.toml -replays "12,40" -replays "first:first_rout_s:1"`},
		{"an empty word", "windows", []string{"moralesim", "run", ""}, `.\moralesim.exe run ""`},
		{"a POSIX path", "linux", []string{"demo", "-scenario", "scenarios/line.toml", "-run", "824"}, "demo -scenario scenarios/line.toml -run 824"},
		{"a backslash on Linux", "linux", []string{"demo", "-scenario", `scenarios\line.toml`}, `demo -scenario 'scenarios\line.toml'`},
		{"spaces and a quote on macOS", "darwin", []string{"demo", "-replay", "my out/it's/replay-run-1.txt"}, `demo -replay 'my out/it'\''s/replay-run-1.txt'`},
		{"$ and % on Linux", "linux", []string{"moralesim", "run", "$HOME/50%.toml"}, `moralesim run '$HOME/50%.toml'`},
	} {
		got, err := lab.Command(tc.goos, tc.words...)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %s, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ name, word, want string }{
		{"a percent sign", `C:\50%\line.toml`, `"C:\\50%\\line.toml" has "%", which cmd.exe expands (%NAME%) even inside quotes`},
		{"a dollar", `C:\Users\a$b\line.toml`, `has "$", which PowerShell expands`},
		{"a backquote", "a`b.toml", "has \"`\", which PowerShell"},
		{"a double quote", `a"b.toml`, `has "\"", which ends a quoted word`},
		{"PowerShell's curly quote", "a\u201cb.toml", `has "“", which ends a quoted word`},
		{"a tab", "a\tb.toml", `has "\t", which cannot be pasted`},
	} {
		got, err := lab.Command("windows", "demo", "-scenario", tc.word)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "in both cmd.exe and PowerShell") {
			t.Errorf("%s: got %s, %v; want an error saying %s", tc.name, got, err, tc.want)
		}
	}
}

// DemoCommand names the seed when it is not the default, in the form of
// the system it is asked for.
func TestDemoCommand(t *testing.T) {
	for _, tc := range []struct {
		goos, file string
		seed       uint64
		want       string
	}{
		{"windows", `scenarios\line.toml`, 1, `.\demo.exe -scenario scenarios\line.toml -run 824`},
		{"windows", `mes scénarios\line.toml`, 7, `.\demo.exe -scenario "mes scénarios\line.toml" -run 824 -seed 7`},
		{"linux", "scenarios/line.toml", 7, "demo -scenario scenarios/line.toml -run 824 -seed 7"},
	} {
		got, err := lab.DemoCommand(tc.goos, tc.file, tc.seed, 824)
		if err != nil || got != tc.want {
			t.Errorf("%s %s seed %d: got %s, %v; want %s", tc.goos, tc.file, tc.seed, got, err, tc.want)
		}
	}
	if got, err := lab.DemoCommand("windows", `50%\line.toml`, 1, 824); err == nil {
		t.Errorf("a %% in the path: got %s; want an error", got)
	}
}
