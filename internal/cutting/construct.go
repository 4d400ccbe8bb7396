package cutting

import (
	"math"
	"math/rand/v2"
	"slices"
)

// problem is one material group in integer units.
type problem struct {
	w, h, area []int64 // item sizes as given (unrotated)
	rot        []bool  // item may be rotated
	part       []int   // item -> index of its Part
	types      []btype
	kerf       int64
	stages     int     // 0 = unlimited
	axes       []uint8 // allowed root axes
	lb         int     // lower bound on boards (meaningful when singleType)
	singleType bool
	anyRot     bool // some item may be rotated and is not square
}

type btype struct {
	board  int   // index of the Board
	w, h   int64 // usable size after trim
	cost   float64
	count  int // 0 = unlimited
	offcut bool
}

// solution is a set of layouts plus the items not placed yet.
type solution struct {
	lays     []*layout
	unplaced []int32
}

func (p *problem) cost(s *solution) float64 {
	c := 0.0
	for _, l := range s.lays {
		c += p.types[l.typ].cost
	}
	return c
}

// fill is the sum of squared layout utilisations, used to prefer uneven (emptiable) layouts.
func (p *problem) fill(s *solution) float64 {
	f := 0.0
	for _, l := range s.lays {
		t := p.types[l.typ]
		u := float64(l.itemArea) / float64(t.w*t.h)
		f += u * u
	}
	return f
}

func (p *problem) unplacedArea(s *solution) int64 {
	var a int64
	for _, it := range s.unplaced {
		a += p.area[it]
	}
	return a
}

// better reports whether complete solution a beats b.
func (p *problem) better(a, b *solution) bool {
	ca, cb := p.cost(a), p.cost(b)
	if ca != cb {
		return ca < cb
	}
	return p.fill(a) > p.fill(b)+1e-12
}

// builder inserts items into a solution; it holds the scratch state of one worker.
type builder struct {
	p     *problem
	rng   *rand.Rand
	work  int64
	blink float64
	// axisNoise is the probability that a new board's root axis is drawn at random rather
	// than scored (search only; the construction scores both).
	axisNoise float64
	// suffix minima of the remaining items' sizes, for the dead-space test
	minW, minH []int64
	owned      []bool
}

type option struct {
	lay   int // layout index, or -1 for a new board
	typ   int
	axis  uint8
	node  int32
	kind  uint8
	rot   bool
	score float64
	ok    bool
}

// orderKeys are the sort orders used by the constructive heuristic and the recreate step.
const (
	keyArea = iota
	keyMaxSide
	keyWidth
	keyHeight
	keyPerimeter
	numKeys
)

func (p *problem) key(it int32, k int) float64 {
	w, h := float64(p.w[it]), float64(p.h[it])
	switch k {
	case keyMaxSide:
		return math.Max(w, h)*1e6 + math.Min(w, h)
	case keyWidth:
		return w*1e6 + h
	case keyHeight:
		return h*1e6 + w
	case keyPerimeter:
		return w + h
	default:
		return w*h*1e3 + math.Max(w, h)
	}
}

// sortItems orders items by decreasing key, with multiplicative noise.
func (b *builder) sortItems(items []int32, k int, noise float64) {
	type kv struct {
		k  float64
		it int32
	}
	tmp := make([]kv, len(items))
	for i, it := range items {
		v := b.p.key(it, k)
		if noise > 0 {
			v *= 1 + noise*(b.rng.Float64()*2-1)
		}
		tmp[i] = kv{v, it}
	}
	slices.SortStableFunc(tmp, func(x, y kv) int {
		switch {
		case x.k > y.k:
			return -1
		case x.k < y.k:
			return 1
		}
		return int(x.it - y.it)
	})
	for i := range tmp {
		items[i] = tmp[i].it
	}
}

// own makes layout i of s private to the current iteration before it is modified.
func (b *builder) own(s *solution, i int) {
	for len(b.owned) <= i {
		b.owned = append(b.owned, false)
	}
	if !b.owned[i] {
		s.lays[i] = s.lays[i].clone()
		b.owned[i] = true
	}
}

func (b *builder) resetOwned() {
	for i := range b.owned {
		b.owned[i] = false
	}
}

// recreate inserts items in order; those that fit nowhere (within the cost limit) are
// appended to s.unplaced.
func (b *builder) recreate(s *solution, items []int32, limit float64) {
	p := b.p
	n := len(items)
	if cap(b.minW) < n+1 {
		b.minW = make([]int64, n+1)
		b.minH = make([]int64, n+1)
	}
	b.minW, b.minH = b.minW[:n+1], b.minH[:n+1]
	b.minW[n], b.minH[n] = math.MaxInt64, math.MaxInt64
	for i := n - 1; i >= 0; i-- {
		it := items[i]
		w, h := p.w[it], p.h[it]
		if p.rot[it] {
			w, h = min(w, h), min(w, h)
		}
		b.minW[i], b.minH[i] = min(b.minW[i+1], w), min(b.minH[i+1], h)
	}
	cost := p.cost(s)
	used := make([]int, len(p.types))
	for _, l := range s.lays {
		used[l.typ]++
	}
	for i, it := range items {
		o := b.best(s, it, b.minW[i+1], b.minH[i+1], cost, limit, used)
		if !o.ok {
			s.unplaced = append(s.unplaced, it)
			continue
		}
		li := o.lay
		if li < 0 {
			t := p.types[o.typ]
			s.lays = append(s.lays, newLayout(o.typ, t.w, t.h, o.axis))
			li = len(s.lays) - 1
			for len(b.owned) <= li {
				b.owned = append(b.owned, false)
			}
			b.owned[li] = true
			o.node = s.lays[li].root
			cost += t.cost
			used[o.typ]++
		} else {
			b.own(s, li)
		}
		w, h := p.w[it], p.h[it]
		if o.rot {
			w, h = h, w
		}
		s.lays[li].insert(o.node, o.kind, it, w, h, p.kerf)
	}
}

