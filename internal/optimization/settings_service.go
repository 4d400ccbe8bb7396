package optimization

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// Limits of the settings' fields; the input types' tags state the same numbers.
const (
	MaxSettingName   = 64
	MaxSettingRemark = 256
	MaxDetailTitle   = 64
	MaxDetails       = 100
	MaxColumnIndex   = 16383 // column XFD, the last an .xlsx has
	MaxHeaderRows    = 100
)

// Defaults of a new import-file setting.
const (
	defaultHeaderRows = 1
	defaultEncoding   = int(sheetmap.UTF8)
)

func checkSettingText(ve *apperr.ValidationError, member, label, v string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(v) == "":
		ve.Add(member, localization.KeyRequired, label)
	case utf8.RuneCountInString(v) > max:
		ve.Add(member, localization.KeyTooLong, label, max)
	}
}

// fieldLabel is the localisation key of a cut-list field's name.
func fieldLabel(field string) string { return "Optimization:CutListField:" + field }

// FieldTitle answers a cut-list field's name in the caller's language (a detail's default
// title).
func (s *Service) FieldTitle(ctx context.Context, field string) string {
	return s.t(ctx, fieldLabel(field))
}

// missingFields answers the required fields details do not map, in CutListFields' order.
func missingFields(details []ImportFileSettingDetail) []string {
	have := map[string]bool{}
	for _, d := range details {
		have[d.Field] = true
	}
	out := []string{}
	for _, f := range CutListFields {
		if f.Required && !have[f.Name] {
			out = append(out, f.Name)
		}
	}
	return out
}

// missingList answers the fields' names in the caller's language, joined.
func (s *Service) missingList(ctx context.Context, fields []string) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = s.t(ctx, fieldLabel(f))
	}
	sep := "、"
	if localization.CultureFrom(ctx) == localization.En {
		sep = ", "
	}
	return strings.Join(names, sep)
}

// checkDetail checks one detail's column, field and title (member prefix p) and answers
// it as stored (title defaulted, value type from the field).
func (s *Service) checkDetail(ctx context.Context, ve *apperr.ValidationError, p string, in DetailFields) ImportFileSettingDetail {
	d := ImportFileSettingDetail{ColumnIndex: in.ColumnIndex, Field: strings.TrimSpace(in.Field), Title: strings.TrimSpace(in.Title)}
	if in.ColumnIndex < 0 || in.ColumnIndex > MaxColumnIndex {
		ve.Add(p+"columnIndex", KeySettingsColumnIndex, MaxColumnIndex)
	}
	f, ok := cutListFieldOf(d.Field)
	switch {
	case d.Field == "":
		ve.Add(p+"field", localization.KeyRequired, LabelSettingsField)
	case !ok:
		ve.Add(p+"field", KeySettingsUnknownField, d.Field)
	}
	d.ValueType = int(f.Type)
	checkSettingText(ve, p+"title", LabelSettingsTitle, in.Title, false, MaxDetailTitle)
	if d.Title == "" && ok {
		d.Title = s.t(ctx, fieldLabel(d.Field))
	}
	return d
}

// checkDetails checks a setting's details together: each column and each field at most
// once. Members are prefixed "details[i].".
func (s *Service) checkDetails(ctx context.Context, ve *apperr.ValidationError, in []DetailFields) []ImportFileSettingDetail {
	if len(in) > MaxDetails {
		ve.Add("details", localization.KeyMaxItems, LabelSettingsDetails, MaxDetails)
		return nil
	}
	out := make([]ImportFileSettingDetail, 0, len(in))
	columns, fields := map[int]bool{}, map[string]bool{}
	for i, d := range in {
		p := fmt.Sprintf("details[%d].", i)
		row := s.checkDetail(ctx, ve, p, d)
		if columns[row.ColumnIndex] {
			ve.Add(p+"columnIndex", KeySettingsDuplicateColumn, sheetmap.ColumnLetter(row.ColumnIndex))
		}
		columns[row.ColumnIndex] = true
		if row.Field != "" && fields[row.Field] {
			ve.Add(p+"field", KeySettingsDuplicateField, fieldLabel(row.Field))
		}
		fields[row.Field] = true
		out = append(out, row)
	}
	slices.SortStableFunc(out, func(a, b ImportFileSettingDetail) int { return a.ColumnIndex - b.ColumnIndex })
	return out
}

