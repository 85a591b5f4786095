#!/usr/bin/env bash
# targets.sh: the horde targets' benchmarks, 1e6 agents, one after another,
# each with its peer or floor measured in the same sub-benchmark, printing
# the load between them (raw go test output, for benchstat). About 4 minutes
# on a 2-core machine; run it on an otherwise idle machine. make perfpage
# runs these and more and renders them into docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/../morale"
GO=${GO:-go}
uptime
"$GO" test -run '^$' -bench 'BenchmarkStepWorkers' -benchtime 20x -count 3 .
uptime
"$GO" test -run '^$' -bench '^BenchmarkEventAtLocation$/(battle|packed)/agents=1e6' -count 3 -benchtime 0.3s .
uptime
"$GO" test -run '^$' -bench '^BenchmarkStepDensity$/(battle|packed)/agents=1e6' -count 2 -benchtime 20x .
uptime
"$GO" test -run '^$' -bench '^BenchmarkMoveAll$/(floor|battle|packed)/agents=1e6' -count 3 -benchtime 10x .
uptime
cd ../bench
"$GO" test -run '^$' -bench 'BenchmarkArk/.*/agents=1e6' -benchtime 40x -count 3 .
uptime
