package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// someFiles are an archive's files, made up.
var someFiles = []entry{
	{name: "demo", mode: 0o755, body: []byte("binary 1")},
	{name: "moralesim", mode: 0o755, body: []byte("binary 2")},
	{name: "weights.toml", mode: 0o644, body: []byte("ShakenBelow = 0.6\n")},
	{name: "scenarios/line.toml", mode: 0o644, body: []byte("name = \"line\"\n")},
	{name: "scenarios/opening.toml", mode: 0o644, body: []byte("name = \"opening\"\n")},
	{name: "HOWTO.txt", mode: 0o644, body: []byte("how\n")},
}

func list(t *testing.T, tg target, b []byte) []entry {
	t.Helper()
	l, err := readArchive(tg, b)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Every kind of archive holds the files under its folder, the programs
// executable, with the folders first, and the same files give the same
// bytes.
func TestArchives(t *testing.T) {
	stamp := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, tg := range []target{{"windows", "amd64"}, {"darwin", "arm64"}, {"linux", "amd64"}} {
		var a, b bytes.Buffer
		if err := writeArchive(&a, tg, someFiles, stamp); err != nil {
			t.Fatal(err)
		}
		if err := writeArchive(&b, tg, someFiles, stamp); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two archives of the same files differ", tg)
		}
		got := list(t, tg, a.Bytes())
		base := tg.base() + "/"
		want := []string{base, base + "scenarios/"}
		for _, f := range someFiles {
			want = append(want, base+f.name)
		}
		var names []string
		for _, l := range got {
			names = append(names, l.name)
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s: entries %q; want %q", tg, names, want)
		}
		for _, l := range got {
			switch {
			case strings.HasSuffix(l.name, "/"):
				if !l.mode.IsDir() {
					t.Errorf("%s: %s has mode %v; want a directory", tg, l.name, l.mode)
				}
			case strings.HasSuffix(l.name, "/demo") || strings.HasSuffix(l.name, "/moralesim"):
				if l.mode.Perm() != 0o755 {
					t.Errorf("%s: %s has mode %v; want 0755", tg, l.name, l.mode)
				}
			default:
				if l.mode.Perm() != 0o644 {
					t.Errorf("%s: %s has mode %v; want 0644", tg, l.name, l.mode)
				}
			}
		}
		if string(got[3].body) != "binary 2" {
			t.Errorf("%s: %s holds %q; want its body", tg, got[3].name, got[3].body)
		}
	}
}

