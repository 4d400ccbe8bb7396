package optimization

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/localization"
)

// The materials workbook: sheet 材料/Materials (one row per material) and sheet 板材/Boards
// (one row per board, naming its material by code). Export writes the headers in the
// caller's language; import reads headers in either language (or the members' names), so a
// file exported in one language imports in the other, and answers every bad cell naming its
// sheet, row and column, changing nothing.

// Limits of a workbook import.
const (
	MaxMaterialsImportBytes = 20 << 20
	MaxBoardsImportRows     = 20000
	maxMaterialsImportErrs  = 100
)

type matColKind int

const (
	matColText matColKind = iota
	matColNumber
	matColBool
	matColQuantity // a whole number; blank or "unlimited" is none
)

// matColumn is one column of a sheet: its header's label key, the member it fills, its kind.
type matColumn struct {
	label    string
	member   string
	kind     matColKind
	required bool
	width    float64
}

var materialSheetColumns = []matColumn{
	{FieldMatCode, "code", matColText, true, 16},
	{FieldMatName, "name", matColText, true, 24},
	{FieldMatThickness, "thickness", matColNumber, true, 10},
	{FieldMatGrain, "grain", matColBool, false, 8},
	{FieldMatColor, "color", matColText, false, 12},
	{FieldMatEdgeAllowance, "edgeAllowance", matColNumber, false, 12},
	{FieldMatIsEnable, "isEnable", matColBool, false, 8},
}

var boardSheetColumns = []matColumn{
	{FieldBoardMaterialCode, "materialCode", matColText, true, 16},
	{FieldBoardCode, "code", matColText, false, 22},
	{FieldBoardLength, "length", matColNumber, true, 10},
	{FieldBoardWidth, "width", matColNumber, true, 10},
	{FieldBoardCost, "cost", matColNumber, false, 10},
	{FieldBoardQuantity, "quantity", matColQuantity, false, 10},
	{FieldBoardIsOffcut, "isOffcut", matColBool, false, 8},
	{FieldBoardPlanNo, "planNo", matColText, false, 16},
	{FieldBoardBinCode, "binCode", matColText, false, 12},
}

// ---- export ----

// ExportMaterials writes the materials ids (every material when none) and their boards as the
// workbook, headers in the caller's language.
func (s *Service) ExportMaterials(ctx context.Context, ids []uuid.UUID, out io.Writer) error {
	st := s.materials()
	var ms []Material
	var err error
	if len(ids) == 0 {
		ms, _, err = st.listMaterials(ctx, MaterialQuery{}, materialOrder)
	} else {
		ms, err = st.materialsByID(ctx, ids)
	}
	if err != nil {
		return err
	}
	mids := make([]uuid.UUID, len(ms))
	byID := make(map[uuid.UUID]*Material, len(ms))
	for i := range ms {
		mids[i] = ms[i].ID
		byID[ms[i].ID] = &ms[i]
	}
	boards, err := st.boardsOf(ctx, mids...)
	if err != nil {
		return err
	}
	// boardsOf orders by material id; the sheet lists them in the materials' order.
	byMaterial := map[uuid.UUID][]Board{}
	for _, b := range boards {
		byMaterial[b.MaterialID] = append(byMaterial[b.MaterialID], b)
	}

	f := excelize.NewFile()
	defer f.Close()
	matSheet, boardSheet := s.t(ctx, KeyMaterialsSheetMaterials), s.t(ctx, KeyMaterialsSheetBoards)
	if err := f.SetSheetName("Sheet1", matSheet); err != nil {
		return fmt.Errorf("export materials: %w", err)
	}
	if _, err := f.NewSheet(boardSheet); err != nil {
		return fmt.Errorf("export materials: %w", err)
	}
	yes, no := s.t(ctx, KeyMaterialsYes), s.t(ctx, KeyMaterialsNo)
	yn := func(v bool) string {
		if v {
			return yes
		}
		return no
	}
	matRows := make([][]any, len(ms))
	var boardRows [][]any
	for i := range ms {
		m := &ms[i]
		matRows[i] = []any{m.Code, m.Name, m.Thickness, yn(m.Grain), m.Color, m.EdgeAllowance, yn(m.IsEnable)}
		for _, b := range byMaterial[m.ID] {
			var q any = s.t(ctx, KeyMaterialsUnlimited)
			if b.Quantity != nil {
				q = *b.Quantity
			}
			boardRows = append(boardRows, []any{m.Code, b.Code, b.Length, b.Width, b.Cost, q, yn(b.IsOffcut), b.PlanNo, b.BinCode})
		}
	}
	if err := s.writeMaterialsSheet(ctx, f, matSheet, materialSheetColumns, matRows); err != nil {
		return fmt.Errorf("export materials: %w", err)
	}
	if err := s.writeMaterialsSheet(ctx, f, boardSheet, boardSheetColumns, boardRows); err != nil {
		return fmt.Errorf("export materials: %w", err)
	}
	if _, err := f.WriteTo(out); err != nil {
		return fmt.Errorf("export materials: %w", err)
	}
	return nil
}

