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
	"kerf/internal/platform/feature"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/tenancy"
)

// Field limits of users and roles (ABP's).
const (
	MaxUserName    = 256
	MaxName        = 64
	MaxSurname     = 64
	MaxEmail       = 256
	MaxPhoneNumber = 16
	MaxPassword    = 128
	MaxRoleName    = 256
)

// CreateUserInput is a new user of the ctx tenant: the body of POST /api/identity/users, and
// what other areas (account, seed) create users with.
type CreateUserInput struct {
	UserName       string `json:"userName,omitempty" required:"true" maxLength:"256" doc:"Letters, digits and - . _ @ +"`
	Name           string `json:"name,omitempty" maxLength:"64"`
	Surname        string `json:"surname,omitempty" maxLength:"64"`
	Email          string `json:"email,omitempty" maxLength:"256"`
	Phone          string `json:"phoneNumber,omitempty" maxLength:"16"`
	Password       string `json:"password,omitempty" required:"true" maxLength:"128" doc:"Checked against the password rules (settings Abp.Identity.Password.*)"`
	LockoutEnabled bool   `json:"lockoutEnabled,omitempty" doc:"Wrong passwords lock the user for a while; an administrator may lock the user"`
	IsActive       *bool  `json:"isActive,omitempty" doc:"Absent: active"`
	Gender         Gender `json:"gender,omitempty" enum:"0,1,2" doc:"Male 0, Female 1, Other 2"`
	// RoleNames are the user's roles; absent or empty: the tenant's default roles.
	RoleNames []string `json:"roleNames,omitempty" doc:"Absent or empty: the tenant's default roles"`

	// Set by other areas only: a phone confirmed by a code, the seeded admin.
	PhoneNumberConfirmed bool `json:"-"`
	EmailConfirmed       bool `json:"-"`
	Static               bool `json:"-"`

	// operatorPassword skips the password rules: the first admin's password is the operator's
	// (--admin-password) or a random one.
	operatorPassword bool
}

// userFields are the fields create and update share, trimmed.
type userFields struct {
	userName, name, surname, email, phone string
	gender                                Gender
}

func (f *userFields) trim() {
	f.userName, f.name, f.surname = strings.TrimSpace(f.userName), strings.TrimSpace(f.name), strings.TrimSpace(f.surname)
	f.email, f.phone = strings.TrimSpace(f.email), strings.TrimSpace(f.phone)
}

// userNameChars are the characters a user name may hold (ABP's default AllowedUserNameCharacters).
const userNameChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._@+"

// tooLong adds a KeyTooLong message when s has more than max characters.
func tooLong(ve *apperr.ValidationError, field, label, s string, max int) {
	if utf8.RuneCountInString(s) > max {
		ve.Add(field, localization.KeyTooLong, label, max)
	}
}

// check adds the rules f breaks to ve (uniqueness is checked against the stored rows apart).
func (f *userFields) check(ve *apperr.ValidationError) {
	switch {
	case f.userName == "":
		ve.Add("userName", localization.KeyRequired, KeyFieldUserName)
	case utf8.RuneCountInString(f.userName) > MaxUserName:
		ve.Add("userName", localization.KeyTooLong, KeyFieldUserName, MaxUserName)
	case strings.ContainsFunc(f.userName, func(r rune) bool { return !strings.ContainsRune(userNameChars, r) }):
		ve.Add("userName", KeyInvalidUserName, f.userName)
	}
	tooLong(ve, "name", KeyFieldName, f.name, MaxName)
	tooLong(ve, "surname", KeyFieldSurname, f.surname, MaxSurname)
	if utf8.RuneCountInString(f.email) > MaxEmail {
		ve.Add("email", localization.KeyTooLong, KeyFieldEmail, MaxEmail)
	} else if f.email != "" && !validEmail(f.email) {
		ve.Add("email", KeyInvalidEmail)
	}
	tooLong(ve, "phoneNumber", KeyFieldPhoneNumber, f.phone, MaxPhoneNumber)
	if f.gender < GenderMale || f.gender > GenderOther {
		ve.Add("gender", localization.KeyInvalidValue, KeyFieldGender)
	}
}

