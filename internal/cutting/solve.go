package cutting

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"
)

// workRate converts TimeLimit into a work budget (work units per second and worker) when
// Params.Effort is 0. It is about the speed of one idle core of the reference machine, so
// that on such a machine the budget, not the clock, ends the search and the result is
// reproducible; on a loaded machine the clock may stop it first (Result.Deterministic).
const workRate = 25_000_000

// defaultTimeLimit applies when Params.TimeLimit is 0.
const defaultTimeLimit = time.Second

type group struct {
	material  string
	thickness float64
	parts     []int // part indices
	boards    []int // board indices
	prob      *problem
	items     int
	exact     *solution // the exact packer's plan (fewest boards), or nil
	exactWork int64     // work the exact packer spent, taken from the search's budget
}

// Solve cuts parts from boards. Parts are grouped by material and thickness and each group
// is cut from the boards of the same material and thickness. The result is deterministic
// for given inputs, Seed, Workers and Effort (see Params.Effort).
func Solve(ctx context.Context, boards []Board, parts []Part, p Params) (Result, error) {
	start := time.Now()
	if err := validate(boards, parts, p); err != nil {
		return Result{}, err
	}
	if p.TimeLimit <= 0 {
		p.TimeLimit = defaultTimeLimit
	}
	if p.Workers <= 0 {
		p.Workers = 2
	}
	log := p.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	groups, err := buildGroups(boards, parts, p)
	if err != nil {
		return Result{}, err
	}
	totalItems := 0
	for _, g := range groups {
		totalItems += g.items
	}
	effortOf := func(g group) int64 {
		effort := p.Effort
		if effort <= 0 {
			effort = int64(p.TimeLimit.Seconds() * workRate)
		}
		return int64(float64(effort) * float64(g.items) / float64(max(totalItems, 1)))
	}
	for gi := range groups {
		g := &groups[gi]
		// a small group is settled exactly: its fewest boards become the bound the search
		// stops at, and the exact plan is the fallback when the search does not reach it.
		g.exact, g.exactWork = exactSolve(g.prob, g.items, max(effortOf(*g)/exactShare, exactMinBudget))
		if g.exact != nil {
			g.prob.lb = max(g.prob.lb, len(g.exact.lays))
		}
	}
	deadline := start.Add(p.TimeLimit)
	res := Result{Deterministic: true}
	var sols []*solution
	rep := newReporter(p, groups, totalItems)
	defer rep.stop()
	// carry is the work budget earlier groups left unspent (they reached their bound early);
	// it goes to the groups still to solve in proportion to their parts, as the time does.
	var carry int64
	for gi, g := range groups {
		rep.startGroup(gi, time.Until(deadline))
		share := float64(g.items) / float64(max(totalItems, 1))
		extra := int64(float64(carry) * share / remainingShare(groups[gi:], totalItems))
		carry -= extra
		budget := effortOf(g) + extra
		effort := max(budget-g.exactWork, 0)
		// a small group too large for the exact packer keeps a share of its budget for
		// merging boards with it after the search
		var mergeWork int64
		if g.exact == nil && g.prob.singleType && g.items <= mergeMaxItems {
			mergeWork = effort / mergeShare
			effort -= mergeWork
		}
		gdead := time.Now().Add(time.Duration(float64(time.Until(deadline)) * share / remainingShare(groups[gi:], totalItems)))
		best, iters, work, timedOut, err := runWorkers(ctx, g.prob, p, uint64(gi), effort, gdead, g.exact)
		if err != nil {
			return Result{}, fmt.Errorf("material %q thickness %g: %w", g.material, g.thickness, err)
		}
		if mergeWork > 0 && len(best.lays) > g.prob.lb && ctx.Err() == nil {
			var w int64
			best, w = mergeBoards(g.prob, best, mergeWork)
			work += w
		}
		carry += max(budget-g.exactWork-work, 0)
		if timedOut {
			res.Deterministic = false
		}
		res.Iterations += iters
		sols = append(sols, best)
		rep.doneGroup(gi, best)
		log.Debug("cutting group solved", "material", g.material, "thickness", g.thickness,
			"parts", g.items, "boards", len(best.lays), "lowerBound", g.prob.lb, "iterations", iters)
	}
	assemble(&res, boards, parts, p, groups, sols)
	res.Elapsed = time.Since(start)
	rep.finish()
	return res, nil
}

