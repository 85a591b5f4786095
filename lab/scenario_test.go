package lab_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/moralebreak/moralebreak/lab"
	"github.com/moralebreak/moralebreak/morale"
)

const goodHead = `name = "t"
duration = 30.0
[[squad]]
name = "a"
size = 3
names = ["X", "Y"]
`

func TestParseScenarioErrors(t *testing.T) {
	tests := []struct {
		name, body string
		// want holds substrings of one error each: "file:line: key".
		want []string
	}{
		{"unknown top key", "nmae = \"x\"\n" + goodHead, []string{"bad.toml:1: nmae: is not a key"}},
		{"unknown event key", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\nsquad = \"a\"\nradios = 5.0\n", []string{"bad.toml:11: event[1].radios: is not a key of event[1]"}},
		{"wrong type", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\nsquad = \"a\"\nscale = \"big\"\n", []string{"bad.toml:11: event[1].scale: is a string; it must be a number"}},
		{"no weight row", goodHead + "[[event]]\nt = 1.0\nevent = \"Sniped\"\nsquad = \"a\"\n", []string{`bad.toml:9: event[1].event: "Sniped" has no row in the default weights (the scenario names no weights file), so it would be worth zero; name a weights file that has the row (weights = "FILE"), or fix the name`}},
		{"dead twice", goodHead + "[[event]]\nt = 1.0\ndo = \"death\"\nagent = \"X\"\n[[event]]\nt = 2.0\ndo = \"death\"\nagent = \"X\"\n", []string{`bad.toml:14: event[2].agent: "X" is already dead (died on line 10)`}},
		{"time in the past", goodHead + "[[event]]\nt = -1.0\nevent = \"AllyDown\"\nsquad = \"a\"\n", []string{"bad.toml:8: event[1].t: is -1 s, in the past"}},
		{"after the end", goodHead + "[[event]]\nt = 31.0\nevent = \"AllyDown\"\nsquad = \"a\"\n", []string{"bad.toml:8: event[1].t: is 31 s, after the end"}},
		{"until before t", goodHead + "[[event]]\nt = 5.0\nevent = \"AllyDown\"\nsquad = \"a\"\nevery = 1.0\nuntil = 2.0\n", []string{"bad.toml:12: event[1].until: is 2 s, before"}},
		{"unknown squad", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\nsquad = \"b\"\n", []string{`bad.toml:10: event[1].squad: no squad is named "b"`}},
		{"unknown agent", goodHead + "[[event]]\nt = 1.0\ndo = \"rally\"\nagent = \"Z\"\n", []string{`bad.toml:10: event[1].agent: no man is named "Z"`}},
		{"bad metric", goodHead + "[[expect]]\nmetric = \"speed\"\np50 = [1, 2]\n", []string{`bad.toml:8: expect[1].metric: "speed" is not a metric`}},
		// A missing target is said on the line of do, or the block's.
		{"news without a target", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\n", []string{"bad.toml:7: event[1].do: news needs a target"}},
		{"news with do, without a target", goodHead + "[[event]]\nt = 1.0\ndo = \"event\"\nevent = \"AllyDown\"\n", []string{"bad.toml:9: event[1].do: news needs a target"}},
		{"a death without a target", goodHead + "[[event]]\nt = 1.0\ndo = \"death\"\n", []string{"bad.toml:9: event[1].do: a death needs exactly one of agent, squad or at"}},
		{"a rally without a target", goodHead + "[[event]]\nt = 1.0\ndo = \"rally\"\n", []string{"bad.toml:9: event[1].do: rally needs squad or agent"}},
		// event is a key of [[event]], though not of a death, rally or rout.
		{"news on a death", goodHead + "[[event]]\nt = 1.0\ndo = \"death\"\nagent = \"X\"\nevent = \"LeaderDown\"\n", []string{`bad.toml:11: event[1].event: names news, which only do = "event" and "reinforce" report; a death reports AllyDown, or LeaderDown when it kills a leader`}},
		{"news on a rally", goodHead + "[[event]]\nt = 1.0\ndo = \"rally\"\nsquad = \"a\"\nevent = \"Rest\"\n", []string{`bad.toml:11: event[1].event: names news, which only do = "event" and "reinforce" report; a rally reports none`}},
		{"squads without effect", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\nsquad = \"a\"\nsquads = [\"a\"]\n", []string{`bad.toml:11: event[1].squads: filters the news of an event at a location (at) or of a death`}},
		{"syntax", "name = \n", []string{"bad.toml:1:"}},
		{"no squad", "name = \"x\"\n", []string{"bad.toml: squad: the scenario has no [[squad]]"}},
		{"a range twice", goodHead + "[[expect]]\nmetric = \"routed\"\nshare = [0.0, 1.0]\nshare = [0.0, 1.0]\n", []string{"bad.toml:10: expect[1].share: is given twice; keep one of the two"}},
		{"a top key twice", "name = \"x\"\n" + goodHead, []string{"bad.toml:2: name: is given twice"}},
		{"a key twice in the second squad", goodHead + "[[squad]]\nname = \"b\"\nsize = 2\nsize = 3\n", []string{"bad.toml:10: squad[2].size: is given twice"}},
		{"two errors", "nmae = 1\n" + goodHead + "[[event]]\nt = -2.0\nevent = \"AllyDown\"\nsquad = \"a\"\n", []string{"bad.toml:1: nmae", "bad.toml:9: event[1].t"}},
		{"a bracket in a string", "description = \"see [1\" # [\n" + goodHead + "[[event]]\nt = -2.0\nevent = \"AllyDown\"\nsquad = \"a\"\n", []string{"bad.toml:9: event[1].t"}},
		{"a key in a multi-line string", "description = \"\"\"\nnmae = 2\n\"\"\"\nnmae = 1\n" + goodHead, []string{"bad.toml:4: nmae: is not a key"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("bad.toml", []byte(tt.body))
			if err == nil {
				t.Fatalf("ParseScenario = %v, nil; want errors %q", sc, tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error = %q; want it to contain %q", err, w)
				}
			}
			var se *lab.ScenarioError
			if !errors.As(err, &se) {
				t.Errorf("error %T is not a *ScenarioError", err)
			}
		})
	}
}

// A value of the wrong type is named by its TOML type with the right
// article: "an integer", "an array", "a date-time".
func TestTypeErrorsSayTheirArticle(t *testing.T) {
	for _, tc := range []struct {
		name, line, want string
	}{
		{"a string", `spacing = "wide"`, "bad.toml:7: squad[1].spacing: is a string; it must be a number"},
		{"an integer", "leader = 1", "bad.toml:7: squad[1].leader: is an integer; it must be true or false"},
		{"a float", "leader = 1.5", "bad.toml:7: squad[1].leader: is a float; it must be true or false"},
		{"a boolean", "spacing = true", "bad.toml:7: squad[1].spacing: is a boolean; it must be a number"},
		{"an array", "formation = [1]", "bad.toml:7: squad[1].formation: is an array; it must be a string"},
		{"a table", "spacing = { x = 1 }", "bad.toml:7: squad[1].spacing: is a table; it must be a number"},
		{"a date-time", "morale = 1979-05-27T07:32:00Z", "bad.toml:7: squad[1].morale: is a date-time; it must be a number"},
		{"a local date", "morale = 1979-05-27", "bad.toml:7: squad[1].morale: is a date-time; it must be a number"},
		{"an integer for an array", "nerves = 5", "bad.toml:7: squad[1].nerves: is an integer; it must be an array of numbers"},
		{"an integer in an array of strings", "[[event]]\nt = 1\nevent = \"AllyDown\"\nat = [0, 0]\nsquads = [5]", "bad.toml:11: event[1].squads[0]: is an integer; it must be a string"},
		{"an array in an array of numbers", "nerves = [[0.5]]", "bad.toml:7: squad[1].nerves[0]: is an array; it must be a number in 0..1"},
		{"a table for tables", "[[event]]\nt = 1\nevent = \"AllyDown\"\nsquad = \"a\"\n[expect]\nx = 1", "bad.toml:11: expect: is a table; write it as [[expect]] tables"},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(goodHead+tc.line+"\n"))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("%s: got %q; want the error %q", tc.name, got, tc.want)
		}
	}
}

