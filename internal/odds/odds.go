// Package odds holds the odds' plain data, once: what the balance lab
// counts (lab.OddsJob.Odds, whose types are aliases of these) and the
// demo's odds panel shows and publishes (package ui, which does not
// import lab). It imports nothing: data and JSON tags only, no rules.
package odds

// Odds is what the odds say of one settings over the fights counted so
// far: how often each squad breaks, how often each named man routs, when
// the first man routs, how often a man breaks again soon after a rally,
// each with its 95% interval, and the first rout's histogram. With a
// reference (the settings before an edit), every row also says what the
// edit changed over the fights both counted (paired: the same seeds).
type Odds struct {
	// Scenario is the scenario's name; SettingsHash the settings' hash
	// (lab.SettingsHash); Runs the fights counted of Total.
	Scenario     string `json:"scenario"`
	SettingsHash string `json:"settings_hash"`
	Runs         int    `json:"runs"`
	Total        int    `json:"total"`
	// Squads has one row per squad: the fights in which a man of it broke
	// (turned Panicked or Routed).
	Squads []OddsRow `json:"squads"`
	// Men has one row per named man: the fights in which he routed.
	Men []OddsRow `json:"men"`
	// FirstRout is the fights with a rout, and when the first came.
	FirstRout OddsTimes `json:"first_rout"`
	// Rebreaks is the fights in which a man broke again within the
	// scenario's rebreak window of a rally or the end of his rout.
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
// its 95% Wilson interval Lo..Hi.
type OddsRow struct {
	Name  string  `json:"name"`
	K     int     `json:"k"`
	Share float64 `json:"share"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	// Change is what the edit changed (nil without a reference).
	Change *OddsChange `json:"change,omitempty"`
}

// OddsChange is the change of a row from the reference: From is the
// reference's value and Diff the paired difference (this settings' minus
// the reference's) over the N fights compared, with its 95% interval
// Lo..Hi (±1.96 standard errors of the paired differences); Beyond is true
// when the interval leaves out zero: the change is beyond the fights'
// noise.
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
// seconds, the median with its 95% interval (distribution-free, from the
// order statistics). Times are nil when no fight counted has a rout.
type OddsTimes struct {
	OddsRow
	P10   *float64 `json:"p10"`
	P50   *float64 `json:"p50"`
	P90   *float64 `json:"p90"`
	P50Lo *float64 `json:"p50_lo"`
	P50Hi *float64 `json:"p50_hi"`
	// TimeChange is the paired change of the time, over the fights with a
	// rout under both settings: From their mean under the reference, Diff
	// the mean shift (nil without a reference or such fights).
	TimeChange *OddsChange `json:"time_change,omitempty"`
}

// OddsHistogram counts the first rout's times in bins of Bin seconds from
// 0: Counts[i] the fights whose first rout came in [i·Bin, (i+1)·Bin), and
// Ref the same for the reference (nil without one), over the same fights.
type OddsHistogram struct {
	Bin    float64 `json:"bin_s"`
	Counts []int   `json:"counts"`
	Ref    []int   `json:"ref,omitempty"`
}

// OddsReference names the settings the changes are measured from.
type OddsReference struct {
	SettingsHash string `json:"settings_hash"`
	// Runs is the number of fights compared: those both counted.
	Runs int `json:"runs"`
}
