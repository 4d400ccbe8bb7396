package cutting

import (
	"context"
	"sync"
	"testing"
	"time"
)

// TestProgressRunsFromZeroToAHundredWithTheFiguresOfTheGroupsDone: two materials, every
// report in order, the last one the result's boards.
func TestProgressRunsFromZeroToAHundredWithTheFiguresOfTheGroupsDone(t *testing.T) {
	boards := []Board{
		{ID: "W", Material: "white", Thickness: 18, Length: 2440, Width: 1220},
		{ID: "O", Material: "oak", Thickness: 18, Length: 2440, Width: 1220},
	}
	var parts []Part
	for i, m := range []string{"white", "oak"} {
		parts = append(parts,
			Part{ID: m + "-side", Material: m, Thickness: 18, Length: 720, Width: 560, Quantity: 12 + 4*i},
			Part{ID: m + "-shelf", Material: m, Thickness: 18, Length: 564, Width: 540, Quantity: 9})
	}
	var mu sync.Mutex
	var seen []Progress
	p := Params{Kerf: 4, Trim: 10, TimeLimit: 600 * time.Millisecond, Effort: 4000, Seed: 1, ProgressEvery: 20 * time.Millisecond,
		Progress: func(pr Progress) { mu.Lock(); seen = append(seen, pr); mu.Unlock() }}
	res, err := Solve(context.Background(), boards, parts, p)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) < 3 {
		t.Fatalf("%d reports", len(seen))
	}
	first, last := seen[0], seen[len(seen)-1]
	if first.Percent != 0 || first.Groups != 2 || first.Group != 0 || first.LowerBound < 2 {
		t.Fatalf("first report %+v", first)
	}
	if last.Percent != 100 || last.Group != 2 || last.Boards != res.BoardsUsed || last.Utilisation <= 0 || last.Utilisation > 1 {
		t.Fatalf("last report %+v, result %d boards", last, res.BoardsUsed)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Percent < seen[i-1].Percent || seen[i].Boards < seen[i-1].Boards {
			t.Fatalf("report %d went back: %+v after %+v", i, seen[i], seen[i-1])
		}
		if i < len(seen)-1 && seen[i].Percent >= 100 {
			t.Fatalf("report %d at 100 before the end: %+v", i, seen[i])
		}
	}
}
