package ui_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ui and its internal packages import neither lab (the odds and the lint
// come in through OddsCounter and Config.Lint, which cmd/demo fills), not
// even in their tests, nor render (the Renderer interface; tests draw with
// the real one).
func TestUIImportsNeitherLabNorRender(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	inner, err := filepath.Glob("internal/*/*.go") // ui's own packages too
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, inner...)
	fset := token.NewFileSet()
	for _, f := range files {
		ast, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ast.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			banned := []string{"github.com/moralebreak/moralebreak/lab"}
			if !strings.HasSuffix(f, "_test.go") {
				banned = append(banned, "github.com/moralebreak/moralebreak/render")
			}
			for _, banned := range banned {
				if p == banned || strings.HasPrefix(p, banned+"/") {
					t.Errorf("%s imports %s", f, p)
				}
			}
		}
	}
}
