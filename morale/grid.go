package morale

import "math"

// grid is a uniform spatial hash of agent indices, so that an event at a
// location visits the agents near it, not every agent in the world.
// A cell that loses its last agent stays, empty, with its id and its list,
// so that agents moving back and forth between cells cost no map write and
// no allocation; the World rebuilds the grid when most cells are empty (see
// World.reclaim), so empty cells never outnumber occupied ones by much. Coordinates
// beyond the int32 range share the edge cell, so a position far outside any
// map costs one cell, not memory in proportion to the distance.
type grid struct {
	size  float64           // cell edge in world units
	ids   map[cellKey]int32 // occupied cells
	lists [][]int32         // agent indices per cell id
	keys  []cellKey         // each cell id's key
	empty int               // how many cells have an empty list
}

type cellKey struct{ x, y int32 }

// agentCell is where an agent is in the grid: his cell's key and id, and his
// position in the cell's list.
type agentCell struct {
	key cellKey
	id  int32
	at  int32
}

func newGrid(size float64) grid {
	return grid{size: size, ids: make(map[cellKey]int32)}
}

func (g *grid) key(p Vec2) cellKey {
	return cellKey{coord(p.X / g.size), coord(p.Y / g.size)}
}

func coord(v float64) int32 {
	v = math.Floor(v)
	switch {
	case v < math.MinInt32:
		return math.MinInt32
	case v > math.MaxInt32:
		return math.MaxInt32
	}
	return int32(v)
}

// place adds agent i at position p to its cell and returns where he is.
func (g *grid) place(p Vec2, i int32) agentCell {
	return g.placeKey(g.key(p), i)
}

// placeKey adds agent i to the cell of key k and returns where he is.
func (g *grid) placeKey(k cellKey, i int32) agentCell {
	id := g.cellOf(k)
	return agentCell{key: k, id: id, at: g.insert(id, i)}
}

// cellOf returns the id of the cell of key k, creating it when asked, for an
// agent about to be inserted: a cell it returns is no longer counted empty.
func (g *grid) cellOf(k cellKey) int32 {
	id, ok := g.ids[k]
	if ok {
		if len(g.lists[id]) == 0 {
			g.empty--
		}
		return id
	}
	id = int32(len(g.lists))
	g.lists = append(g.lists, nil)
	g.keys = append(g.keys, k)
	g.ids[k] = id
	return id
}

// insert adds agent i to cell c and returns its position in the cell's list.
func (g *grid) insert(c, i int32) int32 {
	g.lists[c] = append(g.lists[c], i)
	return int32(len(g.lists[c]) - 1)
}

// remove takes the entry at position at out of cell c, counting the cell
// empty when it was the last. It returns the agent that moved into that position, or -1
// when none did.
func (g *grid) remove(c, at int32) int32 {
	l := g.lists[c]
	last := int32(len(l) - 1)
	moved := int32(-1)
	if at != last {
		moved = l[last]
		l[at] = moved
	}
	g.lists[c] = l[:last]
	if last == 0 {
		g.empty++
	}
	return moved
}

// appendCells appends to dst the ids of the occupied cells that overlap the
// square of half-width r around p. When those cells would outnumber the
// occupied ones it returns all = true instead: walk every cell.
func (g *grid) appendCells(dst []int32, p Vec2, r float64) (cells []int32, all bool) {
	lo := g.key(Vec2{p.X - r, p.Y - r})
	hi := g.key(Vec2{p.X + r, p.Y + r})
	span := (float64(hi.x) - float64(lo.x) + 1) * (float64(hi.y) - float64(lo.y) + 1)
	if span > float64(len(g.ids)) {
		return dst, true
	}
	for y := lo.y; ; y++ {
		for x := lo.x; ; x++ {
			if id, ok := g.ids[cellKey{x, y}]; ok && len(g.lists[id]) > 0 {
				dst = append(dst, id)
			}
			if x == hi.x {
				break
			}
		}
		if y == hi.y {
			break
		}
	}
	return dst, false
}
