package optimization

import (
	"context"
	"testing"
	"time"

	"kerf/internal/cutting"
)

func TestCutSizeTakesTheBandsOffAndAddsThePreMilling(t *testing.T) {
	cases := []struct {
		name         string
		l, w         float64
		b            Banding
		allowance    float64
		wantL, wantW float64
	}{
		{"unbanded", 720, 560, Banding{}, 1, 720, 560},
		{"2 mm on the long edges", 720, 560, Banding{Top: 2, Bottom: 2}, 1, 720, 558},
		{"1 mm all round", 720, 560, Banding{1, 1, 1, 1}, 1, 720, 560},
		{"2 mm left only, 1.5 mm allowance", 716, 396, Banding{Left: 2}, 1.5, 715.5, 396},
		{"mixed", 600, 300, Banding{Top: 2, Bottom: 0.5, Left: 1, Right: 2}, 1, 599, 299.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, w := CutSize(c.l, c.w, c.b, c.allowance)
			if l != c.wantL || w != c.wantW {
				t.Fatalf("CutSize = %g × %g, want %g × %g", l, w, c.wantL, c.wantW)
			}
		})
	}
}

func TestBookSizeStacksWhatTheBookHeightHolds(t *testing.T) {
	saw := Saw{BookHeight: 75}
	for th, want := range map[float64]int{18: 4, 5: 15, 25: 3, 80: 1, 0: 1} {
		if got := saw.BookSize(th); got != want {
			t.Errorf("BookSize(%g) = %d, want %d", th, got, want)
		}
	}
}

// TestFiguresOfAHandMadeResult: two patterns, worked by hand.
func TestFiguresOfAHandMadeResult(t *testing.T) {
	// pattern 0: a 2000 × 1000 board, one part 1000 × 1000, a reusable offcut 990 × 1000,
	// one cut of 1000 mm; five boards of it. pattern 1: one board, two parts 500 × 1000, two cuts.
	a := cutting.Sheet{Length: 2000, Width: 1000, Thickness: 18, Pattern: 0,
		Cuts:       []cutting.Cut{{X1: 1000, Y1: 0, X2: 1000, Y2: 1000}},
		Placements: []cutting.Placement{{Length: 1000, Width: 1000}},
		Offcuts:    []cutting.Offcut{{Length: 990, Width: 1000, Reusable: true}, {Length: 10, Width: 1000}}}
	b := cutting.Sheet{Length: 2000, Width: 1000, Thickness: 18, Pattern: 1,
		Cuts:       []cutting.Cut{{X1: 500, Y1: 0, X2: 500, Y2: 1000}, {X1: 1000, Y1: 0, X2: 1000, Y2: 1000}},
		Placements: []cutting.Placement{{Length: 500, Width: 1000}, {Length: 500, Width: 1000}}}
	res := cutting.Result{Sheets: []cutting.Sheet{a, a, a, a, a, b},
		Patterns: []cutting.Pattern{{Index: 0, Count: 5, Sheets: []int{0, 1, 2, 3, 4}}, {Index: 1, Count: 1, Sheets: []int{5}}}}
	// book of 4 at 18 mm: pattern 0 takes 2 cycles, pattern 1 one. A cycle: travel metres
	// at 60 m/min forward and 120 back, 5 s a cut, 30 s a load.
	saw := Saw{BookHeight: 75, FeedSpeed: 60, ReturnSpeed: 120, CutTime: 5, LoadTime: 30}
	f := FiguresOf(res, saw)
	// pattern 0 cycle: 1 m → 1 + 0.5 + 5 + 30 = 36.5 s, twice = 73; pattern 1: 2 m → 2 + 1 + 10 + 30 = 43
	want := Figures{Boards: 6, Parts: 7, OffcutsKept: 5, PartsArea: 6, BoardsArea: 12, OffcutsArea: 4.95,
		Utilisation: 50, WastePct: 8.75, WasteOffcutPct: 50, Cuts: 4, Cycles: 3, SawSeconds: 116}
	if f != want {
		t.Fatalf("figures\n got %+v\nwant %+v", f, want)
	}
}

// TestFiguresOfARealSolveAddUp: the engine's own result, the areas consistent with it.
func TestFiguresOfARealSolveAddUp(t *testing.T) {
	res, err := cutting.Solve(context.Background(),
		[]cutting.Board{{ID: "B", Material: "PB18-WW", Thickness: 18, Length: 2440, Width: 1220}},
		[]cutting.Part{{ID: "side", Material: "PB18-WW", Thickness: 18, Length: 720, Width: 560, Quantity: 20}},
		cutting.Params{Kerf: 4.4, Trim: 10, MinOffcutLength: 300, MinOffcutWidth: 200, TimeLimit: 300 * time.Millisecond, Effort: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := FiguresOf(res, Saw{BookHeight: 75, FeedSpeed: 80, ReturnSpeed: 150, CutTime: 6, LoadTime: 40})
	if f.Boards != res.BoardsUsed || f.Parts != 20 || f.PartsArea != round3(20*0.72*0.56) {
		t.Fatalf("figures %+v for %d boards", f, res.BoardsUsed)
	}
	if f.Cycles < 1 || f.Cuts < f.Cycles || f.SawSeconds <= 0 || f.WasteOffcutPct < f.WastePct {
		t.Fatalf("figures %+v", f)
	}
}
