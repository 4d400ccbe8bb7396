package homedesign

import "testing"

func panelOf(t *testing.T, c Cabinet, name string) Panel {
	t.Helper()
	for _, p := range c.Panels {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("%s has no %s panel: %+v", c.Name, name, c.Panels)
	return Panel{}
}

func hardwareCount(c Cabinet, code string) int {
	for _, h := range c.Hardware {
		if h.Code == code {
			return h.Count
		}
	}
	return 0
}

func TestGenerateGivesFinishedSizesBandingHolesAndHardware(t *testing.T) {
	type size struct {
		name          string
		length, width float64
		count         int
	}
	cases := []struct {
		name     string
		spec     CabinetSpec
		panels   []size
		hardware map[string]int
	}{
		{"base 600 one door one shelf",
			CabinetSpec{Name: "b", Kind: KindBase, Width: 600, Height: 720, Depth: 560, Shelves: 1, Doors: 1, Material: "PB"},
			[]size{{"side", 720, 560, 2}, {"top", 564, 560, 1}, {"bottom", 564, 560, 1}, {"back", 694, 574, 1},
				{"shelf", 563, 540, 1}, {"door", 717, 597, 1}},
			map[string]int{CodeHinge: 2, CodeHandle: 1, CodeShelfPin: 4, CodeDowel: 8}},
		{"wardrobe 1000×2400 two doors",
			CabinetSpec{Name: "w", Kind: KindWardrobe, Width: 1000, Height: 2400, Depth: 600, Shelves: 4, Doors: 2, Material: "PB"},
			[]size{{"side", 2400, 600, 2}, {"top", 964, 600, 1}, {"back", 2374, 974, 1}, {"shelf", 963, 580, 4}, {"door", 2397, 497, 2}},
			map[string]int{CodeHinge: 10, CodeHandle: 2, CodeShelfPin: 16, CodeRail: 1, CodeDowel: 8}},
		{"drawer unit 400 three drawers",
			CabinetSpec{Name: "d", Kind: KindDrawer, Width: 400, Height: 720, Depth: 500, Drawers: 3, Material: "PB"},
			[]size{{"side", 720, 500, 2}, {"drawer front", 397, 237, 3}},
			map[string]int{CodeHinge: 0, CodeHandle: 3, CodeSlide: 3, CodeShelfPin: 0}},
		{"wall 800×1200 two doors, 3 hinges each",
			CabinetSpec{Name: "h", Kind: KindWall, Width: 800, Height: 1200, Depth: 350, Shelves: 2, Doors: 2, Material: "PB"},
			[]size{{"door", 1197, 397, 2}, {"shelf", 763, 330, 2}},
			map[string]int{CodeHinge: 6, CodeHandle: 2, CodeShelfPin: 8}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.spec.Validate(); err != nil {
				t.Fatal(err)
			}
			c := Generate(tc.spec)
			for _, want := range tc.panels {
				p := panelOf(t, c, want.name)
				if p.Length != want.length || p.Width != want.width || p.Count != want.count {
					t.Errorf("%s: %v×%v ×%d, want %v×%v ×%d", want.name, p.Length, p.Width, p.Count, want.length, want.width, want.count)
				}
			}
			for code, n := range tc.hardware {
				if got := hardwareCount(c, code); got != n {
					t.Errorf("%s: %d, want %d", code, got, n)
				}
			}
		})
	}
}

func TestGenerateBandsVisibleEdges2mmHiddenEdges1mmAndDrillsTheHoles(t *testing.T) {
	c := Generate(CabinetSpec{Name: "b", Kind: KindBase, Width: 600, Height: 720, Depth: 560, Shelves: 2, Doors: 1, Material: "PB"})
	side := panelOf(t, c, "side")
	if side.Edges.Top.Thickness != 2 || side.Edges.Bottom.Thickness != 1 || side.Edges.Left.Thickness != 1 {
		t.Errorf("side edges %+v", side.Edges)
	}
	door := panelOf(t, c, "door")
	if door.Edges != banded(2, 2, 2, 2) {
		t.Errorf("door edges %+v", door.Edges)
	}
	if back := panelOf(t, c, "back"); back.Thickness != 5 || back.Edges != (Edges{}) {
		t.Errorf("back %+v", back)
	}
	if len(door.Holes) != 2 || door.Holes[0].Diameter != 35 || door.Holes[0].X != 100 || door.Holes[1].X != 617 {
		t.Errorf("door holes %+v", door.Holes)
	}
	pins, dowels := 0, 0
	for _, h := range side.Holes {
		switch h.Diameter {
		case 5:
			pins++
		case 8:
			dowels++
		}
	}
	if pins != 4 || dowels != 4 {
		t.Errorf("side: %d pin holes, %d dowel holes; want 4 and 4", pins, dowels)
	}
	if n := len(panelOf(t, c, "top").Holes); n != 4 {
		t.Errorf("top: %d dowel holes, want 4", n)
	}
}

func TestHingesPerDoorGrowWithHeight(t *testing.T) {
	for h, want := range map[float64]int{700: 2, 900: 2, 1200: 3, 1800: 4, 2000: 4, 2397: 5} {
		if got := HingesPerDoor(h); got != want {
			t.Errorf("%v: %d, want %d", h, got, want)
		}
	}
}

func TestValidateRefusesTooSmallCabinets(t *testing.T) {
	if err := (CabinetSpec{Name: "x", Width: 30, Height: 700, Depth: 500}).Validate(); err == nil {
		t.Error("a 30 mm wide cabinet was accepted")
	}
}
