package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree writes files (path → content) under a new directory and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for path, content := range files {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func lines(ps []problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

func TestLinks(t *testing.T) {
	root := tree(t, map[string]string{
		"README.md": strings.Join([]string{
			"# Front page", // 1
			"[library](docs/library.md) [api](docs/library.md#spawn)",  // 2: both fine
			"[gone](docs/gone.md) and ![pic](docs/pic.png)",            // 3: both missing
			"[bad anchor](docs/library.md#nothing)",                    // 4
			"[here](#front-page) [not here](#back-page)",               // 5: the second is missing
			"`[in code](nowhere.md)` and [web](https://example.com/x)", // 6: neither checked
			"```",                      // 7
			"[in a fence](nowhere.md)", // 8: not checked
			"```",                      // 9
			"[abs](/etc/passwd)",       // 10
			"[out](../outside.md)",     // 11
			"[src](morale/world.go#L10-L20) [src](morale/world.go#top)",          // 12: the second is wrong
			"[ref]: docs/missing.md",                                             // 13
			"[dir](morale/)",                                                     // 14: fine
			"[twice](docs/library.md#spawn-1) [thrice](docs/library.md#spawn-2)", // 15: the second is missing
		}, "\n"),
		"docs/library.md": "# Library\n\n## Spawn\n\n## Spawn\n\n[back](../README.md#front-page)\n",
		"morale/world.go": "package morale\n",
	})
	got := lines(check(t, root))
	want := []string{
		`README.md:3: link "docs/gone.md": no such file or directory`,
		`README.md:3: link "docs/pic.png": no such file or directory`,
		`README.md:4: link "docs/library.md#nothing": docs/library.md has no heading #nothing`,
		`README.md:5: link "#back-page": README.md has no heading #back-page`,
		`README.md:10: link "/etc/passwd": an absolute path; write it relative to README.md`,
		`README.md:11: link "../outside.md": leaves the repository`,
		`README.md:12: link "morale/world.go#top": an anchor into a file that is not Markdown`,
		`README.md:13: link "docs/missing.md": no such file or directory`,
		`README.md:15: link "docs/library.md#spawn-2": docs/library.md has no heading #spawn-2`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// check returns the problems of the tree at root, without the finding.
func check(t *testing.T, root string) []problem {
	t.Helper()
	ps, err := checkRepo(root, false)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestExamples(t *testing.T) {
	src := "package x_test\n\nimport \"fmt\"\n\nfunc Example_hello() {\n\tfmt.Println(\"hi\")\n\tif true {\n\t\tfmt.Println(\"nested\")\n\t}\n\t// Output:\n\t// hi\n\t// nested\n}\n"
	good := "```go\nfmt.Println(\"hi\")\nif true {\n\tfmt.Println(\"nested\")\n}\n// Output:\n// hi\n// nested\n```\n"
	root := tree(t, map[string]string{
		"x/example_test.go": src,
		"README.md": "# X\n\n<!-- example: x/example_test.go Example_hello -->\n" + good +
			"\n<!-- example: x/example_test.go Example_hello -->\n```go\nfmt.Println(\"bye\")\n```\n" +
			"\n<!-- example: x/example_test.go Example_gone -->\n" + good +
			"\n<!-- example: x/example_test.go Example_hello -->\nno block\n",
	})
	got := lines(check(t, root))
	if len(got) != 3 ||
		!strings.HasPrefix(got[0], "README.md:14: the code block differs from Example_hello in x/example_test.go; it should be:\nfmt.Println(\"hi\")") ||
		got[1] != "README.md:19: x/example_test.go has no func Example_gone" ||
		got[2] != "README.md:30: the example marker is not followed by a ```go block" {
		t.Errorf("problems:\n%s", strings.Join(got, "\n---\n"))
	}
}

func TestHeadline(t *testing.T) {
	block := "<!-- perf:headline -->\n| a | b |\n<!-- /perf:headline -->\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"the same", map[string]string{"README.md": block, "docs/performance.md": "# P\n" + block}, ""},
		{"no block in the README", map[string]string{"README.md": "# R\n"}, ""},
		{"edited", map[string]string{"README.md": strings.Replace(block, "| a |", "| c |", 1), "docs/performance.md": block},
			"README.md: the perf:headline block is not docs/performance.md's: run make perfpage, do not edit the block"},
		{"no page", map[string]string{"README.md": block},
			"README.md: quotes a perf:headline block, but there is no docs/performance.md: run make perfpage"},
		{"no block on the page", map[string]string{"README.md": block, "docs/performance.md": "# P\n"},
			"docs/performance.md: has no perf:headline block: run make perfpage"},
	} {
		got := strings.Join(lines(check(t, tree(t, tc.files))), "\n")
		if got != tc.want {
			t.Errorf("%s: %q; want %q", tc.name, got, tc.want)
		}
	}
}

func TestMissingPhrases(t *testing.T) {
	f := findingFacts{centre: "71%", centreLo: "68", centreHi: "74%", left: "3%", right: "6%",
		delayLow: "49%", delayHigh: "85%", recoverySwing: "7",
		sweep: []string{"20%", "43%", "71%", "88%", "95%"}, platoonHQ: "48%", eriksenRout: "10.75"}
	root := tree(t, map[string]string{
		"README.md": "The centre breaks in **71%** of fights; a cliff: 20% at 3 s,\n43% at 3.5 s, 71% at 4 s, 88% at 4.5 s, 95% at 5 s.\n",
	})
	docs, err := findDocs(root)
	if err != nil {
		t.Fatal(err)
	}
	got := lines(missingPhrases(f, docs))
	want := []string{"docs/balancing.md: missing: it should state the finding about the default weights"}
	if !slices.Equal(got, want) {
		t.Errorf("problems %q; want %q", got, want)
	}
	f.centre = "69%"
	got = lines(missingPhrases(f, docs))
	if len(got) != 2 || !strings.Contains(got[0], `README.md: the finding should say "breaks in **69%** of fights"`) {
		t.Errorf("after the share moved: %q", got)
	}
}

// TestRepository checks this repository's own Markdown (without the
// finding, which `make doccheck` measures: under -race it takes minutes).
func TestRepository(t *testing.T) {
	ps, err := checkRepo(filepath.Join("..", ".."), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		t.Error(p)
	}
}
