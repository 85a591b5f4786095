package main

import (
	"fmt"
	"path"
	"strings"
)

// platform names t for people, "" for a target HOWTO.txt does not know.
func (t target) platform() string {
	switch t.String() {
	case "windows/amd64":
		return "Windows, 64-bit (Intel or AMD)"
	case "darwin/arm64":
		return "macOS on Apple silicon (M1 and later)"
	case "darwin/amd64":
		return "macOS on Intel"
	case "linux/amd64":
		return "Linux, 64-bit (Intel or AMD)"
	}
	return ""
}

// linuxPackages are the Debian and Ubuntu packages of the libraries the
// demo opens at run time on Linux: scripts/deps.sh's run list
// (TestHowtoNamesDepsPackages keeps the two the same).
var linuxPackages = []string{"libgl1", "libgl1-mesa-dri", "libx11-6", "libxrandr2", "libxcursor1", "libxi6", "libxinerama1", "libxext6", "libxrender1"}

// howto is t's HOWTO.txt: what the archive holds, how to start the demo and
// the lab, and what the platform needs (macMin: the oldest macOS the
// binaries run on, read from them; scenarios: the archive's scenario files,
// as scenarios/NAME.toml and scenarios/fit/NAME.toml). Lines end in CRLF on
// Windows, where Notepad shows them.
func howto(t target, info buildInfoT, macMin string, scenarios []string) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	demo, sim, sep := "./demo", "./moralesim", "/"
	if t.goos == "windows" {
		// .\ as PowerShell wants (Windows 11's "Open in Terminal"); cmd
		// takes it too.
		demo, sim, sep = `.\demo.exe`, `.\moralesim.exe`, `\`
	}
	p("MoraleBreak %s for %s (%s)", info.version, t.platform(), t)
	p("Built with %s.", info.goVersion)
	p("")
	p("In this folder")
	p("  %-14s the demo: a squad under fire, its morale, the live tuner", t.exe("demo"))
	p("  %-14s the balance lab: thousands of fights in a terminal", t.exe("moralesim"))
	p("  %-14s the morale settings and event weights both read", "weights.toml")
	fights, fits := scenarioNames(scenarios)
	p("  %-14s the lab's fights: %s", "scenarios"+sep, strings.Join(fights, ", "))
	if len(fits) > 0 {
		p("  %-14s problems for moralesim fit: %s", "scenarios"+sep+"fit"+sep, strings.Join(fits, ", "))
	}
	p("")
	p("Start the demo")
	switch t.goos {
	case "windows":
		p("  First unpack the whole zip: right-click it, choose \"Extract All...\",")
		p("  then \"Extract\". (Started from inside the zip, demo.exe runs alone in")
		p("  a temporary folder, without this weights.toml.) Then double-click")
		p("  demo.exe in the unpacked folder. The first time, Windows SmartScreen")
		p("  may say \"Windows protected your PC\": the program is not signed.")
		p("  Click \"More info\", then \"Run anyway\".")
	case "darwin":
		p("  Double-click the zip in Finder to unpack it. The programs are not")
		p("  signed by Apple, so the first time macOS will not open them: it says")
		p("  \"demo\" cannot be opened because Apple cannot check it for malicious")
		p("  software (on macOS 15 and later: \"demo\" Not Opened). Release this")
		p("  folder once, in Terminal (Applications, Utilities): type cd and a")
		p("  space, drag this folder from Finder onto the Terminal window and")
		p("  press Return, then type this line and press Return:")
		p("    xattr -dr com.apple.quarantine .")
		p("  Then start it: type ./demo in the same window, or double-click demo")
		p("  in Finder. (From Finder, macOS starts it in your home folder; finding")
		p("  no weights.toml there, it works in this folder, beside its own.)")
	case "linux":
		p("  From this folder, in a terminal:")
		p("    ./demo")
	}
	p("  The demo reads weights.toml from the folder it starts in, or from its")
	p("  own folder when started with no flags from a folder without one (it")
	p("  writes the defaults if neither has one), and watches it: edit it while")
	p("  the demo runs and the change applies at once; the tuner's Save writes it")
	p("  back.")
	p("  Save replay (F2) and Save picture (F12) write their files there too.")
	p("  The panel on the right lists every control: left-click a soldier and he")
	p("  falls, click the ground and a shell lands, Space pauses, R rallies, the")
	p("  backquote key opens the in-game console. %s -h lists the flags.", demo)
	if t.goos == "windows" {
		p("  Double-clicked, demo.exe opens its window alone, no console window; an")
		p("  error that stops it (a weights.toml that does not load) shows in a")
		p("  message box. Started from a terminal (cmd or PowerShell), it prints the")
		p("  flags and its messages there, but the terminal does not wait for it:")
		p("  the prompt may come back first (press Enter for a fresh one).")
	}
	p("")
	p("Run the lab")
	if t.goos == "windows" {
		p("  Open a terminal in the unpacked folder (in Explorer, type cmd in the")
		p("  address bar and press Enter, or right-click in the folder and choose")
		p("  \"Open in Terminal\"), then:")
	} else {
		p("  From this folder, in a terminal:")
	}
	p("    %s run scenarios%sopening.toml -runs 1000", sim, sep)
	p("    %s lint weights.toml", sim)
	p("    %s fit scenarios%sfit%sline_holds.toml", sim, sep, sep)
	p("    %s help", sim)
	p("  run and fit write their tables and plots under out%s in the folder you", sep)
	p("  run them in (out%sopening%s for the first line); add -report report.html", sep, sep)
	p("  for a page to open in a browser. fit writes the weights it found to")
	p("  out%sline_holds-fit%sweights.toml: copy that file over weights.toml", sep, sep)
	p("  here to use them.")
	if t.goos == "windows" {
		p("  In a scenario file, write a path with / (weights = \"../weights.toml\"),")
		p("  which Windows takes too, or in single quotes ('..\\weights.toml'): in")
		p("  double quotes TOML reads \\ as an escape, and \"..\\weights.toml\" is an error.")
	}
	p("")
	p("What it needs")
	switch t.goos {
	case "windows":
		p("  Windows 10 or 11, 64-bit. The demo draws with DirectX 11 (OpenGL if")
		p("  DirectX fails), which every Windows 10 graphics driver has.")
	case "darwin":
		p("  %s or later (read from the programs). The demo draws with Metal.", macMin)
	case "linux":
		p("  A glibc system (Debian, Ubuntu, Fedora, Arch, ...) with an X11 desktop")
		p("  (Wayland desktops run it through XWayland) and OpenGL. The programs")
		p("  open the X11 and OpenGL libraries when they start; on Debian or Ubuntu:")
		p("    sudo apt-get install %s", strings.Join(linuxPackages, " "))
		p("  Without a screen, run the demo under Xvfb: xvfb-run -a ./demo")
	}
	p("")
	p("More: https://github.com/moralebreak/moralebreak (docs/demo.md, docs/balancing.md).")
	s := b.String()
	if t.goos == "windows" {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

// scenarioNames are the names of the scenario files, without folder or
// .toml: those directly in scenarios/ and those in scenarios/fit/.
func scenarioNames(files []string) (fights, fits []string) {
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".toml")
		switch path.Dir(f) {
		case "scenarios":
			fights = append(fights, name)
		case "scenarios/fit":
			fits = append(fits, name)
		}
	}
	return fights, fits
}
