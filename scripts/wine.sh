#!/usr/bin/env bash
# wine.sh — moralesim.exe as a Windows designer runs it, checked under wine.
#
# Builds moralesim for windows/amd64 as make dist does (scripts/dist:
# CGO_ENABLED=0, -trimpath, -ldflags=-s -w) and for this machine, runs both
# in two copies of the shipped weights.toml and scenarios/, and fails unless
# they agree:
#   - lint, check of every scenario, run of every scenario with -report,
#     compare, and fit of scenarios/fit/line_holds.toml, all with the same
#     forward-slash paths: the same exit status, stdout and stderr (a
#     backslash read as /: the folders written are named with the system's
#     separator) and output files, byte for byte;
#   - run with Windows paths (scenarios\line.toml, -out Z:\…): the same files
#     but for the paths they quote (summary.json's command, the file);
#   - a scenario and its weights with CRLF line endings and a UTF-8 BOM (as
#     Notepad writes them), in a folder whose name has spaces and non-ASCII
#     letters, run into an -out folder that does not exist yet: the same
#     check lines (but for the path) and the same runs.csv and plots;
#   - an -out inside a read-only folder: exit status 1 and nothing written
#     (only when not root, since root writes anywhere).
# Without wine it says so and exits 0. It uses a wine prefix of its own in a
# temporary folder and leaves nothing behind.
#
# Two gaps of older wine (Debian bookworm's 8.0) are bridged, each saying so:
#   - no bcryptprimitives.dll, which every Go program since 1.22 loads at
#     start-up for ProcessPrng (Windows 10 has it): a 1 KB DLL forwarding
#     ProcessPrng to advapi32's SystemFunction036 goes into the prefix;
#   - NtSetInformationFile without FileDispositionInformationEx
#     (STATUS_NOT_IMPLEMENTED, "Invalid function"), so Go's os.RemoveAll
#     fails where Windows 10 1607 and later succeed: fit, which removes its
#     temporary folder, is then rerun with a moralesim.exe built with an
#     -overlay of Go's internal/syscall/windows/at_windows.go that takes
#     the fallback Go already has for old Windows versions.
#
# Usage: scripts/wine.sh  (GO=go1.26.x to choose the toolchain)
set -euo pipefail
go=${GO:-go}
root=$(cd "$(dirname "$0")/.." && pwd)
say() { printf 'wine.sh: %s\n' "$*"; }

wine=$(command -v wine || command -v wine64 || true)
if [ -z "$wine" ]; then
	say "skipped: wine is not installed (Debian: apt-get install --no-install-recommends wine wine64; no i386 architecture needed)"
	exit 0
fi

