package lab

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/moralebreak/moralebreak/internal/safefile"
)

// RunsFile is runs.json: the header, the shard and the raw results.
type RunsFile struct {
	Header Header      `json:"header"`
	Shard  string      `json:"shard"`
	Runs   []RunResult `json:"runs"`
}

// ParseShard reads the -shard flag: "" or "all" (every run), "K/N"
// (0 ≤ K < N), "auto/N" or "auto". auto takes K from JOB_COMPLETION_INDEX
// (Kubernetes Indexed Jobs) or, when that is unset, SLURM_ARRAY_TASK_ID
// (Slurm job arrays), read through getenv. N comes after auto/; plain auto
// takes it from Slurm only when the array is certainly whole — numbered from
// 0 in steps of 1 (SLURM_ARRAY_TASK_MIN 0, SLURM_ARRAY_TASK_STEP 1 or unset,
// SLURM_ARRAY_TASK_MAX = SLURM_ARRAY_TASK_COUNT − 1) and of more than one
// task — and refuses otherwise, naming the variables it read and their
// values: a rerun of one task (sbatch --array=3) or an array numbered from 1
// would otherwise cut the runs into the wrong shards. N is at most MaxRuns,
// as a shard file's "shard" field must be for merge to read it.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	sh, err := parseShard(s, getenv)
	if err == nil && sh.N > MaxRuns {
		return Shard{}, fmt.Errorf("-shard %s: N is %d; at most %d, the most runs of one Monte-Carlo", safefile.Quote(s), sh.N, MaxRuns)
	}
	return sh, err
}

func parseShard(s string, getenv func(string) string) (Shard, error) {
	if s == "" || s == "all" {
		return Shard{}, nil
	}
	k, n, ok := strings.Cut(s, "/")
	if k != "auto" {
		ki, err1 := strconv.Atoi(k)
		ni, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
			return Shard{}, fmt.Errorf("-shard %s: want K/N with 0 ≤ K < N, auto/N or auto", safefile.Quote(s))
		}
		return Shard{K: ki, N: ni}, nil
	}
	src := "JOB_COMPLETION_INDEX"
	idx := getenv(src)
	if idx == "" {
		src = "SLURM_ARRAY_TASK_ID"
		idx = getenv(src)
	}
	if idx == "" {
		return Shard{}, fmt.Errorf("-shard %s: neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set; run it as a job's task, or give -shard K/N", safefile.Quote(s))
	}
	ki, err := strconv.Atoi(idx)
	if err != nil || ki < 0 {
		return Shard{}, fmt.Errorf("-shard %s: %s is %s, not a task number", safefile.Quote(s), src, safefile.Quote(idx))
	}
	if ok {
		ni, err := strconv.Atoi(n)
		if err != nil || ni < 1 {
			return Shard{}, fmt.Errorf("-shard %s: want auto/N with N ≥ 1", safefile.Quote(s))
		}
		if ki >= ni {
			return Shard{}, fmt.Errorf("-shard %s: %s is %d, not below N = %d: is the job's array or completion count larger than N?", safefile.Quote(s), src, ki, ni)
		}
		return Shard{K: ki, N: ni}, nil
	}
	if src != "SLURM_ARRAY_TASK_ID" {
		return Shard{}, fmt.Errorf("-shard auto: %s is %d, but a Kubernetes job does not say how many completions it has; give -shard auto/N (N = completions)", src, ki)
	}
	vars := []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP"}
	var seen []string
	val := map[string]string{}
	for _, v := range vars {
		val[v] = getenv(v)
		show := val[v]
		if show == "" {
			show = "unset"
		}
		seen = append(seen, v+"="+safefile.Escape(show))
	}
	refuse := func(why string) error {
		return fmt.Errorf("-shard auto: %s, so the shard count N is not certain (read %s); give -shard auto/N, N the size of the whole array (tasks 0..N-1)", why, strings.Join(seen, " "))
	}
	count, err1 := strconv.Atoi(val["SLURM_ARRAY_TASK_COUNT"])
	lo, err2 := strconv.Atoi(val["SLURM_ARRAY_TASK_MIN"])
	hi, err3 := strconv.Atoi(val["SLURM_ARRAY_TASK_MAX"])
	step := 1
	var err4 error
	if v := val["SLURM_ARRAY_TASK_STEP"]; v != "" {
		step, err4 = strconv.Atoi(v)
	}
	switch {
	case err1 != nil || err2 != nil || err3 != nil || err4 != nil:
		return Shard{}, refuse("Slurm's array variables are missing or not numbers")
	case lo != 0:
		return Shard{}, refuse(fmt.Sprintf("the array is numbered from %d, not 0 (a rerun of some tasks?)", lo))
	case step != 1:
		return Shard{}, refuse(fmt.Sprintf("the array steps by %d", step))
	case hi != count-1:
		return Shard{}, refuse(fmt.Sprintf("the array has %d tasks but ends at %d (a partial array?)", count, hi))
	case count < 2:
		return Shard{}, refuse("the array has one task (a rerun of task 0?)")
	case ki >= count:
		return Shard{}, refuse(fmt.Sprintf("task %d is outside the array", ki))
	}
	return Shard{K: ki, N: count}, nil
}

