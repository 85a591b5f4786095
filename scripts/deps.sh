#!/usr/bin/env bash
# deps.sh run|test — make sure the Debian packages MoraleBreak needs are here.
#
#   run:  the libraries the demo opens at run time (X11 and OpenGL).
#   test: those, plus Xvfb and xauth for the window tests, Chromium, Node.js
#         and npm for the browser tests, gcc for -race, qemu-user-static
#         (qemu-aarch64-static) to run linux/arm64 test binaries on an amd64
#         machine, make, git (make lint lists the tracked files) and CA
#         certificates (the module proxy, npm).
#
# As root it installs what is missing with apt-get; otherwise it prints the
# exact command to run and fails. Nothing is installed when nothing is missing.
set -euo pipefail
mode=${1:-run}

missing=()
need_lib() { # need_lib SONAME PACKAGE
	if ! /sbin/ldconfig -p 2>/dev/null | grep -q "$1"; then missing+=("$2"); fi
}
need_cmd() { # need_cmd COMMAND PACKAGE
	if ! command -v "$1" >/dev/null 2>&1; then missing+=("$2"); fi
}

if [ "$(uname -s)" = Linux ]; then
	need_lib libX11.so.6 libx11-6
	need_lib libXrandr.so.2 libxrandr2
	need_lib libXcursor.so.1 libxcursor1
	need_lib libXi.so.6 libxi6
	need_lib libXinerama.so.1 libxinerama1
	need_lib libXext.so.6 libxext6
	need_lib libXrender.so.1 libxrender1
	need_lib libGL.so.1 libgl1
	[ -d /usr/lib/x86_64-linux-gnu/dri ] || [ -d /usr/lib/aarch64-linux-gnu/dri ] || [ -d /usr/lib/dri ] || missing+=(libgl1-mesa-dri)
	if [ "$mode" = test ]; then
		need_cmd xvfb-run xvfb
		need_cmd xauth xauth
		need_cmd chromium chromium
		need_cmd node nodejs
		need_cmd npm npm
		need_cmd gcc gcc # go test -race needs cgo
		need_cmd qemu-aarch64-static qemu-user-static # GOARCH=arm64 test binaries
		need_cmd make make
		need_cmd git git # make lint lists the tracked .go files
		[ -e /etc/ssl/certs/ca-certificates.crt ] || missing+=(ca-certificates) # the Go module proxy, npm
	fi
fi

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >/dev/null
	apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
	exit 0
fi
cat >&2 <<MSG
MoraleBreak needs these Debian packages, which are missing:
    ${missing[*]}
Install them with:
    sudo apt-get install -y ${missing[*]}
MSG
exit 1
