package cutting

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The engine's benchmarks: large lists, where the search does the work (the small-list
// corpus is BenchmarkSmallListsQuality). Each solves with the work budget of a one second
// time limit, verifies the plan, and reports boards, the lower bound and utilisation beside
// the time per solve.

// cabinetOrder generates a cabinet job of n part copies: carcass sides, tops, bottoms,
// shelves and drawer boxes in 18 mm particle board, backs and drawer bottoms in 3 mm backing,
// doors and drawer fronts grain-locked (as scripts/bench/2bp's factory order).
func cabinetOrder(n int, seed uint64) []Part {
	rng := rand.New(rand.NewPCG(seed, 7))
	var parts []Part
	count := 0
	add := func(cab int, kind string, l, w float64, q int, mat string, th float64, grain Grain) {
		q = min(q, n-count)
		if q <= 0 {
			return
		}
		parts = append(parts, Part{ID: fmt.Sprintf("C%03d-%s", cab, kind), Label: kind, Length: l, Width: w,
			Quantity: q, Material: mat, Thickness: th, Grain: grain})
		count += q
	}
	const pb, back = "particle board", "backing"
	widths := []float64{300, 400, 450, 500, 600, 800, 900, 1000, 1200}
	for cab := 1; count < n; cab++ {
		w := widths[rng.IntN(len(widths))]
		tall := rng.IntN(5) == 0
		h, d := 720.0, 560.0
		if tall {
			h = 2100
		}
		in := w - 36
		add(cab, "side", h, d, 2, pb, 18, GrainFree)
		add(cab, "bottom", in, d, 1, pb, 18, GrainFree)
		add(cab, "top", in, d, 1, pb, 18, GrainFree)
		add(cab, "back", h-4, w-4, 1, back, 3, GrainFree)
		if !tall && rng.IntN(3) == 0 {
			for i := range 3 {
				fh := []float64{176, 236, 296}[i]
				add(cab, fmt.Sprintf("front%d", i+1), fh-3, w-3, 1, pb, 18, GrainFixed)
				add(cab, fmt.Sprintf("dside%d", i+1), 500, fh-60, 2, pb, 18, GrainFree)
				add(cab, fmt.Sprintf("dback%d", i+1), in-62, fh-70, 1, pb, 18, GrainFree)
				add(cab, fmt.Sprintf("dbottom%d", i+1), 495, in-50, 1, back, 3, GrainFree)
			}
			continue
		}
		shelves := 1 + rng.IntN(2)
		if tall {
			shelves = 4
		}
		add(cab, "shelf", in-2, d-20, shelves, pb, 18, GrainFree)
		doors := 1
		if w > 600 {
			doors = 2
		}
		add(cab, "door", h-4, w/float64(doors)-4, doors, pb, 18, GrainFixed)
	}
	return parts
}

func benchSolve(b *testing.B, boards []Board, parts []Part, p Params) {
	b.Helper()
	p.Effort = workRate
	p.TimeLimit = safetyStop
	var res Result
	for b.Loop() {
		var err error
		res, err = Solve(context.Background(), boards, parts, p)
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := Verify(boards, parts, p, res); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.BoardsUsed), "boards")
	b.ReportMetric(float64(res.LowerBound), "bound")
	b.ReportMetric(100*res.Utilisation, "util%")
}

// BenchmarkFactoryOrder is the 500-part cabinet job on 2440 × 1220 boards, kerf 4.4, trim 10.
func BenchmarkFactoryOrder(b *testing.B) {
	boards := []Board{
		{ID: "PB18", Material: "particle board", Thickness: 18, Length: 2440, Width: 1220},
		{ID: "HDF3", Material: "backing", Thickness: 3, Length: 2440, Width: 1220},
	}
	for _, st := range []int{0, 3, 2} {
		b.Run(fmt.Sprintf("stages=%d", st), func(b *testing.B) {
			benchSolve(b, boards, cabinetOrder(500, 1), Params{Kerf: 4.4, Trim: 10, Stages: st, Seed: 1,
				MinOffcutLength: 300, MinOffcutWidth: 100})
		})
	}
}

// BenchmarkRandomParts is 150 random part copies (up to 1200 × 700, a third grain-locked)
// on 2440 × 1220 boards.
func BenchmarkRandomParts(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	parts := randomParts(rng, 50, 1200, 700, GrainFree, "m")
	parts = append(parts, randomParts(rng, 25, 1200, 700, GrainFixed, "m")...)
	for i := range parts {
		parts[i].ID = fmt.Sprint(i)
	}
	boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 2440, Width: 1220}}
	for _, st := range []int{0, 3, 2} {
		b.Run(fmt.Sprintf("stages=%d", st), func(b *testing.B) {
			benchSolve(b, boards, parts, Params{Kerf: 4.4, Trim: 10, Stages: st, Seed: 1})
		})
	}
}