// parseShardField reads the "shard" field of a shard file: "all" or "K/N".
func parseShardField(s string) (Shard, error) {
	if s == "all" {
		return Shard{}, nil
	}
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 2 || ki < 0 || ki >= ni || ni > MaxRuns {
		return Shard{}, fmt.Errorf("shard is %s; want \"all\" or K/N with 0 ≤ K < N", safefile.Quote(s))
	}
	return Shard{K: ki, N: ni}, nil
}

// encodeJSON renders v as indented JSON with a final newline; the same value
// always gives the same bytes.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteRuns writes runs.json (the header, the shard and runs) to w, one run
// at a time, so that it is never held in memory whole. The bytes are those of
// encodeJSON(RunsFile{…}): indented by one space, a final newline.
func WriteRuns(w io.Writer, h Header, shard Shard, runs []RunResult) error {
	hj, err := json.MarshalIndent(h, " ", " ")
	if err != nil {
		return err
	}
	sj, err := json.Marshal(shard.String())
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "{\n \"header\": %s,\n \"shard\": %s,\n \"runs\": [", hj, sj); err != nil {
		return err
	}
	for i := range runs {
		rj, err := json.MarshalIndent(&runs[i], "  ", " ")
		if err != nil {
			return err
		}
		sep := ",\n  "
		if i == 0 {
			sep = "\n  "
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(rj); err != nil {
			return err
		}
	}
	end := "\n ]\n}\n"
	if len(runs) == 0 {
		end = "]\n}\n"
	}
	_, err = io.WriteString(w, end)
	return err
}

// RunOutputs returns the files of a result folder: runs.json, runs.csv and,
// when the runs are complete (not a shard), summary.json, which names
// command (the command as typed that writes the folder). runs.json and
// runs.csv are written from runs when the folder is written, as streams.
func RunOutputs(h Header, shard Shard, runs []RunResult, command string) (Outputs, *Summary, error) {
	o := Outputs{
		"runs.json": func(w io.Writer) error { return WriteRuns(w, h, shard, runs) },
		"runs.csv":  func(w io.Writer) error { return writeRunsCSV(w, h.Squads, runs) },
	}
	if shard.N > 1 {
		return o, nil, nil
	}
	sum := Summarize(h, runs)
	sum.Command = command
	sj, err := encodeJSON(sum)
	if err != nil {
		return nil, nil, err
	}
	o["summary.json"] = Bytes(sj)
	return o, &sum, nil
}

// writeRunsCSV writes one line per run with every metric (encoding/csv:
// a name with a comma or a quote is quoted); undefined times are empty cells.
func writeRunsCSV(w io.Writer, squads []string, runs []RunResult) error {
	c := csv.NewWriter(w)
	ms := metricsFor(squads)
	row := []string{"index", "seed"}
	for _, m := range ms {
		row = append(row, m.Name)
	}
	err := c.Write(row)
	for i := 0; i < len(runs) && err == nil; i++ {
		row = append(row[:0], strconv.Itoa(runs[i].Index), strconv.FormatUint(runs[i].Seed, 10))
		for _, m := range ms {
			cell := ""
			if v, ok := m.Get(&runs[i]); ok {
				cell = strconv.FormatFloat(v, 'g', -1, 64)
			}
			row = append(row, cell)
		}
		err = c.Write(row)
	}
	c.Flush()
	return errors.Join(err, c.Error())
}

