package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// The tenant side of identity that the tenant administration (internal/saas) builds on:
// identity keeps the saas_tenants table, its cache and the logins; saas creates, changes and
// deletes the rows and calls these to keep the rest in step.

// TenantChanged drops every replica's cached copy of the tenant (after ctx's transaction
// commits): its name, state and activation message answer anew at the next request.
func (s *Service) TenantChanged(ctx context.Context, id uuid.UUID) { s.changed(ctx, TopicTenants, id) }

// CheckTenantAdmin checks the first administrator of a new tenant: an e-mail address and a
// password that meets the password rules in force (the host's: the tenant has none yet).
// The messages name emailField and passwordField.
func (s *Service) CheckTenantAdmin(ctx context.Context, emailField, email, passwordField, password string) error {
	ve := &apperr.ValidationError{}
	email = strings.TrimSpace(email)
	switch {
	case email == "":
		ve.Add(emailField, localization.KeyRequired, KeyFieldEmail)
	case utf8.RuneCountInString(email) > MaxEmail:
		ve.Add(emailField, localization.KeyTooLong, KeyFieldEmail, MaxEmail)
	case !validEmail(email):
		ve.Add(emailField, KeyInvalidEmail)
	}
	switch {
	case password == "":
		ve.Add(passwordField, localization.KeyRequired, KeyFieldPassword)
	case utf8.RuneCountInString(password) > MaxPassword:
		ve.Add(passwordField, localization.KeyTooLong, KeyFieldPassword, MaxPassword)
	default:
		host := tenancy.WithTenant(ctx, tenancy.Tenant{})
		if err := s.checkPassword(host, ve, passwordField, password); err != nil {
			return err
		}
	}
	return ve.OrNil()
}

// CreateTenantAdmin adds ctx's tenant (a new one) its static administrator "admin" with email
// and password, holding the admin role (which SeedTenant made), inside tx: the transaction
// that creates the tenant. The caller has checked both with CheckTenantAdmin.
func (s *Service) CreateTenantAdmin(ctx context.Context, tx bun.Tx, email, password string) (*User, error) {
	if tenancy.ID(ctx) == nil {
		return nil, fmt.Errorf("create tenant admin: no tenant in ctx")
	}
	hash, err := HashPassword(password)
	if err != nil {
		return nil, err
	}
	email = strings.TrimSpace(email)
	u := &User{UserName: AdminUserName, NormalizedUserName: normalize(AdminUserName), Name: "管理员",
		Email: email, NormalizedEmail: normalize(email), PasswordHash: hash, SecurityStamp: db.NewStamp(),
		IsActive: true, LockoutEnabled: true, IsStatic: true}
	roles, err := s.rolesNamed(ctx, tx, []string{AdminRole})
	if err != nil {
		return nil, err
	}
	if err := db.Insert(ctx, tx, u); err != nil {
		return nil, fmt.Errorf("create tenant admin: %w", err)
	}
	if err := s.linkRoles(ctx, tx, u.ID, roles); err != nil {
		return nil, err
	}
	s.changed(ctx, TopicUsers, u.ID)
	s.MembershipsChanged(ctx, u.ID)
	return u, nil
}

// SeedTenant gives ctx's tenant (a new one) the static admin role holding every permission a
// tenant may hold, inside tx (module.TenantSeeder): what seed gives each tenant at start-up.
func (m *Module) SeedTenant(ctx context.Context, tx bun.Tx) error {
	r := new(Role)
	err := db.NotFound(db.Select(ctx, tx, r).Where("normalized_name = ?", normalize(AdminRole)).Limit(1).Scan(ctx), "admin role")
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	} else if err != nil {
		r = &Role{Name: AdminRole, NormalizedName: normalize(AdminRole), IsStatic: true, IsPublic: true}
		if err := db.Insert(ctx, tx, r); err != nil {
			return fmt.Errorf("create admin role: %w", err)
		}
	}
	var changes []permission.Change
	for _, g := range m.deps.Registry.Groups() {
		for _, d := range g.Permissions {
			if permission.Available(ctx, d) {
				changes = append(changes, permission.Change{Name: d.Name, IsGranted: true})
			}
		}
	}
	if err := m.deps.Permissions.Set(ctx, tx, permission.Role, AdminRole, changes); err != nil {
		return fmt.Errorf("grant admin permissions: %w", err)
	}
	return nil
}

// TenantByName returns the live tenant of that name (active or not), through this replica's
// cache: the login page's tenant check reads it before anyone logs in.
func (s *Service) TenantByName(ctx context.Context, name string) (*Tenant, error) {
	n := normalize(name)
	t, err := s.tenant(ctx, "name:"+n, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("normalized_name = ?", n)
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}
