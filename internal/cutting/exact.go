package cutting

import (
	"math/bits"
	"slices"
)

// The exact packer settles small groups: with one unlimited board type and at most
// exactItems part copies, it finds the fewest boards that can hold the parts under every
// rule of the search's trees (guillotine, kerf, trim, grain, stages, first-cut direction), or
// gives up when its work budget runs out.
//
// It works on sets of items as bit masks. For a set B, an axis a and a stage budget s,
// shapes(B, a, s) is the Pareto set of node sizes (along, cross) for a node of axis a holding
// exactly B: its kids lie along a, so along is the sum of their extents plus one kerf between
// neighbours, and cross is the largest cross extent any kid needs (the node is cut to that
// size by its parent, so a larger cross extent never helps). A kid is an item, a leaf when its
// cross extent equals the node's and otherwise trimmed in a node of its own one stage deeper
// (possible when s ≥ 2), or a node of the other axis holding two or more items, whose along
// extent fits the node's cross extent and whose cross extent adds to the node's along sum. With
// one stage, a node is a row of items of equal cross extent. A board holds B when a shape of
// an allowed root axis fits its trimmed size (with one stage, exactly across). The fewest
// boards follow by a cover over the sets that fit one board.

// exactMaxItems is the largest group the exact packer takes (3^12 subset pairs per axis and
// stage budget), exactMaxItems2 with two stages, where a node is a row of equal parts and the
// shape sets stay small. Its work budget decides in the end.
const (
	exactMaxItems  = 12
	exactMaxItems2 = 14
)

// exactItems is the largest set of part copies the exact packer takes for p.
func exactItems(p *problem) int {
	if p.stages == 2 {
		return exactMaxItems2
	}
	return exactMaxItems
}

// The exact packer's work budget: half of the group's work budget, and at least
// exactMinBudget units (a small group's budget can be tiny); what it spends is taken from the
// search's budget. A shape combination costs exactOpWork units, so that a unit of the exact
// packer takes about as long as one of the search (workRate per second).
const (
	exactShare     = 2
	exactMinBudget = 2_000_000
	exactOpWork    = 5
	// mergeShare: a group the exact packer does not settle keeps 1/mergeShare of its
	// budget for mergeBoards.
	mergeShare = 8
	// mergeMaxItems: only groups of at most this many part copies are merged (small
	// lists, where boards hold few parts).
	mergeMaxItems = 40
)

type shape struct {
	along, cross int64
	// how it was made: the first kid's items, which shape of the kid (an item's orientation
	// for a single item, else an index into the kid node's shapes), and the rest's shape.
	kid      uint32
	kidShape int32
	rest     int32
}

// memoTable holds the shapes of every mask for one (kind, axis, stage budget).
type memoTable struct {
	done   []bool
	shapes [][]shape
}

type exactPacker struct {
	p      *problem
	items  []int32     // bit i = items[i]
	W, H   int64       // usable board size
	stages int         // 0 = unlimited
	memo   []memoTable // by slot(kind, axis, s)
	area   []int64     // area of each mask, filled lazily
	work   int64
	budget int64
	out    bool // budget exhausted
}

func newExactPacker(p *problem, items []int32, budget int64) *exactPacker {
	t := p.types[0]
	e := &exactPacker{p: p, items: items, W: t.w, H: t.h, stages: p.stages, budget: budget}
	e.memo = make([]memoTable, 2*2*(max(e.stages, 0)+1))
	e.area = make([]int64, 1<<len(items))
	for m := 1; m < len(e.area); m++ {
		i := bits.TrailingZeros32(uint32(m))
		e.area[m] = e.area[m&(m-1)] + p.area[items[i]]
	}
	return e
}

// ext returns the board's extent along axis a.
func (e *exactPacker) ext(a uint8) int64 {
	if a == 0 {
		return e.W
	}
	return e.H
}

// orient returns item bit i's (along, cross) for a node of axis a, unrotated (o = 0) or
// rotated (o = 1), and whether that orientation exists.
func (e *exactPacker) orient(i int, a uint8, o int) (int64, int64, bool) {
	it := e.items[i]
	w, h := e.p.w[it], e.p.h[it]
	if o == 1 {
		if !e.p.rot[it] || w == h {
			return 0, 0, false
		}
		w, h = h, w
	}
	if a == 0 {
		return w, h, true
	}
	return h, w, true
}