// Each platform's HOWTO says how to start the demo there and what the
// platform needs.
func TestHowto(t *testing.T) {
	info := buildInfoT{version: "v9.9.9", goVersion: "go1.26.8"}
	for _, tc := range []struct {
		target
		mac  string
		want []string
	}{
		{target{"windows", "amd64"}, "", []string{"demo.exe", "Extract All", "SmartScreen", "Run anyway", `.\moralesim.exe run scenarios\opening.toml`, `.\demo.exe -h`, `out\opening\`, `out\line_holds-fit\weights.toml`, `write a path with / (weights = "../weights.toml")`, "Windows 10 or 11", "no console window", "message box", "does not wait for it", "\r\n"}},
		{target{"darwin", "arm64"}, "macOS 12.0", []string{"Apple silicon", "com.apple.quarantine", "drag this folder", "Not Opened", "./demo", "double-click demo", "macOS 12.0 or later", "Metal"}},
		{target{"darwin", "amd64"}, "macOS 12.0", []string{"Intel", "com.apple.quarantine", "macOS 12.0 or later"}},
		{target{"linux", "amd64"}, "", []string{"./demo", "sudo apt-get install libgl1", "XWayland", "xvfb-run", "scenarios/opening.toml", "out/opening/", "out/line_holds-fit/weights.toml"}},
	} {
		h := howto(tc.target, info, tc.mac, someScenarios)
		for _, w := range append(tc.want, "MoraleBreak v9.9.9", "go1.26.8", "weights.toml", "lint weights.toml", "-report report.html", "Save replay (F2)") {
			if !strings.Contains(h, w) {
				t.Errorf("%s HOWTO lacks %q:\n%s", tc.target, w, h)
			}
		}
		// Opened from Finder (Control-click, Open), a program runs in the
		// home folder, where it finds no weights.toml: not a way to start.
		if strings.Contains(h, "Control-click") || strings.Contains(h, "~/Downloads") {
			t.Errorf("%s HOWTO starts the demo outside its folder:\n%s", tc.target, h)
		}
		if tc.goos != "windows" && strings.Contains(h, "\r") {
			t.Errorf("%s HOWTO has CR line ends", tc.target)
		}
	}
}

// someScenarios are an archive's scenarios, made up.
var someScenarios = []string{"scenarios/army.toml", "scenarios/line.toml", "scenarios/sergeant.toml", "scenarios/fit/ambush.toml", "scenarios/fit/line_holds.toml"}

// Each HOWTO names every scenario the archive holds, the fit's problems
// apart, and none it does not.
func TestHowtoListsTheScenarios(t *testing.T) {
	info := buildInfoT{version: "v9.9.9", goVersion: "go1.26.8"}
	for _, tc := range []struct {
		target
		want []string
	}{
		{target{"linux", "amd64"}, []string{
			"  scenarios/     the lab's fights: army, line, sergeant\n",
			"  scenarios/fit/ problems for moralesim fit: ambush, line_holds\n"}},
		{target{"windows", "amd64"}, []string{
			"  scenarios\\     the lab's fights: army, line, sergeant\r\n",
			"  scenarios\\fit\\ problems for moralesim fit: ambush, line_holds\r\n"}},
	} {
		h := howto(tc.target, info, "", someScenarios)
		for _, w := range tc.want {
			if !strings.Contains(h, w) {
				t.Errorf("%s HOWTO lacks %q:\n%s", tc.target, w, h)
			}
		}
		if strings.Contains(h, "platoon") || strings.Contains(h, "opening,") {
			t.Errorf("%s HOWTO names a scenario the archive does not hold:\n%s", tc.target, h)
		}
	}
	h := howto(target{"linux", "amd64"}, info, "", someScenarios[:2])
	if strings.Contains(h, "moralesim fit:") {
		t.Errorf("HOWTO without fit scenarios lists them:\n%s", h)
	}
}

// The Linux HOWTO names the packages scripts/deps.sh installs for the
// demo, no more and no fewer.
func TestHowtoNamesDepsPackages(t *testing.T) {
	b, err := os.ReadFile("../deps.sh")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^\s*need_lib \S+\.so\S* (\S+)`).FindAllStringSubmatch(string(b), -1) {
		want = append(want, m[1])
	}
	if m := regexp.MustCompile(`missing\+=\((libgl1-mesa-dri)\)`).FindStringSubmatch(string(b)); m != nil {
		want = append(want, m[1])
	}
	got := slices.Clone(linuxPackages)
	slices.Sort(got)
	slices.Sort(want)
	if len(want) < 5 || !slices.Equal(got, want) {
		t.Errorf("HOWTO's Linux packages %q; want deps.sh's %q", got, want)
	}
}

func TestParseConfig(t *testing.T) {
	c, err := parseConfig(nil, io.Discard)
	if err != nil || len(c.targets) != len(defaultTargets) || c.out != "build/dist" || c.check {
		t.Errorf("no arguments: %+v, %v; want every target into build/dist", c, err)
	}
	c, err = parseConfig([]string{"-check", "darwin/arm64"}, io.Discard)
	if err != nil || !c.check || len(c.targets) != 1 || c.targets[0] != (target{"darwin", "arm64"}) {
		t.Errorf("-check darwin/arm64: %+v, %v", c, err)
	}
	for _, bad := range []string{"plan9/386", "linux", "windows/arm64", ""} {
		if _, err := parseConfig([]string{bad}, io.Discard); err == nil || !strings.Contains(err.Error(), "want one of") {
			t.Errorf("target %q: %v; want an error listing the targets", bad, err)
		}
	}
}

// anArchive is what checkLayout sees of t's archive of made-up programs
// and the checkout's kind of shared files, its HOWTO made by howto.
func anArchive(t *testing.T, tg target) ([]entry, []entry) {
	t.Helper()
	shared := []entry{
		{name: "weights.toml", mode: 0o644, body: []byte("ShakenBelow = 0.6\n")},
		{name: "scenarios/line.toml", mode: 0o644, body: []byte("name = \"line\"\nweights = \"../weights.toml\"\n")},
		{name: "scenarios/opening.toml", mode: 0o644, body: []byte("name = \"opening\"\nweights = \"../weights.toml\"\n")},
		{name: "scenarios/fit/line_holds.toml", mode: 0o644, body: []byte("name = \"line_holds\"\nweights = \"../../weights.toml\"\n")},
	}
	files := []entry{{name: tg.exe("demo"), mode: 0o755, body: []byte("binary 1")}, {name: tg.exe("moralesim"), mode: 0o755, body: []byte("binary 2")}}
	files = append(files, shared...)
	files = append(files, entry{name: "HOWTO.txt", mode: 0o644, body: []byte(howto(tg, buildInfoT{version: "v1", goVersion: "go1.26.8"}, "macOS 12.0", scenarioFiles(shared)))})
	var b bytes.Buffer
	if err := writeArchive(&b, tg, files, time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	return list(t, tg, b.Bytes()), shared
}

// checkLayout passes what dist writes and names each thing a designer
// would miss or trip over.
func TestCheckLayout(t *testing.T) {
	for _, tg := range []target{{"windows", "amd64"}, {"darwin", "arm64"}, {"linux", "amd64"}} {
		got, shared := anArchive(t, tg)
		if err := checkLayout(tg, got, shared); err != nil {
			t.Errorf("%s: what dist writes: %v", tg, err)
		}
	}
	find := func(l []entry, suffix string) int {
		for i, e := range l {
			if strings.HasSuffix(e.name, suffix) {
				return i
			}
		}
		t.Fatalf("no %s", suffix)
		return -1
	}
	for _, tc := range []struct {
		name   string
		target target
		change func([]entry) []entry
		want   string
	}{
		{"demo not executable", target{"linux", "amd64"}, func(l []entry) []entry {
			l[find(l, "/demo")].mode = 0o644
			return l
		}, "moralebreak-linux-amd64/demo has mode -rw-r--r--; want -rwxr-xr-x"},
		{"demo without .exe", target{"windows", "amd64"}, func(l []entry) []entry {
			l[find(l, "/demo.exe")].name = "moralebreak-windows-amd64/demo"
			return l
		}, "moralebreak-windows-amd64/demo.exe is missing"},
		{"a file nobody needs", target{"darwin", "arm64"}, func(l []entry) []entry {
			return append(l, entry{"moralebreak-darwin-arm64/.DS_Store", 0o644, nil})
		}, ".DS_Store is not a file a designer needs"},
		{"outside the folder", target{"linux", "amd64"}, func(l []entry) []entry {
			return append(l, entry{"weights.toml", 0o644, nil})
		}, "weights.toml is outside the folder"},
		{"weights not where the scenario looks", target{"linux", "amd64"}, func(l []entry) []entry {
			l[find(l, "/fit/line_holds.toml")].body = []byte("weights = \"../weights.toml\"\n")
			return l
		}, `scenarios/fit/line_holds.toml: weights = "../weights.toml" is scenarios/weights.toml, which the archive does not hold`},
		{"HOWTO in LF on Windows", target{"windows", "amd64"}, func(l []entry) []entry {
			i := find(l, "/HOWTO.txt")
			l[i].body = bytes.ReplaceAll(l[i].body, []byte("\r\n"), []byte("\n"))
			return l
		}, "lines end in LF alone; want CRLF"},
		{"HOWTO names a missing scenario", target{"linux", "amd64"}, func(l []entry) []entry {
			i := find(l, "/HOWTO.txt")
			l[i].body = append(l[i].body, "./moralesim run scenarios/army.toml\n"...)
			return l
		}, "HOWTO.txt names scenarios/army.toml, which the archive does not hold"},
		{"HOWTO leaves a scenario out", target{"linux", "amd64"}, func(l []entry) []entry {
			i := find(l, "/HOWTO.txt")
			l[i].body = bytes.ReplaceAll(l[i].body, []byte("line_holds"), []byte("other"))
			return l
		}, "HOWTO.txt does not name the scenario line_holds"},
	} {
		got, shared := anArchive(t, tc.target)
		err := checkLayout(tc.target, tc.change(got), shared)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.name, err, tc.want)
		}
	}
}

// checkBinary takes a program for its target and refuses one for another
// system or processor.
func TestCheckBinary(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	host := target{runtime.GOOS, runtime.GOARCH}
	if host.platform() == "" {
		t.Skipf("%s is not a target", host)
	}
	if err := checkBinary(host, false, b); err != nil {
		t.Errorf("this test's own program for %s: %v", host, err)
	}
	for _, other := range defaultTargets {
		tg, _ := parseTarget(other)
		if tg == host {
			continue
		}
		if err := checkBinary(tg, false, b); err == nil {
			t.Errorf("a %s program passes for %s", host, tg)
		}
	}
	if err := checkBinary(host, false, []byte("binary 1")); err == nil {
		t.Error("a text passes as a program")
	}
}

// On Windows the demo is linked as a windowed program and moralesim as a
// console one, and checkBinary tells the two apart: a program linked with
// the flags dist gives it passes for what it is and fails for the other.
func TestWindowedOrConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: builds two Windows programs")
	}
	if !isGUI(target{"windows", "amd64"}, "moralebreak-windows-amd64/demo.exe") || isGUI(target{"windows", "amd64"}, "moralebreak-windows-amd64/moralesim.exe") {
		t.Fatal("want demo.exe windowed and moralesim.exe a console program")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module hello\n\ngo 1.24\n",
		"main.go": "package main\n\nfunc main() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := os.Getenv("GO") // as run builds
	if goCmd == "" {
		goCmd = "go"
	}
	win := target{"windows", "amd64"}
	for _, gui := range []bool{true, false} {
		exe := filepath.Join(dir, "hello.exe")
		cmd := exec.Command(goCmd, "build", "-trimpath", "-ldflags="+ldflags(win, gui), "-o", exe, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		b, err := os.ReadFile(exe)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkBinary(win, gui, b); err != nil {
			t.Errorf("linked with %s: %v", ldflags(win, gui), err)
		}
		if err := checkBinary(win, !gui, b); err == nil || !strings.Contains(err.Error(), "PE subsystem") {
			t.Errorf("linked with %s, checked as gui=%v: %v; want a PE subsystem error", ldflags(win, gui), !gui, err)
		}
	}
	if ldflags(target{"linux", "amd64"}, true) != "-s -w" {
		t.Errorf("Linux's demo linked with %q; want -s -w", ldflags(target{"linux", "amd64"}, true))
	}
}
