# MoraleBreak — the two commands a newcomer needs are `make run` and `make test`.
# Both check for the Debian packages they need first (scripts/deps.sh): as root
# they install what is missing, otherwise they print the apt-get line to run.
#
# Two Go modules live in this checkout: the demo's (., go 1.26) and the
# library's (morale/, go 1.24, one dependency). The root go.mod replaces
# morale with ./morale. `go ... ./...` at the root does not enter morale/, so
# every target below runs over both MODULES.

GO         ?= go
FUZZTIME   ?= 20s
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
# The most time spent shrinking one new input: Go's default is 60 s, which a
# slow input can spend entirely inside a $(FUZZTIME) run.
FUZZMIN    ?= 5s
WEBDIR      = build/web
# Window tests need a display; without one, run them under a virtual one.
XVFB        = $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1600x900x24")

.PHONY: run test lint unit mutants frames compat cpus nofma arm64 amd64v3 fuzz bench web serve browser sim screenshots deps-run deps-test clean

## run: the demo (five soldiers, the opening, the live tuner).
run: deps-run
	$(GO) run ./cmd/demo

## test: everything CI runs — lint, unit and window tests with -race, the
## mutation test of morale's rules (mutants), the horde frame benchmark once
## (frames), morale under $(MORALE_GO) and as a lone dependency, morale's same
## bits on every CPU (cpus), each fuzz target for $(FUZZTIME), the js/wasm
## build and the browser test, and the balance lab's checks (sim).
test: deps-test lint unit mutants frames compat cpus fuzz browser sim

deps-run:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

## lint: over both modules, from the root: gofmt, goimports, go vet,
## staticcheck, errcheck (the three tools are pinned in the root go.mod's
## tool block: after the first fetch no network is needed), no lint
## suppression comment anywhere, and morale/ pure (it imports only the
## standard library and BurntSushi/toml, and its go.mod requires only the
## latter).
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
	@deps=$$(cd morale && $(GO) list -deps -test -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./...) || exit 1; \
	  out=$$(echo "$$deps" | grep -v -E '^github.com/moralebreak/moralebreak/morale([/._ ]|$$)|^github.com/BurntSushi/toml(/|$$)'); \
	  if [ -n "$$out" ]; then echo "morale/ may import only the standard library and BurntSushi/toml, not:"; echo "$$out"; exit 1; fi; \
	  out=$$(cd morale && $(GO) list -m -f '{{if not .Main}}{{.Path}}{{end}}' all); \
	  if [ "$$out" != github.com/BurntSushi/toml ]; then echo "morale/go.mod must require BurntSushi/toml and nothing else, not:"; echo "$$out"; exit 1; fi
	@echo "lint: ok (gofmt, goimports, go vet, staticcheck, errcheck in $(MODULES); no suppression; morale/ is pure)"

## unit: go test -race -shuffle=on ./... in both modules, window tests under
## Xvfb, and bench/'s proof that the ark peer does the same update.
unit:
	CGO_ENABLED=1 $(XVFB) $(GO) test -race -shuffle=on ./...
	cd morale && CGO_ENABLED=1 $(GO) test -race -shuffle=on ./...
	cd bench && $(GO) test ./... # TestSameUpdate: the ark peer does the World's update

## mutants: morale/mutation_test.go: for each exported rule, a copy of the
## package with the rule's result replaced, whose seeded scenarios must
## change; and a copy without the fast paths, whose scenarios must not.
mutants:
	cd morale && MORALE_MUTANTS=1 $(GO) test -count=1 -run '^TestMutants$$' .

## frames: the horde game's 600 frames (morale's BenchmarkHordeFrame: 1e6
## agents on one core), once, with its frame-time percentiles and floor.
frames:
	cd morale && $(GO) test -run '^$$' -bench '^BenchmarkHordeFrame$$' -benchtime 600x -count 1 .

## compat: morale's tests under $(MORALE_GO), and a throwaway module that
## imports only morale: one requirement (BurntSushi/toml), builds with $(MORALE_GO).
compat:
	cd morale && GOTOOLCHAIN=$(MORALE_GO) $(GO) test -shuffle=on ./...
	GO=$(GO) scripts/morale-consumer.sh $(MORALE_GO)

## cpus: the same bits on every CPU. No fused multiply-add left in morale/
## (nofma), and all of morale's tests, the golden fight hash among them
## (morale/determinism_test.go), built for arm64 and run under
## qemu-aarch64-static (arm64), and built for amd64 with GOAMD64=v3, where the
## compiler fuses multiply-adds too (amd64v3).
cpus: nofma arm64 amd64v3

