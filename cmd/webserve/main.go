// Command webserve serves the browser build of the demo (make web) on a local
// address: a plain static file server that sends .wasm as application/wasm,
// which WebAssembly.instantiateStreaming requires.
//
//	go run ./cmd/webserve -dir build/web -addr 127.0.0.1:8080
//
// It serves only what lies inside -dir: a symlink is followed only when it
// stays inside (os.Root). Every connection has read, write and idle
// timeouts, so a client that stalls (or never reads) cannot hold one open.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// limits are a server's timeouts: for a request's header, for the whole
// request, for writing the response, and for an idle keep-alive connection.
type limits struct {
	header, read, write, idle time.Duration
}

// serveLimits are webserve's: generous for a local browser fetching a few
// megabytes, short enough that stalled clients do not pile up.
func serveLimits() limits {
	return limits{header: 10 * time.Second, read: 30 * time.Second, write: 2 * time.Minute, idle: 30 * time.Second}
}

func main() {
	dir := flag.String("dir", "build/web", "folder to serve (the output of make web)")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	if err := run(*dir, *addr); err != nil {
		fmt.Fprintln(os.Stderr, "webserve:", err)
		os.Exit(1)
	}
}

func run(dir, addr string) error {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("%s has no index.html; build it first with make web", dir)
	}
	srv, closeRoot, err := newServer(dir, serveLimits())
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return errors.Join(err, closeRoot())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			// Connections still open after 3 s: Serve has returned
			// already, so say it here.
			fmt.Fprintln(os.Stderr, "webserve: shutdown:", err)
		}
	}()
	fmt.Printf("serving %s on http://%s/ (Ctrl+C stops)\n", dir, ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return errors.Join(err, closeRoot())
	}
	return closeRoot()
}

// newServer returns a server of the files inside dir with the timeouts l,
// and the function that closes dir's root once the server is done.
func newServer(dir string, l limits) (*http.Server, func() error, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{
		Handler:           handler(root),
		ReadHeaderTimeout: l.header,
		ReadTimeout:       l.read,
		WriteTimeout:      l.write,
		IdleTimeout:       l.idle,
		MaxHeaderBytes:    64 << 10,
	}
	return srv, root.Close, nil
}

// handler serves the files of root, with .wasm as application/wasm and no
// caching, so a rebuilt demo is picked up on reload. A path that leaves
// root, through .. or a symlink, is not found.
func handler(root *os.Root) http.Handler {
	files := http.FileServerFS(inside{root.FS()})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// inside is a root's file system whose paths that leave the root (through ..
// or a symlink) do not exist, as far as a client can tell: the file server
// answers 404 for them, not 500.
type inside struct{ fsys fs.FS }

func (in inside) Open(name string) (fs.File, error) {
	f, err := in.fsys.Open(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f, err
}
