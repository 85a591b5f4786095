# MoraleBreak — the two commands a newcomer needs are `make run` and `make test`.
# Both check for the Debian packages they need first (scripts/deps.sh): as root
# they install what is missing, otherwise they print the apt-get line to run.
#
# Two Go modules live in this checkout: the demo's (., go 1.26) and the
# library's (morale/, go 1.24, one dependency), with bench/ beside them.
# go.work builds all three from this checkout (go.mod itself requires a
# tagged morale and replaces nothing, so that `go install …@latest` works);
# commands for the library as it ships run inside morale/ with GOWORK=off.
# `go ... ./...` at the root does not enter morale/, so every target below
# runs over both MODULES.

GO         ?= go
# Each fuzz target's time in make test; fuzz longer with make fuzz FUZZTIME=10m.
FUZZTIME   ?= 5s
MODULES     = . morale
# Both modules' packages, named from the root (morale/ by its import path,
# which the root go.mod resolves to ./morale): what lint checks.
PKGS        = ./... github.com/moralebreak/moralebreak/morale/...
# The oldest Go morale/ supports: its go.mod's `go` line. Fetched once
# through the module proxy (GOTOOLCHAIN), then cached.
MORALE_GO   = go1.24.0
# The Go that fuzzes. Go 1.26's fuzz coordinator can fail a target with a bare
# "context deadline exceeded" at the -fuzztime boundary while a worker is still
# busy (golang/go#75804, fixed in Go 1.27); no input is at fault and none is
# written. Fetched once through the module proxy, like MORALE_GO.
FUZZ_GO     = go1.27.3
# The most runs spent shrinking one new input. Go's default is 60 s, and
# any time limit lets the shrinking of the first new inputs take a short
# $(FUZZTIME) run whole: FuzzUnmarshalBinary ran 932 inputs in 10 s with 5 s,
# 39,736 with 100 runs.
FUZZMIN    ?= 100x
# Fuzz targets run at a time: two share the two cores (each one's link and
# baseline run beside the other's fuzzing); FUZZJOBS=1 for a deep run.
FUZZJOBS   ?= 2
WEBDIR      = build/web
# Window tests need a display; without one, run them under a virtual one.
XVFB        = $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1600x900x24")
# The same for a run beside another under Xvfb (unit-plain beside
# unit-root): xvfb-run -a takes the first free display from 99, and two
# started at once both took :99 (the second's tests then failed to open it:
# "Invalid MIT-MAGIC-COOKIE-1 key"); this one searches from 199.
XVFB_BESIDE = $(if $(DISPLAY),,xvfb-run -a -n 199 -s "-screen 0 1600x900x24")
# The same for check, only when xvfb-run is installed (else the window
# tests skip and say why).
XVFB_IF     = $(if $(DISPLAY),,$(if $(shell command -v xvfb-run 2>/dev/null),$(XVFB)))
# morale/ as it ships: its own go.mod, not the workspace.
LIB         = cd morale && GOWORK=off
# The archives of make dist.
DISTDIR     = build/dist

.PHONY: help run check test doccheck lint unit unit-root unit-morale unit-plain mutants frames compat cpus nofma hotloop arm64 amd64v3 wasm fuzz bench perfpage perfpage-quick web serve browser sim slurm fitbench fitcost screenshots dist distcheck installcheck deps-run deps-test clean

## run: the demo (five soldiers, the opening, the live tuner).
run: deps-run
	$(GO) run ./cmd/demo

## help: what each target does (the Makefile's "## TARGET:" comments).
help:
	@awk '/^## [a-z][a-z0-9-]*:/ { p = 1 } /^##/ { if (p) { sub(/^## ?/, ""); gsub(/\$$\$$/, "$$"); print } next } { if (p) print ""; p = 0 }' Makefile

## check: the inner loop, to run after each change (about a minute here
## with warm caches): lint (gofmt, goimports, go vet, staticcheck, errcheck
## over both modules) and go test -short of both modules, without -race.
## It downloads no toolchain (GOTOOLCHAIN=local), runs no qemu, no npm and
## no browser. The window tests that draw in-process (render, ui, capture)
## run under a virtual display when one is at hand ($$DISPLAY, or xvfb-run
## installed) and skip, saying so, when none is; -short skips the tests
## that build the demo and run it as a process. make test runs everything.
check: export GOTOOLCHAIN = local
check: lint
	$(XVFB_IF) $(GO) test -short ./...
	$(LIB) $(GO) test -short ./...
	@echo "check: ok (lint, go test -short in $(MODULES)); make test runs the rest"

