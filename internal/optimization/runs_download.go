package optimization

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"

	"kerf/internal/cutting"
)

// SolutionZip is a finished run's download: a drawing per distinct pattern (SVG, with how
// many boards are cut with it), the cutting diagrams (diagrams.pdf: the figures, then every
// pattern a page), the part labels (labels.pdf, A4 label sheets), the cut list with label
// codes (parts.csv, UTF-8 with a BOM so spreadsheet programs read the Chinese names), the saw
// file ({planNo}.ptx) and the full result ({planNo}.json). The PDFs are in the caller's
// language.
func (s *Service) SolutionZip(ctx context.Context, id uuid.UUID) (string, []byte, error) {
	run, data, err := s.ResultJSON(ctx, id)
	if err != nil {
		return "", nil, err
	}
	var res RunResult
	if err := json.Unmarshal(data, &res); err != nil {
		return "", nil, fmt.Errorf("run result: %w", err)
	}
	now := time.Now()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name string, content []byte) error {
		w, err := zw.Create(name)
		if err == nil {
			_, err = w.Write(content)
		}
		return err
	}
	bySheet := map[int]ResultSheet{}
	for _, sh := range res.Sheets {
		bySheet[sh.Index-1] = sh
	}
	for _, p := range res.Patterns {
		if len(p.Sheets) == 0 {
			continue
		}
		var svg bytes.Buffer
		if err := cutting.WriteSVG(&svg, engineSheet(bySheet[p.Sheets[0]]), p.Count); err != nil {
			return "", nil, fmt.Errorf("pattern %d: %w", p.Index+1, err)
		}
		if err := add(fmt.Sprintf("%s-P%03d.svg", run.PlanNo, p.Index+1), svg.Bytes()); err != nil {
			return "", nil, err
		}
	}
	var list bytes.Buffer
	list.WriteString("\ufeff")
	cw := csv.NewWriter(&list)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	_ = cw.Write([]string{"label", "order", "cabinet", "part", "code", "material", "thickness", "finished_length", "finished_width",
		"cut_length", "cut_width", "board", "pattern", "x", "y", "rotated", "grain", "edge_top", "edge_bottom", "edge_left", "edge_right"})
	for _, sh := range res.Sheets {
		for _, p := range sh.Parts {
			_ = cw.Write([]string{p.LabelCode, p.OrderNo, p.Cabinet, p.Name, p.Code, sh.Material, f(sh.Thickness), f(p.FinishedLength),
				f(p.FinishedWidth), f(p.CutLength), f(p.CutWidth), strconv.Itoa(sh.Index), strconv.Itoa(sh.Pattern + 1), f(p.X), f(p.Y),
				strconv.FormatBool(p.Rotated), strconv.FormatBool(p.Grain), f(p.Banding.Top), f(p.Banding.Bottom), f(p.Banding.Left), f(p.Banding.Right)})
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return "", nil, fmt.Errorf("parts csv: %w", err)
	}
	if err := add("parts.csv", list.Bytes()); err != nil {
		return "", nil, err
	}
	diagrams, err := diagramsPDF(s.tr(ctx), &res, now)
	if err != nil {
		return "", nil, fmt.Errorf("diagrams of %s: %w", run.PlanNo, err)
	}
	if err := add("diagrams.pdf", diagrams); err != nil {
		return "", nil, err
	}
	labels, err := labelsPDF(s.tr(ctx), &res, LayoutSheet, now)
	if err != nil {
		return "", nil, fmt.Errorf("labels of %s: %w", run.PlanNo, err)
	}
	if err := add("labels.pdf", labels); err != nil {
		return "", nil, err
	}
	var ptx bytes.Buffer
	if err := WritePTX(&ptx, &res); err != nil {
		return "", nil, fmt.Errorf("saw file of %s: %w", run.PlanNo, err)
	}
	if err := add(run.PlanNo+".ptx", ptx.Bytes()); err != nil {
		return "", nil, err
	}
	if err := add(run.PlanNo+".json", data); err != nil {
		return "", nil, err
	}
	if err := zw.Close(); err != nil {
		return "", nil, fmt.Errorf("solution zip: %w", err)
	}
	return run.PlanNo + ".zip", buf.Bytes(), nil
}

// engineSheet is a result's board as the engine's drawing takes it (parts named by label).
func engineSheet(sh ResultSheet) cutting.Sheet {
	out := cutting.Sheet{Index: sh.Index - 1, BoardID: sh.BoardCode, Material: sh.Material, Thickness: sh.Thickness,
		Length: sh.Length, Width: sh.Width, Pattern: sh.Pattern, Cuts: sh.Cuts, Offcuts: sh.Offcuts, Utilisation: sh.Utilisation}
	for i, p := range sh.Parts {
		out.Placements = append(out.Placements, cutting.Placement{Part: i, PartID: p.LabelCode, Label: p.Name,
			X: p.X, Y: p.Y, Length: p.CutLength, Width: p.CutWidth, Rotated: p.Rotated})
	}
	return out
}
