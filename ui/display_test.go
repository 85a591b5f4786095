//go:build !js

package ui_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/exp/vmhost"
	"github.com/moralebreak/moralebreak/internal/windowtest"
	"github.com/moralebreak/moralebreak/ui"
	"github.com/moralebreak/moralebreak/ui/published"
)

// Tests that need a display build the real demo and run it as a separate
// process. Without a display they skip, saying why.

const hostEnv = "MORALEBREAK_E2E_HOST" // set: this test binary is the vmhost host

var (
	binDir  string
	buildMu sync.Mutex
	built   = map[string]string{}
)

func TestMain(m *testing.M) {
	if os.Getenv(hostEnv) != "" {
		if err := runHost(); err != nil {
			fmt.Fprintln(os.Stderr, "e2e host:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	var err error
	if binDir, err = os.MkdirTemp("", "mbui"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := windowtest.Run(m, "ui")
	_ = os.RemoveAll(binDir)
	os.Exit(code)
}

func needDisplay(t *testing.T) {
	t.Helper()
	windowtest.Skip(t)
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: builds and runs the demo")
	}
}

// buildDemo builds cmd/demo (with build tags, if any) once per test run.
func buildDemo(t *testing.T, tags string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if p, ok := built[tags]; ok {
		return p
	}
	out := filepath.Join(binDir, "demo"+strings.ReplaceAll(tags, ",", "_"))
	args := []string{"build", "-o", out}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, "../cmd/demo")...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the demo: %v\n%s", err, b)
	}
	built[tags] = out
	return out
}

func TestScreenshotModeWritesTheFrame(t *testing.T) {
	needDisplay(t)
	demo := buildDemo(t, "")
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	cmd := exec.Command(demo, "-weights", filepath.Join(dir, "weights.toml"), "-screenshot", shot, "-at", "6")
	start := time.Now()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("demo -screenshot: %v\n%s", err, b)
	}
	t.Logf("6 s of simulation and one frame took %v of wall time", time.Since(start).Round(time.Millisecond))
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	t.Cleanup(func() {
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	})
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != ui.ScreenW || b.Dy() != ui.ScreenH {
		t.Fatalf("screenshot is %dx%d; want %dx%d", b.Dx(), b.Dy(), ui.ScreenW, ui.ScreenH)
	}
	r := ui.ScreenRegions()
	for name, rect := range map[string]image.Rectangle{"battlefield": r.Field, "timeline": r.Timeline, "panel": r.Panel} {
		if n := colours(img, rect); n < 20 {
			t.Errorf("the %s region has %d distinct colours; want a drawn picture (>= 20)", name, n)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "weights.toml")); err != nil {
		t.Errorf("the demo did not create the missing weights file: %v", err)
	}
}

func colours(img image.Image, r image.Rectangle) int {
	seen := map[[4]uint32]bool{}
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			c0, c1, c2, c3 := img.At(x, y).RGBA()
			seen[[4]uint32{c0, c1, c2, c3}] = true
		}
	}
	return len(seen)
}

// TestEndToEndClickKillsSoldier drives the real demo headless through
// Ebitengine's exp/vmhost: the demo runs as a guest, this test binary (started
// again with hostEnv set) is the host that injects real mouse input. It pauses
// the battle with Space, clicks a living soldier where the demo published him
// on screen, and checks that the demo then reports him down.
func TestEndToEndClickKillsSoldier(t *testing.T) {
	needDisplay(t)
	if out := runGuest(t, ""); !strings.Contains(out, "is down") {
		t.Fatalf("the host did not see the soldier go down")
	}
}

// TestEndToEndFirstClickAfterTyping: a click on the field does what it
// says the first time, after a command typed in the console or a value in
// the tuner with the cursor over them, the cursor moved to a soldier and
// the button pressed in one tick. The console's answer tells the
// designer to right-click a soldier: that click selects him; in the
// tuner a right click selects and a left click kills, each closing the
// value typed and applying it, as a click elsewhere does. The App took
// ebitenui's hover from its last drawing of the widgets, which the panel
// cache skips while they do not change: the first click was taken as one
// on the widgets and did nothing.
func TestEndToEndFirstClickAfterTyping(t *testing.T) {
	needDisplay(t)
	if out := runGuest(t, "firstclick"); !strings.Contains(out, "killed by the first left click") {
		t.Fatalf("the host did not get through the first clicks")
	}
}

