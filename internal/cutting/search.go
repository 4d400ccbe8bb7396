package cutting

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"
)

// The search is a goal-driven ruin and recreate (after Gardeyn and Wauters, 2022). Once a
// complete solution is found, the least used board is emptied and the cost limit drops
// below the best cost; the search then minimises the area of unplaced items under that
// limit, accepting candidates with late acceptance hill climbing, until everything fits
// again on fewer boards.

const lahcLength = 50

// axisNoise is the probability, during the search, that a board opened by recreate takes a
// random root axis (when the first cut is free) instead of the better-scored one.
const axisNoise = 0.2

// greedyLength is the late-acceptance history of the odd workers (worker 1 of the default
// two) when the group has parts that may be rotated: a greedier climber beside worker 0's
// longer history. Measured on the classic set (ADR 0005), it helped with rotation and cost a
// little without it, so without rotatable parts every worker keeps lahcLength.
const greedyLength = 15

// historyLength is worker w's late-acceptance history length.
func (p *problem) historyLength(w int) int {
	if w%2 == 1 && p.anyRot {
		return greedyLength
	}
	return lahcLength
}

// iterWork is the fixed work charged per iteration (copying, ruin, sorting), in insertion
// evaluations.
const iterWork = 200

type workerResult struct {
	best     *solution
	iters    int64
	work     int64
	timedOut bool
}

// search improves start until the lower bound, the work budget, the deadline or ctx stops it.
// With an exchange, worker w shares its best with the others at fixed checkpoints.
func (b *builder) search(ctx context.Context, start *solution, budget int64, deadline time.Time, ex *exchange, w int) workerResult {
	p := b.p
	best := start
	res := workerResult{best: best, work: b.work}
	if p.singleType && len(best.lays) <= p.lb {
		return res
	}
	limit := p.cost(best)
	b.axisNoise = axisNoise
	defer func() { b.axisNoise = 0 }()
	cur := b.dropWeakest(best)
	curF := b.objective(cur)
	hist := make([]float64, p.historyLength(w))
	for i := range hist {
		hist[i] = curF
	}
	var iter int64
	nextK := 0
	for {
		if b.work >= budget {
			break
		}
		if ex != nil && nextK < exchangePoints && b.work >= checkpoint(budget, nextK) {
			o := ex.post(p, w, nextK, best)
			nextK++
			if o != nil && p.cost(o) < limit {
				best = o
				limit = p.cost(best)
				if p.singleType && len(best.lays) <= p.lb {
					break
				}
				cur = b.dropWeakest(best)
				curF = b.objective(cur)
				for i := range hist {
					hist[i] = curF
				}
			}
		}
		if iter&63 == 0 {
			if ctx.Err() != nil || time.Now().After(deadline) {
				res.timedOut = true
				break
			}
		}
		iter++
		b.work += iterWork
		cand := &solution{lays: slices.Clone(cur.lays), unplaced: slices.Clone(cur.unplaced)}
		b.resetOwned()
		removed := b.ruin(cand)
		items := append(cand.unplaced, removed...)
		cand.unplaced = nil
		k := keyArea
		if r := b.rng.IntN(10); r >= 7 {
			k = 1 + b.rng.IntN(numKeys-1)
		}
		noise := [...]float64{0, 0.05, 0.15, 0.3}[b.rng.IntN(4)]
		b.sortItems(items, k, noise)
		b.recreate(cand, items, limit)
		f := b.objective(cand)
		v := int(iter % int64(len(hist)))
		if f <= curF || f <= hist[v] {
			cur, curF = cand, f
		}
		if curF < hist[v] {
			hist[v] = curF
		}
		if len(cur.unplaced) == 0 {
			best = cur
			limit = p.cost(best)
			if p.singleType && len(best.lays) <= p.lb {
				break
			}
			cur = b.dropWeakest(best)
			curF = b.objective(cur)
			for i := range hist {
				hist[i] = curF
			}
		}
	}
	b.resetOwned()
	res.best = best
	res.iters = iter
	res.work = b.work
	return res
}

// objective is the area of the unplaced items, with a small reward for uneven fill.
func (b *builder) objective(s *solution) float64 {
	var a float64
	for _, it := range s.unplaced {
		a += float64(b.p.area[it])
	}
	return a - 1e-3*b.p.fill(s)
}

// dropWeakest returns a copy of s without its least used board, whose items become unplaced.
func (b *builder) dropWeakest(s *solution) *solution {
	w := -1
	var wu float64
	for i, l := range s.lays {
		t := b.p.types[l.typ]
		u := float64(l.itemArea) / float64(t.w*t.h)
		if w < 0 || u < wu {
			w, wu = i, u
		}
	}
	c := &solution{unplaced: slices.Clone(s.unplaced)}
	for i, l := range s.lays {
		if i == w {
			for _, x := range l.leaves(l.root, nil) {
				c.unplaced = append(c.unplaced, l.nodes[x].item)
			}
			continue
		}
		c.lays = append(c.lays, l)
	}
	return c
}

// ruin removes items from a few layouts and returns them; emptied layouts are dropped.
func (b *builder) ruin(s *solution) []int32 {
	n := len(s.lays)
	if n == 0 {
		return nil
	}
	for len(b.owned) < n {
		b.owned = append(b.owned, false)
	}
	var removed []int32
	k := 1 + b.rng.IntN(min(3, n))
	picked := make([]int, 0, k)
	for len(picked) < k {
		i := b.rng.IntN(n)
		if !slices.Contains(picked, i) {
			picked = append(picked, i)
		}
	}
	for _, i := range picked {
		b.own(s, i)
		l := s.lays[i]
		switch m := b.rng.IntN(10); {
		case m < 1: // the whole board
			for _, x := range l.leaves(l.root, nil) {
				removed = append(removed, l.nodes[x].item)
				l.remove(x)
			}
		case m < 5: // a random subtree
			var inners []int32
			for ni := range l.nodes {
				if l.nodes[ni].item == inner && int32(ni) != l.root {
					inners = append(inners, int32(ni))
				}
			}
			var target int32
			if len(inners) == 0 || b.rng.IntN(4) == 0 {
				// a random kid of the root
				var kids []int32
				for c := l.nodes[l.root].first; c != nilNode; c = l.nodes[c].next {
					kids = append(kids, c)
				}
				if len(kids) == 0 {
					continue
				}
				target = kids[b.rng.IntN(len(kids))]
			} else {
				target = inners[b.rng.IntN(len(inners))]
			}
			for _, x := range l.leaves(target, nil) {
				removed = append(removed, l.nodes[x].item)
				l.remove(x)
			}
		default: // random items
			leaves := l.leaves(l.root, nil)
			pr := 0.15 + 0.6*b.rng.Float64()
			cnt := 0
			for _, x := range leaves {
				if b.rng.Float64() < pr {
					removed = append(removed, l.nodes[x].item)
					l.remove(x)
					cnt++
				}
			}
			if cnt == 0 && len(leaves) > 0 {
				x := leaves[b.rng.IntN(len(leaves))]
				removed = append(removed, l.nodes[x].item)
				l.remove(x)
			}
		}
	}
	// drop empty layouts, keeping owned flags aligned
	j := 0
	for i, l := range s.lays {
		if l.nItems > 0 {
			s.lays[j] = l
			b.owned[j] = b.owned[i]
			j++
		}
	}
	s.lays = s.lays[:j]
	for i := j; i < len(b.owned); i++ {
		b.owned[i] = false
	}
	return removed
}

// newBuilder returns a worker with its own random stream.
func newBuilder(p *problem, seed uint64) *builder {
	return &builder{p: p, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), blink: 0.01}
}