func remainingShare(gs []group, total int) float64 {
	n := 0
	for _, g := range gs {
		n += g.items
	}
	return float64(n) / float64(max(total, 1))
}

// runWorkers runs p.Workers independent searches with derived seeds and keeps the best,
// ties going to the lowest worker number.
// A worker whose construction uses more boards than the exact plan starts from the exact
// plan, which is at the bound and ends its search at once.
// It returns the best, the iterations of all workers, the work of the busiest worker, and
// whether the clock stopped a worker.
func runWorkers(ctx context.Context, pr *problem, p Params, gi uint64, effort int64, deadline time.Time, exact *solution) (*solution, int64, int64, bool, error) {
	results := make([]workerResult, p.Workers)
	var ex *exchange
	if p.Workers > 1 {
		ex = newExchange(p.Workers)
	}
	var wg sync.WaitGroup
	for w := range p.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if ex != nil {
				defer func() { ex.finish(w, results[w].best) }()
			}
			b := newBuilder(pr, mixSeed(p.Seed, gi, uint64(w)))
			start := b.construct()
			if exact != nil && (start == nil || len(exact.lays) < len(start.lays)) {
				start = exact
			}
			if start == nil {
				return
			}
			results[w] = b.search(ctx, start, effort, deadline, ex, w)
		}()
	}
	wg.Wait()
	var best *solution
	var iters, work int64
	timedOut := false
	for _, r := range results {
		if r.best == nil {
			continue
		}
		iters += r.iters
		work = max(work, r.work)
		timedOut = timedOut || r.timedOut
		if best == nil || pr.better(r.best, best) {
			best = r.best
		}
	}
	if best == nil {
		return nil, 0, 0, false, fmt.Errorf("%w: the available boards cannot hold all parts", ErrNotEnough)
	}
	return best, iters, min(work, effort), timedOut, nil
}

// mixSeed derives a worker's seed (splitmix64 steps).
func mixSeed(seed, g, w uint64) uint64 {
	x := seed
	for _, v := range []uint64{g, w} {
		x += 0x9e3779b97f4a7c15 + v
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		x ^= x >> 31
	}
	return x
}

func validate(boards []Board, parts []Part, p Params) error {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	if bad(p.Kerf) || p.Kerf < 0 {
		return fmt.Errorf("%w: kerf %g must not be negative", ErrInvalidInput, p.Kerf)
	}
	if bad(p.Trim) || p.Trim < 0 {
		return fmt.Errorf("%w: trim %g must not be negative", ErrInvalidInput, p.Trim)
	}
	if p.Stages < 0 {
		return fmt.Errorf("%w: stages %d must be 0 (unlimited) or positive", ErrInvalidInput, p.Stages)
	}
	if p.FirstCut < DirectionAny || p.FirstCut > DirectionAcrossLength {
		return fmt.Errorf("%w: unknown first cut direction %d", ErrInvalidInput, p.FirstCut)
	}
	for i, b := range boards {
		if bad(b.Length) || bad(b.Width) || b.Length <= 0 || b.Width <= 0 {
			return fmt.Errorf("%w: board %d (%q): size %g x %g must be positive", ErrInvalidInput, i+1, b.ID, b.Length, b.Width)
		}
		if b.Length-2*p.Trim <= 0 || b.Width-2*p.Trim <= 0 {
			return fmt.Errorf("%w: board %d (%q): trim %g leaves nothing of %g x %g", ErrInvalidInput, i+1, b.ID, p.Trim, b.Length, b.Width)
		}
		if b.Count < 0 || bad(b.Cost) || b.Cost < 0 {
			return fmt.Errorf("%w: board %d (%q): count and cost must not be negative", ErrInvalidInput, i+1, b.ID)
		}
	}
	for i, pt := range parts {
		if bad(pt.Length) || bad(pt.Width) || pt.Length <= 0 || pt.Width <= 0 {
			return fmt.Errorf("%w: part %d (%q): size %g x %g must be positive", ErrInvalidInput, i+1, pt.ID, pt.Length, pt.Width)
		}
		if pt.Quantity <= 0 {
			return fmt.Errorf("%w: part %d (%q): quantity %d must be positive", ErrInvalidInput, i+1, pt.ID, pt.Quantity)
		}
	}
	return nil
}

