package importmapping

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// DictionaryItem is one enabled detail of a data dictionary.
type DictionaryItem struct {
	Code, Label, Value string
}

// Dictionaries answers the enabled details of a data dictionary by its code; an unknown
// code is an error that unwraps to db.ErrNotFound. The app passes the datadictionary
// area's service (module.go adapts it).
type Dictionaries interface {
	Details(ctx context.Context, code string) ([]DictionaryItem, error)
}

// Service holds the rules of the import mappings: what a mapping may say (checked on every
// save), one default per module type, and reading files and records through a mapping. It
// knows no HTTP. Form field mappings are in service_forms.go, split mappings in
// service_split.go, reading in service_read.go.
type Service struct {
	store  store
	texts  *localization.Catalog
	dicts  Dictionaries
	limits sheetmap.Limits
}

// NewService returns the service on d; texts localise previews, dicts resolves the value
// mappings taken from data dictionaries (nil: no dictionary exists).
func NewService(d *db.DB, texts *localization.Catalog, dicts Dictionaries) *Service {
	return &Service{store: newStore(d), texts: texts, dicts: dicts, limits: sheetmap.DefaultLimits}
}

// Limits of the fields; the input types' tags state the same numbers for OpenAPI.
const (
	MaxName        = 64
	MaxDescription = 512
	MaxFieldName   = 64
	MaxDefault     = 256
	MaxItems       = 8192
	MaxDictCode    = 64
	MaxSourceField = 256
	MaxSplitValue  = 256
	MaxRules       = 200
	MaxColumnIndex = 16383 // column XFD, the last an .xlsx has
	MaxReadRows    = 100
	MaxSplitOrder  = 10000
)

// Defaults of a new rule mapping (spec 000 §3, 001 §3).
const (
	DefaultFileType = int(sheetmap.XLSX)
	DefaultEncoding = int(sheetmap.UTF8)
	DefaultReadRows = 1
)

// ---- shared checks ----

func checkText(ve *apperr.ValidationError, member, label, v string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(v) == "":
		ve.Add(member, localization.KeyRequired, label)
	case utf8.RuneCountInString(v) > max:
		ve.Add(member, localization.KeyTooLong, label, max)
	}
}

func moduleTypeKey(v int) string { return fmt.Sprintf("ImportMapping:ModuleType:%d", v) }

// parseItems reads an itemsMapping text: empty, or a JSON array of {source, target} with
// non-empty, distinct sources (compared trimmed, without regard to case). Targets may be
// text, numbers or booleans; they are kept as text.
func parseItems(text string) ([]sheetmap.Item, string, []any) {
	if strings.TrimSpace(text) == "" {
		return nil, "", nil
	}
	var raw []map[string]any
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, KeyItemsJSON, nil
	}
	out := make([]sheetmap.Item, 0, len(raw))
	seen := map[string]bool{}
	for _, r := range raw {
		src, ok1 := scalar(r["source"])
		tgt, ok2 := scalar(r["target"])
		if r == nil || !ok1 || !ok2 {
			return nil, KeyItemsJSON, nil
		}
		if strings.TrimSpace(src) == "" {
			return nil, KeyItemsSource, nil
		}
		k := strings.ToLower(strings.TrimSpace(src))
		if seen[k] {
			return nil, KeyItemsDuplicate, []any{src}
		}
		seen[k] = true
		out = append(out, sheetmap.Item{Source: src, Target: tgt})
	}
	return out, "", nil
}

// scalar answers a JSON scalar as text (a missing target is the empty text).
func scalar(v any) (string, bool) {
	switch t := v.(type) {
	case nil:
		return "", true
	case string:
		return t, true
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64), true
	case bool:
		if t {
			return "true", true
		}
		return "false", true
	}
	return "", false
}

// ruleFields are what a mapping rule and a form field rule share.
type ruleFields struct {
	FieldName, DefaultValue, ItemsMapping, DictionaryCode string
	ValueType                                             int
	Required                                              bool
}

