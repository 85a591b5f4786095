package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// RunsFile is runs.json: the header, the shard and the raw results.
type RunsFile struct {
	Header Header      `json:"header"`
	Shard  string      `json:"shard"`
	Runs   []RunResult `json:"runs"`
}

// ParseShard reads "K/N" (0 ≤ K < N) or "auto", which takes K from
// JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs) or SLURM_ARRAY_TASK_ID (Slurm
// job arrays) through getenv and N from the count given after auto
// ("auto/N"), or from SLURM_ARRAY_TASK_COUNT. "" selects every run.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	if s == "" || s == "all" {
		return Shard{}, nil
	}
	k, n, ok := strings.Cut(s, "/")
	if k == "auto" {
		idx := getenv("JOB_COMPLETION_INDEX")
		if idx == "" {
			idx = getenv("SLURM_ARRAY_TASK_ID")
		}
		if idx == "" {
			return Shard{}, fmt.Errorf("-shard auto: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set")
		}
		if !ok {
			n = getenv("SLURM_ARRAY_TASK_COUNT")
			if n == "" {
				return Shard{}, fmt.Errorf("-shard auto: give the shard count as auto/N (SLURM_ARRAY_TASK_COUNT is not set)")
			}
		}
		k, ok = idx, true
	}
	if !ok {
		return Shard{}, fmt.Errorf("-shard %q: want K/N, auto/N or auto", s)
	}
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return Shard{}, fmt.Errorf("-shard %q: want K/N with 0 ≤ K < N", s)
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

// WriteFileAtomic writes data to path through a temporary file in the same
// folder renamed over path, so that no reader and no interruption ever sees
// half a file. On failure the temporary file is closed and removed; an error
// of that cleanup is joined to the one returned (errors.Join), so a leftover
// temporary file is never a surprise.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		return errors.Join(err, f.Close(), os.Remove(tmp))
	}
	if err := f.Chmod(0o644); err != nil {
		return errors.Join(err, f.Close(), os.Remove(tmp))
	}
	if err := f.Close(); err != nil {
		return errors.Join(err, os.Remove(tmp))
	}
	if err := os.Rename(tmp, path); err != nil {
		return errors.Join(err, os.Remove(tmp))
	}
	return nil
}

// Outputs are the files of one result folder, rendered in memory first so
// that nothing is written until everything is ready.
type Outputs map[string][]byte

// Write writes every file into dir (created if needed), each atomically.
func (o Outputs) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	names := slices.Sorted(maps.Keys(o))
	for _, n := range names {
		if err := WriteFileAtomic(filepath.Join(dir, n), o[n]); err != nil {
			return err
		}
	}
	return nil
}

// RunOutputs renders runs.json, runs.csv and, when the runs are complete
// (not a shard), summary.json.
func RunOutputs(h Header, shard Shard, runs []RunResult) (Outputs, *Summary, error) {
	o := Outputs{}
	rj, err := encodeJSON(RunsFile{Header: h, Shard: shard.String(), Runs: runs})
	if err != nil {
		return nil, nil, err
	}
	o["runs.json"] = rj
	o["runs.csv"] = runsCSV(h.Squads, runs)
	if shard.N > 1 {
		return o, nil, nil
	}
	sum := Summarize(h, runs)
	sj, err := encodeJSON(sum)
	if err != nil {
		return nil, nil, err
	}
	o["summary.json"] = sj
	return o, &sum, nil
}

// runsCSV renders one line per run with every metric; undefined times are
// empty cells.
func runsCSV(squads []string, runs []RunResult) []byte {
	var b bytes.Buffer
	ms := metricsFor(squads)
	b.WriteString("index,seed")
	for _, m := range ms {
		b.WriteString("," + m.Name)
	}
	b.WriteString("\n")
	for i := range runs {
		fmt.Fprintf(&b, "%d,%d", runs[i].Index, runs[i].Seed)
		for _, m := range ms {
			b.WriteString(",")
			if v, ok := m.Get(&runs[i]); ok {
				b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
			}
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// ReadRuns reads the runs.json of a result folder.
func ReadRuns(dir string) (RunsFile, error) {
	data, err := os.ReadFile(filepath.Join(dir, "runs.json"))
	if err != nil {
		return RunsFile{}, err
	}
	var rf RunsFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rf); err != nil {
		return RunsFile{}, fmt.Errorf("%s: %w", filepath.Join(dir, "runs.json"), err)
	}
	return rf, nil
}

// Merge combines the shards read from dirs into the complete set of runs. It
// refuses shards of different Monte-Carlos (scenario, weights, settings,
// seed, runs), naming the field and the folders, and a set that misses or
// repeats a run.
func Merge(files []RunsFile, dirs []string) (Header, []RunResult, error) {
	if len(files) == 0 {
		return Header{}, nil, fmt.Errorf("merge: no shards given")
	}
	h := files[0].Header
	for i, f := range files[1:] {
		g := f.Header
		if err := sameShards(dirs[0], dirs[i+1], []shardField{
			{"scenario", h.Scenario, g.Scenario},
			{"scenario (file contents)", h.ScenarioHash, g.ScenarioHash},
			{"weights", h.WeightsHash, g.WeightsHash},
			{"settings", h.SettingsHash, g.SettingsHash},
			{"seed", h.Seed, g.Seed},
			{"runs", h.Runs, g.Runs},
			{"duration", h.Duration, g.Duration},
			{"sample", h.Sample, g.Sample},
			{"scenario file name", h.File, g.File},
			{"squads' men", h.SquadMen, g.SquadMen},
			{"description", h.Description, g.Description},
			{"expectations", h.Expects, g.Expects},
			{"changed settings", changesString(h.Changed), changesString(g.Changed)},
		}); err != nil {
			return Header{}, nil, err
		}
	}
	seen := make([]bool, h.Runs)
	var runs []RunResult
	for i, f := range files {
		for _, r := range f.Runs {
			if r.Index < 0 || r.Index >= h.Runs {
				return Header{}, nil, fmt.Errorf("merge: %s has run %d, outside 0..%d", dirs[i], r.Index, h.Runs-1)
			}
			if seen[r.Index] {
				return Header{}, nil, fmt.Errorf("merge: run %d appears twice (again in %s)", r.Index, dirs[i])
			}
			seen[r.Index] = true
			runs = append(runs, r)
		}
	}
	missing := 0
	first := -1
	for i, s := range seen {
		if !s {
			missing++
			if first < 0 {
				first = i
			}
		}
	}
	if missing > 0 {
		return Header{}, nil, fmt.Errorf("merge: %d of %d runs are missing (the first is run %d); is a shard missing?", missing, h.Runs, first)
	}
	return h, sortedRuns(runs), nil
}

// changesString renders changes for a comparison and a message.
func changesString(cs []SettingChange) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s=%s", c.Key, formatOpt(c.Value)))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// formatOpt formats an optional number, "absent" for nil.
func formatOpt(p *float64) string {
	if p == nil {
		return "absent"
	}
	return strconv.FormatFloat(*p, 'g', -1, 64)
}

// shardField is one field two shards must agree on: its name and the two
// shards' values.
type shardField struct {
	name string
	a, b any
}

// sameShards returns an error naming the first field in which the shards in
// the folders dirA and dirB differ, or nil when they agree on every field.
func sameShards(dirA, dirB string, fields []shardField) error {
	for _, c := range fields {
		if fmt.Sprint(c.a) != fmt.Sprint(c.b) {
			return fmt.Errorf("merge: %s and %s come from different %s: %v and %v", dirA, dirB, c.name, c.a, c.b)
		}
	}
	return nil
}
