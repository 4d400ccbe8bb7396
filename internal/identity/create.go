package identity

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// CreateUserInput is a new user of the ctx tenant.
type CreateUserInput struct {
	UserName       string
	Password       string
	Name, Surname  string
	Email, Phone   string
	LockoutEnabled bool
	RoleNames      []string
}

// CreateUser adds a user with its roles in one transaction.
func (s *Service) CreateUser(ctx context.Context, in CreateUserInput) (*User, error) {
	ve := &apperr.ValidationError{}
	if strings.TrimSpace(in.UserName) == "" {
		ve.Add("userName", localization.KeyRequired, KeyFieldUserName)
	}
	if len(in.Password) < MinPasswordLength {
		ve.Add("password", KeyPasswordTooShort, MinPasswordLength)
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	if _, err := s.FindByLogin(ctx, in.UserName); err == nil {
		return nil, apperr.Invalid("userName", KeyDuplicateUserName, in.UserName)
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	u := &User{
		UserName: strings.TrimSpace(in.UserName), NormalizedUserName: normalize(in.UserName),
		Name: in.Name, Surname: in.Surname, Email: in.Email, NormalizedEmail: normalize(in.Email),
		PhoneNumber: in.Phone, PasswordHash: hash, SecurityStamp: db.NewStamp(), IsActive: true,
		LockoutEnabled: in.LockoutEnabled,
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := db.Insert(ctx, tx, u); err != nil {
			return err
		}
		return s.setRoles(ctx, tx, u.ID, in.RoleNames)
	})
	if err != nil {
		return nil, fmt.Errorf("create user %s: %w", in.UserName, err)
	}
	return u, nil
}

func (s *Service) setRoles(ctx context.Context, tx bun.IDB, userID uuid.UUID, names []string) error {
	if _, err := tx.NewDelete().Model((*UserRole)(nil)).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("clear roles: %w", err)
	}
	for _, n := range names {
		r := new(Role)
		if err := db.Select(ctx, tx, r).Where("normalized_name = ?", normalize(n)).Scan(ctx); err != nil {
			return db.NotFound(err, "role "+n)
		}
		link := &UserRole{UserID: userID, RoleID: r.ID, TenantID: tenancy.ID(ctx)}
		if _, err := tx.NewInsert().Model(link).Exec(ctx); err != nil {
			return fmt.Errorf("add role %s: %w", n, err)
		}
	}
	return nil
}

// EnsureRole returns the role of that name in the ctx tenant, creating it if missing.
func (s *Service) EnsureRole(ctx context.Context, name string, static, isDefault bool) (*Role, error) {
	r := new(Role)
	err := db.Select(ctx, s.db, r).Where("normalized_name = ?", normalize(name)).Scan(ctx)
	if err == nil {
		return r, nil
	}
	r = &Role{Name: name, NormalizedName: normalize(name), IsStatic: static, IsPublic: true, IsDefault: isDefault}
	if err := db.Insert(ctx, s.db, r); err != nil {
		return nil, fmt.Errorf("create role %s: %w", name, err)
	}
	return r, nil
}

// CreateTenant adds an active tenant (a host row).
func (s *Service) CreateTenant(ctx context.Context, name string) (*Tenant, error) {
	if strings.TrimSpace(name) == "" {
		return nil, apperr.Invalid("name", localization.KeyRequired, "name")
	}
	t := &Tenant{Name: strings.TrimSpace(name), NormalizedName: normalize(name), IsActive: true}
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	if err := db.Insert(host, s.db, t); err != nil {
		return nil, fmt.Errorf("create tenant %s: %w", name, err)
	}
	return t, nil
}

// SetTenantState changes whether a tenant is active and its activation message.
func (s *Service) SetTenantState(ctx context.Context, id uuid.UUID, active bool, message string) error {
	t, err := s.TenantRow(ctx, id)
	if err != nil {
		return err
	}
	t.IsActive, t.ActivationMessage = active, message
	return db.UpdateStamped(tenancy.AllTenants(ctx), s.db, t, "", "is_active", "activation_message")
}
