package feature

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// NameValue is one value to store.
type NameValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Validator is how a value is checked (ABP's shape): BOOLEAN, NUMERIC with its bounds, STRING.
type Validator struct {
	Name     string `json:"name"`
	MinValue *int   `json:"minValue,omitempty"`
	MaxValue *int   `json:"maxValue,omitempty"`
	MaxLen   *int   `json:"maxLength,omitempty"`
}

// ValueType is how a value is edited (ABP's shape): ToggleStringValueType for a switch,
// FreeTextStringValueType for a number or text.
type ValueType struct {
	Name      string    `json:"name"`
	Validator Validator `json:"validator"`
}

// FeatureDto is one feature with its value for a provider.
type FeatureDto struct {
	Name        string    `json:"name"`
	DisplayName string    `json:"displayName"`
	Description string    `json:"description"`
	Value       string    `json:"value"`
	Provider    Source    `json:"provider" doc:"Where the value comes from: T (the tenant), E (the edition) or D (the default)"`
	ValueType   ValueType `json:"valueType"`
	Depth       int       `json:"depth"`
	ParentName  *string   `json:"parentName"`
}

// GroupDto is one group of features.
type GroupDto struct {
	Name        string       `json:"name"`
	DisplayName string       `json:"displayName"`
	Features    []FeatureDto `json:"features"`
}

// ListResult is GET /api/feature-management/features.
type ListResult struct {
	Groups []GroupDto `json:"groups"`
}

func text(ctx context.Context, t localization.Text) string {
	if localization.CultureFrom(ctx) == localization.En && t.En != "" {
		return t.En
	}
	return t.ZhHans
}

func valueType(d Definition) ValueType {
	switch d.Type {
	case TypeBool:
		return ValueType{Name: "ToggleStringValueType", Validator: Validator{Name: "BOOLEAN"}}
	case TypeInt:
		lo, hi := d.Min, d.Max
		return ValueType{Name: "FreeTextStringValueType", Validator: Validator{Name: "NUMERIC", MinValue: &lo, MaxValue: &hi}}
	}
	n := MaxTextLength
	return ValueType{Name: "FreeTextStringValueType", Validator: Validator{Name: "STRING", MaxLen: &n}}
}

// checkProvider validates a provider name and key: an edition's id, or an existing tenant's.
func (s *Service) checkProvider(ctx context.Context, provider, key string) (uuid.UUID, error) {
	if provider != Edition && provider != Tenant {
		return uuid.Nil, apperr.Invalid("providerName", KeyBadProvider)
	}
	id, err := uuid.Parse(key)
	if err != nil || id == uuid.Nil {
		return uuid.Nil, apperr.Invalid("providerKey", localization.KeyInvalidValue, "providerKey")
	}
	if provider == Tenant && s.editionOf != nil {
		if _, err := s.editionOf(ctx, id); errors.Is(err, db.ErrNotFound) {
			return uuid.Nil, apperr.Invalid("providerKey", KeyNoTenant, key)
		} else if err != nil {
			return uuid.Nil, fmt.Errorf("find tenant %s: %w", key, err)
		}
	}
	return id, nil
}

// List returns every feature with its value for an edition or a tenant, in ctx's culture.
func (s *Service) List(ctx context.Context, provider, key string) (*ListResult, error) {
	id, err := s.checkProvider(ctx, provider, key)
	if err != nil {
		return nil, err
	}
	out := &ListResult{Groups: []GroupDto{}}
	for _, g := range s.Groups() {
		gd := GroupDto{Name: g.Name, DisplayName: text(ctx, g.DisplayName), Features: []FeatureDto{}}
		depth := map[string]int{}
		for _, d := range g.Features {
			v, src, err := s.resolve(ctx, provider, id.String(), d)
			if err != nil {
				return nil, err
			}
			f := FeatureDto{Name: d.Name, DisplayName: text(ctx, d.DisplayName), Description: text(ctx, d.Description),
				Value: v, Provider: src, ValueType: valueType(d)}
			if d.Parent != "" {
				p := d.Parent
				f.ParentName = &p
				f.Depth = depth[p] + 1
			}
			depth[d.Name] = f.Depth
			gd.Features = append(gd.Features, f)
		}
		out.Groups = append(out.Groups, gd)
	}
	return out, nil
}

// fallback is the value provider/key would have without its own: a tenant's edition's, else
// the default.
func (s *Service) fallback(ctx context.Context, provider, key string, d Definition) (string, error) {
	if provider == Edition {
		return d.Default, nil
	}
	e, err := s.edition(ctx, key)
	if err != nil || e == "" {
		return d.Default, err
	}
	v, _, err := s.resolve(ctx, Edition, e, d)
	return v, err
}

// Set stores values for an edition or a tenant: all or none, each checked against its type
// (a localised message per bad value). A value equal to what the provider would have without
// it (its edition's, or the default) is not stored, so the provider follows later changes.
func (s *Service) Set(ctx context.Context, provider, key string, values []NameValue) error {
	id, err := s.checkProvider(ctx, provider, key)
	if err != nil {
		return err
	}
	k := id.String()
	type change struct {
		name, value string
		keep        bool // store it (else only drop the stored one)
	}
	var (
		ve      apperr.ValidationError
		changes []change
	)
	for i, nv := range values {
		d, ok := s.Definition(nv.Name)
		if !ok {
			ve.Add(fmt.Sprintf("features[%d].name", i), KeyUnknown, nv.Name)
			continue
		}
		v, err := normalize(d, nv.Value)
		field := fmt.Sprintf("features[%d].value", i)
		switch {
		case errors.Is(err, errNotBool):
			ve.Add(field, KeyNotBool, displayName(ctx, d))
			continue
		case errors.Is(err, errNotInRange):
			ve.Add(field, KeyNotInRange, displayName(ctx, d), d.Min, d.Max)
			continue
		case errors.Is(err, errTooLong):
			ve.Add(field, KeyTooLong, displayName(ctx, d), MaxTextLength)
			continue
		case err != nil:
			return err
		}
		fb, err := s.fallback(ctx, provider, k, d)
		if err != nil {
			return err
		}
		changes = append(changes, change{name: d.Name, value: v, keep: v != fb})
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for _, c := range changes {
			if _, err := db.Delete(ctx, tx, (*Value)(nil)).
				Where("name = ? AND provider_name = ? AND provider_key = ?", c.name, provider, k).Exec(ctx); err != nil {
				return fmt.Errorf("set feature %s: %w", c.name, err)
			}
			if !c.keep {
				continue
			}
			if err := db.Insert(ctx, tx, &Value{ID: db.NewID(), Name: c.name, Value: c.value, ProviderName: provider, ProviderKey: k}); err != nil {
				return fmt.Errorf("set feature %s: %w", c.name, err)
			}
		}
		return s.announce(ctx, provider, k)
	})
}

// Reset drops every value stored for an edition or a tenant: it follows its edition, or the
// defaults, again (ABP's "reset to default").
func (s *Service) Reset(ctx context.Context, provider, key string) error {
	id, err := s.checkProvider(ctx, provider, key)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.DeleteProvider(ctx, tx, provider, id)
	})
}
