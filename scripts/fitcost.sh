#!/usr/bin/env bash
# fitcost.sh: what `moralesim fit` costs for each shipped scenario, and the
# worked example's output, for docs/balancing.md ("Fitting weights").
#
#   scripts/fitcost.sh        print the cost table and the example's output
#   scripts/fitcost.sh -w     write both into docs/balancing.md, between the
#                             <!-- fit:cost --> and <!-- fit:example --> markers
#
# Each shipped scenario is fitted with the default keys, runs and budget (the
# worked example, scenarios/fit/line_holds.toml, with its four keys); the
# shipped scenarios' own expectations already hold, so their fits stop after
# checking the start. The last column is the default budget at the speed
# measured; a fit under 10 s counts the fastest of three runs. Run it on an
# otherwise idle machine: it prints the load before and after. Needs jq.
# About a minute on two idle cores.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
write=false
[ "${1:-}" = -w ] && write=true
command -v jq >/dev/null || { echo "fitcost.sh: needs jq (apt-get install jq)" >&2; exit 1; }
out=build/fitcost
rm -rf "$out" && mkdir -p "$out"
"$GO" build -o "$out/moralesim" ./cmd/moralesim
example_keys=RecoveryDelaySeconds,Suppressed,RoutAfterSeconds,ContagionPerSecond
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
{
	echo "| scenario | men | keys | fights per candidate | per generation | default budget | this fit | fights | seconds | fights/s | the default budget at that speed |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	for s in scenarios/*.toml scenarios/fit/line_holds.toml; do
		name=$(basename "$s" .toml)
		# A ceiling far above any default budget, so that no row is refused
		# when a scenario grows; the fits of the shipped scenarios stop after
		# the start.
		args=(-max-work 1e12)
		[ "$name" = line_holds ] && args=(-keys "$example_keys" -report "$out/line_holds.html")
		# A fit under 10 s runs three times and the fastest counts, so that
		# a moment's load from other jobs does not make the table.
		secs=
		for try in 1 2 3; do
			set +e
			"$out/moralesim" fit "$s" "${args[@]}" -out "$out/$name" >"$out/$name.out" 2>"$out/$name.err"
			code=$?
			set -e
			if [ $code -gt 1 ]; then
				echo "fitcost.sh: $s: exit $code" >&2
				cat "$out/$name.err" >&2
				exit 1
			fi
			t=$(sed -n 's/^fit .*: [0-9]* fights in \([0-9.]*\)s .*/\1/p' "$out/$name.err")
			secs=$(awk -v a="$secs" -v b="$t" 'BEGIN{print (a == "" || b + 0 < a + 0) ? b : a}')
			awk -v t="$t" 'BEGIN{exit !(t >= 10)}' && break
		done
		j="$out/$name/fit.json"
		men=$(awk '/^\[\[squad\]\]/{q=1} q && /^size *=/{n+=$3; q=0} END{print n}' "$s")
		keys=$(jq '.keys | length' "$j")
		runs=$(jq .runs "$j")
		pop=$(jq .population "$j")
		budget=$(jq .budget "$j")
		fights=$(jq .fights.total "$j")
		changed=$(jq '[.keys[] | select(.start != .end)] | length' "$j")
		outcome=$(jq -r --arg c "$changed" 'if .met then (if ($c == "0") then "met at the start" else "met, \($c) key\(if $c == "1" then "" else "s" end) changed" end) else "not met" end' "$j")
		rate=$(awk -v f="$fights" -v s="$secs" 'BEGIN{printf "%.0f", f/s}')
		full=$(awk -v b="$budget" -v r="$rate" 'BEGIN{t=b/r; if (t < 120) printf "%.0f s", t; else printf "%.0f min", t/60}')
		echo "| \`$s\` | $men | $keys | $runs | $((runs * pop)) | $budget | $outcome | $fights | $secs | $rate | $full |"
	done
	echo
	echo "Measured by \`scripts/fitcost.sh\` on $(nproc) cores; load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after."
} >"$out/cost.md"
{
	echo '```console'
	echo "\$ moralesim fit scenarios/fit/line_holds.toml -keys $example_keys -report line_holds.html"
	sed "s|$out/line_holds|out/line_holds-fit|" "$out/line_holds.out"
	echo '```'
} >"$out/example.md"
if ! $write; then
	cat "$out/cost.md"
	echo
	cat "$out/example.md"
	exit 0
fi
doc=docs/balancing.md
for m in fit:cost fit:example; do
	grep -q "^<!-- $m -->\$" "$doc" && grep -q "^<!-- /$m -->\$" "$doc" ||
		{ echo "fitcost.sh: $doc lacks the <!-- $m --> … <!-- /$m --> markers" >&2; exit 1; }
done
awk -v cost="$out/cost.md" -v example="$out/example.md" '
	function emit(f,   line) { while ((getline line < f) > 0) print line; close(f) }
	/^<!-- fit:cost -->$/    { print; emit(cost); skip = 1; next }
	/^<!-- fit:example -->$/ { print; emit(example); skip = 1; next }
	/^<!-- \/fit:(cost|example) -->$/ { skip = 0 }
	!skip { print }
' "$doc" >"$out/balancing.md"
mv "$out/balancing.md" "$doc"
echo "fitcost.sh: wrote the cost table and the example into $doc"
