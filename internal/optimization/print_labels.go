package optimization

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"kerf/internal/platform/pdf"
)

// Part labels (decision 0013, "Labels"): one per part copy, in the order the operator takes
// the parts off the saw, on A4 sheets of 3 × 8 adhesive labels or on a roll of 100 × 60 mm.

// Label layouts (the labels call's `layout`).
const (
	LayoutSheet = "sheet"
	LayoutRoll  = "roll"
)

// translate is the caller's language: a text key and its arguments to the text.
type translate func(key string, args ...any) string

// Label is what one part copy's label prints.
type Label struct {
	Code    string   // the label code, barcoded and written under the bars
	Title   string   // the part's name (and code)
	Lines   []string // order and cabinet, finished size, cut size, board and pattern, plan number
	Banding Banding  // drawn as a diagram: banded sides thick, with their thickness
	Grain   bool     // an arrow along the length
}

// size writes a part's length × width.
func size(l, w float64) string { return num(l) + " × " + num(w) }

func num(f float64) string { return strconv.FormatFloat(round2(f), 'f', -1, 64) }

// labelOf answers the label of part p cut from sheet sh of plan planNo, in tr's language.
func labelOf(tr translate, planNo string, sh ResultSheet, p ResultPart) Label {
	title := p.Name
	if p.Code != "" {
		title += " · " + p.Code
	}
	var who []string
	if p.OrderNo != "" {
		who = append(who, tr("Optimization:Print:Order", p.OrderNo))
	}
	if p.Cabinet != "" {
		who = append(who, tr("Optimization:Print:Cabinet", p.Cabinet))
	}
	var lines []string
	if len(who) > 0 {
		lines = append(lines, strings.Join(who, " · "))
	}
	lines = append(lines,
		tr("Optimization:Print:Finished", size(p.FinishedLength, p.FinishedWidth)),
		tr("Optimization:Print:Cut", size(p.CutLength, p.CutWidth)),
		tr("Optimization:Print:BoardPattern", sh.Index, sh.Pattern+1),
		tr("Optimization:Print:Plan", planNo))
	return Label{Code: p.LabelCode, Title: title, Lines: lines, Banding: p.Banding, Grain: p.Grain}
}

// labelRef is one part copy: its sheet and its place in the sheet's parts.
type labelRef struct{ sheet, part int }

// labelOrder answers the run's part copies by board, then in the order they come off the
// saw: by first-stage strip (the strips the first cuts make), then along the strip.
func labelOrder(res *RunResult) []labelRef {
	sheets := make([]int, len(res.Sheets))
	for i := range sheets {
		sheets[i] = i
	}
	sort.SliceStable(sheets, func(a, b int) bool { return res.Sheets[sheets[a]].Index < res.Sheets[sheets[b]].Index })
	var out []labelRef
	for _, si := range sheets {
		for _, pi := range takeOffOrder(res.Sheets[si]) {
			out = append(out, labelRef{sheet: si, part: pi})
		}
	}
	return out
}

// takeOffOrder orders a board's parts by the strip of the first-stage cuts they lie in, then
// across the strip, then along it.
func takeOffOrder(sh ResultSheet) []int {
	first, vertical := math.MaxInt, false
	for _, c := range sh.Cuts {
		if c.Stage < first {
			first, vertical = c.Stage, c.X1 == c.X2
		}
	}
	var cuts []float64 // the first-stage cut lines, across the strips
	for _, c := range sh.Cuts {
		if c.Stage != first {
			continue
		}
		if vertical {
			cuts = append(cuts, c.X1)
		} else {
			cuts = append(cuts, c.Y1)
		}
	}
	sort.Float64s(cuts)
	type key struct {
		strip        int
		across, long float64
	}
	keys := make([]key, len(sh.Parts))
	for i, p := range sh.Parts {
		across, along := p.Y, p.X
		if vertical {
			across, along = p.X, p.Y
		}
		keys[i] = key{strip: sort.SearchFloat64s(cuts, across+1e-6), across: across, long: along}
	}
	order := make([]int, len(sh.Parts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ka, kb := keys[order[a]], keys[order[b]]
		if ka.strip != kb.strip {
			return ka.strip < kb.strip
		}
		if ka.long != kb.long {
			return ka.long < kb.long
		}
		return ka.across < kb.across
	})
	return order
}

// labelLayout places labels on a page (millimetres, points for text).
type labelLayout struct {
	page                       pdf.Size
	cols, rows                 int
	w, h, x0, y0               float64
	pad, bar, codePt, titlePt  float64
	linePt, diagW, diagH, band float64
}

var labelLayouts = map[string]labelLayout{
	// the common A4 adhesive sheet: 3 × 8 labels of 70 × 37 mm, no gaps, 0.5 mm top and bottom
	LayoutSheet: {page: pdf.A4Portrait, cols: 3, rows: 8, w: 70, h: 37, x0: 0, y0: 0.5,
		pad: 3, bar: 8, codePt: 7, titlePt: 8.5, linePt: 6.5, diagW: 14, diagH: 8, band: 0.7},
	// a label printer's roll: one 100 × 60 mm label a page
	LayoutRoll: {page: pdf.Size{Width: 100, Height: 60}, cols: 1, rows: 1, w: 100, h: 60,
		pad: 4, bar: 13, codePt: 10, titlePt: 13, linePt: 10.5, diagW: 24, diagH: 14, band: 1},
}