## test: everything CI runs — the docs' links, examples and numbers
## (doccheck), lint, unit and window tests with -race, the mutation test of
## morale's rules (mutants), the horde frame benchmark once (frames), morale
## under $(MORALE_GO) and as a lone dependency, morale's same bits on every
## CPU (cpus), each fuzz target for $(FUZZTIME), the js/wasm build and the
## browser test, the balance lab's checks (sim) and its job arrays on a real
## one-node Slurm cluster (slurm), every desktop build of make dist
## (distcheck) and go install …@latest from a proxy (installcheck).
## Each check by its own target, one after another (scripts/checks.sh),
## with the time each took; the pairs joined by + run side by side, one of
## each leaving a core idle (frames runs on one core, slurm waits on its
## scheduler, installcheck on its module proxy, doccheck is short).
TEST_CHECKS = doccheck+lint unit mutants frames+compat cpus fuzz browser sim+slurm distcheck+installcheck
test: deps-test
	@MAKE="$(MAKE)" scripts/checks.sh $(TEST_CHECKS)

deps-run:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

## CORE_FILES: morale's step, ordering, grid, event and store code, held to
## CORE_LINES lines by wc -l, comments included (issue 32: speed may not come
## from more code); make lint checks it.
CORE_FILES = morale/step.go morale/order.go morale/grid.go morale/location.go morale/move.go morale/workers.go morale/store.go morale/columns.go
CORE_LINES = 1584

## lint: over both modules, from the root: gofmt, goimports, go vet,
## staticcheck, errcheck (the three tools are pinned in the root go.mod's
## tool block: after the first fetch no network is needed), no lint
## suppression comment anywhere, morale/ pure (it imports only the standard
## library and BurntSushi/toml, and its go.mod requires only the latter), lab/
## free of the optimiser and the plots (the demo links it for lab.Lint),
## go.mod installable with go install …@latest (no replace directive;
## go.work replaces the morale version go.mod requires), and morale's core
## code within CORE_LINES lines.
lint:
	@files=$$(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './web/node_modules/*'); \
	  out=$$(gofmt -l $$files); \
	  if [ -n "$$out" ]; then echo "gofmt: these files need formatting:"; echo "$$out"; exit 1; fi; \
	  out=$$($(GO) tool goimports -l $$files); \
	  if [ -n "$$out" ]; then echo "goimports: these files need their imports fixed (go tool goimports -w FILE):"; echo "$$out"; exit 1; fi; \
	  out=$$(grep -nE '(//|/\*) *(lint:ignore|lint:file-ignore|nolint)' $$files); \
	  if [ -n "$$out" ]; then echo "lint: no suppression comments; fix the finding instead:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)
	$(GO) tool errcheck $(PKGS)
	@deps=$$($(LIB) $(GO) list -deps -test -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./...) || exit 1; \
	  out=$$(echo "$$deps" | grep -v -E '^github.com/moralebreak/moralebreak/morale([/._ ]|$$)|^github.com/BurntSushi/toml(/|$$)'); \
	  if [ -n "$$out" ]; then echo "morale/ may import only the standard library and BurntSushi/toml, not:"; echo "$$out"; exit 1; fi; \
	  out=$$($(LIB) $(GO) list -m -f '{{if not .Main}}{{.Path}}{{end}}' all); \
	  if [ "$$out" != github.com/BurntSushi/toml ]; then echo "morale/go.mod must require BurntSushi/toml and nothing else, not:"; echo "$$out"; exit 1; fi
	@out=$$($(GO) list -deps ./lab | grep -E '^gonum.org/v1/(gonum/optimize|plot)(/|$$)'); \
	  if [ -n "$$out" ]; then echo "lab/ may not import an optimiser or a plotting library (the demo links it for lab.Lint; they live in lab/fit and lab/report):"; echo "$$out"; exit 1; fi
	@if grep -qE '^[[:space:]]*replace([[:space:]]|\()' go.mod; then echo "go.mod has a replace directive: go install …@latest refuses such a module; replace in go.work instead"; exit 1; fi; \
	  want=$$(sed -n 's|^[[:space:]]*github.com/moralebreak/moralebreak/morale \(v[^[:space:]]*\).*|\1|p' go.mod); \
	  grep -q "^replace github.com/moralebreak/moralebreak/morale $$want => ./morale$$" go.work || { echo "go.work must replace github.com/moralebreak/moralebreak/morale $$want (go.mod's requirement) => ./morale"; exit 1; }
	@n=$$(cat $(CORE_FILES) | wc -l); if [ "$$n" -gt $(CORE_LINES) ]; then \
	  echo "lint: morale's step, order, grid, event and store code ($(CORE_FILES)) is $$n lines; it may not grow past $(CORE_LINES) (issue 32): make the change smaller, or say the same in fewer lines elsewhere in these files"; exit 1; fi
	@echo "lint: ok (gofmt, goimports, go vet, staticcheck, errcheck in $(MODULES); no suppression; morale/ is pure; lab/ links no optimiser; go.mod installable; morale's core within $(CORE_LINES) lines)"

