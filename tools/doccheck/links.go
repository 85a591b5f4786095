package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/moralebreak/moralebreak/tools/md"
)

// doc is one Markdown file: its lines with code spans and fenced blocks
// blanked out (so that nothing in code counts as a link or a heading), and
// the anchors its headings and <a id> tags define.
type doc struct {
	path    string   // from the repository root, with slashes
	raw     []string // the lines as written
	text    []string // the lines outside code
	anchors map[string]bool
}

// problem is one finding: a file, a line (0 when none) and what is wrong.
type problem struct {
	file string
	line int
	msg  string
}

func (p problem) String() string {
	if p.line == 0 {
		return p.file + ": " + p.msg
	}
	return fmt.Sprintf("%s:%d: %s", p.file, p.line, p.msg)
}

var (
	headingLine = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	htmlAnchor  = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	// inlineLink matches the "](target)" of [text](target) and
	// ![alt](target), with an optional "title".
	inlineLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)`)
	refDef     = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
	// linkInHeading is [text](target) in a heading, whose anchor has the text.
	linkInHeading = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// readDoc reads the Markdown file at root/path.
func readDoc(root, path string) (*doc, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
	if err != nil {
		return nil, err
	}
	d := &doc{path: path, anchors: map[string]bool{}}
	d.raw = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	fence := ""
	seen := map[string]int{}
	for _, line := range d.raw {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			d.text = append(d.text, "")
			continue
		}
		if f := fenceOpen(trimmed); f != "" && len(line)-len(trimmed) <= 3 {
			fence = f
			d.text = append(d.text, "")
			continue
		}
		text := blankCodeSpans(line)
		d.text = append(d.text, text)
		if m := headingLine.FindStringSubmatch(text); m != nil {
			// The anchor is made from the heading as GitHub shows it: code
			// spans keep their text, links their label.
			h := linkInHeading.ReplaceAllString(headingLine.FindStringSubmatch(line)[2], "$1")
			a := md.Anchor(h)
			if n := seen[a]; n > 0 {
				d.anchors[fmt.Sprintf("%s-%d", a, n)] = true
			} else {
				d.anchors[a] = true
			}
			seen[a]++
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(text, -1) {
			d.anchors[m[1]] = true
		}
	}
	return d, nil
}

// fenceOpen returns the fence (``` or ~~~, at least three) that opens a
// code block on this line, or "".
func fenceOpen(line string) string {
	for _, c := range []string{"`", "~"} {
		n := len(line) - len(strings.TrimLeft(line, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// blankCodeSpans returns line with the content of every code span (a run of
// backticks up to the next run of as many) replaced by spaces.
func blankCodeSpans(line string) string {
	b := []byte(line)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		end := -1
		for j := i + n; j < len(b); {
			if b[j] != '`' {
				j++
				continue
			}
			m := 0
			for j+m < len(b) && b[j+m] == '`' {
				m++
			}
			if m == n {
				end = j
				break
			}
			j += m
		}
		if end < 0 {
			i += n
			continue
		}
		for k := i + n; k < end; k++ {
			b[k] = ' '
		}
		i = end + n
	}
	return string(b)
}

// link is one link target and the line it is on.
type link struct {
	line   int
	target string
}

// links returns every link of d: inline links and images, and reference
// definitions.
func (d *doc) links() []link {
	var out []link
	for i, line := range d.text {
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, link{i + 1, m[1]})
		}
		if m := refDef.FindStringSubmatch(line); m != nil {
			out = append(out, link{i + 1, m[1]})
		}
	}
	return out
}

var lineAnchor = regexp.MustCompile(`^L\d+(-L\d+)?$`)

// checkLinks returns a problem for every link of every doc that points
// nowhere: a relative path that does not exist or leaves the repository,
// an #anchor that no heading of the target Markdown file defines, or an
// absolute path. Web links are not followed.
func checkLinks(root string, docs map[string]*doc) []problem {
	var out []problem
	for _, path := range sortedKeys(docs) {
		d := docs[path]
		for _, l := range d.links() {
			if msg := checkLink(root, d, l.target, docs); msg != "" {
				out = append(out, problem{d.path, l.line, fmt.Sprintf("link %q: %s", l.target, msg)})
			}
		}
	}
	return out
}

func checkLink(root string, d *doc, target string, docs map[string]*doc) string {
	if target == "" {
		return "empty"
	}
	if u, err := url.Parse(target); err == nil && u.Scheme != "" {
		return "" // http, https, mailto: not followed
	}
	pathPart, frag, _ := strings.Cut(target, "#")
	p, err := url.PathUnescape(pathPart)
	if err != nil {
		return err.Error()
	}
	if strings.HasPrefix(p, "/") {
		return "an absolute path; write it relative to " + d.path
	}
	dest := d.path
	if p != "" {
		dest = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(d.path), p)))
		if dest == ".." || strings.HasPrefix(dest, "../") {
			return "leaves the repository"
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
			return "no such file or directory"
		}
	}
	if frag == "" {
		return ""
	}
	if !strings.HasSuffix(dest, ".md") {
		if lineAnchor.MatchString(frag) {
			return ""
		}
		return "an anchor into a file that is not Markdown"
	}
	t := docs[dest]
	if t == nil {
		var err error
		if t, err = readDoc(root, dest); err != nil {
			return err.Error()
		}
	}
	if !t.anchors[frag] {
		return fmt.Sprintf("%s has no heading #%s", dest, frag)
	}
	return ""
}
