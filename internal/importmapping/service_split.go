package importmapping

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

func validLineType(t string) bool {
	return t == LineProduct || t == LinePart || t == LineStandardProduct
}

func validOperator(o string) bool {
	switch o {
	case OpEquals, OpContains, OpStartsWith, OpIsEmpty, OpIsNotEmpty:
		return true
	}
	return false
}

// checkSplitMapping checks a split mapping's body and answers its row, rules sorted by
// order (ties keep the order given).
func checkSplitMapping(in *ImportSplitMappingInput) (*ImportSplitMapping, error) {
	ve := &apperr.ValidationError{}
	m := &ImportSplitMapping{Name: strings.TrimSpace(in.Name), IsDefault: in.IsDefault, IsEnable: true,
		Description: strings.TrimSpace(in.Description), DefaultLineType: strings.TrimSpace(in.DefaultLineType), Rules: []SplitRule{}}
	checkText(ve, "name", FieldName, in.Name, true, MaxName)
	checkText(ve, "description", FieldDescription, in.Description, false, MaxDescription)
	if in.IsEnable != nil {
		m.IsEnable = *in.IsEnable
	}
	if m.IsDefault && !m.IsEnable {
		ve.Add("isDefault", KeyDefaultDisabled)
	}
	if m.DefaultLineType == "" {
		m.DefaultLineType = LineProduct
	}
	if !validLineType(m.DefaultLineType) {
		ve.Add("defaultLineType", KeyLineType)
	}
	if len(in.Rules) > MaxRules {
		ve.Add("rules", KeyTooManyRules, MaxRules)
	}
	for i, r := range in.Rules {
		p := fmt.Sprintf("rules[%d].", i)
		rawField := r.FieldName
		r.FieldName, r.Operator, r.LineType = strings.TrimSpace(r.FieldName), strings.TrimSpace(r.Operator), strings.TrimSpace(r.LineType)
		if r.Order < 0 || r.Order > MaxSplitOrder {
			ve.Add(p+"order", localization.KeyMinimum, "order", 0)
		}
		checkText(ve, p+"fieldName", FieldFieldName, rawField, true, MaxFieldName)
		if r.FieldName != "" && utf8.RuneCountInString(rawField) <= MaxFieldName && !splitField(r.FieldName) {
			ve.Add(p+"fieldName", KeySplitField, r.FieldName)
		}
		if !validOperator(r.Operator) {
			ve.Add(p+"operator", KeyOperator)
		}
		checkText(ve, p+"value", FieldValue, r.Value, false, MaxSplitValue)
		if (r.Operator == OpEquals || r.Operator == OpContains || r.Operator == OpStartsWith) && strings.TrimSpace(r.Value) == "" {
			ve.Add(p+"value", KeySplitValue)
		}
		if !validLineType(r.LineType) {
			ve.Add(p+"lineType", KeyLineType)
		}
		m.Rules = append(m.Rules, r)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	sort.SliceStable(m.Rules, func(i, j int) bool { return m.Rules[i].Order < m.Rules[j].Order })
	return m, nil
}

// ListSplitMappings answers a page of split mappings.
func (s *Service) ListSplitMappings(ctx context.Context, q ListQuery) ([]ImportSplitMapping, int, error) {
	order, err := db.Order(q.Sorting, splitSorting, defaultOrder)
	if err != nil {
		return nil, 0, err
	}
	q.ModuleType = nil
	return list[ImportSplitMapping](ctx, s.store, q, order, "", true)
}

// EnabledSplitMappings answers the enabled split mappings, the default first (the
// split-order import dialog's select).
func (s *Service) EnabledSplitMappings(ctx context.Context) ([]ImportSplitMapping, error) {
	return s.store.enabledSplitMappings(ctx)
}

// GetSplitMapping answers one split mapping.
func (s *Service) GetSplitMapping(ctx context.Context, id uuid.UUID) (*ImportSplitMapping, error) {
	return get[ImportSplitMapping](ctx, s.store, id)
}

// CreateSplitMapping adds a split mapping; a default one becomes the only default, in the
// same transaction.
func (s *Service) CreateSplitMapping(ctx context.Context, in ImportSplitMappingInput) (*ImportSplitMapping, error) {
	m, err := checkSplitMapping(&in)
	if err != nil {
		return nil, err
	}
	m.ID = db.NewID()
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if m.IsDefault {
			if err := tx.lockDefaults(ctx, "split", 0); err != nil {
				return err
			}
			if err := tx.clearSplitDefaults(ctx, m.ID); err != nil {
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

// UpdateSplitMapping replaces a split mapping (the whole row).
func (s *Service) UpdateSplitMapping(ctx context.Context, id uuid.UUID, in UpdateImportSplitMappingInput) (*ImportSplitMapping, error) {
	m, err := checkSplitMapping(&in.ImportSplitMappingInput)
	if err != nil {
		return nil, err
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if m.IsDefault {
			if err := tx.lockDefaults(ctx, "split", 0); err != nil {
				return err
			}
		}
		cur, err := get[ImportSplitMapping](ctx, tx, id)
		if err != nil {
			return err
		}
		if m.IsDefault {
			if err := tx.clearSplitDefaults(ctx, id); err != nil {
				return err
			}
		}
		m.Entity = cur.Entity
		return update(ctx, tx, m, in.ConcurrencyStamp)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// DeleteSplitMapping removes a split mapping.
func (s *Service) DeleteSplitMapping(ctx context.Context, id uuid.UUID) error {
	return remove[ImportSplitMapping](ctx, s.store, id)
}