// runGuest runs the demo as a vmhost guest, this test binary as its host
// running script ("": the click that kills, then the console and the
// weights file; "firstclick": the first clicks after typing), and returns
// the host's output; the script's error fails t.
func runGuest(t *testing.T, script string) string {
	t.Helper()
	guest := buildDemo(t, "ebitenginevmguest")
	dir := t.TempDir()
	if keep := os.Getenv("MORALEBREAK_E2E_FRAMES"); keep != "" {
		dir = filepath.Join(keep, t.Name()) // keep the frames to look at
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// vmhost launches are occasionally flaky (its own docs say to retry
	// once): a run whose guest never connected is tried a second time.
	var out []byte
	var err error
	for attempt := 1; attempt <= 2; attempt++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), hostEnv+"=1", "MB_GUEST="+guest, "MB_DIR="+dir, "MB_SCRIPT="+script)
		out, err = cmd.CombinedOutput()
		t.Logf("host output (attempt %d):\n%s", attempt, out)
		if err == nil || !strings.Contains(string(out), "did not connect") {
			break
		}
	}
	if err != nil {
		t.Fatalf("end-to-end run failed: %v (frames in %s)", err, dir)
	}
	return string(out)
}

// ---- the host side (runs in the re-executed test binary) ----

type host struct {
	guest  *vmhost.GuestSession
	screen *ebiten.Image
	dir    string
	err    error
	done   bool
}

func runHost() (err error) {
	guestBin, dir := os.Getenv("MB_GUEST"), os.Getenv("MB_DIR")
	sock, err := os.MkdirTemp("", "vg")
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, os.RemoveAll(sock)) }()
	ln, err := net.Listen("unix", filepath.Join(sock, "g.sock"))
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, ln.Close()) }()
	endpoint, err := vmhost.EndpointURLFromAddr(ln.Addr())
	if err != nil {
		return err
	}
	cmd := exec.Command(guestBin, "-weights", filepath.Join(dir, "weights.toml"), "-state", filepath.Join(dir, "state.json"))
	cmd.Env = append(os.Environ(), "EBITENGINE_VM_ENDPOINT="+endpoint)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if dl, ok := ln.(interface{ SetDeadline(time.Time) error }); ok {
		_ = dl.SetDeadline(time.Now().Add(30 * time.Second))
	}
	conn, err := ln.Accept()
	if err != nil {
		return fmt.Errorf("the guest did not connect: %w", err)
	}
	gs, err := vmhost.NewGuestSession(conn, &vmhost.NewGuestSessionOptions{IdleTimeout: 30 * time.Second})
	if err != nil {
		return err
	}
	h := &host{guest: gs, dir: dir}
	ebiten.SetWindowVisible(false)
	if err := ebiten.RunGame(h); err != nil {
		return err
	}
	return h.err
}

func (h *host) Update() error {
	if h.done {
		return ebiten.Termination
	}
	h.done = true
	defer func() { _ = h.guest.Close() }()
	if os.Getenv("MB_SCRIPT") == "firstclick" {
		h.err = h.firstClicks()
	} else {
		h.err = h.script()
	}
	return ebiten.Termination
}

// frame draws the guest's next frame, keeps it as name.png and returns
// the state the demo published.
func (h *host) frame(name string) (published.State, error) {
	var st published.State
	g := h.guest
	g.AdvanceFrame()
	if !g.WaitFrame() || !g.CompositeFrame() {
		return st, fmt.Errorf("no frame %s: %v", name, g.Err())
	}
	if err := savePNG(h.screen, filepath.Join(h.dir, name+".png")); err != nil {
		return st, err
	}
	b, err := os.ReadFile(filepath.Join(h.dir, "state.json"))
	if err != nil {
		return st, fmt.Errorf("the demo published no state: %w", err)
	}
	return st, json.Unmarshal(b, &st)
}

// paused sets the guest's screen up, runs the opening three seconds and
// pauses it with Space; it returns the state of the paused frame.
func (h *host) paused() (published.State, error) {
	g := h.guest
	scale := ebiten.Monitor().DeviceScaleFactor()
	h.screen = ebiten.NewImage(int(ui.ScreenW*scale), int(ui.ScreenH*scale))
	if err := g.SetOutsideScreen(h.screen); err != nil {
		return published.State{}, err
	}
	g.AdvanceTicks(3 * 60) // three seconds into the opening
	h.tap(ebiten.KeySpace)
	st, err := h.frame("1-paused")
	if err == nil && !st.Paused {
		err = errors.New("Space did not pause the battle")
	}
	return st, err
}

