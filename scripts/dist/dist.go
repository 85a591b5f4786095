package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"debug/macho"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// target is one GOOS/GOARCH to build for.
type target struct{ goos, goarch string }

func (t target) String() string { return t.goos + "/" + t.goarch }

// exe is the file name of program name on t.
func (t target) exe(name string) string {
	if t.goos == "windows" {
		return name + ".exe"
	}
	return name
}

// base is the name of t's archive without its extension, and of the
// folder inside it.
func (t target) base() string { return "moralebreak-" + t.goos + "-" + t.goarch }

// archive is the file name of t's archive: a .tar.gz for Linux (it keeps
// the programs executable for every tar), a .zip elsewhere (what Windows
// Explorer and macOS Finder open with a double-click).
func (t target) archive() string {
	if t.goos == "linux" {
		return t.base() + ".tar.gz"
	}
	return t.base() + ".zip"
}

// programs are the packages every archive holds, by their binaries' names.
// A windowed program (gui) is linked on Windows as one (-H=windowsgui), so
// that a double-click opens no console window beside it (the demo prints to
// the console it is started from itself: cmd/demo/console_windows.go); the
// others are console programs, which cmd.exe and PowerShell wait for.
var programs = []struct {
	name, pkg string
	gui       bool
}{
	{"demo", "./cmd/demo", true},
	{"moralesim", "./cmd/moralesim", false},
}

// entry is one file of an archive, named inside the archive's folder
// (writeArchive adds it); read back (readArchive), an entry of the archive
// as it stands, folders too, named with the folder.
type entry struct {
	name string
	mode fs.FileMode
	body []byte
}

// build compiles every program for t into dir: CGO_ENABLED=0 (no C
// toolchain for another system), -trimpath (no path of this machine in
// the binaries), symbols and DWARF stripped (-s -w: stack traces still
// name every function), a windowed program on Windows linked as one
// (ldflags).
func build(goCmd string, t target, dir string) error {
	for _, p := range programs {
		args := []string{"build", "-trimpath", "-ldflags=" + ldflags(t, p.gui), "-o", filepath.Join(dir, t.exe(p.name)), p.pkg}
		cmd := exec.Command(goCmd, args...)
		cmd.Env = append(os.Environ(), "GOOS="+t.goos, "GOARCH="+t.goarch, "CGO_ENABLED=0", "GOFLAGS=")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: go %s: %w", t, strings.Join(args, " "), err)
		}
	}
	return nil
}

// ldflags are the linker's flags for a program on t: -s -w, and
// -H=windowsgui for a windowed program on Windows (PE subsystem 2, which
// checkBinary checks; a console program is 3).
func ldflags(t target, gui bool) string {
	if gui && t.goos == "windows" {
		return "-s -w -H=windowsgui"
	}
	return "-s -w"
}