// table returns the memo of kind 0 (shapes) or 1 (sequences of a proper subset).
func (e *exactPacker) table(kind int, a uint8, s uint8) *memoTable {
	t := &e.memo[(kind*2+int(a))*(max(e.stages, 0)+1)+int(s)]
	if t.done == nil {
		t.done = make([]bool, 1<<len(e.items))
		t.shapes = make([][]shape, 1<<len(e.items))
	}
	return t
}

func subStage(s uint8) uint8 {
	if s == 0 {
		return 0
	}
	return s - 1
}

// shapes returns the Pareto set of node shapes of axis a holding mask with stage budget s
// (nil when none fits the board or the budget ran out).
func (e *exactPacker) shapes(mask uint32, a uint8, s uint8) []shape {
	t := e.table(0, a, s)
	if t.done[mask] {
		return t.shapes[mask]
	}
	var out []shape
	switch {
	case e.out || e.area[mask] > e.W*e.H:
	case s == 1:
		out = e.rows(mask, a)
	default:
		out = e.sequences(mask, mask, a, s)
	}
	t.done[mask], t.shapes[mask] = true, out
	return out
}

// rows is shapes with one stage: every item a leaf of the same cross extent.
func (e *exactPacker) rows(mask uint32, a uint8) []shape {
	var cands []int64
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		for o := range 2 {
			if _, c, ok := e.orient(i, a, o); ok {
				cands = append(cands, c)
			}
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	var out []shape
	for _, c := range cands {
		var along int64
		n := 0
		ok := true
		for m := mask; m != 0 && ok; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			ok = false
			for o := range 2 {
				if u, cc, ok2 := e.orient(i, a, o); ok2 && cc == c {
					along += u
					ok = true
					break
				}
			}
			n++
		}
		e.work += exactOpWork
		if ok {
			along += e.p.kerf * int64(n-1)
			if along <= e.ext(a) && c <= e.ext(1-a) {
				out = append(out, shape{along: along, cross: c})
			}
		}
	}
	return pareto(out)
}

// sequences returns the shapes of the kids holding rest inside a node of axis a holding
// whole (stage budget s ≥ 2 or unlimited): the Pareto set over the first kid (the one with
// rest's lowest item) and the shapes of what remains. The along extent counts one kerf per
// kid after the first.
func (e *exactPacker) sequences(whole, rest uint32, a uint8, s uint8) []shape {
	if rest == 0 {
		return []shape{{along: -e.p.kerf}}
	}
	var t *memoTable
	if rest != whole {
		t = e.table(1, a, s)
		if t.done[rest] {
			return t.shapes[rest]
		}
	}
	low := rest & -rest
	others := rest &^ low
	maxAlong, maxCross := e.ext(a), e.ext(1-a)
	var cands []shape
	// every kid holding the lowest item: low plus a subset of the others
	for sub := others; ; sub = (sub - 1) & others {
		kid := low | sub
		if e.work > e.budget {
			e.out = true
			break
		}
		if kid == whole && s == 0 && bits.OnesCount32(kid) > 1 {
			// unlimited stages: a node with a single node kid is that kid seen from the other
			// axis, which the caller tries as well.
			if sub == 0 {
				break
			}
			continue
		}
		tail := e.sequences(whole, rest&^kid, a, s)
		if len(tail) > 0 {
			var kids []shape // (along, cross) of the kid in this node's axes
			if kid == low {
				i := bits.TrailingZeros32(kid)
				for o := range 2 {
					if u, c, ok := e.orient(i, a, o); ok {
						kids = append(kids, shape{along: u, cross: c, kidShape: int32(o)})
					}
				}
			} else {
				for j, sh := range e.shapes(kid, 1-a, subStage(s)) {
					kids = append(kids, shape{along: sh.cross, cross: sh.along, kidShape: int32(j)})
				}
			}
			for _, kd := range kids {
				for ti, t := range tail {
					e.work += exactOpWork
					al := t.along + e.p.kerf + kd.along
					cr := max(t.cross, kd.cross)
					if al > maxAlong || cr > maxCross {
						continue
					}
					cands = append(cands, shape{along: al, cross: cr, kid: kid, kidShape: kd.kidShape, rest: int32(ti)})
				}
			}
		}
		if sub == 0 {
			break
		}
	}
	out := pareto(cands)
	if t != nil {
		t.done[rest], t.shapes[rest] = true, out
	}
	return out
}

