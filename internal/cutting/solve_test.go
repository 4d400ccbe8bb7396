package cutting

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// safetyStop is the wall-clock limit of the tests' searches. It is only a guard against a
// search that never ends: each test's work budget (Params.Effort) takes a small fraction of
// it even on a loaded machine under the race detector, so the budget, not the clock, ends
// every search and the tests assert on work done, never on time taken.
const safetyStop = time.Minute

// quick returns test parameters with a small, deterministic search budget.
func quick(p Params) Params {
	if p.Effort == 0 {
		p.Effort = 300_000
	}
	p.TimeLimit = safetyStop
	return p
}

// solveVerified solves, checks the plan and that the clock did not cut the search short.
func solveVerified(t *testing.T, boards []Board, parts []Part, p Params) Result {
	t.Helper()
	res, err := Solve(context.Background(), boards, parts, p)
	if err != nil {
		t.Fatalf("Solve: %v", err)
	}
	if err := Verify(boards, parts, p, res); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	if !res.Deterministic {
		t.Fatalf("the wall clock (%v) stopped the search before its work budget %d was spent", p.TimeLimit, p.Effort)
	}
	return res
}

func randomParts(rng *rand.Rand, n int, maxL, maxW float64, grain Grain, mat string) []Part {
	parts := make([]Part, n)
	for i := range parts {
		parts[i] = Part{
			ID:     fmt.Sprintf("%s%d", mat, i),
			Length: float64(1+rng.IntN(int(maxL))) + float64(rng.IntN(10))/10,
			Width:  float64(1 + rng.IntN(int(maxW))), Quantity: 1 + rng.IntN(3),
			Material: mat, Thickness: 18, Grain: grain,
		}
	}
	return parts
}

func TestSolveRandomInstancesPassTheChecker(t *testing.T) {
	cases := []struct {
		name string
		p    Params
		rot  Grain
	}{
		{"unlimited stages, no kerf", Params{}, GrainFixed},
		{"rotation, kerf and trim", Params{Kerf: 3.2, Trim: 5}, GrainFree},
		{"two stages", Params{Stages: 2, Kerf: 4}, GrainFree},
		{"three stages, rip first", Params{Stages: 3, Kerf: 4, FirstCut: DirectionAlongLength}, GrainFixed},
		{"cross cut first, offcuts", Params{FirstCut: DirectionAcrossLength, MinOffcutLength: 100, MinOffcutWidth: 50, Kerf: 2}, GrainFree},
		{"one worker", Params{Workers: 1, Kerf: 1}, GrainFree},
	}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := range uint64(3) {
				rng := rand.New(rand.NewPCG(seed, uint64(ci)))
				parts := randomParts(rng, 10+rng.IntN(30), 900, 500, c.rot, "oak")
				parts = append(parts, randomParts(rng, 5, 400, 400, GrainFree, "pine")...)
				boards := []Board{
					{ID: "oak", Material: "oak", Thickness: 18, Length: 1000, Width: 600},
					{ID: "pine", Material: "pine", Thickness: 18, Length: 800, Width: 500},
				}
				p := quick(c.p)
				p.Seed = seed
				res := solveVerified(t, boards, parts, p)
				if res.BoardsUsed < res.LowerBound || res.Utilisation <= 0 || res.Utilisation > 1 {
					t.Errorf("boards %d, bound %d, utilisation %g", res.BoardsUsed, res.LowerBound, res.Utilisation)
				}
			}
		})
	}
}