## unit: go test -race -shuffle=on ./... in both modules (morale's -short),
## window tests under Xvfb, and bench/'s tests: the ark peer does the same update, and morale
## inside an ark game (TestECSGame, the ECS example of docs/library.md).
## The two modules' race runs go side by side (each module's last, longest
## packages leave a core idle), each target's output kept together.
## UNIT_PLAIN's tests run without -race (unit-plain): each is long
## arithmetic in one goroutine (the armies' three long battles among them:
## no squad selected, so no Why re-simulation runs beside them), or a fit
## whose workers the other fit tests run under the race detector, which
## made them 5-10 times slower (410 s of unit-root's time on a loaded
## machine, 50 s without it). So are the armies' figures over 40 s of
## battle and their read views over 20 s, the poll interval and work count
## of the lab's long fights, and the memory of a played minute, whose
## process the race detector's shadow memory inflates. So are ui's tests
## that build the demo and run it as a process (its pictures, record and
## replay, and the end-to-end clicks, whose host is this test binary run
## again): the demo is built without -race, and they took 57 s of ui's
## 127 s under it. (The tests of the RACELESS packages below all run
## without it.)
UNIT_PLAIN = ^(TestFitSeveralPlanted|TestFitFailingReportsClosestOfAllRounds|TestFitKnownAnswer|TestFitUnreachable|TestFitSteersAwayFromLint|TestSnapshotCostPerMinute|TestSnapshotRewindEqualsPlayed|TestErrorsEchoLittle|TestArmiesRoutCascades|TestArmiesDeterministic|TestArmiesLedgerChangesNoBit|TestArmiesFiguresAgree|TestPollInterval|TestFightWorkCountsTheWork|TestArmiesShowTheWorldAsRead|TestMemoryOfAPlayedMinute|TestCapturesAreTheSameBytesEveryRun|TestScreenshotModeWritesTheFrame|TestEndToEndClickKillsSoldier|TestEndToEndFirstClickAfterTyping|TestGIFModeWritesTheAnimation|TestRecordThenReplaySameDigest|TestWhyPanelDrawn)$$

## RACELESS packages start no goroutine of their own: lab/report draws the
## pages of results it is handed, lab/cli runs lab's fights, whose workers
## lab's own tests run under the race detector, render draws the game's
## views (the Why re-simulations it shows run in game's goroutines, which
## game's tests race), and cmd/demo's tests run the demo as a process,
## built without -race. The one thing of theirs that workers touch is
## lab/cli's progress bar and its printer. So their tests run without -race
## (in unit-plain), but for RACELESS_RACE, which drive the bar from the
## workers of a run, a fit, shards and an interrupted run. Under -race
## lab/cli took 87 s, lab/report 105 s and render 57 s; without, 15 s each.
RACELESS = ./lab/cli ./lab/report ./render ./cmd/demo
RACELESS_RACE = ^(TestProgressBar|TestFitCommand|TestShardsMergeByteForByte|TestInterruptedRunWritesNothing|TestFitInterruptedWritesBestSoFar)$$

unit:
	@$(MAKE) --no-print-directory -j2 --output-sync=target unit-root unit-morale unit-plain
	cd bench && $(GO) test ./... # TestSameUpdate, TestECSGame

