package orgunits

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
)

// announceEach is how many users a change may name one by one; past it, one message tells
// every replica that the roles of any user may have changed.
const announceEach = 10

// distinct answers ids without repeats, in their order.
func distinct(ids []uuid.UUID) []uuid.UUID {
	out := make([]uuid.UUID, 0, len(ids))
	seen := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// checkIDs checks the ids a body names (member is the JSON member, label its field label):
// at least one when required, at most MaxIDs, each a live row of model's table in the tenant.
// Missing ones are a validation error on member, listing them.
func checkIDs(ctx context.Context, tx store, model any, member, label, missingKey string, ids []uuid.UUID, required bool) ([]uuid.UUID, error) {
	ids = distinct(ids)
	switch {
	case required && len(ids) == 0:
		return nil, apperr.Invalid(member, localization.KeyRequired, label)
	case len(ids) > MaxIDs:
		return nil, apperr.Invalid(member, localization.KeyMaxItems, label, MaxIDs)
	}
	found, err := tx.existing(ctx, model, ids)
	if err != nil {
		return nil, err
	}
	var missing []string
	for _, id := range ids {
		if !found[id] {
			missing = append(missing, id.String())
		}
	}
	if len(missing) > 0 {
		return nil, apperr.Invalid(member, missingKey, strings.Join(missing, ", "))
	}
	return ids, nil
}

// ---- a unit's members ----

// ListMembers answers a page of the unit's users (sorting default userName), filtered on user
// name, name, surname, e-mail and phone.
func (s *Service) ListMembers(ctx context.Context, unitID uuid.UUID, q Query) ([]identity.UserLookup, int, error) {
	order, err := db.Order(q.Sorting, memberSorting, "user_name ASC")
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.store.getUnit(ctx, unitID); err != nil {
		return nil, 0, err
	}
	users, n, err := s.store.listMembers(ctx, unitID, q, order)
	if err != nil {
		return nil, 0, err
	}
	out := make([]identity.UserLookup, len(users))
	for i, u := range users {
		out[i] = identity.UserLookup{ID: u.ID, UserName: u.UserName, Name: u.Name, Surname: u.Surname, Email: u.Email, PhoneNumber: u.PhoneNumber}
	}
	return out, n, nil
}

// AddMembers makes users of the tenant members of the unit (those already members stay).
func (s *Service) AddMembers(ctx context.Context, unitID uuid.UUID, userIDs []uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := tx.getUnit(ctx, unitID); err != nil {
			return err
		}
		ids, err := checkIDs(ctx, tx, (*identity.User)(nil), "userIds", FieldUserIDs, KeyUsersNotFound, userIDs, true)
		if err != nil {
			return err
		}
		if err := tx.addMembers(ctx, unitID, ids); err != nil {
			return err
		}
		s.usersChanged(ctx, ids)
		return nil
	})
}

// usersChanged announces that the roles of the users changed.
func (s *Service) usersChanged(ctx context.Context, ids []uuid.UUID) {
	if len(ids) > announceEach {
		s.membershipsChanged(ctx, uuid.Nil)
		return
	}
	for _, id := range ids {
		s.membershipsChanged(ctx, id)
	}
}

// RemoveMember ends a user's membership of the unit; a user who is not a member is left as
// it is. The unit and the user must exist in the tenant.
func (s *Service) RemoveMember(ctx context.Context, unitID, userID uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := tx.getUnit(ctx, unitID); err != nil {
			return err
		}
		if err := tx.userExists(ctx, userID); err != nil {
			return err
		}
		if err := tx.removeMember(ctx, unitID, userID); err != nil {
			return err
		}
		s.membershipsChanged(ctx, userID)
		return nil
	})
}

// ---- a unit's roles ----

// ListUnitRoles answers a page of the unit's roles (sorting default name), filtered on the name.
func (s *Service) ListUnitRoles(ctx context.Context, unitID uuid.UUID, q Query) ([]UnitRoleDto, int, error) {
	order, err := db.Order(q.Sorting, roleSorting, "name ASC")
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.store.getUnit(ctx, unitID); err != nil {
		return nil, 0, err
	}
	roles, n, err := s.store.listRoles(ctx, unitID, q, order)
	if err != nil {
		return nil, 0, err
	}
	out := make([]UnitRoleDto, len(roles))
	for i, r := range roles {
		out[i] = UnitRoleDto{ID: r.ID, Name: r.Name, IsDefault: r.IsDefault, IsPublic: r.IsPublic, IsStatic: r.IsStatic}
	}
	return out, n, nil
}

