#!/usr/bin/env bash
# targets.sh: the horde targets' benchmarks (issue 20), 1e6 agents, one
# after another, each with its peer or floor measured in the same
# sub-benchmark, printing the load between them (raw go test output, for
# benchstat). About 6 minutes on a 2-core machine; run it on an otherwise
# idle machine. make perfpage runs these and more and renders them into
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/../morale"
GO=${GO:-go}
export GOWORK=off # morale as it ships (its own go.mod)
uptime
# A horde's 60 Hz frames: no frame over 16.7 ms, median ≤ 3× the floor, worst ≤ 2× the median.
"$GO" test -run '^$' -bench '^BenchmarkHordeFrame$' -benchtime 600x -count 3 .
uptime
# Events at a location: battle and packed density, 6 m and the default 30 m reach.
"$GO" test -run '^$' -bench '^BenchmarkEventAtLocation$/(battle|packed)/agents=1e6' -count 3 -benchtime 0.3s .
uptime
# One step ≤ 2× the 48-byte floor.
"$GO" test -run '^$' -bench '^BenchmarkStepDensity$/(battle|packed)/agents=1e6' -count 2 -benchtime 20x .
uptime
# Moves ≤ 3× the 48-byte floor in the World's order.
"$GO" test -run '^$' -bench '^BenchmarkMoveAll$/(floor|battle|packed)/agents=1e6' -count 3 -benchtime 10x .
uptime
# One window's sort.
"$GO" test -run '^$' -bench '^BenchmarkSortWindow$' -count 3 -benchtime 20x .
uptime
"$GO" test -run '^$' -bench 'BenchmarkStepWorkers' -benchtime 20x -count 3 .
uptime
cd ../bench
# ≥ 2× ark at the median.
"$GO" test -run '^$' -bench 'BenchmarkArk/.*/agents=1e6' -benchtime 40x -count 3 .
uptime
