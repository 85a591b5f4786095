#!/usr/bin/env bash
# benchprev.sh [REF] — the speed of Agent.SetPosition (and of whatever else
# BENCH names) against the previous binary: morale's test binary built at
# git REF (default: HEAD, the last commit) and the one of the working tree,
# run in turn, ROUNDS times each, so that a load that comes and goes slows
# both alike.
#
# Each benchmark row reports a ratio against a floor measured in the same
# run (x-floor48 for BenchmarkMoveAll, x-floor for BenchmarkHordeFrame):
# the script prints, per row, the median of each binary's ratios over the
# rounds and new ÷ old, and fails (status 1) when a row's new median is
# more than TOLERANCE (default 0.10, 10 %) above the old one. One line per
# row:
#
#   MoveAll/battle/agents=1e6/order=world  old 5.77 (5.70–6.30)  new 3.02 (2.77–3.05)  new/old 0.52
#
# Environment:
#   BENCH      the -bench regexp (default: BenchmarkMoveAll's rows of 1e6
#              agents at battle and packed density in the World's order,
#              within a cell and with crossings)
#   BENCHTIME  -benchtime (default 10x)
#   METRIC     the ratio to compare (default x-floor48)
#   ROUNDS     rounds (default 3)
#   TOLERANCE  the slow-down that fails (default 0.10)
#
# For the horde's frame, as issue 20 guards it:
#   BENCH='^BenchmarkHordeFrame$' BENCHTIME=600x METRIC=x-floor scripts/benchprev.sh main
#
# It changes nothing in the checkout (REF is exported into a temporary
# directory) and is not part of `make test`: compare only runs made back
# to back, on an otherwise idle machine, and say what the load was.
set -euo pipefail
cd "$(dirname "$0")/.."

ref=${1:-HEAD}
bench=${BENCH:-'^BenchmarkMoveAll$/(battle|packed|within)/(agents=1e6|battle|packed)/(order=world|agents=1e6)'}
benchtime=${BENCHTIME:-10x}
metric=${METRIC:-x-floor48}
rounds=${ROUNDS:-3}
tolerance=${TOLERANCE:-0.10}
GO=${GO:-go}
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
	echo "benchprev.sh: ROUNDS is '$rounds'; want a whole number, at least 1" >&2
	exit 2
fi
if ! git rev-parse --verify --quiet "$ref^{commit}" >/dev/null; then
	echo "benchprev.sh: '$ref' is not a commit of this repository" >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/old"
git archive "$ref" morale | tar -x -C "$tmp/old"
export GOWORK=off # morale as it ships (its own go.mod)
(cd "$tmp/old/morale" && "$GO" test -c -o "$tmp/old.test" .)
(cd morale && "$GO" test -c -o "$tmp/new.test" .)

echo "benchprev.sh: $ref against the working tree, $rounds rounds of -bench '$bench' -benchtime $benchtime; $(uptime | sed 's/.*load/load/')"
for r in $(seq "$rounds"); do
	for b in old new; do
		# Run in the package directory, as go test does (testdata).
		(cd morale && "$tmp/$b.test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" -test.count 1) |
			awk -v b="$b" -v m="$metric" '/^Benchmark/ {
				for (i = 3; i < NF; i++) if ($(i + 1) == m) { name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name); print b, name, $i }
			}' >>"$tmp/runs"
	done
done
echo "benchprev.sh: done; $(uptime | sed 's/.*load/load/')"

if [ ! -s "$tmp/runs" ]; then
	echo "benchprev.sh: no row reported $metric (BENCH '$bench')" >&2
	exit 2
fi
sort -k2,2 -k1,1 -k3,3g "$tmp/runs" | awk -v tol="$tolerance" '
	function med(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	function flush() {
		if (row == "") return
		if (no == 0 || nn == 0) { printf "%s  only in the %s binary\n", row, no ? "old" : "new"; return }
		mo = med(old, no); mn = med(new, nn)
		slow = mn > mo * (1 + tol)
		printf "%s  old %.3g (%.3g–%.3g)  new %.3g (%.3g–%.3g)  new/old %.2f%s\n", row, mo, old[1], old[no], mn, new[1], new[nn], mn / mo, slow ? "  SLOWER" : ""
		if (slow) failed = 1
	}
	$2 != row { flush(); row = $2; no = 0; nn = 0 }
	$1 == "old" { old[++no] = $3 }
	$1 == "new" { new[++nn] = $3 }
	END { flush(); exit failed ? 1 : 0 }'
