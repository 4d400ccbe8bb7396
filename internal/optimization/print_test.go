package optimization

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"kerf/internal/cutting"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/pdf"
)

// lang is the printouts' texts in one culture, as the service gives them.
func lang(culture string) translate {
	c := localization.NewCatalog()
	c.Add(printTexts)
	return func(key string, args ...any) string { return c.Get(culture, key, args...) }
}

// pdfPages counts a PDF's pages (its /Type /Page objects, not the /Pages tree).
func pdfPages(data []byte) int {
	return len(regexp.MustCompile(`/Type /Page[^s]`).FindAll(data, -1))
}

func TestALabelPrintsThePartInTheCallersLanguage(t *testing.T) {
	sh := ResultSheet{Index: 3, Pattern: 1, BoardCode: "B2440", Material: "PB18-WW", Thickness: 18, Length: 2440, Width: 1220}
	p := ResultPart{LabelCode: "OP20261124001-003-002", OrderNo: "SO1", Cabinet: "地柜", Name: "侧板", Code: "P1",
		FinishedLength: 720, FinishedWidth: 560, CutLength: 719.5, CutWidth: 558, Grain: true,
		Banding: Banding{Top: 1, Bottom: 0.5, Left: 0, Right: 0}}
	for _, c := range []struct {
		culture string
		want    []string
	}{
		{localization.ZhHans, []string{"订单 SO1 · 柜体 地柜", "成品 720 × 560", "开料 719.5 × 558", "大板 3 / 排版 2", "方案 OP20261124001"}},
		{localization.En, []string{"Order SO1 · Cabinet 地柜", "Finished 720 × 560", "Cut 719.5 × 558", "Board 3 / pattern 2", "Plan OP20261124001"}},
	} {
		got := labelOf(lang(c.culture), "OP20261124001", sh, p)
		if got.Code != p.LabelCode || got.Title != "侧板 · P1" || !got.Grain || got.Banding != p.Banding {
			t.Fatalf("%s: label %+v", c.culture, got)
		}
		if fmt.Sprintf("%q", got.Lines) != fmt.Sprintf("%q", c.want) {
			t.Fatalf("%s: lines %q, want %q", c.culture, got.Lines, c.want)
		}
	}
	// no order or cabinet: that line is left out, not printed empty
	bare := labelOf(lang(localization.En), "OP1", sh, ResultPart{LabelCode: "OP1-003-001", Name: "Shelf", FinishedLength: 500, FinishedWidth: 300, CutLength: 500, CutWidth: 300})
	if bare.Title != "Shelf" || len(bare.Lines) != 4 || !strings.HasPrefix(bare.Lines[0], "Finished") {
		t.Fatalf("bare label %+v", bare)
	}
}

func TestLabelsComeByBoardThenInTheOrderThePartsLeaveTheSaw(t *testing.T) {
	// board 2 is listed first; its first cuts are across the length (x = …), so its strips are
	// columns: parts leave column by column, top to bottom within one
	across := ResultSheet{Index: 2, Cuts: []cutting.Cut{
		{Seq: 1, Stage: 1, X1: 800, Y1: 0, X2: 800, Y2: 1220}, {Seq: 2, Stage: 2, X1: 0, Y1: 600, X2: 800, Y2: 600},
		{Seq: 3, Stage: 2, X1: 800, Y1: 400, X2: 2440, Y2: 400},
	}, Parts: []ResultPart{
		{LabelCode: "b2-a", X: 804, Y: 404}, {LabelCode: "b2-b", X: 0, Y: 604}, {LabelCode: "b2-c", X: 804, Y: 0}, {LabelCode: "b2-d", X: 0, Y: 0},
	}}
	// board 1's first cuts are along the length (y = …): rows, left to right within one
	along := ResultSheet{Index: 1, Cuts: []cutting.Cut{
		{Seq: 1, Stage: 1, X1: 0, Y1: 500, X2: 2440, Y2: 500}, {Seq: 2, Stage: 2, X1: 1000, Y1: 0, X2: 1000, Y2: 500},
	}, Parts: []ResultPart{
		{LabelCode: "b1-a", X: 0, Y: 504}, {LabelCode: "b1-b", X: 1004, Y: 0}, {LabelCode: "b1-c", X: 0, Y: 0},
	}}
	res := &RunResult{Sheets: []ResultSheet{across, along}}
	var got []string
	for _, ref := range labelOrder(res) {
		got = append(got, res.Sheets[ref.sheet].Parts[ref.part].LabelCode)
	}
	want := []string{"b1-c", "b1-b", "b1-a", "b2-d", "b2-b", "b2-c", "b2-a"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("order %v, want %v", got, want)
	}
}