// ReadRunsContext reads the runs.json of the result folder dir, through the
// guarded input path (a regular file of at most MaxShardBytes) and
// DecodeRuns, stopping with ctx's error as soon as ctx is done (a runs.json
// of gigabytes takes a while to read).
func ReadRunsContext(ctx context.Context, dir string) (RunsFile, error) {
	return readResult(dir, "runs.json", MaxShardBytes, func(r io.Reader, path string) (RunsFile, error) {
		return decodeRunsContext(ctx, r, path)
	})
}

// readResult reads the file name of the result folder dir through the
// guarded input path (a regular file of at most limit bytes) with decode,
// which names the file in its errors.
func readResult[T any](dir, name string, limit int64, decode func(r io.Reader, path string) (T, error)) (T, error) {
	path := filepath.Join(dir, name)
	f, err := safefile.Open(path, limit, "shard file ("+name+")")
	if err != nil {
		var zero T
		return zero, err
	}
	v, err := decode(f, path)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return v, err
}

// DecodeRuns reads a runs.json named name from r, one run at a time, and
// validates it before it keeps anything that the header did not bound: the
// header first (run count 1..MaxRuns, duration, sample, squads and their
// men, the description, expectations and changed settings the page shows,
// and the memory its results would take, at most MaxResultBytes), then each
// run (index inside the header's runs and its shard, seed derived from the
// header's seed and the index, one squad_broke, squad_first_break_s and
// squad_routed per squad, one squad_morale series per sampled squad, at most
// the header's number of morale samples in each series, every number finite
// and in range), and at most the header's number of runs. No value of the
// file may span more than 8 MiB, so no hostile file makes it buffer more.
// Every error names the file.
func DecodeRuns(r io.Reader, name string) (RunsFile, error) {
	return decodeRunsContext(context.Background(), r, name)
}

func decodeRunsContext(ctx context.Context, r io.Reader, name string) (RunsFile, error) {
	rf, err := decodeRuns(ctx, r)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return RunsFile{}, ctx.Err()
	}
	if err != nil {
		return RunsFile{}, fmt.Errorf("%s: %w", name, err)
	}
	return rf, nil
}

func decodeRuns(ctx context.Context, r io.Reader) (RunsFile, error) {
	var rf RunsFile
	dec := json.NewDecoder(newJSONGuard(ctx, r))
	dec.DisallowUnknownFields()
	if err := expectDelim(dec, '{'); err != nil {
		return rf, err
	}
	var shard Shard
	var haveHeader, haveShard, haveRuns bool
	samples, afters := 0, 0 // of the header, for checkRun
	for dec.More() {
		key, err := objectKey(dec)
		if err != nil {
			return rf, err
		}
		switch key {
		case "header":
			if haveHeader {
				return rf, errors.New("a second header")
			}
			if err := dec.Decode(&rf.Header); err != nil {
				return rf, fmt.Errorf("header: %w", err)
			}
			if err := checkHeader(rf.Header); err != nil {
				return rf, fmt.Errorf("header: %w", err)
			}
			samples, afters = samplesOf(rf.Header.Duration, rf.Header.Sample), len(afterKeys(rf.Header.Expects))
			haveHeader = true
		case "shard":
			if haveShard {
				return rf, errors.New("a second shard field")
			}
			if err := dec.Decode(&rf.Shard); err != nil {
				return rf, fmt.Errorf("shard: %w", err)
			}
			if shard, err = parseShardField(rf.Shard); err != nil {
				return rf, err
			}
			haveShard = true
		case "runs":
			if !haveHeader || !haveShard || haveRuns {
				return rf, errors.New("runs must come once, after the header and the shard")
			}
			haveRuns = true
			if err := expectDelim(dec, '['); err != nil {
				return rf, fmt.Errorf("runs: %w", err)
			}
			rf.Runs = []RunResult{}
			for dec.More() {
				if len(rf.Runs) >= rf.Header.Runs {
					return rf, fmt.Errorf("runs: more runs than the header's %d", rf.Header.Runs)
				}
				var run RunResult
				if err := dec.Decode(&run); err != nil {
					return rf, fmt.Errorf("runs[%d]: %w", len(rf.Runs), err)
				}
				if err := checkRun(rf.Header, shard, samples, afters, &run); err != nil {
					return rf, fmt.Errorf("runs[%d]: %w", len(rf.Runs), err)
				}
				rf.Runs = append(rf.Runs, run)
			}
			if err := expectDelim(dec, ']'); err != nil {
				return rf, fmt.Errorf("runs: %w", err)
			}
		default:
			return rf, fmt.Errorf("unknown field %s", safefile.Quote(key))
		}
	}
	if err := expectDelim(dec, '}'); err != nil {
		return rf, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return rf, errors.New("data after the end of the file's object")
	}
	if !haveRuns {
		return rf, errors.New("no runs field")
	}
	return rf, nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q, got %v", string(want), t)
	}
	return nil
}

