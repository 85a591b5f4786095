package game_test

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// maxMethods is the most exported methods a type of package game may have
// (its method set, through a pointer, embedded fields' promoted methods
// included): a type with more holds more than one job (issue 16 split the
// old Game, 48 methods, into the Battle, its scenes and the Session).
const maxMethods = 25

// deps lists package game's dependencies (go list -deps -export): each
// import path, whether it is the standard library's, and the file of its
// compiled export data.
func deps(t *testing.T) []dep {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-export", "-f", "{{.ImportPath}}\t{{.Standard}}\t{{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps -export: %v", err)
	}
	var ds []dep
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			t.Fatalf("go list: line %q", l)
		}
		ds = append(ds, dep{path: f[0], std: f[1] == "true", export: f[2]})
	}
	return ds
}

type dep struct {
	path   string
	std    bool
	export string
}

// typeCheck type-checks package game from its source files (tests left
// out), its imports read from their compiled export data.
func typeCheck(t *testing.T) *types.Package {
	t.Helper()
	exports := map[string]string{}
	for _, d := range deps(t) {
		exports[d.path] = d.export
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, f := range files {
		if ok, err := build.Default.MatchFile(".", f); strings.HasSuffix(f, "_test.go") || err != nil || !ok {
			continue // a test, or a file of another platform (replay_save_js.go)
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if f, ok := exports[path]; ok && f != "" {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	pkg, err := conf.Check("github.com/moralebreak/moralebreak/game", fset, parsed, nil)
	if err != nil {
		t.Fatalf("type-checking game: %v", err)
	}
	return pkg
}

// No type of package game has more than maxMethods exported methods.
func TestNoTypeHasTooManyMethods(t *testing.T) {
	pkg := typeCheck(t)
	scope := pkg.Scope()
	var counts []string
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(named))
		if types.IsInterface(named) {
			ms = types.NewMethodSet(named)
		}
		n := 0
		for m := range ms.Methods() {
			if m.Obj().Exported() {
				n++
			}
		}
		if n > 0 && tn.Exported() {
			counts = append(counts, name+" "+strconv.Itoa(n))
		}
		if n > maxMethods {
			t.Errorf("%s has %d exported methods; want at most %d: split it along its jobs", name, n, maxMethods)
		}
	}
	sort.Strings(counts)
	t.Logf("exported methods: %s", strings.Join(counts, ", "))
}

// Package game imports no engine: the standard library, morale and its one
// dependency, and the project's engine-free internal/safefile (the guarded
// reads and writes of replays), internal/words (counts in words),
// internal/figures (numbers without an exponent) and internal/tomllines
// (the lines of a scenario block's keys) only, so that the battle runs and
// is tested without a window.
func TestImportsNoEngine(t *testing.T) {
	for _, d := range deps(t) {
		switch {
		case d.std, d.path == "github.com/moralebreak/moralebreak/game",
			strings.HasPrefix(d.path, "github.com/moralebreak/moralebreak/morale"),
			strings.HasPrefix(d.path, "github.com/BurntSushi/toml"),
			d.path == "github.com/moralebreak/moralebreak/internal/safefile",
			d.path == "github.com/moralebreak/moralebreak/internal/words",
			d.path == "github.com/moralebreak/moralebreak/internal/figures",
			d.path == "github.com/moralebreak/moralebreak/internal/tomllines":
		default:
			t.Errorf("game imports %s; want only the standard library, morale, BurntSushi/toml, internal/safefile, internal/words, internal/figures and internal/tomllines", d.path)
		}
	}
}