// A key whose name TOML must quote is named quoted, as TOML writes it,
// in every message that names a key: "a.b" = 1 is `"a.b"`, not a.b, the
// table a of a dotted key a.b = 1.
func TestKeyPathsQuoteAsTOML(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"unknown, in a squad", goodHead + "\"a.b\" = 1\n", `bad.toml:7: squad[1]."a.b": is not a key of squad[1]`},
		{"unknown, at the top", "\"a.b\" = 1\n" + goodHead, `bad.toml:1: "a.b": is not a key of a scenario`},
		{"unknown, in an event", goodHead + "[[event]]\nt = 1\nevent = \"AllyDown\"\nsquad = \"a\"\n'c d' = 2\n", `bad.toml:11: event[1]."c d": is not a key of event[1]`},
		{"a dotted key is not quoted", goodHead + "a.b = 1\n", "bad.toml:7: squad[1].a: is not a key of squad[1]"},
		{"given twice", goodHead + "\"a.b\" = 1\n'a.b' = 2\n", `bad.toml:8: squad[1]."a.b": is given twice; keep one of the two`},
		{"a table given twice", "[x]\n[x]\n" + goodHead, "bad.toml:2: x: is given twice; keep one of the two"},
		{"a dotted key given twice", goodHead + "a.b = 1\na.b = 2\n", "bad.toml:8: squad[1].a.b: is given twice; keep one of the two"},
		{"the decoder's error", goodHead + "\"a.b\" = tru\n", `bad.toml:7: squad[1]."a.b": `},
		{"the decoder's error, a dotted key", goodHead + "x.\"a b\" = tru\n", `bad.toml:7: squad[1].x."a b": `},
		{"the decoder's error, at the top", "'a b' = tru\n" + goodHead, `bad.toml:1: "a b": `},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if !slices.ContainsFunc(got, func(e string) bool { return strings.HasPrefix(e, tc.want) }) {
			t.Errorf("%s: got %q; want an error starting %q", tc.name, got, tc.want)
		}
	}
}

// The decoder's syntax errors name the block they are in with its number,
// as the lab's own messages do: squad[2].size, not squad.size, whichever
// [[squad]] or [[event]] it is, a sub-table of one or a block's header.
func TestSyntaxErrorsNameTheirBlock(t *testing.T) {
	// The second [[squad]]'s header is on line 7, the second [[event]]'s
	// on line 11.
	const two = goodHead + "[[squad]]\nname = \"b\"\n"
	const events = goodHead + "[[event]]\nt = 1\nevent = \"AllyDown\"\nsquad = \"a\"\n[[event]]\n"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"the first squad", goodHead + "size = \n", "bad.toml:7: squad[1].size: expected value but found '\\n' instead"},
		{"the second squad", two + "size = tru\n", `bad.toml:9: squad[2].size: expected value but found "tru" instead`},
		{"the second squad, a quoted key", two + "\"a.b\" = tru\n", `bad.toml:9: squad[2]."a.b": expected value but found "tru" instead`},
		{"the second squad, no =", two + "size 5\n", "bad.toml:9: squad[2]: expected '.' or '=', but got '5' instead"},
		{"the second squad, a line of a multi-line array", two + "names = [\"X\",\n\"Y\" \"Z\"]\n", "bad.toml:10: squad[2].names: expected a comma (',') or array terminator (']'), but got '\"'"},
		{"a sub-table of the second squad", two + "[squad.x]\nsize = tru\n", `bad.toml:10: squad[2].x.size: expected value but found "tru" instead`},
		{"an array in the second squad", two + "[[squad.y]]\n[[squad.y]]\nsize = tru\n", `bad.toml:11: squad[2].y[2].size: expected value but found "tru" instead`},
		{"an array over a table of the second squad", two + "[squad.x]\n[[squad.x]]\n", "bad.toml:10: squad[2].x: is given twice, as a table or a value (line 9) and as an array of tables ([[squad.x]] here); keep one of the two"},
		{"an array over a value of the second squad", two + "x = 1\n[[squad.x]]\n", "bad.toml:10: squad[2].x: is given twice, as a table or a value (line 9) and as an array of tables ([[squad.x]] here); keep one of the two"},
		{"an array over a table of no line", two + "[squad.x.y]\n[[squad.x]]\n", "bad.toml:10: squad[2].x: is given twice, as a table or a value and as an array of tables ([[squad.x]] here); keep one of the two"},
		{"an array over a table of the second event", events + "t = 2\n[event.at]\n[[event.at]]\n", "bad.toml:14: event[2].at: is given twice, as a table or a value (line 13) and as an array of tables ([[event.at]] here); keep one of the two"},
		{"an array over a top key", "name = \"n\"\n[[name]]\n" + goodHead, "bad.toml:2: name: is given twice, as a table or a value (line 1) and as an array of tables ([[name]] here); keep one of the two"},
		{"a table under a value of the second squad", two + "x = 1\n[squad.x.y]\n", "bad.toml:10: squad[2].x: is given twice, as a value (line 9) and as a table ([squad.x.y] here); keep one of the two"},
		{"an array under a value of the second squad", two + "x = 1\n[[squad.x.y]]\n", "bad.toml:10: squad[2].x: is given twice, as a value (line 9) and as a table ([[squad.x.y]] here); keep one of the two"},
		{"a table under a quoted value", two + "\"a b\" = 1\n[squad.\"a b\".c]\n", "bad.toml:10: squad[2].\"a b\": is given twice, as a value (line 9) and as a table ([squad.\"a b\".c] here); keep one of the two"},
		{"a table under a top key", "name = \"n\"\n[name.x]\n" + goodHead, "bad.toml:2: name: is given twice, as a value (line 1) and as a table ([name.x] here); keep one of the two"},
		{"a header cut short after the second squad", two + "[squad.x\n", "bad.toml:9: squad[2]: expected '.' or ']' to end table name, but got '\\n' instead"},
		{"a header cut short before an event", two + "[squad.x\n[[event]]\nt = 1\n", "bad.toml:9: squad[2]: expected '.' or ']' to end table name, but got '\\n' instead"},
		{"the first event", goodHead + "[[event]]\nt = 1..2\n", `bad.toml:8: event[1].t: Invalid float "1..2": '.' must be followed by one or more digits`},
		{"the second event", events + "t = 1..2\n", `bad.toml:12: event[2].t: Invalid float "1..2": '.' must be followed by one or more digits`},
		{"a sub-table of the second event", events + "t = 2\n[event.x]\ny = tru\n", `bad.toml:14: event[2].x.y: expected value but found "tru" instead`},
		{"the second event's header", events[:len(events)-1] + " x\n", "bad.toml:11: event[2]: expected a top-level item to end with a newline, comment, or EOF, but got 'x' instead"},
		{"a table of no array", goodHead + "[weights]\nx = tru\n", `bad.toml:8: weights.x: expected value but found "tru" instead`},
		{"a top key named as an array", "squads = tru\n" + goodHead, `bad.toml:1: squads: expected value but found "tru" instead`},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		got := fmt.Sprint(err)
		if got != tc.want {
			t.Errorf("%s: got %q; want %q", tc.name, got, tc.want)
		}
	}
}