// best finds the best insertion option for item it.
func (b *builder) best(s *solution, it int32, mw, mh int64, cost, limit float64, used []int) option {
	p := b.p
	var best option
	best.score = math.Inf(1)
	area := p.area[it]
	b.work += 10 + int64(len(s.lays))
	for li, l := range s.lays {
		t := &p.types[l.typ]
		if t.w*t.h-l.itemArea < area {
			continue
		}
		for ni := range l.nodes {
			nd := &l.nodes[ni]
			if nd.item != inner {
				continue
			}
			b.work++
			b.evalNode(&best, nd, it, mw, mh, li, l.typ, int32(ni), 0)
		}
	}
	if best.ok {
		return best
	}
	for ti := range p.types {
		t := &p.types[ti]
		if cost+t.cost >= limit-1e-9 || (t.count > 0 && used[ti] >= t.count) {
			continue
		}
		axes := p.axes
		if len(axes) > 1 && b.axisNoise > 0 && b.rng.Float64() < b.axisNoise {
			// sometimes a new board takes a random first-cut direction, which the insertion
			// score alone would not choose
			axes = axes[b.rng.IntN(len(axes)):][:1]
		}
		for _, ax := range axes {
			nd := node{item: inner, axis: ax, w: t.w, h: t.h}
			b.work++
			b.evalNode(&best, &nd, it, mw, mh, -1, ti, nilNode, t.cost*1e15)
		}
	}
	return best
}

// evalNode scores putting item it into the remainder of nd.
func (b *builder) evalNode(best *option, nd *node, it int32, mw, mh int64, li, typ int, ni int32, penalty float64) {
	p := b.p
	k := p.kerf
	R := nd.avail(k)
	if R <= 0 {
		return
	}
	C := nd.cross()
	d := int(nd.depth)
	for r := 0; r < 2; r++ {
		iw, ih := p.w[it], p.h[it]
		if r == 1 {
			if !p.rot[it] || iw == ih {
				break
			}
			iw, ih = ih, iw
		}
		a, bb := iw, ih
		if nd.axis == 1 {
			a, bb = ih, iw
		}
		if a > R || bb > C {
			continue
		}
		region := float64(R) * float64(C)
		// kind A
		depth := d + 1
		if bb < C {
			depth = d + 2
		}
		if p.stages == 0 || depth <= p.stages {
			dead := deadArea(nd.axis, a, C-bb-k, mw, mh) + deadArea(nd.axis, R-a-k, C, mw, mh)
			b.consider(best, option{lay: li, typ: typ, axis: nd.axis, node: ni, kind: kindA, rot: r == 1,
				score: penalty + region + 6*dead, ok: true})
		}
		if a < R && bb < C && (p.stages == 0 || d+3 <= p.stages) {
			dead := deadArea(nd.axis, R-a-k, bb, mw, mh) + deadArea(nd.axis, R, C-bb-k, mw, mh)
			b.consider(best, option{lay: li, typ: typ, axis: nd.axis, node: ni, kind: kindB, rot: r == 1,
				score: penalty + region + 6*dead, ok: true})
		}
	}
}

func (b *builder) consider(best *option, o option) {
	if o.score < best.score {
		if best.ok && b.blink > 0 && b.rng.Float64() < b.blink {
			return
		}
		*best = o
	}
}

// deadArea is the area of a free piece (extent e along axis ax, c across) if no remaining
// item can fit in it, else 0.
func deadArea(ax uint8, e, c int64, mw, mh int64) float64 {
	if e <= 0 || c <= 0 {
		return 0
	}
	x, y := e, c
	if ax == 1 {
		x, y = c, e
	}
	if x >= mw && y >= mh {
		return 0
	}
	return float64(x) * float64(y)
}

// construct builds a first complete solution with each sort order and keeps the best.
func (b *builder) construct() *solution {
	p := b.p
	items := make([]int32, len(p.w))
	var best *solution
	for k := 0; k < numKeys; k++ {
		for i := range items {
			items[i] = int32(i)
		}
		b.sortItems(items, k, 0)
		s := &solution{}
		b.resetOwned()
		b.recreate(s, items, math.Inf(1))
		if len(s.unplaced) > 0 {
			continue // limited boards ran out
		}
		if best == nil || p.better(s, best) {
			best = s
		}
	}
	b.resetOwned()
	return best
}
