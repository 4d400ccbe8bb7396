package auditdesign

import (
	"testing"

	"kerf/internal/catalog"
	"kerf/internal/homedesign"
)

func part(name, code, color string, l, w, h, price float64) catalog.Part {
	p := catalog.Part{}
	p.Name, p.Code, p.Color, p.IsEnable = name, code, color, true
	if l > 0 {
		p.Length = &l
	}
	if w > 0 {
		p.Width = &w
	}
	if h > 0 {
		p.Height = &h
	}
	p.Price = &price
	return p
}

// TestAQuotationPricesPanelsBandingAndHardwareFromKnownPrices: every figure worked by hand.
func TestAQuotationPricesPanelsBandingAndHardwareFromKnownPrices(t *testing.T) {
	prices := NewPrices([]catalog.Part{
		// a 2000 × 1000 board of 18 mm at 200: 100 a m²
		part("颗粒板 白", "PB-W", "白", 2000, 1000, 18, 200),
		// the same code at 25 mm is another board
		part("颗粒板 白 25", "PB-W", "白", 2000, 1000, 25, 500),
		part("封边 1mm 白", "EB1-W", "白", 0, 22, 1, 0.5),
		part("铰链", "HG", "", 0, 0, 0, 6.5),
	})
	sol := homedesign.Solution{Code: "S1", Name: "厨房", Cabinets: []homedesign.Cabinet{{
		Name: "地柜",
		Panels: []homedesign.Panel{
			// 0.5 m² × 2 = 1 m² at 100 = 100.00; banded 1 mm on both long edges: 2 × 1 m × 2 = 4 m
			{Name: "侧板", Material: "PB-W", Thickness: 18, Length: 1000, Width: 500, Count: 2,
				Edges: homedesign.Edges{Top: homedesign.Edge{Thickness: 1}, Bottom: homedesign.Edge{Thickness: 1}}},
			// 0.3 × 0.4 = 0.12 m² at 250 (500 over 2 m²) = 30.00; banded on one short edge: 0.4 m
			{Name: "门板", Material: "颗粒板 白 25", Thickness: 25, Length: 300, Width: 400, Count: 1,
				Edges: homedesign.Edges{Left: homedesign.Edge{Thickness: 1}}},
			// no such board: price 0, unpriced
			{Name: "背板", Material: "HDF", Thickness: 5, Length: 1000, Width: 1000, Count: 1},
		},
		Hardware: []homedesign.Hardware{{Name: "hinge", Code: "HG", Count: 3}, {Name: "leg", Code: "LEG", Count: 4}},
	}, {
		Name:     "吊柜",
		Hardware: []homedesign.Hardware{{Name: "hinge", Code: "hg", Count: 1}},
	}}}
	q := prices.Quote(sol)
	want := []struct {
		kind     string
		quantity float64
		unit     float64
		amount   int64
		priced   bool
	}{
		{LinePanel, 1, 100, 10000, true},
		{LinePanel, 0.12, 250, 3000, true},
		{LinePanel, 1, 0, 0, false},
		{LineBanding, 4.4, 0.5, 220, true}, // the side's 4 m and the door's 0.4 m, both white 1 mm
		{LineHardware, 4, 6.5, 2600, true}, // 3 + 1 hinges, the code's case aside
		{LineHardware, 4, 0, 0, false},
	}
	if len(q.Lines) != len(want) {
		t.Fatalf("%d lines: %+v", len(q.Lines), q.Lines)
	}
	for i, w := range want {
		l := q.Lines[i]
		if l.Kind != w.kind || l.Quantity != w.quantity || l.UnitPrice != w.unit || l.Amount != w.amount || l.Priced != w.priced {
			t.Errorf("line %d = %+v, want %+v", i, l, w)
		}
	}
	if q.Total != 10000+3000+220+2600 {
		t.Errorf("total %d cents", q.Total)
	}
}

// TestAQuotationRoundsEachLineToTheCent: 0.333 m² at 33.33 is 11.10, and three of them 33.30.
func TestAQuotationRoundsEachLineToTheCent(t *testing.T) {
	prices := NewPrices([]catalog.Part{part("板", "B", "", 0, 0, 0, 33.33)})
	sol := homedesign.Solution{Cabinets: []homedesign.Cabinet{{Panels: []homedesign.Panel{
		{Material: "B", Thickness: 18, Length: 333, Width: 1000, Count: 1},
		{Material: "B", Thickness: 18, Length: 333, Width: 1000, Count: 1},
		{Material: "B", Thickness: 18, Length: 333, Width: 1000, Count: 1},
	}}}}
	q := prices.Quote(sol)
	if q.Lines[0].Amount != 1110 || q.Total != 3330 {
		t.Fatalf("line %d, total %d", q.Lines[0].Amount, q.Total)
	}
}