// An unknown key is named with its line however it is written: bare,
// "basic" or 'literal', with dots or blanks inside its quotes, or as the
// first part of a dotted key or a header (the table it makes).
func TestUnknownKeysNameTheirLine(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"bare", goodHead + "bogus = 1\n", "bad.toml:7: squad[1].bogus: is not a key of squad[1]"},
		{"a basic string", goodHead + "\"Shakenbelow\" = 0.5\n", "bad.toml:7: squad[1].Shakenbelow: is not a key of squad[1]"},
		{"a literal string", goodHead + "'bogus' = 1\n", "bad.toml:7: squad[1].bogus: is not a key of squad[1]"},
		{"a top key quoted", "\"Shakenbelow\" = 0.5\n" + goodHead, "bad.toml:1: Shakenbelow: is not a key of a scenario"},
		{"a basic string with a dot", goodHead + "\"a.b\" = 1\n", "bad.toml:7: squad[1].\"a.b\": is not a key of squad[1]"},
		{"a literal string with a blank", goodHead + "'x y' = 1\n", "bad.toml:7: squad[1].\"x y\": is not a key of squad[1]"},
		{"an escape", goodHead + "\"\\u00e9\" = 1\n", "bad.toml:7: squad[1].\"é\": is not a key of squad[1]"},
		{"a dotted key with quoted parts", goodHead + "size2 = 1\n\"a\".'b c' = 1\n", "bad.toml:8: squad[1].a: is not a key of squad[1]"},
		{"a dotted key's first line", goodHead + "a.\"x\" = 1\na.y = 2\n", "bad.toml:7: squad[1].a: is not a key of squad[1]"},
		{"a header with a quoted part", goodHead + "['t u'.v]\nw = 1\n", "bad.toml:7: \"t u\": is not a key of a scenario"},
		{"a key in the second squad", goodHead + "[[squad]]\nsize = 1\n\"nmae\" = \"b\"\n", "bad.toml:9: squad[2].nmae: is not a key of squad[2]"},
		{"a sub-table of a squad", goodHead + "[squad.x]\nsize = 1\n", "bad.toml:7: squad[1].x: is not a key of squad[1]"},
		{"a sub-table of the second squad", goodHead + "[[squad]]\nsize = 1\n\n[squad.x]\n", "bad.toml:10: squad[2].x: is not a key of squad[2]"},
		{"an array of tables in a squad", goodHead + "[[squad.guns]]\nn = 1\n", "bad.toml:7: squad[1].guns: is not a key of squad[1]"},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if !slices.ContainsFunc(got, func(e string) bool { return strings.HasPrefix(e, tc.want) }) {
			t.Errorf("%s: got %q; want an error %q", tc.name, got, tc.want)
		}
	}
}

func TestShippedScenariosParse(t *testing.T) {
	files, err := filepath.Glob("../scenarios/*.toml")
	if err != nil || len(files) < 4 {
		t.Fatalf("scenarios: %v, %v; want at least four", files, err)
	}
	for _, f := range files {
		sc, err := lab.LoadScenario(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if len(sc.Expects) == 0 {
			t.Errorf("%s has no expectations", f)
		}
		if sc.WeightsHash == "default" {
			t.Errorf("%s does not use weights.toml", f)
		}
	}
	sc, err := lab.LoadScenario("../scenarios/army.toml")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sq := range sc.Squads {
		n += sq.Size
	}
	if n != 10000 {
		t.Errorf("army has %d men; want 10000", n)
	}
}

func TestScenarioWeightsErrorNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "w.toml"), []byte("Hysteresis = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	body := "weights = \"w.toml\"\n" + goodHead
	_, err := lab.ParseScenario(filepath.Join(dir, "s.toml"), []byte(body))
	if err == nil || !strings.Contains(err.Error(), "s.toml:1: weights:") || !strings.Contains(err.Error(), "Hysteresis") {
		t.Errorf("error = %v; want s.toml:1: weights: … Hysteresis", err)
	}
}

// A scenario reports the game's own events from the [custom] table of its
// weights file; a [weights] row that is no built-in event is the weights
// file's error, with its line and the advice to move it (issue 31).
func TestScenarioCustomEvents(t *testing.T) {
	const body = "weights = \"w.toml\"\n" + goodHead + "[[event]]\nt = 1.0\nevent = \"Sniped\"\nsquad = \"a\"\n"
	for _, tc := range []struct {
		name, weights, want string // want: "" for no error
	}{
		{"a [custom] row", "[custom]\nSniped = -0.2\n", ""},
		{"a row in [weights]", "[weights]\nSniped = -0.2\n",
			"line 2: weights.Sniped is not a built-in event (the nearest is Suppressed); if it is your game's own event, move its row to [custom]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "w.toml"), []byte(tc.weights), 0o644); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "s.toml")
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			sc, err := lab.LoadScenario(p)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("LoadScenario: got %v; want no error", err)
			case tc.want == "" && sc.Settings.Weights["Sniped"] != -0.2:
				t.Errorf("Sniped is worth %v; want -0.2", sc.Settings.Weights["Sniped"])
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("LoadScenario: got %v; want an error saying %q", err, tc.want)
			}
		})
	}
}

// Every count of the scenario format (runs, size, count) is a whole number:
// runs = 10.9, size = 2.9 and count = 1.7 were 10 runs, 2 men and one
// death, without a word. A float without a fraction is that number.
func TestCountsAreWholeNumbers(t *testing.T) {
	const head = "duration = 30.0\n%s\n[[squad]]\nname = \"a\"\n%s\n[[event]]\nt = 1.0\ndo = \"death\"\nsquad = \"a\"\n%s\n"
	tests := []struct {
		name, top, squad, event string
		want                    string // "" when it parses
		runs, size, count       int
	}{
		{"integers", "runs = 10", "size = 3", "count = 2", "", 10, 3, 2},
		{"floats without a fraction", "runs = 10.0", "size = 3.0", "count = 2.0", "", 10, 3, 2},
		{"runs with a fraction", "runs = 10.9", "size = 3", "count = 2", "bad.toml:2: runs: is 10.9; it must be a whole number", 0, 0, 0},
		{"size with a fraction", "runs = 10", "size = 2.9", "count = 1", "bad.toml:5: squad[1].size: is 2.9; it must be a whole number", 0, 0, 0},
		{"count with a fraction", "runs = 10", "size = 3", "count = 1.7", "bad.toml:10: event[1].count: is 1.7; it must be a whole number", 0, 0, 0},
		{"runs infinite", "runs = inf", "size = 3", "count = 1", "bad.toml:2: runs: is +Inf; it must lie in 1..1000000", 0, 0, 0},
		{"runs not a number", "runs = nan", "size = 3", "count = 1", "bad.toml:2: runs: is NaN; it must be a whole number", 0, 0, 0},
		{"runs a string", `runs = "10"`, "size = 3", "count = 1", "bad.toml:2: runs: is \"10\", a number in quotes; write it without the quotes: 10", 0, 0, 0},
		{"runs too many", "runs = 1500000", "size = 3", "count = 1", "bad.toml:2: runs: is 1500000; it must lie in 1..1000000", 0, 0, 0},
		{"size too many", "runs = 10", "size = 1e12", "count = 1", "bad.toml:5: squad[1].size: is 1000000000000; it must lie in 1..", 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("bad.toml", []byte(fmt.Sprintf(head, tt.top, tt.squad, tt.event)))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got error %v; want none", err)
				}
				if sc.Runs != tt.runs || sc.Squads[0].Size != tt.size || sc.Events[0].Count != tt.count {
					t.Errorf("got runs %d, size %d, count %d; want %d, %d, %d", sc.Runs, sc.Squads[0].Size, sc.Events[0].Count, tt.runs, tt.size, tt.count)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got error %v; want exactly one, starting %q", err, tt.want)
			}
		})
	}
}

// A squad has at most 100,000 men, its reinforcements included, as
// docs/balancing.md says: the parser admitted 200,000 (the whole
// scenario's limit) in one squad. The error names the file, the line and
// the key.
func TestSquadSizeLimit(t *testing.T) {
	const two = "[[squad]]\nname = \"a\"\nsize = %d\n[[squad]]\nname = \"b\"\nsize = %d\n%s"
	reinforce := func(count, every int) string {
		s := fmt.Sprintf("[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = %d\n", count)
		if every > 0 {
			s += fmt.Sprintf("every = %d.0\nuntil = 3.0\n", every)
		}
		return s
	}
	tests := []struct {
		name     string
		a, b     int
		timeline string
		want     string // "" when it parses
	}{
		{"100,000 and 100,000", 100000, 100000, "", ""},
		{"150,000", 150000, 1, "", "bad.toml:3: squad[1].size: is 150000; it must lie in 1..100000"},
		{"100,001", 1, 100001, "", "bad.toml:6: squad[2].size: is 100001; it must lie in 1..100000"},
		{"reinforced to 100,000", 99000, 1, reinforce(1000, 0), ""},
		{"reinforced past it", 99000, 1, reinforce(1001, 0), `bad.toml:11: event[1].count: brings squad "a" to 100001 men; at most 100000 a squad, reinforcements included`},
		{"reinforced past it, repeated", 70000, 1, reinforce(10001, 1), `bad.toml:11: event[1].count: brings squad "a" to 100003 men; at most 100000 a squad, reinforcements included`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("bad.toml", []byte(fmt.Sprintf(two, tt.a, tt.b, tt.timeline)))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got error %v; want none", err)
				}
				if sc.Squads[0].Size != tt.a || sc.Squads[1].Size != tt.b {
					t.Errorf("got sizes %d, %d; want %d, %d", sc.Squads[0].Size, sc.Squads[1].Size, tt.a, tt.b)
				}
				return
			}
			if err == nil || err.Error() != tt.want {
				t.Errorf("got error %v; want exactly %q", err, tt.want)
			}
		})
	}
}