// validEmail is the shape of an address: something, @, a domain, and no spaces.
func validEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	return ok && local != "" && domain != "" && !strings.ContainsAny(s, " \t\r\n") && !strings.Contains(domain, "@")
}

// checkUnique adds to ve the user name, e-mail and phone number another live user of the ctx
// tenant holds (self: the user being changed, uuid.Nil on create).
func (s *Service) checkUnique(ctx context.Context, idb bun.IDB, ve *apperr.ValidationError, self uuid.UUID, f *userFields) error {
	taken := func(where string, value any) (bool, error) {
		q := db.Select(ctx, idb, (*User)(nil)).Where(where, value)
		if self != uuid.Nil {
			q = q.Where("?TableAlias.id <> ?", self)
		}
		ok, err := q.Exists(ctx)
		if err != nil {
			return false, fmt.Errorf("check unique user: %w", err)
		}
		return ok, nil
	}
	if f.userName != "" {
		if t, err := taken("normalized_user_name = ?", normalize(f.userName)); err != nil {
			return err
		} else if t {
			ve.Add("userName", KeyDuplicateUserName, f.userName)
		}
	}
	unique, err := s.userRule(ctx, SettingUserRequireUniqueEmail, true)
	if err != nil {
		return err
	}
	if f.email != "" && unique {
		if t, err := taken("normalized_email = ?", normalize(f.email)); err != nil {
			return err
		} else if t {
			ve.Add("email", KeyDuplicateEmail, f.email)
		}
	}
	if f.phone != "" {
		if t, err := taken("phone_number = ?", f.phone); err != nil {
			return err
		} else if t {
			ve.Add("phoneNumber", KeyDuplicatePhone, f.phone)
		}
	}
	return nil
}

// duplicateName turns the unique index's refusal of a user name (two requests at the same
// moment) into the same message the check gives.
func duplicateName(err error, userName string) error {
	if errors.Is(err, apperr.ErrDuplicate) {
		return apperr.Invalid("userName", KeyDuplicateUserName, userName)
	}
	return err
}

// CreateUser adds an active user (unless IsActive says otherwise) with its roles, in one
// transaction. Without role names the user gets the tenant's default roles.
func (s *Service) CreateUser(ctx context.Context, in CreateUserInput) (*User, error) {
	f := userFields{userName: in.UserName, name: in.Name, surname: in.Surname, email: in.Email, phone: in.Phone, gender: in.Gender}
	f.trim()
	ve := &apperr.ValidationError{}
	f.check(ve)
	if in.operatorPassword {
		if in.Password == "" {
			ve.Add("password", localization.KeyRequired, KeyFieldPassword)
		}
	} else if err := s.checkPassword(ctx, ve, "password", in.Password); err != nil {
		return nil, err
	}
	if utf8.RuneCountInString(in.Password) > MaxPassword {
		ve.Add("password", localization.KeyTooLong, KeyFieldPassword, MaxPassword)
	}
	if err := s.checkUnique(ctx, s.db, ve, uuid.Nil, &f); err != nil {
		return nil, err
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	active := in.IsActive == nil || *in.IsActive
	u := &User{
		UserName: f.userName, NormalizedUserName: normalize(f.userName),
		Name: f.name, Surname: f.surname, Email: f.email, NormalizedEmail: normalize(f.email), EmailConfirmed: in.EmailConfirmed,
		PhoneNumber: f.phone, PhoneNumberConfirmed: in.PhoneNumberConfirmed, PasswordHash: hash, SecurityStamp: db.NewStamp(),
		IsActive: active, LockoutEnabled: in.LockoutEnabled, Gender: f.gender, IsStatic: in.Static,
	}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var roles []Role
		var err error
		if len(in.RoleNames) == 0 {
			roles, err = s.defaultRoles(ctx, tx)
		} else {
			roles, err = s.rolesNamed(ctx, tx, in.RoleNames)
		}
		if err != nil {
			return err
		}
		if err := checkMaxUsers(ctx, tx); err != nil {
			return err
		}
		if err := db.Insert(ctx, tx, u); err != nil {
			return duplicateName(err, f.userName)
		}
		return s.linkRoles(ctx, tx, u.ID, roles)
	})
	if err != nil {
		return nil, fmt.Errorf("create user %s: %w", f.userName, err)
	}
	s.changed(ctx, TopicUsers, u.ID)
	s.MembershipsChanged(ctx, u.ID)
	return u, nil
}

