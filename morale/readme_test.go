package morale_test

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeQuickStartIsTheExample keeps the README's quick-start code and
// Example_quickStart the same text, so the README shows code that compiles
// and prints what it says.
func TestReadmeQuickStartIsTheExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Skipf("README.md not found next to the package: %v", err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	const marker = "This is `Example_quickStart`"
	r := string(readme)
	i := strings.Index(r, marker)
	if i < 0 {
		t.Fatalf("README.md has no %q paragraph", marker)
	}
	block := r[i:]
	start := strings.Index(block, "```go\n")
	if start < 0 {
		t.Fatal("no ```go block after the quick-start paragraph")
	}
	block = block[start+len("```go\n"):]
	block = block[:strings.Index(block, "```")]

	s := string(src)
	fn := strings.Index(s, "func Example_quickStart() {")
	if fn < 0 {
		t.Fatal("example_test.go has no Example_quickStart")
	}
	body := s[fn+len("func Example_quickStart() {"):]
	body = body[:strings.Index(body, "\n}\n")]

	got, want := normalize(block), normalize(body)
	if got != want {
		t.Errorf("README quick start differs from Example_quickStart:\nREADME:\n%s\nexample:\n%s", got, want)
	}
}

func normalize(code string) string {
	var lines []string
	for _, l := range strings.Split(code, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