// One mistake is one error: an infinite bound, a reversed range and a
// negative every each gave a second (and third) error about a value the
// file does not have, such as "an expectation needs a range" for a block
// that has one, or "every: is 0 s".
func TestOneMistakeOneError(t *testing.T) {
	const scenario = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 3\n[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"a\"\n%s\n[[expect]]\nmetric = \"squad_broke.a\"\n%s\n"
	tests := []struct{ name, event, expect, want string }{
		{"infinite bounds", "", "share = [-inf, inf]", "bad.toml:12: expect[1].share[0]: is -Inf; it must be a finite number"},
		{"infinite upper bound", "", "share = [0.0, inf]", "bad.toml:12: expect[1].share[1]: is +Inf; it must be a finite number"},
		{"NaN bound", "", "p50 = [nan, 3.0]", "bad.toml:12: expect[1].p50[0]: is NaN; it must be a finite number"},
		{"a string bound", "", `share = ["a", 1.0]`, `bad.toml:12: expect[1].share[0]: is "a"; it must be a finite number`},
		{"reversed range", "", "share = [0.3, 0.1]", "bad.toml:12: expect[1].share: is [0.3, 0.1]; it must be a range [low, high] with low ≤ high"},
		{"three numbers", "", "p50 = [1.0, 2.0, 3.0]", "bad.toml:12: expect[1].p50: is [1, 2, 3]; it must be a range [low, high] with low ≤ high"},
		{"not an array", "", "share = 0.5", "bad.toml:12: expect[1].share: is a float; it must be a range [low, high]"},
		{"negative every", "every = -1.0", "share = [0.1, 0.3]", "bad.toml:9: event[1].every: is -1; it must lie in 0.01..86400"},
		{"every of 0", "every = 0.0", "share = [0.1, 0.3]", "bad.toml:9: event[1].every: is 0; it must lie in 0.01..86400"},
		{"every too often", "every = 0.005", "share = [0.1, 0.3]", "bad.toml:9: event[1].every: is 0.005; it must lie in 0.01..86400"},
		{"no range", "", "", "bad.toml:10: expect[1].metric: an expectation needs a range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lab.ParseScenario("bad.toml", []byte(fmt.Sprintf(scenario, tt.event, tt.expect)))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got error %v; want exactly one, starting %q", err, tt.want)
			}
		})
	}
}

// A squad's size missing or refused is one error: its nerves and names
// were counted against the 0 read in its place, "has 2 names for a squad
// of 0" of a squad whose size = "5".
func TestSquadSizeOneError(t *testing.T) {
	const scenario = "duration = 30.0\n[[squad]]\nname = \"a\"\n%s\nnames = [\"X\", \"Y\"]\nnerves = [0.5, 0.5]\n"
	tests := []struct{ name, size, want string }{
		{"a string", `size = "5"`, "bad.toml:4: squad[1].size: is \"5\", a number in quotes; write it without the quotes: 5"},
		{"0", "size = 0", "bad.toml:4: squad[1].size: is 0; it must lie in 1..100000"},
		{"missing", "", "bad.toml:2: squad[1].size: is missing; a squad needs a size of at least 1"},
		{"smaller than the names", "size = 1", "bad.toml:5: squad[1].names: has 2 names for a squad of 1\nbad.toml:6: squad[1].nerves: has 2 nerves for a squad of 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lab.ParseScenario("bad.toml", []byte(fmt.Sprintf(scenario, tt.size)))
			if err == nil || err.Error() != tt.want {
				t.Errorf("got error %v; want exactly %q", err, tt.want)
			}
		})
	}
}

// A scenario whose weights file is not there says so in a designer's words,
// with the path it looked for: it said "weights: stat nope.toml: no such
// file or directory". When that path reads otherwise than the key, the key
// is said too: weights = "../weights.toml" of sc/s.toml, run from sc's
// parent, said only '"weights.toml": no such file (the path is from the
// scenario's folder)', though sc/weights.toml was there.
func TestScenarioWeightsFileMissing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("sc", 0o755); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "sc", "abs.toml")
	for _, tt := range []struct {
		path, weights, want string
	}{
		{abs, filepath.Join(dir, "nope.toml"), fmt.Sprintf(":2: weights: %q: no such file (the path is from the scenario's folder)", filepath.Join(dir, "nope.toml"))},
		{abs, "nope.toml", fmt.Sprintf(":2: weights: %q: no such file (weights = \"nope.toml\", read from the scenario's folder)", filepath.Join(dir, "sc", "nope.toml"))},
		{filepath.Join("sc", "rel.toml"), "../weights.toml", ":2: weights: \"weights.toml\": no such file (weights = \"../weights.toml\", read from the scenario's folder)"},
	} {
		text := fmt.Sprintf("name = \"s\"\nweights = %q\n[[squad]]\nsize = 2\n", tt.weights)
		if err := os.WriteFile(tt.path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("sc", "weights.toml"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := lab.LoadScenario(tt.path)
		if want := tt.path + tt.want; err == nil || err.Error() != want {
			t.Errorf("weights = %q: got %v; want %s", tt.weights, err, want)
		}
	}
}

// A death reports AllyDown, or LeaderDown when it kills a leader; when the
// weights have no row for the news a death may report, the error is on the
// death's line and says where the name came from, in the reinforce's words
// (TestReinforceDefaultNewsWithoutARow): it was silently worth zero.
func TestDeathNewsWithoutARow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.toml")
	w := filepath.Join(dir, "w.toml")
	sc := `name = "s"
duration = 30.0
[[squad]]
name = "a"
size = 3
leader = true
names = ["Sgt", "Pvt"]
[[squad]]
name = "b"
size = 2
[[event]]
t = 1.0
do = "death"
agent = "Sgt"
[[event]]
t = 2.0
do = "death"
agent = "Pvt"
[[event]]
t = 3.0
do = "death"
squad = "b"
[[event]]
t = 4.0
do = "death"
squad = "a"
[[event]]
t = 5.0
do = "death"
at = [0.0, 0.0]
`
	if err := os.WriteFile(path, []byte(sc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, weights string
		want          []string
	}{
		{"neither row", "[weights]\nSuppressed = -0.1\n", []string{
			`:13: event[1].do: "LeaderDown", the news a death reports when it kills a leader, has no row`,
			`:17: event[2].do: "AllyDown", the news a death reports, has no row`,
			`:21: event[3].do: "AllyDown", the news a death reports, has no row`,
			`:25: event[4].do: "AllyDown", the news a death reports, has no row`,
			`:25: event[4].do: "LeaderDown", the news a death reports when it kills a leader, has no row`,
			`:29: event[5].do: "AllyDown", the news a death reports, has no row`,
			`:29: event[5].do: "LeaderDown", the news a death reports when it kills a leader, has no row`,
		}},
		{"no LeaderDown", "[weights]\nAllyDown = -0.1\n", []string{
			`:13: event[1].do: "LeaderDown", the news a death reports when it kills a leader, has no row in the weights table of "` + w + `" ([weights], or [custom] for your game's own events), so it would be worth zero; add the row`,
			`:25: event[4].do: "LeaderDown"`,
			`:29: event[5].do: "LeaderDown"`,
		}},
		{"both rows", "[weights]\nAllyDown = -0.1\nLeaderDown = -0.3\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(w, []byte(tt.weights), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := lab.LoadScenarioWith(path, w)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("got %v; want no error", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %d", len(tt.want))
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("got %q; want %d errors", err, len(tt.want))
			}
			for i, want := range tt.want {
				if !strings.HasPrefix(lines[i], path+want) {
					t.Errorf("error %d = %q; want it to start %q", i+1, lines[i], path+want)
				}
			}
		})
	}
}

