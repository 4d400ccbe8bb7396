package optimization

import (
	"kerf/internal/homedesign"
)

// PartsFromDesign reads a design's panels as cut-list rows (the design JSON of passed review
// sheets, decision 0012): one row per panel of every cabinet of every solution, in order,
// its cabinet named "solution / cabinet". A panel whose grain runs along its width is turned
// so the grain runs along the row's length (with its banding), so a grained row never turns.
func PartsFromDesign(d homedesign.Design, orderNo string) []CutPart {
	var out []CutPart
	for _, sol := range d.Solutions {
		for _, c := range sol.Cabinets {
			for _, p := range c.Panels {
				row := CutPart{Row: len(out) + 1, OrderNo: orderNo, Cabinet: sol.Name + " / " + c.Name, Name: p.Name,
					MaterialCode: p.Material, Thickness: p.Thickness, Length: p.Length, Width: p.Width,
					Count: float64(p.Count), Grain: p.Grain == "length",
					Banding: Banding{Top: p.Edges.Top.Thickness, Bottom: p.Edges.Bottom.Thickness,
						Left: p.Edges.Left.Thickness, Right: p.Edges.Right.Thickness}}
				if p.Grain == "width" {
					row.Length, row.Width, row.Grain = p.Width, p.Length, true
					row.Banding = Banding{Top: p.Edges.Left.Thickness, Bottom: p.Edges.Right.Thickness,
						Left: p.Edges.Top.Thickness, Right: p.Edges.Bottom.Thickness}
				}
				out = append(out, row)
			}
		}
	}
	return out
}