func objectKey(dec *json.Decoder) (string, error) {
	t, err := dec.Token()
	if err != nil {
		return "", err
	}
	k, ok := t.(string)
	if !ok {
		return "", fmt.Errorf("want a field name, got %v", t)
	}
	return k, nil
}

// finite reports whether every value is a finite number.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// checkHeader validates a header read from a file, so that what it
// announces can be allocated.
func checkHeader(h Header) error {
	switch {
	case h.Runs < 1 || h.Runs > MaxRuns:
		return fmt.Errorf("runs is %d; want 1..%d", h.Runs, MaxRuns)
	case !finite(h.Duration, h.Sample, h.ShakenBelow, h.PanicBelow, h.Hysteresis):
		return errors.New("a number is not finite")
	case !(h.Duration > 0 && h.Duration <= maxDuration):
		return fmt.Errorf("duration_s is %s; want (0, %d]", FormatExact(h.Duration), maxDuration)
	case !(h.Sample >= 0.01) || h.Duration/h.Sample > maxSamples:
		return fmt.Errorf("sample_s is %s; want at least 0.01 s and at most %d samples per fight", FormatExact(h.Sample), maxSamples)
	case len(h.Squads) < 1 || len(h.Squads) > MaxSquads:
		return fmt.Errorf("%d squads; want 1..%d", len(h.Squads), MaxSquads)
	case len(h.Scenario) > MaxNameBytes:
		return fmt.Errorf("scenario name of %d bytes; at most %d", len(h.Scenario), MaxNameBytes)
	}
	for _, s := range h.Squads {
		if len(s) > MaxNameBytes {
			return fmt.Errorf("a squad name of %d bytes; at most %d", len(s), MaxNameBytes)
		}
	}
	if err := errors.Join(checkAbout(h.File, h.Description, h.Changed), h.Tool.check()); err != nil {
		return err
	}
	if len(h.SquadMen) != len(h.Squads) {
		return fmt.Errorf("squad_men has %d values for %d squads", len(h.SquadMen), len(h.Squads))
	}
	men := 0
	for i, n := range h.SquadMen {
		if n < 1 || n > maxAgents {
			return fmt.Errorf("squad_men[%d] is %d; want 1..%d", i, n, maxAgents)
		}
		if men += n; men > maxAgents {
			return fmt.Errorf("the squads have more than %d men", maxAgents)
		}
	}
	if err := checkExpects(h.Expects, h.Squads); err != nil {
		return err
	}
	if b := ResultBytes(h.Runs, keptSamples(h.Duration, h.Sample, len(h.Squads)), len(h.Squads)); b > MaxResultBytes {
		return fmt.Errorf("the results of %d runs would take about %s of memory; at most %s", h.Runs, FormatBytes(b), FormatBytes(MaxResultBytes))
	}
	return nil
}

// Limits of what a result file's header says for its report: the most
// changed_settings entries (every setting and far more weight rows than a
// weights file of morale.MaxFileBytes can have) and the longest scenario
// file name, in bytes.
const (
	maxChanges  = 100_000
	maxFileName = 1024
)

