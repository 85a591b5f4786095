package morale_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The mutation test. The World must reach every formula of the design
// through the exported rules, on every path, so that a test of a rule is a
// test of the game (see rules.go). TestMutants proves it: for each rule it
// builds a copy of the package in which the rule's result is replaced by
// another, runs the seeded scenarios of mutation_scenarios_test.go there,
// and fails unless the hashes of the scenarios that take the rule's path
// change. A copy whose fast paths are all switched off for the plain way
// must change no hash: the fast paths are the plain code's equals.
//
// It compiles eleven copies of the package (about half a minute on two cores),
// so it runs only with MORALE_MUTANTS=1: make mutants, part of make test.

// mutant is one copy of TestMutants: the rule whose result r it replaces
// by the Go expression mutate, and the scenarios whose hashes must change.
type mutant struct {
	rule, mutate string
	changes      []string
}

var mutants = []mutant{
	{"ApplyMoraleEvent", "r * 0.5", []string{"agent events", "location events", "ledger", "fight"}},
	{"DistanceFalloff", "r * 0.5", []string{"location events", "ledger", "fight"}},
	{"ContagionFactor", "r * 0.5", []string{"step", "rallies", "ledger", "fight"}},
	{"ContagionPull", "r * 0.5", []string{"step", "rallies", "ledger", "fight"}},
	{"RecoverMorale", "r * 0.5", []string{"step", "rallies", "ledger", "fight"}},
	{"RecoveryGain", "r * 0.5", []string{"step", "rallies", "ledger", "fight"}},
	{"ResolveState", "(r + 1) % NumStates", []string{"step", "rallies", "ledger", "fight"}},
	{"ShouldRout", "!r", []string{"step", "fight"}},
	{"CanReturnFromRout", "!r", []string{"step", "fight"}},
	{"OutnumberedFactor", "r * 0.5", []string{"fight"}},
}

// plainPaths gives each fast path's function the body of the plain way, for
// the copy that must change no hash: stages 1 and 2 and stage 3 of the
// step for every agent,
// the gain of the exact seconds since bad news, every move through the cell's key,
// and every agent a candidate of an event at a location.
var plainPaths = map[string]string{
	"holdsSteady":       "{ return false }",
	"atRest":            "{ return false }",
	"(*stepRules).gain": "{ return RecoveryGain(r.seconds(b), r.dt, r.rate, r.delay) }",
	"rect.holds":        "{ return false }",
	"(*World).near": `{
	hits, sq = w.hits[:0], w.scales[:0]
	for i, p := range w.col.Pos {
		hits, sq = append(hits, int32(i)), append(sq, squares(p.minus(at)))
	}
	w.hits, w.scales = hits, sq
	return hits, sq
}`,
}

func TestMutants(t *testing.T) {
	if os.Getenv("MORALE_MUTANTS") == "" {
		t.Skip("builds eleven copies of the package: run with MORALE_MUTANTS=1 (make mutants)")
	}
	want := map[string]uint64{}
	for _, s := range mutationScenarios {
		want[s.name] = s.run(t)
	}
	for _, m := range mutants {
		t.Run(m.rule, func(t *testing.T) {
			t.Parallel()
			got := runCopy(t, func(fset *token.FileSet, f *ast.File, src []byte) []byte {
				return mutateRule(fset, f, src, m.rule, m.mutate)
			}, []string{m.rule})
			for _, name := range m.changes {
				if got[name] == want[name] {
					t.Errorf("%s's result replaced by %s: scenario %q still hashes %#016x; want a change (does its path call %s?)",
						m.rule, m.mutate, name, got[name], m.rule)
				}
			}
		})
	}
	t.Run("plain paths", func(t *testing.T) {
		t.Parallel()
		var funcs []string
		for name := range plainPaths {
			funcs = append(funcs, name)
		}
		got := runCopy(t, func(fset *token.FileSet, f *ast.File, src []byte) []byte {
			return replaceBodies(fset, f, src, plainPaths)
		}, funcs)
		for name, h := range want {
			if got[name] != h {
				t.Errorf("without the fast paths, scenario %q hashes %#016x; want %#016x, as with them", name, got[name], h)
			}
		}
	})
}

