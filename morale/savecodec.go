package morale

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The savegame's byte codec: little-endian fixed-width numbers, varints, and
// length-prefixed strings, the same bytes on every CPU. The writer appends;
// the reader keeps the first error and then reads zeros, so that a decoder
// reads a whole section and checks once.

// saveWriter appends a savegame's bytes.
type saveWriter struct{ b []byte }

func (e *saveWriter) u8(v uint8)       { e.b = append(e.b, v) }
func (e *saveWriter) u64(v uint64)     { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *saveWriter) f64(v float64)    { e.u64(math.Float64bits(v)) }
func (e *saveWriter) uvarint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *saveWriter) varint(v int64)   { e.b = binary.AppendVarint(e.b, v) }
func (e *saveWriter) bool(v bool)      { e.u8(uint8(b2i(v))) }
func (e *saveWriter) bytes(v []byte)   { e.uvarint(uint64(len(v))); e.b = append(e.b, v...) }
func (e *saveWriter) str(v string)     { e.uvarint(uint64(len(v))); e.b = append(e.b, v...) }

// saveReader reads a savegame's bytes. err is the first problem met; once it
// is set every read returns zero.
type saveReader struct {
	b   []byte
	off int
	err error
	// what names the section being read, for the error.
	what string
	// version is the savegame's format version.
	version uint32
}

// errSaveShort is the cause of every read past the end.
var errSaveShort = errors.New("the data ends early")

func (d *saveReader) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%s: %s (byte %d)", d.what, fmt.Sprintf(format, args...), d.off)
	}
}

func (d *saveReader) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b)-d.off {
		d.err = fmt.Errorf("%s: %w (byte %d, %d more wanted)", d.what, errSaveShort, d.off, n)
		return nil
	}
	p := d.b[d.off : d.off+n]
	d.off += n
	return p
}

func (d *saveReader) u8() uint8 {
	if p := d.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (d *saveReader) u64() uint64 {
	if p := d.take(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

func (d *saveReader) f64() float64 { return math.Float64frombits(d.u64()) }

func (d *saveReader) bool() bool {
	v := d.u8()
	if v > 1 {
		d.fail("a flag holds %d, not 0 or 1", v)
	}
	return v == 1
}

func (d *saveReader) uvarint() uint64 { return readVarint(d, binary.Uvarint) }

func (d *saveReader) varint() int64 { return readVarint(d, binary.Varint) }

// readVarint reads a varint with read (binary.Uvarint or binary.Varint).
func readVarint[T uint64 | int64](d *saveReader, read func([]byte) (T, int)) T {
	if d.err != nil {
		return 0
	}
	v, n := read(d.b[d.off:])
	if n <= 0 {
		d.fail("a number is cut short or too long")
		return 0
	}
	d.off += n
	return v
}

// count reads a count of items each at least min bytes long, and fails
// unless that many could still follow: a hostile count never allocates
// beyond the input's size.
func (d *saveReader) count(min int, of string) int {
	v := d.uvarint()
	if d.err == nil && v > uint64(len(d.b)-d.off)/uint64(min) {
		d.fail("%d %s cannot fit in the %d bytes left", v, of, len(d.b)-d.off)
		return 0
	}
	return int(v)
}

func (d *saveReader) bytes() []byte { return d.take(d.count(1, "bytes")) }

func (d *saveReader) str() string { return string(d.bytes()) }

// reason returns v, a reason id read, failing with format (of agent i and
// the id) when it is not below limit, the ids the World knows.
func (d *saveReader) reason(v uint64, limit reasonID, format string, i int) reasonID {
	id := reasonID(min(v, math.MaxUint32))
	if id >= limit {
		d.fail(format, i, id)
	}
	return id
}