unit-root:
	CGO_ENABLED=1 $(XVFB) $(GO) test -race -shuffle=on -skip '$(UNIT_PLAIN)' $$($(GO) list ./... | grep -vxF "$$($(GO) list $(RACELESS))")
	CGO_ENABLED=1 $(GO) test -race -shuffle=on -run '$(RACELESS_RACE)' ./lab/cli # RACELESS_RACE's package: no race build of the others

unit-plain:
	$(XVFB_BESIDE) $(GO) test -shuffle=on -run '$(UNIT_PLAIN)' ./game ./lab ./lab/fit ./ui
	$(XVFB_BESIDE) $(GO) test -shuffle=on -skip '$(RACELESS_RACE)' $(RACELESS)

## morale's race run is -short (the long single-goroutine tests take fewer
## rounds); compat runs them in full, without the race detector.
## MORALE_COUNTING names the morale tests that check counting, not float
## bits or goroutines, and took 15-17 s under the race detector and under
## qemu even -short (listeners that loop, queueing four million changes):
## the race and qemu runs skip them, compat runs them in full.
MORALE_COUNTING = ^TestListenersThatFeedThemselvesPanic$$
unit-morale:
	$(LIB) CGO_ENABLED=1 $(GO) test -race -short -shuffle=on -skip '$(MORALE_COUNTING)' ./...

## mutants: morale/mutation_test.go: for each exported rule, a copy of the
## package with the rule's result replaced, whose seeded scenarios must
## change; and a copy without the fast paths, whose scenarios must not.
mutants:
	$(LIB) MORALE_MUTANTS=1 $(GO) test -count=1 -run '^TestMutants$$' .

## frames: the horde game (morale's BenchmarkHordeFrame: 1e6 agents on one
## core), 150 frames of each row (per-agent SetPosition and the batch
## SetPositions), once, with its frame-time percentiles and floor. In make
## test it runs beside compat: a check that the benchmark runs, not a
## measurement (make perfpage measures, on a quiet machine).
frames:
	$(LIB) $(GO) test -run '^$$' -bench '^BenchmarkHordeFrame$$' -benchtime 150x -count 1 .

## compat: morale's tests under $(MORALE_GO), and a throwaway module that
## imports only morale: one requirement (BurntSushi/toml), builds with $(MORALE_GO).
compat:
	$(LIB) GOTOOLCHAIN=$(MORALE_GO) $(GO) test -shuffle=on ./...
	GO=$(GO) scripts/morale-consumer.sh $(MORALE_GO)

## cpus: the same bits on every CPU. No fused multiply-add left in morale/
## (nofma), and all of morale's tests, the golden fight hash among them
## (morale/determinism_test.go), built for arm64 and run under
## qemu-aarch64-static (arm64), built for amd64 with GOAMD64=v3, where the
## compiler fuses multiply-adds too (amd64v3), and the golden fight, the
## savegames and the checksum built for js/wasm and run under node (wasm);
## and morale's hot loops compiled as their speed needs on amd64 and arm64
## (hotloop); two at a time (qemu and node leave a core idle), each one's
## output kept together.
cpus:
	@$(MAKE) --no-print-directory -j2 --output-sync=target nofma arm64 amd64v3 wasm hotloop

## hotloop: scripts/hotloop.sh: the step's pass inlines the rules and picks
## its recovery gain with a conditional select (CMOV on amd64, CSEL on
## arm64), and the moves inline their checks; compile only.
hotloop:
	GO=$(GO) scripts/hotloop.sh

## nofma: compile morale's tests for arm64, ppc64le, s390x, riscv64, loong64
## and amd64 v3 with the assembly listing; fail on any fused multiply-add.
nofma:
	GO=$(GO) scripts/nofma.sh