// rolesNamed returns the roles of the ctx tenant with those names (each once); a name that is
// no role is a validation error on roleNames.
func (s *Service) rolesNamed(ctx context.Context, idb bun.IDB, names []string) ([]Role, error) {
	seen := map[string]bool{}
	var norm []string
	for _, n := range names {
		k := normalize(n)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		norm = append(norm, k)
	}
	if len(norm) == 0 {
		return nil, nil
	}
	var roles []Role
	if err := db.Select(ctx, idb, &roles).Where("normalized_name IN (?)", bun.In(norm)).OrderExpr("name").Scan(ctx); err != nil {
		return nil, fmt.Errorf("find roles: %w", err)
	}
	found := map[string]bool{}
	for _, r := range roles {
		found[r.NormalizedName] = true
	}
	ve := &apperr.ValidationError{}
	for _, n := range names {
		if k := normalize(n); k != "" && !found[k] {
			ve.Add("roleNames", KeyRoleNameNotFound, strings.TrimSpace(n))
			found[k] = true // once per name
		}
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	return roles, nil
}

// defaultRoles returns the roles of the ctx tenant given to new users.
func (s *Service) defaultRoles(ctx context.Context, idb bun.IDB) ([]Role, error) {
	var roles []Role
	if err := db.Select(ctx, idb, &roles).Where("is_default = ?", true).OrderExpr("name").Scan(ctx); err != nil {
		return nil, fmt.Errorf("default roles: %w", err)
	}
	return roles, nil
}

// linkRoles replaces the user's role links with roles.
func (s *Service) linkRoles(ctx context.Context, tx bun.IDB, userID uuid.UUID, roles []Role) error {
	if _, err := db.Delete(ctx, tx, (*UserRole)(nil)).Where("user_id = ?", userID).Exec(ctx); err != nil {
		return fmt.Errorf("clear roles: %w", err)
	}
	for _, r := range roles {
		link := &UserRole{UserID: userID, RoleID: r.ID, TenantID: tenancy.ID(ctx)}
		if err := db.Insert(ctx, tx, link); err != nil {
			return fmt.Errorf("add role %s: %w", r.Name, err)
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
	s.changed(ctx, TopicTenants, t.ID) // nothing cached names it yet; announced all the same
	return t, nil
}

// SetTenantState changes whether a tenant is active and its activation message.
func (s *Service) SetTenantState(ctx context.Context, id uuid.UUID, active bool, message string) error {
	t, err := s.TenantRow(ctx, id)
	if err != nil {
		return err
	}
	t.IsActive, t.ActivationMessage = active, message
	if err := db.UpdateStamped(tenancy.AllTenants(ctx), s.db, t, "", "is_active", "activation_message"); err != nil {
		return err
	}
	s.changed(ctx, TopicTenants, id)
	return nil
}

// checkMaxUsers refuses one more user when ctx's tenant has as many live users as its
// Kerf.Identity.MaxUsers feature allows (0: no limit).
func checkMaxUsers(ctx context.Context, idb bun.IDB) error {
	limit, err := feature.Int(ctx, FeatureMaxUsers)
	if err != nil || limit <= 0 {
		return err
	}
	n, err := db.Select(ctx, idb, (*User)(nil)).Count(ctx)
	if err != nil {
		return fmt.Errorf("count users: %w", err)
	}
	return feature.CheckLimit(ctx, FeatureMaxUsers, int(n)+1)
}
