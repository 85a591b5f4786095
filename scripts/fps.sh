#!/usr/bin/env bash
# fps.sh [SCENE...] — the demo's frame rate under Xvfb (Mesa's software
# renderer when there is no GPU), one scene at a time.
#
# For each scene (default: opening armies) it runs the demo with -tpslog
# for FPS_SECONDS seconds (default 40) on its own Xvfb display, drops the
# first -tpslog line (start-up: the first 5 s) and prints the median and the
# 10th percentile of the TPS and FPS of the remaining lines, the longest
# frame among them (wall time between two Draws: a frame longer than 83 ms,
# 5 ticks, loses ticks), the load average before and after, and the CPU the
# demo and Xvfb spent per drawn frame (all their threads: Mesa's llvmpipe
# threads count in the demo's), and its resident memory and the memory its
# images held at the end. One output line per scene:
#
#   opening  load 0.42→1.31  n=7  tps med 60.0 p10 59.8  fps med 38.2 p10 36.0  longest frame 61ms  cpu/frame demo 21.3ms xvfb 4.1ms  rss 180 MB images 41 MB
#
# A scene that is a scenario file (FILE.toml) is a fight of the balance lab,
# played untouched: the demo's -scenario FILE -run FPS_RUN (default 5).
#
# The scene "whatif" is the opening with a what-if on screen: at 14 s
# (xdotool, which it then needs, presses the keys) it rewinds 6 s, sets
# Suppressed to -0.03 in a copy of weights.toml (the demo reloads it) and
# resumes; only the -tpslog lines after that count, for FPS_SECONDS more.
# Run "opening whatif" to compare the two side by side.
#
# Environment:
#   FPS_SECONDS  seconds per scene (at least 15)
#   DEMO         a demo binary to measure instead of building ./cmd/demo
#   DEMO_ARGS    more flags for the demo (e.g. "-soldiers 500")
#   FPS_RUN      the fight of a scenario scene (its -run), 5 when unset
#
# It changes nothing in the checkout and is not part of `make test`: the
# numbers depend on the machine and on what else runs on it, so compare
# only runs made back to back and say what the load was.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${FPS_SECONDS:-40}
if ! [[ $secs =~ ^[0-9]+$ ]] || [ "$secs" -lt 15 ]; then
	echo "fps.sh: FPS_SECONDS is '$secs'; want a whole number of seconds, at least 15" >&2
	exit 2
fi
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(opening armies)
need=(Xvfb awk)
for scene in "${scenes[@]}"; do [ "$scene" = whatif ] && need+=(xdotool); done
for c in "${need[@]}"; do
	command -v "$c" >/dev/null || { echo "fps.sh: $c is missing (scripts/deps.sh test installs Xvfb)" >&2; exit 1; }
done

read -ra extra <<<"${DEMO_ARGS:-}"