// AddRoles gives the unit roles of the tenant (those it has already stay); its members hold
// them from their next request.
func (s *Service) AddRoles(ctx context.Context, unitID uuid.UUID, roleIDs []uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := tx.getUnit(ctx, unitID); err != nil {
			return err
		}
		ids, err := checkIDs(ctx, tx, (*identity.Role)(nil), "roleIds", FieldRoleIDs, KeyRolesNotFound, roleIDs, true)
		if err != nil {
			return err
		}
		if err := tx.addRoles(ctx, unitID, ids); err != nil {
			return err
		}
		s.membershipsChanged(ctx, uuid.Nil)
		return nil
	})
}

// RemoveRole takes a role from the unit; a role the unit does not have is left as it is. The
// unit and the role must exist in the tenant.
func (s *Service) RemoveRole(ctx context.Context, unitID, roleID uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if _, err := tx.getUnit(ctx, unitID); err != nil {
			return err
		}
		if err := tx.roleExists(ctx, roleID); err != nil {
			return err
		}
		if err := tx.removeRole(ctx, unitID, roleID); err != nil {
			return err
		}
		s.membershipsChanged(ctx, uuid.Nil)
		return nil
	})
}

// ---- a user's units ----

// UserUnits answers a page of the units a user of the tenant is a member of (sorting default
// code), filtered on the display name.
func (s *Service) UserUnits(ctx context.Context, userID uuid.UUID, q Query) ([]OrganizationUnit, int, error) {
	order, err := db.Order(q.Sorting, unitSorting, unitOrder)
	if err != nil {
		return nil, 0, err
	}
	if err := s.store.userExists(ctx, userID); err != nil {
		return nil, 0, err
	}
	return s.store.listUnitsWhere(ctx, unitsOfUser, userID, q, order)
}

// RemoveUserUnit ends a user's membership of a unit (RemoveMember from the user's side).
func (s *Service) RemoveUserUnit(ctx context.Context, userID, unitID uuid.UUID) error {
	return s.RemoveMember(ctx, unitID, userID)
}

// SetUserUnits makes unitIDs the whole set of units a user of the tenant is a member of.
func (s *Service) SetUserUnits(ctx context.Context, userID uuid.UUID, unitIDs []uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.userExists(ctx, userID); err != nil {
			return err
		}
		ids, err := checkIDs(ctx, tx, (*OrganizationUnit)(nil), "organizationUnitIds", FieldUnitIDs, KeyUnitsNotFound, unitIDs, false)
		if err != nil {
			return err
		}
		if err := tx.setUserUnits(ctx, userID, ids); err != nil {
			return err
		}
		s.membershipsChanged(ctx, userID)
		return nil
	})
}

// ---- a role's units ----

// RoleUnits answers a page of the units that have a role of the tenant (sorting default code),
// filtered on the display name.
func (s *Service) RoleUnits(ctx context.Context, roleID uuid.UUID, q Query) ([]OrganizationUnit, int, error) {
	order, err := db.Order(q.Sorting, unitSorting, unitOrder)
	if err != nil {
		return nil, 0, err
	}
	if err := s.store.roleExists(ctx, roleID); err != nil {
		return nil, 0, err
	}
	return s.store.listUnitsWhere(ctx, unitsOfRole, roleID, q, order)
}

// RemoveRoleUnit takes a role from a unit (RemoveRole from the role's side).
func (s *Service) RemoveRoleUnit(ctx context.Context, roleID, unitID uuid.UUID) error {
	return s.RemoveRole(ctx, unitID, roleID)
}

// SetRoleUnits makes unitIDs the whole set of units that have a role of the tenant.
func (s *Service) SetRoleUnits(ctx context.Context, roleID uuid.UUID, unitIDs []uuid.UUID) error {
	return s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.roleExists(ctx, roleID); err != nil {
			return err
		}
		ids, err := checkIDs(ctx, tx, (*OrganizationUnit)(nil), "organizationUnitIds", FieldUnitIDs, KeyUnitsNotFound, unitIDs, false)
		if err != nil {
			return err
		}
		if err := tx.setRoleUnits(ctx, roleID, ids); err != nil {
			return err
		}
		s.membershipsChanged(ctx, uuid.Nil)
		return nil
	})
}

// ---- the role source ----

// RoleNames answers the names of the roles a user holds through the units it is a member of:
// the roles of those units themselves, not of the units above them (a unit's roles do not pass
// down the tree). identity.EffectiveRoles adds them to the user's own roles.
func (s *Service) RoleNames(ctx context.Context, userID uuid.UUID) ([]string, error) {
	names, err := s.store.roleNamesOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	return slices.Compact(names), nil
}
