package lab

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"

	"github.com/moralebreak/moralebreak/morale"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Effect is how much nudging one knob by −10% and +10% moves a statistic.
type Effect struct {
	Key  string  `json:"key"`
	Base float64 `json:"base_value"`
	// Low and High are the statistic at −10% and +10% (nil when undefined or
	// when the nudged settings do not validate).
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
	// Swing is |High − Low| (undefined ends count as the baseline).
	Swing float64 `json:"swing"`
}

// SensitivityResult is sensitivity.json.
type SensitivityResult struct {
	Scenario string   `json:"scenario"`
	Metric   string   `json:"metric"`
	Stat     string   `json:"stat"`
	Runs     int      `json:"runs"`
	Seed     uint64   `json:"seed"`
	Baseline *float64 `json:"baseline"`
	// Effects are ranked by Swing, largest first.
	Effects []Effect `json:"effects"`
}

// Sensitivity nudges every setting and weight of sc's settings by ±10%,
// runs the Monte-Carlo (the same seeds each time) and ranks the knobs by how
// far they move stat of metric. Knobs at zero cannot be nudged and get a
// swing of 0.
func Sensitivity(ctx context.Context, sc *Scenario, metric, stat string, runs int, seed uint64, progress func(done, total int)) (SensitivityResult, error) {
	res := SensitivityResult{Scenario: sc.Name, Metric: metric, Stat: stat, Runs: runs, Seed: seed}
	measure := func(s morale.Settings) (*float64, error) {
		if s.Validate() != nil {
			return nil, nil
		}
		plan := Plan{Scenario: sc, Settings: s, Seed: seed, Runs: runs}
		rr, err := MonteCarlo(ctx, plan)
		if err != nil {
			return nil, err
		}
		sum := Summarize(NewHeader(plan), rr)
		st, _ := sum.Stat(metric)
		if v, ok := st.Value(stat); ok {
			return ptr(v), nil
		}
		return nil, nil
	}
	base, err := measure(sc.Settings)
	if err != nil {
		return res, err
	}
	res.Baseline = base
	knobs := Knobs(sc.Settings)
	for i, k := range knobs {
		e := Effect{Key: k.Key, Base: k.Get(&sc.Settings)}
		if e.Base != 0 {
			for j, f := range []float64{0.9, 1.1} {
				s := sc.Settings.Clone()
				k.Set(&s, e.Base*f)
				v, err := measure(s)
				if err != nil {
					return res, err
				}
				if j == 0 {
					e.Low = v
				} else {
					e.High = v
				}
			}
			or := func(p *float64) float64 {
				if p != nil {
					return *p
				}
				if base != nil {
					return *base
				}
				return 0
			}
			e.Swing = math.Abs(or(e.High) - or(e.Low))
		}
		res.Effects = append(res.Effects, e)
		if progress != nil {
			progress(i+1, len(knobs))
		}
	}
	sort.SliceStable(res.Effects, func(i, j int) bool { return res.Effects[i].Swing > res.Effects[j].Swing })
	return res, nil
}

// TornadoChart draws the top n effects of r as a tornado: for each knob a bar
// from the baseline to the value at −10% and one to the value at +10%.
func TornadoChart(r SensitivityResult, n int) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: %s of %s at ±10%% of each setting", r.Scenario, r.Stat, r.Metric)
	base := 0.0
	if r.Baseline != nil {
		base = *r.Baseline
	}
	eff := r.Effects
	if len(eff) > n {
		eff = eff[:n]
	}
	var lo, hi plotter.Values
	var names []string
	for i := len(eff) - 1; i >= 0; i-- { // largest at the top
		e := eff[i]
		d := func(p *float64) float64 {
			if p == nil {
				return 0
			}
			return *p - base
		}
		lo = append(lo, d(e.Low))
		hi = append(hi, d(e.High))
		names = append(names, e.Key)
	}
	if len(eff) == 0 {
		return pngOf(p, plotW, plotH)
	}
	w := vg.Points(9)
	bl, err := plotter.NewBarChart(lo, w)
	if err != nil {
		return nil, err
	}
	bl.Horizontal, bl.Color, bl.Offset = true, colShaken, -w/2
	bh, err := plotter.NewBarChart(hi, w)
	if err != nil {
		return nil, err
	}
	bh.Horizontal, bh.Color, bh.Offset = true, colLine, w/2
	p.Add(bl, bh)
	p.Legend.Add("−10%", bl)
	p.Legend.Add("+10%", bh)
	p.NominalY(names...)
	p.X.Label.Text = fmt.Sprintf("change from the baseline %.4g", base)
	return pngOf(p, plotW, vg.Length(len(eff))*vg.Points(26)+vg.Inch)
}

func cmdSensitivity(ctx context.Context, args []string, env Env) error {
	fs := newFlags("sensitivity", env)
	runs := fs.Int("runs", 200, "fights per nudge")
	seed := fs.Uint64("seed", 1, "Monte-Carlo seed")
	metric := fs.String("metric", "squad_broke.alpha", "metric to rank by")
	stat := fs.String("stat", "share", "statistic of the metric (share, p50, mean, …)")
	out := fs.String("out", "", "result folder (default out/NAME-sensitivity)")
	report := fs.String("report", "", "also write an HTML report")
	weights := fs.String("weights", "", "weights file instead of the scenario's")
	top := fs.Int("top", 15, "knobs shown on the tornado chart")
	quiet := fs.Bool("q", false, "no progress bar")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *runs < 1 {
		return bad("sensitivity takes one scenario file and -runs ≥ 1")
	}
	sc, err := loadScenario(pos[0], *weights)
	if err != nil {
		return err
	}
	if _, ok := MetricByName(sc, *metric); !ok {
		return bad("-metric %q is not a metric of %s", *metric, sc.Name)
	}
	if *out == "" {
		*out = "out/" + sc.Name + "-sensitivity"
	}
	bar := newProgress(env, *quiet, sc.Name+" sensitivity")
	res, err := Sensitivity(ctx, sc, *metric, *stat, *runs, *seed, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	js, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	png, err := TornadoChart(res, *top)
	if err != nil {
		return err
	}
	var rep []byte
	if *report != "" {
		if rep, err = ReportHTML(ReportInput{Title: sc.Name + " sensitivity", Plots: map[string][]byte{"tornado.png": png}}); err != nil {
			return err
		}
	}
	if err := writeAll(ctx, Outputs{"sensitivity.json": append(js, '\n'), "tornado.png": png}, *out, *report, rep); err != nil {
		return err
	}
	f := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf("%.4g", *p)
	}
	fmt.Fprintf(env.Stdout, "%s of %s, baseline %s (%d fights each)\n", *stat, *metric, f(res.Baseline), *runs)
	fmt.Fprintf(env.Stdout, "%-32s %10s %10s %10s %8s\n", "knob", "value", "-10%", "+10%", "swing")
	for _, e := range res.Effects {
		fmt.Fprintf(env.Stdout, "%-32s %10.4g %10s %10s %8.4f\n", e.Key, e.Base, f(e.Low), f(e.High), e.Swing)
	}
	return nil
}