// labelsPages answers how many pages n labels take in layout.
func labelsPages(layout string, n int) int {
	l := labelLayouts[layout]
	per := l.cols * l.rows
	if per == 0 {
		return 0
	}
	return max(1, (n+per-1)/per)
}

// labelsPDF writes a label per part copy of res in layout (LayoutSheet or LayoutRoll).
func labelsPDF(tr translate, res *RunResult, layout string, now time.Time) ([]byte, error) {
	l, ok := labelLayouts[layout]
	if !ok {
		return nil, fmt.Errorf("label layout %q", layout)
	}
	d := pdf.New(l.page, tr("Optimization:Print:LabelsTitle", res.PlanNo), now)
	refs := labelOrder(res)
	per := l.cols * l.rows
	if len(refs) == 0 {
		d.AddPage()
	}
	for i, ref := range refs {
		if i%per == 0 {
			d.AddPage()
		}
		cell := i % per
		x, y := l.x0+float64(cell%l.cols)*l.w, l.y0+float64(cell/l.cols)*l.h
		sh := res.Sheets[ref.sheet]
		if err := drawLabel(d, l, x, y, labelOf(tr, res.PlanNo, sh, sh.Parts[ref.part])); err != nil {
			return nil, err
		}
	}
	return d.Bytes()
}

var (
	black = pdf.Color{}
	grey  = pdf.Color{R: 110, G: 110, B: 110}
	light = pdf.Color{R: 200, G: 200, B: 200}
)

// drawLabel draws one label in the box x, y, l.w × l.h: the barcode across the top with its
// code under it, the text on the left, the banding diagram on the right.
func drawLabel(d *pdf.Doc, l labelLayout, x, y float64, lb Label) error {
	d.Ink(black)
	if _, err := d.Code128(x+l.pad, y+l.pad, l.w-2*l.pad, l.bar, lb.Code); err != nil {
		return err
	}
	codeH := pdf.LineHeight(l.codePt)
	d.TextIn(x+l.pad, y+l.pad+l.bar+codeH/2, l.w-2*l.pad, lb.Code, l.codePt, pdf.Center)

	top := y + l.pad + l.bar + codeH + 0.5
	bottom := y + l.h - l.pad
	side := l.diagW + 2*bandTextRoom(l)
	textW := l.w - 2*l.pad - side - 1
	// the title in its size, the lines in theirs, both smaller when the label is crowded
	need := pdf.LineHeight(l.titlePt) + float64(len(lb.Lines))*pdf.LineHeight(l.linePt)
	shrink := math.Min(1, (bottom-top)/need)
	titlePt, linePt := l.titlePt*shrink, l.linePt*shrink
	ty := top + pdf.LineHeight(titlePt)/2
	d.TextIn(x+l.pad, ty, textW, lb.Title, titlePt, pdf.Left)
	ty += pdf.LineHeight(titlePt)/2 + pdf.LineHeight(linePt)/2
	for _, line := range lb.Lines {
		d.TextIn(x+l.pad, ty, textW, line, linePt, pdf.Left)
		ty += pdf.LineHeight(linePt)
	}

	// the part seen from above, its length across: banded sides drawn thick
	dx := x + l.w - l.pad - bandTextRoom(l) - l.diagW
	dy := top + (bottom-top-l.diagH)/2
	drawBanding(d, l, dx, dy, lb.Banding, lb.Grain)
	return nil
}

// bandTextRoom is the room beside the diagram for a band's thickness.
func bandTextRoom(l labelLayout) float64 { return l.linePt * pdf.PointMM * 1.6 }

func drawBanding(d *pdf.Doc, l labelLayout, x, y float64, b Banding, grain bool) {
	w, h := l.diagW, l.diagH
	pt := l.linePt * 0.85
	room := bandTextRoom(l)
	sides := []struct {
		t              float64
		x1, y1, x2, y2 float64
		tx, ty, tw     float64
	}{
		{b.Top, x, y, x + w, y, x, y - pdf.LineHeight(pt)/2 - 0.3, w},
		{b.Bottom, x, y + h, x + w, y + h, x, y + h + pdf.LineHeight(pt)/2 + 0.3, w},
		{b.Left, x, y, x, y + h, x - room, y + h/2, room - 0.4},
		{b.Right, x + w, y, x + w, y + h, x + w + 0.4, y + h/2, room - 0.4},
	}
	for i, s := range sides {
		if s.t > 0 {
			d.Stroke(black, l.band)
		} else {
			d.Stroke(light, 0.2)
		}
		d.Line(s.x1, s.y1, s.x2, s.y2)
		if s.t > 0 {
			align := pdf.Center
			if i == 2 {
				align = pdf.Right
			} else if i == 3 {
				align = pdf.Left
			}
			d.Ink(grey)
			d.TextIn(s.tx, s.ty, s.tw, num(s.t), pt, align)
			d.Ink(black)
		}
	}
	if grain {
		// a double arrow along the length
		d.Stroke(grey, 0.25)
		my, head := y+h/2, math.Min(h/4, 1.8)
		x1, x2 := x+w*0.18, x+w*0.82
		d.Line(x1, my, x2, my)
		d.Line(x1, my, x1+head, my-head*0.6)
		d.Line(x1, my, x1+head, my+head*0.6)
		d.Line(x2, my, x2-head, my-head*0.6)
		d.Line(x2, my, x2-head, my+head*0.6)
	}
	d.Stroke(black, 0.2)
}