## nofma: compile morale's tests for arm64, ppc64le, s390x, riscv64, loong64
## and amd64 v3 with the assembly listing; fail on any fused multiply-add.
nofma:
	GO=$(GO) scripts/nofma.sh

## arm64: morale's tests as a linux/arm64 binary, under qemu-aarch64-static
## (Debian qemu-user-static, which deps.sh installs), or natively on arm64.
arm64:
	@if [ "$$(uname -m)" = aarch64 ]; then \
	  echo "cd morale && GOARCH=arm64 $(GO) test -shuffle=on ./..."; \
	  cd morale && GOARCH=arm64 $(GO) test -shuffle=on ./...; \
	else \
	  echo "cd morale && GOARCH=arm64 $(GO) test -exec qemu-aarch64-static -shuffle=on ./..."; \
	  cd morale && GOARCH=arm64 $(GO) test -exec qemu-aarch64-static -shuffle=on ./...; \
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
	echo "cd morale && GOAMD64=v3 $(GO) test -shuffle=on ./..."; \
	cd morale && GOAMD64=v3 $(GO) test -shuffle=on ./...

## fuzz: every fuzz target of both modules for $(FUZZTIME) each, under $(FUZZ_GO).
fuzz:
	@for m in $(MODULES); do \
	  (cd $$m && for pkg in $$($(GO) list ./...); do \
	    for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	      echo "fuzz: $$pkg $$f for $(FUZZTIME)"; \
	      GOTOOLCHAIN=$(FUZZ_GO) $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMIN) $$pkg || exit 1; \
	    done; \
	  done) || exit 1; \
	done

## bench: the morale and game benchmarks, and the comparison with the ark
## ECS (bench/, its own module, so that morale gains no dependency).
bench:
	cd morale && $(GO) test -run '^$$' -bench . -benchmem .
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

## browser: load the web build in headless Chromium, click a soldier, check.
browser: web
	cd web && npm ci --no-audit --no-fund --loglevel=error
	node web/browser_test.mjs $(WEBDIR)

SIMOUT = build/sim

## sim: the balance lab's CI checks — the shipped scenarios' expectations, the
## lint of weights.toml, 4 shard processes merging into the single run's
## summary.json byte for byte, GOMAXPROCS 1 and 2 giving the same bytes, and
## a generated HTML report opened in headless Chromium.
sim:
	@rm -rf $(SIMOUT) && mkdir -p $(SIMOUT)
	$(GO) build -o $(SIMOUT)/moralesim ./cmd/moralesim
	$(SIMOUT)/moralesim lint weights.toml
	$(SIMOUT)/moralesim check -q scenarios/*.toml
	GOMAXPROCS=1 $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -out $(SIMOUT)/full1 >/dev/null
	GOMAXPROCS=2 $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -out $(SIMOUT)/full -report $(SIMOUT)/report.html >/dev/null
	cmp $(SIMOUT)/full1/summary.json $(SIMOUT)/full/summary.json
	cmp $(SIMOUT)/full1/runs.json $(SIMOUT)/full/runs.json
	for k in 0 1 2 3; do \
	  JOB_COMPLETION_INDEX=$$k $(SIMOUT)/moralesim run scenarios/opening.toml -runs 1000 -seed 3 -q -shard auto/4 -out $(SIMOUT)/shard$$k & \
	done; wait
	$(SIMOUT)/moralesim merge $(SIMOUT)/shard0 $(SIMOUT)/shard1 $(SIMOUT)/shard2 $(SIMOUT)/shard3 -out $(SIMOUT)/merged
	cmp $(SIMOUT)/full/summary.json $(SIMOUT)/merged/summary.json
	@echo "sim: the merged summary.json of 4 shards equals the single run's, byte for byte"
	cd web && npm ci --no-audit --no-fund --loglevel=error
	node web/report_test.mjs $(SIMOUT)/report.html

## screenshots: regenerate the README images under docs/: the opening as an
## animated GIF (0–16 s at 10 fps, the field; under 4 MB) and two stills.
screenshots: deps-run
	@mkdir -p docs
	$(XVFB) $(GO) run ./cmd/demo -gif docs/opening.gif -from 0 -to 16 -fps 10 -crop field
	@size=$$(wc -c < docs/opening.gif); if [ $$size -ge 4194304 ]; then echo "docs/opening.gif is $$size bytes; want under 4 MB"; exit 1; fi
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/opening.png -at 12
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/why.png -at 11 -select Eriksen
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/timeline.png -at 30 -crop timeline
	$(XVFB) $(GO) run ./cmd/demo -scene armies -screenshot docs/armies.png -at 22

clean:
	rm -rf build web/node_modules test-artifacts
