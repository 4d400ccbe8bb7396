package cutting

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The small-list quality corpus: rush jobs and small orders, where one board too many is a
// whole board wasted. Each instance has 4–40 pieces in 1–3 materials, each material cut from
// 2800 × 2070 or 2440 × 1220 boards with kerf 4.4 and trim 10, at 2 or 3 stages, some
// materials grain-locked, some with a fixed first cut; each material's pieces cover 55–95 %
// of one or two boards. For every material group the engine's boards are compared with the
// group's lower bound and, for groups of at most checkItems pieces, with the fewest
// boards the exact packer proves (its plans pass Verify on their own).

const exactCheckItems = 10

// checkItems is the largest group checked exactly: the brief's ten pieces, and as many as the
// engine's own exact packer takes (12, or 14 at two stages), checked without its work budget.
func checkItems(stages int) int {
	if stages == 2 {
		return exactMaxItems2
	}
	return exactMaxItems
}

type qualityInstance struct {
	name   string
	boards []Board
	parts  []Part
	p      Params
}

var corpusBoards = [][2]float64{{2800, 2070}, {2440, 1220}}

// smallListCorpus generates n instances from seed.
func smallListCorpus(n int, seed uint64) []qualityInstance {
	rng := rand.New(rand.NewPCG(seed, 14))
	var out []qualityInstance
	for i := range n {
		pieces := 4 + rng.IntN(37)
		mats := 1 + rng.IntN(3)
		mats = min(mats, pieces/2)
		p := Params{Kerf: 4.4, Trim: 10, Stages: 2 + rng.IntN(2), FirstCut: Direction(rng.IntN(3)),
			MinOffcutLength: 300, MinOffcutWidth: 100, Seed: uint64(i)}
		inst := qualityInstance{name: fmt.Sprintf("#%d", i), p: p}
		left := pieces
		for m := range mats {
			cnt := left / (mats - m)
			if m < mats-1 {
				cnt = min(max(2, cnt+rng.IntN(3)-1), left-2*(mats-m-1))
			}
			left -= cnt
			mat := fmt.Sprintf("M%d", m)
			bs := corpusBoards[rng.IntN(len(corpusBoards))]
			inst.boards = append(inst.boards, Board{ID: mat, Material: mat, Thickness: 18, Length: bs[0], Width: bs[1]})
			grain := GrainFree
			if rng.IntN(3) == 0 {
				grain = GrainFixed
			}
			boardsFilled := 1
			if cnt >= 8 && rng.IntN(2) == 0 {
				boardsFilled = 2
			}
			target := (0.55 + 0.4*rng.Float64()) * float64(boardsFilled) * (bs[0] - 20) * (bs[1] - 20)
			inst.parts = append(inst.parts, corpusParts(rng, cnt, target, bs, grain, mat)...)
		}
		out = append(out, inst)
	}
	return out
}

// corpusParts makes cnt pieces of about target total area that each fit the trimmed board
// (in their grain direction).
func corpusParts(rng *rand.Rand, cnt int, target float64, bs [2]float64, grain Grain, mat string) []Part {
	L, W := bs[0]-20, bs[1]-20
	mean := target / float64(cnt)
	var out []Part
	for i := range cnt {
		// pieces of 0.4–1.6 times the mean area, 1:1 to 4:1, within the board
		a := mean * (0.4 + 1.2*rng.Float64())
		ratio := 1 + 3*rng.Float64()
		l := math.Round(min(math.Sqrt(a*ratio), L))
		w := math.Round(max(50, min(a/l, W)))
		if grain == GrainFree && rng.IntN(2) == 0 && w <= L && l <= W {
			l, w = w, l
		}
		out = append(out, Part{ID: fmt.Sprintf("%s-%d", mat, i), Length: l, Width: w, Quantity: 1,
			Material: mat, Thickness: 18, Grain: grain})
	}
	return out
}

type qualityFigures struct {
	instances, groups         int
	overBound                 int // groups where the engine uses more boards than the lower bound
	checked                   int // groups small enough for the exact check
	checkedTen                int // of those, groups of at most exactCheckItems pieces
	overReference             int // larger groups where the longer reference search needs fewer boards
	overExact                 int // of those, groups where the engine uses more boards than needed
	exactOverBound            int // of those, groups whose optimum is above the lower bound
	boards, bound, bestKnown  int
	largerBoards, largerBound int // groups above checkItems pieces
	wasted                    []string
	perGroup                  []string // name, material, pieces, stages, engine boards, bound, fewest (-1: not checked)
	partsArea, boardsArea     float64
	elapsed, worst            time.Duration
	exactElapsed, exactWorst  time.Duration
	deterministicViolations   int
}

