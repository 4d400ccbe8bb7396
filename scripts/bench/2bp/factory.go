package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"kerf/internal/cutting"
)

// factoryOrder generates a cabinet order of exactly n parts: carcass sides, tops and bottoms,
// shelves and drawer boxes in 18 mm particle board, backs and drawer bottoms in 3 mm backing,
// doors and drawer fronts grain-locked.
func factoryOrder(n int, seed uint64) []cutting.Part {
	rng := rand.New(rand.NewPCG(seed, 7))
	var parts []cutting.Part
	count := 0
	add := func(cab int, kind string, l, w float64, q int, mat string, th float64, grain cutting.Grain) {
		if count+q > n {
			q = n - count
		}
		if q <= 0 {
			return
		}
		parts = append(parts, cutting.Part{
			ID: fmt.Sprintf("C%03d-%s", cab, kind), Label: kind, Length: l, Width: w, Quantity: q,
			Material: mat, Thickness: th, Grain: grain, OrderRef: "ORDER-1", LineRef: fmt.Sprintf("%d", cab),
		})
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
		add(cab, "side", h, d, 2, pb, 18, cutting.GrainFree)
		add(cab, "bottom", in, d, 1, pb, 18, cutting.GrainFree)
		add(cab, "top", in, d, 1, pb, 18, cutting.GrainFree)
		add(cab, "back", h-4, w-4, 1, back, 3, cutting.GrainFree)
		if !tall && rng.IntN(3) == 0 {
			// drawer unit: 3 drawers
			for i := 0; i < 3; i++ {
				fh := []float64{176, 236, 296}[i]
				add(cab, fmt.Sprintf("front%d", i+1), fh-3, w-3, 1, pb, 18, cutting.GrainFixed)
				add(cab, fmt.Sprintf("dside%d", i+1), 500, fh-60, 2, pb, 18, cutting.GrainFree)
				add(cab, fmt.Sprintf("dback%d", i+1), in-62, fh-70, 1, pb, 18, cutting.GrainFree)
				add(cab, fmt.Sprintf("dbottom%d", i+1), 495, in-50, 1, back, 3, cutting.GrainFree)
			}
			continue
		}
		shelves := 1 + rng.IntN(2)
		if tall {
			shelves = 4
		}
		add(cab, "shelf", in-2, d-20, shelves, pb, 18, cutting.GrainFree)
		doors := 1
		if w > 600 {
			doors = 2
		}
		add(cab, "door", h-4, w/float64(doors)-4, doors, pb, 18, cutting.GrainFixed)
	}
	return parts
}

func runFactory(ctx context.Context, w *bufio.Writer, c config) error {
	parts := factoryOrder(500, c.seed)
	boards := []cutting.Board{
		{ID: "PB18", Material: "particle board", Thickness: 18, Length: 2440, Width: 1220},
		{ID: "HDF3", Material: "backing", Thickness: 3, Length: 2440, Width: 1220},
	}
	p := cutting.Params{Kerf: 4.4, Trim: 10, TimeLimit: c.limit, Seed: c.seed, Workers: c.workers,
		MinOffcutLength: 300, MinOffcutWidth: 100}
	total := 0
	for _, pt := range parts {
		total += pt.Quantity
	}
	start := time.Now()
	res, err := cutting.Solve(ctx, boards, parts, p)
	el := time.Since(start)
	if err != nil {
		return fmt.Errorf("factory order: %w", err)
	}
	if err := cutting.Verify(boards, parts, p, res); err != nil {
		return fmt.Errorf("factory order: solution rejected by the checker: %w", err)
	}
	fmt.Fprintf(w, "== factory order: %d parts (%d lines), 2440 x 1220 boards, kerf 4.4, trim 10, doors grain-locked, %v limit ==\n",
		total, len(parts), c.limit)
	for _, m := range res.Materials {
		fmt.Fprintf(w, "%-16s %4.0f mm  parts %4d  boards %3d  lower bound %3d  utilisation %5.1f%%\n",
			m.Material, m.Thickness, m.Parts, m.BoardsUsed, m.LowerBound, 100*m.Utilisation)
	}
	reusable := 0
	for _, s := range res.Sheets {
		for _, o := range s.Offcuts {
			if o.Reusable {
				reusable++
			}
		}
	}
	fmt.Fprintf(w, "total boards %d (lower bound %d, gap %.1f%%), %d distinct patterns, utilisation %.1f%%, %d reusable offcuts, %.2fs\n",
		res.BoardsUsed, res.LowerBound, 100*res.Gap, len(res.Patterns), 100*res.Utilisation, reusable, el.Seconds())
	return nil
}
