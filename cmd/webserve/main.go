// Command webserve serves the browser build of the demo (make web) on a local
// address: a plain static file server that sends .wasm as application/wasm,
// which WebAssembly.instantiateStreaming requires.
//
//	go run ./cmd/webserve -dir build/web -addr 127.0.0.1:8080
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

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
	srv := &http.Server{Addr: addr, Handler: handler(dir), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			// Connections still open after 3 s: ListenAndServe has returned
			// already, so say it here.
			fmt.Fprintln(os.Stderr, "webserve: shutdown:", err)
		}
	}()
	fmt.Printf("serving %s on http://%s/ (Ctrl+C stops)\n", dir, addr)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// handler serves dir, with .wasm as application/wasm and no caching, so a
// rebuilt demo is picked up on reload.
func handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
