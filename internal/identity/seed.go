package identity

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Demo and default accounts.
const (
	AdminRole       = "admin"
	SalesRole       = "sales"
	AdminUserName   = "admin"
	DefaultPassword = "1q2w3E*"
	DemoTenantName  = "demo"
)

// seed makes sure the host has an admin role holding every permission and an admin user;
// with demo it adds the demo tenant (with its own admin) and the host user sales.
func (m *Module) seed(ctx context.Context, demo bool) error {
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if err := m.ensureAdmin(host); err != nil {
		return err
	}
	if demo {
		t, err := m.svc.ResolveTenant(ctx, DemoTenantName)
		if errors.Is(err, tenancy.ErrTenantNotAvailable) {
			row, cerr := m.svc.CreateTenant(ctx, DemoTenantName)
			if cerr != nil {
				return cerr
			}
			id := row.ID
			t = tenancy.Tenant{ID: &id, Name: row.Name, IsActive: true}
		} else if err != nil {
			return err
		}
		if err := m.ensureAdmin(tenancy.WithTenant(ctx, t)); err != nil {
			return err
		}
		if _, err := m.svc.EnsureRole(host, SalesRole, false, false); err != nil {
			return err
		}
		if _, err := m.svc.FindByLogin(host, "sales"); errors.Is(err, db.ErrNotFound) {
			if _, err := m.svc.CreateUser(host, CreateUserInput{UserName: "sales", Password: DefaultPassword,
				Name: "销售", Email: "sales@kerf.local", Phone: "13800000002", LockoutEnabled: true, RoleNames: []string{SalesRole}}); err != nil {
				return err
			}
		}
	}
	// Every start re-grants all defined permissions to the static admin roles, so
	// permissions added by a new version reach them.
	if err := m.grantAllToAdmins(ctx); err != nil {
		return err
	}
	return nil
}

func (m *Module) ensureAdmin(ctx context.Context) error {
	if _, err := m.svc.EnsureRole(ctx, AdminRole, true, false); err != nil {
		return err
	}
	if _, err := m.svc.FindByLogin(ctx, AdminUserName); errors.Is(err, db.ErrNotFound) {
		phone := "13800000001"
		if tenancy.ID(ctx) != nil {
			phone = "13800000011"
		}
		if _, err := m.svc.CreateUser(ctx, CreateUserInput{UserName: AdminUserName, Password: DefaultPassword,
			Name: "管理员", Email: "admin@kerf.local", Phone: phone, LockoutEnabled: true, RoleNames: []string{AdminRole}}); err != nil {
			return err
		}
		slog.DebugContext(ctx, "seeded admin user", "tenant", tenancy.FromContext(ctx).Name)
	} else if err != nil {
		return err
	}
	return nil
}

func (m *Module) grantAllToAdmins(ctx context.Context) error {
	var tenants []Tenant
	if err := db.Select(tenancy.AllTenants(ctx), m.deps.DB, &tenants).Scan(ctx); err != nil {
		return fmt.Errorf("list tenants: %w", err)
	}
	scopes := []tenancy.Tenant{{}}
	for _, t := range tenants {
		id := t.ID
		scopes = append(scopes, tenancy.Tenant{ID: &id, Name: t.Name, IsActive: t.IsActive})
	}
	for _, sc := range scopes {
		tctx := tenancy.WithTenant(ctx, sc)
		var changes []permission.Change
		for _, g := range m.deps.Registry.Groups() {
			for _, d := range g.Permissions {
				if permission.Available(tctx, d) {
					changes = append(changes, permission.Change{Name: d.Name, IsGranted: true})
				}
			}
		}
		err := m.deps.DB.InTx(tctx, func(ctx context.Context, tx bun.Tx) error {
			return m.deps.Permissions.Set(ctx, tx, permission.Role, AdminRole, changes)
		})
		if err != nil {
			return fmt.Errorf("grant admin permissions: %w", err)
		}
	}
	return nil
}
