#!/usr/bin/env bash
# morale-consumer.sh [TOOLCHAIN] — what a game that imports only morale gets.
#
# Builds a throwaway module in a temporary directory that imports
# github.com/moralebreak/moralebreak/morale (replaced by this checkout's
# morale/), runs `go mod tidy`, and fails unless:
#   - its module graph is itself, morale and github.com/BurntSushi/toml, nothing else;
#   - its go.sum names no other module;
#   - it builds, vets and runs with TOOLCHAIN (default go1.24.0, the `go`
#     line of morale/go.mod), fetched through the module proxy if missing.
# Leaves nothing behind.
set -euo pipefail
toolchain=${1:-go1.24.0}
go=${GO:-go}
root=$(cd "$(dirname "$0")/.." && pwd)
lib=github.com/moralebreak/moralebreak/morale
want_dep=github.com/BurntSushi/toml

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
export GOWORK=off GOTOOLCHAIN=$toolchain GOFLAGS=-buildvcs=false

cat >go.mod <<EOF
module example.com/consumer

go 1.24

replace $lib => $root/morale
EOF
cat >main.go <<'EOF'
// Command consumer is a game that uses only morale: one squad, one bad
// event, a few seconds of simulation, the settings written as TOML.
package main

import (
	"fmt"
	"io"
	"log"

	"github.com/moralebreak/moralebreak/morale"
)

func main() {
	w, err := morale.NewWorld(morale.DefaultSettings(), 1)
	if err != nil {
		log.Fatal(err)
	}
	a := w.Spawn(1, morale.Vec2{})
	if err := a.ReportEvent(morale.LeaderDown, 1); err != nil {
		log.Fatal(err)
	}
	w.Advance(3)
	if err := morale.WriteSettings(io.Discard, w.Settings()); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("consumer: after 3s morale %.3f, %v\n", a.Morale(), a.State())
}
EOF

if ! "$go" mod tidy 2>tidy.log; then
	cat tidy.log >&2
	exit 1
fi
got_version=$("$go" version | awk '{print $3}')
if [ "$got_version" != "$toolchain" ]; then
	echo "morale-consumer: ran $got_version; want $toolchain" >&2
	exit 1
fi

# The module graph: ourselves, morale (replaced), BurntSushi/toml. Nothing else.
deps=$("$go" list -m -f '{{if not .Main}}{{.Path}}{{end}}' all | grep -v -x "$lib" || true)
if [ "$deps" != "$want_dep" ]; then
	echo "morale-consumer: importing only morale pulls in:" >&2
	echo "${deps:-(nothing)}" >&2
	echo "want exactly $want_dep" >&2
	echo "--- go.mod:" >&2
	cat go.mod >&2
	exit 1
fi
others=$(awk '{print $1}' go.sum | sort -u | grep -v -x "$want_dep" || true)
if [ -n "$others" ]; then
	echo "morale-consumer: go.sum names modules besides $want_dep:" >&2
	echo "$others" >&2
	exit 1
fi

"$go" vet ./...
"$go" build -o consumer .
./consumer
echo "morale-consumer: ok ($toolchain; go.mod requires $lib and $("$go" list -m -f '{{.Path}} {{.Version}}' "$want_dep") only)"