## arm64: morale's tests as a linux/arm64 binary, under qemu-aarch64-static
## (Debian qemu-user-static, which deps.sh installs), or natively on arm64.
## Under qemu they run -short: every test, the golden hashes in full, but
## fewer rounds of the long ones whose checks are not of float bits, and
## none of MORALE_COUNTING (84 s to about 70 here, alone).
arm64:
	@if [ "$$(uname -m)" = aarch64 ]; then \
	  echo "$(LIB) GOARCH=arm64 $(GO) test -shuffle=on ./..."; \
	  $(LIB) GOARCH=arm64 $(GO) test -shuffle=on ./...; \
	else \
	  echo "$(LIB) GOARCH=arm64 $(GO) test -exec qemu-aarch64-static -short -shuffle=on -skip '$(MORALE_COUNTING)' ./..."; \
	  $(LIB) GOARCH=arm64 $(GO) test -exec qemu-aarch64-static -short -shuffle=on -skip '$(MORALE_COUNTING)' ./...; \
	fi

## amd64v3: morale's tests built with GOAMD64=v3 (AVX2, FMA, BMI1/2, F16C,
## MOVBE, LZCNT), when this is an amd64 Linux machine with all of them;
## otherwise it says why it skips.
amd64v3:
	@if [ "$$(uname -m)" != x86_64 ] || [ ! -r /proc/cpuinfo ]; then \
	  echo "amd64v3: skipped: not an x86_64 Linux machine"; exit 0; \
	fi; \
	for f in avx2 fma bmi1 bmi2 f16c movbe abm; do \
	  if ! grep -qw $$f /proc/cpuinfo; then \
	    echo "amd64v3: skipped: this CPU lacks $$f, which GOAMD64=v3 needs"; exit 0; \
	  fi; \
	done; \
	echo "$(LIB) GOAMD64=v3 $(GO) test -shuffle=on ./..."; \
	$(LIB) GOAMD64=v3 $(GO) test -shuffle=on ./...

## wasm: morale's golden fight, savegame and checksum tests as js/wasm under
## node (go_js_wasm_exec from the Go installation): the savegames written
## on amd64 (morale/testdata/save-v3.bin, this format, and save-v2.bin and
## save-v1.bin, the ones before) load and continue with the same bits, and the
## same fight saves the same bytes.
wasm:
	$(LIB) GOOS=js GOARCH=wasm PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" $(GO) test -count=1 -run 'Save|Load|Checksum|Tag|SameBits' .

## fuzz: every fuzz target of both modules for $(FUZZTIME) each, under
## $(FUZZ_GO), $(FUZZJOBS) at a time (scripts/fuzz.sh).
fuzz:
	@GO=$(GO) FUZZTIME=$(FUZZTIME) FUZZMIN=$(FUZZMIN) FUZZ_GO=$(FUZZ_GO) FUZZJOBS=$(FUZZJOBS) scripts/fuzz.sh $(MODULES)

## doccheck: every relative link and #anchor in the Markdown resolves, each
## quoted example is its function's body, the README's performance figures
## are docs/performance.md's, and the finding about the default weights is
## what the balance lab measures now (tools/doccheck).
doccheck:
	$(GO) run ./tools/doccheck -finding

## perfpage: run the benchmarks of tools/perfpage/entries.go and write
## docs/performance.md and the README's perf:headline block (several runs of
## each: about a quarter of an hour on 2 cores; run it on a quiet machine).
perfpage:
	GO=$(GO) $(GO) run ./tools/perfpage

## perfpage-quick: one short run of each, into build/perfpage/performance.md
## (the docs untouched), for trying the generator; add -only ID through
## PERFPAGE_FLAGS to run one entry.
perfpage-quick:
	GO=$(GO) $(GO) run ./tools/perfpage -quick $(PERFPAGE_FLAGS)

## bench: the morale and game benchmarks, and the comparison with the ark
## ECS (bench/, its own module, so that morale gains no dependency).
bench:
	$(LIB) $(GO) test -run '^$$' -bench . -benchmem .
	$(GO) test -run '^$$' -bench . -benchmem ./game
	cd bench && $(GO) test -run '^$$' -bench . -benchmem .

## web: the demo for browsers, in $(WEBDIR) (index.html, wasm_exec.js, demo.wasm).
web:
	@mkdir -p $(WEBDIR)
	GOOS=js GOARCH=wasm $(GO) build -o $(WEBDIR)/demo.wasm ./cmd/demo
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/index.html $(WEBDIR)/

## serve: serve the web build on http://127.0.0.1:8080.
serve: web
	$(GO) run ./cmd/webserve -dir $(WEBDIR) -addr 127.0.0.1:8080

