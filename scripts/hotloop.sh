#!/usr/bin/env bash
# hotloop.sh — prove that the step's pass and the moves compile as their
# speed needs: the compiler inlines the rules into the loops that call them
# once per agent, and picks the step's recovery gain without a branch.
#
# The pass (World.stepRange in morale/step.go) calls the rules once per
# agent; each call the compiler does not inline costs a call per agent
# (their costs, well under the compiler's inlining budget, are printed
# below). stepRules.gain's pick between the step's two gains must compile
# without a branch, its comparison made a number (SETcc on amd64, CSET on
# arm64) that indexes the gains: a rewrite that looks the same but returns
# early, or picks with an if, compiles it to a branch on whose bad news is
# recent, which mispredicts in a battle and made the combat step 1.26–1.48×
# slower when tried. The moves (Agent.SetPosition, World.SetPositions and
# its inPlace in morale/move.go) inline the handle's check and the cell
# box's test. This script builds morale/ (compile only, nothing runs) with
# -gcflags=-m=2 and, for amd64 and arm64, -gcflags=-S, and fails, naming what
# is missing, when any of that is lost: a change that trips it is slower,
# whatever the tests say.
set -euo pipefail
cd "$(dirname "$0")/../morale"
GO=${GO:-go}
export GOWORK=off # morale as it ships (its own go.mod)

status=0
fail() {
	echo "hotloop: $*"
	status=1
}

# span FILE FUNC: the first and last line of FUNC's body in FILE (FUNC is
# the text after "func " up to its name's "(").
span() {
	awk -v f="func $2(" 'index($0, f) == 1 {s = NR} s && /^}/ {print s, NR; exit}' "$1"
}

inlines=$(GOARCH=amd64 "$GO" build -o /dev/null -gcflags=-m=2 . 2>&1) || {
	echo "hotloop: the build failed:"
	echo "$inlines" | tail -20
	exit 1
}
# need FILE FUNC CALLEE...: every CALLEE is inlined inside FUNC in FILE.
need() {
	local file=$1 fn=$2
	shift 2
	local lo hi
	read -r lo hi < <(span "$file" "$fn")
	if [ -z "${lo:-}" ]; then
		fail "no func $fn in morale/$file"
		return
	fi
	for callee in "$@"; do
		if ! awk -v file="./$file" -v lo="$lo" -v hi="$hi" -v want="inlining call to $callee" '
			{ split($0, a, ":") }
			a[1] == file && a[2] + 0 >= lo && a[2] + 0 <= hi && index($0, want) { found = 1 }
			END { exit !found }' <<<"$inlines"; then
			fail "$fn (morale/$file:$lo-$hi) no longer inlines $callee"
		fi
	done
}
need step.go '(w *World) stepRange' atRest ContagionPull clamp01 '(*stepRules).gain' '(*stepRules).edge' RecoveryGain '(*stepRules).seconds' RecoverMorale holdsSteady '(*pass).touch'
need move.go '(a *Agent) SetPosition' '(*Agent).live' rect.holds
need move.go '(w *World) SetPositions' Vec2.finite '(*Agent).live'
need move.go inPlace rect.holds

cost=$(grep -oE 'can inline \(\*stepRules\)\.gain with cost [0-9]+' <<<"$inlines" | grep -oE '[0-9]+$' || true)
edge=$(grep -oE 'can inline \(\*stepRules\)\.edge with cost [0-9]+' <<<"$inlines" | grep -oE '[0-9]+$' || true)
budget=$(grep -oE 'exceeds budget [0-9]+' <<<"$inlines" | head -1 | grep -oE '[0-9]+$' || true)
[ -n "$cost" ] || fail "stepRules.gain is not inlinable"
[ -n "$edge" ] || fail "stepRules.edge is not inlinable"

# picks ARCH INSN LISTING: gain's pick, inlined into stepRange, is an INSN
# attributed to gain's lines of step.go, or to the line of stepRange that
# calls gain, in LISTING (-gcflags=-S for ARCH).
picks() {
	local arch=$1 insn=$2 listing=$3 lo hi call
	read -r lo hi < <(span step.go '(r *stepRules) gain')
	call=$(grep -n '\.gain(' step.go | grep -v '^[0-9]*:func' | cut -d: -f1)
	if ! awk -v lo="$lo" -v hi="$hi" -v call=" ${call//$'\n'/ } " -v insn="$insn" '
		/STEXT/ { in_fn = /\(\*World\)\.stepRange STEXT/ }
		in_fn && match($0, /step\.go:[0-9]+\)/) {
			line = substr($0, RSTART + 8, RLENGTH - 9) + 0
			ours = (line >= lo && line <= hi) || index(call, " " line " ")
			if (ours && $0 ~ "[[:space:]]" insn "[A-Z]*[[:space:]]") found = 1
		}
		END { exit !found }' <<<"$listing"; then
		fail "$arch: stepRange picks the step's gain with a branch, not a $insn (index the gains by the comparison, and keep gain's single return)"
	fi
}
for arch in amd64:SET arm64:CSET; do
	if listing=$(GOARCH=${arch%:*} "$GO" build -o /dev/null -gcflags=-S . 2>&1); then
		picks "${arch%:*}" "${arch#*:}" "$listing"
	else
		fail "${arch%:*}: the build failed"
	fi
done

if [ $status -eq 0 ]; then
	echo "hotloop: ok (stepRange inlines the rules, gain at cost $cost and edge at $edge of ${budget:-?}, the gain picked by SETcc on amd64 and CSET on arm64; the moves inline their checks)"
fi
exit $status
