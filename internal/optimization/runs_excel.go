package optimization

import (
	"bytes"
	"context"
	"fmt"

	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/localization"
)

var runExcelTexts = localization.Texts{
	"Optimization:RunsExcel:Sheet":       {ZhHans: "优化方案", En: "Runs"},
	"Optimization:RunsExcel:PlanNo":      {ZhHans: "方案号", En: "Plan"},
	"Optimization:RunsExcel:Files":       {ZhHans: "文件数", En: "Files"},
	"Optimization:RunsExcel:Parts":       {ZhHans: "板件数", En: "Parts"},
	"Optimization:RunsExcel:Boards":      {ZhHans: "大板数", En: "Boards"},
	"Optimization:RunsExcel:Utilisation": {ZhHans: "利用率 %", En: "Utilisation %"},
	"Optimization:RunsExcel:Waste":       {ZhHans: "废料 %", En: "Waste %"},
	"Optimization:RunsExcel:WasteOffcut": {ZhHans: "废料+余料 %", En: "Waste + offcuts %"},
	"Optimization:RunsExcel:OffcutsKept": {ZhHans: "余料块数", En: "Offcuts kept"},
	"Optimization:RunsExcel:Cuts":        {ZhHans: "锯切刀数", En: "Cuts"},
	"Optimization:RunsExcel:Cycles":      {ZhHans: "锯切循环", En: "Cycles"},
	"Optimization:RunsExcel:SawMinutes":  {ZhHans: "预计锯切分钟", En: "Saw minutes"},
	"Optimization:RunsExcel:Finished":    {ZhHans: "完成时间", En: "Finished"},
}

// RunsExcel writes the finished runs of q (status 2, spec 000 §4) as an .xlsx in the caller's
// language, every page of them.
func (s *Service) RunsExcel(ctx context.Context, q RunQuery) ([]byte, error) {
	finished := RunFinished
	q.Status, q.Skip, q.Max = &finished, 0, 1000
	f := excelize.NewFile()
	defer f.Close()
	sheet := s.t(ctx, "Optimization:RunsExcel:Sheet")
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, fmt.Errorf("runs excel: %w", err)
	}
	head := []any{}
	for _, k := range []string{"PlanNo", "Files", "Parts", "Boards", "Utilisation", "Waste", "WasteOffcut", "OffcutsKept", "Cuts", "Cycles", "SawMinutes", "Finished"} {
		head = append(head, s.t(ctx, "Optimization:RunsExcel:"+k))
	}
	rows := [][]any{head}
	for {
		page, total, err := s.ListRuns(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, r := range page {
			finishedAt := ""
			if r.FinishedAt != nil {
				finishedAt = r.FinishedAt.Local().Format("2006-01-02 15:04")
			}
			rows = append(rows, []any{r.PlanNo, r.Files, r.Parts, r.Boards, r.Utilisation, r.WastePct, r.WasteOffcutPct,
				r.OffcutsKept, r.Cuts, r.Cycles, round2(r.SawSeconds / 60), finishedAt})
		}
		q.Skip += len(page)
		if len(page) == 0 || q.Skip >= total {
			break
		}
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sheet, cell, &r); err != nil {
			return nil, fmt.Errorf("runs excel: %w", err)
		}
	}
	_ = f.SetColWidth(sheet, "A", "A", 18)
	_ = f.SetColWidth(sheet, "L", "L", 18)
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, fmt.Errorf("runs excel: %w", err)
	}
	return buf.Bytes(), nil
}