// writeMaterialsSheet writes a header row (required columns marked *) and rows to sheet.
func (s *Service) writeMaterialsSheet(ctx context.Context, f *excelize.File, sheet string, cols []matColumn, rows [][]any) error {
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return err
	}
	header, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"E7EEF7"}}})
	if err != nil {
		return err
	}
	for i, c := range cols {
		if err := sw.SetColWidth(i+1, i+1, c.width); err != nil {
			return err
		}
	}
	cells := make([]any, len(cols))
	for i, c := range cols {
		label := s.t(ctx, c.label)
		if c.required {
			label += "*"
		}
		cells[i] = excelize.Cell{StyleID: header, Value: label}
	}
	if err := sw.SetRow("A1", cells); err != nil {
		return err
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, r); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// ---- import ----

// importErrors gathers the messages of an import, in the caller's language, up to a limit.
type importErrors struct {
	ve    apperr.ValidationError
	extra int
}

func (e *importErrors) add(member, key string, args ...any) {
	if len(e.ve.Fields) >= maxMaterialsImportErrs {
		e.extra++
		return
	}
	e.ve.Add(member, key, args...)
}

func (e *importErrors) err() error {
	if e.extra > 0 {
		e.ve.Add("", KeyMaterialsMoreErrors, e.extra)
	}
	return e.ve.OrNil()
}

// tArgs translates a message whose string arguments may be keys themselves (a field's label).
func (s *Service) tArgs(ctx context.Context, key string, args ...any) string {
	out := make([]any, len(args))
	for i, a := range args {
		if str, ok := a.(string); ok && strings.Contains(str, ":") {
			a = s.t(ctx, str)
		}
		out[i] = a
	}
	return s.t(ctx, key, out...)
}

func normalizeMatHeader(v string) string {
	v = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(v), "*＊"))
	return strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, v))
}

// matHeaderIndex maps each column's label in both languages, and its member's name, to it.
func (s *Service) matHeaderIndex(cols []matColumn) map[string]int {
	idx := map[string]int{}
	for i, c := range cols {
		idx[normalizeMatHeader(c.member)] = i
		if s.texts != nil {
			for _, culture := range []string{localization.ZhHans, localization.En} {
				idx[normalizeMatHeader(s.texts.Get(culture, c.label))] = i
			}
		}
	}
	return idx
}

// sheetNamed answers the workbook's sheet whose name is key's text in either language.
func (s *Service) sheetNamed(f *excelize.File, key string) string {
	names := map[string]bool{strings.ToLower(key): true}
	if s.texts != nil {
		for _, culture := range []string{localization.ZhHans, localization.En} {
			names[strings.ToLower(strings.TrimSpace(s.texts.Get(culture, key)))] = true
		}
	}
	for _, name := range f.GetSheetList() {
		if names[strings.ToLower(strings.TrimSpace(name))] {
			return name
		}
	}
	return ""
}

func parseMatBool(v string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "是", "有", "启用", "yes", "y", "true", "1", "enabled", "√", "✓":
		return true, true
	case "", "否", "无", "禁用", "停用", "no", "n", "false", "0", "disabled", "×", "✗":
		return false, true
	}
	return false, false
}

func parseMatNumber(v string) (float64, bool, bool) {
	v = strings.ReplaceAll(strings.TrimSpace(v), ",", "")
	if v == "" {
		return 0, false, true
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, false, false
	}
	return n, true, true
}

// sheetRow is one non-blank row of a sheet: its number and its cells by column definition.
type sheetRow struct {
	n     int
	cells map[int]string
}

