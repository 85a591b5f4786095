package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve starts newServer over dir with the given limits on a free port and
// returns its address.
func serve(t *testing.T, dir string, l limits) string {
	t.Helper()
	srv, closeRoot, err := newServer(dir, l)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Error(err)
		}
		if err := closeRoot(); err != nil {
			t.Error(err)
		}
	})
	return ln.Addr().String()
}

// No file is served through a symlink that leaves the folder (a link to
// /etc served /etc/hostname and a listing); links inside it still work.
func TestServesOnlyInsideTheFolder(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(filepath.Join(web, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, text := range map[string]string{
		filepath.Join(web, "index.html"):       "<p>demo</p>",
		filepath.Join(web, "sub", "demo.wasm"): "\x00asm",
		filepath.Join(dir, "secret.txt"):       "secret",
	} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"etc":        "/etc",
		"secret.txt": "../secret.txt",
		"up":         "..",
		"inside":     "sub",
	} {
		if err := os.Symlink(target, filepath.Join(web, link)); err != nil {
			t.Fatal(err)
		}
	}
	addr := serve(t, web, serveLimits())
	tests := []struct {
		path     string
		status   int
		body, ct string
	}{
		{"/", 200, "demo", ""},
		{"/sub/demo.wasm", 200, "\x00asm", "application/wasm"},
		{"/inside/demo.wasm", 200, "\x00asm", "application/wasm"},
		{"/etc/hostname", 404, "", ""},
		{"/etc/", 404, "", ""},
		{"/secret.txt", 404, "", ""},
		{"/up/secret.txt", 404, "", ""},
		{"/../secret.txt", 404, "", ""},
	}
	for _, tt := range tests {
		resp, err := http.Get("http://" + addr + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		if cerr := resp.Body.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != tt.status || !strings.Contains(string(b), tt.body) {
			t.Errorf("GET %s: %d %q; want %d and %q", tt.path, resp.StatusCode, b, tt.status, tt.body)
		}
		if tt.ct != "" && resp.Header.Get("Content-Type") != tt.ct {
			t.Errorf("GET %s: Content-Type %q; want %q", tt.path, resp.Header.Get("Content-Type"), tt.ct)
		}
		if strings.Contains(string(b), "secret") || strings.Contains(string(b), "passwd") {
			t.Errorf("GET %s served something from outside the folder: %q", tt.path, b)
		}
	}
}

// Idle, stalled and slow-reading connections are closed by the server's
// timeouts (20 idle and 20 slow-reading connections were still open after
// 70 s).
func TestTimeoutsCloseConnections(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.wasm"), make([]byte, 64<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	l := limits{header: 300 * time.Millisecond, read: 300 * time.Millisecond, write: 300 * time.Millisecond, idle: 300 * time.Millisecond}
	addr := serve(t, dir, l)
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
	// closed reports whether the server closes c within d, reading what it
	// sends meanwhile at most every pause.
	closed := func(c net.Conn, d, pause time.Duration) bool {
		deadline := time.Now().Add(d)
		buf := make([]byte, 4096)
		for time.Now().Before(deadline) {
			if err := c.SetReadDeadline(time.Now().Add(pause)); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Read(buf); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					time.Sleep(pause)
					continue
				}
				return true // EOF or reset: closed
			}
			time.Sleep(pause)
		}
		return false
	}
	// Connected, never a byte sent.
	if c := dial(); !closed(c, 5*time.Second, 50*time.Millisecond) {
		t.Error("an idle connection that sent nothing is still open after 5 s")
	}
	// Half a header, then nothing.
	c := dial()
	if _, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")); err != nil {
		t.Fatal(err)
	}
	if !closed(c, 5*time.Second, 50*time.Millisecond) {
		t.Error("a connection stalled inside its header is still open after 5 s")
	}
	// A whole request answered, then the connection kept alive and idle.
	c = dial()
	if _, err := fmt.Fprintf(c, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := resp.Body.Close(); err != nil {
		t.Fatal(err)
	}
	if !closed(c, 5*time.Second, 50*time.Millisecond) {
		t.Error("an idle keep-alive connection is still open after 5 s")
	}
	// A client that asks for 64 MB and does not read: once the write
	// timeout has passed, the server has stopped sending and closed, so what
	// the client can still read is what the socket buffers held, and ends.
	c = dial()
	if _, err := fmt.Fprintf(c, "GET /big.wasm HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	if err := c.SetReadDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	n, err := io.Copy(io.Discard, c)
	if err != nil || n >= 64<<20 {
		t.Errorf("a client that stopped reading got %d bytes and %v; want the connection closed (EOF) well before 64 MB", n, err)
	}
}
