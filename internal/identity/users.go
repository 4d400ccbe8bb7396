package identity

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// UserDto is a user as the administration screens read it: never its password hash or
// security stamp.
type UserDto struct {
	ID                   uuid.UUID  `json:"id"`
	TenantID             *uuid.UUID `json:"tenantId"`
	UserName             string     `json:"userName"`
	Name                 string     `json:"name"`
	Surname              string     `json:"surname"`
	Email                string     `json:"email"`
	EmailConfirmed       bool       `json:"emailConfirmed"`
	PhoneNumber          string     `json:"phoneNumber"`
	PhoneNumberConfirmed bool       `json:"phoneNumberConfirmed"`
	IsActive             bool       `json:"isActive"`
	LockoutEnabled       bool       `json:"lockoutEnabled"`
	LockoutEnd           *time.Time `json:"lockoutEnd" doc:"Locked until then (UTC); null or past: not locked"`
	TwoFactorEnabled     bool       `json:"twoFactorEnabled"`
	AccessFailedCount    int        `json:"accessFailedCount"`
	Gender               Gender     `json:"gender" enum:"0,1,2" doc:"Male 0, Female 1, Other 2"`
	IsStatic             bool       `json:"isStatic" doc:"The side's built-in admin: cannot be deleted"`
	ConcurrencyStamp     string     `json:"concurrencyStamp"`
	CreationTime         time.Time  `json:"creationTime"`
	LastModificationTime *time.Time `json:"lastModificationTime"`
	RoleNames            []string   `json:"roleNames"`
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func userDto(u *User, roles []string) UserDto {
	if roles == nil {
		roles = []string{}
	}
	return UserDto{ID: u.ID, TenantID: u.TenantID, UserName: u.UserName, Name: u.Name, Surname: u.Surname,
		Email: u.Email, EmailConfirmed: u.EmailConfirmed, PhoneNumber: u.PhoneNumber, PhoneNumberConfirmed: u.PhoneNumberConfirmed,
		IsActive: u.IsActive, LockoutEnabled: u.LockoutEnabled, LockoutEnd: utc(u.LockoutEnd), TwoFactorEnabled: u.TwoFactorEnabled,
		AccessFailedCount: u.AccessFailedCount, Gender: u.Gender, IsStatic: u.IsStatic, ConcurrencyStamp: u.ConcurrencyStamp,
		CreationTime: u.CreationTime.UTC(), LastModificationTime: utc(u.LastModificationTime), RoleNames: roles}
}

// UserLookup is a user as any logged-in user may find one (pickers, mentions).
type UserLookup struct {
	ID          uuid.UUID `json:"id"`
	UserName    string    `json:"userName"`
	Name        string    `json:"name"`
	Surname     string    `json:"surname"`
	Email       string    `json:"email"`
	PhoneNumber string    `json:"phoneNumber"`
}

// UserListItem is a row of GET /api/userextend/get-user-list: a lookup with the user's roles.
type UserListItem struct {
	UserLookup
	RoleNames []string `json:"roleNames"`
}

// UserQuery is a page of users: filter over user name, name, surname, e-mail and phone.
type UserQuery struct {
	Filter, Sorting string
	Skip, Limit     int
}

// userSorting maps the sortable members of a user to their columns.
var userSorting = map[string]string{
	"userName": "user_name", "name": "name", "surname": "surname", "email": "email",
	"phoneNumber": "phone_number", "creationTime": "creation_time", "isActive": "is_active",
	"lockoutEnd": "lockout_end",
}

// userPage reads one page of the ctx tenant's users.
func (s *Service) userPage(ctx context.Context, q UserQuery) ([]User, int, error) {
	order, err := db.Order(q.Sorting, userSorting, "name")
	if err != nil {
		return nil, 0, err
	}
	return db.List[User](ctx, s.db, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit,
		Shape: func(q *bun.SelectQuery) *bun.SelectQuery { return q.ExcludeColumn("password_hash", "security_stamp") }},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			return db.WhereContains(sq, q.Filter, "user_name", "name", "surname", "email", "phone_number")
		})
}