// readMatSheet reads the rows of sheet against cols: the header row must hold every required
// column. Blank rows are skipped.
func (s *Service) readMatSheet(ctx context.Context, f *excelize.File, sheet string, cols []matColumn, maxRows int, errs *importErrors) ([]sheetRow, error) {
	rows, err := f.Rows(sheet)
	if err != nil {
		return nil, apperr.User(KeyMaterialsBadWorkbook)
	}
	defer rows.Close()
	index := s.matHeaderIndex(cols)
	var at []int
	var out []sheetRow
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, apperr.User(KeyMaterialsBadWorkbook)
		}
		if at == nil {
			at = make([]int, len(cells))
			found := map[int]bool{}
			for i, h := range cells {
				at[i] = -1
				if c, ok := index[normalizeMatHeader(h)]; ok && !found[c] {
					at[i], found[c] = c, true
				}
			}
			for i, c := range cols {
				if c.required && !found[i] {
					errs.add("", KeyMaterialsNoColumn, sheet, s.t(ctx, c.label))
				}
			}
			continue
		}
		r := sheetRow{n: n, cells: map[int]string{}}
		for i, v := range cells {
			if i < len(at) && at[i] >= 0 && strings.TrimSpace(v) != "" {
				r.cells[at[i]] = strings.TrimSpace(v)
			}
		}
		if len(r.cells) == 0 {
			continue
		}
		if len(out) >= maxRows {
			return nil, apperr.User(KeyMaterialsTooManyRows, sheet, maxRows)
		}
		out = append(out, r)
	}
	if err := rows.Error(); err != nil {
		return nil, apperr.User(KeyMaterialsBadWorkbook)
	}
	return out, nil
}

// cellReader reads the cells of one row, recording each bad cell.
type cellReader struct {
	s     *Service
	ctx   context.Context
	sheet string
	cols  []matColumn
	row   sheetRow
	errs  *importErrors
	ok    bool
	bad   map[string]bool // members already named
}

func (c *cellReader) col(member string) int {
	for i, col := range c.cols {
		if col.member == member {
			return i
		}
	}
	panic("materials workbook: no column " + member)
}

func (c *cellReader) fail(member, msg string) {
	if c.bad[member] {
		return
	}
	if c.bad == nil {
		c.bad = map[string]bool{}
	}
	c.ok, c.bad[member] = false, true
	i := c.col(member)
	c.errs.add(fmt.Sprintf("%s.row%d.%s", c.sheet, c.row.n, member), KeyMaterialsCell, c.sheet, c.row.n, c.s.t(c.ctx, c.cols[i].label), msg)
}

func (c *cellReader) text(member string) string { return c.row.cells[c.col(member)] }

func (c *cellReader) number(member string) float64 {
	v, _, good := parseMatNumber(c.text(member))
	if !good {
		c.fail(member, c.s.t(c.ctx, KeyMaterialsNotNumber))
	}
	return v
}

func (c *cellReader) boolean(member string, def bool) bool {
	raw := c.text(member)
	if raw == "" {
		return def
	}
	v, good := parseMatBool(raw)
	if !good {
		c.fail(member, c.s.t(c.ctx, KeyMaterialsNotBool))
	}
	return v
}

func (c *cellReader) quantity(member string) *int {
	raw := c.text(member)
	if raw == "" {
		return nil
	}
	if c.s.texts != nil {
		for _, culture := range []string{localization.ZhHans, localization.En} {
			if strings.EqualFold(raw, c.s.texts.Get(culture, KeyMaterialsUnlimited)) {
				return nil
			}
		}
	}
	v, _, good := parseMatNumber(raw)
	if !good {
		c.fail(member, c.s.t(c.ctx, KeyMaterialsNotNumber))
		return nil
	}
	if v != math.Trunc(v) || v < 0 || v > MaxBoardQuantity {
		c.fail(member, c.s.tArgs(c.ctx, KeyMaterialsWhole, FieldBoardQuantity))
		return nil
	}
	q := int(v)
	return &q
}

// rules records the broken field rules of a row's record.
func (c *cellReader) rules(ps materialProblems) {
	for _, p := range ps {
		c.fail(p.member, c.s.tArgs(c.ctx, p.key, p.args...))
	}
}

