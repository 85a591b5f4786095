package main

import (
	"os"
	"syscall"
	"testing"
)

// given tells the standard handles a program is given (a file, a pipe)
// from the nothing Windows gives a windowed one started by a double-click.
func TestGivenHandles(t *testing.T) {
	f, err := os.Open(os.Args[0]) // a file on disk, which wine's RemoveAll of a t.TempDir would fail to remove
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _, _ = r.Close(), w.Close() }()
	for _, tc := range []struct {
		name string
		f    *os.File
		want bool
	}{
		{"a file", f, true},
		{"a pipe", w, true},
		{"no handle (a double-click)", os.NewFile(0, "none"), false},
		{"nil", nil, false},
	} {
		if got := given(tc.f); got != tc.want {
			t.Errorf("given(%s) = %v; want %v", tc.name, got, tc.want)
		}
	}
}

// Standard output and error that were given (go test runs the test with
// them redirected, as `demo.exe -h > help.txt` would) stay, and an error
// reaches them: no message box.
func TestGivenHandlesStay(t *testing.T) {
	out, errs := os.Stdout, os.Stderr
	if !given(out) || !given(errs) {
		t.Skip("SKIPPED: this test's standard output or error is not given")
	}
	useParentConsole()
	if os.Stdout != out || os.Stderr != errs || !given(os.Stderr) {
		os.Stdout, os.Stderr = out, errs
		t.Fatalf("useParentConsole replaced a given handle, or left errors reaching nobody")
	}
}

// A standard error not given (a windowed demo.exe) is pointed at the
// console the test has, if any, as started from cmd.exe; without a
// console, errors reach nobody and showFatal would show them in a box.
func TestMissingStderr(t *testing.T) {
	out, errs := os.Stdout, os.Stderr
	h, err := syscall.GetStdHandle(syscall.STD_ERROR_HANDLE)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		os.Stdout, os.Stderr = out, errs
		setStdHandle(syscall.STD_ERROR_HANDLE, uintptr(h))
	}()
	os.Stderr = os.NewFile(0, "none")
	useParentConsole()
	if os.Stdout != out {
		t.Error("useParentConsole replaced a given standard output")
	}
	con, err := os.OpenFile("CONOUT$", os.O_RDWR, 0)
	if err != nil {
		t.Log("no console")
		if given(os.Stderr) || os.Stderr.Fd() != 0 {
			t.Errorf("without a console: stderr given = %v, its handle %#x; want false (showFatal's box), 0", given(os.Stderr), os.Stderr.Fd())
		}
		return
	}
	_ = con.Close()
	t.Log("a console")
	var mode uint32
	if !given(os.Stderr) || syscall.GetConsoleMode(syscall.Handle(os.Stderr.Fd()), &mode) != nil {
		t.Errorf("with a console: stderr given = %v, %s; want true, the console", given(os.Stderr), os.Stderr.Name())
	}
	if got, _ := syscall.GetStdHandle(syscall.STD_ERROR_HANDLE); got != syscall.Handle(os.Stderr.Fd()) {
		t.Errorf("the process's standard error handle is %#x; want the console's, %#x, for a panic", got, os.Stderr.Fd())
	}
}
