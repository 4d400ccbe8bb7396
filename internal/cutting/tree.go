package cutting

// The search keeps each board's pattern as a guillotine tree in an arena (a slice of nodes
// linked by index), so that copying a layout is one slice copy.
//
// An internal node has an axis: its kids lie side by side along that axis, packed from the
// node's origin with one kerf between neighbours, and each kid spans the node's full extent
// across the axis. A kid is either an item (a leaf of exactly the item's size) or an internal
// node of the other axis. Free space is implicit: the remainder of each internal node after
// its last kid. Kids can be permuted freely, so a removal simply compacts the remainder.

const nilNode int32 = -1

const (
	deadNode int32 = -2 // item value of a node on the free list
	inner    int32 = -1 // item value of an internal node
)

type node struct {
	parent, first, last, next, prev int32
	item                            int32
	nk                              int32
	axis                            uint8
	depth                           uint8
	w, h                            int64
	sum                             int64 // sum of the kids' extents along axis
}

type layout struct {
	typ      int
	root     int32
	nodes    []node
	free     []int32
	itemArea int64
	nItems   int
}

// ext is the extent of n along axis a.
func (n *node) ext(a uint8) int64 {
	if a == 0 {
		return n.w
	}
	return n.h
}

func (n *node) along() int64 { return n.ext(n.axis) }
func (n *node) cross() int64 { return n.ext(1 - n.axis) }

// avail is the extent a new kid may take along the axis.
func (n *node) avail(kerf int64) int64 { return n.along() - n.sum - kerf*int64(n.nk) }

func newLayout(typ int, w, h int64, axis uint8) *layout {
	l := &layout{typ: typ, nodes: make([]node, 0, 16)}
	l.root = l.alloc(node{item: inner, axis: axis, w: w, h: h})
	return l
}

func (l *layout) clone() *layout {
	c := *l
	c.nodes = append(make([]node, 0, len(l.nodes)+8), l.nodes...)
	c.free = append([]int32(nil), l.free...)
	return &c
}

func (l *layout) alloc(n node) int32 {
	n.parent, n.first, n.last, n.next, n.prev = nilNode, nilNode, nilNode, nilNode, nilNode
	if k := len(l.free); k > 0 {
		i := l.free[k-1]
		l.free = l.free[:k-1]
		l.nodes[i] = n
		return i
	}
	l.nodes = append(l.nodes, n)
	return int32(len(l.nodes) - 1)
}

func (l *layout) release(i int32) {
	l.nodes[i] = node{item: deadNode, parent: nilNode, first: nilNode, last: nilNode, next: nilNode, prev: nilNode}
	l.free = append(l.free, i)
}

// appendKid links c as the last kid of p.
func (l *layout) appendKid(p, c int32) {
	pn, cn := &l.nodes[p], &l.nodes[c]
	cn.parent = p
	cn.depth = pn.depth + 1
	cn.prev = pn.last
	cn.next = nilNode
	if pn.last != nilNode {
		l.nodes[pn.last].next = c
	} else {
		pn.first = c
	}
	pn.last = c
	pn.nk++
	pn.sum += cn.ext(pn.axis)
}

// unlink detaches c from its parent.
func (l *layout) unlink(c int32) {
	cn := &l.nodes[c]
	p := cn.parent
	pn := &l.nodes[p]
	if cn.prev != nilNode {
		l.nodes[cn.prev].next = cn.next
	} else {
		pn.first = cn.next
	}
	if cn.next != nilNode {
		l.nodes[cn.next].prev = cn.prev
	} else {
		pn.last = cn.prev
	}
	pn.nk--
	pn.sum -= cn.ext(pn.axis)
	cn.parent, cn.next, cn.prev = nilNode, nilNode, nilNode
}

// Insertion kinds into the remainder of an internal node n (a = item extent along n's axis,
// b = across, C = n's cross extent, R = n's remainder):
//   - kindA: a slice of extent a; the item fills it if b == C, else the slice is a node of
//     the other axis holding the item (free space a x (C-b) stays in the slice).
//   - kindB: a slice taking all of R, of the other axis, holding a node of n's axis of cross
//     extent b that holds the item (free space (R-a) x b and R x (C-b)).
const (
	kindA uint8 = iota
	kindB
)

