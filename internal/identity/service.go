package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// Lockout rules by default: this many failed passwords in a row lock the user for
// LockoutDuration (settings Abp.Identity.Lockout.*, LockoutRules).
const (
	MaxFailedAccessAttempts = 5
	LockoutDuration         = 5 * time.Minute
)

// Bus topics on which identity announces changes to the rows other replicas cache: the
// payload is the changed user's or tenant's id.
const (
	TopicUsers   = "identity.users"
	TopicTenants = "identity.tenants"
)

// Service is the identity area's face to other areas.
type Service struct {
	db  *db.DB
	now func() time.Time

	// Per-replica caches of the rows every request reads (the session's current user, the
	// __tenant header, the token verifier's tenant), dropped through the bus on change.
	bus     *bus.Bus
	users   *bus.Cache[userKey, User]
	tenants *bus.Cache[string, Tenant] // by "id:<id>" and "name:<normalized name>"

	memberships *bus.Cache[userKey, []string] // EffectiveRoles
	roleSources []RoleSource

	settings *setting.Service    // password rules; nil: the defaults
	perms    *permission.Service // role grants follow a renamed or deleted role; nil: none kept
	signOut  []SignOutHook

	roleDeleted, userDeleted []DeleteHook // other areas' rows about a deleted role or user
	roleRenamed              []RenameHook // other areas' rows naming a renamed role
}

// userKey names a user as GetUser reads it: in one tenant (uuid.Nil: the host).
type userKey struct{ tenant, id uuid.UUID }

// NewService returns the service; now may be nil for time.Now. It caches nothing until
// cacheThrough gives it a bus.
func NewService(d *db.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, now: now}
}

// cacheThrough caches users and tenants per replica, invalidated through b.
func (s *Service) cacheThrough(b *bus.Bus) {
	s.bus = b
	s.users = bus.NewCache[userKey, User](b, TopicUsers, func(k userKey, payload string) bool {
		return k.id.String() == payload
	})
	s.memberships = bus.NewCache[userKey, []string](b, TopicMemberships, func(k userKey, payload string) bool {
		return k.id.String() == payload
	})
	// Tenants are few and change rarely: any change drops them all (names as well as ids).
	s.tenants = bus.NewCache[string, Tenant](b, TopicTenants, func(string, string) bool { return true })
}

