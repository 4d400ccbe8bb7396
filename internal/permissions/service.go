package permissions

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Directory is what this area needs of the identity area.
type Directory interface {
	GetUser(ctx context.Context, id uuid.UUID) (*identity.User, error)
	// EffectiveRoles: the roles the user holds now, directly and through organisation units.
	EffectiveRoles(ctx context.Context, userID uuid.UUID) ([]string, error)
}

// Service reads and changes one provider's grants in the current tenant.
type Service struct {
	db          *db.DB
	registry    *permission.Registry
	permissions *permission.Service
	directory   Directory
}

// ManagePermission returns the permission needed to manage providerName's grants, or ""
// for a provider Kerf does not know.
func ManagePermission(providerName string) string {
	switch providerName {
	case permission.Role:
		return identity.PermRolesPermissions
	case permission.User:
		return identity.PermUsersPermissions
	}
	return ""
}

// entity checks the provider and returns the entity's display name and, for a user,
// the roles they hold now (directly and through organisation units). Roles are not checked for existence: grants to a role name wait for a
// role of that name.
func (s *Service) entity(ctx context.Context, providerName, providerKey string) (string, []string, error) {
	switch providerName {
	case permission.Role:
		if providerKey == "" {
			return "", nil, apperr.Invalid("providerKey", localization.KeyRequired, KeyFieldProviderKey)
		}
		return providerKey, nil, nil
	case permission.User:
		id, err := uuid.Parse(providerKey)
		if err != nil {
			return "", nil, apperr.Invalid("providerKey", KeyInvalidUserID, providerKey)
		}
		u, err := s.directory.GetUser(ctx, id)
		if err != nil {
			return "", nil, err
		}
		roles, err := s.directory.EffectiveRoles(ctx, id)
		if err != nil {
			return "", nil, err
		}
		return u.UserName, roles, nil
	}
	return "", nil, apperr.Invalid("providerName", KeyUnknownProvider, providerName)
}