// insert places item it (size iw x ih as placed) into node n with the given kind and
// returns the leaf.
func (l *layout) insert(n int32, kind uint8, it int32, iw, ih int64, kerf int64) int32 {
	nd := l.nodes[n]
	ax := nd.axis
	C := nd.cross()
	b := ih
	if ax == 1 {
		b = iw
	}
	leaf := l.alloc(node{item: it, w: iw, h: ih})
	switch {
	case kind == kindA && b == C:
		l.appendKid(n, leaf)
	case kind == kindA:
		a := iw
		if ax == 1 {
			a = ih
		}
		s := l.alloc(sized(1-ax, ax, a, C))
		l.appendKid(n, s)
		l.appendKid(s, leaf)
	default:
		R := nd.avail(kerf)
		s := l.alloc(sized(1-ax, ax, R, C))
		l.appendKid(n, s)
		t := l.alloc(sized(ax, 1-ax, b, R))
		l.appendKid(s, t)
		l.appendKid(t, leaf)
	}
	l.itemArea += iw * ih
	l.nItems++
	return leaf
}

// sized returns an internal node of the given axis whose extent along axis e is ev and
// along the other axis is ov.
func sized(axis, e uint8, ev, ov int64) node {
	n := node{item: inner, axis: axis}
	if e == 0 {
		n.w, n.h = ev, ov
	} else {
		n.w, n.h = ov, ev
	}
	return n
}

// remove takes leaf x out and cleans up emptied or redundant ancestors.
func (l *layout) remove(x int32) {
	xn := l.nodes[x]
	l.itemArea -= xn.w * xn.h
	l.nItems--
	p := xn.parent
	l.unlink(x)
	l.release(x)
	for p != l.root && l.nodes[p].nk == 0 {
		g := l.nodes[p].parent
		l.unlink(p)
		l.release(p)
		p = g
	}
	l.normalize(p)
}

// normalize removes a redundant level at p: when p (not the root) has a single kid that
// spans p entirely, the kid's own kids (or the kid itself, for an item) take p's place in
// p's parent, two stages higher.
func (l *layout) normalize(p int32) {
	if p == l.root {
		return
	}
	pn := l.nodes[p]
	if pn.nk != 1 {
		return
	}
	c := pn.first
	cn := l.nodes[c]
	if cn.ext(pn.axis) != pn.along() {
		return
	}
	g := pn.parent
	if cn.item >= 0 {
		// the item fills p: it replaces p in g.
		l.replace(p, []int32{c})
		return
	}
	// c has the axis of g: its kids move into g.
	var kids []int32
	for k := cn.first; k != nilNode; k = l.nodes[k].next {
		kids = append(kids, k)
	}
	l.unlink(c)
	for _, k := range kids {
		l.unlink(k)
	}
	l.release(c)
	l.replaceWith(p, g, kids)
}

// replace swaps p for its single kid list in p's parent.
func (l *layout) replace(p int32, kids []int32) {
	g := l.nodes[p].parent
	for _, k := range kids {
		l.unlink(k)
	}
	l.replaceWith(p, g, kids)
}

func (l *layout) replaceWith(p, g int32, kids []int32) {
	l.unlink(p)
	l.release(p)
	for _, k := range kids {
		l.appendKid(g, k)
		l.fixDepth(k)
	}
}

func (l *layout) fixDepth(n int32) {
	d := l.nodes[n].depth
	for k := l.nodes[n].first; k != nilNode; k = l.nodes[k].next {
		l.nodes[k].depth = d + 1
		l.fixDepth(k)
	}
}

// leaves appends the leaf indices under n.
func (l *layout) leaves(n int32, out []int32) []int32 {
	if l.nodes[n].item >= 0 {
		return append(out, n)
	}
	for k := l.nodes[n].first; k != nilNode; k = l.nodes[k].next {
		out = l.leaves(k, out)
	}
	return out
}
