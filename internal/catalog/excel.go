package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// Limits of a spreadsheet import.
const (
	MaxImportRows   = 50000
	MaxImportErrors = 100
	MaxImportBytes  = 50 << 20
)

type colKind int

const (
	colText colKind = iota
	colNumber
	colBool
)

// column is one spreadsheet column: its label key (the header), the member it fills and
// its kind.
type column struct {
	label    string
	member   string
	kind     colKind
	required bool
	width    float64
}

var itemColumns = []column{
	{FieldName, "name", colText, true, 24},
	{FieldCode, "code", colText, false, 14},
	{FieldErpCode, "erpCode", colText, false, 14},
	{FieldStockCode, "stockCode", colText, false, 14},
	{FieldWorkshopCode, "workshopCode", colText, false, 14},
	{FieldFactoryCode, "factoryCode", colText, false, 14},
	{FieldLength, "length", colNumber, false, 10},
	{FieldWidth, "width", colNumber, false, 10},
	{FieldHeight, "height", colNumber, false, 10},
	{FieldPrice, "price", colNumber, false, 12},
	{FieldDescribe, "describe", colText, false, 30},
	{FieldColor, "color", colText, false, 12},
	{FieldUnit, "unit", colText, false, 8},
	{FieldImages, "images", colText, false, 30},
	{FieldIsEnable, "isEnable", colBool, false, 10},
}

var partColumns = append(append([]column{}, itemColumns...),
	column{FieldCount, "count", colNumber, false, 10},
	column{FieldSize, "size", colText, false, 14},
)

func columnsOf(module string) []column {
	if module == ModuleMatter {
		return partColumns
	}
	return itemColumns
}

// text returns the address of a text member of r, nil for other members.
func text(r *PartFieldsInput, member string) *string {
	switch member {
	case "name":
		return &r.Name
	case "code":
		return &r.Code
	case "erpCode":
		return &r.ErpCode
	case "stockCode":
		return &r.StockCode
	case "workshopCode":
		return &r.WorkshopCode
	case "factoryCode":
		return &r.FactoryCode
	case "describe":
		return &r.Describe
	case "color":
		return &r.Color
	case "unit":
		return &r.Unit
	case "images":
		return &r.Images
	case "size":
		return &r.Size
	}
	return nil
}

// number returns the address of a number member of r, nil for other members.
func number(r *PartFieldsInput, member string) **float64 {
	switch member {
	case "length":
		return &r.Length
	case "width":
		return &r.Width
	case "height":
		return &r.Height
	case "price":
		return &r.Price
	case "count":
		return &r.Count
	}
	return nil
}

// ---- writing ----

type sheetWriter struct {
	f      *excelize.File
	sw     *excelize.StreamWriter
	row    int
	header int
}

func newSheet(ctx context.Context, texts *localization.Catalog, sheetKey string, cols []column) (*sheetWriter, error) {
	f := excelize.NewFile()
	name := texts.T(ctx, sheetKey)
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return nil, err
	}
	header, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E7EEF7"}}})
	if err != nil {
		return nil, err
	}
	for i, c := range cols {
		if err := sw.SetColWidth(i+1, i+1, c.width); err != nil {
			return nil, err
		}
	}
	cells := make([]any, len(cols))
	for i, c := range cols {
		label := texts.T(ctx, c.label)
		if c.required {
			label += "*"
		}
		cells[i] = excelize.Cell{StyleID: header, Value: label}
	}
	w := &sheetWriter{f: f, sw: sw, header: header}
	return w, w.add(cells)
}

func (w *sheetWriter) add(cells []any) error {
	w.row++
	cell, _ := excelize.CoordinatesToCellName(1, w.row)
	return w.sw.SetRow(cell, cells)
}

func (w *sheetWriter) finish(out io.Writer) error {
	if err := w.sw.Flush(); err != nil {
		return err
	}
	_, err := w.f.WriteTo(out)
	return errors.Join(err, w.f.Close())
}

func recordCells(ctx context.Context, texts *localization.Catalog, cols []column, r *PartFieldsInput) []any {
	cells := make([]any, len(cols))
	for i, c := range cols {
		switch c.kind {
		case colText:
			cells[i] = *text(r, c.member)
		case colNumber:
			if v := *number(r, c.member); v != nil {
				cells[i] = *v
			} else {
				cells[i] = nil
			}
		case colBool:
			if r.IsEnable == nil || *r.IsEnable {
				cells[i] = texts.T(ctx, KeyYes)
			} else {
				cells[i] = texts.T(ctx, KeyNo)
			}
		}
	}
	return cells
}

func f64(v float64) *float64 { return &v }

