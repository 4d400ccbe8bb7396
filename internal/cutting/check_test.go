package cutting

import (
	"strings"
	"testing"
)

// validPlan returns a small verified plan to tamper with.
func validPlan(t *testing.T) ([]Board, []Part, Params, Result) {
	t.Helper()
	boards := []Board{{ID: "B", Material: "m", Thickness: 18, Length: 1000, Width: 600}}
	parts := []Part{
		{ID: "a", Length: 400, Width: 300, Quantity: 2, Material: "m", Thickness: 18, Grain: GrainFixed},
		{ID: "b", Length: 550, Width: 250, Quantity: 1, Material: "m", Thickness: 18, Grain: GrainFree},
	}
	p := quick(Params{Kerf: 4, Stages: 3})
	return boards, parts, p, solveVerified(t, boards, parts, p)
}

// clone deep-copies the parts of a result the tests modify.
func cloneResult(r Result) Result {
	c := r
	c.Sheets = make([]Sheet, len(r.Sheets))
	for i, s := range r.Sheets {
		s.Placements = append([]Placement(nil), s.Placements...)
		c.Sheets[i] = s
	}
	return c
}

func TestVerifyRejectsBrokenPlans(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(r *Result, p *Params)
		want   string
	}{
		{"a part placed twice", func(r *Result, p *Params) {
			s := &r.Sheets[0]
			s.Placements = append(s.Placements, s.Placements[0])
		}, "placed"},
		{"a part missing", func(r *Result, p *Params) {
			s := &r.Sheets[0]
			s.Placements = s.Placements[1:]
		}, "placed, quantity"},
		{"a part moved onto another", func(r *Result, p *Params) {
			s := &r.Sheets[0]
			s.Placements[1].X, s.Placements[1].Y = s.Placements[0].X+1, s.Placements[0].Y
		}, "overlap"},
		{"a part outside the board", func(r *Result, p *Params) {
			r.Sheets[0].Placements[0].X = 990
		}, "leaves the trimmed board"},
		{"a fixed-grain part rotated", func(r *Result, p *Params) {
			for i, pl := range r.Sheets[0].Placements {
				if pl.PartID == "a" {
					r.Sheets[0].Placements[i].Length, r.Sheets[0].Placements[i].Width = pl.Width, pl.Length
					return
				}
			}
		}, "grain is fixed"},
		{"kerf wider than the plan allowed", func(r *Result, p *Params) {
			p.Kerf = 300
		}, "closer than the kerf"},
		{"too few stages", func(r *Result, p *Params) {
			p.Stages = 1
		}, "stages"},
		{"wrong utilisation", func(r *Result, p *Params) {
			r.Utilisation = 0.99
		}, "utilisation"},
		{"bound above the boards used", func(r *Result, p *Params) {
			r.Materials[0].LowerBound = 9
			r.LowerBound = 9
		}, "above"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			boards, parts, p, res := validPlan(t)
			r := cloneResult(res)
			c.tamper(&r, &p)
			err := Verify(boards, parts, p, r)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Verify = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestVerifyDetectsNonGuillotinePlacements(t *testing.T) {
	// the classic pinwheel: four parts around a hole, no straight cut separates them
	boards := []Board{{ID: "B", Material: "m", Thickness: 1, Length: 30, Width: 30}}
	parts := []Part{
		{ID: "a", Length: 20, Width: 10, Quantity: 1, Material: "m", Thickness: 1, Grain: GrainFixed},
		{ID: "b", Length: 10, Width: 20, Quantity: 1, Material: "m", Thickness: 1, Grain: GrainFixed},
		{ID: "c", Length: 20, Width: 10, Quantity: 1, Material: "m", Thickness: 1, Grain: GrainFixed},
		{ID: "d", Length: 10, Width: 20, Quantity: 1, Material: "m", Thickness: 1, Grain: GrainFixed},
	}
	sh := Sheet{Board: 0, BoardID: "B", Material: "m", Thickness: 1, Length: 30, Width: 30,
		Placements: []Placement{
			{Part: 0, PartID: "a", X: 0, Y: 0, Length: 20, Width: 10},
			{Part: 1, PartID: "b", X: 20, Y: 0, Length: 10, Width: 20},
			{Part: 2, PartID: "c", X: 10, Y: 20, Length: 20, Width: 10},
			{Part: 3, PartID: "d", X: 0, Y: 10, Length: 10, Width: 20},
		}}
	v := verifier{boards: boards, parts: parts}
	rects := []urect{{0, 0, 20, 10}, {20, 0, 10, 20}, {10, 20, 20, 10}, {0, 10, 10, 20}}
	v.guillotine(0, rects, urect{0, 0, 30, 30})
	if len(v.errs) == 0 || !strings.Contains(v.errs[0].Error(), "guillotine") {
		t.Errorf("pinwheel accepted: %v", v.errs)
	}
	_ = sh
}

func TestStagesNeeded(t *testing.T) {
	cases := []struct {
		name  string
		rects []urect
		want  int
	}{
		{"part filling the board", []urect{{0, 0, 10, 10}}, 0},
		{"part spanning the width", []urect{{0, 0, 10, 4}}, 1},
		{"one small part", []urect{{0, 0, 3, 4}}, 2},
		{"two strips of parts", []urect{{0, 0, 5, 4}, {5, 0, 5, 4}, {0, 4, 10, 6}}, 2},
		{"strip with a trimmed part", []urect{{0, 0, 5, 4}, {5, 0, 5, 3}, {0, 4, 10, 6}}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := verifier{}
			got, ok := v.stagesNeeded(c.rects, urect{0, 0, 10, 10}, 1, false)
			if !ok || got != c.want {
				t.Errorf("stages %d ok %v, want %d", got, ok, c.want)
			}
		})
	}
}

func TestBounds(t *testing.T) {
	cases := []struct {
		name          string
		W, H          int64
		w, h          []int64
		l0, mvAtLeast int
	}{
		{"area only", 10, 10, []int64{5, 5, 5, 5}, []int64{5, 5, 5, 5}, 1, 1},
		{"wide parts stack", 10, 10, []int64{6, 6, 6}, []int64{4, 4, 4}, 1, 2},
		{"big parts alone", 10, 10, []int64{6, 6, 6}, []int64{6, 6, 6}, 2, 3},
		{"one-dimensional", 10, 10, []int64{10, 10, 10, 10}, []int64{3, 3, 3, 3}, 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := boundL0(c.W, c.H, c.w, c.h); got != c.l0 {
				t.Errorf("L0 %d, want %d", got, c.l0)
			}
			if got := boundMV(c.W, c.H, c.w, c.h); got < c.mvAtLeast || got < c.l0 {
				t.Errorf("MV bound %d, want at least %d", got, c.mvAtLeast)
			}
		})
	}
}
