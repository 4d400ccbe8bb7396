// Package feature keeps what each tenant may use (docs/decisions/0014, "Features"): modules
// declare features in code (a switch such as Kerf.Optimization, or a number such as the
// parts of one run); a value is stored for an edition (provider E) or a tenant (provider T).
// A tenant's value resolves T → its edition's E → the default; the host always has the
// defaults (features limit tenants). Values are cached per replica and dropped on every
// replica through the bus when one changes.
package feature

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Providers of a value: stored for an edition or a tenant, or the declared default.
const (
	Edition = "E" // the key is the edition's id
	Tenant  = "T" // the key is the tenant's id
	Default = "D" // not stored: the definition's default
)

// Bus topics: a provider's values changed (payload "E/<id>" or "T/<id>"), a tenant's edition
// changed (payload the tenant's id).
const (
	TopicValues        = "feature.values"
	TopicTenantEdition = "feature.tenant-edition"
)

// Type is the kind of a feature's value.
type Type string

// Types of values.
const (
	TypeBool Type = "bool" // "true" or "false": a switch
	TypeInt  Type = "int"  // a whole number between Min and Max: a limit (0 is "no limit")
	TypeText Type = "text" // free text, up to MaxTextLength characters
)

// MaxTextLength bounds a text value.
const MaxTextLength = 256

// Definition is one feature a module declares.
type Definition struct {
	Name string
	// Group is the name of the group the feature is declared in (Define fills it).
	Group string
	// Parent names a feature of the same group this one refines (shown under it).
	Parent      string
	DisplayName localization.Text
	Description localization.Text
	Type        Type
	Default     string
	Min, Max    int // bounds of a TypeInt
}

// Group is a module's set of features.
type Group struct {
	Name        string
	DisplayName localization.Text
	Features    []Definition
}

