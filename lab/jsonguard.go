package lab

import (
	"context"
	"fmt"
	"io"
)

// maxJSONValue is the most bytes one value of a shard file may span: a run,
// a header field or a sweep point. The longest a run can be, 13 series
// (all men and 12 squads) of 10,001 morale samples and 1,000 squads, is
// about 4 MB (TestLongestRunFitsTheGuard).
const maxJSONValue = 8 << 20

// jsonGuard passes a JSON document through from r and fails the read, before
// the decoder has buffered more, as soon as one value nested in the top-level
// object, or one element of an array directly in it, spans more than
// maxJSONValue bytes. The decoder reads a whole value before decoding it, so
// this bounds what a hostile file can make it hold to that and its read-ahead.
type jsonGuard struct {
	ctx   context.Context // a cancel fails the next read
	r     io.Reader
	off   int64 // bytes passed through
	mark  int64 // where the current value at depth ≤ 2 began
	depth int
	inStr bool
	esc   bool
}

func newJSONGuard(ctx context.Context, r io.Reader) *jsonGuard { return &jsonGuard{ctx: ctx, r: r} }

func (g *jsonGuard) Read(p []byte) (int, error) {
	if err := g.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		c := p[i]
		switch {
		case g.inStr:
			switch {
			case g.esc:
				g.esc = false
			case c == '\\':
				g.esc = true
			case c == '"':
				g.inStr = false
			}
		case c == '"':
			g.inStr = true
		case c == '{' || c == '[':
			g.depth++
			if g.depth <= 2 {
				g.mark = g.off + int64(i)
			}
		case c == '}' || c == ']':
			g.depth--
			if g.depth <= 1 {
				g.mark = g.off + int64(i)
			}
		case c == ',' || c == ':':
			if g.depth <= 2 {
				g.mark = g.off + int64(i)
			}
		}
		if g.off+int64(i)-g.mark > maxJSONValue {
			g.off += int64(i)
			return i, fmt.Errorf("a value spans more than %d bytes at byte %d; no value of a result file is that long", maxJSONValue, g.off)
		}
	}
	g.off += int64(n)
	return n, err
}
