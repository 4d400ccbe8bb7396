package optimization

import (
	"bytes"
	"context"
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/homedesign"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/sheetmap"
)

// Message keys of reading a cut list.
const (
	KeyImportBadCells = "Optimization:ImportBadCells"
	KeyImportBadJSON  = "Optimization:ImportBadJSON"
)

// shownCellErrors is how many cell errors a refused file names.
const shownCellErrors = 5

// ReadCutList reads an uploaded file through its import-file setting into rows: a sheet
// (.xlsx, .csv) through the setting's columns, a design JSON as its panels (the order number
// is the file's name without extension). A file with any bad cell is refused, naming the
// first ones (row, column, field) and counting the rest.
func (s *Service) ReadCutList(ctx context.Context, settingID uuid.UUID, fileName string, data []byte) ([]CutPart, error) {
	setting, err := s.GetImportFileSetting(ctx, settingID)
	if err != nil {
		return nil, err
	}
	if setting.FileType == FileTypeDesignJSON {
		var d homedesign.Design
		if err := json.Unmarshal(data, &d); err != nil {
			return nil, apperr.User(KeyImportBadJSON, err.Error())
		}
		return PartsFromDesign(d, strings.TrimSuffix(path.Base(fileName), path.Ext(fileName))), nil
	}
	mapping, _, err := s.ImportMapping(ctx, settingID)
	if err != nil {
		return nil, err
	}
	res, err := sheetmap.Read(bytes.NewReader(data), mapping, sheetmap.DefaultLimits)
	if err != nil {
		return nil, err
	}
	if n := len(res.Errors) + res.MoreErrors; n > 0 {
		var msgs []string
		for _, e := range res.Errors[:min(len(res.Errors), shownCellErrors)] {
			msgs = append(msgs, s.t(ctx, e.Key, e.Arguments(s.FieldTitle(ctx, e.Field))...))
		}
		return nil, apperr.User(KeyImportBadCells, n, strings.Join(msgs, "; "))
	}
	out := make([]CutPart, 0, len(res.Rows))
	for _, r := range res.Rows {
		str := func(f string) string { return strings.TrimSpace(res.Get(r, f).String()) }
		num := func(f string) float64 { return number(res.Get(r, f)) }
		out = append(out, CutPart{Row: r.Number, OrderNo: str(FieldOrderNo), Cabinet: str(FieldCabinet), Name: str(FieldPartName),
			Code: str(FieldPartCode), MaterialCode: str(FieldMaterialCode), Thickness: num(FieldThickness),
			Length: num(FieldLength), Width: num(FieldWidth), Count: num(FieldCount), Grain: num(FieldGrain) == 1 || res.Get(r, FieldGrain).Bool,
			Banding: Banding{Top: num(FieldEdgeTop), Bottom: num(FieldEdgeBottom), Left: num(FieldEdgeLeft), Right: num(FieldEdgeRight)}})
	}
	return out, nil
}

// number answers a value as a number (0 when empty or not one).
func number(v sheetmap.Value) float64 {
	if !v.Valid {
		return 0
	}
	switch v.Kind {
	case sheetmap.Integer:
		return float64(v.Int)
	case sheetmap.Decimal:
		return v.Dec.Float64()
	case sheetmap.Boolean:
		if v.Bool {
			return 1
		}
		return 0
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v.String()), 64)
	if err != nil {
		return 0
	}
	return f
}
