package optimization

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// The settings workbook (import-importsetting and export-importsetting): one sheet, a
// header row, then one row per detail in these columns. A design-JSON setting, which has
// no details, is one row with the column, field and title empty.
const (
	xcName = iota
	xcFileType
	xcHeaderRows
	xcColumn
	xcField
	xcTitle
	xcEncoding
	xcCount
)

// Limits of an import of settings.
const (
	MaxSettingsFileBytes = 2 << 20
	MaxSettingsFileRows  = 5000
)

// settingsHeader are the workbook's column titles (localisation keys), in column order.
var settingsHeader = [xcCount]string{
	LabelSettingsName, LabelSettingsFileType, LabelSettingsHeaderRows, LabelSettingsColumn, LabelSettingsField,
	LabelSettingsTitle, LabelSettingsEncoding,
}

var fileTypeNames = map[int]string{FileTypeXLSX: "xlsx", FileTypeCSV: "csv", FileTypeDesignJSON: "json"}

// settingsXLSX and settingsCSV are the content types of the settings' downloads.
const (
	settingsXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	settingsCSV  = "text/csv"
)

// SettingsFile is a download: its name, type and bytes.
type SettingsFile struct {
	Name        string
	ContentType string
	Data        []byte
}

// Template answers an empty cut list for setting id: its titles as the header row (in the
// last header row, at each detail's column), as .xlsx, or as .csv in the setting's
// encoding for a .csv setting. A design-JSON setting has no template (a UserError).
func (s *Service) Template(ctx context.Context, id uuid.UUID) (*SettingsFile, error) {
	m, err := s.GetImportFileSetting(ctx, id)
	if err != nil {
		return nil, err
	}
	if m.FileType == FileTypeDesignJSON {
		return nil, apperr.User(KeySettingsNoTemplate, m.Name)
	}
	width := 0
	for _, d := range m.Details {
		width = max(width, d.ColumnIndex+1)
	}
	header := make([]string, width)
	for _, d := range m.Details {
		header[d.ColumnIndex] = d.Title
	}
	rows := make([][]string, max(m.HeaderRows, 1))
	rows[len(rows)-1] = header
	if m.FileType == FileTypeCSV {
		data, err := writeCSV(rows, sheetmap.Encoding(m.Encoding))
		if err != nil {
			return nil, err
		}
		return &SettingsFile{Name: m.Name + ".csv", ContentType: settingsCSV, Data: data}, nil
	}
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		for j, v := range r {
			if v == "" {
				continue
			}
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if err := f.SetCellStr("Sheet1", cell, v); err != nil {
				return nil, fmt.Errorf("template: %w", err)
			}
		}
	}
	data, err := workbookBytes(f)
	if err != nil {
		return nil, err
	}
	return &SettingsFile{Name: m.Name + ".xlsx", ContentType: settingsXLSX, Data: data}, nil
}

func writeCSV(rows [][]string, enc sheetmap.Encoding) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(rows); err != nil {
		return nil, fmt.Errorf("template: %w", err)
	}
	switch enc {
	case sheetmap.GB18030:
		out, err := simplifiedchinese.GB18030.NewEncoder().Bytes(buf.Bytes())
		if err != nil {
			return nil, apperr.User(KeySettingsTemplateEncoding, enc.String())
		}
		return out, nil
	case sheetmap.UTF16LE:
		out, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes(buf.Bytes())
		if err != nil {
			return nil, fmt.Errorf("template: %w", err)
		}
		return out, nil
	default:
		return append([]byte("\ufeff"), buf.Bytes()...), nil
	}
}

func workbookBytes(f *excelize.File) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("write workbook: %w", err)
	}
	return buf.Bytes(), nil
}