// checkAbout validates what a result file's header says for its report: the
// scenario file's base name, the description and the changed settings.
func checkAbout(file, description string, changed []SettingChange) error {
	switch {
	case len(file) > maxFileName:
		return fmt.Errorf("file is %d bytes long; at most %d", len(file), maxFileName)
	case len(description) > MaxDescriptionBytes:
		return fmt.Errorf("description is %d bytes long; at most %d", len(description), MaxDescriptionBytes)
	case len(changed) > maxChanges:
		return fmt.Errorf("%d changed_settings; at most %d", len(changed), maxChanges)
	}
	for i, c := range changed {
		if c.Key == "" || len(c.Key) > 2*MaxNameBytes {
			return fmt.Errorf("changed_settings[%d] has a key of %d bytes; want 1..%d", i, len(c.Key), 2*MaxNameBytes)
		}
		for _, v := range []*float64{c.Base, c.Value} {
			if v != nil && !finite(*v) {
				return fmt.Errorf("changed_settings[%d] (%s) has a value that is not finite", i, safefile.Quote(c.Key))
			}
		}
	}
	return nil
}

// checkExpects validates the expectations of a header: at most one per key
// a scenario may have, each of a metric of the squads (or, with after, of
// the steady time of all men or of a squad), given a metric of the squads
// or nothing, a statistic and a finite range.
func checkExpects(es []Expect, squads []string) error {
	if len(es) == 0 {
		return nil
	}
	if len(es) > MaxExpects {
		return fmt.Errorf("%d expects; at most %d", len(es), MaxExpects)
	}
	names := map[string]bool{}
	for _, m := range metricsFor(squads) {
		names[m.Name] = true
	}
	for i, e := range es {
		name, squadSteady := strings.CutPrefix(e.Metric, "squad_steady_s.")
		steady := e.Metric == "steady_s" || squadSteady && slices.Contains(squads, name)
		switch {
		case steady && (e.After == "" || len(e.After) > MaxNameBytes):
			return fmt.Errorf("expects[%d] has metric %s with after of %d bytes; want 1..%d", i, safefile.Quote(e.Metric), len(e.After), MaxNameBytes)
		case !steady && e.After != "":
			return fmt.Errorf("expects[%d] has after %s on metric %s, which is not a steady time", i, safefile.Quote(e.After), safefile.Quote(e.Metric))
		case !steady && !names[e.Metric]:
			return fmt.Errorf("expects[%d] has metric %s, not one of the squads' metrics", i, safefile.Quote(e.Metric))
		case e.Given != "" && !names[e.Given]:
			return fmt.Errorf("expects[%d] has given %s, not one of the squads' metrics", i, safefile.Quote(e.Given))
		case !slices.Contains(statNames(), e.Stat):
			return fmt.Errorf("expects[%d] has stat %s, not a statistic", i, safefile.Quote(e.Stat))
		case !finite(e.Lo, e.Hi) || e.Line < 0:
			return fmt.Errorf("expects[%d] has a range or line that is not a finite number", i)
		}
	}
	return nil
}

