package auditdesign

import (
	"math"
	"strings"

	"kerf/internal/catalog"
	"kerf/internal/homedesign"
)

// Quotation line kinds.
const (
	LinePanel    = "panel"
	LineBanding  = "banding"
	LineHardware = "hardware"
)

// QuoteLine is one priced line of a quotation. Quantity is m² for a panel, metres for
// banding, pieces for hardware; UnitPrice is per that unit, rounded to 2 places; Amount is in
// cents (quantity × unit price, rounded), so totals add exactly.
type QuoteLine struct {
	Kind      string
	Cabinet   string
	Name      string
	Material  string // the panel's material, the banding's thickness and colour, the fitting's code
	Thickness float64
	Length    float64
	Width     float64
	Count     int
	Quantity  float64
	UnitPrice float64
	Amount    int64
	Priced    bool // false: no catalogue part matched (price 0, a warning in the quotation)
}

// QuoteSolution is one solution's lines and total (cents).
type QuoteSolution struct {
	Code, Name string
	Lines      []QuoteLine
	Total      int64
}

// Prices finds catalogue parts for a design's panels, banding and hardware (decision 0012,
// "Quotation"): a board by code or name equal to the panel's material (case aside), its
// thickness (the part's height) equal when the part has one; banding by the board's colour
// and the edge's thickness among parts without a length (rolls); hardware by code.
type Prices struct {
	byKey []catalog.Part
}

// NewPrices indexes the enabled parts.
func NewPrices(parts []catalog.Part) *Prices {
	p := &Prices{}
	for _, pt := range parts {
		if pt.IsEnable && pt.Price != nil {
			p.byKey = append(p.byKey, pt)
		}
	}
	return p
}

func num(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}

func (p *Prices) board(material string, thickness float64) *catalog.Part {
	m := strings.TrimSpace(material)
	for _, match := range []func(pt *catalog.Part) bool{
		func(pt *catalog.Part) bool { return strings.EqualFold(pt.Code, m) },
		func(pt *catalog.Part) bool { return strings.EqualFold(pt.Name, m) },
	} {
		for i := range p.byKey {
			pt := &p.byKey[i]
			if match(pt) && (num(pt.Height) == 0 || num(pt.Height) == thickness) {
				return pt
			}
		}
	}
	return nil
}

func (p *Prices) banding(color string, thickness float64) *catalog.Part {
	for i := range p.byKey {
		pt := &p.byKey[i]
		if num(pt.Length) == 0 && num(pt.Width) > 0 && num(pt.Height) == thickness && pt.Color != "" && pt.Color == color {
			return pt
		}
	}
	return nil
}

func (p *Prices) hardware(code string) *catalog.Part {
	for i := range p.byKey {
		if strings.EqualFold(p.byKey[i].Code, strings.TrimSpace(code)) {
			return &p.byKey[i]
		}
	}
	return nil
}

func round(f float64, places int) float64 {
	k := math.Pow(10, float64(places))
	return math.Round(f*k) / k
}

func cents(quantity, unitPrice float64) int64 { return int64(math.Round(quantity * unitPrice * 100)) }

// perSquareMetre is a board's price per m²: its price over its area when it has a length and
// width (a sheet's cost), else its price as it is.
func perSquareMetre(pt *catalog.Part) float64 {
	l, w := num(pt.Length), num(pt.Width)
	if l > 0 && w > 0 {
		return num(pt.Price) / (l * w / 1e6)
	}
	return num(pt.Price)
}

type bandKey struct {
	thickness float64
	color     string
}

// Quote prices one solution: a line per panel, a line per banding thickness and colour, a
// line per hardware code.
func (p *Prices) Quote(sol homedesign.Solution) QuoteSolution {
	out := QuoteSolution{Code: sol.Code, Name: sol.Name}
	bands := map[bandKey]float64{} // metres
	var bandOrder []bandKey
	hw := map[string]*QuoteLine{}
	var hwOrder []string
	for _, c := range sol.Cabinets {
		for _, pn := range c.Panels {
			l := QuoteLine{Kind: LinePanel, Cabinet: c.Name, Name: pn.Name, Material: pn.Material, Thickness: pn.Thickness,
				Length: pn.Length, Width: pn.Width, Count: pn.Count,
				Quantity: round(pn.Length*pn.Width*float64(pn.Count)/1e6, 3)}
			color := ""
			if pt := p.board(pn.Material, pn.Thickness); pt != nil {
				l.UnitPrice, l.Priced, color = round(perSquareMetre(pt), 2), true, pt.Color
			}
			l.Amount = cents(l.Quantity, l.UnitPrice)
			out.Lines = append(out.Lines, l)
			for _, e := range []struct {
				edge homedesign.Edge
				run  float64
			}{{pn.Edges.Top, pn.Length}, {pn.Edges.Bottom, pn.Length}, {pn.Edges.Left, pn.Width}, {pn.Edges.Right, pn.Width}} {
				if e.edge.Thickness <= 0 {
					continue
				}
				k := bandKey{e.edge.Thickness, color}
				if _, ok := bands[k]; !ok {
					bandOrder = append(bandOrder, k)
				}
				bands[k] += e.run * float64(pn.Count) / 1000
			}
		}
		for _, h := range c.Hardware {
			key := strings.ToUpper(strings.TrimSpace(h.Code)) // one line per code, its case aside
			l, ok := hw[key]
			if !ok {
				l = &QuoteLine{Kind: LineHardware, Name: h.Name, Material: h.Code}
				hw[key] = l
				hwOrder = append(hwOrder, key)
			}
			l.Count += h.Count
		}
	}
	for _, k := range bandOrder {
		l := QuoteLine{Kind: LineBanding, Material: k.color, Thickness: k.thickness, Quantity: round(bands[k], 2)}
		if pt := p.banding(k.color, k.thickness); pt != nil {
			l.Name, l.UnitPrice, l.Priced = pt.Name, round(num(pt.Price), 2), true
		}
		l.Amount = cents(l.Quantity, l.UnitPrice)
		out.Lines = append(out.Lines, l)
	}
	for _, code := range hwOrder {
		l := hw[code]
		l.Quantity = float64(l.Count)
		if pt := p.hardware(l.Material); pt != nil {
			l.UnitPrice, l.Priced = round(num(pt.Price), 2), true
		}
		l.Amount = cents(l.Quantity, l.UnitPrice)
		out.Lines = append(out.Lines, *l)
	}
	for _, l := range out.Lines {
		out.Total += l.Amount
	}
	return out
}
