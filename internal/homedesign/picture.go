package homedesign

import (
	"encoding/base64"
	"fmt"
	"html"
	"strings"
)

// Picture draws a design's front elevation as SVG: the cabinets of every solution side by
// side on one floor line, each carcass with its doors (a handle beside the opening edge)
// or drawer fronts, in millimetres scaled by the viewBox.
func Picture(d *Design) string {
	const gap = 50.0
	width, height := 0.0, 0.0
	for _, s := range d.Solutions {
		for _, c := range s.Cabinets {
			width += c.Width + gap
			if c.Height > height {
				height = c.Height
			}
		}
	}
	if width == 0 {
		width, height = 100, 100
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" width="320" height="240">`,
		-gap, -gap, width+gap, height+2*gap)
	fmt.Fprintf(&b, `<title>%s</title><rect x="%g" y="%g" width="%g" height="%g" fill="#fafafa"/>`,
		html.EscapeString(d.Name), -gap, -gap, width+gap, height+2*gap)
	x := 0.0
	for _, s := range d.Solutions {
		for _, c := range s.Cabinets {
			top := height - c.Height
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#e8d9c0" stroke="#555" stroke-width="6"/>`,
				x, top, c.Width, c.Height)
			drawFronts(&b, c, x, top)
			x += c.Width + gap
		}
	}
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#999" stroke-width="6"/></svg>`, -gap, height, width, height)
	return b.String()
}

func drawFronts(b *strings.Builder, c Cabinet, x, top float64) {
	for _, p := range c.Panels {
		switch p.Name {
		case "door":
			w := c.Width / float64(p.Count)
			for i := 0; i < p.Count; i++ {
				dx := x + w*float64(i)
				fmt.Fprintf(b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#f4ead8" stroke="#777" stroke-width="4"/>`,
					dx+3, top+3, w-6, c.Height-6)
				hx := dx + w - 40 // handles by the meeting edge: right on odd, left on even doors
				if i%2 == 1 {
					hx = dx + 30
				}
				fmt.Fprintf(b, `<rect x="%g" y="%g" width="10" height="160" fill="#444"/>`, hx, top+c.Height/2-80)
			}
		case "drawer front":
			h := c.Height / float64(p.Count)
			for i := 0; i < p.Count; i++ {
				dy := top + h*float64(i)
				fmt.Fprintf(b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#f4ead8" stroke="#777" stroke-width="4"/>`,
					x+3, dy+3, c.Width-6, h-6)
				fmt.Fprintf(b, `<rect x="%g" y="%g" width="160" height="10" fill="#444"/>`, x+c.Width/2-80, dy+40)
			}
		}
	}
}

// PictureDataURL is Picture as a data URL, for an <img src>.
func PictureDataURL(d *Design) string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(Picture(d)))
}
