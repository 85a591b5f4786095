// Command installcheck proves the install a designer with Go uses:
//
//	go install github.com/moralebreak/moralebreak/cmd/demo@latest github.com/moralebreak/moralebreak/cmd/moralesim@latest
//
// It writes a module proxy (GOPROXY=file://…) into a temporary directory
// from the checkout's HEAD commit, as a proxy serves a tagged release: the
// demo's module at version -version, and morale/ at the version go.mod
// requires. Then, in an empty directory outside the checkout, with a
// module cache of its own (every other module comes from the real
// cache's downloads, checked against go.sum), it runs that go install and
// the installed programs (moralesim lint weights.toml, demo -h). It fails
// when go install refuses the module (a replace directive in go.mod does
// that) or a program does not run. Uncommitted changes are not in HEAD,
// so they are not checked.
//
//	go run ./scripts/installcheck [-version v0.1.0] [-keep]
//
// Run it from the checkout's root (make installcheck).
package main

import (
	"archive/tar"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// The modules of this checkout.
const (
	rootPath   = "github.com/moralebreak/moralebreak"
	moralePath = rootPath + "/morale"
)

// config is what the flags say.
type config struct {
	version string // the demo module's version in the proxy
	keep    bool   // leave the temporary directory, and say where
}

func main() {
	cfg, err := parseConfig(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "installcheck:", err)
		os.Exit(2)
	}
	if err := run(cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "installcheck:", err)
		os.Exit(1)
	}
}

func parseConfig(args []string, usage io.Writer) (config, error) {
	fs := flag.NewFlagSet("installcheck", flag.ContinueOnError)
	fs.SetOutput(usage)
	var c config
	fs.StringVar(&c.version, "version", "v0.1.0", "the version the proxy serves the demo's module at")
	fs.BoolVar(&c.keep, "keep", false, "keep the temporary proxy, module cache and programs")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err := module.Check(rootPath, c.version); err != nil {
		return c, fmt.Errorf("-version: %w", err)
	}
	return c, nil
}

// printer writes lines to w and keeps the first error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) say(format string, args ...any) {
	if _, err := fmt.Fprintf(p.w, format+"\n", args...); err != nil && p.err == nil {
		p.err = err
	}
}

// run writes the proxy, installs from it and runs what it installed.
func run(cfg config, w io.Writer) (err error) {
	p := &printer{w: w}
	repo, err := output("git", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	commit, err := output("git", "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	gomod, err := output("git", "show", "HEAD:go.mod")
	if err != nil {
		return err
	}
	f, err := modfile.ParseLax("go.mod", []byte(gomod), nil)
	if err != nil {
		return err
	}
	moraleVersion := ""
	for _, r := range f.Require {
		if r.Mod.Path == moralePath {
			moraleVersion = r.Mod.Version
		}
	}
	if moraleVersion == "" {
		return fmt.Errorf("go.mod at HEAD does not require %s", moralePath)
	}
	secs, err := output("git", "log", "-1", "--format=%ct", "HEAD")
	if err != nil {
		return err
	}
	ct, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return err
	}
	when := time.Unix(ct, 0).UTC()
	realCache, err := output(goCmd(), "env", "GOMODCACHE")
	if err != nil {
		return err
	}

	tmp, err := os.MkdirTemp("", "moralebreak-installcheck")
	if err != nil {
		return err
	}
	defer func() {
		if cfg.keep {
			p.say("installcheck: kept %s", tmp)
		} else {
			// The module cache's files are read-only unless -modcacherw.
			err = errors.Join(err, os.RemoveAll(tmp))
		}
		err = errors.Join(err, p.err)
	}()
	src, proxy := filepath.Join(tmp, "src"), filepath.Join(tmp, "proxy")
	if err := exportHEAD(repo, src); err != nil {
		return err
	}
	for _, m := range []struct{ path, version, subdir string }{
		{rootPath, cfg.version, "."},
		{moralePath, moraleVersion, "morale"},
	} {
		if err := addModule(proxy, filepath.Join(src, m.subdir), m.path, m.version, when); err != nil {
			return err
		}
	}
	p.say("installcheck: proxy of %s at %s and %s at %s, from HEAD %.12s", rootPath, cfg.version, moralePath, moraleVersion, commit)

	empty, bin := filepath.Join(tmp, "empty"), filepath.Join(tmp, "bin")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		return err
	}
	env := append(os.Environ(),
		"GOWORK=off", "GOTOOLCHAIN=local", "GOSUMDB=off", "CGO_ENABLED=0",
		// -trimpath: the programs compile the same as make dist's, whose
		// build cache they share.
		"GOFLAGS=-modcacherw -trimpath",
		"GOMODCACHE="+filepath.Join(tmp, "mod"),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(realCache, "cache", "download")),
		"GOBIN="+bin)
	install := []string{"install", rootPath + "/cmd/demo@latest", rootPath + "/cmd/moralesim@latest"}
	p.say("installcheck: go %s", strings.Join(install, " "))
	if err := runIn(empty, env, w, goCmd(), install...); err != nil {
		return err
	}
	exe := func(name string) string {
		if _, err := os.Stat(filepath.Join(bin, name+".exe")); err == nil {
			return filepath.Join(bin, name+".exe")
		}
		return filepath.Join(bin, name)
	}
	if err := runIn(empty, os.Environ(), w, exe("moralesim"), "lint", filepath.Join(repo, "weights.toml")); err != nil {
		return err
	}
	if err := runIn(empty, os.Environ(), io.Discard, exe("demo"), "-h"); err != nil {
		return err
	}
	p.say("installcheck: ok: go install …@latest installs demo and moralesim, and both run")
	return nil
}

