package game_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
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

// typeCheck type-checks package game from its source files (tests left
// out), its imports type-checked from their source too.
func typeCheck(t *testing.T) *types.Package {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
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
// dependency only, so that the battle runs and is tested without a window.
func TestImportsNoEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		switch {
		case p == "github.com/moralebreak/moralebreak/game",
			strings.HasPrefix(p, "github.com/moralebreak/moralebreak/morale"),
			strings.HasPrefix(p, "github.com/BurntSushi/toml"):
		default:
			t.Errorf("game imports %s; want only the standard library, morale and BurntSushi/toml", p)
		}
	}
}