// A reinforce that names no event reports ReinforcementsArrived; when the
// weights have no such row the error is on the event's line, as every other
// one is, and says where the name came from: it had no line
// ("s.toml: event[1].event: …") and sorted before every other error.
func TestReinforceDefaultNewsWithoutARow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.toml")
	w := filepath.Join(dir, "w.toml")
	sc := "name = \"s\"\nduration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = 5.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = 2\n[[event]]\nt = 6.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = 1\nevent = \"Cavalry\"\n"
	if err := os.WriteFile(path, []byte(sc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w, []byte("[weights]\nAllyDown = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := lab.LoadScenarioWith(path, w)
	if err == nil {
		t.Fatal("no error; want two")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{
		path + `:6: event[1].event: "ReinforcementsArrived", the news a reinforce reports when it names no event, has no row`,
		path + `:16: event[2].event: "Cavalry" has no row`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %q; want %d errors", err, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("error %d = %q; want it to start %q", i+1, lines[i], w)
		}
	}
}

// A value of the wrong type, or refused for another reason, is one error on
// its line: its reader returns a default the file never wrote, and no
// check judges that default (a news name missing, a reinforce's default
// news without a row, a target missing, the default duration).
func TestARefusedValueIsOneError(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(w, []byte("[weights]\nSuppressed = -0.1\nAllyDown = -0.1\nLeaderDown = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const head = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\nleader = true\nnames = [\"Sgt\", \"Pvt\"]\n" // line 7 next
	const str = "; it must be a string"
	for _, tc := range []struct {
		name, body string
		want       []string // each error's start, after the path
	}{
		{"news a number", head + "[[event]]\nt = 1.0\nsquad = \"a\"\nevent = 5\n", []string{":10: event[1].event: is an integer" + str}},
		{"a reinforce's news a number", head + "[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"a\"\ncount = 1\nevent = 5\n", []string{":12: event[1].event: is an integer" + str}},
		{"news's squad a number", head + "[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = 1\n", []string{":10: event[1].squad: is an integer" + str}},
		{"news's agent a boolean", head + "[[event]]\nt = 1.0\nevent = \"Suppressed\"\nagent = true\n", []string{":10: event[1].agent: is a boolean" + str}},
		{"a rally's squad an array", head + "[[event]]\nt = 1.0\ndo = \"rally\"\nsquad = [\"a\"]\n", []string{":10: event[1].squad: is an array" + str}},
		{"a reinforce's squad a number", head + "[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = 1\ncount = 1\nevent = \"Suppressed\"\n", []string{":10: event[1].squad: is an integer" + str}},
		{"a death's agent a number", head + "[[event]]\nt = 1.0\ndo = \"death\"\nagent = 2\n", []string{":10: event[1].agent: is an integer" + str}},
		{"a rally's at a string", head + "[[event]]\nt = 1.0\ndo = \"rally\"\nsquad = \"a\"\nat = \"here\"\n", []string{":11: event[1].at: is a string; it must be [x, y]"}},
		{"a rout's at one number", head + "[[event]]\nt = 1.0\ndo = \"rout\"\nagent = \"Pvt\"\nat = [1.0]\n", []string{":11: event[1].at: has 1 number; it must be [x, y]"}},
		{"do a number", head + "[[event]]\nt = 1.0\ndo = 5\nsquad = \"a\"\nsquads = [\"a\"]\n", []string{":9: event[1].do: is an integer" + str}},
		{"do misspelt", head + "[[event]]\nt = 1.0\ndo = \"reinforc\"\nsquad = \"a\"\ncount = 1\n", []string{`:9: event[1].do: is "reinforc"; it must be one of `}},
		{"a metric a number", head + "[[expect]]\nmetric = 5\nshare = [0, 1]\n", []string{":8: expect[1].metric: is an integer" + str}},
		{"after a number", head + "[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"a\"\n[[expect]]\nmetric = \"steady_s\"\nafter = 5\np50 = [0, 10]\n", []string{":13: expect[1].after: is an integer" + str}},
		{"nerve a string", head + "nerve = \"x\"\n", []string{":7: squad[1].nerve: is a string; it must be [min, max]"}},
		{"a squad's name a number", head + "[[squad]]\nname = \"squad3\"\nsize = 1\n[[squad]]\nname = 5\nsize = 1\n", []string{":11: squad[3].name: is an integer" + str}},
		{"squad a number", "duration = 30.0\nsquad = 5\n", []string{":2: squad: is an integer; write it as [[squad]] tables"}},
		{"duration a string, sample over 60", "duration = \"long\"\nsample = 90.0\n[[squad]]\nsize = 1\n", []string{":1: duration: is a string; it must be a number"}},
		{"duration a string, an event after 60", "duration = \"long\"\n[[squad]]\nname = \"a\"\nsize = 1\n[[event]]\nt = 100.0\nevent = \"Suppressed\"\nsquad = \"a\"\n", []string{":1: duration: is a string; it must be a number"}},
		{"duration a string, a time over 60", "duration = \"long\"\n[[squad]]\nsize = 1\n[[expect]]\nmetric = \"first_rout_s\"\np50 = [100, 200]\n", []string{":1: duration: is a string; it must be a number"}},
		{"until a string", head + "[[event]]\nt = 31.0\nevent = \"Suppressed\"\nsquad = \"a\"\nevery = 1.0\nuntil = \"end\"\n", []string{":8: event[1].t: is 31 s, after the end", ":12: event[1].until: is a string; it must be a number"}},
	} {
		path := filepath.Join(dir, "s.toml")
		if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := lab.LoadScenarioWith(path, w)
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.HasPrefix(got[i], path+tc.want[i])
		}
		if !ok {
			t.Errorf("%s: got %q; want %d error(s) starting %q", tc.name, got, len(tc.want), tc.want)
		}
	}
}

// News without a row names the table it is missing from: the file the
// weights key names, as -weights' file is named.
func TestNewsWithoutARowNamesTheWeightsKeysFile(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(w, []byte("[weights]\nSuppressed = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(path, []byte("weights = \"w.toml\"\n"+goodHead+"[[event]]\nt = 1.0\nevent = \"Sniped\"\nsquad = \"a\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := lab.LoadScenario(path)
	want := path + `:10: event[1].event: "Sniped" has no row in the weights table of "` + w + `" ([weights], or [custom] for your game's own events), so it would be worth zero; add a row or fix the name`
	if err == nil || err.Error() != want {
		t.Errorf("got %v; want %s", err, want)
	}
}

// A misspelt key of an [[expect]], metrc or median, is one error naming
// the keys the block takes: the metric or range it was meant to be is not
// also said missing. A block with no such key still says what it lacks.
func TestAMisspeltKeyOfAnExpect(t *testing.T) {
	const takes = "; an [[expect]] takes metric, given, after and its ranges, p10, p25, p50, p75, p90, mean, min, max, share = [low, high]"
	for _, tc := range []struct {
		name, expect string
		want         []string
	}{
		{"a range misspelt", "metric = \"broke\"\nmedian = [0, 1]\n", []string{"bad.toml:9: expect[1].median: is not a key of expect[1]" + takes}},
		{"the metric misspelt", "metrc = \"broke\"\nmean = [0, 1]\n", []string{"bad.toml:8: expect[1].metrc: is not a key of expect[1]" + takes}},
		{"no range", "metric = \"broke\"\n", []string{"bad.toml:7: expect[1].metric: an expectation needs a range: one of p10, p25, p50, p75, p90, mean, min, max, share = [low, high]"}},
		{"no metric", "mean = [0, 1]\n", []string{"bad.toml:7: expect[1].metric: is missing"}},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(goodHead+"[[expect]]\n"+tc.expect))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q; want %q", tc.name, got, tc.want)
		}
	}
}

// A squad or a man named twice names the line of the first: the name's
// own, or the squad's header when it is named so by default.
func TestANameGivenTwiceSaysWhere(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"two squads", "duration = 20.0\n[[squad]]\nname = \"alpha\"\nsize = 1\n[[squad]]\nname = \"alpha\"\nsize = 1\n",
			`bad.toml:6: squad[2].name: squad "alpha" is named twice (first on line 3)`},
		{"a default name", "duration = 20.0\n[[squad]]\nsize = 1\n[[squad]]\nname = \"squad1\"\nsize = 1\n",
			`bad.toml:5: squad[2].name: squad "squad1" is named twice (squad[1], on line 2, names none and is named so)`},
		{"a default name taken", "duration = 20.0\n[[squad]]\nname = \"squad2\"\nsize = 1\n[[squad]]\nsize = 1\n",
			`bad.toml:5: squad[2].name: is not given, so the squad takes the default name "squad2", which squad[1] has (on line 3); name one of the two`},
		{"a first name refused", "duration = 20.0\n[[squad]]\nname = 5\nsize = 1\n[[squad]]\nname = \"squad1\"\nsize = 1\n",
			`bad.toml:3: squad[1].name: is an integer; it must be a string`},
		{"a man in two squads", "duration = 20.0\n[[squad]]\nsize = 1\nnames = [\"Hale\"]\n[[squad]]\nsize = 1\nnames = [\"Hale\"]\n",
			`bad.toml:7: squad[2].names: man "Hale" is named twice (first on line 4)`},
		{"a man in one list", "duration = 20.0\n[[squad]]\nsize = 2\nnames = [\"Hale\", \"Hale\"]\n",
			`bad.toml:4: squad[1].names: man "Hale" is named twice in this list`},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v; want %s", tc.name, err, tc.want)
		}
	}
}

