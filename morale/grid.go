package morale

import (
	"math"
	"math/bits"
)

// grid is a uniform spatial hash of agent indices, so that an event at a
// location visits the agents near it, not every agent in the world. A cell
// that loses its last agent stays, empty, with its id and its list, so that
// agents moving back and forth between cells cost no map write and no
// allocation; the World rebuilds the grid when most cells are empty (see
// World.reclaim), so empty cells never outnumber occupied ones by much.
// Coordinates beyond the int32 range share the edge cell: a position far
// outside any map costs one cell, not memory in proportion to the distance.
type grid struct {
	size  float64           // cell edge in world units
	ids   map[cellKey]int32 // occupied cells
	lists [][]int32         // agent indices per cell id
	keys  []cellKey         // each cell id's key
	// cache stands in front of ids (see idOf), so that finding a cell
	// (an agent spawned, or crossing into a neighbour) costs no map lookup:
	// slot hash(k) holds key k and its id + 1, or 0 when empty. It holds
	// at least twice as many slots as there are cells, up to 1<<16.
	cache []cachedCell
	// boxes holds, per cell, a box just inside it: every position in the
	// box is in the cell (see boxOf), so a move within it needs no key.
	boxes []rect
	empty int // how many cells have an empty list
}

type cellKey struct{ x, y int32 }

// cachedCell is a slot of grid.cache: a key and its cell's id + 1, or 0.
type cachedCell struct {
	k  cellKey
	id int32
}

// agentCell is where an agent is in the grid: his cell's id (its key is
// grid.keys[id]) and his position in the cell's list.
type agentCell struct{ id, at int32 }

func newGrid(size float64) grid {
	return grid{size: size, ids: make(map[cellKey]int32), cache: make([]cachedCell, 64)}
}

// key returns the key of the cell of p: coord(p.X/size), coord(p.Y/size).
func (g *grid) key(p Vec2) cellKey {
	return cellKey{coord(p.X / g.size), coord(p.Y / g.size)}
}

func coord(v float64) int32 {
	return int32(max(math.MinInt32, min(math.Floor(v), math.MaxInt32)))
}

// place adds agent i at position p to its cell and returns where he is.
func (g *grid) place(p Vec2, i int32) agentCell {
	id := g.cellOf(g.key(p))
	return agentCell{id: id, at: g.insert(id, i)}
}

// cellOf returns the id of the cell of key k, creating it when asked, for an
// agent about to be inserted: a cell it returns is no longer counted empty.
func (g *grid) cellOf(k cellKey) int32 {
	if id, ok := g.idOf(k); ok {
		g.empty -= b2i(len(g.lists[id]) == 0)
		return id
	}
	id := int32(len(g.lists))
	if 2*len(g.lists) >= len(g.cache) && len(g.cache) < 1<<16 {
		g.cache = make([]cachedCell, 4*len(g.cache))
	}
	g.lists, g.keys, g.boxes = append(g.lists, nil), append(g.keys, k), append(g.boxes, boxOf(k, g.size))
	g.ids[k] = id
	return id
}

// idOf returns the id of the cell of key k and whether it has one, as ids
// does, through the cache (a cell keeps its id for the grid's life).
func (g *grid) idOf(k cellKey) (int32, bool) {
	c := g.slot(k)
	if c.id > 0 && c.k == k {
		return c.id - 1, true
	}
	id, ok := g.ids[k]
	if ok {
		c.k, c.id = k, id+1
	}
	return id, ok
}

// slot returns the cache's slot of key k.
func (g *grid) slot(k cellKey) *cachedCell {
	h := (uint64(uint32(k.x))<<32 | uint64(uint32(k.y))) * 0x9E3779B97F4A7C15
	return &g.cache[h>>bits.LeadingZeros64(uint64(len(g.cache)-1))] // its top bits
}

// neighbourBox returns the id of the neighbouring cell of from whose box
// holds p, when that neighbour is in the grid's cache, else −1 (also for
// NaN and ±Inf, which no box holds).
func (g *grid) neighbourBox(from int32, p Vec2) int32 {
	// Which neighbour's box p may be in: 0..8, west to east, south to
	// north, 4 (the cell itself) when within the box's extent on both
	// axes, or NaN.
	b := &g.boxes[from]
	d := 4
	if p.X < b.x0 {
		d--
	} else if p.X >= b.x1 {
		d++
	}
	if p.Y < b.y0 {
		d -= 3
	} else if p.Y >= b.y1 {
		d += 3
	}
	// The slot of the neighbour's key: whatever cell it holds, p is in
	// that cell if its box holds p.
	k := g.keys[from]
	c := g.slot(cellKey{k.x + int32(d%3-1), k.y + int32(d/3-1)})
	if d == 4 || c.id == 0 || !g.boxes[c.id-1].holds(p) {
		return -1
	}
	return c.id - 1
}