// ExportSettings answers the settings ids (none: every setting), by name, as the settings
// workbook, its header in the caller's language.
func (s *Service) ExportSettings(ctx context.Context, ids []uuid.UUID) (*SettingsFile, error) {
	rows, err := s.AllImportFileSettings(ctx)
	if err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		want := map[uuid.UUID]bool{}
		for _, id := range ids {
			want[id] = true
		}
		kept := rows[:0]
		for _, r := range rows {
			if want[r.ID] {
				kept = append(kept, r)
			}
		}
		if len(kept) == 0 {
			return nil, settingNotFound(db.ErrNotFound, "settings to export")
		}
		rows = kept
	}
	f := excelize.NewFile()
	defer f.Close()
	sheet := s.t(ctx, LabelSettingsSheet)
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, fmt.Errorf("export settings: %w", err)
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, fmt.Errorf("export settings: %w", err)
	}
	head := make([]any, xcCount)
	for i, k := range settingsHeader {
		head[i] = s.t(ctx, k)
	}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, fmt.Errorf("export settings: %w", err)
	}
	n := 2
	write := func(m ImportFileSetting, d *ImportFileSettingDetail) error {
		row := []any{m.Name, fileTypeNames[m.FileType], m.HeaderRows, "", "", "", sheetmap.Encoding(m.Encoding).String()}
		if d != nil {
			row[xcColumn], row[xcField], row[xcTitle] = sheetmap.ColumnLetter(d.ColumnIndex), d.Field, d.Title
		}
		cell, _ := excelize.CoordinatesToCellName(1, n)
		n++
		return sw.SetRow(cell, row)
	}
	for _, m := range rows {
		if len(m.Details) == 0 {
			if err := write(m, nil); err != nil {
				return nil, fmt.Errorf("export settings: %w", err)
			}
		}
		for i := range m.Details {
			if err := write(m, &m.Details[i]); err != nil {
				return nil, fmt.Errorf("export settings: %w", err)
			}
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, fmt.Errorf("export settings: %w", err)
	}
	data, err := workbookBytes(f)
	if err != nil {
		return nil, err
	}
	return &SettingsFile{Name: s.t(ctx, LabelSettingsSheet) + ".xlsx", ContentType: settingsXLSX, Data: data}, nil
}

// importedSetting is one setting of an imported workbook: its first row's number, its
// fields, and the row number of each detail.
type importedSetting struct {
	row     int
	in      ImportFileSettingInput
	details []DetailFields
	rows    []int
}

// rowProblems collects the problems of an imported workbook, each named by its row.
type rowProblems struct {
	s   *Service
	ctx context.Context
	ve  apperr.ValidationError
}

func (p *rowProblems) add(row int, key string, args ...any) {
	p.ve.Add(fmt.Sprintf("file.rows[%d]", row), KeySettingsImportRow, row, p.s.localize(p.ctx, key, args...))
}

// localize answers key with its arguments in the caller's language; an argument that is
// itself a key (a field's label) is translated too.
func (s *Service) localize(ctx context.Context, key string, args ...any) string {
	out := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(string); ok && strings.Contains(t, ":") {
			a = s.t(ctx, t)
		}
		out[i] = a
	}
	return s.t(ctx, key, out...)
}

// ImportSettings reads the settings workbook and writes every setting in it, all or
// nothing: a new name is a new setting; a name the tenant has replaces that setting's file
// type, header rows, encoding and details (only when mayReplace: the caller may edit
// settings). Every problem is listed with its row.
func (s *Service) ImportSettings(ctx context.Context, r io.Reader, mayReplace bool) (*ImportSettingsResult, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSettingsFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read settings file: %w", err)
	}
	if len(data) > MaxSettingsFileBytes {
		return nil, apperr.User(localization.KeySheetTooLarge, MaxSettingsFileBytes>>20)
	}
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, apperr.User(localization.KeySheetNotXlsx)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: 32 * MaxSettingsFileBytes})
	if err != nil {
		return nil, apperr.User(localization.KeySheetBadXlsx)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, apperr.User(localization.KeySheetNoSheet)
	}
	cells, err := f.GetRows(sheets[0])
	if err != nil {
		return nil, apperr.User(localization.KeySheetBadXlsx)
	}
	if len(cells) > MaxSettingsFileRows+1 {
		return nil, apperr.User(localization.KeySheetTooManyRows, MaxSettingsFileRows)
	}
	p := &rowProblems{s: s, ctx: ctx}
	settings := s.readSettingRows(cells, p)
	if len(settings) == 0 && len(p.ve.Fields) == 0 {
		return nil, apperr.User(KeySettingsImportEmpty)
	}
	checked := make([]*ImportFileSetting, len(settings))
	for i, st := range settings {
		in := st.in
		details := st.details
		in.Details = &details
		m, _, err := s.checkImportSetting(ctx, &in)
		var ve *apperr.ValidationError
		switch {
		case errors.As(err, &ve):
			for _, fe := range ve.Fields {
				row := st.row
				if j, ok := detailIndex(fe.Field); ok && j < len(st.rows) {
					row = st.rows[j]
				}
				p.add(row, fe.Key, fe.Args...)
			}
		case err != nil:
			return nil, err
		}
		checked[i] = m
	}
	if err := p.ve.OrNil(); err != nil {
		return nil, err
	}
	res := &ImportSettingsResult{}
	err = s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, "import"); err != nil {
			return err
		}
		for i, m := range checked {
			cur, err := tx.importSettingByName(ctx, m.Name)
			switch {
			case errors.Is(err, db.ErrNotFound):
				m.ID = db.NewID()
				details := m.Details
				if err := tx.insert(ctx, m); err != nil {
					return fmt.Errorf("insert setting: %w", err)
				}
				m.Details = details
				res.Created++
			case err != nil:
				return err
			case !mayReplace:
				p.add(settings[i].row, KeySettingsImportNoReplace, m.Name)
				continue
			default:
				m.Entity, m.IsDefault, m.Remark = cur.Entity, cur.IsDefault, cur.Remark
				if m.IsDefault {
					if err := s.usable(ctx, m, "details"); err != nil {
						var ve *apperr.ValidationError
						if errors.As(err, &ve) {
							p.add(settings[i].row, ve.Fields[0].Key, ve.Fields[0].Args...)
							continue
						}
						return err
					}
				}
				details := m.Details
				if err := updateSetting(ctx, tx, m, ""); err != nil {
					return err
				}
				m.Details = details
				res.Replaced++
			}
			if err := s.saveDetails(ctx, tx, m); err != nil {
				return err
			}
			res.Details += len(m.Details)
		}
		return p.ve.OrNil()
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// detailIndex reads i from a member "details[i]…".
func detailIndex(member string) (int, bool) {
	rest, ok := strings.CutPrefix(member, "details[")
	if !ok {
		return 0, false
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:end])
	return n, err == nil
}