// pareto keeps the shapes no other shape beats in both extents (ties: the first).
func pareto(c []shape) []shape {
	slices.SortStableFunc(c, func(x, y shape) int {
		if x.along != y.along {
			return int(x.along - y.along)
		}
		return int(x.cross - y.cross)
	})
	out := c[:0]
	for _, s := range c {
		if len(out) == 0 || s.cross < out[len(out)-1].cross {
			out = append(out, s)
		}
	}
	return slices.Clip(out)
}

// rootPlan says how a board holds a set: the root's axis, the shape set used (of axis a, or
// of the other axis as the root's single strip), and the shape's index.
type rootPlan struct {
	ok     bool
	axis   uint8
	single bool // the shape is of axis 1-axis: one strip holding everything
	idx    int
}

// fits reports whether one board can hold mask, and how.
func (e *exactPacker) fits(mask uint32) rootPlan {
	s := uint8(e.stages)
	if e.stages > 255 {
		s = 0
	}
	for _, a := range e.p.axes {
		L, C := e.ext(a), e.ext(1-a)
		for i, sh := range e.shapes(mask, a, s) {
			if sh.along <= L && sh.cross <= C && (s != 1 || sh.cross == C) {
				return rootPlan{ok: true, axis: a, idx: i}
			}
		}
		if s == 0 && bits.OnesCount32(mask) > 1 {
			// the root's one strip across the board (unlimited stages only; with a limit the
			// shapes of axis a include it)
			for i, sh := range e.shapes(mask, 1-a, 0) {
				if sh.along <= C && sh.cross <= L {
					return rootPlan{ok: true, axis: a, single: true, idx: i}
				}
			}
		}
	}
	return rootPlan{}
}

// minBoards returns the fewest boards holding all items, at most limit (the sets per board),
// or nil when more than limit boards are needed or the budget ran out.
func (e *exactPacker) minBoards(lb, limit int) []uint32 {
	n := len(e.items)
	full := uint32(1)<<n - 1
	plans := make([]rootPlan, 1<<n)
	done := make([]bool, 1<<n)
	fit := func(m uint32) bool {
		if !done[m] {
			done[m] = true
			plans[m] = e.fits(m)
		}
		return plans[m].ok
	}
	for k := max(lb, 1); k <= limit; k++ {
		var parts []uint32
		var cover func(rest uint32, left int) bool
		cover = func(rest uint32, left int) bool {
			if rest == 0 {
				return true
			}
			if left == 0 || e.area[rest] > int64(left)*e.W*e.H || e.out {
				return false
			}
			low := rest & -rest
			others := rest &^ low
			// larger sets first: a full board is the likelier piece of a cover
			for sub := others; ; sub = (sub - 1) & others {
				m := low | sub
				if e.work++; e.work > e.budget {
					e.out = true
				}
				if e.area[rest&^m] <= int64(left-1)*e.W*e.H && fit(m) {
					parts = append(parts, m)
					if cover(rest&^m, left-1) {
						return true
					}
					parts = parts[:len(parts)-1]
				}
				if sub == 0 || e.out {
					break
				}
			}
			return false
		}
		if cover(full, k) {
			return parts
		}
		if e.out {
			return nil
		}
	}
	return nil
}

// layout builds the board holding mask.
func (e *exactPacker) layout(mask uint32) *layout {
	rp := e.fits(mask)
	s := uint8(e.stages)
	if e.stages > 255 {
		s = 0
	}
	a := rp.axis
	l := newLayout(0, e.W, e.H, a)
	if rp.single {
		sh := e.shapes(mask, 1-a, 0)[rp.idx]
		k := l.alloc(sized(1-a, a, sh.cross, e.ext(1-a)))
		l.appendKid(l.root, k)
		e.build(l, k, mask, 1-a, 0, rp.idx)
		return l
	}
	e.build(l, l.root, mask, a, s, rp.idx)
	return l
}