// grants returns, for each permission granted to the entity, the providers granting it:
// the entity itself first, then (for a user) each role in name order.
func (s *Service) grants(ctx context.Context, providerName, providerKey string, roles []string) (map[string][]ProviderInfo, error) {
	out := map[string][]ProviderInfo{}
	add := func(name, key string) error {
		g, err := s.permissions.ProviderGrants(ctx, name, key)
		if err != nil {
			return err
		}
		for perm := range g {
			out[perm] = append(out[perm], ProviderInfo{ProviderName: name, ProviderKey: key})
		}
		return nil
	}
	if err := add(providerName, providerKey); err != nil {
		return nil, err
	}
	for _, r := range roles {
		if err := add(permission.Role, r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// GetPermissions returns every permission available in the current tenant, grouped, with
// whether and by whom it is granted to the entity.
func (s *Service) GetPermissions(ctx context.Context, providerName, providerKey string) (*PermissionListResult, error) {
	providerKey = strings.TrimSpace(providerKey)
	display, roles, err := s.entity(ctx, providerName, providerKey)
	if err != nil {
		return nil, err
	}
	granted, err := s.grants(ctx, providerName, providerKey, roles)
	if err != nil {
		return nil, err
	}
	out := &PermissionListResult{EntityDisplayName: display, Groups: []PermissionGroup{}}
	for _, g := range s.registry.Groups() {
		pg := PermissionGroup{Name: g.Name, DisplayName: textOf(ctx, g.DisplayName), Permissions: []PermissionGrantDto{}}
		for _, d := range g.Permissions {
			// A permission of a switched-off feature is not offered (docs/decisions/0014).
			if ok, err := s.permissions.Usable(ctx, d); err != nil {
				return nil, err
			} else if !ok {
				continue
			}
			providers := granted[d.Name]
			if providers == nil {
				providers = []ProviderInfo{}
			}
			var parent *string
			if d.Parent != "" {
				p := d.Parent
				parent = &p
			}
			pg.Permissions = append(pg.Permissions, PermissionGrantDto{Name: d.Name, DisplayName: textOf(ctx, d.DisplayName),
				ParentName: parent, IsGranted: len(providers) > 0, AllowedProviders: []string{}, GrantedProviders: providers})
		}
		if len(pg.Permissions) > 0 {
			out.Groups = append(out.Groups, pg)
		}
	}
	return out, nil
}

// UpdatePermissions grants and revokes the listed permissions of the provider, all in one
// transaction. Any unknown name, or one that cannot be granted on this side (host or
// tenant), rejects the whole request and changes nothing.
func (s *Service) UpdatePermissions(ctx context.Context, providerName, providerKey string, in []UpdatePermission) error {
	providerKey = strings.TrimSpace(providerKey)
	if _, _, err := s.entity(ctx, providerName, providerKey); err != nil {
		return err
	}
	ve := &apperr.ValidationError{}
	changes := make([]permission.Change, 0, len(in))
	for i, p := range in {
		name := strings.TrimSpace(p.Name)
		s.check(ctx, ve, fmt.Sprintf("permissions[%d].name", i), name)
		changes = append(changes, permission.Change{Name: name, IsGranted: p.IsGranted})
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	return s.set(ctx, providerName, providerKey, changes)
}

// ReplacePermissions makes names the complete list of permissions the provider grants
// in the current tenant: those are granted, every other available one revoked.
func (s *Service) ReplacePermissions(ctx context.Context, providerName, providerKey string, names []string) error {
	providerKey = strings.TrimSpace(providerKey)
	if _, _, err := s.entity(ctx, providerName, providerKey); err != nil {
		return err
	}
	ve := &apperr.ValidationError{}
	want := map[string]bool{}
	for i, n := range names {
		n = strings.TrimSpace(n)
		s.check(ctx, ve, fmt.Sprintf("grantedNames[%d]", i), n)
		want[n] = true
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	var changes []permission.Change
	for _, g := range s.registry.Groups() {
		for _, d := range g.Permissions {
			if permission.Available(ctx, d) {
				changes = append(changes, permission.Change{Name: d.Name, IsGranted: want[d.Name]})
			}
		}
	}
	return s.set(ctx, providerName, providerKey, changes)
}

// check records why name cannot be granted here, if it cannot.
func (s *Service) check(ctx context.Context, ve *apperr.ValidationError, field, name string) {
	d, ok := s.registry.Lookup(name)
	switch {
	case !ok:
		ve.Add(field, KeyUnknownPermission, name)
	case !permission.Available(ctx, d) && d.Side == permission.HostOnly:
		ve.Add(field, KeyHostOnly, name)
	case !permission.Available(ctx, d):
		ve.Add(field, KeyTenantOnly, name)
	}
}

func (s *Service) set(ctx context.Context, providerName, providerKey string, changes []permission.Change) error {
	if len(changes) == 0 {
		return nil
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.permissions.Set(ctx, tx, providerName, providerKey, changes)
	})
}

// PermissionTree returns GetPermissions' data as a tree of groups and permissions.
func (s *Service) PermissionTree(ctx context.Context, providerName, providerKey string) (*PermissionTree, error) {
	providerKey = strings.TrimSpace(providerKey)
	list, err := s.GetPermissions(ctx, providerName, providerKey)
	if err != nil {
		return nil, err
	}
	out := &PermissionTree{ProviderName: providerName, ProviderKey: providerKey, EntityDisplayName: list.EntityDisplayName,
		Items: []PermissionNode{}, GrantedNames: []string{}}
	for _, g := range list.Groups {
		children := map[string][]PermissionGrantDto{}
		for _, p := range g.Permissions {
			parent := ""
			if p.ParentName != nil {
				parent = *p.ParentName
			}
			children[parent] = append(children[parent], p)
			if slices.ContainsFunc(p.GrantedProviders, func(i ProviderInfo) bool {
				return i.ProviderName == providerName && i.ProviderKey == providerKey
			}) {
				out.GrantedNames = append(out.GrantedNames, p.Name)
			}
		}
		var build func(parent string) []PermissionNode
		build = func(parent string) []PermissionNode {
			nodes := []PermissionNode{}
			for _, p := range children[parent] {
				byOther := slices.ContainsFunc(p.GrantedProviders, func(i ProviderInfo) bool {
					return i.ProviderName != providerName || i.ProviderKey != providerKey
				})
				nodes = append(nodes, PermissionNode{Name: p.Name, DisplayName: p.DisplayName, IsGranted: p.IsGranted,
					GrantedByOther: byOther, GrantedProviders: p.GrantedProviders, Children: build(p.Name)})
			}
			return nodes
		}
		out.Items = append(out.Items, PermissionNode{Name: g.Name, DisplayName: g.DisplayName, IsGroup: true,
			GrantedProviders: []ProviderInfo{}, Children: build("")})
	}
	return out, nil
}

func textOf(ctx context.Context, t localization.Text) string {
	if localization.CultureFrom(ctx) == localization.En && t.En != "" {
		return t.En
	}
	return t.ZhHans
}
