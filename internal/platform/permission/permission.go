// Package permission holds the permission definitions every module declares, the grants
// per provider (R role name, U user id) and the check an operation runs.
package permission

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Provider names.
const (
	Role = "R"
	User = "U"
)

// Side says where a permission can be granted.
type Side int

// Sides.
const (
	Both Side = iota
	HostOnly
	TenantOnly
)

// Group is a module's set of permissions.
type Group struct {
	Name        string
	DisplayName localization.Text
	Permissions []Definition
	// Feature is the switch every permission of the group needs on for the caller's tenant
	// (docs/decisions/0014): off, the permissions are neither granted nor offered.
	Feature string
}

// Definition is one permission; Parent names its parent in the same group.
type Definition struct {
	Name        string
	Parent      string
	DisplayName localization.Text
	Side        Side
}

// Registry holds every module's groups; it is filled while the app is built.
type Registry struct {
	groups   []Group
	byName   map[string]Definition
	features map[string]string // permission → the switch its group needs on
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{byName: map[string]Definition{}, features: map[string]string{}}
}

// Add registers groups; a permission name may be defined once only, and a parent must
// be defined before its children. A group named like one already added (two areas adding to
// AbpSettingManagement) joins it: its permissions follow the first's, under the first's
// display name.
func (r *Registry) Add(groups ...Group) {
	for _, g := range groups {
		for _, d := range g.Permissions {
			if _, dup := r.byName[d.Name]; dup {
				panic(fmt.Sprintf("permission %q defined twice", d.Name))
			}
			if d.Parent != "" {
				if _, ok := r.byName[d.Parent]; !ok {
					panic(fmt.Sprintf("permission %q: parent %q not defined before it", d.Name, d.Parent))
				}
			}
			r.byName[d.Name] = d
			if g.Feature != "" {
				r.features[d.Name] = g.Feature
			}
		}
		if i := slices.IndexFunc(r.groups, func(o Group) bool { return o.Name == g.Name }); i >= 0 {
			if r.groups[i].Feature != g.Feature {
				panic(fmt.Sprintf("permission group %q joined with another feature", g.Name))
			}
			r.groups[i].Permissions = append(slices.Clone(r.groups[i].Permissions), g.Permissions...)
			continue
		}
		r.groups = append(r.groups, g)
	}
}

// Feature returns the switch permission name needs on ("" when none).
func (r *Registry) Feature(name string) string { return r.features[name] }

// Groups returns all groups in registration order.
func (r *Registry) Groups() []Group { return r.groups }

// Lookup returns a definition by name.
func (r *Registry) Lookup(name string) (Definition, bool) {
	d, ok := r.byName[name]
	return d, ok
}

// Names returns every permission name.
func (r *Registry) Names() []string {
	var out []string
	for _, g := range r.groups {
		for _, d := range g.Permissions {
			out = append(out, d.Name)
		}
	}
	return out
}

// Available reports whether d may be granted in the tenant side of ctx.
func Available(ctx context.Context, d Definition) bool {
	host := tenancy.ID(ctx) == nil
	switch d.Side {
	case HostOnly:
		return host
	case TenantOnly:
		return !host
	}
	return true
}

// FeatureChecker answers whether a switch is on for ctx's tenant (the feature service).
type FeatureChecker interface {
	IsEnabled(ctx context.Context, name string) (bool, error)
}

// Usable reports whether d may be granted on this side and its feature, if any, is on for
// ctx's tenant.
func (s *Service) Usable(ctx context.Context, d Definition) (bool, error) {
	if !Available(ctx, d) {
		return false, nil
	}
	f := s.Registry.Feature(d.Name)
	if f == "" || s.Features == nil {
		return true, nil
	}
	on, err := s.Features.IsEnabled(ctx, f)
	if err != nil {
		return false, fmt.Errorf("feature %s of %s: %w", f, d.Name, err)
	}
	return on, nil
}