// livingMen returns the living soldiers of st who are not leaders, the
// ones a script clicks.
func livingMen(st published.State) []published.Soldier {
	var men []published.Soldier
	for _, s := range st.Soldiers {
		if s.Alive && !s.Leader {
			men = append(men, s)
		}
	}
	return men
}

// tap presses key k for a tick.
func (h *host) tap(k ebiten.Key) {
	h.guest.PressKey(k)
	h.guest.AdvanceTicks(1)
	h.guest.ReleaseKey(k)
	h.guest.AdvanceTicks(1)
}

// click moves the cursor to (x, y) and presses button b there in the same
// tick, with no frame drawn in between, then lets it go.
func (h *host) click(b ebiten.MouseButton, x, y float64) {
	h.guest.MoveCursor(x, y)
	h.guest.PressMouseButton(b)
	h.guest.AdvanceTicks(1)
	h.guest.ReleaseMouseButton(b)
	h.guest.AdvanceTicks(2)
}

// typeText types s, a rune a tick.
func (h *host) typeText(s string) {
	for _, r := range s {
		h.guest.TypeRune(r)
		h.guest.AdvanceTicks(1)
	}
}

func (h *host) script() error {
	g := h.guest
	st, err := h.paused()
	if err != nil {
		return err
	}
	men := livingMen(st)
	if len(men) == 0 {
		return fmt.Errorf("no living soldier to click at t=%.2f", st.Time)
	}
	target := men[0]
	fmt.Printf("clicking %s (id %d) at (%.0f, %.0f), t=%.2f s\n", target.Name, target.ID, target.X, target.Y, st.Time)
	g.MoveCursor(target.X, target.Y)
	g.AdvanceTicks(1)
	if _, err := h.frame("2-hover"); err != nil {
		return err
	}
	h.click(ebiten.MouseButtonLeft, target.X, target.Y)
	st, err = h.frame("3-clicked")
	if err != nil {
		return err
	}
	for _, s := range st.Soldiers {
		if s.ID == target.ID {
			if s.Alive {
				return fmt.Errorf("%s is still alive after the click", s.Name)
			}
			fmt.Printf("%s is down\n", s.Name)
			return h.console()
		}
	}
	return fmt.Errorf("soldier %d vanished from the published state", target.ID)
}

// console opens the console with the backquote, runs help and keeps the frame.
func (h *host) console() error {
	g := h.guest
	h.tap(ebiten.KeyBackquote)
	g.AdvanceFrame()
	g.WaitFrame()
	h.typeText("MoraleBreak.Dump")
	h.tap(ebiten.KeyEnter)
	g.AdvanceTicks(1)
	g.AdvanceFrame()
	if !g.WaitFrame() || !g.CompositeFrame() {
		return fmt.Errorf("no console frame: %v", g.Err())
	}
	if err := savePNG(h.screen, filepath.Join(h.dir, "4-console.png")); err != nil {
		return err
	}
	return h.reload()
}