// WriteTemplate writes the import template of module (headers in the caller's language
// and one example row) to out.
func (s *Service) WriteTemplate(ctx context.Context, module string, out io.Writer) error {
	if err := checkModule(module); err != nil {
		return err
	}
	cols := columnsOf(module)
	sheet := KeySheetProducts
	example := &PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: s.texts.T(ctx, KeyExampleName), Code: "DG-600", Length: f64(600),
		Width: f64(560), Height: f64(720), Price: f64(380), Describe: s.texts.T(ctx, KeyExampleDescribe),
		Color: s.texts.T(ctx, KeyExampleColor), Unit: s.texts.T(ctx, KeyExampleUnit)}}
	if module == ModuleMatter {
		sheet = KeySheetParts
		example = &PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: s.texts.T(ctx, KeyExamplePartName), Code: "PB18-W",
			Length: f64(2440), Width: f64(1220), Height: f64(18), Price: f64(135), Describe: s.texts.T(ctx, KeyExampleDescribe),
			Color: s.texts.T(ctx, KeyExampleColor), Unit: s.texts.T(ctx, KeyExamplePartUnit)},
			Count: f64(1), Size: "2440*1220*18"}
	}
	w, err := newSheet(ctx, s.texts, sheet, cols)
	if err != nil {
		return fmt.Errorf("template: %w", err)
	}
	if err := w.add(recordCells(ctx, s.texts, cols, example)); err != nil {
		return fmt.Errorf("template: %w", err)
	}
	return w.finish(out)
}

func productRecord(p *Product) *PartFieldsInput {
	f := &p.ItemFields
	en := f.IsEnable
	return &PartFieldsInput{ItemFieldsInput: ItemFieldsInput{Name: f.Name, Code: f.Code, ErpCode: f.ErpCode, StockCode: f.StockCode,
		WorkshopCode: f.WorkshopCode, FactoryCode: f.FactoryCode, Length: f.Length, Width: f.Width, Height: f.Height,
		Price: f.Price, Describe: f.Describe, Color: f.Color, Unit: f.Unit, Images: f.Images, IsEnable: &en}}
}

func partRecord(p *Part) *PartFieldsInput {
	r := productRecord(&Product{ItemFields: p.ItemFields})
	r.Count, r.Size = p.Count, p.Size
	return r
}

// ExportProducts writes the products q selects (all of them) as a spreadsheet.
func (s *Service) ExportProducts(ctx context.Context, q ItemQuery, out io.Writer) error {
	q.Limit, q.Skip = 0, 0
	rows, _, err := s.ListProducts(ctx, q)
	if err != nil {
		return err
	}
	w, err := newSheet(ctx, s.texts, KeySheetProducts, itemColumns)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for i := range rows {
		if err := w.add(recordCells(ctx, s.texts, itemColumns, productRecord(&rows[i]))); err != nil {
			return fmt.Errorf("export: %w", err)
		}
	}
	return w.finish(out)
}

// ExportParts writes the parts q selects (all of them) as a spreadsheet.
func (s *Service) ExportParts(ctx context.Context, q ItemQuery, out io.Writer) error {
	q.Limit, q.Skip = 0, 0
	rows, _, err := s.ListParts(ctx, q)
	if err != nil {
		return err
	}
	w, err := newSheet(ctx, s.texts, KeySheetParts, partColumns)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for i := range rows {
		if err := w.add(recordCells(ctx, s.texts, partColumns, partRecord(&rows[i]))); err != nil {
			return fmt.Errorf("export: %w", err)
		}
	}
	return w.finish(out)
}

// ---- reading ----

func normalizeHeader(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "*＊"))
	return strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s))
}

// headerIndex maps each column's labels in every culture, and its member name, to it.
func (s *Service) headerIndex(cols []column) map[string]int {
	idx := map[string]int{}
	for i, c := range cols {
		for _, culture := range []string{localization.ZhHans, localization.En} {
			idx[normalizeHeader(s.texts.Get(culture, c.label))] = i
		}
		idx[normalizeHeader(c.member)] = i
	}
	return idx
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "是", "启用", "yes", "y", "true", "1", "enabled", "√", "✓":
		return true, true
	case "否", "禁用", "停用", "no", "n", "false", "0", "disabled", "×", "✗":
		return false, true
	}
	return false, false
}

func parseNumber(s string) (*float64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" {
		return nil, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, false
	}
	return &v, true
}

type rowErrors struct {
	ve    apperr.ValidationError
	extra int
}

func (e *rowErrors) add(member, key string, args ...any) {
	if len(e.ve.Fields) >= MaxImportErrors {
		e.extra++
		return
	}
	e.ve.Add(member, key, args...)
}