// changed announces on every replica that a row of topic changed (after the transaction of
// ctx commits). The change is made; a failed announcement is logged, and other replicas
// catch up within the caches' lifetime.
func (s *Service) changed(ctx context.Context, topic string, id uuid.UUID) {
	if err := s.bus.Publish(ctx, topic, id.String()); err != nil {
		slog.ErrorContext(ctx, "identity: announce change", "topic", topic, "id", id, "err", err)
	}
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

// GetUser returns a user of the ctx tenant (from this replica's cache when it has it).
func (s *Service) GetUser(ctx context.Context, id uuid.UUID) (*User, error) {
	if !tenancy.Filtered(ctx) {
		return s.userRow(ctx, id)
	}
	k := userKey{id: id}
	if t := tenancy.ID(ctx); t != nil {
		k.tenant = *t
	}
	u, err := s.users.Get(ctx, k, func(ctx context.Context) (User, error) {
		u, err := s.userRow(ctx, id)
		if err != nil {
			return User{}, err
		}
		return *u, nil
	})
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// userRow reads a user of the ctx tenant from the database, for changes.
func (s *Service) userRow(ctx context.Context, id uuid.UUID) (*User, error) {
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
// five minutes and starts a new count. The count is kept by the database in one UPDATE
// (increment, and lock when it reaches the limit), so wrong passwords sent at the same
// moment to several replicas are each counted; u receives the stored result.
func (s *Service) RecordFailedLogin(ctx context.Context, u *User) (lockedOut bool, err error) {
	if !u.LockoutEnabled {
		return false, nil
	}
	rules, err := s.LockoutRules(ctx) // the tenant's settings, at once
	if err != nil {
		return false, err
	}
	now := s.now().UTC()
	end := now.Add(rules.Duration)
	reached := fmt.Sprintf("access_failed_count + 1 >= %d", rules.MaxFailedAccessAttempts)
	var counted struct {
		Count int        `bun:"access_failed_count"`
		End   *time.Time `bun:"lockout_end"`
	}
	// SET expressions read the row as it was, on both dialects; a concurrent UPDATE of the
	// row waits for this one and then counts on from its result.
	_, err = db.Update(ctx, s.db, (*User)(nil)).
		Set("access_failed_count = CASE WHEN "+reached+" THEN 0 ELSE access_failed_count + 1 END").
		Set("lockout_end = CASE WHEN "+reached+" THEN ? ELSE lockout_end END", end).
		Set("concurrency_stamp = ?", db.NewStamp()).
		Set("last_modification_time = ?", now).
		Set("last_modifier_id = ?", auth.UserID(ctx)).
		Where("?TableAlias.id = ?", u.ID).
		Where("?TableAlias.lockout_enabled = ?", true).
		Returning("access_failed_count, lockout_end").
		Exec(ctx, &counted.Count, &counted.End)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // deleted or lockout switched off meanwhile: nothing to count
	}
	if err != nil {
		return false, fmt.Errorf("record failed login: %w", err)
	}
	s.changed(ctx, TopicUsers, u.ID)
	// The count starts again from 0 only when this failure locked the user.
	lockedOut = counted.Count == 0
	u.AccessFailedCount, u.LockoutEnd = counted.Count, counted.End
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
	s.changed(ctx, TopicUsers, u.ID)
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

// ChangePassword sets a new password after checking the current one.
func (s *Service) ChangePassword(ctx context.Context, userID uuid.UUID, current, newPassword string) error {
	ve := &apperr.ValidationError{}
	if current == "" {
		ve.Add("currentPassword", KeyPasswordRequired)
	}
	if err := s.checkPassword(ctx, ve, "newPassword", newPassword); err != nil {
		return err
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	u, err := s.userRow(ctx, userID)
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
	s.changed(ctx, TopicUsers, u.ID)
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
	u, err := s.userRow(ctx, userID)
	if err != nil {
		return nil, err
	}
	if normalize(in.Email) != u.NormalizedEmail {
		if ok, err := s.userRule(ctx, SettingUserIsEmailUpdateEnabled, true); err != nil {
			return nil, err
		} else if !ok {
			return nil, apperr.Invalid("email", KeyEmailUpdateDisabled)
		}
	}
	unique, err := s.userRule(ctx, SettingUserRequireUniqueEmail, true)
	if err != nil {
		return nil, err
	}
	if in.Email != "" && unique && normalize(in.Email) != u.NormalizedEmail {
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
	s.changed(ctx, TopicUsers, u.ID)
	return u, nil
}

// ResolveTenant finds an active tenant by name or id; it implements tenancy.Resolver.
func (s *Service) ResolveTenant(ctx context.Context, nameOrID string) (tenancy.Tenant, error) {
	var t Tenant
	var err error
	if id, perr := uuid.Parse(nameOrID); perr == nil {
		t, err = s.tenant(ctx, "id:"+id.String(), func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("?TableAlias.id = ?", id)
		})
	} else {
		n := normalize(nameOrID)
		t, err = s.tenant(ctx, "name:"+n, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("normalized_name = ?", n)
		})
	}
	if errors.Is(err, db.ErrNotFound) {
		return tenancy.Tenant{}, fmt.Errorf("tenant %q: %w", nameOrID, tenancy.ErrTenantNotAvailable)
	}
	if err != nil {
		return tenancy.Tenant{}, fmt.Errorf("resolve tenant: %w", err)
	}
	if !t.IsActive {
		return tenancy.Tenant{}, fmt.Errorf("tenant %q inactive: %w", nameOrID, tenancy.ErrTenantNotAvailable)
	}
	id := t.ID
	return tenancy.Tenant{ID: &id, Name: t.Name, IsActive: t.IsActive}, nil
}

// Tenants lists every tenant, active or not, oldest first: areas seeding rows every side needs
// (static dictionaries, claim types) give them to each.
func (s *Service) Tenants(ctx context.Context) ([]tenancy.Tenant, error) {
	var rows []Tenant
	if err := db.Select(tenancy.AllTenants(ctx), s.db, &rows).OrderExpr("?TableAlias.creation_time").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list tenants: %w", err)
	}
	out := make([]tenancy.Tenant, len(rows))
	for i, t := range rows {
		id := t.ID
		out[i] = tenancy.Tenant{ID: &id, Name: t.Name, IsActive: t.IsActive}
	}
	return out, nil
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
	t, err := s.tenant(ctx, "id:"+id.String(), func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("?TableAlias.id = ?", id)
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// tenant reads the one tenant where selects, through this replica's cache under key.
func (s *Service) tenant(ctx context.Context, key string, where func(*bun.SelectQuery) *bun.SelectQuery) (Tenant, error) {
	return s.tenants.Get(ctx, key, func(ctx context.Context) (Tenant, error) {
		t := new(Tenant)
		err := where(db.Select(tenancy.AllTenants(ctx), s.db, t)).Limit(1).Scan(ctx)
		if err != nil {
			return Tenant{}, db.NotFound(err, "get tenant")
		}
		return *t, nil
	})
}
