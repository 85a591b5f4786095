package morale

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// A weights file's values in a designer's words: what a key = value line
// holds that is not a number (a word, text, yes or no, a date, NaN, an
// infinity, nothing at all), said as written, with what to write instead
// ("is abc; write a number such as 0.6"), and a number too large to hold.
// decodeLine and parseSettings call these for the problems ReadSettings
// reports.

// decodeProblem says, in a designer's words, why the decoder could not read
// the key = value line sk, err being its error: a number too large to hold,
// or whatever unreadable finds.
func decodeProblem(sk scannedKey, err error) string {
	msg := err.Error()
	var pe toml.ParseError
	if errors.As(err, &pe) {
		msg = pe.Message
	}
	if v, ok := strings.CutSuffix(msg, " is out of range for float64"); ok {
		return fmt.Sprintf("is %s, a number too large to hold (a float64 reaches about ±1.8e308)", truncate(v, quoteMax))
	}
	if v, ok := strings.CutSuffix(msg, " is out of range for int64"); ok {
		return fmt.Sprintf("is %s, a whole number too large to hold (at most ±%d; write it with a decimal point)",
			truncate(v, quoteMax), int64(math.MaxInt64))
	}
	return unreadable(sk)
}

// unreadable says, in a designer's words, what is wrong with a key = value
// line the decoder cannot read: a quoted name it cannot read, no value, or
// a value that is no number, with an example of one.
func unreadable(sk scannedKey) string {
	if k, _, msg := cutKey(sk.text); msg == "" && (k[0] == '"' || k[0] == '\'') {
		var raw map[string]any
		if _, err := toml.Decode(k+" = 0", &raw); err != nil {
			return `is a name in quotes that cannot be read; write it without the quotes ` +
				`(inside "quotes" a \ starts an escape: \\ is a backslash, \" a quote)`
		}
	}
	v := sk.value
	ex := exampleNumber(sk.table, lineKey(sk.text))
	if v == "" {
		return "has no value; write a number such as " + ex
	}
	if point := strings.Replace(v, ",", ".", 1); strings.Count(v, ",") == 1 && readsAsNumber(point) {
		return fmt.Sprintf("is %s; write the number with a point, not a comma: %s", shown(v), point)
	}
	return fmt.Sprintf("is %s; write a number such as %s", shown(v), ex)
}

// notANumber says what a value of another type than a number is, in a
// designer's words, and what to write instead.
func notANumber(e entry) string {
	ex := exampleNumber(e.table, e.key)
	switch e.typ {
	case "String":
		if s, _ := e.value.(string); readsAsNumber(strings.TrimSpace(s)) {
			return fmt.Sprintf("is %s, a number in quotes; write it without the quotes: %s", shown(e.text), strings.TrimSpace(s))
		}
		return fmt.Sprintf("is %s, which is text; write a number such as %s", shown(e.text), ex)
	case "Bool":
		return fmt.Sprintf("is %s, which is yes or no; write a number such as %s", shown(e.text), ex)
	case "Datetime":
		return fmt.Sprintf("is %s, which is a date or a time; write a number such as %s", shown(e.text), ex)
	}
	return fmt.Sprintf("is %s; write a number such as %s", shown(e.text), ex)
}

// notFinite says what a value that reads as NaN or an infinity is, in a
// designer's words, and what to write instead.
func notFinite(e entry, f float64) string {
	what := "infinite"
	if math.IsNaN(f) {
		what = "not a number"
	}
	return fmt.Sprintf("is %s, which is %s; write a number such as %s", shown(e.text), what, exampleNumber(e.table, e.key))
}

// readsAsNumber reports whether s, written as a value, reads as a finite
// number.
func readsAsNumber(s string) bool {
	var raw map[string]any
	if _, err := toml.Decode("v = "+s, &raw); err != nil {
		return false
	}
	switch v := raw["v"].(type) {
	case float64:
		return finite(v)
	case int64:
		return true
	}
	return false
}

// exampleNumber returns a number to show a designer what key in table
// wants: the default of the setting or built-in event it names, else a
// typical fraction or weight.
func exampleNumber(table, key string) string {
	d := DefaultSettings()
	if table == "" {
		for _, p := range Params() {
			if p.Name == key {
				return strconv.FormatFloat(p.Get(d), 'g', -1, 64)
			}
		}
	}
	if w, ok := d.Weights[Event(key)]; ok && Event(key).BuiltIn() {
		return strconv.FormatFloat(w, 'g', -1, 64)
	}
	if table == "" {
		return "0.5"
	}
	return "-0.1"
}

// shown returns a value as written for an error message: cut to quoteMax
// runes, and quoted when it holds anything that does not print.
func shown(v string) string {
	printable := utf8.ValidString(v) && !strings.ContainsFunc(v, func(r rune) bool {
		return !unicode.IsPrint(r) && r != ' '
	})
	if !printable {
		return quote(v)
	}
	return truncate(v, quoteMax)
}
