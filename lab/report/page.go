package report

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"html/template"
	"slices"
	"strings"
)

// Page is a self-contained HTML report under construction: a title, a lead
// paragraph, then sections of paragraphs, tables and figures, and footnotes,
// in the order they were added. Every text is escaped; every figure is
// embedded as a data URI, so the page opens offline and can be attached to
// a design document. The same calls give the same bytes.
type Page struct {
	title, lead string
	blocks      []block
	footnotes   []string
	command     []string // MadeBy's words
}

// block is one part of a page: exactly one of its fields is set.
type block struct {
	Heading string
	Para    string
	Note    string
	Table   *tableData
	Figures []figureData
}

type tableData struct {
	Table
	Head []cell
	Rows []rowData
}

type rowData struct {
	Class string
	Cells []cell
}

// cell is a table cell; Num aligns it right; Words, when set, is a command
// shown in monospace, broken only between its words.
type cell struct {
	Text  string
	Num   bool
	Words []string
}

// Table is an HTML table: an id (for tests and links, "" for none), a
// caption that says what it holds and over how many fights, a header row
// and the rows. The first Text columns (at least one) are text, aligned
// left; the others are numbers, aligned right. The columns listed in Code
// hold commands: monospace, left, and broken only between words (a line
// never ends inside "-out").
type Table struct {
	ID, Caption string
	Text        int
	Code        []int
	Head        []string
	Rows        []Row
}

// Row is one table row; Class ("pass", "fail", "dim" or "") colours it.
type Row struct {
	Class string
	Cells []string
}

// Figure is one plot: the file name it is written to in a result folder
// (fan.png), a caption that says what it shows and for how many fights, and
// its PNG bytes.
type Figure struct {
	Name, Caption string
	PNG           []byte
}

type figureData struct {
	Figure
	URI template.URL
}

// commandWords splits a command into the pieces a line may break between:
// its words, a flag kept with its value ("-run 17").
func commandWords(c string) []string {
	var out []string
	for _, w := range strings.Fields(c) {
		if n := len(out); n > 0 && strings.HasPrefix(out[n-1], "-") && !strings.Contains(out[n-1], " ") && !strings.HasPrefix(w, "-") {
			out[n-1] += " " + w
			continue
		}
		out = append(out, w)
	}
	return out
}

// pageTitle starts every page's title (page.html's <title>), which tells
// moralesim's own report from any other page.
const pageTitle = "<title>MoraleBreak report: "

// IsPage reports whether head, a file's first kilobyte, is the start of a
// page this package renders: after a byte order mark and blanks,
// <!doctype html> (in any case), and its title within the kilobyte. A
// hand-written page, whatever its doctype, is none.
func IsPage(head []byte) bool {
	const doctype = "<!doctype html>"
	s := strings.TrimLeft(strings.TrimPrefix(string(head), "\ufeff"), " \t\r\n")
	return len(s) >= len(doctype) && strings.EqualFold(s[:len(doctype)], doctype) && strings.Contains(s, pageTitle)
}

// NewPage starts a page titled "MoraleBreak report: title", with lead (the
// scenario's description, say; "" for none) under the heading.
func NewPage(title, lead string) *Page { return &Page{title: title, lead: lead} }

// Section starts a section headed heading.
func (p *Page) Section(heading string) { p.blocks = append(p.blocks, block{Heading: heading}) }

// Para adds a paragraph of text.
func (p *Page) Para(text string) { p.blocks = append(p.blocks, block{Para: text}) }

// Note adds a paragraph set off as a reading aid ("how to read this").
func (p *Page) Note(text string) { p.blocks = append(p.blocks, block{Note: text}) }

// Table adds t.
func (p *Page) Table(t Table) {
	d := &tableData{Table: t}
	cells := func(cs []string, head bool) []cell {
		out := make([]cell, len(cs))
		for i, c := range cs {
			out[i] = cell{Text: c, Num: i >= max(1, t.Text)}
			if slices.Contains(t.Code, i) {
				out[i].Num = false
				if !head {
					out[i].Words = commandWords(c)
				}
			}
		}
		return out
	}
	d.Head = cells(t.Head, true)
	for _, r := range t.Rows {
		d.Rows = append(d.Rows, rowData{Class: r.Class, Cells: cells(r.Cells, false)})
	}
	p.blocks = append(p.blocks, block{Table: d})
}

// Figure adds f with its caption, the PNG embedded.
func (p *Page) Figure(f Figure) { p.Figures(f) }

// Figures adds figures side by side, as many to a line as fit.
func (p *Page) Figures(fs ...Figure) {
	var b block
	for _, f := range fs {
		uri := template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(f.PNG))
		b.Figures = append(b.Figures, figureData{Figure: f, URI: uri})
	}
	p.blocks = append(p.blocks, b)
}

// Footnote adds a line to the page's foot (hashes, provenance).
func (p *Page) Footnote(text string) { p.footnotes = append(p.footnotes, text) }

// MadeBy ends the page's foot with "Made by:" and the command that made it,
// as typed, its words (a flag with its value) each kept whole on its line.
func (p *Page) MadeBy(command string) { p.command = commandWords(command) }

// HTML renders the page.
func (p *Page) HTML() ([]byte, error) {
	var b bytes.Buffer
	err := pageTmpl.Execute(&b, struct {
		Title, Lead string
		Blocks      []block
		Footnotes   []string
		Command     []string
	}{p.title, p.lead, p.blocks, p.footnotes, p.command})
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// pageTmpl is every report page (page.html): a self-contained document,
// its style inline.
//
//go:embed page.html
var pageHTML string

var pageTmpl = template.Must(template.New("page").Parse(pageHTML))