// exportHEAD writes the files of repo's HEAD commit into dir (git archive:
// what a tag of HEAD holds, in a plain clone or a worktree alike).
func exportHEAD(repo, dir string) error {
	cmd := exec.Command("git", "-C", repo, "archive", "--format=tar", "HEAD")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	xerr := untar(out, dir)
	if _, err := io.Copy(io.Discard, out); xerr == nil && err != nil {
		xerr = err
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git archive HEAD: %w", err)
	}
	return xerr
}

// untar writes the directories, files and links of a tar stream into dir.
func untar(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(name, filepath.Clean(dir)+string(os.PathSeparator)) {
			continue // git archive writes no such name; skip it rather than write outside dir
		}
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(name, 0o755)
		case tar.TypeReg:
			err = writeFile(name, tr, h.FileInfo().Mode().Perm())
		case tar.TypeSymlink:
			err = os.Symlink(h.Linkname, name)
		}
		if err != nil {
			return err
		}
	}
}

// writeFile writes r to a new file name with mode perm.
func writeFile(name string, r io.Reader, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	return errors.Join(err, f.Close())
}

// addModule adds module path at version, made of the files in dir (nested
// modules left out, as a tag's zip leaves them), to the file proxy at
// proxy.
func addModule(proxy, dir, path, version string, when time.Time) error {
	esc, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(proxy, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	mv := module.Version{Path: path, Version: version}
	z, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(z, mv, dir); err != nil {
		return errors.Join(fmt.Errorf("%s@%s: %w", path, version, err), z.Close())
	}
	if err := z.Close(); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when})
	if err != nil {
		return err
	}
	for name, body := range map[string][]byte{version + ".mod": mod, version + ".info": info, "list": []byte(version + "\n")} {
		if err := os.WriteFile(filepath.Join(at, name), body, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goCmd is the go command: $GO, or go.
func goCmd() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// output runs a command and returns its trimmed output; its error names it.
func output(name string, args ...string) (string, error) {
	b, err := exec.Command(name, args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%w: %s", err, strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(b)), nil
}

// runIn runs a command in dir with env, its output to w.
func runIn(dir string, env []string, w io.Writer, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, env, w, w
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", filepath.Base(name), strings.Join(args, " "), err)
	}
	return nil
}