// checkRule checks one rule's field, type, items, dictionary and default against module
// type mt (nil: unknown, already reported), and answers it as sheetmap reads it (items of
// a dictionary not yet resolved).
func (s *Service) checkRule(ctx context.Context, ve *apperr.ValidationError, p string, mt *ModuleTypeDef, r ruleFields) (sheetmap.Rule, error) {
	out := sheetmap.Rule{Field: strings.TrimSpace(r.FieldName), Type: sheetmap.ValueType(r.ValueType), Required: r.Required, Default: r.DefaultValue}
	var field FieldDef
	known := false
	checkText(ve, p+"fieldName", FieldFieldName, r.FieldName, true, MaxFieldName)
	if mt != nil && out.Field != "" && utf8.RuneCountInString(r.FieldName) <= MaxFieldName {
		if field, known = mt.Field(out.Field); !known {
			ve.Add(p+"fieldName", KeyUnknownField, out.Field, moduleTypeKey(mt.Value))
		}
	}
	switch {
	case !out.Type.Valid():
		ve.Add(p+"valueType", KeyValueType)
	case known && out.Type != sheetmap.Enumeration && out.Type != field.ValueType:
		ve.Add(p+"valueType", KeyValueTypeOfField, fieldLabelKey(mt.Value, field.Name), valueTypeKey(int(field.ValueType)))
	}
	if known {
		out.Target = field.ValueType
		out.Required = out.Required || field.Required
	}
	checkText(ve, p+"defaultValue", FieldDefaultValue, r.DefaultValue, false, MaxDefault)
	checkText(ve, p+"itemsMapping", FieldItemsMapping, r.ItemsMapping, false, MaxItems)
	checkText(ve, p+"dictionaryCode", FieldDictionaryCode, r.DictionaryCode, false, MaxDictCode)
	var key string
	if utf8.RuneCountInString(r.ItemsMapping) <= MaxItems {
		var items []sheetmap.Item
		var args []any
		if items, key, args = parseItems(r.ItemsMapping); key != "" {
			ve.Add(p+"itemsMapping", key, args...)
		}
		out.Items = items
	} else {
		key = localization.KeyTooLong
	}
	if code := strings.TrimSpace(r.DictionaryCode); code != "" && utf8.RuneCountInString(r.DictionaryCode) <= MaxDictCode {
		dict, err := s.dictionary(ctx, code)
		if errors.Is(err, db.ErrNotFound) {
			ve.Add(p+"dictionaryCode", KeyDictionaryNotFound, code)
		} else if err != nil {
			return out, err
		}
		out.Items = append(out.Items, dict...)
	}
	if out.Type == sheetmap.Enumeration && key == "" && len(out.Items) == 0 && strings.TrimSpace(r.DictionaryCode) == "" {
		ve.Add(p+"itemsMapping", KeyEnumNeedsItems)
	}
	if strings.TrimSpace(r.DefaultValue) != "" && out.Type.Valid() && key == "" {
		if _, err := sheetmap.Parse(out, r.DefaultValue); err != nil {
			ve.Add(p+"defaultValue", KeyBadDefault, r.DefaultValue, valueTypeKey(r.ValueType))
		}
	}
	return out, nil
}

// dictionary answers a dictionary's details as items: label → value and code → value.
func (s *Service) dictionary(ctx context.Context, code string) ([]sheetmap.Item, error) {
	if s.dicts == nil {
		return nil, apperr.WithKey(fmt.Errorf("dictionary %s: %w", code, db.ErrNotFound), KeyDictionaryNotFound, code)
	}
	details, err := s.dicts.Details(ctx, code)
	if err != nil {
		return nil, err
	}
	items := make([]sheetmap.Item, 0, 2*len(details))
	for _, d := range details {
		items = append(items, sheetmap.Item{Source: d.Label, Target: d.Value})
		if d.Code != "" && d.Code != d.Label {
			items = append(items, sheetmap.Item{Source: d.Code, Target: d.Value})
		}
	}
	return items, nil
}

