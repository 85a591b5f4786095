# MoraleBreak — the two commands a newcomer needs are `make run` and `make test`.
# Both check for the Debian packages they need first (scripts/deps.sh): as root
# they install what is missing, otherwise they print the apt-get line to run.

GO         ?= go
FUZZTIME   ?= 20s
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2
WEBDIR      = build/web
# Window tests need a display; without one, run them under a virtual one.
XVFB        = $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1600x900x24")

.PHONY: run test lint unit fuzz bench web serve browser screenshots deps-run deps-test clean

## run: the demo (five soldiers, the opening, the live tuner).
run: deps-run
	$(GO) run ./cmd/demo

## test: everything CI runs — lint, unit and window tests with -race, each
## fuzz target for $(FUZZTIME), the js/wasm build and the browser test.
test: deps-test lint unit fuzz browser

deps-run:
	@scripts/deps.sh run

deps-test:
	@scripts/deps.sh test

## lint: gofmt, go vet, staticcheck (pinned) and morale/'s purity.
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt: these files need formatting:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	@if $(GO) list -deps ./morale | grep -E 'ebiten|ebitenui'; then \
	  echo "morale/ must not import Ebitengine or ebitenui"; exit 1; fi
	@echo "lint: ok (gofmt, go vet, staticcheck, morale/ is pure)"

## unit: go test -race -shuffle=on ./..., window tests under Xvfb.
unit:
	CGO_ENABLED=1 $(XVFB) $(GO) test -race -shuffle=on ./...

## fuzz: every fuzz target for $(FUZZTIME) each.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz: $$pkg $$f for $(FUZZTIME)"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

## bench: the morale and game benchmarks.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./morale ./game

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

## screenshots: regenerate the README images under docs/.
screenshots: deps-run
	@mkdir -p docs
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/opening.png -at 12
	$(XVFB) $(GO) run ./cmd/demo -screenshot docs/timeline.png -at 30 -crop timeline

clean:
	rm -rf build web/node_modules test-artifacts
