package importmapping

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// checkFormMapping checks a form field mapping's body and answers its row and its rules as
// sheetmap reads them.
func (s *Service) checkFormMapping(ctx context.Context, in *FormFieldMappingInput) (*FormFieldMapping, []sheetmap.Rule, error) {
	ve := &apperr.ValidationError{}
	m := &FormFieldMapping{Name: strings.TrimSpace(in.Name), MappingType: in.MappingType, IsEnable: true,
		Description: strings.TrimSpace(in.Description)}
	checkText(ve, "name", FieldName, in.Name, true, MaxName)
	checkText(ve, "description", FieldDescription, in.Description, false, MaxDescription)
	mt, ok := ModuleType(in.MappingType)
	if !ok {
		if in.MappingType == 0 {
			ve.Add("mappingType", localization.KeyRequired, FieldMappingType)
		} else {
			ve.Add("mappingType", KeyUnknownModuleType, in.MappingType)
		}
		mt = nil
	}
	if in.IsEnable != nil {
		m.IsEnable = *in.IsEnable
	}
	switch {
	case len(in.MappingRules) == 0:
		ve.Add("mappingRules", KeyNoRules)
	case len(in.MappingRules) > MaxRules:
		ve.Add("mappingRules", KeyTooManyRules, MaxRules)
	}
	var rules []sheetmap.Rule
	sources, fields := map[string]bool{}, map[string]bool{}
	for i, r := range in.MappingRules {
		p := fmt.Sprintf("mappingRules[%d].", i)
		src := strings.TrimSpace(r.SourceField)
		checkText(ve, p+"sourceField", FieldSourceField, r.SourceField, true, MaxSourceField)
		if src != "" && !sheetmap.ValidPath(src) {
			ve.Add(p+"sourceField", KeySourceField)
		} else if src != "" && sources[src] {
			ve.Add(p+"sourceField", KeyDuplicateSource, src)
		}
		sources[src] = true
		sr, err := s.checkRule(ctx, ve, p, mt, ruleFields{r.FieldName, r.DefaultValue, r.ItemsMapping, r.DictionaryCode, r.ValueType, r.Required})
		if err != nil {
			return nil, nil, err
		}
		if sr.Field != "" && fields[sr.Field] {
			ve.Add(p+"fieldName", KeyDuplicateField, sr.Field)
		}
		fields[sr.Field] = true
		sr.Path = src
		rules = append(rules, sr)
		r.SourceField, r.FieldName = src, sr.Field
		m.MappingRules = append(m.MappingRules, r)
	}
	if err := ve.OrNil(); err != nil {
		return nil, nil, err
	}
	return m, rules, nil
}

// ListFormMappings answers a page of form field mappings (ListQuery.ModuleType filters the
// mappingType).
func (s *Service) ListFormMappings(ctx context.Context, q ListQuery) ([]FormFieldMapping, int, error) {
	order, err := db.Order(q.Sorting, formSorting, defaultOrder)
	if err != nil {
		return nil, 0, err
	}
	q.IsDefault = nil
	return list[FormFieldMapping](ctx, s.store, q, order, "mapping_type", false)
}

// GetFormMapping answers one form field mapping.
func (s *Service) GetFormMapping(ctx context.Context, id uuid.UUID) (*FormFieldMapping, error) {
	return get[FormFieldMapping](ctx, s.store, id)
}

// CreateFormMapping adds a form field mapping.
func (s *Service) CreateFormMapping(ctx context.Context, in FormFieldMappingInput) (*FormFieldMapping, error) {
	m, _, err := s.checkFormMapping(ctx, &in)
	if err != nil {
		return nil, err
	}
	if err := insert(ctx, s.store, m); err != nil {
		return nil, err
	}
	return m, nil
}

// UpdateFormMapping replaces a form field mapping (the whole row).
func (s *Service) UpdateFormMapping(ctx context.Context, id uuid.UUID, in UpdateFormFieldMappingInput) (*FormFieldMapping, error) {
	m, _, err := s.checkFormMapping(ctx, &in.FormFieldMappingInput)
	if err != nil {
		return nil, err
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		cur, err := get[FormFieldMapping](ctx, tx, id)
		if err != nil {
			return err
		}
		m.Entity = cur.Entity
		return update(ctx, tx, m, in.ConcurrencyStamp)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DeleteFormMapping removes a form field mapping.
func (s *Service) DeleteFormMapping(ctx context.Context, id uuid.UUID) error {
	return remove[FormFieldMapping](ctx, s.store, id)
}
