package importmapping

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// PreviewRows is how many typed rows a preview answers.
const PreviewRows = 20

// sheetRules answers a stored mapping's rules as sheetmap reads them, with the items of
// their data dictionaries resolved now (a dictionary deleted since the mapping was saved
// is a UserError).
func (s *Service) sheetRules(ctx context.Context, mt *ModuleTypeDef, rules []ruleFields, columns []int, paths []string) ([]sheetmap.Rule, error) {
	out := make([]sheetmap.Rule, len(rules))
	for i, r := range rules {
		sr := sheetmap.Rule{Field: r.FieldName, Type: sheetmap.ValueType(r.ValueType), Required: r.Required, Default: r.DefaultValue}
		if f, ok := mt.Field(r.FieldName); ok {
			sr.Target = f.ValueType
			sr.Required = sr.Required || f.Required
		}
		if columns != nil {
			sr.Column = columns[i]
		}
		if paths != nil {
			sr.Path = paths[i]
		}
		items, key, _ := parseItems(r.ItemsMapping)
		if key != "" {
			return nil, fmt.Errorf("stored rule %s: bad items", r.FieldName) // checked on save: not the caller's fault
		}
		sr.Items = items
		if code := strings.TrimSpace(r.DictionaryCode); code != "" {
			dict, err := s.dictionary(ctx, code)
			if errors.Is(err, db.ErrNotFound) {
				return nil, apperr.User(KeyDictionaryNotFound, code)
			}
			if err != nil {
				return nil, err
			}
			sr.Items = append(sr.Items, dict...)
		}
		out[i] = sr
	}
	return out, nil
}

// sheetMapping answers rule mapping m as sheetmap reads it.
func (s *Service) sheetMapping(ctx context.Context, m *ImportRuleMapping) (sheetmap.Mapping, *ModuleTypeDef, error) {
	mt, ok := ModuleType(m.ModuleType)
	if !ok {
		return sheetmap.Mapping{}, nil, fmt.Errorf("mapping %s: unknown module type %d", m.ID, m.ModuleType)
	}
	rules := make([]ruleFields, len(m.MappingRules))
	columns := make([]int, len(m.MappingRules))
	for i, r := range m.MappingRules {
		rules[i] = ruleFields{r.FieldName, r.DefaultValue, r.ItemsMapping, r.DictionaryCode, r.ValueType, r.Required}
		columns[i] = r.ColumnIndex
	}
	sr, err := s.sheetRules(ctx, mt, rules, columns, nil)
	if err != nil {
		return sheetmap.Mapping{}, nil, err
	}
	return sheetmap.Mapping{FileType: sheetmap.FileType(m.ImportFileType), Encoding: sheetmap.Encoding(m.ImportFileEncoding),
		HeaderRows: m.ReadRows, Rules: sr}, mt, nil
}

// read reads a file through rule mapping m; fileName (when given) must have the
// extension of the mapping's file type.
func (s *Service) read(ctx context.Context, m *ImportRuleMapping, fileName string, r io.Reader) (*sheetmap.Result, *ModuleTypeDef, error) {
	ext := sheetmap.FileType(m.ImportFileType).Ext()
	if fileName != "" && !strings.EqualFold(path.Ext(fileName), ext) {
		return nil, nil, apperr.User(KeyWrongFileType, ext)
	}
	sm, mt, err := s.sheetMapping(ctx, m)
	if err != nil {
		return nil, nil, err
	}
	res, err := sheetmap.Read(r, sm, s.limits)
	if err != nil {
		return nil, nil, err
	}
	return res, mt, nil
}

// Read reads a file through the enabled rule mapping mappingID: typed rows, and every value
// that could not be read with its row, column and message key (localise them with
// CellMessage). Files over sheetmap.DefaultLimits are refused. The sales orders and the
// optimisation read their imports through it.
func (s *Service) Read(ctx context.Context, mappingID uuid.UUID, fileName string, r io.Reader) (sheetmap.Result, error) {
	m, err := s.GetRuleMapping(ctx, mappingID)
	if err != nil {
		return sheetmap.Result{}, err
	}
	if !m.IsEnable {
		return sheetmap.Result{}, apperr.User(KeyMappingDisabled)
	}
	res, _, err := s.read(ctx, m, fileName, r)
	if err != nil {
		return sheetmap.Result{}, err
	}
	return *res, nil
}

// CellMessage answers a cell error's message in the caller's language, naming the field
// by its label in moduleType.
func (s *Service) CellMessage(ctx context.Context, moduleType int, e sheetmap.CellError) string {
	label := e.Field
	if mt, ok := ModuleType(moduleType); ok {
		if f, ok := mt.Field(e.Field); ok {
			label = pick(ctx, f.Label)
		}
	}
	if s.texts == nil {
		return e.Key
	}
	return s.texts.Get(localization.CultureFrom(ctx), e.Key, e.Arguments(label)...)
}