// runQualityCorpus solves every instance, verifies it, and compares each group with its bound
// and (small groups) its proven fewest boards.
//
// With refEffort > 0, a larger group above its bound is also solved alone with that budget
// and another seed, and the better count is its best known.
func runQualityCorpus(tb testing.TB, insts []qualityInstance, effort, refEffort int64) qualityFigures {
	tb.Helper()
	var f qualityFigures
	for _, in := range insts {
		p := in.p
		p.Effort = effort
		p.TimeLimit = safetyStop
		start := time.Now()
		res, err := Solve(context.Background(), in.boards, in.parts, p)
		el := time.Since(start)
		if err != nil {
			tb.Fatalf("%s: Solve: %v", in.name, err)
		}
		if err := Verify(in.boards, in.parts, p, res); err != nil {
			tb.Fatalf("%s: Verify: %v", in.name, err)
		}
		if !res.Deterministic {
			f.deterministicViolations++
		}
		f.instances++
		f.elapsed += el
		f.worst = max(f.worst, el)
		f.partsArea += res.PartsArea
		f.boardsArea += res.BoardsArea
		groups, err := buildGroups(in.boards, in.parts, p)
		if err != nil {
			tb.Fatal(err)
		}
		for gi, g := range groups {
			f.groups++
			used := res.Materials[gi].BoardsUsed
			lb := g.prob.lb // the bound alone, before any exact result raises it
			f.boards += used
			f.bound += lb
			best := used
			if used > lb {
				f.overBound++
			}
			if g.items <= checkItems(p.Stages) {
				f.checked++
				if g.items <= exactCheckItems {
					f.checkedTen++
				}
				es := time.Now()
				k := exactMinimum(tb, in, g, used)
				ee := time.Since(es)
				f.exactElapsed += ee
				f.exactWorst = max(f.exactWorst, ee)
				if k > used {
					tb.Fatalf("%s %s: the engine cut %d boards, the exact packer says %d are needed", in.name, g.material, used, k)
				}
				if used > k {
					f.overExact++
					f.wasted = append(f.wasted, fmt.Sprintf("%s %s: %d pieces, engine %d boards, %d possible, bound %d",
						in.name, g.material, g.items, used, k, lb))
				}
				if k > lb {
					f.exactOverBound++
				}
				best = k
			}
			exact := -1
			if g.items <= checkItems(p.Stages) {
				exact = best
			}
			ref := -1
			if g.items > checkItems(p.Stages) && used > lb && refEffort > 0 {
				// a longer search with another seed, for a best known count
				ref = referenceBoards(tb, in, g, refEffort)
				if ref < used {
					f.overReference++
				}
				best = min(best, ref)
			}
			f.bestKnown += best
			f.perGroup = append(f.perGroup, fmt.Sprintf("%s %s %d %d %d %d %d %d", in.name, g.material, g.items, p.Stages, used, lb, exact, ref))
			if g.items > checkItems(p.Stages) {
				f.largerBoards += used
				f.largerBound += lb
			}
		}
	}
	return f
}

// exactMinimum returns the fewest boards for group g of in (at most limit), building the
// exact plan on a copy of the instance holding that group alone and checking it with Verify.
func exactMinimum(tb testing.TB, in qualityInstance, g group, limit int) int {
	tb.Helper()
	var parts []Part
	for _, pi := range g.parts {
		parts = append(parts, in.parts[pi])
	}
	var boards []Board
	for _, bi := range g.boards {
		boards = append(boards, in.boards[bi])
	}
	gs, err := buildGroups(boards, parts, in.p)
	if err != nil {
		tb.Fatal(err)
	}
	pr := gs[0].prob
	items := make([]int32, len(pr.w))
	for i := range items {
		items[i] = int32(i)
	}
	e := newExactPacker(pr, items, math.MaxInt64)
	sets := e.minBoards(1, limit)
	if sets == nil {
		return limit + 1
	}
	sol := &solution{}
	for _, m := range sets {
		sol.lays = append(sol.lays, e.layout(m))
	}
	var res Result
	assemble(&res, boards, parts, in.p, gs, []*solution{sol})
	if err := Verify(boards, parts, in.p, res); err != nil {
		tb.Fatalf("%s %s: the exact plan of %d boards fails Verify: %v", in.name, g.material, len(sets), err)
	}
	return len(sets)
}

// referenceBoards solves group g of in alone with budget effort and another seed.
func referenceBoards(tb testing.TB, in qualityInstance, g group, effort int64) int {
	tb.Helper()
	var parts []Part
	for _, pi := range g.parts {
		parts = append(parts, in.parts[pi])
	}
	var boards []Board
	for _, bi := range g.boards {
		boards = append(boards, in.boards[bi])
	}
	p := in.p
	p.Seed += 1000
	p.Effort = effort
	p.TimeLimit = 10 * safetyStop
	res, err := Solve(context.Background(), boards, parts, p)
	if err != nil {
		tb.Fatal(err)
	}
	if err := Verify(boards, parts, p, res); err != nil {
		tb.Fatalf("%s %s: the reference plan fails Verify: %v", in.name, g.material, err)
	}
	return res.BoardsUsed
}

