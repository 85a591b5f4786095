// Command apicount prints the size of a Go package: its non-test lines and
// its exported identifiers (exported top-level functions, types, constants
// and variables, exported methods, and exported fields of exported struct
// types), for issue reports that say whether a package grew:
//
//	go run ./scripts/apicount morale
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: apicount DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "apicount:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no Go files", dir)
	}
	fset := token.NewFileSet()
	lines := 0
	n := map[string]int{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		lines += bytes.Count(src, []byte("\n"))
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			count(d, n)
		}
	}
	total := 0
	for _, v := range n {
		total += v
	}
	fmt.Printf("%s: %d non-test lines, %d exported identifiers (%d functions, %d methods, %d types, %d fields, %d constants, %d variables)\n",
		dir, lines, total, n["func"], n["method"], n["type"], n["field"], n["const"], n["var"])
	return nil
}

// count adds the exported identifiers of declaration d to n, by kind.
func count(d ast.Decl, n map[string]int) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() {
			return
		}
		if d.Recv != nil {
			n["method"]++
		} else {
			n["func"]++
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if !s.Name.IsExported() {
					continue
				}
				n["type"]++
				if st, ok := s.Type.(*ast.StructType); ok {
					for _, f := range st.Fields.List {
						for _, name := range f.Names {
							if name.IsExported() {
								n["field"]++
							}
						}
					}
				}
			case *ast.ValueSpec:
				for _, name := range s.Names {
					if name.IsExported() {
						n[map[token.Token]string{token.CONST: "const", token.VAR: "var"}[d.Tok]]++
					}
				}
			}
		}
	}
}