// Value is one stored value.
type Value struct {
	bun.BaseModel `bun:"table:feature_values"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
	Value         string    `bun:"value,notnull"`
	ProviderName  string    `bun:"provider_name,notnull"`
	ProviderKey   string    `bun:"provider_key,notnull"`
}

// EditionOf returns the edition of a tenant (nil: none); db.ErrNotFound for no such tenant.
type EditionOf func(ctx context.Context, tenantID uuid.UUID) (*uuid.UUID, error)

// ErrUnknown is answered for a name no module declared.
var ErrUnknown = errors.New("feature: unknown name")

// Service answers feature values and stores them.
type Service struct {
	db        *db.DB
	bus       *bus.Bus
	editionOf EditionOf

	mu     sync.RWMutex
	groups []Group
	defs   map[string]Definition

	values   *bus.Cache[string, map[string]string] // provider/key → name → value
	editions *bus.Cache[string, string]            // tenant id → edition id ("" for none)
}

// New returns the features of d, cached through b; editionOf finds a tenant's edition.
func New(d *db.DB, b *bus.Bus, editionOf EditionOf) *Service {
	same := func(k, payload string) bool { return k == payload }
	return &Service{db: d, bus: b, editionOf: editionOf, defs: map[string]Definition{},
		values:   bus.NewCache[string, map[string]string](b, TopicValues, same),
		editions: bus.NewCache[string, string](b, TopicTenantEdition, same)}
}

// Define adds groups. A name defined twice, a parent not defined before its child in its group,
// or a default its type refuses (an int outside Min..Max) is a programming error.
func (s *Service) Define(groups ...Group) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range groups {
		g.Features = slices.Clone(g.Features)
		for i := range g.Features {
			d := &g.Features[i]
			d.Group = g.Name
			if _, dup := s.defs[d.Name]; dup {
				panic(fmt.Sprintf("feature %q defined twice", d.Name))
			}
			if p, ok := s.defs[d.Parent]; d.Parent != "" && (!ok || p.Group != g.Name) {
				panic(fmt.Sprintf("feature %q: parent %q not defined before it in group %q", d.Name, d.Parent, g.Name))
			}
			if _, err := normalize(*d, d.Default); err != nil {
				panic(fmt.Sprintf("feature %q: default %q is not a valid value (%v)", d.Name, d.Default, err))
			}
			s.defs[d.Name] = *d
		}
		s.groups = append(s.groups, g)
	}
}

// Groups returns every group in declaration order.
func (s *Service) Groups() []Group {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return slices.Clone(s.groups)
}

// Definition returns the definition of name.
func (s *Service) Definition(name string) (Definition, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	d, ok := s.defs[name]
	return d, ok
}

func cacheKey(provider, key string) string { return provider + "/" + key }

// stored returns the values one provider stores.
func (s *Service) stored(ctx context.Context, provider, key string) (map[string]string, error) {
	return s.values.Get(ctx, cacheKey(provider, key), func(ctx context.Context) (map[string]string, error) {
		var rows []Value
		err := db.Select(ctx, s.db, &rows).Where("provider_name = ? AND provider_key = ?", provider, key).Scan(ctx)
		if err != nil {
			return nil, fmt.Errorf("read features of %s %s: %w", provider, key, err)
		}
		out := make(map[string]string, len(rows))
		for _, r := range rows {
			out[r.Name] = r.Value
		}
		return out, nil
	})
}

// edition returns the edition id of a tenant ("" for none).
func (s *Service) edition(ctx context.Context, tenantID string) (string, error) {
	return s.editions.Get(ctx, tenantID, func(ctx context.Context) (string, error) {
		if s.editionOf == nil {
			return "", nil
		}
		id, err := uuid.Parse(tenantID)
		if err != nil {
			return "", fmt.Errorf("tenant id %q: %w", tenantID, err)
		}
		e, err := s.editionOf(ctx, id)
		if err != nil {
			return "", fmt.Errorf("edition of tenant %s: %w", tenantID, err)
		}
		if e == nil {
			return "", nil
		}
		return e.String(), nil
	})
}

// Source is where a value comes from.
type Source struct {
	Name string `json:"name"` // E, T or D
	Key  string `json:"key"`
}

// resolve returns the value of d for provider/key: a tenant's own value, else its edition's,
// else the default; an edition's own value, else the default.
func (s *Service) resolve(ctx context.Context, provider, key string, d Definition) (string, Source, error) {
	if provider == Tenant {
		v, err := s.stored(ctx, Tenant, key)
		if err != nil {
			return "", Source{}, err
		}
		if x, ok := v[d.Name]; ok {
			return x, Source{Tenant, key}, nil
		}
		e, err := s.edition(ctx, key)
		if err != nil {
			return "", Source{}, err
		}
		if e == "" {
			return d.Default, Source{Name: Default}, nil
		}
		provider, key = Edition, e
	}
	if provider == Edition {
		v, err := s.stored(ctx, Edition, key)
		if err != nil {
			return "", Source{}, err
		}
		if x, ok := v[d.Name]; ok {
			return x, Source{Edition, key}, nil
		}
	}
	return d.Default, Source{Name: Default}, nil
}

// Get returns the value of name for ctx's tenant (the default on the host).
func (s *Service) Get(ctx context.Context, name string) (string, error) {
	d, ok := s.Definition(name)
	if !ok {
		return "", fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	id := tenancy.ID(ctx)
	if id == nil {
		return d.Default, nil
	}
	v, _, err := s.resolve(ctx, Tenant, id.String(), d)
	return v, err
}

// Values returns every feature's value for ctx's tenant (the defaults on the host), e.g. for
// the client's application configuration (features.values).
func (s *Service) Values(ctx context.Context) (map[string]string, error) {
	out := map[string]string{}
	for _, g := range s.Groups() {
		for _, d := range g.Features {
			v, err := s.Get(ctx, d.Name)
			if err != nil {
				return nil, err
			}
			out[d.Name] = v
		}
	}
	return out, nil
}

// IsEnabled reports whether the switch name is on for ctx's tenant.
func (s *Service) IsEnabled(ctx context.Context, name string) (bool, error) {
	v, err := s.Get(ctx, name)
	if err != nil {
		return false, err
	}
	return strings.EqualFold(strings.TrimSpace(v), "true"), nil
}

// Int returns the number name for ctx's tenant (the default when the stored value is not one).
func (s *Service) Int(ctx context.Context, name string) (int, error) {
	v, err := s.Get(ctx, name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		d, _ := s.Definition(name)
		return strconv.Atoi(d.Default)
	}
	return n, nil
}

// displayName is d's name in ctx's culture.
func displayName(ctx context.Context, d Definition) string {
	if localization.CultureFrom(ctx) == localization.En && d.DisplayName.En != "" {
		return d.DisplayName.En
	}
	if d.DisplayName.ZhHans != "" {
		return d.DisplayName.ZhHans
	}
	return d.Name
}

// RequireFeatures answers a localised 403 naming the first of names that is off for ctx's
// tenant (httpapi.Access.Feature calls it before the handler runs).
func (s *Service) RequireFeatures(ctx context.Context, names ...string) error {
	for _, name := range names {
		on, err := s.IsEnabled(ctx, name)
		if err != nil {
			return err
		}
		if !on {
			d, _ := s.Definition(name)
			return apperr.WithKey(apperr.ErrForbidden, KeyNotEnabled, displayName(ctx, d))
		}
	}
	return nil
}

// CheckLimit answers a localised 400 when n is over the limit name for ctx's tenant (a
// limit of 0 is no limit).
func (s *Service) CheckLimit(ctx context.Context, name string, n int) error {
	limit, err := s.Int(ctx, name)
	if err != nil {
		return err
	}
	if limit > 0 && n > limit {
		d, _ := s.Definition(name)
		return apperr.User(KeyLimit, displayName(ctx, d), limit, n)
	}
	return nil
}

// TenantEditionChanged drops every replica's cached edition of tenantID; the tenant's page
// calls it (inside its transaction: the message leaves on commit) when the edition changes.
func (s *Service) TenantEditionChanged(ctx context.Context, tenantID uuid.UUID) error {
	if err := s.bus.Publish(ctx, TopicTenantEdition, tenantID.String()); err != nil {
		return fmt.Errorf("announce the edition of tenant %s: %w", tenantID, err)
	}
	return nil
}

// DeleteProvider removes every value of an edition or tenant (when it is deleted); idb may be
// the deleting transaction.
func (s *Service) DeleteProvider(ctx context.Context, idb bun.IDB, provider string, key uuid.UUID) error {
	if _, err := db.Delete(ctx, idb, (*Value)(nil)).
		Where("provider_name = ? AND provider_key = ?", provider, key.String()).Exec(ctx); err != nil {
		return fmt.Errorf("delete the features of %s %s: %w", provider, key, err)
	}
	return s.announce(ctx, provider, key.String())
}

func (s *Service) announce(ctx context.Context, provider, key string) error {
	if err := s.bus.Publish(ctx, TopicValues, cacheKey(provider, key)); err != nil {
		return fmt.Errorf("announce features of %s %s: %w", provider, key, err)
	}
	return nil
}

// normalize checks v against d's type and returns it as stored.
func normalize(d Definition, v string) (string, error) {
	switch d.Type {
	case TypeBool:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", errNotBool
	case TypeInt:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < d.Min || n > d.Max {
			return "", errNotInRange
		}
		return strconv.Itoa(n), nil
	case TypeText:
		if len([]rune(v)) > MaxTextLength {
			return "", errTooLong
		}
		return v, nil
	}
	return "", fmt.Errorf("feature %s: unknown type %q", d.Name, d.Type)
}

var (
	errNotBool    = errors.New("not true or false")
	errNotInRange = errors.New("not a whole number in range")
	errTooLong    = errors.New("too long")
)
