#!/usr/bin/env bash
# checks.sh CHECK...: make test's runner. Runs each check (a make target)
# in turn, stops at the first that fails, and says how long each took, so
# that a slow check is seen the run it grows (make test is held to 15
# minutes on a 2-core machine; CONTRIBUTING.md). MAKE is the make to run
# (the Makefile passes its own, so that command-line variables such as
# FUZZTIME=2m reach every check).
set -uo pipefail
MAKE=${MAKE:-make}
start=$(date +%s)
times=()
for c in "$@"; do
	t=$(date +%s)
	if ! $MAKE --no-print-directory "$c"; then
		echo "test: $c failed after $(( $(date +%s) - t ))s (make $c runs it alone)" >&2
		exit 1
	fi
	times+=("$c $(( $(date +%s) - t ))s")
done
total=$(( $(date +%s) - start ))
echo "test: ok in ${total}s: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
if [ "$total" -gt 900 ]; then # a note, not a failure: cold caches (a fresh clone, a new toolchain) take longer
	echo "test: over its 15 minutes (CONTRIBUTING.md); if the build caches were warm, move the slowest tests to a target of their own"
fi
