// Command doccheck checks the repository's Markdown (README.md,
// CONTRIBUTING.md, docs/*.md and every other .md file outside build
// output and node_modules), and fails when any of it is not true:
//
//   - a relative link or #anchor points nowhere (web links are not followed);
//   - a code block after <!-- example: FILE FUNC --> is not that function's
//     body (the docs show only compiled, tested code);
//   - the README's perf:headline block is not the one docs/performance.md
//     has (make perfpage writes both);
//   - with -finding, a number of the README's or docs/balancing.md's finding
//     about the default weights is not what the balance lab measures now.
//
// Run it from the repository root: `make doccheck` (part of `make test`).
// It prints one line per problem, FILE:LINE: what, and exits 1 if there is
// any.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/moralebreak/moralebreak/tools/md"
)

func main() {
	finding := flag.Bool("finding", false, "also run the balance lab and check the finding's numbers")
	flag.Parse()
	problems, err := checkRepo(".", *finding)
	if err != nil {
		fmt.Fprintln(os.Stderr, "doccheck:", err)
		os.Exit(2)
	}
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(os.Stderr, "doccheck: %d problems\n", len(problems))
		os.Exit(1)
	}
	fmt.Println("doccheck: ok")
}

// checkRepo returns every problem of the Markdown under root.
func checkRepo(root string, finding bool) ([]problem, error) {
	docs, err := findDocs(root)
	if err != nil {
		return nil, err
	}
	var out []problem
	out = append(out, checkLinks(root, docs)...)
	out = append(out, checkExamples(root, docs)...)
	out = append(out, checkHeadline(docs)...)
	if finding {
		ps, err := checkFinding(root, docs)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// skipDirs are never searched for Markdown: output, dependencies, fixtures.
var skipDirs = []string{".git", "build", "out", "node_modules", "testdata", "test-artifacts"}

// findDocs reads every .md file under root.
func findDocs(root string) (map[string]*doc, error) {
	docs := map[string]*doc{}
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if path != root && slices.Contains(skipDirs, e.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".md") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		d, err := readDoc(root, filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		docs[d.path] = d
		return nil
	})
	if err != nil {
		return nil, err
	}
	if docs["README.md"] == nil {
		return nil, fmt.Errorf("no README.md in %s: run it from the repository root", root)
	}
	return docs, nil
}

// headlineBlock is the block `make perfpage` writes into the README and
// docs/performance.md (tools/perfpage).
const headlineBlock = "perf:headline"

// checkHeadline fails when the README quotes performance figures that are
// not the page's: its perf:headline block must be the page's, byte for byte.
func checkHeadline(docs map[string]*doc) []problem {
	readme, ok, err := md.FindBlock(strings.Join(docs["README.md"].raw, "\n"), headlineBlock)
	if err != nil {
		return []problem{{"README.md", 0, err.Error()}}
	}
	if !ok {
		return nil
	}
	page := docs["docs/performance.md"]
	if page == nil {
		return []problem{{"README.md", 0, "quotes a perf:headline block, but there is no docs/performance.md: run make perfpage"}}
	}
	want, ok, err := md.FindBlock(strings.Join(page.raw, "\n"), headlineBlock)
	switch {
	case err != nil:
		return []problem{{page.path, 0, err.Error()}}
	case !ok:
		return []problem{{page.path, 0, "has no perf:headline block: run make perfpage"}}
	case readme != want:
		return []problem{{"README.md", 0, "the perf:headline block is not docs/performance.md's: run make perfpage, do not edit the block"}}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