// checkImportSetting checks a setting's body and answers its row (with its details when
// the body carries them; withDetails tells whether it did).
func (s *Service) checkImportSetting(ctx context.Context, in *ImportFileSettingInput) (*ImportFileSetting, bool, error) {
	ve := &apperr.ValidationError{}
	m := &ImportFileSetting{Name: strings.TrimSpace(in.Name), FileType: FileTypeXLSX, HeaderRows: defaultHeaderRows,
		Encoding: defaultEncoding, IsDefault: in.IsDefault, Remark: strings.TrimSpace(in.Remark)}
	checkSettingText(ve, "name", LabelSettingsName, in.Name, true, MaxSettingName)
	checkSettingText(ve, "remark", LabelSettingsRemark, in.Remark, false, MaxSettingRemark)
	if in.FileType != nil {
		m.FileType = *in.FileType
	}
	if m.FileType < FileTypeXLSX || m.FileType > FileTypeDesignJSON {
		ve.Add("fileType", KeySettingsFileType)
	}
	if in.HeaderRows != nil {
		m.HeaderRows = *in.HeaderRows
	}
	if m.HeaderRows < 0 || m.HeaderRows > MaxHeaderRows {
		ve.Add("headerRows", KeySettingsHeaderRows, MaxHeaderRows)
	}
	if in.Encoding != nil {
		m.Encoding = *in.Encoding
	}
	if !sheetmap.Encoding(m.Encoding).Valid() {
		ve.Add("encoding", KeySettingsEncoding)
	}
	withDetails := in.Details != nil
	if withDetails {
		if m.FileType == FileTypeDesignJSON && len(*in.Details) > 0 {
			ve.Add("details", KeySettingsDesignJSONNoDetails)
		} else {
			m.Details = s.checkDetails(ctx, ve, *in.Details)
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, false, err
	}
	if m.FileType == FileTypeDesignJSON {
		m.HeaderRows, m.Details, withDetails = 0, []ImportFileSettingDetail{}, true
	}
	return m, withDetails, nil
}

// usable refuses a setting that is to be default (or read a file) while a required field
// is not mapped; the message lists the missing ones.
func (s *Service) usable(ctx context.Context, m *ImportFileSetting, member string) error {
	if m.FileType == FileTypeDesignJSON {
		return nil
	}
	if missing := missingFields(m.Details); len(missing) > 0 {
		return apperr.Invalid(member, KeySettingsRequiredFieldsMissing, s.missingList(ctx, missing))
	}
	return nil
}

func (s *Service) withMissing(m *ImportFileSetting) *ImportFileSetting {
	if m.Details == nil {
		m.Details = []ImportFileSettingDetail{}
	}
	m.Missing = []string{}
	if m.FileType != FileTypeDesignJSON {
		m.Missing = missingFields(m.Details)
	}
	return m
}

// ListImportFileSettings answers a page of import-file settings, each with its details.
func (s *Service) ListImportFileSettings(ctx context.Context, q SettingsQuery) ([]ImportFileSetting, int, error) {
	st := s.settings()
	rows, n, err := listSettings[ImportFileSetting](ctx, st, q, importSettingSorting)
	if err != nil {
		return nil, 0, err
	}
	if err := s.attachDetails(ctx, st, rows); err != nil {
		return nil, 0, err
	}
	return rows, n, nil
}

// AllImportFileSettings answers every import-file setting, the default first, then by
// name (the upload dialog's select).
func (s *Service) AllImportFileSettings(ctx context.Context) ([]ImportFileSetting, error) {
	st := s.settings()
	rows, _, err := listSettings[ImportFileSetting](ctx, st, SettingsQuery{}, importSettingSorting)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(rows, func(a, b ImportFileSetting) int {
		if a.IsDefault != b.IsDefault {
			if a.IsDefault {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	if err := s.attachDetails(ctx, st, rows); err != nil {
		return nil, err
	}
	return rows, nil
}

func (s *Service) attachDetails(ctx context.Context, st settingsStore, rows []ImportFileSetting) error {
	ids := make([]uuid.UUID, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	details, err := st.details(ctx, ids...)
	if err != nil {
		return err
	}
	by := map[uuid.UUID][]ImportFileSettingDetail{}
	for _, d := range details {
		by[d.ImportFileSettingID] = append(by[d.ImportFileSettingID], d)
	}
	for i := range rows {
		rows[i].Details = by[rows[i].ID]
		s.withMissing(&rows[i])
	}
	return nil
}

// GetImportFileSetting answers one import-file setting with its details.
func (s *Service) GetImportFileSetting(ctx context.Context, id uuid.UUID) (*ImportFileSetting, error) {
	return s.getImportSetting(ctx, s.settings(), id)
}

func (s *Service) getImportSetting(ctx context.Context, st settingsStore, id uuid.UUID) (*ImportFileSetting, error) {
	m, err := getSetting[ImportFileSetting](ctx, st, id)
	if err != nil {
		return nil, err
	}
	if m.Details, err = st.details(ctx, id); err != nil {
		return nil, err
	}
	return s.withMissing(m), nil
}

// saveDetails replaces setting m's details with m.Details.
func (s *Service) saveDetails(ctx context.Context, tx settingsStore, m *ImportFileSetting) error {
	if err := tx.dropDetails(ctx, m.ID); err != nil {
		return err
	}
	for i := range m.Details {
		d := &m.Details[i]
		d.Entity = db.Entity{}
		d.ImportFileSettingID = m.ID
	}
	if len(m.Details) == 0 {
		return nil
	}
	if err := tx.insert(ctx, &m.Details); err != nil {
		return fmt.Errorf("insert details: %w", err)
	}
	return nil
}

// checkName refuses a name another setting has.
func (s *Service) checkName(ctx context.Context, tx settingsStore, name string, id uuid.UUID) error {
	taken, err := tx.nameTaken(ctx, name, id)
	if err != nil {
		return err
	}
	if taken {
		return apperr.Invalid("name", KeySettingsNameTaken, name)
	}
	return nil
}

// CreateImportFileSetting adds a setting with its details; a default one becomes the
// tenant's only default, in the same transaction.
func (s *Service) CreateImportFileSetting(ctx context.Context, in ImportFileSettingInput) (*ImportFileSetting, error) {
	if in.Details == nil {
		in.Details = &[]DetailFields{}
	}
	m, _, err := s.checkImportSetting(ctx, &in)
	if err != nil {
		return nil, err
	}
	if m.IsDefault {
		if err := s.usable(ctx, m, "isDefault"); err != nil {
			return nil, err
		}
	}
	m.ID = db.NewID()
	err = s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, "import"); err != nil {
			return err
		}
		if err := s.checkName(ctx, tx, m.Name, m.ID); err != nil {
			return err
		}
		if m.IsDefault {
			if err := tx.clearDefaults(ctx, (*ImportFileSetting)(nil), m.ID); err != nil {
				return err
			}
		}
		details := m.Details
		if err := tx.insert(ctx, m); err != nil {
			return fmt.Errorf("insert setting: %w", err)
		}
		m.Details = details
		return s.saveDetails(ctx, tx, m)
	})
	if err != nil {
		return nil, err
	}
	return s.withMissing(m), nil
}

// UpdateImportFileSetting replaces a setting's fields and, when the body carries them, its
// details, in one transaction; a default one becomes the tenant's only default.
func (s *Service) UpdateImportFileSetting(ctx context.Context, id uuid.UUID, in UpdateImportFileSettingInput) (*ImportFileSetting, error) {
	m, withDetails, err := s.checkImportSetting(ctx, &in.ImportFileSettingInput)
	if err != nil {
		return nil, err
	}
	var out *ImportFileSetting
	err = s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, "import"); err != nil {
			return err
		}
		cur, err := s.getImportSetting(ctx, tx, id)
		if err != nil {
			return err
		}
		if !withDetails {
			m.Details = cur.Details
		}
		if m.IsDefault {
			if err := s.usable(ctx, m, "isDefault"); err != nil {
				return err
			}
		}
		if err := s.checkName(ctx, tx, m.Name, id); err != nil {
			return err
		}
		if m.IsDefault {
			if err := tx.clearDefaults(ctx, (*ImportFileSetting)(nil), id); err != nil {
				return err
			}
		}
		m.Entity = cur.Entity
		details := m.Details
		if err := updateSetting(ctx, tx, m, in.ConcurrencyStamp); err != nil {
			return err
		}
		m.Details = details
		if withDetails {
			if err := s.saveDetails(ctx, tx, m); err != nil {
				return err
			}
		}
		out = m
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.withMissing(out), nil
}

// DeleteImportFileSetting removes a setting and its details.
func (s *Service) DeleteImportFileSetting(ctx context.Context, id uuid.UUID) error {
	return s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := deleteSetting[ImportFileSetting](ctx, tx, id); err != nil {
			return err
		}
		return tx.dropDetails(ctx, id)
	})
}

