package menus

import (
	"context"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/tenancy"
)

// LayoutComponent is the component key of a group.
const LayoutComponent = "Layout"

// WebMenu returns the tree the caller may see: hidden rows removed; rows whose permission
// the caller lacks removed with everything under them; host-only rows only when no tenant
// is selected; multi-tenancy-only rows only when multi-tenancy is on; rows declared with a
// feature only when the caller's tenant has it on (with everything under them); groups left with no
// visible child removed; siblings sorted by order, then name. Display names are in the
// request's culture. Permissions are read once for the whole tree.
func (s *Service) WebMenu(ctx context.Context) ([]MenuItem, error) {
	rows, err := listRows(ctx, s.db)
	if err != nil {
		return nil, err
	}
	granted, err := s.permissions.Granted(ctx, auth.FromContext(ctx))
	if err != nil {
		return nil, err
	}
	host := tenancy.ID(ctx) == nil
	off, err := s.featuresOff(ctx)
	if err != nil {
		return nil, err
	}
	children := map[uuid.UUID][]*Menu{} // rows are already sorted by order, name
	for i := range rows {
		children[rows[i].ParentID] = append(children[rows[i].ParentID], &rows[i])
	}
	visible := func(m *Menu) bool {
		return !m.Hidden &&
			(m.Permission == "" || granted[m.Permission]) &&
			(!m.HostOnly || host) &&
			(!m.MultiTenancyOnly || s.multiTenancy) &&
			!off[m.Name]
	}
	// isGroup: a row that exists to hold others. It goes when none of them is visible.
	isGroup := func(m *Menu) bool {
		if m.Component == LayoutComponent || (m.Component == "" && !m.IsExternal) {
			return true
		}
		for _, c := range children[m.ID] {
			if !c.Hidden {
				return true
			}
		}
		return false
	}
	var build func(parent uuid.UUID, depth int) []MenuItem
	build = func(parent uuid.UUID, depth int) []MenuItem {
		out := []MenuItem{}
		if depth > len(rows) { // a cycle written straight into the table
			return out
		}
		for _, m := range children[parent] {
			if !visible(m) {
				continue
			}
			kids := build(m.ID, depth+1)
			if len(kids) == 0 && isGroup(m) {
				continue
			}
			out = append(out, MenuItem{
				ID: m.ID, ParentID: m.ParentID, Name: m.Name, DisplayName: displayName(ctx, m), Path: m.Path,
				Component: m.Component, Icon: m.Icon, Order: m.Order, Permission: m.Permission, ActiveMenu: m.ActiveMenu,
				NoCache: m.NoCache, Affix: m.Affix, IsExternal: m.IsExternal, Children: kids,
			})
		}
		return out
	}
	return build(uuid.Nil, 0), nil
}

// featuresOff returns the names of the declared entries whose feature is off for ctx's tenant.
// The feature is read from the declaration (a row keeps its name), so editing the row cannot
// lift it.
func (s *Service) featuresOff(ctx context.Context) (map[string]bool, error) {
	off := map[string]bool{}
	if s.entries == nil {
		return off, nil
	}
	checked := map[string]bool{}
	for _, e := range s.entries() {
		if e.Feature == "" {
			continue
		}
		on, ok := checked[e.Feature]
		if !ok {
			var err error
			if on, err = feature.IsEnabled(ctx, e.Feature); err != nil {
				return nil, err
			}
			checked[e.Feature] = on
		}
		if !on {
			off[e.Name] = true
		}
	}
	return off, nil
}
