package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/moralebreak/moralebreak/internal/safefile"
	"github.com/moralebreak/moralebreak/internal/words"
)

// Outputs are the files of one result folder: each name's writer, which
// renders the file onto the stream it is given, so that the large ones
// (runs.json, runs.csv) go to disk as they are encoded instead of being held
// in memory. Nothing is written before Write.
type Outputs map[string]func(io.Writer) error

// Bytes returns the writer of a file whose contents are data, for Outputs.
func Bytes(data []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}
}

// Render returns the contents of the file name of o, rendered in memory (for
// tests and small files); false when o has no such file.
func (o Outputs) Render(name string) ([]byte, bool, error) {
	write, ok := o[name]
	if !ok {
		return nil, false, nil
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return nil, true, err
	}
	return b.Bytes(), true, nil
}

// Write replaces the folder dir with a folder of exactly o's files, and
// writes each of extra (a path → its contents: the HTML report), all or
// nothing: everything is written to temporary files and a temporary folder
// beside the targets first, and only when all of it succeeded do renames put
// it in place, so that a failure (or a cancelled ctx) leaves every earlier
// file and folder as it was.
//
// An existing dir is replaced only when it holds nothing but result files
// (regular files named *.json, *.csv, *.png, *.html, *.toml or *.txt) and
// one of them marks a result (resultFolder): a folder with anything else in
// it (a subfolder, a source file), or with no mark (scenarios and weights
// files alone), is refused, so that a mistyped -out never deletes a user's
// work. An extra file must be a
// regular file, a symlink to one, or new; one inside dir must lie directly in
// it, and is written into the new folder.
func (o Outputs) Write(ctx context.Context, dir string, extra map[string][]byte) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	var b safefile.Batch
	defer func() {
		if err != nil {
			err = errors.Join(err, b.Abort())
		}
	}()
	tmp, err := b.Dir(dir, keepResult)
	if err != nil {
		return err
	}
	if err := resultFolder(dir); err != nil {
		return err
	}
	files := maps.Clone(o)
	if files == nil {
		files = Outputs{}
	}
	for _, p := range slices.Sorted(maps.Keys(extra)) {
		rel, inside, err := within(dir, p)
		if err != nil {
			return err
		}
		if !inside {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := b.File(p, Bytes(extra[p])); err != nil {
				return err
			}
			continue
		}
		if strings.ContainsRune(rel, filepath.Separator) || !keepName(rel) {
			return fmt.Errorf("%s: a file written into the result folder %s must lie directly in it and be named *.html, *.json, …", p, dir)
		}
		if _, dup := files[rel]; dup {
			return fmt.Errorf("%s: is %s's own %s; pick another name", p, dir, rel)
		}
		files[rel] = Bytes(extra[p])
	}
	for _, n := range slices.Sorted(maps.Keys(files)) {
		if err := ctx.Err(); err != nil {
			return err
		}
		write := files[n]
		if err := safefile.CreateNew(filepath.Join(tmp, n), func(w io.Writer) error { return write(ctxWriter{ctx, w}) }); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.Commit()
}

// CheckOut refuses dir, before any work, where Write would refuse it: a
// file that is not a folder (a regular file, a FIFO), or an existing
// folder holding anything but result files (keepResult), or none of the
// files that mark a result (resultFolder), so that -out naming a
// designer's file or folder is bad input said with the flags, not after
// every fight ran. A path that is not there is left to Write (which checks
// again).
func CheckOut(dir string) error {
	if dir == "" {
		return nil
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.IsDir():
		// Write's refusal in its words: Batch.Dir refuses a path that is
		// there and not a folder before it creates or changes anything
		// (should the file go meanwhile, what it staged is removed).
		var b safefile.Batch
		if _, err := b.Dir(dir, keepResult); err != nil {
			return err
		}
		return b.Abort()
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !keepResult(e.Name(), e) {
			return fmt.Errorf("%s: holds %s, which this program did not write; not replaced (pick a new or empty folder)", dir, safefile.Quote(e.Name()))
		}
	}
	return resultFolder(dir)
}

// ctxWriter is w failing with ctx's error once ctx is done, so that a file of
// gigabytes stops being written within a moment of a cancel.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// within reports whether p lies inside the folder dir, and its path there.
func within(dir, p string) (string, bool, error) {
	ad, err := filepath.Abs(dir)
	if err != nil {
		return "", false, err
	}
	ap, err := filepath.Abs(p)
	if err != nil {
		return "", false, err
	}
	rel, err := filepath.Rel(ad, ap)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false, nil
	}
	if rel == "." {
		return "", false, fmt.Errorf("%s: is the result folder itself", p)
	}
	return rel, true, nil
}