// ---- import rule mappings ----

// checkRuleMapping checks a rule mapping's body and answers its row fields and its rules
// as sheetmap reads them.
func (s *Service) checkRuleMapping(ctx context.Context, in *ImportRuleMappingInput) (*ImportRuleMapping, []sheetmap.Rule, error) {
	ve := &apperr.ValidationError{}
	m := &ImportRuleMapping{Name: strings.TrimSpace(in.Name), ModuleType: in.ModuleType, ImportFileType: DefaultFileType,
		ImportFileEncoding: DefaultEncoding, ReadRows: DefaultReadRows, IsDefault: in.IsDefault, IsEnable: true,
		Description: strings.TrimSpace(in.Description)}
	checkText(ve, "name", FieldName, in.Name, true, MaxName)
	checkText(ve, "description", FieldDescription, in.Description, false, MaxDescription)
	mt, ok := ModuleType(in.ModuleType)
	if in.ModuleType == 0 {
		ve.Add("moduleType", localization.KeyRequired, FieldModuleType)
	} else if !ok {
		ve.Add("moduleType", KeyUnknownModuleType, in.ModuleType)
	}
	if in.ImportFileType != nil {
		m.ImportFileType = *in.ImportFileType
	}
	if !sheetmap.FileType(m.ImportFileType).Valid() {
		ve.Add("importFileType", KeyFileType)
	}
	if in.ImportFileEncoding != nil {
		m.ImportFileEncoding = *in.ImportFileEncoding
	}
	if !sheetmap.Encoding(m.ImportFileEncoding).Valid() {
		ve.Add("importFileEncoding", KeyEncoding)
	}
	if in.ReadRows != nil {
		m.ReadRows = *in.ReadRows
	}
	if m.ReadRows < 0 || m.ReadRows > MaxReadRows {
		ve.Add("readRows", KeyReadRows)
	}
	if in.IsEnable != nil {
		m.IsEnable = *in.IsEnable
	}
	if m.IsDefault && !m.IsEnable {
		ve.Add("isDefault", KeyDefaultDisabled)
	}
	switch {
	case len(in.MappingRules) == 0:
		ve.Add("mappingRules", KeyNoRules)
	case len(in.MappingRules) > MaxRules:
		ve.Add("mappingRules", KeyTooManyRules, MaxRules)
	}
	var rules []sheetmap.Rule
	columns, fields := map[int]bool{}, map[string]bool{}
	for i, r := range in.MappingRules {
		p := fmt.Sprintf("mappingRules[%d].", i)
		if r.ColumnIndex < 0 || r.ColumnIndex > MaxColumnIndex {
			ve.Add(p+"columnIndex", KeyColumnIndex)
		} else if columns[r.ColumnIndex] {
			ve.Add(p+"columnIndex", KeyDuplicateColumn, sheetmap.ColumnLetter(r.ColumnIndex))
		}
		columns[r.ColumnIndex] = true
		var mtp *ModuleTypeDef
		if ok {
			mtp = mt
		}
		sr, err := s.checkRule(ctx, ve, p, mtp, ruleFields{r.FieldName, r.DefaultValue, r.ItemsMapping, r.DictionaryCode, r.ValueType, r.Required})
		if err != nil {
			return nil, nil, err
		}
		if sr.Field != "" && fields[sr.Field] {
			ve.Add(p+"fieldName", KeyDuplicateField, sr.Field)
		}
		fields[sr.Field] = true
		sr.Column = r.ColumnIndex
		rules = append(rules, sr)
		r.FieldName = sr.Field
		m.MappingRules = append(m.MappingRules, r)
	}
	if ok && len(in.MappingRules) > 0 {
		for _, f := range mt.Fields {
			if f.Required && !fields[f.Name] {
				ve.Add("mappingRules", KeyRequiredFieldMissing, fieldLabelKey(mt.Value, f.Name))
			}
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, nil, err
	}
	return m, rules, nil
}

// ListRuleMappings answers a page of rule mappings.
func (s *Service) ListRuleMappings(ctx context.Context, q ListQuery) ([]ImportRuleMapping, int, error) {
	order, err := db.Order(q.Sorting, ruleSorting, defaultOrder)
	if err != nil {
		return nil, 0, err
	}
	return list[ImportRuleMapping](ctx, s.store, q, order, "module_type", true)
}

// GetRuleMapping answers one rule mapping.
func (s *Service) GetRuleMapping(ctx context.Context, id uuid.UUID) (*ImportRuleMapping, error) {
	return get[ImportRuleMapping](ctx, s.store, id)
}

// CreateRuleMapping adds a rule mapping; a default one becomes the only default of its
// module type, in the same transaction.
func (s *Service) CreateRuleMapping(ctx context.Context, in ImportRuleMappingInput) (*ImportRuleMapping, error) {
	m, _, err := s.checkRuleMapping(ctx, &in)
	if err != nil {
		return nil, err
	}
	m.ID = db.NewID()
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if m.IsDefault {
			if err := tx.lockDefaults(ctx, "rule", m.ModuleType); err != nil {
				return err
			}
			if err := tx.clearRuleDefaults(ctx, m.ModuleType, m.ID); err != nil {
				return err
			}
		}
		return insert(ctx, tx, m)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// UpdateRuleMapping replaces a rule mapping (the whole row); a default one becomes the only
// default of its module type, in the same transaction.
func (s *Service) UpdateRuleMapping(ctx context.Context, id uuid.UUID, in UpdateImportRuleMappingInput) (*ImportRuleMapping, error) {
	m, _, err := s.checkRuleMapping(ctx, &in.ImportRuleMappingInput)
	if err != nil {
		return nil, err
	}
	var out *ImportRuleMapping
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if m.IsDefault {
			if err := tx.lockDefaults(ctx, "rule", m.ModuleType); err != nil {
				return err
			}
		}
		cur, err := get[ImportRuleMapping](ctx, tx, id)
		if err != nil {
			return err
		}
		if m.IsDefault {
			if err := tx.clearRuleDefaults(ctx, m.ModuleType, id); err != nil {
				return err
			}
		}
		m.Entity = cur.Entity
		out = m
		return update(ctx, tx, m, in.ConcurrencyStamp)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteRuleMapping removes a rule mapping.
func (s *Service) DeleteRuleMapping(ctx context.Context, id uuid.UUID) error {
	return remove[ImportRuleMapping](ctx, s.store, id)
}

// MappingRules answers the enabled rule mappings of a module type, the default first (the
// import dialogs' "rules mapping" select).
func (s *Service) MappingRules(ctx context.Context, moduleType int) ([]ImportRuleMapping, error) {
	if _, ok := ModuleType(moduleType); !ok {
		return nil, apperr.Invalid("moduleType", KeyUnknownModuleType, moduleType)
	}
	return s.store.enabledRuleMappings(ctx, moduleType)
}

// DefaultMapping answers the enabled default rule mapping of a module type; none is
// db.ErrNotFound carrying KeyNoDefaultMapping.
func (s *Service) DefaultMapping(ctx context.Context, moduleType int) (*ImportRuleMapping, error) {
	rows, err := s.MappingRules(ctx, moduleType)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || !rows[0].IsDefault {
		mt, _ := ModuleType(moduleType)
		return nil, apperr.WithKey(fmt.Errorf("default mapping of %d: %w", moduleType, db.ErrNotFound), KeyNoDefaultMapping, pick(ctx, mt.Label))
	}
	return &rows[0], nil
}

// ModuleTypes answers every module type with its fields, in the caller's language.
func (s *Service) ModuleTypes(ctx context.Context) []ModuleTypeInfo { return moduleTypeInfos(ctx) }