// ImportMapping answers how setting settingID reads a cut list: a sheetmap.Mapping whose
// rules are the details in column order (field names as CutListFields; grain reads 是/否 and
// yes/no as well as 0/1; materialCode, thickness, length, width and count are required
// cells), and the details. A setting that misses a required field is a ValidationError
// listing them; a design-JSON setting (fileType 2) has no mapping and answers a UserError
// (KeySettingsNotASheet): the caller reads the design JSON itself.
func (s *Service) ImportMapping(ctx context.Context, settingID uuid.UUID) (sheetmap.Mapping, []Detail, error) {
	m, err := s.GetImportFileSetting(ctx, settingID)
	if err != nil {
		return sheetmap.Mapping{}, nil, err
	}
	if m.FileType == FileTypeDesignJSON {
		return sheetmap.Mapping{}, nil, apperr.User(KeySettingsNotASheet, m.Name)
	}
	if err := s.usable(ctx, m, "importFileSettingId"); err != nil {
		return sheetmap.Mapping{}, nil, err
	}
	return mappingOf(m), m.Details, nil
}

// mappingOf builds the sheetmap mapping of a cut-list setting.
func mappingOf(m *ImportFileSetting) sheetmap.Mapping {
	out := sheetmap.Mapping{FileType: sheetmap.FileType(m.FileType), Encoding: sheetmap.Encoding(m.Encoding), HeaderRows: m.HeaderRows}
	for _, d := range m.Details {
		f, _ := cutListFieldOf(d.Field)
		r := sheetmap.Rule{Column: d.ColumnIndex, Field: d.Field, Type: sheetmap.ValueType(d.ValueType), Required: f.Required}
		if d.Field == FieldGrain {
			r.Items = grainItems
		}
		out.Rules = append(out.Rules, r)
	}
	return out
}