// Grant is one granted permission of one provider in one tenant.
type Grant struct {
	bun.BaseModel `bun:"table:permission_grants"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	Name          string     `bun:"name,notnull"`
	ProviderName  string     `bun:"provider_name,notnull"`
	ProviderKey   string     `bun:"provider_key,notnull"`
}

// TopicGrants is the bus topic on which grant changes are announced. The payload is the
// tenant ("host" or its id), optionally followed by "/provider/key" (e.g. "host/R/admin") when
// one provider's grants changed; every replica then drops what it cached of them.
const TopicGrants = "permission.grants"

// Service reads and writes grants and answers checks. Each provider's grants are cached per
// replica (when Bus is set) and dropped on every replica when Set changes them.
type Service struct {
	DB       *db.DB
	Registry *Registry
	Bus      *bus.Bus // nil: grants are read from the database every time
	// Roles answers a user's roles as they are now (the identity area: direct roles and those
	// of the user's organisation units), so a change reaches the user's next request; nil:
	// the roles the access token carries.
	Roles func(ctx context.Context, userID uuid.UUID) ([]string, error)
	// Features decides the permissions of groups that need a feature; nil: none is needed.
	Features FeatureChecker

	once   sync.Once
	grants *bus.Cache[grantKey, map[string]bool]
}

// grantKey names one provider's grants in one tenant (uuid.Nil: the host).
type grantKey struct {
	tenant        uuid.UUID
	provider, key string
}

func tenantText(id *uuid.UUID) string {
	if id == nil {
		return "host"
	}
	return id.String()
}

// matchGrants reports whether a TopicGrants payload names k.
func matchGrants(k grantKey, payload string) bool {
	tenant, provider, _ := strings.Cut(payload, "/")
	t := "host"
	if k.tenant != uuid.Nil {
		t = k.tenant.String()
	}
	if t != tenant {
		return false
	}
	return provider == "" || provider == k.provider+"/"+k.key
}

func (s *Service) cache() *bus.Cache[grantKey, map[string]bool] {
	s.once.Do(func() { s.grants = bus.NewCache[grantKey, map[string]bool](s.Bus, TopicGrants, matchGrants) })
	return s.grants
}

// Granted returns the names granted to p in the current tenant: its user grants and
// those of each of its roles, limited to defined permissions available on this side.
func (s *Service) Granted(ctx context.Context, p *auth.Principal) (map[string]bool, error) {
	out := map[string]bool{}
	if !p.Authenticated() || p.ClientOnly {
		return out, nil
	}
	add := func(providerName, providerKey string) error {
		names, err := s.ProviderGrants(ctx, providerName, providerKey)
		for n := range names {
			if d, ok := s.Registry.Lookup(n); ok && Available(ctx, d) {
				out[n] = true
			}
		}
		return err
	}
	defer func() {
		// Done last: a feature is read once for all the permissions that need it.
		off := map[string]bool{}
		for n := range out {
			f := s.Registry.Feature(n)
			if f == "" || s.Features == nil {
				continue
			}
			isOff, seen := off[f]
			if !seen {
				on, err := s.Features.IsEnabled(ctx, f)
				isOff = err == nil && !on // an unreadable switch leaves the grant to the call's own check
				off[f] = isOff
			}
			if isOff {
				delete(out, n)
			}
		}
	}()
	if err := add(User, p.UserID.String()); err != nil {
		return nil, err
	}
	roles := p.Roles
	if s.Roles != nil {
		var err error
		// A host user acting in a tenant (__tenant) holds the roles of its own tenant; their
		// names are then looked up in the request's tenant, as the token's roles were.
		own := ctx
		if !tenancy.Same(p.TenantID, tenancy.ID(ctx)) {
			own = tenancy.WithTenant(ctx, tenancy.Tenant{ID: p.TenantID})
		}
		if roles, err = s.Roles(own, p.UserID); err != nil {
			return nil, fmt.Errorf("roles of %s: %w", p.UserID, err)
		}
	}
	for _, r := range roles {
		if err := add(Role, r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// IsGranted reports whether p holds any of names. An empty list is denied.
func (s *Service) IsGranted(ctx context.Context, p *auth.Principal, names ...string) (bool, error) {
	if len(names) == 0 {
		return false, nil
	}
	granted, err := s.Granted(ctx, p)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(names, func(n string) bool { return granted[n] }), nil
}

// ProviderGrants returns the names granted directly to one provider in the current tenant.
// The map is shared with the cache: callers must not change it.
func (s *Service) ProviderGrants(ctx context.Context, providerName, providerKey string) (map[string]bool, error) {
	load := func(ctx context.Context) (map[string]bool, error) {
		var names []string
		err := db.Select(ctx, s.DB, (*Grant)(nil)).Column("name").
			Where("provider_name = ? AND provider_key = ?", providerName, providerKey).Scan(ctx, &names)
		if err != nil {
			return nil, fmt.Errorf("read grants of %s %s: %w", providerName, providerKey, err)
		}
		out := make(map[string]bool, len(names))
		for _, n := range names {
			out[n] = true
		}
		return out, nil
	}
	if !tenancy.Filtered(ctx) {
		return load(ctx) // across tenants: not one tenant's grants, never cached
	}
	k := grantKey{provider: providerName, key: providerKey}
	if id := tenancy.ID(ctx); id != nil {
		k.tenant = *id
	}
	return s.cache().Get(ctx, k, load)
}

// Changed announces on every replica that grants of the current tenant changed: those of one
// provider, or all of them when providerName is empty. Inside a db.InTx transaction the
// announcement leaves once it commits. Code that writes permission_grants without Set calls it.
func (s *Service) Changed(ctx context.Context, providerName, providerKey string) error {
	payload := tenantText(tenancy.ID(ctx))
	if providerName != "" {
		payload += "/" + providerName + "/" + providerKey
	}
	if err := s.Bus.Publish(ctx, TopicGrants, payload); err != nil {
		return fmt.Errorf("announce grant change: %w", err)
	}
	return nil
}

// Change is one permission to grant or revoke.
type Change struct {
	Name      string
	IsGranted bool
}

// Set applies changes for one provider in the current tenant within idb (a transaction
// begun with db.InTx when the caller has one: the change is announced to every replica's
// cache once it commits). Unknown names are the caller's to reject beforehand. Grants
// belong to one tenant: a ctx across all tenants is refused.
func (s *Service) Set(ctx context.Context, idb bun.IDB, providerName, providerKey string, changes []Change) error {
	if !tenancy.Filtered(ctx) {
		return errors.New("set grants: grants are set in one tenant, not across all of them")
	}
	tenant := tenancy.ID(ctx)
	for _, c := range changes {
		_, err := db.Delete(ctx, idb, (*Grant)(nil)).
			Where("name = ? AND provider_name = ? AND provider_key = ?", c.Name, providerName, providerKey).Exec(ctx)
		if err != nil {
			return fmt.Errorf("revoke %s: %w", c.Name, err)
		}
		if !c.IsGranted {
			continue
		}
		g := &Grant{ID: db.NewID(), TenantID: tenant, Name: c.Name, ProviderName: providerName, ProviderKey: providerKey}
		if err := db.Insert(ctx, idb, g); err != nil {
			return fmt.Errorf("grant %s: %w", c.Name, err)
		}
	}
	if len(changes) == 0 {
		return nil
	}
	return s.Changed(ctx, providerName, providerKey)
}
