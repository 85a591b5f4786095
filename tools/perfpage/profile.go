package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// profile is a CPU profile of one row of an entry, shown under the entry's
// table as where that row's time goes: what explains a target it misses.
// Each view is the profile seen from one or more of the functions a game
// calls (pprof -focus and -show_from), so that the benchmark's own setup,
// floors and peers, in the same profile, are left out.
type profile struct {
	bench     string // the -bench regexp of the row profiled (one row)
	benchtime string // -benchtime in full mode
	quick     string // -benchtime in quick mode: enough for some samples in every view
	views     []view
}

// view is one table of a profile: the time of the functions whose names
// match focus (a pprof regexp) and of everything they call, as shares of
// their total.
type view struct {
	title   string // what the view shows, a phrase
	focus   string // the functions a game calls, as a pprof -focus regexp
	nodes   int    // how many functions the table lists, the heaviest first
	caption string // what the table explains, in Markdown, without numbers
}

// profileArgs returns go test's arguments for e's profile, writing the
// profile and the test binary (which pprof needs for the names) to dir.
func (e entry) profileArgs(quick bool, dir string) []string {
	bt := e.profile.benchtime
	if quick {
		bt = e.profile.quick
	}
	return []string{"test", "-run", "^$", "-bench", e.profile.bench, "-benchtime", bt, "-count", "1",
		"-cpuprofile", filepath.Join(dir, e.id+".prof"), "-o", filepath.Join(dir, e.id+".test"), "-timeout", "60m", e.pkg}
}

// allNodes is the most functions a view asks pprof for: all of them, so
// that their own times add up to the view's total.
const allNodes = 1000

// pprofArgs returns go tool pprof's arguments for view k of e's profile.
func (e entry) pprofArgs(k int, dir string) []string {
	v := e.profile.views[k]
	return []string{"tool", "pprof", "-top", "-unit=ms", "-nodecount=" + strconv.Itoa(allNodes),
		"-focus=" + v.focus, "-show_from=" + v.focus,
		filepath.Join(dir, e.id+".test"), filepath.Join(dir, e.id+".prof")}
}

// profileCommand returns e's profile and its views as shell lines, from the
// repository root, writing to build/perfpage.
func (e entry) profileCommand(quick bool) string {
	dir := "build/perfpage"
	if e.dir != "." {
		dir = strings.Repeat("../", strings.Count(filepath.Clean(e.dir), "/")+1) + dir
	}
	var b strings.Builder
	if e.dir != "." {
		fmt.Fprintf(&b, "cd %s && ", e.dir)
	}
	b.WriteString(shellLine(e.profileArgs(quick, dir)))
	for k := range e.profile.views {
		b.WriteString("\n" + shellLine(e.pprofArgs(k, dir)))
	}
	return b.String()
}

// shellLine returns go with args, quoted for a shell, without -timeout.
func shellLine(args []string) string {
	var b strings.Builder
	b.WriteString("go")
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-timeout" {
			i++
			continue
		}
		if strings.ContainsAny(a, "^$|()*\\ ") {
			a = "'" + a + "'"
		}
		b.WriteString(" " + a)
	}
	return b.String()
}

// runProfile runs e's profile and its views, keeping each view's pprof
// output in raw (as e.id.view-K.txt, which -from reads).
func runProfile(c config, e entry, raw string) error {
	abs, err := filepath.Abs(raw)
	if err != nil {
		return err
	}
	cmd := exec.Command(c.goBin, e.profileArgs(c.quick, abs)...)
	cmd.Dir = e.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s's profile: %v\n%s", e.id, err, out)
	}
	for k := range e.profile.views {
		out, err := exec.Command(c.goBin, e.pprofArgs(k, abs)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s's profile, view %d: %v\n%s", e.id, k, err, out)
		}
		if err := os.WriteFile(viewFile(raw, e, k), out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// viewFile is where view k of e's profile is kept in dir.
func viewFile(dir string, e entry, k int) string {
	return filepath.Join(dir, fmt.Sprintf("%s.view-%d.txt", e.id, k))
}

// node is one function of a view: its own time and its time with what it
// calls, in ms.
type node struct {
	name      string
	flat, cum float64
}

// parseTop reads the output of go tool pprof -top -unit=ms: the rows after
// the "flat flat% sum% cum cum%" header. No rows is an error (the focus
// matched nothing, or pprof printed something else).
func parseTop(out string) ([]node, error) {
	var nodes []node
	header := false
	sc := bufio.NewScanner(strings.NewReader(out))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if !header {
			header = len(f) == 5 && f[0] == "flat" && f[4] == "cum%"
			continue
		}
		if len(f) < 6 {
			return nil, fmt.Errorf("line %d: %q is not a pprof -top row", n, sc.Text())
		}
		flat, ok1 := millis(f[0])
		cum, ok2 := millis(f[3])
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("line %d: %q: times not in ms", n, sc.Text())
		}
		nodes = append(nodes, node{name: strings.Join(f[5:], " "), flat: flat, cum: cum})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(nodes) == 0 {
		return nil, fmt.Errorf("no pprof -top rows (the focus matched no sample?)")
	}
	return nodes, nil
}

// millis reads a time pprof -unit=ms printed: "670ms", or "0".
func millis(s string) (float64, bool) {
	if s == "0" {
		return 0, true
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "ms"), 64)
	return v, err == nil && strings.HasSuffix(s, "ms")
}

// modulePath is cut from the functions' names on the page.
const modulePath = "github.com/moralebreak/moralebreak/"

// viewTable renders the first (heaviest) count of a view's nodes: each
// function's own time and its time with what it calls, as shares of the
// view's total, the sum of every node's own time.
func viewTable(nodes []node, count int) string {
	var b strings.Builder
	total := viewTotal(nodes)
	fmt.Fprintf(&b, "| function | own time | with what it calls |\n|---|---:|---:|\n")
	for _, n := range nodes[:min(count, len(nodes))] {
		fmt.Fprintf(&b, "| `%s` | %s%% | %s%% |\n", strings.TrimPrefix(n.name, modulePath), num(100*n.flat/total), num(100*n.cum/total))
	}
	return b.String()
}

// viewTotal returns a view's total: the sum of its nodes' own times.
func viewTotal(nodes []node) float64 {
	total := 0.0
	for _, n := range nodes {
		total += n.flat
	}
	return total
}

// renderProfile returns the section's profile part from the views' pprof
// outputs.
func renderProfile(e measured, quick bool) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n### Where the time goes\n\nA CPU profile of `%s` (one run, pprof's 100 samples a second); each table is the time of the functions a game calls, named in its heading, with everything they call, and each function's share of it: its own time, and its time with what it calls. Inlined functions are rows of their own.\n\n```sh\n%s\n```\n", e.profile.bench, e.profileCommand(quick))
	for k, v := range e.profile.views {
		nodes, err := parseTop(e.views[k])
		if err != nil {
			return "", fmt.Errorf("%s's profile, view %d: %v", e.id, k, err)
		}
		total := viewTotal(nodes)
		if !(total > 0) {
			return "", fmt.Errorf("%s's profile, view %d: no time in the focused functions", e.id, k)
		}
		fmt.Fprintf(&b, "\n**%s** (%s ms of samples). %s\n\n%s", v.title, num(total), v.caption, viewTable(nodes, v.nodes))
	}
	return b.String(), nil
}
