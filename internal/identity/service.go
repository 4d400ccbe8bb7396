package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Lockout rules: this many failed passwords in a row lock the user for LockoutDuration.
const (
	MaxFailedAccessAttempts = 5
	LockoutDuration         = 5 * time.Minute
)

// Service is the identity area's face to other areas.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// NewService returns the service; now may be nil for time.Now.
func NewService(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

func normalize(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// FindByLogin finds an active user of the ctx tenant by user name or e-mail.
func (s *Service) FindByLogin(ctx context.Context, userNameOrEmail string) (*User, error) {
	n := normalize(userNameOrEmail)
	u := new(User)
	err := db.Select(ctx, s.db, u).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("normalized_user_name = ?", n).WhereOr("normalized_email = ?", n)
		}).
		OrderExpr("CASE WHEN normalized_user_name = ? THEN 0 ELSE 1 END", n).Limit(1).Scan(ctx)
	return u, db.NotFound(err, "find user "+userNameOrEmail)
}

// FindByPhone finds a user of the ctx tenant by phone number.
func (s *Service) FindByPhone(ctx context.Context, phone string) (*User, error) {
	u := new(User)
	err := db.Select(ctx, s.db, u).Where("phone_number = ?", strings.TrimSpace(phone)).Limit(1).Scan(ctx)
	return u, db.NotFound(err, "find user by phone")
}

// GetUser returns a user of the ctx tenant.
func (s *Service) GetUser(ctx context.Context, id uuid.UUID) (*User, error) {
	u := new(User)
	err := db.Select(ctx, s.db, u).Where("?TableAlias.id = ?", id).Scan(ctx)
	return u, db.NotFound(err, "get user")
}

// CheckPassword reports whether password is the user's.
func (s *Service) CheckPassword(_ context.Context, u *User, password string) bool {
	return u.PasswordHash != "" && VerifyPassword(u.PasswordHash, password)
}

// IsLockedOut reports whether u is locked out at now.
func (s *Service) IsLockedOut(u *User, now time.Time) bool {
	return u.LockoutEnabled && u.LockoutEnd != nil && u.LockoutEnd.After(now)
}

// RecordFailedLogin counts a wrong password; the fifth in a row locks the user for
// five minutes and starts a new count.
func (s *Service) RecordFailedLogin(ctx context.Context, u *User) (lockedOut bool, err error) {
	if !u.LockoutEnabled {
		return false, nil
	}
	u.AccessFailedCount++
	cols := []string{"access_failed_count"}
	if u.AccessFailedCount >= MaxFailedAccessAttempts {
		end := s.now().UTC().Add(LockoutDuration)
		u.LockoutEnd, u.AccessFailedCount = &end, 0
		cols = append(cols, "lockout_end")
		lockedOut = true
	}
	if err := db.UpdateStamped(ctx, s.db, u, "", cols...); err != nil {
		return false, fmt.Errorf("record failed login: %w", err)
	}
	return lockedOut, nil
}

// RecordSuccessfulLogin resets the failure count.
func (s *Service) RecordSuccessfulLogin(ctx context.Context, u *User) error {
	if u.AccessFailedCount == 0 && u.LockoutEnd == nil {
		return nil
	}
	u.AccessFailedCount, u.LockoutEnd = 0, nil
	if err := db.UpdateStamped(ctx, s.db, u, "", "access_failed_count", "lockout_end"); err != nil {
		return fmt.Errorf("record login: %w", err)
	}
	return nil
}

// RoleNames returns the names of the user's roles.
func (s *Service) RoleNames(ctx context.Context, userID uuid.UUID) ([]string, error) {
	var names []string
	err := db.Select(ctx, s.db, (*Role)(nil)).Column("name").
		Where("?TableAlias.id IN (SELECT role_id FROM identity_user_roles WHERE user_id = ?)", userID).
		OrderExpr("name").Scan(ctx, &names)
	if err != nil {
		return nil, fmt.Errorf("role names: %w", err)
	}
	return names, nil
}

// Message keys of this area.
const (
	KeyWrongPassword      = "Identity:WrongCurrentPassword"
	KeyPasswordTooShort   = "Identity:PasswordTooShort"
	KeyPasswordRequired   = "Identity:PasswordRequired"
	KeyDuplicateUserName  = "Identity:DuplicateUserName"
	KeyDuplicateEmail     = "Identity:DuplicateEmail"
	KeyInvalidEmail       = "Identity:InvalidEmail"
	KeyFieldName          = "Identity:Field:Name"
	KeyFieldSurname       = "Identity:Field:Surname"
	KeyFieldEmail         = "Identity:Field:Email"
	KeyFieldPhoneNumber   = "Identity:Field:PhoneNumber"
	KeyFieldUserName      = "Identity:Field:UserName"
	KeyFieldNewPassword   = "Identity:Field:NewPassword"
	KeyFieldCurrentPasswd = "Identity:Field:CurrentPassword"
)

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 6

