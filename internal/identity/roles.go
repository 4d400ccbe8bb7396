package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// RoleDto is a role as the administration screens read it.
type RoleDto struct {
	ID               uuid.UUID  `json:"id"`
	TenantID         *uuid.UUID `json:"tenantId"`
	Name             string     `json:"name"`
	IsDefault        bool       `json:"isDefault" doc:"Given to new users created without roles"`
	IsPublic         bool       `json:"isPublic"`
	IsStatic         bool       `json:"isStatic" doc:"Built in: cannot be renamed or deleted"`
	ConcurrencyStamp string     `json:"concurrencyStamp"`
	CreationTime     time.Time  `json:"creationTime"`
	UserCount        int        `json:"userCount" doc:"Users given the role directly"`
}

// RoleQuery is a page of roles, filtered on the name.
type RoleQuery struct {
	Filter, Sorting string
	Skip, Limit     int
}

var roleSorting = map[string]string{
	"name": "name", "isDefault": "is_default", "isPublic": "is_public", "isStatic": "is_static",
	"creationTime": "creation_time",
}

// roleDtos gives each role its count of (live) users.
func (s *Service) roleDtos(ctx context.Context, roles []Role) ([]RoleDto, error) {
	out := make([]RoleDto, len(roles))
	if len(roles) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, len(roles))
	for i, r := range roles {
		ids[i] = r.ID
	}
	var counts []struct {
		RoleID uuid.UUID `bun:"role_id"`
		N      int       `bun:"n"`
	}
	err := db.Select(ctx, s.db, (*UserRole)(nil)).ColumnExpr("?TableAlias.role_id, COUNT(*) AS n").
		Join("JOIN identity_users AS u ON u.id = ?TableAlias.user_id AND u.is_deleted = ?", false).
		Where("?TableAlias.role_id IN (?)", bun.In(ids)).GroupExpr("?TableAlias.role_id").Scan(ctx, &counts)
	if err != nil {
		return nil, fmt.Errorf("count role users: %w", err)
	}
	n := map[uuid.UUID]int{}
	for _, c := range counts {
		n[c.RoleID] = c.N
	}
	for i, r := range roles {
		out[i] = RoleDto{ID: r.ID, TenantID: r.TenantID, Name: r.Name, IsDefault: r.IsDefault, IsPublic: r.IsPublic,
			IsStatic: r.IsStatic, ConcurrencyStamp: r.ConcurrencyStamp, CreationTime: r.CreationTime.UTC(), UserCount: n[r.ID]}
	}
	return out, nil
}

// ListRoles answers a page of the ctx tenant's roles (sorting default name; a limit of 999
// reads them all).
func (s *Service) ListRoles(ctx context.Context, q RoleQuery) ([]RoleDto, int, error) {
	order, err := db.Order(q.Sorting, roleSorting, "name")
	if err != nil {
		return nil, 0, err
	}
	roles, total, err := db.List[Role](ctx, s.db, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery { return db.WhereContains(sq, q.Filter, "name") })
	if err != nil {
		return nil, 0, err
	}
	out, err := s.roleDtos(ctx, roles)
	return out, total, err
}

// AllRoles returns every role of the ctx tenant, by name.
func (s *Service) AllRoles(ctx context.Context) ([]RoleDto, error) {
	var roles []Role
	if err := db.Select(ctx, s.db, &roles).OrderExpr("name").Scan(ctx); err != nil {
		return nil, fmt.Errorf("all roles: %w", err)
	}
	return s.roleDtos(ctx, roles)
}

func roleNotFound(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.WithKey(apperr.ErrNotFound, KeyRoleNotFound)
	}
	return err
}

func (s *Service) role(ctx context.Context, idb bun.IDB, id uuid.UUID) (*Role, error) {
	r := new(Role)
	err := db.Select(ctx, idb, r).Where("?TableAlias.id = ?", id).Scan(ctx)
	return r, roleNotFound(db.NotFound(err, "get role"))
}

// GetRole returns a role of the ctx tenant (for other areas: claims, organisation units).
func (s *Service) GetRole(ctx context.Context, id uuid.UUID) (*Role, error) {
	return s.role(ctx, s.db, id)
}

