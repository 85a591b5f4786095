// Package md holds what the doc tools share about Markdown: the ids GitHub
// gives headings (Anchor), and generated blocks, the lines between
// "<!-- NAME -->" and "<!-- /NAME -->", each marker on a line of its own.
// The performance page's generator writes such a block into
// docs/performance.md and the README; the doc check compares them.
package md

import (
	"fmt"
	"strings"
	"unicode"
)

// Anchor returns the id GitHub gives a heading's text: lower case, each
// space a hyphen, every character but letters, digits, '-' and '_' dropped
// (so "Several cores (`World.SetWorkers`)" is "several-cores-worldsetworkers").
// A repeated heading's id gets "-1", "-2", … appended, which the caller
// counts.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Begin returns the opening marker line of the block called name.
func Begin(name string) string { return "<!-- " + name + " -->" }

// End returns the closing marker line of the block called name.
func End(name string) string { return "<!-- /" + name + " -->" }

// FindBlock returns the text between the markers of block name in doc (without
// the marker lines, each line ending in "\n"), and whether the block is
// there. A block whose markers are missing, repeated or out of order is an
// error naming the marker and its line.
func FindBlock(doc, name string) (string, bool, error) {
	begin, end, err := locate(doc, name)
	if err != nil || begin < 0 {
		return "", false, err
	}
	return doc[begin:end], true, nil
}

// ReplaceBlock returns doc with the text of block name set to content (which
// should end in a newline). The block must be present.
func ReplaceBlock(doc, name, content string) (string, error) {
	begin, end, err := locate(doc, name)
	if err != nil {
		return "", err
	}
	if begin < 0 {
		return "", fmt.Errorf("no %q line", Begin(name))
	}
	if content != "" && !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	return doc[:begin] + content + doc[end:], nil
}

// WrapBlock returns content between the markers of block name, ready to be
// written into a new document.
func WrapBlock(name, content string) string {
	if content != "" && !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	return Begin(name) + "\n" + content + End(name) + "\n"
}

// locate returns the byte offsets of the block's text: from the start of the
// line after the begin marker to the start of the end marker's line; -1, -1
// when neither marker is in doc.
func locate(doc, name string) (int, int, error) {
	b, e := Begin(name), End(name)
	begin, end := -1, -1
	off := 0
	for i, line := range strings.SplitAfter(doc, "\n") {
		switch strings.TrimRight(line, "\r\n") {
		case b:
			if begin >= 0 {
				return 0, 0, fmt.Errorf("line %d: a second %q", i+1, b)
			}
			begin = off + len(line)
		case e:
			if begin < 0 {
				return 0, 0, fmt.Errorf("line %d: %q before %q", i+1, e, b)
			}
			if end >= 0 {
				return 0, 0, fmt.Errorf("line %d: a second %q", i+1, e)
			}
			end = off
		}
		off += len(line)
	}
	switch {
	case begin < 0:
		return -1, -1, nil
	case end < 0:
		return 0, 0, fmt.Errorf("%q has no %q after it", b, e)
	}
	return begin, end, nil
}
