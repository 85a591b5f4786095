#!/usr/bin/env bash
# fuzz.sh MODULE...: make fuzz's runner. Runs every fuzz target of the
# modules' packages (a func FuzzXxx( at the start of a line of a _test.go
# file, found by grep: asking go test -list would link every package's test
# binary, 30 s of make test) for $FUZZTIME each, shrinking a new input for at
# most $FUZZMIN, under the Go $FUZZ_GO, $FUZZJOBS targets at a time (2: each
# target's link and baseline run while another fuzzes). Each target's output
# is printed whole when it ends; the first failure stops the rest and is
# the exit status. GO is the go command.
set -uo pipefail
GO=${GO:-go}
: "${FUZZTIME:?}" "${FUZZMIN:?}" "${FUZZ_GO:?}"
FUZZJOBS=${FUZZJOBS:-2}

targets=()
for m in "$@"; do
	while read -r dir pkg; do
		for f in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$dir"/*_test.go 2>/dev/null); do
			targets+=("$m $pkg $f")
		done
	done < <(cd "$m" && if [ "$m" = morale ]; then export GOWORK=off; fi && $GO list -f '{{.Dir}} {{.ImportPath}}' ./...) || exit 1
done
if [ ${#targets[@]} -eq 0 ]; then
	echo "fuzz: no fuzz target found in $*" >&2
	exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
one() { # one MODULE PKG TARGET LOG
	echo "fuzz: $2 $3 for $FUZZTIME" >"$4"
	(cd "$1" && if [ "$1" = morale ]; then export GOWORK=off; fi &&
		GOTOOLCHAIN=$FUZZ_GO $GO test -run '^$' -fuzz "^$3\$" -fuzztime "$FUZZTIME" -fuzzminimizetime "$FUZZMIN" "$2") >>"$4" 2>&1
}
declare -A running=() # pid -> log
failed=0
finish() { # wait for one target, print its log; failed=1 when it failed
	local pid
	wait -n -p pid
	local rc=$?
	cat "${running[$pid]}"
	unset "running[$pid]"
	if [ $rc -ne 0 ]; then failed=1; fi
}
n=0
for t in "${targets[@]}"; do
	read -r m pkg f <<<"$t"
	one "$m" "$pkg" "$f" "$out/$n.log" &
	running[$!]="$out/$n.log"
	n=$((n + 1))
	if [ ${#running[@]} -ge "$FUZZJOBS" ]; then finish; fi
	if [ $failed -ne 0 ]; then break; fi
done
while [ ${#running[@]} -gt 0 ]; do finish; done
if [ $failed -ne 0 ]; then
	echo "fuzz: a target failed (above); make fuzz FUZZJOBS=1 runs them one at a time" >&2
	exit 1
fi
echo "fuzz: ok: ${#targets[@]} targets, $FUZZTIME each, $FUZZJOBS at a time"
