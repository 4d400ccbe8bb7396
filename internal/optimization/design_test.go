package optimization

import (
	"testing"

	"kerf/internal/homedesign"
)

// TestADesignsPanelsBecomeRowsThatVerify: a generated kitchen, read as rows, verifies against
// the demo materials (the plans' boards are the catalogue's codes).
func TestADesignsPanelsBecomeRowsThatVerify(t *testing.T) {
	sol := homedesign.Solution{Code: "S1", Name: "厨房", Cabinets: []homedesign.Cabinet{
		homedesign.Generate(homedesign.CabinetSpec{Name: "地柜", Kind: homedesign.KindBase, Width: 600, Height: 720, Depth: 560, Doors: 1, Shelves: 1, Material: "PB18-WW"}),
	}}
	sol.Cabinets[0].Panels = append(sol.Cabinets[0].Panels, homedesign.Panel{Name: "turned", Material: "PB18-WW", Thickness: 18,
		Length: 300, Width: 900, Grain: "width", Count: 1, Edges: homedesign.Edges{Left: homedesign.Edge{Thickness: 2}}})
	rows := PartsFromDesign(homedesign.Design{PlanID: "P1", Solutions: []homedesign.Solution{sol}}, "SO1")
	if len(rows) != len(sol.Cabinets[0].Panels) || rows[0].Row != 1 || rows[0].Cabinet != "厨房 / 地柜" || rows[0].OrderNo != "SO1" {
		t.Fatalf("rows %+v", rows[:1])
	}
	last := rows[len(rows)-1]
	if last.Length != 900 || last.Width != 300 || !last.Grain || last.Banding.Top != 2 || last.Banding.Left != 0 {
		t.Fatalf("turned row %+v", last)
	}
	mats := testPlanMaterials()
	n := 0
	for _, r := range rows {
		if r.MaterialCode == "HDF5-W" {
			n++
		}
	}
	mats["HDF5-W"] = PlanMaterial{Code: "HDF5-W", Thickness: 5, Enabled: true, Boards: []PlanBoard{{Code: "H", Length: 2440, Width: 1220}}}
	if probs := Verify(rows, mats, MachineLimits{}, 10); len(probs) != 0 || n == 0 {
		t.Fatalf("problems %+v (backs %d)", probs, n)
	}
}