## browser: load the web build in headless Chromium (web/browser_test.mjs,
## about 40 s): the odds panel counts 200 fights; Space pauses and resumes;
## a click kills a soldier (the others' bars drop); a right-click opens his
## Why panel (its text, pixels and place, every bar's line in its
## sentence); a tuner row takes a typed value, refuses bad ones and resets;
## Save weights and F2 download weights.toml and the replay; F1 shows and
## hides the keys' sheet, F12 downloads a 1280×720 PNG, and F1, F12, F2 and
## ` reach the demo with the browser's own action prevented; ` opens the
## console, MoraleBreak.Dump answers and MoraleBreak.Why says the Why
## panel's sentence word for word; a drag raises RoutAfterSeconds and
## Ctrl+Z takes it back; with another page in front the note that the
## browser has the keys comes, and goes.
browser: web
	cd web && npm ci --no-audit --no-fund --loglevel=error
	node web/browser_test.mjs $(WEBDIR)

SIMOUT = build/sim
# A small fit for make sim (about 16,000 line fights, twice): its bytes on 1
# and 2 cores, and its weights.toml checked. make fitbench runs the full one.
SIMFIT = -keys RecoveryDelaySeconds,Suppressed -runs 100 -budget 20000 -q

## sim: the balance lab's CI checks — the shipped scenarios' expectations, the
## lint of weights.toml, a fit of scenarios/fit/line_holds.toml (the same bytes
## on GOMAXPROCS 1 and 2, its weights passing check), 4 shard processes merging
## into the single run's summary.json byte for byte, GOMAXPROCS 1 and 2 giving
## the same bytes, and every kind of HTML report (run, merge, one- and two-key
## sweeps, sensitivity, compare) opened and checked in headless Chromium, the
## merged pages byte for byte the single machine's.
# cmpbut A B: cmp of A and B without the command each names (summary.json's
# "command", a page's "Made by:"), the one line in which a merge's differs.
cmpbut = for f in $(1) $(2); do sed -e '/^ "command": /d' -e 's|<p class="cmd">Made by: .*</p></footer>|</footer>|' $$f > $$f.nocmd || exit 1; done; cmp $(1).nocmd $(2).nocmd

