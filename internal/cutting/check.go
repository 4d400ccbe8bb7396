package cutting

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Verify checks a result against its input without trusting the solver: every part copy is
// placed exactly once with its size (rotated only when its grain is free), on a board of its
// material and thickness, inside the trimmed board; parts are at least one kerf apart; the
// placements can be separated by guillotine cuts within the stage limit (checked both by
// following the reported cut tree and by recursively splitting the placements); board counts
// are respected; and the reported utilisation, totals and lower bound are recomputed.
func Verify(boards []Board, parts []Part, p Params, res Result) error {
	v := verifier{boards: boards, parts: parts, p: p, kerf: toUnits(p.Kerf), trim: toUnits(p.Trim)}
	v.run(res)
	if len(v.errs) > 10 {
		v.errs = append(v.errs[:10], fmt.Errorf("and %d more problems", len(v.errs)-10))
	}
	return errors.Join(v.errs...)
}

type verifier struct {
	boards     []Board
	parts      []Part
	p          Params
	kerf, trim int64
	errs       []error
}

type urect struct{ x, y, w, h int64 }

func (v *verifier) fail(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf(format, args...))
}

func approxEq(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func (v *verifier) run(res Result) {
	placed := make([]int, len(v.parts))
	boardUse := make([]int, len(v.boards))
	var partsArea, boardsArea float64
	for si, sh := range res.Sheets {
		if sh.Board < 0 || sh.Board >= len(v.boards) {
			v.fail("sheet %d: unknown board %d", si, sh.Board)
			continue
		}
		b := v.boards[sh.Board]
		boardUse[sh.Board]++
		if sh.Length != b.Length || sh.Width != b.Width {
			v.fail("sheet %d: size %g x %g differs from board %q %g x %g", si, sh.Length, sh.Width, b.ID, b.Length, b.Width)
		}
		L, W := toUnits(b.Length)-v.trim, toUnits(b.Width)-v.trim
		var rects []urect
		var area float64
		for pi, pl := range sh.Placements {
			if pl.Part < 0 || pl.Part >= len(v.parts) {
				v.fail("sheet %d placement %d: unknown part %d", si, pi, pl.Part)
				continue
			}
			pt := v.parts[pl.Part]
			placed[pl.Part]++
			if groupKey(pt.Material, pt.Thickness) != groupKey(b.Material, b.Thickness) {
				v.fail("sheet %d: part %q (%s %g) on board %q (%s %g)", si, pt.ID, pt.Material, pt.Thickness, b.ID, b.Material, b.Thickness)
			}
			r := urect{toUnits(pl.X), toUnits(pl.Y), toUnits(pl.Length), toUnits(pl.Width)}
			pw, ph := toUnits(pt.Length), toUnits(pt.Width)
			switch {
			case r.w == pw && r.h == ph:
			case r.w == ph && r.h == pw:
				if pt.Grain == GrainFixed {
					v.fail("sheet %d: part %q is rotated but its grain is fixed", si, pt.ID)
				}
			default:
				v.fail("sheet %d: part %q placed as %g x %g, its size is %g x %g", si, pt.ID, pl.Length, pl.Width, pt.Length, pt.Width)
			}
			if r.x < v.trim || r.y < v.trim || r.x+r.w > L || r.y+r.h > W {
				v.fail("sheet %d: part %q at (%g,%g) size %g x %g leaves the trimmed board", si, pt.ID, pl.X, pl.Y, pl.Length, pl.Width)
			}
			rects = append(rects, r)
			area += pt.Length * pt.Width
		}
		v.overlaps(si, sh, rects)
		region := urect{v.trim, v.trim, L - v.trim, W - v.trim}
		v.guillotine(si, rects, region)
		v.tree(si, sh, region)
		if u := area / (b.Length * b.Width); !approxEq(sh.Utilisation, u) {
			v.fail("sheet %d: utilisation %g, recomputed %g", si, sh.Utilisation, u)
		}
		partsArea += area
		boardsArea += b.Length * b.Width
	}
	for i, pt := range v.parts {
		if placed[i] != pt.Quantity {
			v.fail("part %q: %d placed, quantity %d", pt.ID, placed[i], pt.Quantity)
		}
	}
	for i, b := range v.boards {
		if b.Count > 0 && boardUse[i] > b.Count {
			v.fail("board %q: %d used, only %d available", b.ID, boardUse[i], b.Count)
		}
	}
	if res.BoardsUsed != len(res.Sheets) {
		v.fail("boards used %d, but %d sheets", res.BoardsUsed, len(res.Sheets))
	}
	if boardsArea > 0 && !approxEq(res.Utilisation, partsArea/boardsArea) {
		v.fail("utilisation %g, recomputed %g", res.Utilisation, partsArea/boardsArea)
	}
	v.patterns(res)
	v.bound(res)
}

func (v *verifier) overlaps(si int, sh Sheet, rects []urect) {
	k := v.kerf
	for i := range rects {
		for j := i + 1; j < len(rects); j++ {
			a, b := rects[i], rects[j]
			apart := a.x+a.w+k <= b.x || b.x+b.w+k <= a.x || a.y+a.h+k <= b.y || b.y+b.h+k <= a.y
			if !apart {
				v.fail("sheet %d: parts %q and %q overlap or are closer than the kerf", si, sh.Placements[i].PartID, sh.Placements[j].PartID)
			}
		}
	}
}

// guillotine splits the placements recursively, cutting at every gap of at least one kerf
// along one axis and then the other, and checks the number of stages this needs.
func (v *verifier) guillotine(si int, rects []urect, region urect) {
	best := -1
	var axes []int
	switch v.p.FirstCut {
	case DirectionAlongLength:
		axes = []int{1}
	case DirectionAcrossLength:
		axes = []int{0}
	default:
		axes = []int{0, 1}
	}
	for _, ax := range axes {
		if s, ok := v.stagesNeeded(slices.Clone(rects), region, ax, false); ok && (best < 0 || s < best) {
			best = s
		}
	}
	if best < 0 {
		v.fail("sheet %d: the parts cannot be separated by guillotine cuts", si)
		return
	}
	if v.p.Stages > 0 && best > v.p.Stages {
		v.fail("sheet %d: needs %d stages, limit %d", si, best, v.p.Stages)
	}
}

func (v *verifier) stagesNeeded(rects []urect, region urect, ax int, prevNoCut bool) (int, bool) {
	if len(rects) == 0 {
		return 0, true
	}
	if len(rects) == 1 && rects[0] == region {
		return 0, true
	}
	lo := func(r urect) int64 {
		if ax == 0 {
			return r.x
		}
		return r.y
	}
	hi := func(r urect) int64 {
		if ax == 0 {
			return r.x + r.w
		}
		return r.y + r.h
	}
	slices.SortFunc(rects, func(a, b urect) int {
		switch {
		case lo(a) < lo(b):
			return -1
		case lo(a) > lo(b):
			return 1
		}
		return 0
	})
	type grp struct {
		from, to int
		a, b     int64
	}
	var groups []grp
	g := grp{0, 1, lo(rects[0]), hi(rects[0])}
	for i := 1; i < len(rects); i++ {
		if lo(rects[i]) >= g.b+v.kerf {
			groups = append(groups, g)
			g = grp{i, i + 1, lo(rects[i]), hi(rects[i])}
			continue
		}
		g.to = i + 1
		g.b = max(g.b, hi(rects[i]))
	}
	groups = append(groups, g)
	noCut := len(groups) == 1 && groups[0].a == lo(region) && groups[0].b == hi(region)
	if noCut && prevNoCut {
		return 0, false
	}
	deepest := 0
	for _, g := range groups {
		sub := region
		if ax == 0 {
			sub.x, sub.w = g.a, g.b-g.a
		} else {
			sub.y, sub.h = g.a, g.b-g.a
		}
		s, ok := v.stagesNeeded(rects[g.from:g.to], sub, 1-ax, noCut)
		if !ok {
			return 0, false
		}
		deepest = max(deepest, s)
	}
	return 1 + deepest, true
}

// tree follows the reported cut tree: each node inside its parent, kids one kerf apart along
// the parent's axis and spanning it across, part nodes matching the placements exactly once,
// and the depth of every part within the stage limit.
func (v *verifier) tree(si int, sh Sheet, region urect) {
	if sh.Root == nil {
		v.fail("sheet %d: no cut tree", si)
		return
	}
	if r := nodeRect(sh.Root); r != region {
		v.fail("sheet %d: cut tree root %v is not the trimmed board %v", si, r, region)
	}
	if sh.Root.Kind == NodeStrip {
		if (v.p.FirstCut == DirectionAlongLength && sh.Root.Axis != "y") || (v.p.FirstCut == DirectionAcrossLength && sh.Root.Axis != "x") {
			v.fail("sheet %d: first cuts run the wrong way (strips along %s)", si, sh.Root.Axis)
		}
	}
	seen := make([]int, len(sh.Placements))
	v.walk(si, sh, sh.Root, 0, seen)
	for i, n := range seen {
		if n != 1 {
			v.fail("sheet %d: placement %d appears %d times in the cut tree", si, i, n)
		}
	}
}

func nodeRect(n *Node) urect {
	return urect{toUnits(n.X), toUnits(n.Y), toUnits(n.Length), toUnits(n.Width)}
}

func (v *verifier) walk(si int, sh Sheet, n *Node, depth int, seen []int) {
	r := nodeRect(n)
	if n.Stage != depth {
		v.fail("sheet %d: node at depth %d says stage %d", si, depth, n.Stage)
	}
	switch n.Kind {
	case NodePart:
		if n.Part < 0 || n.Part >= len(sh.Placements) {
			v.fail("sheet %d: part node refers to placement %d", si, n.Part)
			return
		}
		seen[n.Part]++
		pl := sh.Placements[n.Part]
		if pr := (urect{toUnits(pl.X), toUnits(pl.Y), toUnits(pl.Length), toUnits(pl.Width)}); pr != r {
			v.fail("sheet %d: part node %v differs from placement %v", si, r, pr)
		}
		if v.p.Stages > 0 && depth > v.p.Stages {
			v.fail("sheet %d: part %q is cut at stage %d, limit %d", si, pl.PartID, depth, v.p.Stages)
		}
	case NodeWaste:
	case NodeStrip:
		var pos, end int64
		switch n.Axis {
		case "x":
			pos, end = r.x, r.x+r.w
		case "y":
			pos, end = r.y, r.y+r.h
		default:
			v.fail("sheet %d: strip with axis %q", si, n.Axis)
			return
		}
		for i, c := range n.Children {
			cr := nodeRect(c)
			var a, b int64
			var spans bool
			if n.Axis == "x" {
				a, b, spans = cr.x, cr.x+cr.w, cr.y == r.y && cr.h == r.h
			} else {
				a, b, spans = cr.y, cr.y+cr.h, cr.x == r.x && cr.w == r.w
			}
			gap := int64(0)
			if i > 0 {
				gap = v.kerf
			}
			if a < pos+gap || b > end || !spans || cr.w <= 0 || cr.h <= 0 {
				v.fail("sheet %d: node %v does not fit its strip %v after %d", si, cr, r, pos)
			}
			pos = b
			v.walk(si, sh, c, depth+1, seen)
		}
	default:
		v.fail("sheet %d: node of kind %q", si, n.Kind)
	}
}

func (v *verifier) patterns(res Result) {
	count := 0
	for pi, pat := range res.Patterns {
		if pat.Count != len(pat.Sheets) {
			v.fail("pattern %d: count %d but %d sheets", pi, pat.Count, len(pat.Sheets))
		}
		for _, s := range pat.Sheets {
			if s < 0 || s >= len(res.Sheets) || res.Sheets[s].Pattern != pi {
				v.fail("pattern %d lists sheet %d that is not of it", pi, s)
				continue
			}
			if a, b := res.Sheets[s], res.Sheets[pat.Sheets[0]]; a.Board != b.Board || len(a.Placements) != len(b.Placements) {
				v.fail("pattern %d groups different sheets %d and %d", pi, pat.Sheets[0], s)
			}
		}
		count += pat.Count
	}
	if count != len(res.Sheets) {
		v.fail("patterns cover %d sheets of %d", count, len(res.Sheets))
	}
}

// bound recomputes the continuous bound of each material (on the largest board, parts and
// board enlarged by one kerf) and checks that the reported bound is at least that and at
// most the boards used.
func (v *verifier) bound(res Result) {
	total := 0
	for _, m := range res.Materials {
		key := groupKey(m.Material, m.Thickness)
		var W, H int64
		for _, b := range v.boards {
			if groupKey(b.Material, b.Thickness) == key {
				w, h := toUnits(b.Length)-2*v.trim+v.kerf, toUnits(b.Width)-2*v.trim+v.kerf
				if w*h > W*H {
					W, H = w, h
				}
			}
		}
		var area float64
		for _, pt := range v.parts {
			if groupKey(pt.Material, pt.Thickness) == key {
				area += float64(pt.Quantity) * float64(toUnits(pt.Length)+v.kerf) * float64(toUnits(pt.Width)+v.kerf)
			}
		}
		l0 := int(math.Ceil(area/(float64(W)*float64(H)) - 1e-9))
		if m.LowerBound < l0 {
			v.fail("material %s %g: bound %d below the continuous bound %d", m.Material, m.Thickness, m.LowerBound, l0)
		}
		if m.LowerBound > m.BoardsUsed {
			v.fail("material %s %g: bound %d above the %d boards used", m.Material, m.Thickness, m.LowerBound, m.BoardsUsed)
		}
		total += m.LowerBound
	}
	if total != res.LowerBound {
		v.fail("lower bound %d, materials sum to %d", res.LowerBound, total)
	}
	if res.LowerBound > 0 {
		if g := float64(res.BoardsUsed-res.LowerBound) / float64(res.LowerBound); !approxEq(res.Gap, g) {
			v.fail("gap %g, recomputed %g", res.Gap, g)
		}
	}
}
