package optimization

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"kerf/internal/platform/pdf"
)

// The cutting diagrams (decision 0013, "Downloads"): a summary page with the run's figures and
// its patterns, then every distinct pattern on its own A4 landscape page, drawn to scale.

const (
	pageMargin = 10.0
	headTop    = 8.0  // the header's first line
	drawTop    = 27.0 // the drawing's area: below the header …
	drawBottom = 190  // … above the footer
)

var (
	woodFill   = pdf.Color{R: 222, G: 204, B: 168}
	trimFill   = pdf.Color{R: 246, G: 239, B: 222}
	partFill   = pdf.Color{R: 178, G: 206, B: 238}
	partLine   = pdf.Color{R: 29, G: 63, B: 110}
	offcutFill = pdf.Color{R: 191, G: 227, B: 180}
	offcutInk  = pdf.Color{R: 45, G: 106, B: 31}
	cutRed     = pdf.Color{R: 208, G: 2, B: 27}
	white      = pdf.Color{R: 255, G: 255, B: 255}
)

// drawnPatterns are the patterns that cut at least one board, in their order.
func drawnPatterns(res *RunResult) []drawnPattern {
	bySheet := map[int]int{}
	for i, sh := range res.Sheets {
		bySheet[sh.Index-1] = i
	}
	var out []drawnPattern
	for _, p := range res.Patterns {
		if len(p.Sheets) == 0 {
			continue
		}
		i, ok := bySheet[p.Sheets[0]]
		if !ok {
			continue
		}
		sheets := make([]int, len(p.Sheets))
		for k, s := range p.Sheets {
			sheets[k] = s + 1
		}
		out = append(out, drawnPattern{sheet: &res.Sheets[i], count: p.Count, sheets: sheets})
	}
	return out
}

type drawnPattern struct {
	sheet  *ResultSheet
	count  int
	sheets []int // 1-based sheet indices cut with it
}

// diagramsPages answers how many pages res's diagrams take: the summary and one a pattern.
func diagramsPages(res *RunResult) int { return 1 + len(drawnPatterns(res)) }

// diagramsPDF writes the run's cutting diagrams in tr's language; now is the print date.
func diagramsPDF(tr translate, res *RunResult, now time.Time) ([]byte, error) {
	d := pdf.New(pdf.A4Landscape, tr("Optimization:Print:DiagramsTitle", res.PlanNo), now)
	patterns := drawnPatterns(res)
	total := 1 + len(patterns)
	footer := func(page int) {
		d.Ink(grey)
		d.TextIn(pageMargin, 202, 100, tr("Optimization:Print:Printed", now.Format("2006-01-02 15:04")), 8, pdf.Left)
		d.TextIn(297-pageMargin-100, 202, 100, tr("Optimization:Print:Page", page, total), 8, pdf.Right)
		legend(d, tr)
		d.Ink(black)
	}
	d.AddPage()
	summaryPage(d, tr, res, patterns)
	footer(1)
	for i, p := range patterns {
		d.AddPage()
		patternPage(d, tr, res, i, len(patterns), p)
		footer(i + 2)
	}
	return d.Bytes()
}

func pct(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) + " %" }

// sawTime writes seconds as h:mm:ss or m:ss.
func sawTime(s float64) string {
	n := int(math.Round(s))
	if n >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", n/3600, n/60%60, n%60)
	}
	return fmt.Sprintf("%d:%02d", n/60, n%60)
}

