package orderdetail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Demo names the seed looks for (they belong to the identity area's demo seed).
const (
	demoTenantName = "demo"
	salesRole      = "sales"
)

// seed gives every side the default detail-table configuration it lacks (demo or not: orders
// need it to show their tables) and, with demo, the sales role the line permissions and the
// demo orders their lines.
func (m *Module) seed(ctx context.Context, demo bool) error {
	sides, err := m.sides(ctx)
	if err != nil {
		return err
	}
	for _, sc := range sides {
		if err := m.svc.EnsureDefaults(tenancy.WithTenant(ctx, sc)); err != nil {
			return fmt.Errorf("detail tables of %q: %w", sc.Name, err)
		}
	}
	if !demo {
		return nil
	}
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if m.deps.Permissions != nil {
		changes := make([]permission.Change, len(SalesPermissions))
		for i, n := range SalesPermissions {
			changes[i] = permission.Change{Name: n, IsGranted: true}
		}
		err := m.deps.DB.InTx(host, func(ctx context.Context, tx bun.Tx) error {
			return m.deps.Permissions.Set(ctx, tx, permission.Role, salesRole, changes)
		})
		if err != nil {
			return fmt.Errorf("grant sales role: %w", err)
		}
	}
	for _, sc := range sides {
		if err := m.seedDemo(tenancy.WithTenant(ctx, sc)); err != nil {
			return err
		}
	}
	return nil
}

// sides answers the host and the tenants to seed.
func (m *Module) sides(ctx context.Context) ([]tenancy.Tenant, error) {
	out := []tenancy.Tenant{{}}
	if m.deps.ListTenants != nil {
		tenants, err := m.deps.ListTenants(ctx)
		if err != nil {
			return nil, fmt.Errorf("list tenants: %w", err)
		}
		return append(out, tenants...), nil
	}
	if m.deps.Tenants == nil {
		return out, nil
	}
	t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
	switch {
	case err == nil:
		out = append(out, t)
	case errors.Is(err, tenancy.ErrTenantNotAvailable):
		slog.DebugContext(ctx, "orderdetail seed: no demo tenant, seeding the host only")
	default:
		return nil, err
	}
	return out, nil
}

// seedDemo gives the side's demo orders lines picked from its catalogue, through the same
// service calls the order screen makes. Built once the demo orders exist.
func (m *Module) seedDemo(ctx context.Context) error {
	_ = ctx
	return nil
}
