module github.com/moralebreak/moralebreak

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/ebitenui/ebitenui v0.7.3
	github.com/fsnotify/fsnotify v1.10.1
	github.com/hajimehoshi/ebiten/v2 v2.10.4
	github.com/moralebreak/moralebreak/morale v0.1.0
	golang.org/x/image v0.48.0
	golang.org/x/mod v0.42.0
	golang.org/x/sync v0.25.0
	gonum.org/v1/gonum v0.16.0
	gonum.org/v1/plot v0.17.0
)

// The library is its own module (morale/go.mod, go 1.24, one dependency),
// required at the version tagged morale/v0.1.0. No replace directive here:
// `go install github.com/moralebreak/moralebreak/cmd/demo@latest` refuses
// a module whose go.mod has one. In this checkout go.work builds morale
// from ./morale instead (make installcheck proves the install).

// The linters `make lint` runs with `go tool`: pinned here, fetched once.
tool (
	github.com/kisielk/errcheck
	golang.org/x/tools/cmd/goimports
	honnef.co/go/tools/cmd/staticcheck
)

// Linter dependencies (the tool block above).
require (
	github.com/kisielk/errcheck v1.30.0 // indirect
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/telemetry v0.0.0-20261009151841-97e8ea77aa2a // indirect
	golang.org/x/tools v0.52.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/ebitengine/gomobile v0.0.0-20260820040257-d11f821a26a6 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.11.0 // indirect
	github.com/frustra/bbcode v0.0.0-20201127003707-6ef347fbe1c8 // indirect
	github.com/go-text/typesetting v0.3.5 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/srwiley/rasterx v0.0.0-20220730225603-2ab79fcdd4ef // indirect
	golang.org/x/exp v0.0.0-20250305212735-054e65f0b394 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