func summaryPage(d *pdf.Doc, tr translate, res *RunResult, patterns []drawnPattern) {
	w := 297 - 2*pageMargin
	d.Ink(black)
	d.TextIn(pageMargin, 16, w, tr("Optimization:Print:DiagramsTitle", res.PlanNo), 16, pdf.Left)
	f := res.Figures
	figures := [][2]string{
		{tr("Optimization:Print:Fig:Boards"), strconv.Itoa(f.Boards)},
		{tr("Optimization:Print:Fig:Parts"), strconv.Itoa(f.Parts)},
		{tr("Optimization:Print:Fig:Patterns"), strconv.Itoa(len(patterns))},
		{tr("Optimization:Print:Fig:Utilisation"), pct(f.Utilisation)},
		{tr("Optimization:Print:Fig:OffcutsKept"), strconv.Itoa(f.OffcutsKept)},
		{tr("Optimization:Print:Fig:Waste"), pct(f.WastePct)},
		{tr("Optimization:Print:Fig:WasteOffcut"), pct(f.WasteOffcutPct)},
		{tr("Optimization:Print:Fig:Cuts"), strconv.Itoa(f.Cuts)},
		{tr("Optimization:Print:Fig:Cycles"), strconv.Itoa(f.Cycles)},
		{tr("Optimization:Print:Fig:SawTime"), sawTime(f.SawSeconds)},
	}
	if p := res.Parameters; p != nil {
		figures = append(figures, [2]string{tr("Optimization:Print:Fig:Parameters"),
			tr("Optimization:Print:Fig:ParametersValue", p.Name, num(p.Kerf), num(p.Trim))})
	}
	if m := res.Machine; m != nil {
		figures = append(figures, [2]string{tr("Optimization:Print:Fig:Machine"), m.Name})
	}
	// the figures in two columns of label and value
	y := 28.0
	half := len(figures) - len(figures)/2
	for i, fg := range figures {
		col, row := i/half, i%half
		x := pageMargin + float64(col)*w/2
		d.Ink(grey)
		d.TextIn(x, y+float64(row)*7, 55, fg[0], 10, pdf.Left)
		d.Ink(black)
		d.TextIn(x+56, y+float64(row)*7, w/2-60, fg[1], 10, pdf.Left)
	}
	// the patterns, as many as the page holds
	cols := []struct {
		title string
		w     float64
		align pdf.Align
	}{
		{tr("Optimization:Print:Col:Pattern"), 16, pdf.Left}, {tr("Optimization:Print:Col:Board"), 40, pdf.Left},
		{tr("Optimization:Print:Col:Material"), 40, pdf.Left}, {tr("Optimization:Print:Col:Thickness"), 20, pdf.Right},
		{tr("Optimization:Print:Col:Size"), 32, pdf.Right}, {tr("Optimization:Print:Col:Count"), 18, pdf.Right},
		{tr("Optimization:Print:Col:Utilisation"), 22, pdf.Right}, {tr("Optimization:Print:Col:Sheets"), 0, pdf.Left},
	}
	used := 0.0
	for _, c := range cols {
		used += c.w + 3
	}
	cols[len(cols)-1].w = w - used
	top := y + float64(half)*7 + 6
	const rowH = 5.5
	row := func(y float64, cells []string, pt float64) {
		x := pageMargin
		for i, c := range cols {
			d.TextIn(x, y, c.w, cells[i], pt, c.align)
			x += c.w + 3
		}
	}
	d.Ink(grey)
	titles := make([]string, len(cols))
	for i, c := range cols {
		titles[i] = c.title
	}
	row(top, titles, 9)
	d.Stroke(light, 0.2)
	d.Line(pageMargin, top+rowH/2, 297-pageMargin, top+rowH/2)
	d.Ink(black)
	fits := int((drawBottom - top - rowH) / rowH)
	for i, p := range patterns {
		ry := top + float64(i+1)*rowH
		if i == fits-1 && len(patterns) > fits {
			d.Ink(grey)
			d.TextIn(pageMargin, ry, w, tr("Optimization:Print:MorePatterns", len(patterns)-i), 9, pdf.Left)
			d.Ink(black)
			break
		}
		sh := p.sheet
		row(ry, []string{strconv.Itoa(sh.Pattern + 1), sh.BoardCode, sh.Material, num(sh.Thickness), size(sh.Length, sh.Width),
			strconv.Itoa(p.count), pct(100 * sh.Utilisation), joinInts(p.sheets)}, 9)
	}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

func patternPage(d *pdf.Doc, tr translate, res *RunResult, i, n int, p drawnPattern) {
	sh := p.sheet
	w := 297 - 2*pageMargin
	d.Ink(black)
	head := tr("Optimization:Print:PatternHead", res.PlanNo, i+1, n) + "   × " + strconv.Itoa(p.count)
	d.TextIn(pageMargin, headTop+3, w, head, 13, pdf.Left)
	headW := d.Width(head, 13)
	d.Ink(grey)
	d.TextIn(pageMargin+headW+4, headTop+3, w-headW-4, tr("Optimization:Print:Sheets", joinInts(p.sheets)), 10, pdf.Left)
	d.Ink(black)
	d.TextIn(pageMargin, headTop+11, w, tr("Optimization:Print:BoardLine", sh.BoardCode, sh.Material, num(sh.Thickness),
		size(sh.Length, sh.Width), pct(100*sh.Utilisation)), 10, pdf.Left)
	trim := 0.0
	if res.Parameters != nil {
		trim = res.Parameters.Trim
	}
	drawSheet(d, sh, trim, pageMargin, drawTop, w, drawBottom-drawTop)
}

// drawSheet draws sh to scale, centred in the box x, y, w × h.
func drawSheet(d *pdf.Doc, sh *ResultSheet, trim, x, y, w, h float64) {
	if sh.Length <= 0 || sh.Width <= 0 {
		return
	}
	s := math.Min(w/sh.Length, h/sh.Width)
	ox, oy := x+(w-sh.Length*s)/2, y+(h-sh.Width*s)/2
	at := func(px, py float64) (float64, float64) { return ox + px*s, oy + py*s }

	// the board and its trim
	d.Fill(woodFill)
	d.Stroke(black, 0.35)
	d.Rect(ox, oy, sh.Length*s, sh.Width*s, "FD")
	if trim > 0 && 2*trim < math.Min(sh.Length, sh.Width) {
		d.Fill(trimFill)
		d.Stroke(grey, 0.15)
		d.SetDashPattern([]float64{1, 0.8}, 0)
		tx, ty := at(trim, trim)
		d.Rect(tx, ty, (sh.Length-2*trim)*s, (sh.Width-2*trim)*s, "FD")
		d.SetDashPattern(nil, 0)
	}
	// offcuts kept (green, with their size) and waste (hatched)
	for _, o := range sh.Offcuts {
		ox, oy := at(o.X, o.Y)
		ow, oh := o.Length*s, o.Width*s
		if o.Reusable {
			d.Fill(offcutFill)
			d.Stroke(grey, 0.1)
			d.Rect(ox, oy, ow, oh, "FD")
			d.Ink(offcutInk)
			d.Lines(ox+0.4, oy+0.4, ow-0.8, oh-0.8, []string{size(o.Length, o.Width)}, 8, 4)
			d.Ink(black)
			continue
		}
		d.Fill(white)
		d.Stroke(light, 0.1)
		d.Rect(ox, oy, ow, oh, "FD")
		d.Hatch(ox, oy, ow, oh, 1.6)
	}
	// the parts with their label code, name and cut size
	for _, p := range sh.Parts {
		px, py := at(p.X, p.Y)
		pw, ph := p.CutLength*s, p.CutWidth*s
		d.Fill(partFill)
		d.Stroke(partLine, 0.2)
		d.Rect(px, py, pw, ph, "FD")
		code := p.LabelCode
		if p.Rotated {
			code += " ⟲"
		}
		d.Ink(black)
		partText(d, px+0.5, py+0.5, pw-1, ph-1, [][]string{
			{code, p.Name, size(p.CutLength, p.CutWidth)},
			{code, size(p.CutLength, p.CutWidth)},
			{code},
		})
	}
	// the cuts, with their order where the number has room
	d.Stroke(cutRed, 0.3)
	for _, c := range sh.Cuts {
		x1, y1 := at(c.X1, c.Y1)
		x2, y2 := at(c.X2, c.Y2)
		d.Line(x1, y1, x2, y2)
	}
	const r = 1.5
	var discs [][2]float64
	for _, c := range sh.Cuts {
		x1, y1 := at(c.X1, c.Y1)
		x2, y2 := at(c.X2, c.Y2)
		l := math.Hypot(x2-x1, y2-y1)
		if l < 4*r {
			continue
		}
		cx, cy := x1+(x2-x1)/l*2*r, y1+(y2-y1)/l*2*r
		free := true
		for _, o := range discs {
			if math.Hypot(o[0]-cx, o[1]-cy) < 2*r+0.3 {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		discs = append(discs, [2]float64{cx, cy})
		d.Fill(white)
		d.Stroke(cutRed, 0.2)
		d.Circle(cx, cy, r, "FD")
		d.Ink(cutRed)
		if pt, ok := d.Fit([]string{strconv.Itoa(c.Seq)}, 2*r-0.4, 2*r-0.4, 6, 3); ok {
			d.TextIn(cx-r, cy, 2*r, strconv.Itoa(c.Seq), pt, pdf.Center)
		}
		d.Ink(black)
		d.Stroke(cutRed, 0.3)
	}
	d.Stroke(black, 0.2)
}

// partText writes the first set of lines that fits the box, across it or turned along a tall
// box, at the larger size; nothing when none fits.
func partText(d *pdf.Doc, x, y, w, h float64, choices [][]string) {
	const maxPt, minPt = 9, 3.5
	for _, lines := range choices {
		across, okA := d.Fit(lines, w, h, maxPt, minPt)
		along, okB := d.Fit(lines, h, w, maxPt, minPt)
		switch {
		case okA && (!okB || across >= along || w >= h):
			d.Lines(x, y, w, h, lines, across, minPt)
		case okB:
			// turned a quarter left about the box's centre: its height becomes the text's width
			cx, cy := x+w/2, y+h/2
			d.TransformBegin()
			d.TransformRotate(90, cx, cy)
			d.Lines(cx-h/2, cy-w/2, h, w, lines, along, minPt)
			d.TransformEnd()
		default:
			continue
		}
		return
	}
}

// legend explains the drawing's colours in the footer.
func legend(d *pdf.Doc, tr translate) {
	x, y := 95.0, 200.5
	item := func(fill pdf.Color, hatch bool, text string) {
		d.Fill(fill)
		d.Stroke(grey, 0.15)
		d.Rect(x, y, 3.5, 3, "FD")
		if hatch {
			d.Hatch(x, y, 3.5, 3, 1)
		}
		d.Ink(grey)
		d.TextIn(x+4.5, y+1.5, d.Width(text, 7.5)+1, text, 7.5, pdf.Left)
		x += 5.5 + d.Width(text, 7.5) + 4
	}
	item(partFill, false, tr("Optimization:Print:Legend:Part"))
	item(offcutFill, false, tr("Optimization:Print:Legend:Offcut"))
	item(white, true, tr("Optimization:Print:Legend:Waste"))
	d.Fill(white)
	d.Stroke(cutRed, 0.2)
	d.Circle(x+1.5, y+1.5, 1.5, "FD")
	d.Ink(grey)
	d.TextIn(x+4, y+1.5, 30, tr("Optimization:Print:Legend:Cut"), 7.5, pdf.Left)
}