sim:
	@rm -rf $(SIMOUT) && mkdir -p $(SIMOUT)
	@# -buildvcs=true: Go stamps no commit in workspace mode (go.work) by
	@# default, and the pages name the commit; where git cannot say (no git,
	@# a copy of the tree) the build goes on without it.
	$(GO) build -buildvcs=true -o $(SIMOUT)/moralesim ./cmd/moralesim 2>/dev/null || $(GO) build -buildvcs=false -o $(SIMOUT)/moralesim ./cmd/moralesim
	$(SIMOUT)/moralesim lint weights.toml
	$(SIMOUT)/moralesim check -q scenarios/*.toml
	GOMAXPROCS=1 $(SIMOUT)/moralesim fit scenarios/fit/line_holds.toml $(SIMFIT) -out $(SIMOUT)/fit1 >/dev/null
	GOMAXPROCS=2 $(SIMOUT)/moralesim fit scenarios/fit/line_holds.toml $(SIMFIT) -out $(SIMOUT)/fit -report $(SIMOUT)/fit.html >/dev/null
	cmp $(SIMOUT)/fit1/fit.json $(SIMOUT)/fit/fit.json
	cmp $(SIMOUT)/fit1/weights.toml $(SIMOUT)/fit/weights.toml
	$(SIMOUT)/moralesim check -q scenarios/fit/line_holds.toml -weights $(SIMOUT)/fit/weights.toml
	@echo "sim: the fit of line_holds gives the same bytes on 1 and 2 cores, and its weights.toml passes check"
	$(GO) test -count=1 -run '^TestFitPlanted$$' ./lab/fit
	GOMAXPROCS=1 $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -out $(SIMOUT)/full1 >/dev/null
	GOMAXPROCS=2 $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -out $(SIMOUT)/full -report $(SIMOUT)/report.html >/dev/null
	$(call cmpbut,$(SIMOUT)/full1/summary.json,$(SIMOUT)/full/summary.json)
	cmp $(SIMOUT)/full1/runs.json $(SIMOUT)/full/runs.json
	for k in 0 1 2 3; do \
	  JOB_COMPLETION_INDEX=$$k $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -shard auto/4 -out $(SIMOUT)/shard$$k & \
	done; wait
	$(SIMOUT)/moralesim merge $(SIMOUT)/shard0 $(SIMOUT)/shard1 $(SIMOUT)/shard2 $(SIMOUT)/shard3 -out $(SIMOUT)/merged
	$(call cmpbut,$(SIMOUT)/full/summary.json,$(SIMOUT)/merged/summary.json)
	@echo "sim: the merged summary.json of 4 shards equals the single run's, byte for byte"
	@# The pages, on two squads (Alpha loses its sergeant, Bravo watches) with
	@# LeaderDown changed, so that the settings table has a row.
	sed 's/^LeaderDown = -0.45/LeaderDown = -0.3/' weights.toml > $(SIMOUT)/leader.toml
	$(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 400 -seed 2 -q -weights $(SIMOUT)/leader.toml -out $(SIMOUT)/sg -report $(SIMOUT)/run.html >/dev/null
	for k in 0 1 2; do $(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 400 -seed 2 -q -weights $(SIMOUT)/leader.toml -shard $$k/3 -out $(SIMOUT)/sg$$k || exit 1; done
	$(SIMOUT)/moralesim merge $(SIMOUT)/sg2 $(SIMOUT)/sg0 $(SIMOUT)/sg1 -out $(SIMOUT)/sgm -report $(SIMOUT)/merge.html
	$(call cmpbut,$(SIMOUT)/run.html,$(SIMOUT)/merge.html)
	$(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 200 -q -out $(SIMOUT)/sw1 -sweep RecoveryDelaySeconds=2:6:1 -metric squad_broke.bravo -stat share -report $(SIMOUT)/sweep.html >/dev/null
	$(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 100 -q -out $(SIMOUT)/sw2 -sweep RecoveryDelaySeconds=2:6:1 -sweep NerveMax=0.5:0.9:0.1 -metric squad_broke.bravo -stat share -report $(SIMOUT)/sweep2.html >/dev/null
	for k in 0 1; do $(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 100 -q -out $(SIMOUT)/sw2s$$k -sweep RecoveryDelaySeconds=2:6:1 -sweep NerveMax=0.5:0.9:0.1 -metric squad_broke.bravo -stat share -shard $$k/2 >/dev/null || exit 1; done
	$(SIMOUT)/moralesim merge $(SIMOUT)/sw2s1 $(SIMOUT)/sw2s0 -out $(SIMOUT)/sw2m -report $(SIMOUT)/sweep2-merged.html
	$(call cmpbut,$(SIMOUT)/sweep2.html,$(SIMOUT)/sweep2-merged.html)
	@echo "sim: the merged report pages (runs and a sweep) equal the single machine's, byte for byte"
	@# A statistic's fight as a demo replay: each is played by the game and
	@# checked against the lab's fight before it is written.
	$(SIMOUT)/moralesim run scenarios/line.toml -runs 200 -q -out $(SIMOUT)/replays -replays first:first_rout_s:1 >/dev/null
	test -s $(SIMOUT)/replays/replay-run-$$($(SIMOUT)/moralesim run scenarios/line.toml -runs 200 -q -out $(SIMOUT)/replays -replays first:first_rout_s:1 | sed -n 's/^  run \([0-9]*\),.*/\1/p').txt
	@echo "sim: run -replays wrote the fight with the earliest first rout as a replay, the lab's fight bit for bit"
	$(SIMOUT)/moralesim sensitivity scenarios/sergeant.toml -metric squad_broke.bravo -runs 100 -q -out $(SIMOUT)/sens -report $(SIMOUT)/sensitivity.html >/dev/null
	$(SIMOUT)/moralesim run scenarios/sergeant.toml -runs 400 -seed 2 -q -out $(SIMOUT)/sgA -report $(SIMOUT)/run-a.html >/dev/null
	$(SIMOUT)/moralesim compare weights.toml $(SIMOUT)/leader.toml scenarios/sergeant.toml -runs 400 -seed 2 -report $(SIMOUT)/compare.html >/dev/null
	cd web && npm ci --no-audit --no-fund --loglevel=error
	node web/report_test.mjs run=$(SIMOUT)/report.html run=$(SIMOUT)/run.html merge=$(SIMOUT)/merge.html \
	  sweep=$(SIMOUT)/sweep.html sweep2=$(SIMOUT)/sweep2.html sensitivity=$(SIMOUT)/sensitivity.html \
	  compare=$(SIMOUT)/compare.html fit=$(SIMOUT)/fit.html --a-side $(SIMOUT)/run-a.html,$(SIMOUT)/compare.html