tmp=$(mktemp -d)
export WINEPREFIX=$tmp/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" WINEARCH=win64
cleanup() {
	wineserver -k >/dev/null 2>&1 || true
	chmod -R u+w "$tmp" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

failed=0
fail() {
	say "FAIL: $*"
	failed=1
}

# build OUT GOOS GOARCH [go build flags...]: moralesim as make dist builds it.
build() {
	local out=$1 goos=$2 goarch=$3
	shift 3
	(cd "$root" && GOOS=$goos GOARCH=$goarch CGO_ENABLED=0 GOFLAGS= "$go" build -trimpath -ldflags=-s\ -w "$@" -o "$out" ./cmd/moralesim)
}
say "building moralesim.exe (windows/amd64) and moralesim ($("$go" env GOHOSTOS)/$("$go" env GOHOSTARCH)) as make dist does"
build "$tmp/moralesim.exe" windows amd64
build "$tmp/moralesim" "$("$go" env GOHOSTOS)" "$("$go" env GOHOSTARCH)"

say "$("$wine" --version 2>/dev/null | head -1): a prefix of its own in $WINEPREFIX"
"$wine" wineboot -i >/dev/null 2>&1 || true
sys32=$WINEPREFIX/drive_c/windows/system32

# winrun DIR ARGS...: moralesim.exe in DIR (a Linux path) under wine.
winrun() {
	local dir=$1
	shift
	(cd "$dir" && "$wine" "$tmp/moralesim.exe" "$@")
}
# linrun DIR ARGS...: the native moralesim in DIR.
linrun() {
	local dir=$1
	shift
	(cd "$dir" && "$tmp/moralesim" "$@")
}

probe=$(winrun "$tmp" help 2>&1 || true)
if grep -q 'bcryptprimitives.dll not found' <<<"$probe"; then
	say "this wine has no bcryptprimitives.dll (Windows 10 has it): adding one that forwards ProcessPrng to advapi32.SystemFunction036"
	mkdir -p "$tmp/shim"
	cat >"$tmp/shim/go.mod" <<'EOF'
module shim

go 1.24
EOF
	cat >"$tmp/shim/main.go" <<'EOF'
// Command shim writes a PE32+ DLL, bcryptprimitives.dll, with no code:
// one export, ProcessPrng, forwarded to advapi32.SystemFunction036
// (RtlGenRandom), which fills a buffer the same way.
package main

import (
	"bytes"
	"encoding/binary"
	"os"
)

func main() {
	const sectRVA, sectRaw, fileAlign, sectAlign = 0x1000, 0x200, 0x200, 0x1000
	dllName, funcName, forward := "bcryptprimitives.dll\x00", "ProcessPrng\x00", "advapi32.SystemFunction036\x00"
	const dirSize = 40
	funcs, names, ords := dirSize, dirSize+4, dirSize+8
	dllAt := ords + 2
	funcAt := dllAt + len(dllName)
	fwdAt := funcAt + len(funcName)
	total := fwdAt + len(forward)
	rva := func(off int) uint32 { return uint32(sectRVA + off) }
	le := binary.LittleEndian
	var body bytes.Buffer
	w := func(v ...any) {
		for _, x := range v {
			binary.Write(&body, le, x)
		}
	}
	// The export directory: the forwarder string lies inside it, which is
	// what makes the loader read the function's address as a forwarder.
	w(uint32(0), uint32(0), uint16(0), uint16(0), rva(dllAt), uint32(1), uint32(1), uint32(1), rva(funcs), rva(names), rva(ords))
	w(rva(fwdAt), rva(funcAt), uint16(0))
	body.WriteString(dllName + funcName + forward)
	raw := (total + fileAlign - 1) / fileAlign * fileAlign
	body.Write(make([]byte, raw-total))

	var h bytes.Buffer
	hw := func(v ...any) {
		for _, x := range v {
			binary.Write(&h, le, x)
		}
	}
	h.WriteString("MZ")
	h.Write(make([]byte, 58))
	hw(uint32(0x40))
	h.WriteString("PE\x00\x00")
	hw(uint16(0x8664), uint16(1), uint32(0), uint32(0), uint32(0), uint16(240), uint16(0x2022)) // amd64, one section, a DLL
	hw(uint16(0x20b), uint8(14), uint8(0), uint32(0), uint32(raw), uint32(0), uint32(0), uint32(0x1000))
	hw(uint64(0x180000000), uint32(sectAlign), uint32(fileAlign), uint16(6), uint16(0), uint16(0), uint16(0), uint16(6), uint16(0), uint32(0))
	hw(uint32(sectRVA+sectAlign), uint32(sectRaw), uint32(0), uint16(3), uint16(0x100))
	hw(uint64(0x100000), uint64(0x1000), uint64(0x100000), uint64(0x1000), uint32(0), uint32(16))
	hw(uint32(sectRVA), uint32(total)) // the export table
	h.Write(make([]byte, 15*8))
	var name [8]byte
	copy(name[:], ".edata")
	h.Write(name[:])
	hw(uint32(total), uint32(sectRVA), uint32(raw), uint32(sectRaw), uint32(0), uint32(0), uint16(0), uint16(0), uint32(0x40000040))
	h.Write(make([]byte, sectRaw-h.Len()))
	if err := os.WriteFile(os.Args[1], append(h.Bytes(), body.Bytes()...), 0o644); err != nil {
		panic(err)
	}
}
EOF
	(cd "$tmp/shim" && GOWORK=off GOFLAGS= "$go" run . "$sys32/bcryptprimitives.dll")
	probe=$(winrun "$tmp" help 2>&1 || true)
fi
if ! grep -q 'moralesim run SCENARIO.toml' <<<"$probe"; then
	say "FAIL: moralesim.exe help does not run under this wine:"
	printf '%s\n' "$probe" | head -20
	exit 1
fi

# Two copies of what the archive ships, one for each program.
for d in w l; do
	mkdir -p "$tmp/$d"
	cp "$root/weights.toml" "$tmp/$d/"
	(cd "$root" && find scenarios -name '*.toml' -print0 | xargs -0 -I{} cp --parents {} "$tmp/$d/")
	sed 's/^RecoveryDelaySeconds *=.*/RecoveryDelaySeconds = 3.0/' "$root/weights.toml" >"$tmp/$d/b.toml"
done
mapfile -t scenarios < <(cd "$tmp/w" && find scenarios -name '*.toml' | sort)

# same NAME ARGS...: both programs with the same arguments in their copies;
# the exit status, stdout, stderr and every file written must agree.
same() {
	local name=$1 ws=0 ls=0
	shift
	winrun "$tmp/w" "$@" >"$tmp/$name.w.out" 2>"$tmp/$name.w.err" || ws=$?
	linrun "$tmp/l" "$@" >"$tmp/$name.l.out" 2>"$tmp/$name.l.err" || ls=$?
	# The messages name the folders they wrote with the system's separator.
	local bad= f
	for f in out err; do
		tr '\\' / <"$tmp/$name.w.$f" >"$tmp/$name.w.$f.slash"
	done
	[ "$ws" = "$ls" ] || bad="exit status $ws under wine, $ls here"
	cmp -s "$tmp/$name.w.out.slash" "$tmp/$name.l.out" || bad="${bad:+$bad; }stdout differs"
	cmp -s "$tmp/$name.w.err.slash" "$tmp/$name.l.err" || bad="${bad:+$bad; }stderr differs"
	if [ -n "$bad" ]; then
		fail "$name: moralesim $*: $bad"
		diff "$tmp/$name.w.out.slash" "$tmp/$name.l.out" | head -5 || true
		diff "$tmp/$name.w.err.slash" "$tmp/$name.l.err" | head -5 || true
		return 0
	fi
	say "ok: $name (exit status $ws, the same output)"
}

same lint lint weights.toml
same check check "${scenarios[@]}" -q
for s in "${scenarios[@]}"; do
	n=$(basename "$s" .toml)
	same "run-$n" run "$s" -report "out/$n.html" -q
done
same compare compare weights.toml b.toml scenarios/line.toml -report out/compare.html -q

# fit removes a temporary folder of its own: the place an old wine fails.
fitargs=(fit scenarios/fit/line_holds.toml -q)
if ! winrun "$tmp/w" "${fitargs[@]}" >"$tmp/fit.probe" 2>&1 && grep -q 'unlinkat.*Invalid function' "$tmp/fit.probe"; then
	say "this wine fails Go's os.RemoveAll ($(grep -o 'unlinkat.*' "$tmp/fit.probe" | head -1)): no FileDispositionInformationEx, which Windows 10 1607 and later have"
	at=$("$go" env GOROOT)/src/internal/syscall/windows/at_windows.go
	mkdir -p "$tmp/overlay"
	sed 's/^\t\tSTATUS_NOT_SUPPORTED: /\t\tSTATUS_NOT_SUPPORTED, NTStatus(0xC0000002) \/* STATUS_NOT_IMPLEMENTED: wine *\/ : /' "$at" >"$tmp/overlay/at_windows.go"
	if cmp -s "$at" "$tmp/overlay/at_windows.go"; then
		say "skipped fit: $at is not as this script expects, so no overlay"
		rm -rf "$tmp/w/out/line_holds-fit"
	else
		printf '{"Replace":{"%s":"%s"}}\n' "$at" "$tmp/overlay/at_windows.go" >"$tmp/overlay/overlay.json"
		say "fit again with moralesim.exe built with -overlay $tmp/overlay/overlay.json (STATUS_NOT_IMPLEMENTED takes the old-Windows fallback)"
		cp "$tmp/moralesim.exe" "$tmp/moralesim.dist.exe"
		build "$tmp/moralesim.exe" windows amd64 -overlay "$tmp/overlay/overlay.json"
		same fit "${fitargs[@]}"
		cp "$tmp/moralesim.dist.exe" "$tmp/moralesim.exe"
	fi
else
	rm -rf "$tmp/w/out/line_holds-fit"
	same fit "${fitargs[@]}"
fi

# The commands the pages and summary.json print are written for the shell of
# each system (lab.Command): .\demo.exe and .\moralesim.exe on Windows,
# demo and moralesim elsewhere. Map them back before the comparison; every
# other byte must be the same.
cp -r "$tmp/w/out" "$tmp/w/out.posix"
find "$tmp/w/out.posix" \( -name '*.html' -o -name '*.json' \) -exec sed -i 's/\.\\\\\?\(demo\|moralesim\)\.exe/\1/g' {} +
if diff -r "$tmp/w/out.posix" "$tmp/l/out" >"$tmp/out.diff"; then
	say "ok: every file written under out/ is the same, but for the programs' names in the commands ($(find "$tmp/w/out" -type f | wc -l) files)"
else
	fail "the files written under out/ differ:"
	head -20 "$tmp/out.diff"
fi

# Windows paths: backslashes and Z:, as a designer types them.
wpath() { printf 'Z:%s' "${1//\//\\}"; }
winrun "$tmp/w" run 'scenarios\line.toml' -out "$(wpath "$tmp/w/winpaths")" -q >/dev/null 2>"$tmp/winpaths.err" || fail "run with Windows paths: $(cat "$tmp/winpaths.err")"
linrun "$tmp/l" run scenarios/line.toml -out "$tmp/l/winpaths" -q >/dev/null
# winfiles A B: the files of A and B the same, but for the lines that quote a
# path (the scenario's file, the command) in the JSON.
winfiles() {
	local a=$1 b=$2 what=$3 f bad=0
	for f in "$b"/*; do
		f=$(basename "$f")
		case $f in
		*.json) diff <(grep -v '"file"\|"command"' "$a/$f") <(grep -v '"file"\|"command"' "$b/$f") >/dev/null ;;
		*) cmp -s "$a/$f" "$b/$f" ;;
		esac || {
			fail "$what: $f differs"
			bad=1
		}
	done
	[ "$(ls "$a")" = "$(ls "$b")" ] || {
		fail "$what: other files: $(ls "$a" | tr '\n' ' ') / $(ls "$b" | tr '\n' ' ')"
		bad=1
	}
	[ $bad = 1 ] || say "ok: $what (the same files but for the paths they quote)"
}
winfiles "$tmp/w/winpaths" "$tmp/l/winpaths" "run with scenarios\\line.toml and -out Z:\\…"

# Notepad's files: CRLF and a BOM, in a folder named with spaces and accents.
np="$tmp/w/Désign tëst/Scénarios ñ"
mkdir -p "$np"
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$root/weights.toml"; } >"$tmp/w/Désign tëst/weights.toml"
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$root/scenarios/opening.toml"; } >"$np/opening.toml"
grep -q '^weights = "../weights.toml"' "$root/scenarios/opening.toml" || fail "scenarios/opening.toml no longer names ../weights.toml: this check needs another weights file beside it"
ws=0
winrun "$tmp/w/Désign tëst" check 'Scénarios ñ\opening.toml' >"$tmp/np.w.out" 2>&1 || ws=$?
linrun "$tmp/l" check scenarios/opening.toml >"$tmp/np.l.out" 2>&1 || true
if diff <(sed 's/^\(PASS\|FAIL\) [^:]*:/\1 F:/' "$tmp/np.w.out") <(sed 's/^\(PASS\|FAIL\) [^:]*:/\1 F:/' "$tmp/np.l.out") >/dev/null; then
	say "ok: check of a CRLF scenario with a BOM in \"Désign tëst\\Scénarios ñ\" (exit status $ws, the same lines but for the path)"
else
	fail "check of the CRLF scenario with a BOM differs from the LF one's:"
	diff "$tmp/np.w.out" "$tmp/np.l.out" | head -10 || true
fi
winrun "$tmp/w/Désign tëst" run 'Scénarios ñ\opening.toml' -out 'Sorties\nouveau dossier\opening' -q >/dev/null 2>"$tmp/np.err" ||
	fail "run of the CRLF scenario into a new folder: $(cat "$tmp/np.err")"
linrun "$tmp/l" run scenarios/opening.toml -out out-np -q >/dev/null
o="$tmp/w/Désign tëst/Sorties/nouveau dossier/opening"
bad=0
for f in runs.csv cascade.png fan.png first_rout.png squads.png survival.png unbroken.png; do
	cmp -s "$o/$f" "$tmp/l/out-np/$f" || {
		fail "the CRLF scenario's $f differs from the LF one's"
		bad=1
	}
done
[ $bad = 1 ] || say "ok: run of the CRLF scenario with a BOM into a folder that did not exist: the LF scenario's runs.csv and plots"

# A read-only folder: exit status 1, nothing written.
if [ "$(id -u)" = 0 ]; then
	say "skipped the read-only folder: root writes anywhere"
else
	mkdir -p "$tmp/w/ro"
	chmod a-w "$tmp/w/ro"
	ws=0
	winrun "$tmp/w" run scenarios/opening.toml -out "$(wpath "$tmp/w/ro/x")" -q >/dev/null 2>"$tmp/ro.err" || ws=$?
	if [ "$ws" = 1 ] && [ -z "$(ls -A "$tmp/w/ro")" ]; then
		say "ok: -out in a read-only folder: exit status 1, nothing written ($(cat "$tmp/ro.err"))"
	else
		fail "-out in a read-only folder: exit status $ws, $(ls -A "$tmp/w/ro" | wc -l) entries written"
	fi
fi

if [ $failed = 1 ]; then
	say "FAILED"
	exit 1
fi
say "ok: moralesim.exe under wine gives this machine's bytes"