// readMaterialsWorkbook reads and checks every row of the workbook; it answers the materials
// with their boards (each board in its material's item, or, for a stored material the
// Materials sheet does not list, in boardsOnly by that material's lower-case code) when all
// are valid, else a ValidationError naming each bad cell.
func (s *Service) readMaterialsWorkbook(ctx context.Context, r io.Reader) ([]materialSave, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxMaterialsImportBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read upload: %w", err)
	}
	if len(data) > MaxMaterialsImportBytes {
		return nil, apperr.User(localization.KeyMaxUpload)
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, apperr.User(KeyMaterialsXlsxOnly)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, apperr.User(KeyMaterialsBadWorkbook)
	}
	defer f.Close()
	matSheet := s.sheetNamed(f, KeyMaterialsSheetMaterials)
	if matSheet == "" {
		return nil, apperr.User(KeyMaterialsNoSheet)
	}
	errs := &importErrors{}
	matRows, err := s.readMatSheet(ctx, f, matSheet, materialSheetColumns, MaxMaterialsBatch, errs)
	if err != nil {
		return nil, err
	}
	var boardRows []sheetRow
	boardSheet := s.sheetNamed(f, KeyMaterialsSheetBoards)
	if boardSheet != "" {
		if boardRows, err = s.readMatSheet(ctx, f, boardSheet, boardSheetColumns, MaxBoardsImportRows, errs); err != nil {
			return nil, err
		}
	}
	if err := errs.err(); err != nil {
		return nil, err // a required column is missing: the rows cannot be read
	}

	var saves []materialSave
	byCode := map[string]int{} // lower-case code → index in saves
	firstRow := map[string]int{}
	badCodes := map[string]bool{} // codes of material rows that are bad (named already)
	for _, row := range matRows {
		c := &cellReader{s: s, ctx: ctx, sheet: matSheet, cols: materialSheetColumns, row: row, errs: errs, ok: true}
		en := c.boolean("isEnable", true)
		in := CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: c.text("code"), Name: c.text("name"),
			Thickness: c.number("thickness"), Grain: c.boolean("grain", false), Color: c.text("color"),
			EdgeAllowance: c.number("edgeAllowance"), IsEnable: &en}}
		if c.rules(in.check()); !c.ok {
			badCodes[strings.ToLower(in.Code)] = true
			continue
		}
		k := strings.ToLower(in.Code)
		if first, dup := firstRow[k]; dup {
			c.fail("code", s.t(ctx, KeyMaterialsRowDuplicate, first))
			continue
		}
		firstRow[k] = row.n
		byCode[k] = len(saves)
		saves = append(saves, materialSave{in: in})
	}

	// Boards of materials the sheet does not list must name stored materials.
	var others []string
	for _, row := range boardRows {
		code := row.cells[0]
		if _, ok := firstRow[strings.ToLower(code)]; !ok && code != "" {
			others = append(others, code)
		}
	}
	stored, err := s.MaterialsByCode(ctx, others)
	if err != nil {
		return nil, err
	}
	boardFirst := map[string]int{}
	for _, row := range boardRows {
		c := &cellReader{s: s, ctx: ctx, sheet: boardSheet, cols: boardSheetColumns, row: row, errs: errs, ok: true}
		code := c.text("materialCode")
		b := MaterialBoardInput{BoardFieldsInput: BoardFieldsInput{Code: c.text("code"), Length: c.number("length"),
			Width: c.number("width"), Cost: c.number("cost"), Quantity: c.quantity("quantity"),
			IsOffcut: c.boolean("isOffcut", false), PlanNo: c.text("planNo"), BinCode: c.text("binCode")}}
		if code == "" {
			c.fail("materialCode", s.tArgs(ctx, localization.KeyRequired, FieldBoardMaterialCode))
		}
		if c.rules(b.check()); !c.ok {
			continue
		}
		k := strings.ToLower(code)
		idx, listed := byCode[k]
		if !listed {
			if badCodes[k] {
				continue // its material's row is bad, and named already
			}
			m, ok := stored[code]
			if !ok {
				c.fail("materialCode", s.t(ctx, KeyMaterialsUnknownCode, code))
				continue
			}
			idx = len(saves)
			byCode[k] = idx
			saves = append(saves, materialSave{in: CreateMaterialInput{MaterialFieldsInput: MaterialFieldsInput{Code: m.Code}}, boardsOnly: true})
		}
		bk := k + "\x00" + strings.ToLower(b.Code)
		if first, dup := boardFirst[bk]; dup {
			c.fail("code", s.t(ctx, KeyMaterialsRowDuplicate, first))
			continue
		}
		boardFirst[bk] = row.n
		if len(saves[idx].in.Boards) >= MaxBoardsPerMaterial {
			c.fail("materialCode", s.t(ctx, KeyMaterialsTooMany, MaxBoardsPerMaterial))
			continue
		}
		saves[idx].in.Boards = append(saves[idx].in.Boards, b)
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	if len(saves) == 0 {
		return nil, apperr.User(KeyMaterialsImportEmpty)
	}
	return saves, nil
}

// ImportMaterials reads the workbook and upserts its materials by code and their boards by
// code within the material, in one transaction: every row is checked first, then all are
// written, or none.
func (s *Service) ImportMaterials(ctx context.Context, r io.Reader) (*MaterialsSaveResult, error) {
	saves, err := s.readMaterialsWorkbook(ctx, r)
	if err != nil {
		var ue *apperr.UserError
		var ve *apperr.ValidationError
		if errors.As(err, &ue) || errors.As(err, &ve) {
			return nil, err
		}
		return nil, fmt.Errorf("import materials: %w", err)
	}
	return s.saveMaterials(ctx, saves)
}
