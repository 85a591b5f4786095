package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// exampleMarker precedes a code block that quotes a function's body:
// <!-- example: morale/example_test.go Example_quickStart -->
var exampleMarker = regexp.MustCompile(`^<!-- example: (\S+) (\S+) -->\s*$`)

// checkExamples returns a problem for every quoted example whose code block
// is not the function's body, as it is in the source (dedented by one tab):
// a doc may show only compiled code that `go test` runs.
func checkExamples(root string, docs map[string]*doc) []problem {
	var out []problem
	for _, path := range sortedKeys(docs) {
		d := docs[path]
		for i, line := range d.raw {
			m := exampleMarker.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			p := func(format string, args ...any) {
				out = append(out, problem{d.path, i + 1, fmt.Sprintf(format, args...)})
			}
			block, ok := codeBlockAfter(d.raw, i+1)
			if !ok {
				p("the example marker is not followed by a ```go block")
				continue
			}
			body, err := funcBody(root, m[1], m[2])
			if err != nil {
				p("%v", err)
				continue
			}
			if block != body {
				p("the code block differs from %s in %s; it should be:\n%s", m[2], m[1], body)
			}
		}
	}
	return out
}

// codeBlockAfter returns the content of the ```go block that starts on the
// first non-blank line at or after lines[from].
func codeBlockAfter(lines []string, from int) (string, bool) {
	i := from
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i >= len(lines) || strings.TrimSpace(lines[i]) != "```go" {
		return "", false
	}
	var b strings.Builder
	for _, line := range lines[i+1:] {
		if strings.TrimSpace(line) == "```" {
			return b.String(), true
		}
		b.WriteString(line + "\n")
	}
	return "", false
}

// funcBody returns the statements of the function name in the Go file at
// root/path, one tab of indentation removed, each line ending in "\n".
func funcBody(root, path, name string) (string, error) {
	file := filepath.Join(root, filepath.FromSlash(path))
	src, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Name.Name != name || fn.Body == nil {
			continue
		}
		start := fset.Position(fn.Body.Lbrace).Offset + 1
		end := fset.Position(fn.Body.Rbrace).Offset
		body := bytes.Trim(src[start:end], "\n")
		var b strings.Builder
		for _, line := range strings.Split(string(body), "\n") {
			b.WriteString(strings.TrimPrefix(line, "\t") + "\n")
		}
		return b.String(), nil
	}
	return "", fmt.Errorf("%s has no func %s", path, name)
}