// rolesOf returns the role names of each of the users, sorted.
func (s *Service) rolesOf(ctx context.Context, idb bun.IDB, ids []uuid.UUID) (map[uuid.UUID][]string, error) {
	out := map[uuid.UUID][]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		UserID uuid.UUID `bun:"user_id"`
		Name   string    `bun:"name"`
	}
	err := db.Select(ctx, idb, (*Role)(nil)).ColumnExpr("ur.user_id, ?TableAlias.name").
		Join("JOIN identity_user_roles AS ur ON ur.role_id = ?TableAlias.id").
		Where("ur.user_id IN (?)", bun.In(ids)).OrderExpr("?TableAlias.name").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("roles of users: %w", err)
	}
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r.Name)
	}
	return out, nil
}

// ListUsers answers a page of the ctx tenant's users with their roles (sorting default name).
func (s *Service) ListUsers(ctx context.Context, q UserQuery) ([]UserDto, int, error) {
	users, total, err := s.userPage(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	roles, err := s.rolesOf(ctx, s.db, ids(users))
	if err != nil {
		return nil, 0, err
	}
	out := make([]UserDto, len(users))
	for i := range users {
		out[i] = userDto(&users[i], roles[users[i].ID])
	}
	return out, total, nil
}

func ids(users []User) []uuid.UUID {
	out := make([]uuid.UUID, len(users))
	for i, u := range users {
		out[i] = u.ID
	}
	return out
}

func lookupOf(u *User) UserLookup {
	return UserLookup{ID: u.ID, UserName: u.UserName, Name: u.Name, Surname: u.Surname, Email: u.Email, PhoneNumber: u.PhoneNumber}
}

// LookupUsers answers a page of the ctx tenant's users as lookups.
func (s *Service) LookupUsers(ctx context.Context, q UserQuery) ([]UserLookup, int, error) {
	users, total, err := s.userPage(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	out := make([]UserLookup, len(users))
	for i := range users {
		out[i] = lookupOf(&users[i])
	}
	return out, total, nil
}

// UserList answers a page of the ctx tenant's users for pickers, with their roles.
func (s *Service) UserList(ctx context.Context, q UserQuery) ([]UserListItem, int, error) {
	users, total, err := s.userPage(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	roles, err := s.rolesOf(ctx, s.db, ids(users))
	if err != nil {
		return nil, 0, err
	}
	out := make([]UserListItem, len(users))
	for i := range users {
		r := roles[users[i].ID]
		if r == nil {
			r = []string{}
		}
		out[i] = UserListItem{UserLookup: lookupOf(&users[i]), RoleNames: r}
	}
	return out, total, nil
}

// userNotFound gives a missing user its message.
func userNotFound(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.WithKey(apperr.ErrNotFound, KeyUserNotFound)
	}
	return err
}

// adminUser reads a user of the ctx tenant for an administrator (fresh, never cached).
func (s *Service) adminUser(ctx context.Context, idb bun.IDB, id uuid.UUID) (*User, error) {
	u := new(User)
	err := db.Select(ctx, idb, u).Where("?TableAlias.id = ?", id).Scan(ctx)
	return u, userNotFound(db.NotFound(err, "get user"))
}

func (s *Service) detail(ctx context.Context, u *User) (*UserDto, error) {
	roles, err := s.RoleNames(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	d := userDto(u, roles)
	return &d, nil
}

// UserDetail returns a user of the ctx tenant with its roles.
func (s *Service) UserDetail(ctx context.Context, id uuid.UUID) (*UserDto, error) {
	u, err := s.adminUser(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	return s.detail(ctx, u)
}

// UserByName returns the user of the ctx tenant with that user name (any case).
func (s *Service) UserByName(ctx context.Context, userName string) (*UserDto, error) {
	u := new(User)
	err := db.Select(ctx, s.db, u).Where("normalized_user_name = ?", normalize(userName)).Scan(ctx)
	if err != nil {
		return nil, userNotFound(db.NotFound(err, "get user by name"))
	}
	return s.detail(ctx, u)
}

// UpdateUserInput is the body of PUT /api/identity/users/{id}. Text members replace the stored
// ones (absent: empty); absent flags, gender and roles keep theirs.
type UpdateUserInput struct {
	UserName         string   `json:"userName,omitempty" required:"true" maxLength:"256" doc:"Letters, digits and - . _ @ +"`
	Name             string   `json:"name,omitempty" maxLength:"64"`
	Surname          string   `json:"surname,omitempty" maxLength:"64"`
	Email            string   `json:"email,omitempty" maxLength:"256"`
	Phone            string   `json:"phoneNumber,omitempty" maxLength:"16"`
	LockoutEnabled   *bool    `json:"lockoutEnabled,omitempty" doc:"Absent: unchanged"`
	IsActive         *bool    `json:"isActive,omitempty" doc:"Absent: unchanged; false signs the user out everywhere"`
	Gender           *Gender  `json:"gender,omitempty" enum:"0,1,2" doc:"Absent: unchanged"`
	RoleNames        []string `json:"roleNames,omitempty" doc:"Absent: unchanged; [] removes every role"`
	ConcurrencyStamp string   `json:"concurrencyStamp,omitempty" doc:"The stamp read; a stale one answers 409, none skips the check"`
}

// UpdateUser changes a user of the ctx tenant in one transaction. A changed e-mail or phone is
// no longer confirmed; a user made inactive is signed out everywhere.
func (s *Service) UpdateUser(ctx context.Context, id uuid.UUID, in UpdateUserInput) (*UserDto, error) {
	f := userFields{userName: in.UserName, name: in.Name, surname: in.Surname, email: in.Email, phone: in.Phone}
	if in.Gender != nil {
		f.gender = *in.Gender
	}
	f.trim()
	ve := &apperr.ValidationError{}
	f.check(ve)
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	var out *UserDto
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.adminUser(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.checkUnique(ctx, tx, ve, id, &f); err != nil {
			return err
		}
		if normalize(f.userName) != u.NormalizedUserName {
			if ok, err := s.userRule(ctx, SettingUserIsUserNameUpdateEnabled, true); err != nil {
				return err
			} else if !ok {
				ve.Add("userName", KeyUserNameUpdateDisabled)
			}
		}
		var roles []Role
		if in.RoleNames != nil {
			if roles, err = s.rolesNamed(ctx, tx, in.RoleNames); err != nil {
				var rve *apperr.ValidationError
				if errors.As(err, &rve) {
					ve.Fields = append(ve.Fields, rve.Fields...)
				} else {
					return err
				}
			}
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		deactivated := u.IsActive && in.IsActive != nil && !*in.IsActive
		if normalize(f.email) != u.NormalizedEmail {
			u.EmailConfirmed = false
		}
		if f.phone != u.PhoneNumber {
			u.PhoneNumberConfirmed = false
		}
		u.UserName, u.NormalizedUserName, u.Name, u.Surname = f.userName, normalize(f.userName), f.name, f.surname
		u.Email, u.NormalizedEmail, u.PhoneNumber = f.email, normalize(f.email), f.phone
		if in.LockoutEnabled != nil {
			u.LockoutEnabled = *in.LockoutEnabled
		}
		if in.IsActive != nil {
			u.IsActive = *in.IsActive
		}
		if in.Gender != nil {
			u.Gender = *in.Gender
		}
		err = db.UpdateStamped(ctx, tx, u, in.ConcurrencyStamp, "user_name", "normalized_user_name", "name", "surname",
			"email", "normalized_email", "email_confirmed", "phone_number", "phone_number_confirmed", "lockout_enabled",
			"is_active", "gender")
		if err != nil {
			return duplicateName(err, f.userName)
		}
		if in.RoleNames != nil {
			if err := s.linkRoles(ctx, tx, id, roles); err != nil {
				return err
			}
			s.MembershipsChanged(ctx, id)
		}
		if deactivated {
			if err := s.signOutEverywhere(ctx, tx, id); err != nil {
				return err
			}
		}
		s.changed(ctx, TopicUsers, id)
		names, err := s.roleNamesIn(ctx, tx, id)
		if err != nil {
			return err
		}
		d := userDto(u, names)
		out = &d
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// roleNamesIn is RoleNames within idb (a transaction).
func (s *Service) roleNamesIn(ctx context.Context, idb bun.IDB, userID uuid.UUID) ([]string, error) {
	m, err := s.rolesOf(ctx, idb, []uuid.UUID{userID})
	if err != nil {
		return nil, err
	}
	return m[userID], nil
}

// DeleteUser soft-deletes a user of the ctx tenant, drops its role links and its own
// permission grants, and signs it out everywhere. The side's built-in admin and the caller
// cannot be deleted.
func (s *Service) DeleteUser(ctx context.Context, id uuid.UUID) error {
	if me := auth.UserID(ctx); me != nil && *me == id {
		return apperr.User(KeyCannotDeleteSelf)
	}
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.adminUser(ctx, tx, id)
		if err != nil {
			return err
		}
		if u.IsStatic {
			return apperr.User(KeyStaticUserDelete)
		}
		if err := db.SoftDelete(ctx, tx, u); err != nil {
			return err
		}
		if _, err := db.Delete(ctx, tx, (*UserRole)(nil)).Where("user_id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete user roles: %w", err)
		}
		if s.perms != nil {
			if err := s.perms.Remove(ctx, tx, permission.User, id.String()); err != nil {
				return err
			}
		}
		if err := runDeleteHooks(ctx, tx, s.userDeleted, "user", id); err != nil {
			return err
		}
		if err := s.signOutEverywhere(ctx, tx, id); err != nil {
			return err
		}
		s.changed(ctx, TopicUsers, id)
		s.MembershipsChanged(ctx, id)
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete user %s: %w", id, err)
	}
	return nil
}

// ParseLockoutEnd reads the {value} of PUT /users/{id}/lock/{value}: an RFC 3339 date-time, a
// date-time without zone (UTC), or a date (its midnight, UTC).
func ParseLockoutEnd(value string) (time.Time, error) {
	value = strings.TrimSpace(value)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, value); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, apperr.Invalid("lockoutEnd", localization.KeyExpected, KeyFieldLockoutEnd, localization.KeyKindDateTime)
}

// LockUser locks a user of the ctx tenant until end and signs it out everywhere; an end not
// in the future unlocks it (and clears its failed-password count). Only a user with lockout
// enabled can be locked.
func (s *Service) LockUser(ctx context.Context, id uuid.UUID, end time.Time) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.adminUser(ctx, tx, id)
		if err != nil {
			return err
		}
		end = end.UTC().Truncate(time.Microsecond)
		lock := end.After(s.now())
		if lock && !u.LockoutEnabled {
			return apperr.User(KeyLockoutNotEnabled)
		}
		if lock {
			u.LockoutEnd = &end
		} else {
			u.LockoutEnd, u.AccessFailedCount = nil, 0
		}
		if err := db.UpdateStamped(ctx, tx, u, "", "lockout_end", "access_failed_count"); err != nil {
			return err
		}
		if lock {
			if err := s.signOutEverywhere(ctx, tx, id); err != nil {
				return err
			}
		}
		s.changed(ctx, TopicUsers, id)
		return nil
	})
}

// TwoFactorEnabled reports whether a user of the ctx tenant has two-factor login on.
func (s *Service) TwoFactorEnabled(ctx context.Context, id uuid.UUID) (bool, error) {
	u, err := s.adminUser(ctx, s.db, id)
	if err != nil {
		return false, err
	}
	return u.TwoFactorEnabled, nil
}

// SetTwoFactorEnabled switches two-factor login of a user of the ctx tenant.
func (s *Service) SetTwoFactorEnabled(ctx context.Context, id uuid.UUID, enabled bool) error {
	u, err := s.adminUser(ctx, s.db, id)
	if err != nil {
		return err
	}
	u.TwoFactorEnabled = enabled
	if err := db.UpdateStamped(ctx, s.db, u, "", "two_factor_enabled"); err != nil {
		return err
	}
	s.changed(ctx, TopicUsers, id)
	return nil
}

// UserRoles returns the roles a user of the ctx tenant is given directly.
func (s *Service) UserRoles(ctx context.Context, id uuid.UUID) ([]RoleDto, error) {
	if _, err := s.adminUser(ctx, s.db, id); err != nil {
		return nil, err
	}
	var roles []Role
	err := db.Select(ctx, s.db, &roles).
		Where("?TableAlias.id IN (SELECT role_id FROM identity_user_roles WHERE user_id = ?)", id).
		OrderExpr("name").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("user roles: %w", err)
	}
	return s.roleDtos(ctx, roles)
}

