// Package pdf writes PDF documents in millimetres with embedded fonts that render Latin and
// Chinese text (Droid Sans Fallback for Chinese, DejaVu Sans Condensed for the rest; see
// fonts/NOTICE), on github.com/go-pdf/fpdf. A document carries only the subset of the fonts
// its text uses, so a page of labels stays a few kilobytes. The helpers fit text into boxes (shrinking it, or
// leaving it out, never letting it overflow) and draw Code 128 barcodes as vector bars.
package pdf

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// PointMM is one typographic point in millimetres.
const PointMM = 25.4 / 72

// Size is a page's size in millimetres.
type Size struct {
	Width, Height float64
}

// Page sizes.
var (
	A4Portrait  = Size{Width: 210, Height: 297}
	A4Landscape = Size{Width: 297, Height: 210}
)

// Doc is a PDF being written: units are millimetres, font sizes points, the font is the
// embedded one and pages never break by themselves (the caller places everything).
type Doc struct {
	*fpdf.Fpdf
	size Size
}

// New starts a document whose pages are size, with title in its properties. created stamps
// the file (the caller's clock, so a test writes the same bytes twice).
func New(size Size, title string, created time.Time) *Doc {
	orientation := "P"
	if size.Width > size.Height {
		orientation = "L"
	}
	// fpdf takes the portrait size and turns it for "L".
	portrait := fpdf.SizeType{Wd: math.Min(size.Width, size.Height), Ht: math.Max(size.Width, size.Height)}
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: orientation, UnitStr: "mm", Size: portrait})
	f.AddUTF8FontFromBytes(latinFamily, "", latinTTF)
	f.AddUTF8FontFromBytes(cjkFamily, "", cjkTTF)
	f.SetFont(latinFamily, "", 10)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.SetCreator("Kerf", true)
	f.SetTitle(title, true)
	f.SetCreationDate(created)
	f.SetModificationDate(created)
	return &Doc{Fpdf: f, size: size}
}

// Size answers the page size.
func (d *Doc) Size() Size { return d.size }

// Bytes finishes the document and answers its bytes, or the first error met while drawing.
func (d *Doc) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// Width answers how wide text is at pt points, in millimetres.
func (d *Doc) Width(text string, pt float64) float64 {
	w := 0.0
	for _, r := range runs(text) {
		d.SetFont(r.family, "", pt)
		w += d.GetStringWidth(r.text)
	}
	return w
}

// Write writes text with its baseline at (x, y), at pt points, each run in its font.
func (d *Doc) Write(x, y float64, text string, pt float64) {
	for _, r := range runs(text) {
		d.SetFont(r.family, "", pt)
		d.Text(x, y, r.text)
		x += d.GetStringWidth(r.text)
	}
}

// LineHeight is the distance between two lines of pt points, in millimetres.
func LineHeight(pt float64) float64 { return pt * PointMM * 1.2 }

// Fit answers the largest size from maxPt down to minPt (in steps of a quarter point) at which
// every line fits a box w × h millimetres, one line under another; ok is false when even
// minPt does not fit (the caller leaves the text out).
func (d *Doc) Fit(lines []string, w, h, maxPt, minPt float64) (pt float64, ok bool) {
	if len(lines) == 0 || w <= 0 || h <= 0 {
		return 0, false
	}
	// widths grow in proportion to the size: measure once at 1 pt
	widest := 0.0
	for _, l := range lines {
		widest = math.Max(widest, d.Width(l, 1))
	}
	pt = maxPt
	if widest > 0 {
		pt = math.Min(pt, w/widest)
	}
	pt = math.Min(pt, h/(float64(len(lines))*LineHeight(1)))
	pt = math.Floor(pt*4) / 4
	return pt, pt >= minPt
}

// Clip answers text cut short with "…" so it is at most w millimetres wide at pt points.
func (d *Doc) Clip(text string, w, pt float64) string {
	if d.Width(text, pt) <= w {
		return text
	}
	runes := []rune(text)
	for n := len(runes) - 1; n > 0; n-- {
		s := strings.TrimRight(string(runes[:n]), " ") + "…"
		if d.Width(s, pt) <= w {
			return s
		}
	}
	return ""
}

// Align places a line of text in its box.
type Align int

// Alignments.
const (
	Left Align = iota
	Center
	Right
)

// TextIn writes one line of text at pt points in the box starting at x of width w, its middle
// at y (the baseline sits a little below), clipped with "…" to the box's width.
func (d *Doc) TextIn(x, y, w float64, text string, pt float64, align Align) {
	text = d.Clip(text, w, pt)
	if text == "" {
		return
	}
	tw := d.Width(text, pt)
	switch align {
	case Center:
		x += (w - tw) / 2
	case Right:
		x += w - tw
	}
	d.Write(x, y+pt*PointMM*0.35, text, pt)
}

// Lines writes lines centred in the box x, y, w × h at the size Fit chose; false when they do
// not fit at minPt (nothing is drawn).
func (d *Doc) Lines(x, y, w, h float64, lines []string, maxPt, minPt float64) bool {
	pt, ok := d.Fit(lines, w, h, maxPt, minPt)
	if !ok {
		return false
	}
	lh := LineHeight(pt)
	top := y + (h-lh*float64(len(lines)))/2
	for i, l := range lines {
		d.TextIn(x, top+lh*(float64(i)+0.5), w, l, pt, Center)
	}
	return true
}

// Color is an RGB colour.
type Color struct{ R, G, B int }

// Fill sets the fill colour.
func (d *Doc) Fill(c Color) { d.SetFillColor(c.R, c.G, c.B) }

// Stroke sets the line colour and width (mm).
func (d *Doc) Stroke(c Color, w float64) {
	d.SetDrawColor(c.R, c.G, c.B)
	d.SetLineWidth(w)
}

// Ink sets the text colour.
func (d *Doc) Ink(c Color) { d.SetTextColor(c.R, c.G, c.B) }

// Hatch fills the rectangle with diagonal lines every gap millimetres (waste on a drawing).
func (d *Doc) Hatch(x, y, w, h, gap float64) {
	if w <= 0 || h <= 0 || gap <= 0 {
		return
	}
	d.ClipRect(x, y, w, h, false)
	for o := -h; o < w; o += gap {
		d.Line(x+o, y+h, x+o+h, y)
	}
	d.ClipEnd()
}