// firstClicks types in the console, then in the tuner, the cursor over
// them as each frame is drawn, and clicks soldiers on the field each time
// at once (click): the first click selects, or kills
// (TestEndToEndFirstClickAfterTyping).
func (h *host) firstClicks() error {
	st, err := h.paused()
	if err != nil {
		return err
	}
	men := livingMen(st)
	if len(men) < 2 {
		return fmt.Errorf("%d living soldiers at t=%.2f s; want two to click", len(men), st.Time)
	}
	first, second := men[0], men[1]
	whyOf := func(st published.State, name string) bool { return strings.HasPrefix(st.Why, "Why · "+name+" ") }

	// the console's MoraleBreak.Why, typed with the cursor over its line
	line := ui.ScreenRegions().Timeline
	h.guest.MoveCursor(float64(line.Min.X+line.Dx()/2), float64(line.Max.Y-12))
	h.tap(ebiten.KeyBackquote)
	h.typeText("MoraleBreak.Why")
	h.tap(ebiten.KeyEnter)
	if st, err = h.frame("2-console"); err != nil {
		return err
	}
	if n := len(st.Console); !st.ConsoleOpen || n == 0 || !strings.Contains(st.Console[n-1], "right-click one") {
		return fmt.Errorf("the console (open %v) answered %q; want it to ask for a right click", st.ConsoleOpen, st.Console)
	}
	h.click(ebiten.MouseButtonRight, first.X, first.Y)
	if st, err = h.frame("3-console-selected"); err != nil {
		return err
	}
	if !whyOf(st, first.Name) {
		return fmt.Errorf("after typing in the console, the first right click on %s selected nobody: Why %q", first.Name, st.Why)
	}
	fmt.Printf("%s selected by the first right click after the console\n", first.Name)

	// a tuner value typed, then a right click on another soldier
	h.tap(ebiten.KeyBackquote) // the console closes
	row := st.Tuner[0]
	valueAt := func() {
		h.click(ebiten.MouseButtonLeft, float64(row.Box.X+row.Box.W/2), float64(row.Box.Y+row.Box.H/2))
	}
	valueAt()
	h.typeText("0.55")
	if st, err = h.frame("4-typing"); err != nil {
		return err
	}
	if st.Tuner[0].Typing != "0.55" {
		return fmt.Errorf("%s's value typed: %q; want 0.55", row.Name, st.Tuner[0].Typing)
	}
	h.click(ebiten.MouseButtonRight, second.X, second.Y)
	if st, err = h.frame("5-tuner-selected"); err != nil {
		return err
	}
	if got := st.Tuner[0]; !whyOf(st, second.Name) || got.Typing != "" || got.Value != "0.55" {
		return fmt.Errorf("after typing 0.55 in the tuner, the first right click on %s: Why %q, %s typing %q, its value %s; want him selected and 0.55 applied",
			second.Name, st.Why, row.Name, got.Typing, got.Value)
	}
	fmt.Printf("%s selected by the first right click after the tuner\n", second.Name)

	// typed again, then a left click on him (the Why panel leaves him clear)
	valueAt()
	h.typeText("0.5")
	if _, err = h.frame("6-typing"); err != nil {
		return err
	}
	h.click(ebiten.MouseButtonLeft, second.X, second.Y)
	if st, err = h.frame("7-killed"); err != nil {
		return err
	}
	for _, s := range st.Soldiers {
		if got := st.Tuner[0]; s.ID == second.ID && (s.Alive || got.Typing != "" || got.Value != "0.50") {
			return fmt.Errorf("after typing 0.5 in the tuner, the first left click on %s: alive %v, %s typing %q, its value %s; want him dead and 0.50 applied",
				s.Name, s.Alive, row.Name, got.Typing, got.Value)
		}
	}
	fmt.Printf("%s killed by the first left click after the tuner\n", second.Name)
	return nil
}

// reload edits the watched weights file from outside: a broken file shows a
// banner naming the line, a good one applies.
func (h *host) reload() error {
	path := filepath.Join(h.dir, "weights.toml")
	wait := func(name string) (published.State, error) {
		var st published.State
		time.Sleep(time.Second) // the watcher debounces in wall-clock time
		h.guest.AdvanceTicks(2)
		h.guest.AdvanceFrame()
		if !h.guest.WaitFrame() || !h.guest.CompositeFrame() {
			return st, fmt.Errorf("no frame %s: %v", name, h.guest.Err())
		}
		if err := savePNG(h.screen, filepath.Join(h.dir, name+".png")); err != nil {
			return st, err
		}
		b, err := os.ReadFile(filepath.Join(h.dir, "state.json"))
		if err != nil {
			return st, err
		}
		return st, json.Unmarshal(b, &st)
	}
	if err := os.WriteFile(path, []byte("ShakenBelow = 0.6\nPanicBelow = = 0.2\n"), 0o644); err != nil {
		return err
	}
	st, err := wait("5-broken-file")
	if err != nil {
		return err
	}
	if !strings.Contains(st.Banner, "line 2") {
		return fmt.Errorf("broken weights file: banner %q does not name line 2", st.Banner)
	}
	fmt.Printf("broken file banner: %q\n", st.Banner)
	if err := os.WriteFile(path, []byte("ShakenBelow = 0.5\n"), 0o644); err != nil {
		return err
	}
	if st, err = wait("6-good-file"); err != nil {
		return err
	}
	if !strings.Contains(st.Banner, "reloaded") {
		return fmt.Errorf("good weights file: banner %q; want it reloaded", st.Banner)
	}
	fmt.Printf("good file banner: %q\n", st.Banner)
	return nil
}

func (h *host) Draw(*ebiten.Image)          {}
func (h *host) Layout(w, hh int) (int, int) { return w, hh }

func savePNG(img *ebiten.Image, path string) error {
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(rgba.Pix)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, rgba); err != nil {
		return errors.Join(err, f.Close())
	}
	return f.Close()
}