// RoleDetail returns a role of the ctx tenant with its user count.
func (s *Service) RoleDetail(ctx context.Context, id uuid.UUID) (*RoleDto, error) {
	r, err := s.role(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	d, err := s.roleDtos(ctx, []Role{*r})
	if err != nil {
		return nil, err
	}
	return &d[0], nil
}

// CreateRoleInput is the body of POST /api/identity/roles.
type CreateRoleInput struct {
	Name      string `json:"name,omitempty" required:"true" maxLength:"256"`
	IsDefault bool   `json:"isDefault,omitempty" doc:"Given to new users created without roles"`
	IsPublic  *bool  `json:"isPublic,omitempty" doc:"Absent: true"`
}

// UpdateRoleInput is the body of PUT /api/identity/roles/{id}; absent flags keep theirs.
type UpdateRoleInput struct {
	Name             string `json:"name,omitempty" required:"true" maxLength:"256" doc:"A static role keeps its name"`
	IsDefault        *bool  `json:"isDefault,omitempty" doc:"Absent: unchanged"`
	IsPublic         *bool  `json:"isPublic,omitempty" doc:"Absent: unchanged"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// checkRoleName checks a role name and that no other live role of the ctx tenant holds it.
func (s *Service) checkRoleName(ctx context.Context, idb bun.IDB, self uuid.UUID, name string) error {
	switch {
	case name == "":
		return apperr.Invalid("name", localization.KeyRequired, KeyFieldRoleName)
	case utf8.RuneCountInString(name) > MaxRoleName:
		return apperr.Invalid("name", localization.KeyTooLong, KeyFieldRoleName, MaxRoleName)
	}
	q := db.Select(ctx, idb, (*Role)(nil)).Where("normalized_name = ?", normalize(name))
	if self != uuid.Nil {
		q = q.Where("?TableAlias.id <> ?", self)
	}
	taken, err := q.Exists(ctx)
	if err != nil {
		return fmt.Errorf("check role name: %w", err)
	}
	if taken {
		return apperr.Invalid("name", KeyDuplicateRoleName, name)
	}
	return nil
}

func duplicateRole(err error, name string) error {
	if errors.Is(err, apperr.ErrDuplicate) {
		return apperr.Invalid("name", KeyDuplicateRoleName, name)
	}
	return err
}

// CreateRole adds a role to the ctx tenant (public unless said otherwise).
func (s *Service) CreateRole(ctx context.Context, in CreateRoleInput) (*RoleDto, error) {
	name := strings.TrimSpace(in.Name)
	if err := s.checkRoleName(ctx, s.db, uuid.Nil, name); err != nil {
		return nil, err
	}
	r := &Role{Name: name, NormalizedName: normalize(name), IsDefault: in.IsDefault, IsPublic: in.IsPublic == nil || *in.IsPublic}
	if err := db.Insert(ctx, s.db, r); err != nil {
		return nil, duplicateRole(err, name)
	}
	return &RoleDto{ID: r.ID, TenantID: r.TenantID, Name: r.Name, IsDefault: r.IsDefault, IsPublic: r.IsPublic,
		ConcurrencyStamp: r.ConcurrencyStamp, CreationTime: r.CreationTime.UTC()}, nil
}

// UpdateRole changes a role of the ctx tenant. Renaming moves its permission grants to the
// new name (grants are keyed by role name) and reaches its users' next requests; a static
// role keeps its name.
func (s *Service) UpdateRole(ctx context.Context, id uuid.UUID, in UpdateRoleInput) (*RoleDto, error) {
	name := strings.TrimSpace(in.Name)
	var out *Role
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.role(ctx, tx, id)
		if err != nil {
			return err
		}
		renamed := name != r.Name
		if renamed && r.IsStatic {
			return apperr.Invalid("name", KeyStaticRoleRename)
		}
		if err := s.checkRoleName(ctx, tx, id, name); err != nil {
			return err
		}
		old := r.Name
		r.Name, r.NormalizedName = name, normalize(name)
		if in.IsDefault != nil {
			r.IsDefault = *in.IsDefault
		}
		if in.IsPublic != nil {
			r.IsPublic = *in.IsPublic
		}
		if err := db.UpdateStamped(ctx, tx, r, in.ConcurrencyStamp, "name", "normalized_name", "is_default", "is_public"); err != nil {
			return duplicateRole(err, name)
		}
		if renamed {
			if s.perms != nil {
				if err := s.perms.Rename(ctx, tx, permission.Role, old, name); err != nil {
					return err
				}
			}
			for _, fn := range s.roleRenamed {
				if err := fn(ctx, tx, old, name); err != nil {
					return fmt.Errorf("rename role %q in other areas: %w", old, err)
				}
			}
			s.MembershipsChanged(ctx, uuid.Nil)
		}
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.RoleDetail(ctx, out.ID)
}

// DeleteRole soft-deletes a role of the ctx tenant with its user links and its permission
// grants; its users lose it on their next request. A static role cannot be deleted.
func (s *Service) DeleteRole(ctx context.Context, id uuid.UUID) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.role(ctx, tx, id)
		if err != nil {
			return err
		}
		if r.IsStatic {
			return apperr.User(KeyStaticRoleDelete)
		}
		if err := db.SoftDelete(ctx, tx, r); err != nil {
			return err
		}
		if _, err := db.Delete(ctx, tx, (*UserRole)(nil)).Where("role_id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete role links: %w", err)
		}
		if s.perms != nil {
			if err := s.perms.Remove(ctx, tx, permission.Role, r.Name); err != nil {
				return err
			}
		}
		if err := runDeleteHooks(ctx, tx, s.roleDeleted, "role", id); err != nil {
			return err
		}
		s.MembershipsChanged(ctx, uuid.Nil)
		return nil
	})
}