// readRows reads and checks every row of the first sheet of an .xlsx file. It returns the
// rows when all are valid, else a ValidationError naming each bad row.
func (s *Service) readRows(r io.Reader, module string) ([]PartFieldsInput, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read upload: %w", err)
	}
	if len(data) > MaxImportBytes {
		return nil, apperr.User(localization.KeyMaxUpload)
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, apperr.User(KeyXlsxOnly)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, apperr.User(KeyBadSpreadsheet)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, apperr.User(KeyImportEmpty)
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, apperr.User(KeyBadSpreadsheet)
	}
	defer rows.Close()

	cols := columnsOf(module)
	index := s.headerIndex(cols)
	var at []int // at[i]: the column definition of spreadsheet column i, or -1
	errs := &rowErrors{}
	var out []PartFieldsInput
	seen := map[string]int{}
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, apperr.User(KeyBadSpreadsheet)
		}
		if at == nil {
			at = make([]int, len(cells))
			hasName := false
			for i, h := range cells {
				at[i] = -1
				if c, ok := index[normalizeHeader(h)]; ok {
					at[i] = c
					hasName = hasName || cols[c].member == "name"
				}
			}
			if !hasName {
				return nil, apperr.User(KeyImportNoName, FieldName)
			}
			continue
		}
		blank := true
		for _, c := range cells {
			if strings.TrimSpace(c) != "" {
				blank = false
				break
			}
		}
		if blank {
			continue
		}
		if len(out) >= MaxImportRows {
			return nil, apperr.User(KeyTooManyRows, MaxImportRows)
		}
		rec := PartFieldsInput{}
		ok := true
		for i, raw := range cells {
			if i >= len(at) || at[i] < 0 {
				continue
			}
			c := cols[at[i]]
			member := fmt.Sprintf("row%d.%s", n, c.member)
			switch c.kind {
			case colText:
				*text(&rec, c.member) = strings.TrimSpace(raw)
			case colNumber:
				v, good := parseNumber(raw)
				if !good {
					errs.add(member, KeyRowNumber, n, c.label)
					ok = false
					continue
				}
				*number(&rec, c.member) = v
			case colBool:
				v, good := parseBool(raw)
				if !good {
					errs.add(member, KeyRowBool, n, c.label)
					ok = false
					continue
				}
				rec.IsEnable = &v
			}
		}
		ps := rec.ItemFieldsInput.problems()
		if module == ModuleMatter {
			ps = rec.problems()
		}
		for _, p := range ps {
			ok = false
			member := fmt.Sprintf("row%d.%s", n, p.member)
			switch p.kind {
			case probRequired:
				errs.add(member, KeyRowRequired, n, p.label)
			case probTooLong:
				errs.add(member, KeyRowTooLong, n, p.label, p.max)
			case probNegative:
				errs.add(member, KeyRowMin, n, p.label)
			}
		}
		if !ok {
			continue
		}
		key := dupKey(&rec)
		if first, dup := seen[key]; dup {
			errs.add(fmt.Sprintf("row%d", n), KeyRowDuplicate, n, first)
			continue
		}
		seen[key] = n
		out = append(out, rec)
	}
	if err := rows.Error(); err != nil {
		return nil, apperr.User(KeyBadSpreadsheet)
	}
	if errs.extra > 0 {
		errs.ve.Add("", KeyRowMore, errs.extra)
	}
	if err := errs.ve.OrNil(); err != nil {
		return nil, err
	}
	if at == nil || len(out) == 0 {
		return nil, apperr.User(KeyImportEmpty)
	}
	return out, nil
}

// dupKey identifies a row for the duplicate check: the same name, code, colour and sizes.
func dupKey(r *PartFieldsInput) string {
	num := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	return strings.Join([]string{strings.ToLower(r.Name), strings.ToLower(r.Code), strings.ToLower(r.Color),
		num(r.Length), num(r.Width), num(r.Height)}, "\x00")
}

// ImportProducts reads a spreadsheet into a product directory, or into the root
// (RootID): every row is checked first, and then all are inserted in one transaction, or
// none.
func (s *Service) ImportProducts(ctx context.Context, catalogID uuid.UUID, file io.Reader) (int, error) {
	recs, err := s.importRows(ctx, catalogID, ModuleProduct, file)
	if err != nil {
		return 0, err
	}
	rows := make([]Product, len(recs))
	for i := range recs {
		rows[i] = Product{ModuleName: ModuleProduct, ItemFields: ItemFields{CatalogID: catalogID, IsEnable: true}}
		recs[i].ItemFieldsInput.apply(&rows[i].ItemFields)
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := checkDestination(ctx, tx, catalogID, ModuleProduct, true); err != nil {
			return err
		}
		return insertItems(ctx, tx, rows)
	})
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}

// ImportParts reads a spreadsheet into a parts directory, or into the root, all rows or
// none.
func (s *Service) ImportParts(ctx context.Context, catalogID uuid.UUID, file io.Reader) (int, error) {
	recs, err := s.importRows(ctx, catalogID, ModuleMatter, file)
	if err != nil {
		return 0, err
	}
	rows := make([]Part, len(recs))
	for i := range recs {
		rows[i] = Part{ItemFields: ItemFields{CatalogID: catalogID, IsEnable: true}}
		recs[i].apply(&rows[i])
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := checkDestination(ctx, tx, catalogID, ModuleMatter, true); err != nil {
			return err
		}
		return insertItems(ctx, tx, rows)
	})
	if err != nil {
		return 0, err
	}
	return len(rows), nil
}

// importRows checks the destination (before reading a large file for nothing) and reads
// the file's rows.
func (s *Service) importRows(ctx context.Context, catalogID uuid.UUID, module string, file io.Reader) ([]PartFieldsInput, error) {
	if err := checkDestination(ctx, s.store, catalogID, module, true); err != nil {
		return nil, err
	}
	return s.readRows(file, module)
}
