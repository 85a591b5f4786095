#!/usr/bin/env bash
# checks.sh CHECK...: make test's runner. Runs each check (a make target)
# in turn, stops at the first that fails, and says how long each took, so
# that a slow check is seen the run it grows (make test is held to 15
# minutes on a 2-core machine; CONTRIBUTING.md). A CHECK of the form A+B
# runs the targets A and B side by side (make -j2, each one's output kept
# together): checks that leave a core idle (a benchmark on one core, a
# test waiting on Slurm or on a module proxy) are paired with another. MAKE
# is the make to run (the Makefile passes its own, so that command-line
# variables such as FUZZTIME=2m reach every check).
set -uo pipefail
MAKE=${MAKE:-make}
start=$(date +%s)
times=()
for c in "$@"; do
	t=$(date +%s)
	IFS=+ read -ra targets <<<"$c"
	if [ ${#targets[@]} -gt 1 ]; then
		run=($MAKE --no-print-directory -j"${#targets[@]}" --output-sync=target "${targets[@]}")
	else
		run=($MAKE --no-print-directory "$c")
	fi
	if ! "${run[@]}"; then
		echo "test: $c failed after $(( $(date +%s) - t ))s (make ${targets[*]} runs it alone)" >&2
		exit 1
	fi
	times+=("$c $(( $(date +%s) - t ))s")
done
total=$(( $(date +%s) - start ))
echo "test: ok in ${total}s: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
if [ "$total" -gt 900 ]; then # a note, not a failure: cold caches (a fresh clone, a new toolchain) take longer
	echo "test: over its 15 minutes (CONTRIBUTING.md); if the build caches were warm, move the slowest tests to a target of their own"
fi
