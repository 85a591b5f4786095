#!/usr/bin/env bash
# nofma.sh — prove that the compiler fused no multiply-add in morale/.
#
# A fused multiply-add (x*y + z in one rounding) gives different bits from a
# multiply and an add, and the Go compiler fuses where the CPU has the
# instruction: arm64, ppc64le, s390x, riscv64, loong64, and amd64 built with
# GOAMD64=v3. morale/ promises the same bits on every CPU, so it writes an
# explicit float64(...) rounding wherever a product feeds a sum (see
# morale/portable.go). This script compiles morale's tests for each of those
# targets with the assembly listing (-gcflags=-S, compile only, nothing runs)
# and fails on any fused instruction attributed to a non-test file of morale/
# (including library code inlined into the tests) or to the test files that
# check the bits (determinism_test.go, chunked_fight_test.go,
# reference_test.go, portable_test.go). The other tests compare with
# tolerances and may fuse.
set -euo pipefail
cd "$(dirname "$0")/../morale"
GO=${GO:-go}
export GOWORK=off # morale as it ships (its own go.mod)

status=0
# The listing (some 40 MB) goes to a file, read by grep: kept in a shell
# variable and fed to grep as a here-string, it took most of a minute a target.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # check LABEL REGEX ENV...
	local label=$1 re=$2
	shift 2
	local listing=$tmp/listing
	if ! env "$@" "$GO" test -c -o /dev/null -gcflags=-S . >"$listing" 2>&1; then
		echo "nofma: $label: the build failed:"
		tail -20 "$listing"
		status=1
		return
	fi
	# A listing without morale's own code means -S printed nothing useful.
	if ! grep -q 'morale/portable\.go:' "$listing"; then
		echo "nofma: $label: no assembly listing for morale/portable.go"
		status=1
		return
	fi
	local fused bad
	fused=$(grep -E "$re" "$listing" || true)
	bad=$(grep -E '/morale/([a-z0-9_]+\.go|determinism_test\.go|portable_test\.go):[0-9]+\)' <<<"$fused" |
		grep -vE '/morale/[a-z0-9_]+_test\.go:' || true)
	bad+=$(grep -E '/morale/(determinism|chunked_fight|reference|portable)_test\.go:[0-9]+\)' <<<"$fused" || true)
	if [ -n "$bad" ]; then
		echo "nofma: $label: fused multiply-adds in morale/ (wrap the product in float64(...)):"
		echo "$bad"
		status=1
	fi
}

arm='[[:space:]]F(N)?M(ADD|SUB)[A-Z]*[[:space:]]'
check arm64 "$arm" GOARCH=arm64
check ppc64le "$arm" GOARCH=ppc64le
check s390x "$arm" GOARCH=s390x
check riscv64 "$arm" GOARCH=riscv64
check loong64 "$arm" GOARCH=loong64
check "amd64 v3" '[[:space:]]VF(N)?M(ADD|SUB)[0-9]*[A-Z]*[[:space:]]' GOARCH=amd64 GOAMD64=v3

if [ $status -eq 0 ]; then
	echo "nofma: ok (no fused multiply-add in morale/ for arm64, ppc64le, s390x, riscv64, loong64, amd64 v3)"
fi
exit $status