// runCopy copies the package's non-test files, go.mod and go.sum, and the
// scenarios' test files, into a temporary directory, rewriting each non-test
// file with edit; it fails t unless every function of funcs was found and
// rewritten. It builds the copy's test binary, runs TestMutationScenarios
// and returns the hashes it prints; a scenario that failed or panicked in
// the copy (a change too) hashes as 0.
func runCopy(t *testing.T, edit func(*token.FileSet, *ast.File, []byte) []byte, funcs []string) map[string]uint64 {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		keep := name == "go.mod" || name == "go.sum" || name == "mutation_scenarios_test.go" || name == "determinism_test.go" ||
			strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
		if !keep {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && slices.Contains(funcs, funcName(fd)) {
					found[funcName(fd)] = true
				}
			}
			src = edit(fset, f, src)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range funcs {
		if !found[name] {
			t.Fatalf("no function %s in the package to rewrite", name)
		}
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command to build the copy with: %v", err)
	}
	bin := filepath.Join(dir, "copy.test")
	build := exec.Command(gobin, "test", "-c", "-vet=off", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the copy: %v\n%s", err, out)
	}
	run := exec.Command(bin, "-test.run", "^TestMutationScenarios$", "-test.v")
	run.Dir = dir
	run.Env = append(os.Environ(), "MORALE_MUTATION_SCENARIOS=1")
	out, _ := run.CombinedOutput() // a failing scenario is a change, seen below
	got := map[string]uint64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var name string
		var h uint64
		if _, err := fmt.Sscanf(sc.Text(), "mutation-scenario %q %v", &name, &h); err == nil {
			got[name] = h
		}
	}
	if len(got) == 0 {
		t.Logf("the copy printed no hash:\n%s", out)
	}
	return got
}

// funcName returns a function's name as plainPaths writes it: Name, or
// (*Type).Name for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		if id, ok := star.X.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fd.Name.Name
		}
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// mutateRule renames function rule of f (source src) to ruleUnmutated and
// adds a function rule of the same signature that returns mutate, an
// expression of r, the unmutated result.
func mutateRule(fset *token.FileSet, f *ast.File, src []byte, rule, mutate string) []byte {
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Name.Name != rule {
			continue
		}
		var args []string
		for _, field := range fd.Type.Params.List {
			for _, n := range field.Names {
				args = append(args, n.Name)
			}
		}
		params := string(src[off(fd.Type.Params.Opening) : off(fd.Type.Params.Closing)+1])
		results := string(src[off(fd.Type.Results.Pos()):off(fd.Type.Results.End())])
		var b bytes.Buffer
		b.Write(src[:off(fd.Name.Pos())])
		b.WriteString(rule + "Unmutated")
		b.Write(src[off(fd.Name.End()):])
		fmt.Fprintf(&b, "\n// %s is the mutation test's: %s's result replaced.\nfunc %s%s %s {\n\tr := %sUnmutated(%s)\n\treturn %s\n}\n",
			rule, rule, rule, params, results, rule, strings.Join(args, ", "), mutate)
		return b.Bytes()
	}
	return src
}

// replaceBodies gives each function of f named in bodies its new body. The
// old body is kept, unused, in a function literal at the end of the file, so
// that the file's imports stay in use.
func replaceBodies(fset *token.FileSet, f *ast.File, src []byte, bodies map[string]string) []byte {
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	type edit struct {
		from, to int
		body     string
	}
	var edits []edit
	var kept bytes.Buffer
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		body, ok := bodies[funcName(fd)]
		if !ok {
			continue
		}
		edits = append(edits, edit{off(fd.Body.Lbrace), off(fd.Body.Rbrace) + 1, body})
		var params []string
		if fd.Recv != nil {
			params = append(params, string(src[off(fd.Recv.Opening)+1:off(fd.Recv.Closing)]))
		}
		if p := string(src[off(fd.Type.Params.Opening)+1 : off(fd.Type.Params.Closing)]); p != "" {
			params = append(params, p)
		}
		results := ""
		if fd.Type.Results != nil {
			results = " " + string(src[off(fd.Type.Results.Pos()):off(fd.Type.Results.End())])
		}
		fmt.Fprintf(&kept, "\n// The body %s had.\nvar _ = func(%s)%s %s\n", funcName(fd), strings.Join(params, ", "), results,
			src[off(fd.Body.Lbrace):off(fd.Body.Rbrace)+1])
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].from > edits[j].from })
	for _, e := range edits {
		src = append(append(slices.Clone(src[:e.from]), e.body...), src[e.to:]...)
	}
	return append(src, kept.Bytes()...)
}
