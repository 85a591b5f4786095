package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
)

// readArchive lists t's kind of archive as an unpacker sees it, every
// entry in its order: folders too, each named with the archive's folder
// (the reverse of writeArchive).
func readArchive(t target, b []byte) ([]entry, error) {
	var out []entry
	if strings.HasSuffix(t.archive(), ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return nil, err
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			body, err := io.ReadAll(rc)
			if cerr := rc.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			out = append(out, entry{f.Name, f.Mode(), body})
		}
		return out, nil
	}
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Name, err)
		}
		out = append(out, entry{h.Name, h.FileInfo().Mode(), body})
	}
}

// weightsLine finds a scenario's weights file, `weights = "PATH"`, which
// the lab reads relative to the scenario's folder.
var weightsLine = regexp.MustCompile(`(?m)^\s*weights\s*=\s*"([^"]*)"`)

// howtoScenario finds a scenario file a HOWTO's command names.
var howtoScenario = regexp.MustCompile(`scenarios[/\\][\w/\\]*\.toml`)

// checkLayout checks what a designer unpacks from t's archive, listed:
// one folder, t.base(), holding the programs by t's names (demo.exe on
// Windows), executable, and the shared files and HOWTO.txt, not
// executable, nothing else; every scenario's weights file is in the
// archive where the scenario looks for it; the HOWTO names every scenario
// and only files the archive holds, and its lines end as t's Notepad or
// terminal wants (CRLF on Windows, LF elsewhere). checkBinary checks the
// programs themselves.
func checkLayout(t target, got []entry, shared []entry) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	want := map[string]fs.FileMode{"HOWTO.txt": 0o644}
	for _, p := range programs {
		want[t.exe(p.name)] = 0o755
	}
	for _, f := range shared {
		want[f.name] = 0o644
	}
	files := map[string][]byte{}
	dirs := map[string]bool{}
	prefix := t.base() + "/"
	for _, l := range got {
		name, ok := strings.CutPrefix(l.name, prefix)
		if !ok && l.name != prefix {
			bad("%s is outside the folder %s", l.name, prefix)
			continue
		}
		if l.mode.IsDir() {
			dirs[strings.TrimSuffix(name, "/")] = true
			if l.mode.Perm() != 0o755 {
				bad("folder %s has mode %v; want 0755", l.name, l.mode)
			}
			continue
		}
		mode, ok := want[name]
		switch {
		case !ok:
			bad("%s is not a file a designer needs", l.name)
		case !l.mode.IsRegular():
			bad("%s has mode %v; want a plain file", l.name, l.mode)
		case l.mode.Perm() != mode:
			bad("%s has mode %v; want %v", l.name, l.mode.Perm(), mode)
		}
		files[name] = l.body
	}
	var names []string
	for n := range want {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if _, ok := files[n]; !ok {
			bad("%s%s is missing", prefix, n)
		} else if d := path.Dir(n); d != "." && !dirs[d] {
			bad("%s%s/ has no folder entry", prefix, d)
		}
	}
	var scenarios []string
	for _, n := range names {
		if !strings.HasPrefix(n, "scenarios/") {
			continue
		}
		scenarios = append(scenarios, n)
		m := weightsLine.FindSubmatch(files[n])
		if m == nil {
			continue
		}
		w := path.Join(path.Dir(n), string(m[1]))
		if _, ok := files[w]; !ok {
			bad("%s%s: weights = %q is %s, which the archive does not hold", prefix, n, m[1], w)
		}
	}
	howto := string(files["HOWTO.txt"])
	if t.goos == "windows" {
		if n := strings.Count(howto, "\n") - strings.Count(howto, "\r\n"); n > 0 {
			bad("HOWTO.txt: %d lines end in LF alone; want CRLF, for Notepad", n)
		}
	} else if strings.Contains(howto, "\r") {
		bad("HOWTO.txt has CR line ends")
	}
	for _, m := range howtoScenario.FindAllString(howto, -1) {
		if _, ok := files[strings.ReplaceAll(m, `\`, "/")]; !ok {
			bad("HOWTO.txt names %s, which the archive does not hold", m)
		}
	}
	fights, fits := scenarioNames(scenarios)
	for _, n := range append(fights, fits...) {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(n) + `\b`).MatchString(howto) {
			bad("HOWTO.txt does not name the scenario %s", n)
		}
	}
	return errors.Join(errs...)
}

// isGUI says whether the archive's file name (with its folder) is a
// windowed program (programs' gui).
func isGUI(t target, name string) bool {
	for _, p := range programs {
		if path.Base(name) == t.exe(p.name) {
			return p.gui
		}
	}
	return false
}

// checkBinary checks that b is a program t runs: PE on Windows, Mach-O on
// macOS, ELF on Linux, for t's processor; on Windows also a windowed
// program (PE subsystem 2: a double-click opens no console window) when
// gui, else a console program (3: cmd.exe and PowerShell wait for it and
// show what it prints).
func checkBinary(t target, gui bool, b []byte) error {
	r := bytes.NewReader(b)
	switch t.goos {
	case "windows":
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}
		f, err := pe.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Windows program: %w", err)
		}
		if f.Machine != want[t.goarch] {
			return fmt.Errorf("a Windows program for machine %#x; want %s", f.Machine, t.goarch)
		}
		var sub uint16
		switch h := f.OptionalHeader.(type) {
		case *pe.OptionalHeader64:
			sub = h.Subsystem
		case *pe.OptionalHeader32:
			sub = h.Subsystem
		}
		switch {
		case gui && sub != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI:
			return fmt.Errorf("PE subsystem %d; want %d, a windowed program (-ldflags=-H=windowsgui): a double-click on a console program opens a console window beside it, and closing that window ends the program", sub, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
		case !gui && sub != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI:
			return fmt.Errorf("PE subsystem %d; want %d, a console program: cmd.exe and PowerShell neither wait for a windowed program nor show what it prints", sub, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI)
		}
	case "darwin":
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}
		f, err := macho.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a macOS program: %w", err)
		}
		if f.Cpu != want[t.goarch] {
			return fmt.Errorf("a macOS program for %v; want %s", f.Cpu, t.goarch)
		}
	case "linux":
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}
		f, err := elf.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Linux program: %w", err)
		}
		if f.Machine != want[t.goarch] {
			return fmt.Errorf("a Linux program for %v; want %s", f.Machine, t.goarch)
		}
	default:
		return fmt.Errorf("no check for %s", t)
	}
	return nil
}

// isHost says whether this machine runs t's programs.
func isHost(t target) bool { return t.goos == runtime.GOOS && t.goarch == runtime.GOARCH }

// nameLine finds a scenario's name, which its run's folder under out/ bears.
var nameLine = regexp.MustCompile(`(?m)^name\s*=\s*"([^"]*)"`)

// tryUnpacked unpacks got into dir as a designer would and follows the
// HOWTO there: demo -h, moralesim lint weights.toml, and moralesim run of
// every scenario in the archive for two fights, each from the unpacked
// folder, each run's tables written under out/NAME/. It says what it ran.
func tryUnpacked(t target, got []entry, dir string) (string, error) {
	for _, l := range got {
		p := filepath.Join(dir, filepath.FromSlash(l.name))
		if l.mode.IsDir() {
			if err := os.MkdirAll(p, l.mode.Perm()); err != nil {
				return "", err
			}
			continue
		}
		if err := os.WriteFile(p, l.body, l.mode.Perm()); err != nil {
			return "", err
		}
	}
	folder := filepath.Join(dir, t.base())
	run := func(args ...string) error {
		cmd := exec.Command("."+string(os.PathSeparator)+args[0], args[1:]...)
		cmd.Dir = folder
		cmd.Env = append(os.Environ(), "GOMAXPROCS=2")
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("unpacked, %s: %w\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	demo, sim := t.exe("demo"), t.exe("moralesim")
	if err := run(demo, "-h"); err != nil {
		return "", err
	}
	if err := run(sim, "lint", "weights.toml"); err != nil {
		return "", err
	}
	var ran []string
	for _, l := range got {
		name := strings.TrimPrefix(l.name, t.base()+"/")
		if l.mode.IsDir() || !strings.HasPrefix(name, "scenarios/") {
			continue
		}
		if err := run(sim, "run", name, "-runs", "2", "-q"); err != nil {
			return "", err
		}
		m := nameLine.FindSubmatch(l.body)
		if m == nil {
			return "", fmt.Errorf("unpacked, %s has no name", name)
		}
		summary := filepath.Join(folder, "out", string(m[1]), "summary.json")
		if _, err := os.Stat(summary); err != nil {
			return "", fmt.Errorf("unpacked, moralesim run %s: %w", name, err)
		}
		ran = append(ran, name)
	}
	return fmt.Sprintf("unpacked: %s -h, %s lint weights.toml, %s run of %d scenarios (%s) into out/", demo, sim, sim, len(ran), strings.Join(ran, " ")), nil
}