// resultFolder refuses dir, an existing folder that holds only files of
// the kinds a result has (keepResult), when it holds none of the files one
// of moralesim's result folders always holds (run, merge and game:
// summary.json or a shard's runs.json; a sweep, a sensitivity, a fit: their
// own) as moralesim writes it (isMark): not a result moralesim wrote, but a
// designer's own folder of scenarios and weights files (*.toml), which
// -out scenarios replaced with the results; a hand-made fit.json holding
// {} marks nothing. An empty folder, or none, is fine.
func resultFolder(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && len(entries) == 0 {
		return nil // none: Dir made sure that dir is a folder, or nothing
	}
	if err != nil {
		return err
	}
	marks := []string{"summary.json", "runs.json", "sweep.json", "sensitivity.json", "fit.json"}
	fake := ""
	for _, e := range entries {
		if !slices.Contains(marks, e.Name()) {
			continue
		}
		ok := false
		if e.Type().IsRegular() {
			if ok, err = isMark(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
		if ok {
			return nil
		}
		if fake == "" {
			fake = e.Name()
		}
	}
	if fake != "" {
		return fmt.Errorf("%s: holds %s, which is not what moralesim writes there, and none of the files a result folder holds (%s, as moralesim writes them), so this program did not write it; not replaced (pick a new or empty folder)", dir, safefile.Quote(fake), strings.Join(marks, ", "))
	}
	return fmt.Errorf("%s: holds %s and none of the files a result folder holds (%s, as moralesim writes them), so this program did not write it; not replaced (pick a new or empty folder)", dir, safefile.Quote(entries[0].Name()), strings.Join(marks, ", "))
}

// isMark reports whether the file at path starts as moralesim writes each
// of a result's marks: a JSON object whose first key is "scenario" (the
// scenario's name: summary.json, sweep.json, sensitivity.json, fit.json),
// or "header" holding it first (runs.json). Only the file's first bytes
// are read; whitespace between the tokens is skipped.
func isMark(path string) (bool, error) {
	head, err := safefile.Head(path, 256, "result")
	if err != nil {
		return false, err
	}
	compact := strings.Map(func(c rune) rune {
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			return -1
		}
		return c
	}, string(head))
	return strings.HasPrefix(compact, `{"scenario":"`) || strings.HasPrefix(compact, `{"header":{"scenario":"`), nil
}

// keepResult accepts the entries of a result folder Write may replace.
func keepResult(rel string, d fs.DirEntry) bool {
	return !strings.Contains(rel, "/") && d.Type().IsRegular() && keepName(rel)
}

func keepName(name string) bool {
	switch path.Ext(name) {
	case ".json", ".csv", ".png", ".html", ".toml", ".txt":
		return true
	}
	return false
}

// WriteFileAtomic writes data to path through a temporary file beside it,
// renamed over path, so that no reader and no interruption ever sees half a
// file. It replaces only a regular file or a symlink to one (the link is
// kept): a device, a FIFO, a socket or a folder at path is an error before
// anything is written. On failure nothing is left behind.
func WriteFileAtomic(path string, data []byte) error {
	return safefile.WriteFile(path, data)
}

// maxOutName is the longest folder name OutDir derives from a name, in bytes.
const maxOutName = 64

// OutDir returns the default result folder of a scenario named name:
// out/NAME, with NAME made safe on every system. Letters, digits, '-', '_'
// and '.' are kept; every other character (a space, a path separator, a
// control character, any of <>:"/\|?*) becomes '_'; a run of dots and
// underscores becomes one '_' and leading and trailing ones go (so ".." and
// hidden names cannot arise); a name
// Windows reserves (CON, PRN, AUX, NUL, COM1–9, LPT1–9, with any extension)
// gets a leading '_'; it is cut to 64 bytes; and an empty result is
// "scenario". suffix ("-sensitivity") is appended after that. The result
// always lies inside out/.
func OutDir(name, suffix string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '-' || r == '_' || r == '.' || (unicode.IsLetter(r) || unicode.IsDigit(r)) && (r < utf8.RuneSelf || unicode.IsPrint(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := strings.Trim(safefile.Cut(strings.Trim(dotRuns.ReplaceAllString(b.String(), "_"), "._"), maxOutName), "._")
	if s == "" {
		s = "scenario"
	}
	if reservedName(s) {
		s = "_" + s
	}
	return filepath.Join("out", s+suffix)
}

// dotRuns are the runs of two or more dots and underscores OutDir squeezes
// into one underscore, so that no ".." is left ("v1.2" keeps its dot).
var dotRuns = regexp.MustCompile(`[._]{2,}`)

// reservedName reports whether s, before its first dot, is a device name
// Windows reserves in every folder.
func reservedName(s string) bool {
	base, _, _ := strings.Cut(s, ".")
	switch u := strings.ToUpper(base); u {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	default:
		if len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '0' && u[3] <= '9' {
			return true
		}
		// COM¹ … LPT³: the superscript digits count too.
		for _, p := range []string{"COM", "LPT"} {
			if rest, ok := strings.CutPrefix(u, p); ok && (rest == "¹" || rest == "²" || rest == "³") {
				return true
			}
		}
	}
	return false
}

// Plural returns n and noun, with an s unless n is 1: "1 key", "2 keys",
// "0 candidates".
func Plural(n int, noun string) string { return words.Count(n, noun, noun+"s") }