func TestSolveEdgeCases(t *testing.T) {
	board := Board{ID: "B", Material: "m", Thickness: 18, Length: 1003, Width: 500}
	cases := []struct {
		name       string
		boards     []Board
		parts      []Part
		p          Params
		boardsUsed int
		err        string
	}{
		{"part exactly the board size", []Board{board},
			[]Part{{ID: "full", Length: 1003, Width: 500, Quantity: 2, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{Kerf: 4}, 2, ""},
		{"part exactly the trimmed board size", []Board{board},
			[]Part{{ID: "full", Length: 983, Width: 480, Quantity: 1, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{Kerf: 4, Trim: 10}, 1, ""},
		{"kerf larger than the gap keeps two parts apart", []Board{board},
			[]Part{{ID: "half", Length: 500, Width: 500, Quantity: 2, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{Kerf: 4}, 2, ""},
		{"kerf that fits the gap lets them share", []Board{board},
			[]Part{{ID: "half", Length: 500, Width: 500, Quantity: 2, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{Kerf: 3}, 1, ""},
		{"grain-locked part that only fits rotated", []Board{board},
			[]Part{{ID: "door", Length: 450, Width: 700, Quantity: 1, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{}, 0, "fixed grain and fits"},
		{"free part that only fits rotated", []Board{board},
			[]Part{{ID: "door", Length: 450, Width: 700, Quantity: 1, Material: "m", Thickness: 18, Grain: GrainFree}},
			Params{}, 1, ""},
		{"part larger than every board", []Board{board},
			[]Part{{ID: "big", Length: 1100, Width: 700, Quantity: 1, Material: "m", Thickness: 18}},
			Params{}, 0, "larger than every"},
		{"no board of the material", []Board{board},
			[]Part{{ID: "p", Length: 100, Width: 100, Quantity: 1, Material: "glass", Thickness: 18}},
			Params{}, 0, "no board of material"},
		{"negative size", []Board{board},
			[]Part{{ID: "p", Length: -100, Width: 100, Quantity: 1, Material: "m", Thickness: 18}},
			Params{}, 0, "must be positive"},
		{"not enough boards", []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 500, Count: 1}},
			[]Part{{ID: "p", Length: 600, Width: 300, Quantity: 3, Material: "m", Thickness: 18}},
			Params{}, 0, "not enough boards"},
		{"limited boards with an offcut in stock", []Board{
			{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 500, Count: 1},
			{ID: "O", Material: "m", Thickness: 18, Length: 700, Width: 400, Count: 1, Offcut: true}},
			[]Part{{ID: "p", Length: 600, Width: 300, Quantity: 2, Material: "m", Thickness: 18, Grain: GrainFixed}},
			Params{}, 2, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quick(c.p)
			res, err := Solve(context.Background(), c.boards, c.parts, p)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Solve: %v", err)
			}
			if err := Verify(c.boards, c.parts, p, res); err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if res.BoardsUsed != c.boardsUsed {
				t.Errorf("boards used %d, want %d", res.BoardsUsed, c.boardsUsed)
			}
		})
	}
}

// The plan depends only on the seed and the work budget: also with three workers that
// exchange their best at fixed checkpoints, several material groups, and a group that
// stops at its bound.
func TestSolveIsDeterministicForASeed(t *testing.T) {
	two := randomParts(rand.New(rand.NewPCG(5, 5)), 40, 600, 400, GrainFree, "m")
	three := append(randomParts(rand.New(rand.NewPCG(9, 9)), 30, 600, 400, GrainFree, "m"),
		Part{ID: "q", Length: 250, Width: 200, Quantity: 12, Material: "n", Thickness: 18})
	cases := []struct {
		name   string
		parts  []Part
		boards []Board
		p      Params
	}{
		{"two workers", two, []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600}},
			Params{Kerf: 3, Seed: 42, Effort: 500_000}},
		{"three workers exchanging", three, []Board{
			{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600},
			{ID: "C", Material: "n", Thickness: 18, Length: 1000, Width: 600},
		}, Params{Kerf: 2, Seed: 7, Workers: 3, Effort: 400_000}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quick(c.p)
			encode := func() string {
				res := solveVerified(t, c.boards, c.parts, p)
				res.Elapsed = 0
				b, err := json.Marshal(res)
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			if a, b := encode(), encode(); a != b {
				t.Error("two runs with the same seed differ")
			}
		})
	}
}

func TestSolveGroupsIdenticalPatterns(t *testing.T) {
	parts := []Part{{ID: "p", Length: 500, Width: 300, Quantity: 12, Material: "m", Thickness: 18, Grain: GrainFixed}}
	boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600}}
	res := solveVerified(t, boards, parts, quick(Params{}))
	if res.BoardsUsed != 3 || len(res.Patterns) != 1 || res.Patterns[0].Count != 3 {
		t.Errorf("got %d boards in %d patterns, want 3 boards in one pattern of 3", res.BoardsUsed, len(res.Patterns))
	}
}

// A plan that reaches the lower bound ends the search there: with a budget of hours of
// work, the search does (next to) none of it.
func TestSolveStopsAtTheLowerBound(t *testing.T) {
	parts := []Part{{ID: "p", Length: 250, Width: 200, Quantity: 36, Material: "m", Thickness: 18}}
	boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600}}
	p := quick(Params{Effort: 1 << 40})
	res := solveVerified(t, boards, parts, p)
	if res.BoardsUsed != 3 || res.LowerBound != 3 {
		t.Errorf("boards %d bound %d, want 3 and 3", res.BoardsUsed, res.LowerBound)
	}
	if res.Iterations > 1000 {
		t.Errorf("%d iterations after reaching the lower bound, want the search to stop there", res.Iterations)
	}
}

