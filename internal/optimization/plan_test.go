package optimization

import (
	"context"
	"testing"
	"time"

	"kerf/internal/cutting"
)

func testPlanMaterials() map[string]PlanMaterial {
	n := 2
	return map[string]PlanMaterial{
		"PB18-WW": {Code: "PB18-WW", Thickness: 18, Enabled: true, EdgeAllowance: 1,
			Boards: []PlanBoard{{Code: "B1", Length: 2440, Width: 1220, Cost: 138}, {Code: "B2", Length: 2800, Width: 2070, Cost: 198, Quantity: &n}}},
		"PB18-OK": {Code: "PB18-OK", Thickness: 18, Enabled: false, Boards: []PlanBoard{{Code: "B3", Length: 2440, Width: 1220}}},
		"HDF5-W":  {Code: "HDF5-W", Thickness: 5, Enabled: true},
	}
}

func TestVerifyNamesEveryProblemWithItsRow(t *testing.T) {
	parts := []CutPart{
		{Row: 2, Name: "侧板", MaterialCode: "pb18-ww", Thickness: 18, Length: 720, Width: 560, Count: 2},
		{Row: 3, Name: "门板", MaterialCode: "XX", Thickness: 18, Length: 700, Width: 400, Count: 1},
		{Row: 4, Name: "顶板", MaterialCode: "PB18-OK", Thickness: 18, Length: 700, Width: 400, Count: 1},
		{Row: 5, Name: "背板", MaterialCode: "HDF5-W", Thickness: 5, Length: 700, Width: 400, Count: 1},
		{Row: 6, Name: "层板", MaterialCode: "PB18-WW", Thickness: 25, Length: 700, Width: 400, Count: 1},
		{Row: 7, Name: "长条", MaterialCode: "PB18-WW", Thickness: 18, Length: 2770, Width: 100, Count: 1, Grain: true},
		{Row: 8, Name: "超大", MaterialCode: "PB18-WW", Thickness: 18, Length: 2900, Width: 100, Count: 1},
		{Row: 9, Name: "半块", MaterialCode: "PB18-WW", Thickness: 18, Length: 700, Width: 400, Count: 1.5},
		{Row: 10, Name: "零", MaterialCode: "PB18-WW", Thickness: 18, Length: 0, Width: 400, Count: 1},
		{Row: 11, Name: "横放", MaterialCode: "PB18-WW", Thickness: 18, Length: 500, Width: 2400, Count: 1},
	}
	got := Verify(parts, testPlanMaterials(), MachineLimits{MaxLength: 3800, MaxWidth: 2100}, 10)
	want := map[int]string{3: ProblemUnknownMaterial, 4: ProblemMaterialDisabled, 5: ProblemNoBoard, 6: ProblemNoBoard,
		8: ProblemTooLarge, 9: ProblemBadCount, 10: ProblemBadSize}
	if len(got) != len(want) {
		t.Fatalf("problems %+v", got)
	}
	for _, p := range got {
		if want[p.Row] != p.Kind {
			t.Errorf("row %d: %s, want %s", p.Row, p.Kind, want[p.Row])
		}
	}
	// a machine narrower than the boards refuses what the boards would take
	if got := Verify(parts[10-1:], testPlanMaterials(), MachineLimits{MaxLength: 2000, MaxWidth: 2000}, 10); len(got) != 1 || got[0].Kind != ProblemTooLarge {
		t.Fatalf("narrow machine: %+v", got)
	}
}

func TestEngineInputCutsAtCutSizeAndTheRunLabelsEveryCopy(t *testing.T) {
	parts := []CutPart{
		{Row: 2, Name: "侧板", OrderNo: "SO1", Cabinet: "地柜", MaterialCode: "PB18-WW", Thickness: 18, Length: 720, Width: 560, Count: 4,
			Banding: Banding{Top: 2, Bottom: 1}},
		{Row: 3, Name: "门板", OrderNo: "SO2", Cabinet: "吊柜", MaterialCode: "PB18-WW", Thickness: 18, Length: 716, Width: 396, Count: 2, Grain: true,
			Banding: Banding{2, 2, 2, 2}},
	}
	boards, eparts := EngineInput(parts, testPlanMaterials(), true)
	if len(boards) != 2 || boards[1].Count != 2 || boards[0].Count != 0 {
		t.Fatalf("boards %+v", boards)
	}
	if eparts[0].Length != 720 || eparts[0].Width != 559 || eparts[0].Grain != cutting.GrainFree || eparts[0].Quantity != 4 {
		t.Fatalf("side %+v", eparts[0])
	}
	if eparts[1].Length != 714 || eparts[1].Width != 394 || eparts[1].Grain != cutting.GrainFixed || eparts[1].OrderRef != "SO2" {
		t.Fatalf("door %+v", eparts[1])
	}
	res, err := cutting.Solve(context.Background(), boards, eparts, cutting.Params{Kerf: 4.4, Trim: 10, TimeLimit: 200 * time.Millisecond, Effort: 500, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := cutting.Verify(boards, eparts, cutting.Params{Kerf: 4.4, Trim: 10}, res); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, sh := range res.Sheets {
		for j := range sh.Placements {
			code := LabelCode("OP20261124001", i+1, j+1)
			if seen[code] {
				t.Fatalf("label %s twice", code)
			}
			seen[code] = true
		}
	}
	if len(seen) != 6 || !seen["OP20261124001-001-001"] {
		t.Fatalf("labels %v", seen)
	}
}