// ---- details ----

// ListDetails answers a page of a setting's details by column index ascending.
func (s *Service) ListDetails(ctx context.Context, q DetailsQuery) ([]ImportFileSettingDetail, int, error) {
	st := s.settings()
	if _, err := getSetting[ImportFileSetting](ctx, st, q.ImportFileSettingID); err != nil {
		return nil, 0, err
	}
	return st.listDetails(ctx, q)
}

// GetDetail answers one detail.
func (s *Service) GetDetail(ctx context.Context, id uuid.UUID) (*ImportFileSettingDetail, error) {
	return s.settings().detail(ctx, id)
}

// changeDetails applies change to setting settingID's details, checks the whole list again
// (columns and fields once each; a default setting keeps every required field) and, when
// it passes, runs write, all in one transaction.
func (s *Service) changeDetails(ctx context.Context, settingID uuid.UUID, change func(m *ImportFileSetting) error,
	write func(ctx context.Context, tx settingsStore) error) error {
	return s.settings().inTx(ctx, func(ctx context.Context, tx settingsStore) error {
		if err := tx.lockDefaults(ctx, "import"); err != nil {
			return err
		}
		m, err := s.getImportSetting(ctx, tx, settingID)
		if err != nil {
			return err
		}
		if err := change(m); err != nil {
			return err
		}
		if m.FileType == FileTypeDesignJSON && len(m.Details) > 0 {
			return apperr.Invalid("importFileSettingId", KeySettingsDesignJSONNoDetails)
		}
		fields := make([]DetailFields, len(m.Details))
		for i, d := range m.Details {
			fields[i] = DetailFields{ColumnIndex: d.ColumnIndex, Field: d.Field, Title: d.Title}
		}
		ve := &apperr.ValidationError{}
		s.checkDetails(ctx, ve, fields)
		if err := ve.OrNil(); err != nil {
			return detailMembers(err)
		}
		if m.IsDefault {
			if err := s.usable(ctx, m, "field"); err != nil {
				return err
			}
		}
		return write(ctx, tx)
	})
}

