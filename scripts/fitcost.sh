#!/usr/bin/env bash
# fitcost.sh: what `moralesim fit` costs for each shipped scenario, as the
# markdown table of docs/balancing.md ("Fitting weights"). Each scenario is
# fitted with the default keys, runs and budget (the worked example,
# scenarios/fit/line_holds.toml, with its four keys); the shipped scenarios'
# own expectations already hold, so their fits stop after checking the start.
# The last column is the default budget at the speed measured. Run it on an
# otherwise idle machine; it prints the load before and after. Needs jq.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
command -v jq >/dev/null || { echo "fitcost.sh: needs jq (apt-get install jq)" >&2; exit 1; }
out=build/fitcost
rm -rf "$out" && mkdir -p "$out"
"$GO" build -o "$out/moralesim" ./cmd/moralesim
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo
echo "| scenario | men | keys | fights per candidate | per generation | default budget | this fit | fights | seconds | fights/s | the default budget at that speed |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for s in scenarios/*.toml scenarios/fit/line_holds.toml; do
	name=$(basename "$s" .toml)
	args=()
	if [ "$name" = line_holds ]; then
		args=(-keys RecoveryDelaySeconds,Suppressed,RoutAfterSeconds,ContagionPerSecond)
	fi
	set +e
	"$out/moralesim" fit "$s" "${args[@]}" -out "$out/$name" >"$out/$name.out" 2>"$out/$name.err"
	code=$?
	set -e
	if [ $code -gt 1 ]; then
		echo "fitcost.sh: $s: exit $code" >&2
		cat "$out/$name.err" >&2
		exit 1
	fi
	j="$out/$name/fit.json"
	men=$(awk '/^\[\[squad\]\]/{q=1} q && /^size *=/{n+=$3; q=0} END{print n}' "$s")
	keys=$(jq '.keys | length' "$j")
	runs=$(jq .runs "$j")
	pop=$(jq .population "$j")
	budget=$(jq .budget "$j")
	fights=$(jq .fights.total "$j")
	changed=$(jq '[.keys[] | select(.start != .end)] | length' "$j")
	outcome=$(jq -r --arg c "$changed" 'if .met then (if ($c == "0") then "met at the start" else "met, \($c) key\(if $c == "1" then "" else "s" end) changed" end) else "not met" end' "$j")
	secs=$(sed -n 's/^fit .*: [0-9]* fights in \([0-9.]*\)s .*/\1/p' "$out/$name.err")
	rate=$(awk -v f="$fights" -v s="$secs" 'BEGIN{printf "%.0f", f/s}')
	full=$(awk -v b="$budget" -v r="$rate" 'BEGIN{t=b/r; if (t < 120) printf "%.0f s", t; else printf "%.0f min", t/60}')
	echo "| \`$s\` | $men | $keys | $runs | $((runs * pop)) | $budget | $outcome | $fights | $secs | $rate | $full |"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
