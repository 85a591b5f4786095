package main

import (
	"os"
	"strings"
	"syscall"
	"unsafe"
)

// On Windows the archive's demo.exe is a windowed program (scripts/dist
// links it with -H=windowsgui), so that a double-click opens no console
// window beside the game: Windows gives such a program no console and no
// standard output or error. useParentConsole gives them back when there is
// someone to read them, and showFatal shows a fatal error when there is not.

var (
	kernel32          = syscall.NewLazyDLL("kernel32.dll")
	procAttachConsole = kernel32.NewProc("AttachConsole")
	procSetStdHandle  = kernel32.NewProc("SetStdHandle")
	procMessageBoxW   = syscall.NewLazyDLL("user32.dll").NewProc("MessageBoxW")
)

// attachParentProcess is AttachConsole's ATTACH_PARENT_PROCESS, (DWORD)-1.
const attachParentProcess = ^uint32(0)

// useParentConsole attaches the demo to the console of the program that
// started it (cmd.exe, PowerShell), if it has one, and points standard
// output and error that were not given to the demo (a windowed program
// started from a console) at that console, so that demo -h, the demo's
// errors and its notes print there; a standard handle that was given (a
// console program, or redirected to a file or a pipe) stays. Started by a
// double-click there is no console to attach to: nothing prints, and
// showFatal shows the demo's last words in a message box instead.
func useParentConsole() {
	// Its result does not matter: the attach fails, too, when the demo
	// has a console already (a console program, or under wine, which
	// gives a windowed program its parent's), and opening the console's
	// output is the test that there is one.
	_, _, _ = procAttachConsole.Call(uintptr(attachParentProcess))
	// Read and write: Go writes to a console handle with WriteConsoleW
	// (Unicode, whatever the code page) only when GetConsoleMode, which
	// needs read access, succeeds on it.
	con, _ := os.OpenFile("CONOUT$", os.O_RDWR, 0) // nil without a console: started by a double-click
	for _, s := range []struct {
		f   **os.File
		std int
	}{{&os.Stdout, syscall.STD_OUTPUT_HANDLE}, {&os.Stderr, syscall.STD_ERROR_HANDLE}} {
		switch {
		case given(*s.f), con == nil: // kept; without a console, showFatal speaks instead
		default:
			*s.f = con
			// The runtime writes a panic to the process's standard error
			// handle, not to os.Stderr.
			setStdHandle(s.std, con.Fd())
		}
	}
}

// setStdHandle makes h the process's standard handle std
// (syscall.STD_OUTPUT_HANDLE, syscall.STD_ERROR_HANDLE), a DWORD.
func setStdHandle(std int, h uintptr) {
	_, _, _ = procSetStdHandle.Call(uintptr(uint32(std)), h)
}

// given says whether f is a standard handle Windows gave the demo: a
// console, a file or a pipe, not the nothing a windowed program gets.
func given(f *os.File) bool {
	if f == nil {
		return false
	}
	h := syscall.Handle(f.Fd())
	if h == 0 || h == syscall.InvalidHandle {
		return false
	}
	t, err := syscall.GetFileType(h)
	return err == nil && t != syscall.FILE_TYPE_UNKNOWN
}

// showFatal shows msg, the error the demo exits with, in a message box when
// its standard error reaches nobody (started by a double-click: after
// useParentConsole, os.Stderr is still the nothing it was not given):
// without it the demo would vanish without a word, its window never opened
// or gone. A demo started from a console, or with its errors redirected,
// shows none: the error printed there is enough.
func showFatal(msg string) {
	if given(os.Stderr) {
		return
	}
	const mbOK, mbIconError, mbSetForeground = 0x0, 0x10, 0x10000
	text, err := syscall.UTF16PtrFromString(strings.ReplaceAll(msg, "\x00", ""))
	if err != nil {
		return
	}
	title, err := syscall.UTF16PtrFromString("MoraleBreak demo")
	if err != nil {
		return
	}
	_, _, _ = procMessageBoxW.Call(0, uintptr(unsafe.Pointer(text)), uintptr(unsafe.Pointer(title)), mbOK|mbIconError|mbSetForeground)
}