// build fills node n (axis a, holding mask with budget s) from shape idx.
func (e *exactPacker) build(l *layout, n int32, mask uint32, a uint8, s uint8, idx int) {
	if s == 1 {
		c := e.shapes(mask, a, 1)[idx].cross
		for m := mask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m)
			for o := range 2 {
				if _, cc, ok := e.orient(i, a, o); ok && cc == c {
					e.leaf(l, n, i, a, o)
					break
				}
			}
		}
		return
	}
	sh := e.shapes(mask, a, s)[idx]
	rest := mask
	for rest != 0 {
		if bits.OnesCount32(sh.kid) == 1 {
			e.leaf(l, n, bits.TrailingZeros32(sh.kid), a, int(sh.kidShape))
		} else {
			ks := e.shapes(sh.kid, 1-a, subStage(s))[sh.kidShape]
			k := l.alloc(sized(1-a, a, ks.cross, l.nodes[n].cross()))
			l.appendKid(n, k)
			e.build(l, k, sh.kid, 1-a, subStage(s), int(sh.kidShape))
		}
		rest &^= sh.kid
		if rest == 0 {
			break
		}
		sh = e.sequences(mask, rest, a, s)[sh.rest]
	}
}

// leaf puts item bit i in orientation o into node n of axis a: as a kid when it spans the
// node's cross extent, else trimmed in a node of its own.
func (e *exactPacker) leaf(l *layout, n int32, i int, a uint8, o int) {
	it := e.items[i]
	w, h := e.p.w[it], e.p.h[it]
	if o == 1 {
		w, h = h, w
	}
	u, c, _ := e.orient(i, a, o)
	leaf := l.alloc(node{item: it, w: w, h: h})
	if c == l.nodes[n].cross() {
		l.appendKid(n, leaf)
	} else {
		k := l.alloc(sized(1-a, a, u, l.nodes[n].cross()))
		l.appendKid(n, k)
		l.appendKid(k, leaf)
	}
	l.itemArea += w * h
	l.nItems++
}

// exactSolve returns a solution with the fewest boards between lb and limit when the group
// is small enough and the budget allows, else nil, and the work spent.
func exactSolve(p *problem, limit int, budget int64) (*solution, int64) {
	if !p.singleType || len(p.w) > exactItems(p) || len(p.w) == 0 || limit < 1 {
		return nil, 0
	}
	items := make([]int32, len(p.w))
	for i := range items {
		items[i] = int32(i)
	}
	e := newExactPacker(p, items, budget)
	sets := e.minBoards(p.lb, limit)
	if sets == nil {
		return nil, min(e.work, budget)
	}
	s := &solution{}
	for _, m := range sets {
		s.lays = append(s.lays, e.layout(m))
	}
	return s, min(e.work, budget)
}

// mergeBoards is the last phase for groups too large for the exact packer: while some two
// boards hold at most exactItems part copies together and the exact packer fits them on
// one board, they become that board (and likewise three boards on two). It returns the
// improved solution (s itself when nothing merged) and the work spent.
func mergeBoards(p *problem, s *solution, budget int64) (*solution, int64) {
	if !p.singleType || len(s.lays) < 2 {
		return s, 0
	}
	var work int64
	items := func(l *layout) []int32 {
		var out []int32
		for _, x := range l.leaves(l.root, nil) {
			out = append(out, l.nodes[x].item)
		}
		return out
	}
	for merged := true; merged && work < budget; {
		merged = false
		n := len(s.lays)
		// try the emptiest combinations first
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return int(s.lays[a].itemArea - s.lays[b].itemArea) })
		for size := 2; size <= 3 && !merged; size++ {
			for _, set := range combinations(order, size) {
				var its []int32
				for _, i := range set {
					its = append(its, items(s.lays[i])...)
				}
				if len(its) > exactItems(p) {
					continue
				}
				e := newExactPacker(p, its, budget-work)
				full := uint32(1)<<len(its) - 1
				if e.area[full] > int64(size-1)*e.W*e.H {
					continue
				}
				sets := e.minBoards(1, size-1)
				work += min(e.work, budget-work)
				if sets != nil && !e.out {
					out := &solution{unplaced: s.unplaced}
					for i, l := range s.lays {
						if !slices.Contains(set, i) {
							out.lays = append(out.lays, l)
						}
					}
					for _, m := range sets {
						out.lays = append(out.lays, e.layout(m))
					}
					s, merged = out, true
					break
				}
				if work >= budget {
					return s, work
				}
			}
		}
	}
	return s, work
}

// combinations lists the k-element subsets of xs, in order.
func combinations(xs []int, k int) [][]int {
	var out [][]int
	var cur []int
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i < len(xs); i++ {
			cur = append(cur, xs[i])
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}