## fitbench: the fit's benchmarks with the default runs and budget, once
## each: the worked example (scenarios/fit/line_holds.toml, four keys; the
## target is under 60 s on 2 cores), the known-answer problem, the five
## planted problems (at least 4 met on 2,000 new fights with at most k+1
## keys changed, each fit within 300 s) and two fits of three scenarios at
## once (each within 600 s). Each fails unless its fits meet their
## expectations on held-out fights.
fitbench:
	@cat /proc/loadavg 2>/dev/null || uptime
	$(GO) test -run '^$$' -bench '^BenchmarkFit' -benchtime 1x ./lab/fit
	@cat /proc/loadavg 2>/dev/null || uptime

## fitcost: what a fit costs for each shipped scenario, and the worked
## example's output, written into docs/balancing.md's "Fitting weights"
## (scripts/fitcost.sh; about a minute on two idle cores).
fitcost:
	GO=$(GO) scripts/fitcost.sh -w

## slurm: docs/balancing.md's Slurm job arrays, for real: as root, a one-node
## cluster set up here (munge, slurmctld, slurmd; installed if missing, started
## without systemd, stopped at the end), the Monte-Carlo and sweep arrays
## merged and compared byte for byte with one process, a cancelled task's gap
## refused by merge, and the rerun of that task (scripts/slurm-test.sh, about
## 20 s). Not root: skipped with a message.
slurm:
	GO=$(GO) scripts/slurm-test.sh

## screenshots: regenerate the README images under docs/: the opening as an
## animated GIF (0–16 s at 10 fps, the field; under 4 MB) and stills (the
## window, Eriksen's Why panel, the timeline, the armies), each the same
## bytes on every run of the same build.
screenshots: deps-run
	@mkdir -p docs
	$(XVFB) $(GO) run ./cmd/demo -gif docs/opening.gif -from 0 -to 16 -fps 10 -crop field
	@size=$$(wc -c < docs/opening.gif); if [ $$size -ge 4194304 ]; then echo "docs/opening.gif is $$size bytes; want under 4 MB"; exit 1; fi
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/opening.png -at 12
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/why.png -at 11 -select Eriksen -crop why
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/timeline.png -at 30 -crop timeline
	$(XVFB) $(GO) run ./cmd/demo -scene armies -screenshot docs/armies.png -at 22

## dist: the demo and moralesim for designers' desktops, one archive each in
## $(DISTDIR): moralebreak-windows-amd64.zip, -darwin-arm64.zip,
## -darwin-amd64.zip and -linux-amd64.tar.gz, each with weights.toml,
## scenarios/ and a HOWTO.txt (how to start it, what the platform needs).
## Cross-built here with CGO_ENABLED=0 (scripts/dist); no C toolchain needed.
## Each archive is checked as distcheck checks it.
dist:
	$(GO) run ./scripts/dist -out $(DISTDIR)

## distcheck: every archive of make dist, built into a temporary directory
## that is removed, read back and checked: one folder, the programs by the
## platform's names (demo.exe), executable and built for it, nothing else
## than weights.toml, scenarios/ and HOWTO.txt, every scenario's weights
## file where the scenario looks for it, a HOWTO naming every scenario and
## no missing file, in CRLF on Windows; this machine's archive unpacked and
## followed (demo -h, moralesim lint and run of every scenario there).
distcheck:
	$(GO) run ./scripts/dist -check

## installcheck: `go install github.com/moralebreak/moralebreak/cmd/demo@latest`
## (and cmd/moralesim) works for a designer with Go: installed from a
## file:// module proxy made of this checkout's HEAD commit, outside the
## checkout, then run (scripts/installcheck). Commit first: uncommitted
## changes are not in HEAD.
installcheck:
	$(GO) run ./scripts/installcheck

## clean: remove build/, web/node_modules and test-artifacts/.
clean:
	rm -rf build web/node_modules test-artifacts