// SetUserRoles replaces the roles of a user of the ctx tenant; it takes effect on the user's
// next request.
func (s *Service) SetUserRoles(ctx context.Context, id uuid.UUID, names []string) error {
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.adminUser(ctx, tx, id)
		if err != nil {
			return err
		}
		roles, err := s.rolesNamed(ctx, tx, names)
		if err != nil {
			return err
		}
		if err := s.linkRoles(ctx, tx, id, roles); err != nil {
			return err
		}
		// The user's stamp changes with its roles, so an edit form read before is stale.
		if err := db.UpdateStamped(ctx, tx, u, ""); err != nil {
			return err
		}
		s.changed(ctx, TopicUsers, id)
		s.MembershipsChanged(ctx, id)
		return nil
	})
}

// ResetPassword sets a user's password without the current one (an administrator, or the
// account area's reset by phone code): the password rules apply, and the user is signed out
// everywhere, in one transaction.
func (s *Service) ResetPassword(ctx context.Context, id uuid.UUID, newPassword string) error {
	ve := &apperr.ValidationError{}
	if err := s.checkPassword(ctx, ve, "newPassword", newPassword); err != nil {
		return err
	}
	if utf8.RuneCountInString(newPassword) > MaxPassword {
		ve.Add("newPassword", localization.KeyTooLong, KeyFieldNewPassword, MaxPassword)
	}
	if err := ve.OrNil(); err != nil {
		return err
	}
	h, err := HashPassword(newPassword)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.adminUser(ctx, tx, id)
		if err != nil {
			return err
		}
		u.PasswordHash, u.SecurityStamp = h, db.NewStamp()
		if err := db.UpdateStamped(ctx, tx, u, "", "password_hash", "security_stamp"); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := s.signOutEverywhere(ctx, tx, id); err != nil {
			return err
		}
		s.changed(ctx, TopicUsers, id)
		return nil
	})
}

// IsSystemAdmin reports whether the user holds (directly or otherwise) the ctx side's static
// admin role.
func (s *Service) IsSystemAdmin(ctx context.Context, userID uuid.UUID) (bool, error) {
	roles, err := s.EffectiveRoles(ctx, userID)
	if err != nil {
		return false, err
	}
	if !slices.ContainsFunc(roles, func(r string) bool { return normalize(r) == normalize(AdminRole) }) {
		return false, nil
	}
	ok, err := db.Select(ctx, s.db, (*Role)(nil)).Where("normalized_name = ?", normalize(AdminRole)).
		Where("is_static = ?", true).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("is system admin: %w", err)
	}
	return ok, nil
}
