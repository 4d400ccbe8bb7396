// Package permission holds the permission definitions every module declares, the grants
// per provider (R role name, U user id) and the check an operation runs.
package permission

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
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
	groups []Group
	byName map[string]Definition
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{byName: map[string]Definition{}} }

// Add registers groups; a permission name may be defined once only, and a parent must
// be defined before its children.
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
		}
		r.groups = append(r.groups, g)
	}
}

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

// Grant is one granted permission of one provider in one tenant.
type Grant struct {
	bun.BaseModel `bun:"table:permission_grants"`
	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	TenantID      *uuid.UUID `bun:"tenant_id,type:uuid"`
	Name          string     `bun:"name,notnull"`
	ProviderName  string     `bun:"provider_name,notnull"`
	ProviderKey   string     `bun:"provider_key,notnull"`
}

// Migrations creates the grants table.
var Migrations = []db.Migration{{
	ID: "permission/0001_grants",
	Up: db.Steps(
		db.CreateTables((*Grant)(nil)),
		db.CreateIndexes(db.Index{Table: "permission_grants", Name: "ux_permission_grants", Unique: false,
			Columns: []string{"tenant_id", "provider_name", "provider_key", "name"}}),
	),
}}

// Service reads and writes grants and answers checks.
type Service struct {
	DB       *db.DB
	Registry *Registry
}

// Granted returns the names granted to p in the current tenant: its user grants and
// those of each of its roles, limited to defined permissions available on this side.
func (s *Service) Granted(ctx context.Context, p *auth.Principal) (map[string]bool, error) {
	out := map[string]bool{}
	if !p.Authenticated() || p.ClientOnly {
		return out, nil
	}
	var grants []Grant
	q := db.Select(ctx, s.DB, &grants).Column("name").WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.Where("provider_name = ? AND provider_key = ?", User, p.UserID.String())
		if len(p.Roles) > 0 {
			q = q.WhereOr("provider_name = ? AND provider_key IN (?)", Role, bun.In(p.Roles))
		}
		return q
	})
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read grants: %w", err)
	}
	for _, g := range grants {
		if d, ok := s.Registry.Lookup(g.Name); ok && Available(ctx, d) {
			out[g.Name] = true
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
func (s *Service) ProviderGrants(ctx context.Context, providerName, providerKey string) (map[string]bool, error) {
	var names []string
	err := db.Select(ctx, s.DB, (*Grant)(nil)).Column("name").
		Where("provider_name = ? AND provider_key = ?", providerName, providerKey).Scan(ctx, &names)
	if err != nil {
		return nil, fmt.Errorf("read provider grants: %w", err)
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}

// Change is one permission to grant or revoke.
type Change struct {
	Name      string
	IsGranted bool
}

// Set applies changes for one provider in the current tenant within idb (a transaction
// when the caller has one). Unknown names are the caller's to reject beforehand.
func (s *Service) Set(ctx context.Context, idb bun.IDB, providerName, providerKey string, changes []Change) error {
	tenant := tenancy.ID(ctx)
	for _, c := range changes {
		del := idb.NewDelete().Model((*Grant)(nil)).
			Where("name = ? AND provider_name = ? AND provider_key = ?", c.Name, providerName, providerKey)
		if tenant == nil {
			del = del.Where("tenant_id IS NULL")
		} else {
			del = del.Where("tenant_id = ?", *tenant)
		}
		if _, err := del.Exec(ctx); err != nil {
			return fmt.Errorf("revoke %s: %w", c.Name, err)
		}
		if !c.IsGranted {
			continue
		}
		g := &Grant{ID: db.NewID(), TenantID: tenant, Name: c.Name, ProviderName: providerName, ProviderKey: providerKey}
		if _, err := idb.NewInsert().Model(g).Exec(ctx); err != nil {
			return fmt.Errorf("grant %s: %w", c.Name, err)
		}
	}
	return nil
}
