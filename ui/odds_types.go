package ui

import (
	"context"

	"github.com/moralebreak/moralebreak/morale"
)

// OddsCounter counts the odds of the live settings for the odds panel:
// cmd/demo fills it from the balance lab (ui does not import lab). Set
// says which settings to count and the baseline their changes are
// measured from (hasBase false: none); Report is the latest numbers, over
// the fights counted so far; Poll counts up to n fights on the caller's
// goroutine where the counter has none of its own (the browser) and
// reports whether fights remain; Wait blocks until the settings of the
// last Set are counted to the end, or ctx is done; Close stops the count.
// Its methods are safe for concurrent use.
type OddsCounter interface {
	Set(s, base morale.Settings, hasBase bool) error
	Report() Odds
	Poll(n int) bool
	Wait(ctx context.Context) error
	Close()
}

// Odds is what the odds say of one settings over the fights counted so
// far: how often each squad breaks, how often each named man routs, when
// the first man routs, how often a man breaks again soon after a rally,
// each with its 95% interval, and the first rout's histogram. With a
// reference (the settings before the edit), every row also says what the
// edit changed over the fights both counted (paired: the same seeds).
// (The lab's lab.Odds, as the demo shows and publishes it.)
type Odds struct {
	// Scenario is the scenario's name; SettingsHash the settings' hash
	// (moralesim's); Runs the fights counted of Total.
	Scenario     string `json:"scenario"`
	SettingsHash string `json:"settings_hash"`
	Runs         int    `json:"runs"`
	Total        int    `json:"total"`
	// Squads has one row per squad: the fights in which a man of it broke.
	Squads []OddsRow `json:"squads"`
	// Men has one row per named man: the fights in which he routed.
	Men []OddsRow `json:"men"`
	// FirstRout is the fights with a rout, and when the first came.
	FirstRout OddsTimes `json:"first_rout"`
	// Rebreaks is the fights in which a man broke again soon after a
	// rally or the end of his rout.
	Rebreaks OddsRow `json:"rebreaks"`
	// Histogram counts the first rout's times.
	Histogram OddsHistogram `json:"histogram"`
	// Reference is the settings the changes are measured from (nil
	// without one).
	Reference *OddsReference `json:"reference,omitempty"`
	// Error is why the odds stopped ("" while they run or once done).
	Error string `json:"error,omitempty"`
}

// OddsRow is one share of Odds: K of the Runs fights, Share = K/Runs, in
// its 95% interval Lo..Hi, and its Change from the reference (nil
// without one).
type OddsRow struct {
	Name   string      `json:"name"`
	K      int         `json:"k"`
	Share  float64     `json:"share"`
	Lo     float64     `json:"lo"`
	Hi     float64     `json:"hi"`
	Change *OddsChange `json:"change,omitempty"`
}

// OddsChange is the change of a row from the reference: From is the
// reference's value and Diff the paired difference over the N fights
// compared, with its 95% interval Lo..Hi; Beyond is true when the
// interval leaves out zero: the change is beyond the fights' noise.
type OddsChange struct {
	From   float64 `json:"from"`
	N      int     `json:"n"`
	Diff   float64 `json:"diff"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Beyond bool    `json:"beyond"`
}

// OddsTimes is the first rout: the share of fights with one (the row), and
// over those fights the 10th, 50th and 90th percentile of its time, in
// seconds, the median with its 95% interval; the times are nil when no
// fight counted has a rout. TimeChange is the paired change of the time
// (nil without a reference or fights with a rout under both settings).
type OddsTimes struct {
	OddsRow
	P10        *float64    `json:"p10"`
	P50        *float64    `json:"p50"`
	P90        *float64    `json:"p90"`
	P50Lo      *float64    `json:"p50_lo"`
	P50Hi      *float64    `json:"p50_hi"`
	TimeChange *OddsChange `json:"time_change,omitempty"`
}

// OddsHistogram counts the first rout's times in bins of Bin seconds from
// 0, and Ref the same for the reference (nil without one).
type OddsHistogram struct {
	Bin    float64 `json:"bin_s"`
	Counts []int   `json:"counts"`
	Ref    []int   `json:"ref,omitempty"`
}

// OddsReference names the settings the changes are measured from, and
// Runs the fights compared: those both counted.
type OddsReference struct {
	SettingsHash string `json:"settings_hash"`
	Runs         int    `json:"runs"`
}

// LintWarning is one warning of the lint of the live settings (the lab's
// lab.Lint, which cmd/demo gives as Config.Lint): its rule and what is
// wrong, with the fix.
type LintWarning struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// String returns "rule: message".
func (w LintWarning) String() string { return w.Rule + ": " + w.Message }
