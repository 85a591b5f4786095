package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A demo started with no arguments from a folder without a weights.toml
// (a double-click in macOS's Finder starts it in the home folder) works in
// its own folder when a weights.toml lies beside it; in every other case
// it stays where it was started.
func TestProgramFolder(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		here       bool // a weights.toml in the folder it was started from
		beside     bool // a weights.toml file beside the program
		besideDir  bool // a folder named weights.toml beside the program
		wantBeside bool
	}{
		{"double-clicked", nil, false, true, false, true},
		{"started where its weights are", nil, true, true, false, false},
		{"with flags", []string{"-scene", "armies"}, false, true, false, false},
		{"nothing beside it", nil, false, false, false, false},
		{"a folder beside it", nil, false, false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home, prog := t.TempDir(), t.TempDir()
			write := func(path string) {
				if err := os.WriteFile(path, []byte("[weights]\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.here {
				write(filepath.Join(home, "weights.toml"))
			}
			if tt.beside {
				write(filepath.Join(prog, "weights.toml"))
			}
			if tt.besideDir {
				if err := os.Mkdir(filepath.Join(prog, "weights.toml"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(home)
			want := ""
			if tt.wantBeside {
				want = prog
			}
			if got := programFolder(tt.args, filepath.Join(prog, "demo")); got != want {
				t.Errorf("programFolder = %q; want %q", got, want)
			}
		})
	}
	if got := programFolder(nil, ""); got != "" {
		t.Errorf("programFolder of an unknown program = %q; want \"\"", got)
	}
}