// readSettingRows groups the workbook's rows (after the header) by setting name, in the
// order names first appear; a row that contradicts its setting's first row, or whose
// cells cannot be read, is a problem.
func (s *Service) readSettingRows(cells [][]string, p *rowProblems) []*importedSetting {
	var out []*importedSetting
	byName := map[string]*importedSetting{}
	for i, raw := range cells {
		n := i + 1
		if n == 1 || blankRow(raw) {
			continue
		}
		cell := func(c int) string {
			if c < len(raw) {
				return strings.TrimSpace(raw[c])
			}
			return ""
		}
		name := cell(xcName)
		if name == "" {
			p.add(n, localization.KeyRequired, LabelSettingsName)
			continue
		}
		fileType, ok := parseFileType(cell(xcFileType))
		if !ok {
			p.add(n, KeySettingsFileType)
			continue
		}
		headerRows := defaultHeaderRows
		if fileType == FileTypeDesignJSON {
			headerRows = 0
		}
		if t := cell(xcHeaderRows); t != "" {
			v, err := strconv.Atoi(t)
			if err != nil {
				p.add(n, KeySettingsHeaderRows, MaxHeaderRows)
				continue
			}
			headerRows = v
		}
		encoding, ok := parseEncoding(cell(xcEncoding))
		if !ok {
			p.add(n, KeySettingsEncoding)
			continue
		}
		st := byName[name]
		if st == nil {
			ft, hr, enc := fileType, headerRows, encoding
			st = &importedSetting{row: n, in: ImportFileSettingInput{Name: name, FileType: &ft, HeaderRows: &hr, Encoding: &enc}}
			byName[name] = st
			out = append(out, st)
		} else if *st.in.FileType != fileType || *st.in.HeaderRows != headerRows || *st.in.Encoding != encoding {
			p.add(n, KeySettingsImportInconsistent, name, st.row)
			continue
		}
		column, field, title := cell(xcColumn), cell(xcField), cell(xcTitle)
		if column == "" && field == "" && title == "" {
			continue // a setting without details (design JSON)
		}
		idx, ok := parseColumn(column)
		if !ok {
			p.add(n, KeySettingsColumnText, column)
			continue
		}
		st.details = append(st.details, DetailFields{ColumnIndex: idx, Field: field, Title: title})
		st.rows = append(st.rows, n)
	}
	return out
}

func blankRow(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// parseFileType reads xlsx, csv or json (with or without the dot), or 0, 1 or 2; empty is xlsx.
func parseFileType(t string) (int, bool) {
	t = strings.TrimPrefix(strings.ToLower(t), ".")
	switch t {
	case "", "xlsx", "0", "excel":
		return FileTypeXLSX, true
	case "csv", "1":
		return FileTypeCSV, true
	case "json", "2":
		return FileTypeDesignJSON, true
	}
	return 0, false
}

// parseEncoding reads an encoding's name or number; empty is UTF-8.
func parseEncoding(t string) (int, bool) {
	switch strings.ToUpper(strings.ReplaceAll(t, "-", "")) {
	case "", "UTF8", "3":
		return int(sheetmap.UTF8), true
	case "GB18030", "GBK", "1":
		return int(sheetmap.GB18030), true
	case "UTF16LE", "UTF16", "2":
		return int(sheetmap.UTF16LE), true
	}
	return 0, false
}

// parseColumn reads a column letter (A, AB) or a 1-based column number, as 0-based.
func parseColumn(t string) (int, bool) {
	if t == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(t); err == nil {
		return n - 1, n >= 1 && n <= MaxColumnIndex+1
	}
	n, err := excelize.ColumnNameToNumber(strings.ToUpper(t))
	if err != nil {
		return 0, false
	}
	return n - 1, n-1 <= MaxColumnIndex
}
