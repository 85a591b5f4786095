#!/usr/bin/env bash
# rss.sh [SCENE...] — the demo's resident memory under Xvfb (Mesa's
# software renderer when there is no GPU) over a session played as a
# designer plays it, against Ebitengine's own examples/2048 on the same
# display.
#
# For each scene (default: opening armies) it runs the demo for
# RSS_SECONDS seconds (default 600) on its own Xvfb display and, every
# 20 s (xdotool presses the keys and clicks): a shell on open ground,
# another 9 s later, a rewind of 5 s, a weight edited in a copy of
# weights.toml (Suppressed, which the demo reloads), Resume, a look at the
# what-if's original future (A, and back), and every other time Revert.
# It samples VmRSS after every what-if (about every 20 s) and prints one
# line per scene, then the peer, examples/2048 (built from the module cache at go.mod's Ebitengine
# version), run for 30 s on the same display:
#
#   opening  load 1.02→1.10  600 s, 30 what-ifs  rss first 231 MB, peak 238 MB, last 238 MB  heap 22 MB live, images 41 MB
#   2048     load 1.10→1.05  30 s  rss peak 125 MB
#
# "heap" is the Go heap live after the last collection (GODEBUG=gctrace=1),
# "images" the memory Ebitengine's images held at the last -tpslog line
# (in main memory under a software renderer); the rest of the resident
# memory is the GL driver's (libLLVM alone maps about 50 MB), the binary
# and the Go runtime's free pages.
#
# Environment:
#   RSS_SECONDS  seconds per scene (at least 60)
#   DEMO         a demo binary to measure instead of building ./cmd/demo
#
# It changes nothing in the checkout and is not part of `make test`: the
# numbers depend on the GL driver and on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${RSS_SECONDS:-600}
if ! [[ $secs =~ ^[0-9]+$ ]] || [ "$secs" -lt 60 ]; then
	echo "rss.sh: RSS_SECONDS is '$secs'; want a whole number of seconds, at least 60" >&2
	exit 2
fi
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(opening armies)
for c in Xvfb xdotool awk; do
	command -v "$c" >/dev/null || { echo "rss.sh: $c is missing (apt-get install xvfb xdotool)" >&2; exit 1; }
done

tmp=$(mktemp -d)
xpid=
pid=
cleanup() {
	for p in $pid $xpid; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

demo=${DEMO:-}
if [ -z "$demo" ]; then
	go build -o "$tmp/demo" ./cmd/demo
	demo=$tmp/demo
fi
go build -o "$tmp/2048" github.com/hajimehoshi/ebiten/v2/examples/2048

Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xpid=$!
for _ in $(seq 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "rss.sh: Xvfb did not start:" >&2; cat "$tmp/xvfb.log" >&2; exit 1; }
export DISPLAY=:$(head -n1 "$tmp/display")

load() { cut -d' ' -f1 /proc/loadavg; }
rss() { awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$1/status" 2>/dev/null || echo 0; }
# at X Y: move the pointer to (X, Y) of the window's logical screen
at() { xdotool mousemove $((wx + $1)) $((wy + $2)); }

for scene in "${scenes[@]}"; do
	l0=$(load)
	cp weights.toml "$tmp/weights.toml"
	GODEBUG=gctrace=1 "$demo" -tpslog -scene "$scene" -weights "$tmp/weights.toml" >"$tmp/$scene.out" 2>"$tmp/$scene.log" &
	pid=$!
	xdotool search --sync --name MoraleBreak >/dev/null
	geo=$(xdotool search --name MoraleBreak getwindowgeometry | awk '/Position/ { print $2 }')
	wx=${geo%,*} wy=${geo#*,}
	start=$(date +%s) next=$start k=0 samples=()
	sleep 8
	at 1100 12 && xdotool click 1 # the panel's title: focus, nothing else
	while [ $(($(date +%s) - start)) -lt "$secs" ] && kill -0 "$pid" 2>/dev/null; do
		k=$((k + 1))
		at $((500 + k * 37 % 300)) $((150 + k * 53 % 250)) && xdotool click 1 && at 1100 12
		sleep 9
		at $((450 + k * 41 % 300)) $((120 + k * 29 % 250)) && xdotool click 1 && at 1100 12
		for _ in 1 2 3 4 5; do xdotool key comma; sleep 0.15; done
		if [ $((k % 2)) = 0 ]; then v=-0.03; else v=-0.11; fi
		sed -i "s/^Suppressed = .*/Suppressed = $v/" "$tmp/weights.toml"
		sleep 1.2 # the watcher's debounce
		xdotool key space && sleep 4
		xdotool key a && sleep 2 && xdotool key a && sleep 1
		[ $((k % 2)) = 0 ] && xdotool key z
		samples+=("$(rss "$pid")")
	done
	kill -TERM "$pid" 2>/dev/null || true
	wait "$pid" || true
	pid=
	heap=$(awk '/^gc / { split($11, a, "->"); h = a[3] } END { print h + 0 }' "$tmp/$scene.log")
	images=$(awk 'match($0, /images=[0-9.]+/) { m = substr($0, RSTART + 7, RLENGTH - 7) } END { printf "%.0f", m }' "$tmp/$scene.log")
	printf '%-8s load %s→%s  %d s, %d what-ifs  rss first %d MB, peak %d MB, last %d MB  heap %d MB live, images %d MB\n' \
		"$scene" "$l0" "$(load)" "$secs" "$k" "${samples[0]:-0}" \
		"$(printf '%s\n' "${samples[@]:-0}" | sort -n | tail -1)" "${samples[-1]:-0}" "$heap" "$images"
done

l0=$(load)
"$tmp/2048" >/dev/null 2>&1 &
pid=$!
peak=0
for _ in 1 2 3; do sleep 10; r=$(rss "$pid"); [ "$r" -gt "$peak" ] && peak=$r; done
printf '%-8s load %s→%s  30 s  rss peak %d MB\n' 2048 "$l0" "$(load)" "$peak"