// A number in quotes is said as the weights file's reader says it, with
// the number to write; other text is not a number.
func TestANumberInQuotes(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"a window", "cascade_window = \"3\"\n" + goodHead, `bad.toml:1: cascade_window: is "3", a number in quotes; write it without the quotes: 3`},
		{"a size with blanks", "[[squad]]\nsize = \" 4 \"\n", `bad.toml:2: squad[1].size: is " 4 ", a number in quotes; write it without the quotes: 4`},
		{"an element of at", "[[squad]]\nsize = 4\nat = [\"1.5\", 2]\n", `bad.toml:3: squad[1].at[0]: is "1.5", a number in quotes; write it without the quotes: 1.5`},
		{"an event's every", goodHead + "[[event]]\nt = 1.0\nevent = \"AllyDown\"\nsquad = \"a\"\nevery = \"2e0\"\n", `bad.toml:11: event[1].every: is "2e0", a number in quotes; write it without the quotes: 2e0`},
		{"a count with a fraction", "[[squad]]\nsize = \"1.5\"\n", `bad.toml:2: squad[1].size: is a string; it must be a whole number`},
		{"seconds with a unit", goodHead + "[[event]]\nt = \"5s\"\nevent = \"AllyDown\"\nsquad = \"a\"\n", `bad.toml:8: event[1].t: is a string; it must be a number`},
		{"not a finite number", "cascade_window = \"nan\"\n" + goodHead, `bad.toml:1: cascade_window: is a string; it must be a number`},
		{"a number and a comment", "cascade_window = \"30 # s\"\n" + goodHead, `bad.toml:1: cascade_window: is a string; it must be a number`},
		{"a number and a line", "cascade_window = \"30\\n[x]\"\n" + goodHead, `bad.toml:1: cascade_window: is a string; it must be a number`},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v; want %s", tc.name, err, tc.want)
		}
	}
}

// A target named with the other kind's key, agent = a squad's name or
// squad = a man's, says which key takes the name.
func TestATargetOfTheOtherKind(t *testing.T) {
	const head = "duration = 30.0\n[[squad]]\nname = \"alpha\"\nsize = 2\nnames = [\"Sgt\"]\n[[event]]\nt = 1.0\ndo = \"rally\"\n" // line 9 next
	for _, tc := range []struct{ name, target, want string }{
		{"a squad as agent", "agent = \"alpha\"\n", `bad.toml:9: event[1].agent: no man is named "alpha" ("alpha" is a squad: squad = "alpha" names it)`},
		{"a man as squad", "squad = \"Sgt\"\n", `bad.toml:9: event[1].squad: no squad is named "Sgt" ("Sgt" is a man: agent = "Sgt" names him)`},
		{"no one as agent", "agent = \"Pvt\"\n", `bad.toml:9: event[1].agent: no man is named "Pvt" (name him in a squad's names)`},
		{"nothing as squad", "squad = \"bravo\"\n", `bad.toml:9: event[1].squad: no squad is named "bravo"`},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(head+tc.target))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v; want %s", tc.name, err, tc.want)
		}
	}
	// A reinforce takes no agent: a man's name as its squad is told the
	// squads it may join, not to name him with agent.
	const reinforce = "duration = 30.0\n[[squad]]\nname = \"alpha\"\nsize = 2\nnames = [\"Sgt\"]\n[[squad]]\nname = \"bravo\"\nsize = 1\n[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"Sgt\"\ncount = 1\n"
	want := `bad.toml:12: event[1].squad: no squad is named "Sgt" ("Sgt" is a man; reinforcements join a squad: one of alpha, bravo)`
	if _, err := lab.ParseScenario("bad.toml", []byte(reinforce)); err == nil || err.Error() != want {
		t.Errorf("a man as a reinforce's squad: got %v; want %s", err, want)
	}
}

// A weights key whose file did not read (an error in it, no such file) or
// whose value was refused is one error, on its line: the rows the file
// holds are unknown, so no news is said to lack one, as the defaults in
// their place would have it ("Ambushed" is the file's [custom] row).
func TestNewsOfWeightsThatDidNotRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "broken.toml"), []byte("[weights]\nSuppressed = -0.1\nHysteresis = 0.1\n[custom]\nAmbushed = -0.3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const events = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\nleader = true\n[[event]]\nt = 1.0\nevent = \"Ambushed\"\nsquad = \"a\"\n[[event]]\nt = 2.0\ndo = \"death\"\nsquad = \"a\"\n"
	for _, tc := range []struct{ name, weights, want string }{
		{"an error in the file", `weights = "broken.toml"`, `:1: weights: ` + filepath.Join(dir, "broken.toml") + `: line 3: weights.Hysteresis is a setting, not an event`},
		{"no such file", `weights = "nosuch.toml"`, `:1: weights: "` + filepath.Join(dir, "nosuch.toml") + `": no such file`},
		{"a number", `weights = 5`, `:1: weights: is an integer; it must be a string`},
		{"a control character", `weights = "..\new.toml"`, `:1: weights: "..\new.toml" holds a control character`},
	} {
		path := filepath.Join(dir, "s.toml")
		if err := os.WriteFile(path, []byte(tc.weights+"\n"+events), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := lab.LoadScenario(path)
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], path+tc.want) {
			t.Errorf("%s: got %q; want one error starting %q", tc.name, got, path+tc.want)
		}
	}
	// -weights' rows are known whatever the key: news without a row in
	// them is said beside the key's own error.
	w := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(w, []byte("[weights]\nSuppressed = -0.1\nAllyDown = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(path, []byte("weights = 5\n"+events), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := lab.LoadScenarioWith(path, w)
	want := path + ":1: weights: is an integer; it must be a string\n" + path + `:9: event[1].event: "Ambushed" has no row in the weights table of "` + w + `"`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("-weights: got %v; want %s…", err, want)
	}
}

// weights = "" names no file: the scenario plays the defaults, so news
// without a row in them is said, as when the key is absent.
func TestEmptyWeightsKeyJudgesTheDefaults(t *testing.T) {
	const events = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\n[[event]]\nt = 1.0\nevent = \"Ambushed\"\nsquad = \"a\"\n"
	for _, tc := range []struct{ name, weights string }{
		{"no key", ""},
		{"an empty key", "weights = \"\"\n"},
	} {
		_, err := lab.ParseScenario("s.toml", []byte(tc.weights+events))
		want := `event[1].event: "Ambushed" has no row in the default weights (the scenario names no weights file)`
		if got := fmt.Sprint(err); !strings.Contains(got, want) {
			t.Errorf("%s: got %q; want an error holding %q", tc.name, got, want)
		}
	}
}