func (f qualityFigures) String() string {
	return fmt.Sprintf("%d instances, %d material groups: engine %d boards, lower bound %d, best known %d; "+
		"engine above the bound in %d groups; %d groups checked exactly (%d of ≤ %d pieces, the others ≤ 12, or ≤ 14 at 2 stages): engine above the fewest "+
		"possible in %d, the fewest possible above the bound in %d; larger groups: engine %d boards, bound %d, a longer search better in %d; utilisation %.1f %%; "+
		"solve %.2f s average, %.2f s worst; exact check %.3f s average, %.3f s worst",
		f.instances, f.groups, f.boards, f.bound, f.bestKnown, f.overBound, f.checked, f.checkedTen, exactCheckItems,
		f.overExact, f.exactOverBound, f.largerBoards, f.largerBound, f.overReference, 100*f.partsArea/f.boardsArea,
		f.elapsed.Seconds()/float64(max(f.instances, 1)), f.worst.Seconds(),
		f.exactElapsed.Seconds()/float64(max(f.checked, 1)), f.exactWorst.Seconds())
}

// BenchmarkSmallListsQuality runs the corpus (300 instances) with the work budget of a one
// second time limit and reports the figures. KERF_QUALITY_REFERENCE=N also solves every larger
// group above its bound with N times that budget (slow), for a best known count;
// KERF_QUALITY_GROUPS=file writes one line per group (instance, material, pieces, stages,
// engine boards, bound, fewest or -1, reference or -1) to compare engine versions.
func BenchmarkSmallListsQuality(b *testing.B) {
	insts := smallListCorpus(300, 1)
	var refEffort int64
	if n, err := strconv.Atoi(os.Getenv("KERF_QUALITY_REFERENCE")); err == nil && n > 0 {
		refEffort = int64(n) * workRate
	}
	for b.Loop() {
		f := runQualityCorpus(b, insts, workRate, refEffort)
		b.ReportMetric(float64(f.overBound), "groups>bound")
		b.ReportMetric(float64(f.overExact), "groups>fewest")
		b.ReportMetric(float64(f.boards-f.bestKnown), "boards>best")
		b.ReportMetric(100*f.partsArea/f.boardsArea, "util%")
		b.Log(f)
		for _, w := range f.wasted {
			b.Log(w)
		}
		if path := os.Getenv("KERF_QUALITY_GROUPS"); path != "" {
			// one line per group, to compare engine versions group by group
			if err := os.WriteFile(path, []byte(strings.Join(f.perGroup, "\n")+"\n"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// On small lists the engine uses the fewest boards possible: every group of at most
// checkItems pieces of the corpus is cut on as few boards as the exact packer proves
// are needed (it was seen cutting a one-board list onto two).
func TestSmallListsUseTheFewestBoards(t *testing.T) {
	f := runQualityCorpus(t, smallListCorpus(60, 2), 500_000, 0)
	t.Log(f)
	if f.checked < 20 {
		t.Fatalf("only %d groups small enough to check exactly; the corpus should hold more", f.checked)
	}
	if f.overExact > 0 {
		t.Errorf("%d of %d small groups use more boards than needed:", f.overExact, f.checked)
		for _, w := range f.wasted {
			t.Error(w)
		}
	}
}

// The exact packer's cases: lists the search alone cut on one board too many (two parts that
// share a board only in full-length strips, which the insertion score never preferred), and
// the rules it must keep: the first-cut direction, two and three stages, and one stage
// (rows of parts that each fill the board across).
func TestSmallListsAreCutOnTheFewestBoards(t *testing.T) {
	board := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 2800, Width: 2070}}
	two := []Part{
		{ID: "side", Length: 688, Width: 1604, Quantity: 1, Material: "m", Thickness: 18},
		{ID: "top", Length: 2780, Width: 819, Quantity: 1, Material: "m", Thickness: 18},
	}
	rows := []Part{{ID: "row", Length: 2780, Width: 680, Quantity: 3, Material: "m", Thickness: 18, Grain: GrainFixed}}
	cases := []struct {
		name   string
		parts  []Part
		p      Params
		boards int
	}{
		{"two stages, strips either way", two, Params{Stages: 2}, 1},
		{"two stages, first cuts across the length", two, Params{Stages: 2, FirstCut: DirectionAcrossLength}, 2},
		{"three stages, first cuts across the length", two, Params{Stages: 3, FirstCut: DirectionAcrossLength}, 1},
		{"unlimited stages", two, Params{}, 1},
		{"one stage, full-length rows", rows, Params{Stages: 1}, 1},
		{"one stage, rows do not fit across", append(slices.Clone(rows), rows[0]), Params{Stages: 1}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.p
			p.Kerf, p.Trim = 4.4, 10
			res := solveVerified(t, board, c.parts, quick(p))
			if res.BoardsUsed != c.boards || res.LowerBound != c.boards {
				t.Errorf("%d boards, bound %d; want %d, proven (bound %d)", res.BoardsUsed, res.LowerBound, c.boards, c.boards)
			}
		})
	}
}
