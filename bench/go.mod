module github.com/moralebreak/moralebreak/bench

go 1.24

require github.com/moralebreak/moralebreak/morale v0.0.0-00010101000000-000000000000

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/mlange-42/ark v0.8.3
)

// The library under test, from this checkout, never from the proxy.
replace github.com/moralebreak/moralebreak/morale => ../morale