// A scenario fitted with a first that names no weights file runs the
// defaults: news without a row in them is said in the words of a scenario
// that names none ("the default weights"), saying whose weights they are.
func TestNewsWithoutADefaultRowOfTheFirst(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "nw.toml"), filepath.Join(dir, "nwa.toml")
	const squad = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\n"
	if err := os.WriteFile(first, []byte(squad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(second, []byte(squad+"[[event]]\nt = 1.0\nevent = \"Ambushed\"\nsquad = \"a\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := lab.LoadScenario(first)
	if err != nil {
		t.Fatal(err)
	}
	_, err = lab.LoadScenarioLike(second, sc)
	want := second + `:7: event[1].event: "Ambushed" has no row in the default weights (the first scenario, whose weights this one runs, names no weights file), so it would be worth zero; name a weights file that has the row in the first (weights = "FILE"), or fix the name`
	if got := fmt.Sprint(err); got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

// Whatever reports the news, an [[event]], a reinforce or a death, a
// weights file without its row is one message, on one line: the name and
// the advice to fix it when the file names the news, else what reports it
// and the advice to add the row.
func TestNewsWithoutARow(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "w.toml")
	if err := os.WriteFile(w, []byte("[weights]\nSuppressed = -0.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const head = "duration = 30.0\n[[squad]]\nname = \"a\"\nsize = 2\nleader = true\nnames = [\"Sgt\", \"Pvt\"]\n[[event]]\nt = 1.0\n" // the event's header on line 7
	rows := `has no row in the weights table of "` + w + `" ([weights], or [custom] for your game's own events), so it would be worth zero; add `
	for _, tc := range []struct {
		name, event, want string
	}{
		{"an event's news", "squad = \"a\"\nevent = \"Sniped\"\n", `:10: event[1].event: "Sniped" ` + rows + "a row or fix the name"},
		{"a reinforce's news", "do = \"reinforce\"\nsquad = \"a\"\ncount = 1\nevent = \"Cavalry\"\n", `:12: event[1].event: "Cavalry" ` + rows + "a row or fix the name"},
		{"a reinforce's default news", "do = \"reinforce\"\nsquad = \"a\"\ncount = 1\n", `:7: event[1].event: "ReinforcementsArrived", the news a reinforce reports when it names no event, ` + rows + `the row, or name the news with event = "…"`},
		{"a death's news", "do = \"death\"\nagent = \"Pvt\"\n", `:9: event[1].do: "AllyDown", the news a death reports, ` + rows + "the row"},
		{"a leader's death's news", "do = \"death\"\nagent = \"Sgt\"\n", `:9: event[1].do: "LeaderDown", the news a death reports when it kills a leader, ` + rows + "the row"},
	} {
		path := filepath.Join(dir, "s.toml")
		if err := os.WriteFile(path, []byte(head+tc.event), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := lab.LoadScenarioWith(path, w)
		if got := fmt.Sprint(err); got != path+tc.want {
			t.Errorf("%s: got %q; want %q", tc.name, got, path+tc.want)
		}
	}
}

// Reports knows a death's news as the parser does: a named man's is
// AllyDown or LeaderDown, one among a squad's men either when the squad
// has a leader and more men, a reinforce's its event.
func TestScenarioReports(t *testing.T) {
	const head = `name = "t"
duration = 30.0
[[squad]]
name = "a"
size = 3
leader = true
names = ["Sgt", "Y"]
[[squad]]
name = "b"
size = 1
leader = true
`
	tests := []struct {
		name, events string
		want         []morale.Event
	}{
		{"a named man", "[[event]]\nt = 1.0\ndo = \"death\"\nagent = \"Y\"\n", []morale.Event{morale.AllyDown}},
		{"a named leader", "[[event]]\nt = 1.0\ndo = \"death\"\nagent = \"Sgt\"\n", []morale.Event{morale.LeaderDown}},
		{"a squad of its leader alone", "[[event]]\nt = 1.0\ndo = \"death\"\nsquad = \"b\"\n", []morale.Event{morale.LeaderDown}},
		{"a squad reinforced", "[[event]]\nt = 1.0\ndo = \"reinforce\"\nsquad = \"b\"\ncount = 2\n[[event]]\nt = 2.0\ndo = \"death\"\nsquad = \"b\"\n", []morale.Event{morale.AllyDown, morale.LeaderDown, morale.ReinforcementsArrived}},
		{"news", "[[event]]\nt = 1.0\nevent = \"Rest\"\nsquad = \"a\"\n", []morale.Event{morale.Rest}},
		{"a rally", "[[event]]\nt = 1.0\ndo = \"rally\"\nsquad = \"a\"\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := lab.ParseScenario("t.toml", []byte(head+tt.events))
			if err != nil {
				t.Fatal(err)
			}
			var got []morale.Event
			for _, e := range sc.Settings.Events() {
				if sc.Reports(e) {
					got = append(got, e)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("reports %q; want %q", got, tt.want)
			}
		})
	}
}

// A key of an [[event]] that its do does not read would do nothing: an
// error on its own line naming the key, the do and what the do reads. The
// keys each do reads are taken in silence.
func TestEventKeysTheDoIgnores(t *testing.T) {
	ev := func(lines ...string) string {
		return goodHead + "[[event]]\nt = 1.0\n" + strings.Join(lines, "\n") + "\n"
	}
	for _, tc := range []struct {
		name, body string
		want       string // the one error; "" for none
	}{
		{"scale on a death", ev(`do = "death"`, `agent = "X"`, `scale = 2`), `bad.toml:11: event[1].scale: a death takes no scale (it reports AllyDown, or LeaderDown for a leader, at the weights' value); remove it`},
		{"scale on a rally", ev(`do = "rally"`, `squad = "a"`, `scale = 2`), `bad.toml:11: event[1].scale: a rally takes no scale (it rallies its squad or agent outright and reports no news); remove it`},
		{"scale on a rout", ev(`do = "rout"`, `squad = "a"`, `scale = 2`), `bad.toml:11: event[1].scale: a rout takes no scale (it routs its squad or agent outright (ForceRout) and reports no news); remove it`},
		{"count on a rally", ev(`do = "rally"`, `squad = "a"`, `count = 2`), `bad.toml:11: event[1].count: a rally takes no count (it rallies every living man of its squad, or its agent); remove it`},
		{"count on a rout", ev(`do = "rout"`, `agent = "X"`, `count = 2`), `bad.toml:11: event[1].count: a rout takes no count (it routs every living man of its squad, or its agent); remove it`},
		{"count on news", ev(`event = "Suppressed"`, `squad = "a"`, `count = 2`), `bad.toml:11: event[1].count: news takes no count (the news reaches each man of its target once; scale says how much it weighs); remove it`},
		{"count on a named man's death", ev(`do = "death"`, `agent = "X"`, `count = 2`), `bad.toml:11: event[1].count: a death takes no count (agent names one man, who dies once; count is how many die among a squad or at a location); remove it`},
		{"radius on news without at", ev(`event = "Suppressed"`, `squad = "a"`, `radius = 500`), `bad.toml:11: event[1].radius: news without at takes no radius (it reaches each man of its squad, or its agent, in full; radius limits news at a location (at)); remove it`},
		{"radius on a death without at", ev(`do = "death"`, `squad = "a"`, `radius = 500`), `bad.toml:11: event[1].radius: a death without at takes no radius (it kills among its squad, or its agent, wherever they stand; radius limits news at a location (at)); remove it`},
		{"radius on a rally", ev(`do = "rally"`, `squad = "a"`, `radius = 500`), `bad.toml:11: event[1].radius: a rally takes no radius (it rallies its squad or agent wherever they stand); remove it`},
		{"spread on news without at", ev(`event = "Suppressed"`, `agent = "X"`, `spread = 50`), `bad.toml:11: event[1].spread: news without at takes no spread (it reaches each man of its squad, or its agent, in full; spread scatters the location, at); remove it`},
		{"spread on a reinforce without at", ev(`do = "reinforce"`, `squad = "a"`, `count = 2`, `spread = 50`), `bad.toml:12: event[1].spread: a reinforce without at takes no spread (its men arrive at the squad's place; spread scatters the location, at); remove it`},
		{"spread on a rout", ev(`do = "rout"`, `squad = "a"`, `spread = 50`), `bad.toml:11: event[1].spread: a rout takes no spread (it routs its squad or agent wherever they stand); remove it`},
		{"agent on a reinforce", ev(`do = "reinforce"`, `squad = "a"`, `count = 2`, `agent = "X"`), `bad.toml:12: event[1].agent: a reinforce takes no agent (reinforcements join squad, at at or the squad's place); remove it`},
		{"squad on news at a location", ev(`event = "Suppressed"`, `at = [0, 0]`, `squad = "a"`), `bad.toml:11: event[1].squad: news at a location (at) takes no squad (it reaches every man within reach of at; squads says which squads hear it); remove it`},
		{"agent on news at a location", ev(`event = "Suppressed"`, `at = [0, 0]`, `agent = "X"`), `bad.toml:11: event[1].agent: news at a location (at) takes no agent (it reaches every man within reach of at; squads says which squads hear it); remove it`},
		{"squad on news to a named man", ev(`event = "Suppressed"`, `agent = "X"`, `squad = "a"`), `bad.toml:11: event[1].squad: news to a named man (agent) takes no squad (it reaches him alone); remove it`},
		{"squad on a named man's rally", ev(`do = "rally"`, `agent = "X"`, `squad = "a"`), `bad.toml:11: event[1].squad: a rally of a named man (agent) takes no squad (it rallies him alone); remove it`},
		// What each do reads is taken in silence.
		{"news at a location", ev(`event = "Suppressed"`, `at = [0, 0]`, `radius = 500`, `spread = 50`, `squads = ["a"]`, `scale = 2`, `every = 2`, `until = 20`, `jitter = 0.5`), ""},
		{"news to a squad", ev(`event = "Suppressed"`, `squad = "a"`, `scale = 2`), ""},
		{"a death at a location", ev(`do = "death"`, `at = [0, 0]`, `radius = 500`, `spread = 50`, `count = 2`, `squads = ["a"]`), ""},
		{"a death among a squad", ev(`do = "death"`, `squad = "a"`, `count = 2`), ""},
		{"a reinforce", ev(`do = "reinforce"`, `squad = "a"`, `count = 2`, `at = [0, 0]`, `spread = 50`, `radius = 500`, `scale = 2`, `event = "Suppressed"`), ""},
		{"a reinforce at the squad's place", ev(`do = "reinforce"`, `squad = "a"`, `count = 2`, `radius = 500`), ""},
		// A value refused is said once, not again as unread.
		{"a refused count on a rally", ev(`do = "rally"`, `squad = "a"`, `count = "2"`), `bad.toml:11: event[1].count: is "2", a number in quotes; write it without the quotes: 2`},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		var want []string
		if tc.want != "" {
			want = []string{tc.want}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %q; want %q", tc.name, got, want)
		}
	}
}

// A key of the scenario's top level written below a table is TOML's key
// of that table: the error says so, and where it belongs. Any other
// unknown key is not a key, as before.
func TestTopKeysBelowATable(t *testing.T) {
	const hint = "is a key of the scenario: write it above the first table, as TOML puts every key after a header into that header's table"
	for _, tc := range []struct {
		name, body, want string
	}{
		{"duration below a squad", goodHead + "duration = 30\n", "bad.toml:7: squad[1].duration: is not a key of squad[1]; duration " + hint},
		{"runs below a squad", goodHead + "runs = 100\n", "bad.toml:7: squad[1].runs: is not a key of squad[1]; runs " + hint},
		{"weights below an event", goodHead + "[[event]]\nt = 1.0\nevent = \"Suppressed\"\nsquad = \"a\"\nweights = \"w.toml\"\n", "bad.toml:11: event[1].weights: is not a key of event[1]; weights " + hint},
		{"sample below an expect", goodHead + "[[expect]]\nmetric = \"routed\"\nshare = [0.0, 1.0]\nsample = 0.25\n", "bad.toml:10: expect[1].sample: is not a key of expect[1]; sample " + hint},
		{"name below an expect", goodHead + "[[expect]]\nmetric = \"routed\"\nshare = [0.0, 1.0]\nname = \"x\"\n", "bad.toml:10: expect[1].name: is not a key of expect[1]; name " + hint},
		{"cascade_window below the second squad", goodHead + "[[squad]]\nsize = 1\ncascade_window = 2\n", "bad.toml:9: squad[2].cascade_window: is not a key of squad[2]; cascade_window " + hint},
		{"description below a squad", goodHead + "description = \"x\"\n", "bad.toml:7: squad[1].description: is not a key of squad[1]; description " + hint},
		{"rebreak_window below a squad", goodHead + "rebreak_window = 5\n", "bad.toml:7: squad[1].rebreak_window: is not a key of squad[1]; rebreak_window " + hint},
		{"a key of no table", goodHead + "bogus = 1\n", "bad.toml:7: squad[1].bogus: is not a key of squad[1]"},
	} {
		_, err := lab.ParseScenario("bad.toml", []byte(tc.body))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if want := []string{tc.want}; !slices.Equal(got, want) {
			t.Errorf("%s: got %q; want %q", tc.name, got, want)
		}
	}
}

// A scenario read as a weights file (lab.LoadWeights: lint's file, -weights,
// a scenario's weights key) is said in one line, ErrNotWeights; a file with
// neither [[squad]] nor [[event]] is judged as a weights file.
func TestLoadWeightsOfAScenario(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		name, body string
		scenario   bool   // errors.Is ErrNotWeights
		want       string // the error
	}{
		{"squads", goodHead, true, "squads.toml looks like a scenario, not a weights file"},
		{"events only", "[[event]]\nt = 1\n", true, "events only.toml looks like a scenario, not a weights file"},
		{"a squad in a comment", "# [[squad]]\nHysteresis = \"x\"\n", false, "a squad in a comment.toml: line 2"},
		{"a broken weights file", "Hysteresis = \"x\"\n", false, "a broken weights file.toml: line 1"},
	} {
		path := write(tc.name+".toml", tc.body)
		_, _, err := lab.LoadWeights(path)
		if err == nil || errors.Is(err, lab.ErrNotWeights) != tc.scenario || !strings.HasPrefix(err.Error(), filepath.Join(dir, tc.want)) {
			t.Errorf("%s: got %v; want %q (ErrNotWeights %v)", tc.name, err, filepath.Join(dir, tc.want), tc.scenario)
		}
	}
	// A scenario's weights key naming a scenario: the one line, on its line.
	write("other.toml", goodHead)
	_, err := lab.ParseScenario(filepath.Join(dir, "s.toml"), []byte("weights = \"other.toml\"\n"+goodHead))
	if want := filepath.Join(dir, "s.toml") + ":1: weights: " + filepath.Join(dir, "other.toml") + " looks like a scenario, not a weights file"; err == nil || err.Error() != want {
		t.Errorf("weights naming a scenario: got %v; want %q", err, want)
	}
}

// A weights file given as a scenario is said in one line, and a weights
// file's keys in a scenario (a setting, [weights], [custom]) say where
// they belong.
func TestWeightsFileKeysInAScenario(t *testing.T) {
	const setting = " is a setting of a weights file: set it in the weights file the scenario's weights key names"
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"a weights file", "ShakenBelow = 0.6\n[weights]\nAllyDown = -0.2\n", []string{"w.toml: looks like a weights file, not a scenario: use moralesim lint w.toml, or name it in a scenario's weights key"}},
		{"a weights table alone", "[weights]\nAllyDown = -0.2\n", []string{"w.toml: looks like a weights file, not a scenario: use moralesim lint w.toml, or name it in a scenario's weights key"}},
		{"custom rows alone", "[custom]\nAmbush = -0.3\n", []string{"w.toml: looks like a weights file, not a scenario: use moralesim lint w.toml, or name it in a scenario's weights key"}},
		{"a setting at the top", "ShakenBelow = 0.5\n" + goodHead, []string{"w.toml:1: ShakenBelow: is not a key of a scenario (its keys: docs/balancing.md, The scenario format); ShakenBelow" + setting}},
		{"a setting in a squad", goodHead + "Hysteresis = 0.1\n", []string{"w.toml:7: squad[1].Hysteresis: is not a key of squad[1]; Hysteresis" + setting}},
		{"a weights table", goodHead + "[weights]\nAllyDown = -0.2\n", []string{`w.toml:7: weights: is a table: [weights], the events' weights, belongs in a weights file; write it there and name that file here, weights = "FILE"`}},
		{"a custom table", goodHead + "[custom]\nAmbush = -0.3\n", []string{"w.toml:7: custom: is not a key of a scenario (its keys: docs/balancing.md, The scenario format); [custom], your game's own events, belongs in a weights file: write it there and name that file in the weights key"}},
		// Neither a scenario nor a weights file: judged as a scenario.
		{"no squad, no setting", "duration = 5\n", []string{"w.toml: squad: the scenario has no [[squad]]; it needs at least one"}},
	} {
		_, err := lab.ParseScenario("w.toml", []byte(tc.body))
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q; want %q", tc.name, got, tc.want)
		}
	}
}