func buildGroups(boards []Board, parts []Part, p Params) ([]group, error) {
	var groups []group
	index := map[string]int{}
	for i, pt := range parts {
		k := groupKey(pt.Material, pt.Thickness)
		gi, ok := index[k]
		if !ok {
			gi = len(groups)
			index[k] = gi
			groups = append(groups, group{material: pt.Material, thickness: pt.Thickness})
		}
		groups[gi].parts = append(groups[gi].parts, i)
	}
	trim := toUnits(p.Trim)
	for gi := range groups {
		g := &groups[gi]
		for bi, b := range boards {
			if groupKey(b.Material, b.Thickness) == groupKey(g.material, g.thickness) {
				g.boards = append(g.boards, bi)
			}
		}
		if len(g.boards) == 0 {
			return nil, fmt.Errorf("%w: no board of material %q, thickness %g (part %q)", ErrNoFit, g.material, g.thickness, parts[g.parts[0]].ID)
		}
		pr := &problem{kerf: toUnits(p.Kerf), stages: p.Stages}
		switch p.FirstCut {
		case DirectionAlongLength:
			pr.axes = []uint8{1}
		case DirectionAcrossLength:
			pr.axes = []uint8{0}
		default:
			pr.axes = []uint8{0, 1}
		}
		for _, bi := range g.boards {
			b := boards[bi]
			t := btype{board: bi, w: toUnits(b.Length) - 2*trim, h: toUnits(b.Width) - 2*trim, count: b.Count, cost: b.Cost, offcut: b.Offcut}
			if t.cost == 0 {
				t.cost = b.Length * b.Width / 1e6
				if b.Offcut {
					t.cost /= 2
				}
			}
			pr.types = append(pr.types, t)
		}
		for _, pi := range g.parts {
			pt := parts[pi]
			w, h := toUnits(pt.Length), toUnits(pt.Width)
			if err := fitsSomewhere(pr, pt, w, h, pi); err != nil {
				return nil, err
			}
			for range pt.Quantity {
				pr.w = append(pr.w, w)
				pr.h = append(pr.h, h)
				pr.area = append(pr.area, w*h)
				pr.rot = append(pr.rot, pt.Grain == GrainFree)
				pr.part = append(pr.part, pi)
			}
			pr.anyRot = pr.anyRot || (pt.Grain == GrainFree && w != h)
		}
		g.items = len(pr.w)
		g.prob = pr
		// one board type, unlimited or with at least a board per part copy
		pr.singleType = len(pr.types) == 1 && (pr.types[0].count == 0 || pr.types[0].count >= len(pr.w))
		pr.lb = problemBound(pr)
	}
	return groups, nil
}

func fitsSomewhere(pr *problem, pt Part, w, h int64, pi int) error {
	rotFits := false
	for _, t := range pr.types {
		if w <= t.w && h <= t.h {
			if pr.stages == 1 && w != t.w && h != t.h {
				continue
			}
			return nil
		}
		if h <= t.w && w <= t.h {
			rotFits = true
			if pt.Grain == GrainFree {
				return nil
			}
		}
	}
	if rotFits {
		return fmt.Errorf("%w: part %d (%q, %g x %g) has fixed grain and fits the %s %g boards only rotated",
			ErrNoFit, pi+1, pt.ID, pt.Length, pt.Width, pt.Material, pt.Thickness)
	}
	return fmt.Errorf("%w: part %d (%q, %g x %g) is larger than every %q %g board after trim",
		ErrNoFit, pi+1, pt.ID, pt.Length, pt.Width, pt.Material, pt.Thickness)
}

