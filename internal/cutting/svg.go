package cutting

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// WriteSVG draws one sheet: the board with its trim, the parts labelled with their id and
// size, leftovers shaded (reusable offcuts green, waste grey) and every cut as a red line
// with its order number. count is the number of boards cut with this pattern.
func WriteSVG(w io.Writer, sh Sheet, count int) error {
	const width = 1200.0
	s := width / sh.Length
	height := sh.Width * s
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 -40 %.0f %.0f" font-family="sans-serif">`+"\n",
		width+20, height+60, width+20, height+60)
	b.WriteString(`<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<line x1="0" y1="0" x2="0" y2="8" stroke="#999" stroke-width="2"/></pattern></defs>` + "\n")
	title := fmt.Sprintf("Pattern %d: board %s %g x %g", sh.Pattern+1, sh.BoardID, sh.Length, sh.Width)
	if sh.Material != "" || sh.Thickness != 0 {
		title += fmt.Sprintf(", %s %g mm", sh.Material, sh.Thickness)
	}
	title += fmt.Sprintf(", cut %d times, utilisation %.1f%%", count, 100*sh.Utilisation)
	fmt.Fprintf(&b, `<text x="10" y="-15" font-size="18">%s</text>`+"\n", html.EscapeString(title))
	fmt.Fprintf(&b, `<g transform="translate(10,0)">`+"\n")
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%.2f" height="%.2f" fill="#d9c7a3" stroke="#000"/>`+"\n", sh.Length*s, sh.Width*s)
	if sh.Root != nil {
		r := sh.Root
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#f3ead7" stroke="#8a7a5a" stroke-dasharray="4 3"/>`+"\n",
			r.X*s, r.Y*s, r.Length*s, r.Width*s)
	}
	for _, o := range sh.Offcuts {
		fill := `url(#hatch)`
		if o.Reusable {
			fill = "#bfe3b4"
		}
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="#777" stroke-width="0.5"/>`+"\n",
			o.X*s, o.Y*s, o.Length*s, o.Width*s, fill)
		if o.Reusable && o.Length*s > 60 && o.Width*s > 14 {
			fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="11" text-anchor="middle" fill="#2d6a1f">offcut %g x %g</text>`+"\n",
				(o.X+o.Length/2)*s, (o.Y+o.Width/2)*s+4, o.Length, o.Width)
		}
	}
	for _, p := range sh.Placements {
		x, y, pw, ph := p.X*s, p.Y*s, p.Length*s, p.Width*s
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#a9c8ec" stroke="#1d3f6e" stroke-width="1"/>`+"\n", x, y, pw, ph)
		fs := math.Min(14, math.Min(ph/2.6, pw/7))
		if fs >= 5 {
			label := p.PartID
			if p.Rotated {
				label += " ⟲"
			}
			fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="%.1f" text-anchor="middle">%s</text>`+"\n",
				x+pw/2, y+ph/2-fs*0.2, fs, html.EscapeString(label))
			fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="%.1f" text-anchor="middle" fill="#333">%g x %g</text>`+"\n",
				x+pw/2, y+ph/2+fs, fs*0.9, p.Length, p.Width)
		}
	}
	for _, c := range sh.Cuts {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#d0021b" stroke-width="1.5"/>`+"\n",
			c.X1*s, c.Y1*s, c.X2*s, c.Y2*s)
		// the order number sits in a small disc at the start of the cut
		cx, cy := c.X1*s, c.Y1*s
		if c.X1 == c.X2 {
			cy += 10
		} else {
			cx += 10
		}
		fmt.Fprintf(&b, `<circle cx="%.2f" cy="%.2f" r="8" fill="#fff" stroke="#d0021b"/>`+
			`<text x="%.2f" y="%.2f" font-size="9" text-anchor="middle" fill="#d0021b">%d</text>`+"\n",
			cx, cy, cx, cy+3, c.Seq)
	}
	b.WriteString("</g>\n</svg>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("write svg: %w", err)
	}
	return nil
}