// Preview reads a file through rule mapping id (enabled or not: the rule editor's "try
// with a file") and answers its first PreviewRows typed rows and every error, localised.
func (s *Service) Preview(ctx context.Context, id uuid.UUID, fileName string, r io.Reader) (*Preview, error) {
	m, err := s.GetRuleMapping(ctx, id)
	if err != nil {
		return nil, err
	}
	res, mt, err := s.read(ctx, m, fileName, r)
	if err != nil {
		return nil, err
	}
	out := &Preview{Fields: []PreviewField{}, Rows: []PreviewRow{}, Errors: []PreviewError{}, MoreErrors: res.MoreErrors,
		TotalRows: res.DataRows, ValidRows: len(res.Rows)}
	for _, r := range m.MappingRules {
		label := r.FieldName
		if f, ok := mt.Field(r.FieldName); ok {
			label = pick(ctx, f.Label)
		}
		out.Fields = append(out.Fields, PreviewField{FieldName: r.FieldName, DisplayName: label,
			Column: sheetmap.ColumnLetter(r.ColumnIndex), ValueType: r.ValueType})
	}
	for _, row := range res.Rows[:min(PreviewRows, len(res.Rows))] {
		out.Rows = append(out.Rows, PreviewRow{Row: row.Number, Values: res.Map(row)})
	}
	for _, e := range res.Errors {
		out.Errors = append(out.Errors, PreviewError{Row: e.Row, Column: e.Column, FieldName: e.Field,
			Message: s.CellMessage(ctx, m.ModuleType, e)})
	}
	return out, nil
}

// Split answers the line type of each of res's rows by split mapping splitMappingID: the
// line type of the first rule (in order) the row matches, else the mapping's default. A
// rule testing a field the rows do not have sees an empty value.
func (s *Service) Split(ctx context.Context, splitMappingID uuid.UUID, res sheetmap.Result) ([]string, error) {
	m, err := s.GetSplitMapping(ctx, splitMappingID)
	if err != nil {
		return nil, err
	}
	if !m.IsEnable {
		return nil, apperr.User(KeyMappingDisabled)
	}
	index := make([]int, len(m.Rules))
	for i, r := range m.Rules {
		index[i] = res.Index(r.FieldName)
	}
	out := make([]string, len(res.Rows))
	for n, row := range res.Rows {
		out[n] = m.DefaultLineType
		for i, r := range m.Rules {
			v := ""
			if j := index[i]; j >= 0 && j < len(row.Values) {
				v = row.Values[j].String()
			}
			if r.matches(v) {
				out[n] = r.LineType
				break
			}
		}
	}
	return out, nil
}

// matches reports whether a value meets the rule (compared trimmed, without regard to case).
func (r SplitRule) matches(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	want := strings.ToLower(strings.TrimSpace(r.Value))
	switch r.Operator {
	case OpEquals:
		return v == want
	case OpContains:
		return strings.Contains(v, want)
	case OpStartsWith:
		return strings.HasPrefix(v, want)
	case OpIsEmpty:
		return v == ""
	case OpIsNotEmpty:
		return v != ""
	}
	return false
}

// MapRecord reads a JSON document (a form's data, a design platform's order) through the
// enabled form field mapping id: field → value, and every member that could not be read,
// localised.
func (s *Service) MapRecord(ctx context.Context, id uuid.UUID, doc []byte) (*RecordResult, error) {
	m, err := s.GetFormMapping(ctx, id)
	if err != nil {
		return nil, err
	}
	if !m.IsEnable {
		return nil, apperr.User(KeyMappingDisabled)
	}
	mt, ok := ModuleType(m.MappingType)
	if !ok {
		return nil, fmt.Errorf("form mapping %s: unknown mapping type %d", m.ID, m.MappingType)
	}
	rules := make([]ruleFields, len(m.MappingRules))
	paths := make([]string, len(m.MappingRules))
	for i, r := range m.MappingRules {
		rules[i] = ruleFields{r.FieldName, r.DefaultValue, r.ItemsMapping, r.DictionaryCode, r.ValueType, r.Required}
		paths[i] = r.SourceField
	}
	sr, err := s.sheetRules(ctx, mt, rules, nil, paths)
	if err != nil {
		return nil, err
	}
	res, err := sheetmap.ReadRecord(doc, sr)
	if err != nil {
		return nil, err
	}
	out := &RecordResult{Values: map[string]any{}, Errors: []PreviewError{}}
	if len(res.Rows) == 1 {
		out.Values = res.Map(res.Rows[0])
	}
	for _, e := range res.Errors {
		out.Errors = append(out.Errors, PreviewError{Row: e.Row, Column: e.Column, FieldName: e.Field,
			Message: s.CellMessage(ctx, m.MappingType, e)})
	}
	return out, nil
}
