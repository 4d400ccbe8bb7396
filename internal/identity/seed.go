package identity

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"

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
// with demo it adds the demo tenant (with its own admin) and the host user sales. Without demo
// data no account has a known password: the host admin's is AdminPassword or a random one,
// written once to Notice when the admin is created.
func (m *Module) seed(ctx context.Context, demo bool) error {
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	password, announce := m.deps.AdminPassword, false
	if password == "" && demo {
		password = DefaultPassword
	} else if password == "" {
		password, announce = rand.Text(), true
	}
	created, err := m.ensureAdmin(host, password)
	if err != nil {
		return err
	}
	if created && announce {
		out := m.deps.Notice
		if out == nil {
			out = os.Stderr
		}
		// Printed once, where the operator starting the server reads it; never logged again.
		_, _ = fmt.Fprintf(out, "admin password: %s\n", password)
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
		tctx := tenancy.WithTenant(ctx, t)
		if _, err := m.ensureAdmin(tctx, DefaultPassword); err != nil {
			return err
		}
		// The demo tenant has its own sales clerk, with the host's user name: the users screen
		// shows that each side keeps its own users and roles.
		if _, err := m.svc.EnsureRole(tctx, SalesRole, false, false); err != nil {
			return err
		}
		if _, err := m.svc.FindByLogin(tctx, "sales"); errors.Is(err, db.ErrNotFound) {
			if _, err := m.svc.CreateUser(tctx, CreateUserInput{UserName: "sales", Password: DefaultPassword,
				Name: "销售", Surname: "演示", Email: "sales@demo.kerf.local", Phone: "13800000012", Gender: GenderFemale,
				LockoutEnabled: true, RoleNames: []string{SalesRole}}); err != nil {
				return err
			}
		} else if err != nil {
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

// ensureAdmin makes sure the ctx tenant has the admin role and an admin user, created with
// password; created says whether the user was created now.
func (m *Module) ensureAdmin(ctx context.Context, password string) (created bool, err error) {
	if _, err := m.svc.EnsureRole(ctx, AdminRole, true, false); err != nil {
		return false, err
	}
	if _, err := m.svc.FindByLogin(ctx, AdminUserName); errors.Is(err, db.ErrNotFound) {
		phone := "13800000001"
		if tenancy.ID(ctx) != nil {
			phone = "13800000011"
		}
		if _, err := m.svc.CreateUser(ctx, CreateUserInput{UserName: AdminUserName, Password: password, operatorPassword: true,
			Name: "管理员", Email: "admin@kerf.local", Phone: phone, LockoutEnabled: true, RoleNames: []string{AdminRole}, Static: true}); err != nil {
			return false, fmt.Errorf("create admin: %w", err)
		}
		slog.DebugContext(ctx, "seeded admin user", "tenant", tenancy.FromContext(ctx).Name)
		return true, nil
	} else if err != nil {
		return false, err
	}
	return false, nil
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