// ChangePassword sets a new password after checking the current one.
func (s *Service) ChangePassword(ctx context.Context, userID uuid.UUID, current, newPassword string) error {
	ve := &apperr.ValidationError{}
	if current == "" {
		ve.Add("currentPassword", KeyPasswordRequired)
	}
	if len(newPassword) < MinPasswordLength {
		ve.Add("newPassword", KeyPasswordTooShort, MinPasswordLength)
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	u, err := s.GetUser(ctx, userID)
	if err != nil {
		return err
	}
	if !s.CheckPassword(ctx, u, current) {
		return apperr.User(KeyWrongPassword)
	}
	return s.SetPassword(ctx, u, newPassword)
}

// SetPassword stores a new hash and a new security stamp.
func (s *Service) SetPassword(ctx context.Context, u *User, password string) error {
	h, err := HashPassword(password)
	if err != nil {
		return err
	}
	u.PasswordHash, u.SecurityStamp = h, db.NewStamp()
	if err := db.UpdateStamped(ctx, s.db, u, "", "password_hash", "security_stamp"); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// ProfileInput is what a user may change of their own profile.
type ProfileInput struct {
	Name             string `json:"name" maxLength:"64"`
	Surname          string `json:"surname" maxLength:"64"`
	Email            string `json:"email" maxLength:"256"`
	PhoneNumber      string `json:"phoneNumber" maxLength:"16"`
	ConcurrencyStamp string `json:"concurrencyStamp,omitempty"`
}

// UpdateProfile changes the caller's own name, surname, e-mail and phone.
func (s *Service) UpdateProfile(ctx context.Context, userID uuid.UUID, in ProfileInput) (*User, error) {
	in.Email = strings.TrimSpace(in.Email)
	if in.Email != "" && !strings.Contains(in.Email, "@") {
		return nil, apperr.Invalid("email", KeyInvalidEmail)
	}
	u, err := s.GetUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	if in.Email != "" && normalize(in.Email) != u.NormalizedEmail {
		other := new(User)
		err := db.Select(ctx, s.db, other).Where("normalized_email = ?", normalize(in.Email)).
			Where("?TableAlias.id <> ?", u.ID).Limit(1).Scan(ctx)
		if err == nil {
			return nil, apperr.Invalid("email", KeyDuplicateEmail, in.Email)
		}
	}
	u.Name, u.Surname, u.Email, u.NormalizedEmail = strings.TrimSpace(in.Name), strings.TrimSpace(in.Surname), in.Email, normalize(in.Email)
	u.PhoneNumber = strings.TrimSpace(in.PhoneNumber)
	err = db.UpdateStamped(ctx, s.db, u, in.ConcurrencyStamp, "name", "surname", "email", "normalized_email", "phone_number")
	if err != nil {
		return nil, err
	}
	return u, nil
}

// ResolveTenant finds an active tenant by name or id; it implements tenancy.Resolver.
func (s *Service) ResolveTenant(ctx context.Context, nameOrID string) (tenancy.Tenant, error) {
	t := new(Tenant)
	q := db.Select(tenancy.AllTenants(ctx), s.db, t)
	if id, err := uuid.Parse(nameOrID); err == nil {
		q = q.Where("?TableAlias.id = ?", id)
	} else {
		q = q.Where("normalized_name = ?", normalize(nameOrID))
	}
	if err := q.Limit(1).Scan(ctx); err != nil {
		if errors.Is(db.NotFound(err, ""), db.ErrNotFound) {
			return tenancy.Tenant{}, fmt.Errorf("tenant %q: %w", nameOrID, tenancy.ErrTenantNotAvailable)
		}
		return tenancy.Tenant{}, fmt.Errorf("resolve tenant: %w", err)
	}
	if !t.IsActive {
		return tenancy.Tenant{}, fmt.Errorf("tenant %q inactive: %w", nameOrID, tenancy.ErrTenantNotAvailable)
	}
	id := t.ID
	return tenancy.Tenant{ID: &id, Name: t.Name, IsActive: t.IsActive}, nil
}

// GetTenant returns a tenant by id, whatever the ctx tenant.
func (s *Service) GetTenant(ctx context.Context, id uuid.UUID) (tenancy.Tenant, error) {
	t, err := s.TenantRow(ctx, id)
	if err != nil {
		return tenancy.Tenant{}, err
	}
	tid := t.ID
	return tenancy.Tenant{ID: &tid, Name: t.Name, IsActive: t.IsActive}, nil
}

// TenantRow returns the stored tenant, with its activation message.
func (s *Service) TenantRow(ctx context.Context, id uuid.UUID) (*Tenant, error) {
	t := new(Tenant)
	err := db.Select(tenancy.AllTenants(ctx), s.db, t).Where("?TableAlias.id = ?", id).Scan(ctx)
	return t, db.NotFound(err, "get tenant")
}