// problemBound is a lower bound on the number of boards of a group: the largest board's
// continuous bound in general, and the Martello-Vigo bound for one unlimited board type
// without rotation.
func problemBound(pr *problem) int {
	var W, H int64
	for _, t := range pr.types {
		if t.w*t.h > W*H {
			W, H = t.w, t.h
		}
	}
	k := pr.kerf
	w := make([]int64, len(pr.w))
	h := make([]int64, len(pr.h))
	anyRot := false
	for i := range w {
		w[i], h[i] = pr.w[i]+k, pr.h[i]+k
		anyRot = anyRot || (pr.rot[i] && pr.w[i] != pr.h[i])
	}
	if !pr.singleType || anyRot {
		return max(boundL0(W+k, H+k, w, h), boundBig(W+k, H+k, w, h, pr.rot))
	}
	return boundMV(W+k, H+k, w, h)
}

// assemble turns the group solutions into the exported result.
func assemble(res *Result, boards []Board, parts []Part, p Params, groups []group, sols []*solution) {
	sigIndex := map[string]int{}
	for gi, g := range groups {
		pr := g.prob
		lays := slices.Clone(sols[gi].lays)
		ms := MaterialSummary{Material: g.material, Thickness: g.thickness, Parts: g.items, LowerBound: pr.lb}
		type exp struct {
			sh  Sheet
			sig string
		}
		var sheets []exp
		for _, l := range lays {
			sh, sig := exportLayout(pr, l, boards, parts, p)
			sheets = append(sheets, exp{sh, sig})
		}
		slices.SortStableFunc(sheets, func(a, b exp) int {
			if a.sh.Board != b.sh.Board {
				return a.sh.Board - b.sh.Board
			}
			if a.sig != b.sig {
				if a.sig < b.sig {
					return -1
				}
				return 1
			}
			return 0
		})
		for _, e := range sheets {
			sh := e.sh
			sh.Index = len(res.Sheets)
			key := fmt.Sprintf("%d|%s", sh.Board, e.sig)
			pi, ok := sigIndex[key]
			if !ok {
				pi = len(res.Patterns)
				sigIndex[key] = pi
				res.Patterns = append(res.Patterns, Pattern{Index: pi})
			}
			res.Patterns[pi].Count++
			res.Patterns[pi].Sheets = append(res.Patterns[pi].Sheets, sh.Index)
			sh.Pattern = pi
			res.Sheets = append(res.Sheets, sh)
			ms.BoardsUsed++
			ms.Cost += pr.types[typeOf(pr, sh.Board)].cost
			ms.BoardsArea += sh.Length * sh.Width
			for _, pl := range sh.Placements {
				ms.PartsArea += pl.Length * pl.Width
			}
		}
		if ms.BoardsArea > 0 {
			ms.Utilisation = ms.PartsArea / ms.BoardsArea
		}
		res.Materials = append(res.Materials, ms)
		res.BoardsUsed += ms.BoardsUsed
		res.Cost += ms.Cost
		res.PartsArea += ms.PartsArea
		res.BoardsArea += ms.BoardsArea
		res.LowerBound += ms.LowerBound
	}
	if res.BoardsArea > 0 {
		res.Utilisation = res.PartsArea / res.BoardsArea
	}
	if res.LowerBound > 0 {
		res.Gap = float64(res.BoardsUsed-res.LowerBound) / float64(res.LowerBound)
	}
}

func typeOf(pr *problem, board int) int {
	for i, t := range pr.types {
		if t.board == board {
			return i
		}
	}
	return 0
}
