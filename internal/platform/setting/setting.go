// Package setting keeps named values that administrators tune without a release (password
// rules, retention periods, ...): each area declares its settings with a default; a value can
// be stored for the whole installation (provider G), for one tenant (provider T) or, for a
// setting its definition marks UserSettable, for one user (provider U). A value resolves
// U → T → G → default. Values are cached per replica and dropped on every replica through
// the bus when one changes.
package setting

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/secret"
	"kerf/internal/platform/tenancy"
)

// Providers of a stored value.
const (
	Global = "G" // the whole installation
	Tenant = "T" // one tenant (the key is its id)
	User   = "U" // one user (the key is its id), for UserSettable settings only
)

// TopicValues is the bus topic of a changed value; the payload names the provider whose values
// changed ("G/", "T/<tenant id>" or "U/<user id>").
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
	// UserSettable settings may also be stored per user (provider U), which wins over the
	// tenant's and the global value for that user.
	UserSettable bool
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
	sealer *secret.Sealer                        // seals secret settings; nil until UseSecret
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

// Definitions returns every definition, sorted by name.
func (s *Service) Definitions() []Definition {
	s.mu.RLock()
	out := make([]Definition, 0, len(s.defs))
	for _, d := range s.defs {
		out = append(out, d)
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
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

// lookup resolves d for the caller of ctx (user, tenant, global, default); found is false
// when the default answers.
func (s *Service) lookup(ctx context.Context, d Definition) (value string, found bool, err error) {
	return s.resolve(ctx, d, "")
}

// resolve is lookup starting below the provider above ("": from the top): the value the
// caller would have if above stored none.
func (s *Service) resolve(ctx context.Context, d Definition, above string) (value string, found bool, err error) {
	for _, p := range s.chain(ctx, d) {
		if above != "" {
			if p.name == above {
				above = ""
			}
			continue
		}
		v, err := s.stored(ctx, p.name, p.key)
		if err != nil {
			return "", false, err
		}
		if x, ok := v[d.Name]; ok {
			if !d.Secret {
				return x, true, nil
			}
			plain, err := s.open(x, d.Name, p.name, p.key)
			return plain, err == nil, err
		}
	}
	return d.Default, false, nil
}

type provider struct{ name, key string }

// chain lists the providers that may hold d's value for the caller of ctx, first wins.
func (s *Service) chain(ctx context.Context, d Definition) []provider {
	out := make([]provider, 0, 3)
	if uid := auth.UserID(ctx); uid != nil && d.UserSettable {
		out = append(out, provider{User, uid.String()})
	}
	if t, ok := tenantKey(ctx); ok && !d.GlobalOnly {
		out = append(out, provider{Tenant, t})
	}
	return append(out, provider{Global, ""})
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
	return s.put(ctx, idb, d, provider, key, value)
}

// ErrNotHere is answered when a value is written for a provider the setting or the caller
// does not have (a tenant value of a global-only setting, a user value of one not
// UserSettable, a tenant value on the host).
var ErrNotHere = errors.New("setting: not settable for this provider here")

// ProviderOf is the provider a write of name by the caller of ctx lands on: the ctx tenant's
// (T), or the installation's (G) on the host and for a global-only setting.
func (s *Service) ProviderOf(ctx context.Context, name string) (string, error) {
	d, ok := s.Definition(name)
	if !ok {
		return "", fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	if _, ok := tenantKey(ctx); ok && !d.GlobalOnly {
		return Tenant, nil
	}
	return Global, nil
}

// Write stores value for name at provider (G, T: the ctx tenant, U: the ctx user), the way the
// settings pages save: a value equal to what the caller would have without it (the provider
// below's, or the default) is not stored, and a stored one is removed, so the tenant (or
// user) follows later changes of the value below. Inside a db.InTx transaction idb is that
// transaction; the change reaches every replica's cache once it commits.
func (s *Service) Write(ctx context.Context, idb bun.IDB, provider, name, value string) error {
	d, ok := s.Definition(name)
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknown, name)
	}
	var key string
	switch provider {
	case Global:
	case Tenant:
		t, ok := tenantKey(ctx)
		if !ok || d.GlobalOnly {
			return fmt.Errorf("%w: %s %s", ErrNotHere, provider, name)
		}
		key = t
	case User:
		uid := auth.UserID(ctx)
		if uid == nil || !d.UserSettable {
			return fmt.Errorf("%w: %s %s", ErrNotHere, provider, name)
		}
		key = uid.String()
	default:
		return fmt.Errorf("%w: %s %s", ErrNotHere, provider, name)
	}
	below, _, err := s.resolve(ctx, d, provider)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if value == below {
		return s.remove(ctx, idb, d, provider, key)
	}
	return s.put(ctx, idb, d, provider, key, value)
}

// put stores value as provider's (sealed when secret) and announces it.
func (s *Service) put(ctx context.Context, idb bun.IDB, d Definition, provider, key, value string) error {
	name := d.Name
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
	return s.announce(ctx, provider, key, name)
}

// remove deletes provider's value of d (if any) and announces it.
func (s *Service) remove(ctx context.Context, idb bun.IDB, d Definition, provider, key string) error {
	res, err := db.Delete(ctx, idb, (*Value)(nil)).
		Where("name = ? AND provider_name = ? AND provider_key = ?", d.Name, provider, key).Exec(ctx)
	if err != nil {
		return fmt.Errorf("clear %s: %w", d.Name, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return nil
	}
	return s.announce(ctx, provider, key, d.Name)
}

func (s *Service) announce(ctx context.Context, provider, key, name string) error {
	if err := s.bus.Publish(ctx, TopicValues, providerKey(provider, key)); err != nil {
		return fmt.Errorf("announce setting %s: %w", name, err)
	}
	return nil
}
