package orgunits

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/tenancy"
)

// demoTree is the demo tenant's organisation: a head office with its departments and the
// production department's workshops.
var demoTree = []demoUnit{{name: "总部", children: []demoUnit{
	{name: "销售部"},
	{name: "生产部", children: []demoUnit{{name: "开料车间"}, {name: "封边车间"}}},
}}}

type demoUnit struct {
	name     string
	children []demoUnit
}

// seed writes, with demo, the demo tenant's units through the service when it has none yet,
// and makes the tenant's admin a member of the head office and the sales department.
func (m *Module) seed(ctx context.Context, demo bool) error {
	if !demo || m.deps.Identity == nil {
		return nil
	}
	t, err := m.deps.Identity.ResolveTenant(ctx, identity.DemoTenantName)
	if errors.Is(err, tenancy.ErrTenantNotAvailable) {
		return nil
	}
	if err != nil {
		return err
	}
	ctx = tenancy.WithTenant(ctx, t)
	if _, n, err := m.svc.ListUnits(ctx, Query{Limit: 1}); err != nil || n > 0 {
		return err
	}
	ids := map[string]uuid.UUID{}
	var add func(parent *uuid.UUID, units []demoUnit) error
	add = func(parent *uuid.UUID, units []demoUnit) error {
		for _, d := range units {
			u, err := m.svc.CreateUnit(ctx, CreateOrganizationUnitInput{DisplayName: d.name, ParentID: parent})
			if err != nil {
				return fmt.Errorf("demo unit %s: %w", d.name, err)
			}
			ids[d.name] = u.ID
			if err := add(&u.ID, d.children); err != nil {
				return err
			}
		}
		return nil
	}
	if err := add(nil, demoTree); err != nil {
		return err
	}
	admin, err := m.deps.Identity.FindByLogin(ctx, identity.AdminUserName)
	if err != nil {
		return fmt.Errorf("demo unit members: %w", err)
	}
	for _, unit := range []string{"总部", "销售部"} {
		if err := m.svc.AddMembers(ctx, ids[unit], []uuid.UUID{admin.ID}); err != nil {
			return fmt.Errorf("demo unit members: %w", err)
		}
	}
	return nil
}
