package orderdetail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
	"kerf/internal/salesorder"
)

// Demo names the seed looks for (they belong to the identity area's demo seed).
const (
	demoTenantName = "demo"
	salesRole      = "sales"
)

// seed gives every side the default detail-table configuration it lacks (demo or not: orders
// need it to show their tables) and, with demo, the sales role the line permissions on the
// host and in the demo tenant. The demo orders get their lines when the sales orders' seed
// creates them (fillDemoOrder), which runs before this seed: what it needs is made there too.
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
	scopes := []context.Context{tenancy.WithTenant(ctx, tenancy.Tenant{})}
	if m.deps.Tenants != nil {
		t, err := m.deps.Tenants.ResolveTenant(ctx, demoTenantName)
		switch {
		case err == nil:
			scopes = append(scopes, tenancy.WithTenant(ctx, t))
		case errors.Is(err, tenancy.ErrTenantNotAvailable):
			slog.InfoContext(ctx, "orderdetail seed: no demo tenant")
		default:
			return err
		}
	}
	for _, sc := range scopes {
		if err := m.grantSales(sc); err != nil {
			return err
		}
	}
	return nil
}

// grantSales grants the sales role the line permissions on the side of ctx.
func (m *Module) grantSales(ctx context.Context) error {
	if m.deps.Permissions == nil {
		return nil
	}
	changes := make([]permission.Change, len(SalesPermissions))
	for i, n := range SalesPermissions {
		changes[i] = permission.Change{Name: n, IsGranted: true}
	}
	err := m.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return m.deps.Permissions.Set(ctx, tx, permission.Role, salesRole, changes)
	})
	if err != nil {
		return fmt.Errorf("grant sales role: %w", err)
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

// demoPicks are how many catalogue rows each table of a demo order gets.
var demoPicks = map[string]int{TableProduct: 3, TableMatter: 2, TableStandardProduct: 1}

// fillDemoOrder gives a demo order lines picked from its side's catalogue, through the calls
// the order screen's pickers make (run by the sales orders' demo seed, as its sales clerk).
// Orders differ by the rows they start from; a side with an empty catalogue table gets no
// lines of it.
func (m *Module) fillDemoOrder(ctx context.Context, o *salesorder.SalesOrder) error {
	if err := m.svc.EnsureDefaults(ctx); err != nil {
		return err
	}
	if err := m.grantSales(ctx); err != nil {
		return err
	}
	m.demoOrders++
	n := m.demoOrders
	for _, table := range LineTables {
		want := demoPicks[table]
		if want == 0 {
			continue
		}
		ids, err := m.svc.demoSources(ctx, table, n, want)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			continue
		}
		items := make([]LineInput, len(ids))
		for i := range ids {
			items[i] = LineInput{SourceID: &ids[i]}
		}
		if _, err := m.svc.AddLines(ctx, table, AddLinesInput{SalesOrderID: o.ID, Items: items}); err != nil {
			return fmt.Errorf("demo lines of %s: %w", table, err)
		}
	}
	return nil
}