// rect is the half-open box x0 ≤ p.X < x1, y0 ≤ p.Y < y1.
type rect struct{ x0, y0, x1, y1 float64 }

// holds reports whether p lies in the box (never for NaN; never for ±Inf,
// the boxes of cells being finite).
func (b rect) holds(p Vec2) bool { return p.X >= b.x0 && p.X < b.x1 && p.Y >= b.y0 && p.Y < b.y1 }

// boxOf returns a box inside the cell of key k for cells of edge size: the
// cell shrunk by max(|k|, 1)·2^-46 cells on each side, far more than the
// roundings of the box's corners and of p/size (each under |k+1|·2^-53 of
// a cell), so that every p in the box has key k. The edge cells, where
// coord clamps, get an empty box.
func boxOf(k cellKey, size float64) rect {
	x0, x1 := boxAxis(k.x, size)
	y0, y1 := boxAxis(k.y, size)
	return rect{x0: x0, y0: y0, x1: x1, y1: y1}
}

func boxAxis(c int32, size float64) (lo, hi float64) {
	if c == math.MinInt32 || c == math.MaxInt32 {
		return math.Inf(1), math.Inf(-1)
	}
	k := float64(c)
	d := float64(max(math.Abs(k), 1) * 0x1p-46)
	return float64(k+d) * size, float64(k+1-d) * size
}

// insert adds agent i to cell c and returns its position in the cell's list.
func (g *grid) insert(c, i int32) int32 {
	g.lists[c] = append(g.lists[c], i)
	return int32(len(g.lists[c]) - 1)
}

// remove takes the entry at position at out of cell c (counted empty when
// it was the last) and returns the agent moved into that position, or -1.
func (g *grid) remove(c, at int32) int32 {
	l := g.lists[c]
	last := int32(len(l) - 1)
	moved := int32(-1)
	if at != last {
		moved, l[at] = l[last], l[last]
	}
	g.lists[c] = l[:last]
	g.empty += b2i(last == 0)
	return moved
}

// appendCells appends to dst the ids of the occupied cells that overlap the
// square of half-width r around p, but those whose squared gaps (see gap)
// exceed r2 by 2^-20 of it: no agent there is within r2 of p. When the
// square's cells would outnumber the occupied ones it returns all = true
// instead: walk every cell.
func (g *grid) appendCells(dst []int32, p Vec2, r, r2 float64) (cells []int32, all bool) {
	lo := g.key(Vec2{p.X - r, p.Y - r})
	hi := g.key(Vec2{p.X + r, p.Y + r})
	span := (float64(hi.x) - float64(lo.x) + 1) * (float64(hi.y) - float64(lo.y) + 1)
	if span > float64(len(g.ids)) {
		return dst, true
	}
	for y := int64(lo.y); y <= int64(hi.y); y++ { // int64: hi may be MaxInt32
		gy := g.gap(int32(y), p.Y)
		for x := int64(lo.x); x <= int64(hi.x); x++ {
			if id, ok := g.idOf(cellKey{int32(x), int32(y)}); ok && len(g.lists[id]) > 0 {
				if gx := g.gap(int32(x), p.X); !(float64(gx*gx)+float64(gy*gy) > float64(r2*(1+0x1p-20))) {
					dst = append(dst, id)
				}
			}
		}
	}
	return dst, false
}

// gap returns a lower bound of the distance along one axis from v to the
// positions of coordinate c: [c·size, (c+1)·size) widened by 2^-40 of the
// magnitudes, far more than every rounding; 0 for the edge cells (infinite).
func (g *grid) gap(c int32, v float64) float64 {
	if c == math.MinInt32 || c == math.MaxInt32 {
		return 0
	}
	lo, hi := float64(float64(c)*g.size), float64(float64(c+1)*g.size)
	e := float64((math.Abs(lo) + math.Abs(hi) + math.Abs(v)) * 0x1p-40)
	return max(float64(lo-e)-v, v-float64(hi+e), 0)
}