// run builds every target of cfg and, unless cfg.check, writes its archive,
// saying what it did on w.
func run(cfg config, w io.Writer) error {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	info := buildInfo(goCmd)
	shared, err := sharedFiles()
	if err != nil {
		return err
	}
	if !cfg.check {
		if err := os.MkdirAll(cfg.out, 0o755); err != nil {
			return err
		}
	}
	for _, t := range cfg.targets {
		dir, err := os.MkdirTemp("", "moralebreak-dist")
		if err != nil {
			return err
		}
		err = buildOne(goCmd, cfg, t, dir, info, shared, w)
		if rerr := os.RemoveAll(dir); err == nil {
			err = rerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// buildOne builds t into dir, writes its archive (into cfg.out, or with
// cfg.check into dir) and checks it (verifyOne).
func buildOne(goCmd string, cfg config, t target, dir string, info buildInfoT, shared []entry, w io.Writer) error {
	if err := build(goCmd, t, dir); err != nil {
		return err
	}
	var files []entry
	var sizes []string
	for _, p := range programs {
		name := t.exe(p.name)
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		files = append(files, entry{name: name, mode: 0o755, body: b})
		sizes = append(sizes, fmt.Sprintf("%s %.1f MB", name, float64(len(b))/1e6))
	}
	needs := ""
	if t.goos == "darwin" {
		min, err := macOSMinimum(filepath.Join(dir, t.exe("demo")))
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		needs = min
	}
	files = append(files, shared...)
	files = append(files, entry{name: "HOWTO.txt", mode: 0o644, body: []byte(howto(t, info, needs, scenarioFiles(shared)))})
	out := filepath.Join(cfg.out, t.archive())
	if cfg.check {
		out = filepath.Join(dir, t.archive())
	}
	var buf bytes.Buffer
	if err := writeArchive(&buf, t, files, info.stamp); err != nil {
		return err
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	tried, err := verifyOne(t, buf.Bytes(), shared, dir)
	if err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if cfg.check {
		_, err = fmt.Fprintf(w, "dist: %s builds (%s); its archive checked; %s\n", t, strings.Join(sizes, ", "), tried)
		return err
	}
	_, err = fmt.Fprintf(w, "dist: %s %.1f MB (%s); checked; %s\n", out, float64(buf.Len())/1e6, strings.Join(sizes, ", "), tried)
	return err
}

// verifyOne reads t's archive back and checks its layout (checkLayout)
// and that its programs are t's, windowed or console ones as programs
// says (checkBinary);
// when this machine runs t's programs it also unpacks the archive into dir
// and follows the HOWTO there (tryUnpacked). It says what it tried.
func verifyOne(t target, archive []byte, shared []entry, dir string) (string, error) {
	got, err := readArchive(t, archive)
	if err != nil {
		return "", err
	}
	if err := checkLayout(t, got, shared); err != nil {
		return "", err
	}
	for _, f := range got {
		if f.mode.Perm() == 0o755 && !f.mode.IsDir() {
			if err := checkBinary(t, isGUI(t, f.name), f.body); err != nil {
				return "", fmt.Errorf("%s: %w", f.name, err)
			}
		}
	}
	if !isHost(t) {
		return fmt.Sprintf("not run on this %s/%s machine", runtime.GOOS, runtime.GOARCH), nil
	}
	unpack := filepath.Join(dir, "unpacked")
	if err := os.Mkdir(unpack, 0o755); err != nil {
		return "", err
	}
	return tryUnpacked(t, got, unpack)
}

// sharedFiles are the files every archive holds beside the programs:
// weights.toml and every scenario (scenarios/*.toml and the fit's example,
// scenarios/fit/*.toml), with line ends as in the checkout.
func sharedFiles() ([]entry, error) {
	w, err := os.ReadFile("weights.toml")
	if err != nil {
		return nil, fmt.Errorf("%w (run dist from the checkout's root)", err)
	}
	files := []entry{{name: "weights.toml", mode: 0o644, body: w}}
	for _, dir := range []string{"scenarios", "scenarios/fit"} {
		scenarios, err := filepath.Glob(filepath.Join(filepath.FromSlash(dir), "*.toml"))
		if err != nil {
			return nil, err
		}
		if len(scenarios) == 0 && dir == "scenarios" {
			return nil, fmt.Errorf("no scenarios/*.toml (run dist from the checkout's root)")
		}
		sort.Strings(scenarios)
		for _, s := range scenarios {
			b, err := os.ReadFile(s)
			if err != nil {
				return nil, err
			}
			files = append(files, entry{name: dir + "/" + filepath.Base(s), mode: 0o644, body: b})
		}
	}
	return files, nil
}

// scenarioFiles are the names of the scenarios among files.
func scenarioFiles(files []entry) []string {
	var names []string
	for _, f := range files {
		if strings.HasPrefix(f.name, "scenarios/") {
			names = append(names, f.name)
		}
	}
	return names
}

// buildInfoT is what every HOWTO.txt says of the build.
type buildInfoT struct {
	version   string    // git describe of the checkout, or "unknown"
	goVersion string    // the Go that builds
	stamp     time.Time // the commit's time: every archive entry's
}

// buildInfo asks git and the go command; what they cannot say is "unknown"
// (and the stamp the Unix epoch), never an error.
func buildInfo(goCmd string) buildInfoT {
	out := func(name string, args ...string) string {
		b, err := exec.Command(name, args...).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	info := buildInfoT{version: out("git", "describe", "--tags", "--always", "--dirty"), goVersion: out(goCmd, "env", "GOVERSION")}
	if info.version == "" {
		info.version = "unknown"
	}
	if info.goVersion == "" {
		info.goVersion = "unknown"
	}
	if s, err := strconv.ParseInt(out("git", "log", "-1", "--format=%ct"), 10, 64); err == nil {
		info.stamp = time.Unix(s, 0).UTC()
	} else {
		info.stamp = time.Unix(0, 0).UTC()
	}
	return info
}

// writeArchive writes files under t.base()/ as t's kind of archive, every
// entry stamped with stamp and in the order given, so that the same files
// give the same bytes.
func writeArchive(out io.Writer, t target, files []entry, stamp time.Time) error {
	dirs := dirsOf(files)
	if strings.HasSuffix(t.archive(), ".zip") {
		zw := zip.NewWriter(out)
		for _, d := range dirs {
			h := &zip.FileHeader{Name: path.Join(t.base(), d) + "/", Modified: stamp}
			h.SetMode(fs.ModeDir | 0o755)
			if _, err := zw.CreateHeader(h); err != nil {
				return err
			}
		}
		for _, f := range files {
			h := &zip.FileHeader{Name: path.Join(t.base(), f.name), Method: zip.Deflate, Modified: stamp}
			h.SetMode(f.mode)
			fw, err := zw.CreateHeader(h)
			if err != nil {
				return err
			}
			if _, err := fw.Write(f.body); err != nil {
				return err
			}
		}
		return zw.Close()
	}
	gz, err := gzip.NewWriterLevel(out, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, d := range dirs {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: path.Join(t.base(), d) + "/", Mode: 0o755, ModTime: stamp, Format: tar.FormatUSTAR}); err != nil {
			return err
		}
	}
	for _, f := range files {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: path.Join(t.base(), f.name), Mode: int64(f.mode.Perm()), Size: int64(len(f.body)), ModTime: stamp, Format: tar.FormatUSTAR}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(f.body); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// dirsOf lists the folders the archive holds: its own (".") and every
// folder a file is in, parents first.
func dirsOf(files []entry) []string {
	seen := map[string]bool{".": true}
	dirs := []string{"."}
	for _, f := range files {
		var chain []string
		for d := path.Dir(f.name); !seen[d]; d = path.Dir(d) {
			seen[d] = true
			chain = append([]string{d}, chain...)
		}
		dirs = append(dirs, chain...)
	}
	return dirs
}

// macOSMinimum reads the oldest macOS a Mach-O binary runs on from its
// LC_BUILD_VERSION load command, as "macOS 12.0".
func macOSMinimum(file string) (string, error) {
	f, err := macho.Open(file)
	if err != nil {
		return "", err
	}
	defer func() { _ = f.Close() }()
	const lcBuildVersion = 0x32
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) < 16 || f.ByteOrder.Uint32(raw) != lcBuildVersion {
			continue
		}
		minos := f.ByteOrder.Uint32(raw[12:16])
		return fmt.Sprintf("macOS %d.%d", minos>>16, (minos>>8)&0xff), nil
	}
	return "", fmt.Errorf("%s: no LC_BUILD_VERSION load command", file)
}
