package morale

import (
	"reflect"
	"slices"
	"unsafe"
)

// agentColumns is the World's per-agent data: one column per field, each
// holding a value per agent in the World's order (agent i's morale is
// Morale[i]). A field added here is a per-agent array everywhere at once:
// Spawn appends a value to it (a field it misses fails
// TestColumnsFollowTheAgents), and Remove, the sort, Clone and the memory
// count treat it as every other column. Its fields are exported so that
// columns (reflect) can list them; the type is not.
type agentColumns struct {
	Handle     col[*Agent]
	Morale     col[float64]   // 0..1
	Nerve      col[float64]   // 0..1
	Flags      col[uint8]     // flagLeader, flagNoContagion
	Squad      col[int32]     // his squad's slot in World.squads
	Pos        col[Vec2]      // his position
	StateSince col[int64]     // the tick of his last state change, or never
	BadNews    col[int64]     // the tick of his last bad news, or never
	Cell       col[agentCell] // where he is in the grid
	Tag        col[uint64]    // the game's own id for him (WithTag, SetTag)
	State      col[State]
	Why        col[whys] // the reasons of the last news, rally or SetMorale each way
}

// spawnSet is how many of the World's columns (World.cols) Spawn pushes
// values to itself: all of agentColumns' fields. It grows the rest (the
// ledger's, the changes') by a zero value (TestColumnsFollowTheAgents).
const spawnSet = 12

// column is what the World does with every per-agent array alike.
type column interface {
	// grow appends a zero value, a new agent at the end, as append grows.
	grow()
	// reserve makes room for n more values, changing no length or value.
	reserve(n int)
	// remove moves the value of the last agent, last, to agent i and
	// drops the last place (Remove).
	remove(i, last int)
	// permute puts the value of agent lo+k at place lo+to[k], for every
	// k, scattered into a spare in *spares and copied back: one []uint64
	// seen as a []T for the types listed, which hold no pointers the GC
	// would miss there (TestSharedSpareHoldsNoPointers), else a []T.
	permute(lo int, to []int32, spares *[]any)
	// own replaces the array by a copy of it, after a copy of the World.
	own()
	// bytes returns the memory the array holds, in bytes.
	bytes() int
}

// col is a column of values of type T.
type col[T any] []T

func (c *col[T]) grow() { var zero T; *c = append(*c, zero) }

// push appends v to c, growing c's room fourfold when full: a spawn of n
// copies n/3..4n/3 values a column, not n..2n as doubling (Reserve: none).
func push[T any](c *col[T], v T) {
	if len(*c) == cap(*c) {
		c.reserve(3*len(*c) + 64)
	}
	*c = append(*c, v)
}

func (c *col[T]) reserve(n int) {
	if cap(*c)-len(*c) < n { // make, unlike append, writes no page of a fresh array
		*c = append(make([]T, 0, len(*c)+n), *c...)
	}
}

func (c *col[T]) remove(i, last int) {
	s := *c
	var zero T
	s[i], s[last] = s[last], zero
	*c = s[:last]
}

func (c *col[T]) permute(lo int, to []int32, spares *[]any) {
	var tmp []T
	switch any((*T)(nil)).(type) {
	case *float64, *int64, *uint64, *int32, *uint8, *State, *whys, *Vec2, *agentCell, *changeSlots:
		words := spare[uint64](spares, (len(to)*int(unsafe.Sizeof(*new(T)))+7)/8)
		tmp = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(words))), len(to))
	default:
		tmp = spare[T](spares, len(to))
	}
	a := (*c)[lo : lo+len(to)]
	for k, j := range to {
		tmp[j] = a[k]
	}
	copy(a, tmp)
}

// spare returns *spares' []E, made (and kept there) at least n long, cut to n.
func spare[E any](spares *[]any, n int) []E {
	k := slices.IndexFunc(*spares, func(s any) bool { _, ok := s.([]E); return ok })
	if k < 0 {
		k, *spares = len(*spares), append(*spares, []E(nil))
	}
	if len((*spares)[k].([]E)) < n {
		(*spares)[k] = make([]E, n)
	}
	return (*spares)[k].([]E)[:n]
}

func (c *col[T]) own() { *c = slices.Clone(*c) }

func (c *col[T]) bytes() int { return cap(*c) * int(reflect.TypeFor[T]().Size()) }

// columns returns the columns of c, in the order of its fields.
func (c *agentColumns) columns() []column {
	v := reflect.ValueOf(c).Elem()
	out := make([]column, v.NumField())
	for k := range out {
		out[k] = v.Field(k).Addr().Interface().(column)
	}
	return out
}

// columnBytes returns the memory the World's per-agent columns hold, in
// bytes (their capacity, not only their length).
func (w *World) columnBytes() int {
	n := 0
	for _, k := range w.cols {
		n += k.bytes()
	}
	return n
}