// checkRun validates one run of a shard file against its header and shard;
// samples and afters are the header's morale samples a series
// (samplesOf) and its after_s values (afterKeys), counted once for all its
// runs.
func checkRun(h Header, s Shard, samples, afters int, r *RunResult) error {
	switch {
	case r.Index < 0 || r.Index >= h.Runs:
		return fmt.Errorf("index %d is outside 0..%d", r.Index, h.Runs-1)
	case !s.Has(r.Index):
		return fmt.Errorf("run %d does not belong to shard %s", r.Index, s)
	case r.Seed != RunSeed(h.Seed, r.Index):
		return fmt.Errorf("run %d has seed %d; the header's seed %d gives it %d", r.Index, r.Seed, h.Seed, RunSeed(h.Seed, r.Index))
	case len(r.SquadBroke) != len(h.Squads):
		return fmt.Errorf("run %d has %d squad_broke values for %d squads", r.Index, len(r.SquadBroke), len(h.Squads))
	case len(r.SquadFirstBreak) != len(h.Squads) || len(r.SquadRouted) != len(h.Squads):
		return fmt.Errorf("run %d has %d squad_first_break_s and %d squad_routed values for %d squads", r.Index, len(r.SquadFirstBreak), len(r.SquadRouted), len(h.Squads))
	case len(r.SquadMorale) != min(len(h.Squads), MaxSquadSeries):
		return fmt.Errorf("run %d has %d squad_morale series; want one for each of the first %d squads", r.Index, len(r.SquadMorale), min(len(h.Squads), MaxSquadSeries))
	case len(r.Morale) > samples:
		return fmt.Errorf("run %d has %d morale samples; the header's duration and sample give %d", r.Index, len(r.Morale), samples)
	case r.Broke < 0 || r.Routed < 0 || r.LargestCascade < 0 || r.Rebreaks < 0 || r.Deaths < 0 || r.Agents < 0:
		return fmt.Errorf("run %d has a negative count", r.Index)
	case !finite(r.ShareSquadsBroken) || r.ShareSquadsBroken < 0 || r.ShareSquadsBroken > 1:
		return fmt.Errorf("run %d has share_squads_broken %s; want 0..1", r.Index, FormatExact(r.ShareSquadsBroken))
	}
	for _, p := range append([]*float64{r.FirstShaken, r.FirstPanicked, r.FirstRouted, r.BackToSteady}, r.SquadFirstBreak...) {
		if p != nil && (!finite(*p) || *p < 0) {
			return fmt.Errorf("run %d has a time of %s; want a finite time ≥ 0", r.Index, FormatExact(*p))
		}
	}
	if len(r.After) != afters {
		return fmt.Errorf("run %d has %d after_s values; the header's expectations measure %d", r.Index, len(r.After), afters)
	}
	for _, p := range r.After {
		if p != nil && (!finite(*p) || *p < 0) {
			return fmt.Errorf("run %d has an after_s time of %s; want a finite time ≥ 0", r.Index, FormatExact(*p))
		}
	}
	for i, n := range r.SquadRouted {
		if n < 0 || n > r.Routed {
			return fmt.Errorf("run %d has squad_routed[%d] %d; want 0..routed (%d)", r.Index, i, n, r.Routed)
		}
	}
	for _, m := range r.Morale {
		if !finite(m) || m < 0 || m > 1 {
			return fmt.Errorf("run %d has a morale sample of %s; want 0..1", r.Index, FormatExact(m))
		}
	}
	for i, ms := range r.SquadMorale {
		if len(ms) > samples {
			return fmt.Errorf("run %d has %d morale samples of squad %d; the header's duration and sample give %d", r.Index, len(ms), i, samples)
		}
		for _, m := range ms {
			if m != NoneAlive && (!finite(m) || m < 0 || m > 1) {
				return fmt.Errorf("run %d has a morale sample of squad %d of %s; want 0..1, or %s when none of it lives", r.Index, i, FormatExact(m), FormatExact(NoneAlive))
			}
		}
	}
	return nil
}

// Merge combines the shards files, read from the folders dirs, into the
// complete set of runs, in index order. It refuses, naming the folders and
// the field, shards whose headers differ in any field (every field of Header
// affects the result; the scenario's file as samePath spells it, so that
// scenarios\line.toml and scenarios/line.toml agree), shards cut with
// different N (or a whole run mixed with shards), and a set that misses or
// repeats a shard or a run. The result's header is the first shard's (the
// least K), the file as it was typed there; it does not depend on the order
// of files.
func Merge(files []RunsFile, dirs []string) (Header, []RunResult, error) {
	shards, err := mergeShards(files, dirs, func(f RunsFile) (any, string, error) {
		if err := checkHeader(f.Header); err != nil {
			return nil, "", fmt.Errorf("header: %w", err)
		}
		h := f.Header
		h.File = samePath(h.File)
		return h, f.Shard, nil
	})
	if err != nil {
		return Header{}, nil, err
	}
	first := 0
	for i, s := range shards {
		if s.K < shards[first].K {
			first = i
		}
	}
	h := files[first].Header
	samples, afters := samplesOf(h.Duration, h.Sample), len(afterKeys(h.Expects))
	owner := make([]int32, h.Runs) // 1 + the file that holds each run
	total := 0
	for i, f := range files {
		for j := range f.Runs {
			r := &f.Runs[j]
			if err := checkRun(h, shards[i], samples, afters, r); err != nil {
				return Header{}, nil, fmt.Errorf("merge: %s: %w", dirs[i], err)
			}
			if o := owner[r.Index]; o != 0 {
				return Header{}, nil, fmt.Errorf("merge: run %d is in both %s and %s (shard %s twice?)", r.Index, dirs[o-1], dirs[i], shards[i])
			}
			owner[r.Index] = int32(i + 1)
			total++
		}
	}
	if total < h.Runs {
		return Header{}, nil, missingRuns(owner, shards[0].N, h.Runs)
	}
	runs := make([]RunResult, 0, h.Runs)
	for _, f := range files {
		runs = append(runs, f.Runs...)
	}
	return h, sortedRuns(runs), nil
}