// partsRun is a run of n part copies, 20 a board, two boards a pattern.
func partsRun(n int) *RunResult {
	res := &RunResult{PlanNo: "OP20261124009", Figures: Figures{Boards: (n + 19) / 20, Parts: n, Utilisation: 81.5, WastePct: 12.25,
		WasteOffcutPct: 18.5, Cuts: 40, Cycles: 3, SawSeconds: 754}, Parameters: &ParameterSetting{Name: "标准", Kerf: 4.4, Trim: 10},
		Machine: &MachineSetting{Name: "HPP 300"}}
	for i := 0; i < n; i++ {
		b := i / 20
		if i%20 == 0 {
			res.Sheets = append(res.Sheets, ResultSheet{Index: b + 1, BoardCode: "PB18-2440", Material: "PB18-WW", Thickness: 18,
				Length: 2440, Width: 1220, Pattern: b / 2, Utilisation: 0.815,
				Cuts:    []cutting.Cut{{Seq: 1, Stage: 1, X1: 10, Y1: 300, X2: 2430, Y2: 300}, {Seq: 2, Stage: 2, X1: 500, Y1: 10, X2: 500, Y2: 300}},
				Offcuts: []cutting.Offcut{{X: 10, Y: 1000, Length: 2420, Width: 210, Reusable: true}, {X: 2300, Y: 10, Length: 130, Width: 290}}})
			if b%2 == 0 {
				res.Patterns = append(res.Patterns, cutting.Pattern{Index: b / 2, Count: 1, Sheets: []int{b}})
			} else {
				res.Patterns[b/2].Count++
				res.Patterns[b/2].Sheets = append(res.Patterns[b/2].Sheets, b)
			}
		}
		k := i % 20
		sh := &res.Sheets[b]
		sh.Parts = append(sh.Parts, ResultPart{LabelCode: LabelCode(res.PlanNo, b+1, k+1), OrderNo: "SO-1", Cabinet: "衣柜",
			Name: []string{"侧板", "门板 Door", "一个名字很长很长很长很长的板件"}[k%3], FinishedLength: 480, FinishedWidth: 5 + float64(k*14),
			CutLength: 478, CutWidth: 5 + float64(k*14), X: 10 + float64(k%4)*484, Y: 10 + float64(k/4)*180, Rotated: k%5 == 0,
			Grain: k%2 == 0, Banding: Banding{Top: 1, Left: 0.5}})
	}
	return res
}

