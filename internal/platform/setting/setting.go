// Package setting keeps named values that administrators tune without a release (password
// rules, retention periods, ...): each area declares its settings with a default; a value can
// be stored for the whole installation (provider G) or for one tenant (provider T), and the
// tenant's value wins over the global one, which wins over the default. Values are cached per
// replica and dropped on every replica through the bus when one changes.
package setting

import (
	"context"
	"crypto/cipher"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Providers of a stored value.
const (
	Global = "G" // the whole installation
	Tenant = "T" // one tenant (the key is its id)
)

// TopicValues is the bus topic of a changed value; the payload names the provider whose values
// changed ("G/" or "T/<tenant id>").
const TopicValues = "setting.values"

// Definition is one setting an area declares.
type Definition struct {
	Name        string
	Default     string
	DisplayName localization.Text
	// Global settings cannot be overridden per tenant (e.g. how long logs are kept).
	GlobalOnly bool
	// Secret settings (passwords) are stored encrypted with the installation secret
	// (secret.go); Get answers them decrypted, for the code that uses them only.
	Secret bool
}

// Value is one stored value.
type Value struct {
	bun.BaseModel `bun:"table:setting_values"`
	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
	Value         string    `bun:"value,notnull"`
	ProviderName  string    `bun:"provider_name,notnull"`
	ProviderKey   string    `bun:"provider_key,notnull"`
}

// ErrUnknown is answered for a name no area declared.
var ErrUnknown = errors.New("setting: unknown name")

// Service answers setting values and stores them.
type Service struct {
	db *db.DB

	mu   sync.RWMutex
	defs map[string]Definition

	bus    *bus.Bus
	values *bus.Cache[string, map[string]string] // provider/key → name → value (secrets sealed)
	aead   cipher.AEAD                           // seals secret settings; nil until UseSecret
}

// New returns the settings of d, cached through b (nil: read every time).
func New(d *db.DB, b *bus.Bus) *Service {
	return &Service{db: d, defs: map[string]Definition{}, bus: b,
		values: bus.NewCache[string, map[string]string](b, TopicValues, func(k, payload string) bool { return k == payload })}
}

// Define adds definitions; a name defined twice keeps its first definition.
func (s *Service) Define(defs ...Definition) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range defs {
		if _, ok := s.defs[d.Name]; !ok {
			s.defs[d.Name] = d
		}
	}
}

// Definition returns the definition of name.
func (s *Service) Definition(name string) (Definition, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	d, ok := s.defs[name]
	return d, ok
}

func providerKey(provider, key string) string { return provider + "/" + key }

func tenantKey(ctx context.Context) (string, bool) {
	id := tenancy.ID(ctx)
	if id == nil {
		return "", false
	}
	return id.String(), true
}

// stored returns the values one provider stores.
func (s *Service) stored(ctx context.Context, provider, key string) (map[string]string, error) {
	return s.values.Get(ctx, providerKey(provider, key), func(ctx context.Context) (map[string]string, error) {
		var rows []Value
		err := db.Select(ctx, s.db, &rows).Where("provider_name = ? AND provider_key = ?", provider, key).Scan(ctx)
		if err != nil {
			return nil, fmt.Errorf("read settings of %s %s: %w", provider, key, err)
		}
		out := make(map[string]string, len(rows))
		for _, r := range rows {
			out[r.Name] = r.Value
		}
		return out, nil
	})
}

// Get returns the value of name in the ctx tenant: the tenant's, else the global one, else
// the default. A secret setting is answered decrypted.
func (s *Service) Get(ctx context.Context, name string) (string, error) {
	d, ok := s.Definition(name)
	if !ok {
		return "", fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	v, _, err := s.lookup(ctx, d)
	return v, err
}

// lookup resolves d in the ctx tenant; found is false when the default answers.
func (s *Service) lookup(ctx context.Context, d Definition) (value string, found bool, err error) {
	open := func(v, provider, key string) (string, bool, error) {
		if !d.Secret {
			return v, true, nil
		}
		plain, err := s.open(v, d.Name, provider, key)
		return plain, err == nil, err
	}
	if t, ok := tenantKey(ctx); ok && !d.GlobalOnly {
		v, err := s.stored(ctx, Tenant, t)
		if err != nil {
			return "", false, err
		}
		if x, ok := v[d.Name]; ok {
			return open(x, Tenant, t)
		}
	}
	v, err := s.stored(ctx, Global, "")
	if err != nil {
		return "", false, err
	}
	if x, ok := v[d.Name]; ok {
		return open(x, Global, "")
	}
	return d.Default, false, nil
}

// Int returns Get as an integer (the default when the stored value is not one).
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

// Bool returns Get as a boolean ("true", case-insensitive).
func (s *Service) Bool(ctx context.Context, name string) (bool, error) {
	v, err := s.Get(ctx, name)
	if err != nil {
		return false, err
	}
	return strings.EqualFold(strings.TrimSpace(v), "true"), nil
}

// Set stores value for name: for the ctx tenant when tenant is true (refused for a global-only
// setting and on the host), else globally. Inside a db.InTx transaction idb is that
// transaction; the change reaches every replica's cache once it commits. A secret setting is
// stored sealed (ErrNoSecret when the service has no installation secret).
func (s *Service) Set(ctx context.Context, idb bun.IDB, name, value string, tenant bool) error {
	d, ok := s.Definition(name)
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	provider, key := Global, ""
	if tenant {
		t, ok := tenantKey(ctx)
		if !ok || d.GlobalOnly {
			return fmt.Errorf("setting %s: not a tenant setting here", name)
		}
		provider, key = Tenant, t
	}
	if d.Secret {
		sealed, err := s.seal(value, name, provider, key)
		if err != nil {
			return fmt.Errorf("set %s: %w", name, err)
		}
		value = sealed
	}
	if _, err := db.Delete(ctx, idb, (*Value)(nil)).
		Where("name = ? AND provider_name = ? AND provider_key = ?", name, provider, key).Exec(ctx); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	if err := db.Insert(ctx, idb, &Value{ID: db.NewID(), Name: name, Value: value, ProviderName: provider, ProviderKey: key}); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	payload := providerKey(provider, key)
	if err := s.bus.Publish(ctx, TopicValues, payload); err != nil {
		return fmt.Errorf("announce setting %s: %w", name, err)
	}
	return nil
}