// samePath returns the path p in one spelling, for comparing two paths
// typed on different systems or by different hands: a backslash as a slash
// on every system (a shard run on Windows may be merged elsewhere), then
// cleaned (path.Clean: .\scenarios\line.toml is scenarios/line.toml).
func samePath(p string) string {
	if p == "" {
		return ""
	}
	return path.Clean(strings.ReplaceAll(p, `\`, "/"))
}

// mergeShards checks the parts of one job, read from the folders dirs,
// before a merge and returns their shards: there are some, one per folder;
// each is valid (header validates it and returns the fields its shards
// share, and its shard field); they share every one of those fields
// (sameFields); and all were cut with the same N, or are all whole.
func mergeShards[T any](parts []T, dirs []string, header func(T) (shared any, shard string, err error)) ([]Shard, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("merge: no shards given")
	}
	if len(dirs) != len(parts) {
		return nil, fmt.Errorf("merge: %d shards but %d folders", len(parts), len(dirs))
	}
	shards, shared := make([]Shard, len(parts)), make([]any, len(parts))
	for i, p := range parts {
		h, field, err := header(p)
		if err == nil {
			shards[i], err = parseShardField(field)
		}
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %w", dirs[i], err)
		}
		shared[i] = h
	}
	for i := range parts[1:] {
		if err := sameFields(dirs[0], dirs[i+1], shared[0], shared[i+1]); err != nil {
			return nil, err
		}
	}
	for i, s := range shards[1:] {
		if s.N != shards[0].N {
			return nil, fmt.Errorf("merge: %s (shard %s) and %s (shard %s) were cut into different numbers of shards", dirs[0], shards[0], dirs[i+1], s)
		}
	}
	return shards, nil
}

// missingRuns names the shards (or runs) no folder holds.
func missingRuns(owner []int32, n, runs int) error {
	missing, first := 0, -1
	var shards []string
	have := map[int]bool{}
	for i, o := range owner {
		if o != 0 {
			continue
		}
		missing++
		if first < 0 {
			first = i
		}
		if n > 1 && !have[i%n] && len(shards) < 10 {
			have[i%n] = true
			shards = append(shards, fmt.Sprintf("%d/%d", i%n, n))
		}
	}
	if n > 1 {
		return fmt.Errorf("merge: %d of %d runs are missing (the first is run %d): no folder holds shard %s", missing, runs, first, strings.Join(shards, ", "))
	}
	return fmt.Errorf("merge: %d of %d runs are missing (the first is run %d)", missing, runs, first)
}

// sameFields returns an error naming the first field (by its JSON name) in
// which a and b, two headers of the same struct type read from the folders
// dirA and dirB, differ, with both values; nil when they agree on every
// field. It compares every exported field, so a field added to the header is
// compared too.
func sameFields(dirA, dirB string, a, b any) error {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	t := va.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		ja, err1 := json.Marshal(va.Field(i).Interface())
		jb, err2 := json.Marshal(vb.Field(i).Interface())
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		if !bytes.Equal(ja, jb) {
			return fmt.Errorf("merge: %s and %s come from different Monte-Carlos: their %s differs: %s and %s", dirA, dirB, name, safefile.Clip(string(ja), safefile.MaxQuote), safefile.Clip(string(jb), safefile.MaxQuote))
		}
	}
	return nil
}