// cancelAfter is a context that reports itself cancelled once Err has been asked n times,
// so a test cancels a search after a known amount of work instead of after some time.
type cancelAfter struct {
	context.Context
	left atomic.Int64
}

func (c *cancelAfter) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// A cancelled search stops within one check interval (64 iterations per worker) and
// returns the best valid plan so far, marked as not reproducible.
func TestSolveHonoursCancellation(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	parts := randomParts(rng, 60, 600, 400, GrainFree, "m")
	boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600}}
	const checks = 4 // answered "not cancelled" before the cancellation
	ctx := &cancelAfter{Context: context.Background()}
	ctx.left.Store(checks)
	p := Params{TimeLimit: safetyStop, Effort: 1 << 50, Workers: 2}
	res, err := Solve(ctx, boards, parts, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(boards, parts, p, res); err != nil {
		t.Fatal(err)
	}
	if res.Deterministic {
		t.Error("a cancelled search is reported as reproducible")
	}
	if most := int64(64 * (checks + p.Workers)); res.Iterations > most {
		t.Errorf("%d iterations, want at most %d: the search went on after cancellation", res.Iterations, most)
	}
}

func TestErrorsUnwrap(t *testing.T) {
	_, err := Solve(context.Background(), nil, []Part{{ID: "p", Length: 1, Width: 1, Quantity: 1}}, Params{})
	if !errors.Is(err, ErrNoFit) {
		t.Errorf("error %v should unwrap to ErrNoFit", err)
	}
	_, err = Solve(context.Background(), nil, nil, Params{Kerf: -1})
	if !errors.Is(err, ErrInvalidInput) {
		t.Errorf("error %v should unwrap to ErrInvalidInput", err)
	}
}

func TestSolveManyRandomSettingsPassTheChecker(t *testing.T) {
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 99))
		p := Params{
			Kerf:     []float64{0, 0.5, 3.2, 4.4}[rng.IntN(4)],
			Trim:     []float64{0, 1, 10}[rng.IntN(3)],
			Stages:   []int{0, 0, 2, 3, 4}[rng.IntN(5)],
			FirstCut: Direction(rng.IntN(3)),
			Seed:     seed,
			Effort:   100_000,
		}
		grain := Grain(rng.IntN(2))
		L, W := float64(200+rng.IntN(800)), float64(200+rng.IntN(800))
		parts := randomParts(rng, 5+rng.IntN(40), L/2, W/2, grain, "m")
		if rng.IntN(3) == 0 {
			parts = append(parts, Part{ID: "whole", Length: L - 2*p.Trim, Width: W - 2*p.Trim, Quantity: 1, Material: "m", Thickness: 18, Grain: GrainFixed})
		}
		boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: L, Width: W}}
		if rng.IntN(3) == 0 {
			boards = append(boards, Board{ID: "O", Material: "m", Thickness: 18, Length: L / 2, Width: W, Count: 2, Offcut: true})
		}
		t.Run(fmt.Sprintf("seed %d %+v", seed, p), func(t *testing.T) {
			solveVerified(t, boards, parts, quick(p))
		})
	}
}