tmp=$(mktemp -d)
xpid=
cleanup() {
	if [ -n "$xpid" ]; then kill "$xpid" 2>/dev/null || true; wait "$xpid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

demo=${DEMO:-}
if [ -z "$demo" ]; then
	go build -o "$tmp/demo" ./cmd/demo
	demo=$tmp/demo
fi

# Xvfb picks a free display itself and writes its number to fd 3.
Xvfb -displayfd 3 -screen 0 1600x900x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xpid=$!
for _ in $(seq 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { echo "fps.sh: Xvfb did not start:" >&2; cat "$tmp/xvfb.log" >&2; exit 1; }
display=:$(head -n1 "$tmp/display")

# cpu PID: the user+system CPU seconds of process PID (all its threads).
cpu() { awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); print ($12 + $13) / hz }' "/proc/$1/stat"; }
load() { cut -d' ' -f1 /proc/loadavg; }

# whatif PID: the what-if of the scene "whatif" (see above), then a mark
# in the log: the lines before it are dropped.
whatif() {
	sleep 14
	DISPLAY=$display xdotool search --sync --name MoraleBreak >/dev/null
	# a click on the panel's title focuses the window and changes nothing
	geo=$(DISPLAY=$display xdotool search --name MoraleBreak getwindowgeometry | awk '/Position/ { print $2 }')
	DISPLAY=$display xdotool mousemove $((${geo%,*} + 1100)) $((${geo#*,} + 12)) click 1
	for _ in 1 2 3 4 5 6; do DISPLAY=$display xdotool key comma; sleep 0.2; done
	sed -i 's/^Suppressed = .*/Suppressed = -0.03/' "$tmp/weights.toml"
	sleep 1.5 # the watcher's debounce and a frame
	DISPLAY=$display xdotool key space
	echo "fps.sh: what-if resumed" >>"$tmp/whatif.log"
}

for scene in "${scenes[@]}"; do
	l0=$(load)
	args=(-scene "$scene")
	if [[ $scene == *.toml ]]; then
		args=(-scenario "$scene" -run "${FPS_RUN:-5}")
	fi
	if [ "$scene" = whatif ]; then
		cp weights.toml "$tmp/weights.toml"
		args=(-weights "$tmp/weights.toml")
	fi
	DISPLAY=$display "$demo" -tpslog "${args[@]}" "${extra[@]}" \
		>"$tmp/out" 2>"$tmp/log" &
	pid=$!
	skip=1 # the start-up line
	if [ "$scene" = whatif ]; then
		whatif
		# and the lines before the resume, and the one it fell in
		skip=$(($(grep -c '^tps=' "$tmp/log" || true) + 1))
	fi
	sleep 5 # the first -tpslog line's interval, dropped below
	c0=$(cpu "$pid" 2>/dev/null || echo 0) x0=$(cpu "$xpid") t0=$(date +%s.%N)
	sleep $((secs - 6))
	c1=$(cpu "$pid" 2>/dev/null || echo 0) x1=$(cpu "$xpid") t1=$(date +%s.%N)
	sleep 1
	rss=$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$pid/status" 2>/dev/null || echo 0)
	kill -TERM "$pid" 2>/dev/null || true
	wait "$pid" || true
	awk -v scene="$scene" -v skip="$skip" -v l0="$l0" -v l1="$(load)" -v c="$c1-$c0" -v x="$x1-$x0" -v dt="$t1-$t0" -v rss="$rss" '
		function pct(a, n, p,   i, j, t) { # a[1..n] sorted in place, the p-th percentile (nearest rank)
			for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j+1] = a[j]; a[j+1] = t }
			i = int(p / 100 * n + 0.999999); if (i < 1) i = 1
			return a[i]
		}
		/^tps=/ {
			if (++lines <= skip) next # start-up, or before the what-if
			split($1, t, "="); split($2, f, "=")
			n++; tps[n] = t[2]; fps[n] = f[2]; fsum += f[2]
			if (match($0, /images=[0-9.]+/)) images = substr($0, RSTART + 7, RLENGTH - 7) + 0
			if (match($0, /longest=[0-9.]+/)) { l = substr($0, RSTART + 8, RLENGTH - 8) + 0; if (l > longest) longest = l; seen = 1 }
		}
		function diff(s,   p) { split(s, p, "-"); return p[1] - p[2] } # "a-b" → a − b
		END {
			c = diff(c); x = diff(x); dt = diff(dt)
			if (n == 0) { printf "%-8s no -tpslog lines after the first (see the log)\n", scene; exit 1 }
			for (i = 1; i <= n; i++) { tp[i] = tps[i]; fp[i] = fps[i] }
			frames = fsum / n * dt
			lf = seen ? sprintf("%.0fms", longest) : "-" # an older demo does not print it
			printf "%-8s load %s→%s  n=%d  tps med %.1f p10 %.1f  fps med %.1f p10 %.1f  longest frame %s  cpu/frame demo %.1fms xvfb %.1fms  rss %d MB images %.0f MB\n",
				scene, l0, l1, n, pct(tp, n, 50), pct(tps, n, 10), pct(fp, n, 50), pct(fps, n, 10), lf,
				1000 * c / frames, 1000 * x / frames, rss, images
		}' "$tmp/log" || { echo "fps.sh: $scene:" >&2; cat "$tmp/log" >&2; exit 1; }
done