func TestLabelPagesPerLayout(t *testing.T) {
	for _, c := range []struct {
		layout string
		parts  int
		pages  int
	}{{LayoutSheet, 50, 3}, {LayoutSheet, 24, 1}, {LayoutSheet, 25, 2}, {LayoutRoll, 50, 50}, {LayoutRoll, 1, 1}} {
		data, err := labelsPDF(lang(localization.ZhHans), partsRun(c.parts), c.layout, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		if got := pdfPages(data); got != c.pages || labelsPages(c.layout, c.parts) != c.pages {
			t.Fatalf("%d parts on %s: %d pages (counted %d), want %d", c.parts, c.layout, got, labelsPages(c.layout, c.parts), c.pages)
		}
	}
	if _, err := labelsPDF(lang(localization.En), partsRun(1), "a5", time.Unix(0, 0)); err == nil {
		t.Fatal("an unknown layout printed")
	}
}

func TestOneHundredLabelsMakeASmallPDF(t *testing.T) {
	for _, layout := range []string{LayoutSheet, LayoutRoll} {
		data, err := labelsPDF(lang(localization.ZhHans), partsRun(100), layout, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("100 labels, %s: %d bytes, %d pages", layout, len(data), pdfPages(data))
		if len(data) > 400<<10 {
			t.Fatalf("100 labels on %s take %d bytes", layout, len(data))
		}
	}
}

func TestTheDiagramsAreASummaryAndAPagePerPattern(t *testing.T) {
	for _, culture := range []string{localization.ZhHans, localization.En} {
		res := partsRun(100) // 5 boards, patterns of 2, 2 and 1
		data, err := diagramsPDF(lang(culture), res, time.Unix(0, 0))
		if err != nil {
			t.Fatal(err)
		}
		if got := pdfPages(data); got != 4 || diagramsPages(res) != 4 || !bytes.HasPrefix(data, []byte("%PDF-")) {
			t.Fatalf("%s: %d pages for %d patterns", culture, got, len(res.Patterns))
		}
		t.Logf("diagrams of 100 parts, %s: %d bytes", culture, len(data))
	}
	// a pattern that cut no board gets no page
	res := partsRun(40)
	res.Patterns = append(res.Patterns, cutting.Pattern{Index: 9})
	if data, err := diagramsPDF(lang(localization.En), res, time.Unix(0, 0)); err != nil || pdfPages(data) != 2 {
		t.Fatalf("%d pages, %v", pdfPages(data), err)
	}
}

// TestALabelsBarcodeIsItsLabelCode: the bars drawn on a label are the Code 128 symbol of its
// label code (platform/pdf's test decodes those bars back to the text by the standard's table),
// placed module by module, on both layouts.
func TestALabelsBarcodeIsItsLabelCode(t *testing.T) {
	lb := labelOf(lang(localization.En), "OP20261124001", ResultSheet{Index: 12}, ResultPart{LabelCode: "OP20261124001-012-034", Name: "Door"})
	bars, modules, err := pdf.Code128Bars(lb.Code)
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range labelLayouts {
		d := pdf.New(l.page, "t", time.Unix(0, 0))
		d.SetCompression(false)
		d.AddPage()
		if err := drawLabel(d, l, 0, 0, lb); err != nil {
			t.Fatal(err)
		}
		data, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		// filled rectangles, "x y w h re f" in points: the bars (a label fills nothing else)
		rects := regexp.MustCompile(`(?m)^([\d.]+) [\d.]+ ([\d.]+) [-\d.]+ re f$`).FindAllStringSubmatch(string(data), -1)
		if len(rects) != len(bars) {
			t.Fatalf("%s: %d rectangles for the %d bars of %s", name, len(rects), len(bars), lb.Code)
		}
		module := (l.w - 2*l.pad) / float64(modules+2*pdf.QuietModules)
		for i, r := range rects {
			var x, w float64
			fmt.Sscan(r[1], &x)
			fmt.Sscan(r[2], &w)
			start, width := (x*25.4/72-l.pad)/module-pdf.QuietModules, w*25.4/72/module
			if d := start - float64(bars[i].Start); d > 0.05 || d < -0.05 || width-float64(bars[i].Width) > 0.05 || float64(bars[i].Width)-width > 0.05 {
				t.Fatalf("%s: bar %d at module %.2f wide %.2f, want %d wide %d", name, i, start, width, bars[i].Start, bars[i].Width)
			}
		}
		if module < 0.25 {
			t.Fatalf("%s: a module of %.2f mm is too narrow to scan", name, module)
		}
	}
}