// detailMembers names a single detail's members without the list's prefix.
func detailMembers(err error) error {
	var ve *apperr.ValidationError
	if errors.As(err, &ve) {
		for i := range ve.Fields {
			if j := strings.Index(ve.Fields[i].Field, "]."); j >= 0 {
				ve.Fields[i].Field = ve.Fields[i].Field[j+2:]
			}
		}
	}
	return err
}

// CreateDetail adds a column to a setting.
func (s *Service) CreateDetail(ctx context.Context, in DetailInput) (*ImportFileSettingDetail, error) {
	ve := &apperr.ValidationError{}
	if in.ImportFileSettingID == uuid.Nil {
		ve.Add("importFileSettingId", localization.KeyRequired, LabelSettingsSetting)
	}
	d := s.checkDetail(ctx, ve, "", in.DetailFields)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	d.ImportFileSettingID = in.ImportFileSettingID
	err := s.changeDetails(ctx, in.ImportFileSettingID, func(m *ImportFileSetting) error {
		m.Details = append(m.Details, d)
		return nil
	}, func(ctx context.Context, tx settingsStore) error {
		return tx.insert(ctx, &d)
	})
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// UpdateDetail changes one column of a setting.
func (s *Service) UpdateDetail(ctx context.Context, id uuid.UUID, in UpdateDetailInput) (*ImportFileSettingDetail, error) {
	ve := &apperr.ValidationError{}
	d := s.checkDetail(ctx, ve, "", in.DetailFields)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	cur, err := s.GetDetail(ctx, id)
	if err != nil {
		return nil, err
	}
	var out ImportFileSettingDetail
	err = s.changeDetails(ctx, cur.ImportFileSettingID, func(m *ImportFileSetting) error {
		found := false
		for i := range m.Details {
			if m.Details[i].ID == id {
				m.Details[i].ColumnIndex, m.Details[i].Field, m.Details[i].Title, m.Details[i].ValueType = d.ColumnIndex, d.Field, d.Title, d.ValueType
				out, found = m.Details[i], true
			}
		}
		if !found {
			return settingNotFound(db.ErrNotFound, "setting detail "+id.String())
		}
		return nil
	}, func(ctx context.Context, tx settingsStore) error {
		return updateSetting(ctx, tx, &out, in.ConcurrencyStamp)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteDetail removes one column of a setting (refused when the setting is the default
// and the column maps a required field).
func (s *Service) DeleteDetail(ctx context.Context, id uuid.UUID) error {
	cur, err := s.GetDetail(ctx, id)
	if err != nil {
		return err
	}
	return s.changeDetails(ctx, cur.ImportFileSettingID, func(m *ImportFileSetting) error {
		m.Details = slices.DeleteFunc(m.Details, func(d ImportFileSettingDetail) bool { return d.ID == id })
		return nil
	}, func(ctx context.Context, tx settingsStore) error {
		return settingKeyed(db.SoftDelete(ctx, tx.idb, cur))
	})
}
