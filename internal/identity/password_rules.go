package identity

import (
	"context"
	"fmt"
	"strconv"
	"unicode/utf8"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/setting"
)

// The password rules, as ABP names them; administrators tune them per installation or tenant.
const (
	SettingPasswordRequiredLength         = "Abp.Identity.Password.RequiredLength"
	SettingPasswordRequireDigit           = "Abp.Identity.Password.RequireDigit"
	SettingPasswordRequireLowercase       = "Abp.Identity.Password.RequireLowercase"
	SettingPasswordRequireUppercase       = "Abp.Identity.Password.RequireUppercase"
	SettingPasswordRequireNonAlphanumeric = "Abp.Identity.Password.RequireNonAlphanumeric"
)

// MinPasswordLength is the default shortest password.
const MinPasswordLength = 6

var settingDefinitions = []setting.Definition{
	{Name: SettingPasswordRequiredLength, Default: strconv.Itoa(MinPasswordLength), DisplayName: t("密码最小长度", "Required password length")},
	{Name: SettingPasswordRequireDigit, Default: "true", DisplayName: t("密码必须包含数字", "Password requires a digit")},
	{Name: SettingPasswordRequireLowercase, Default: "true", DisplayName: t("密码必须包含小写字母", "Password requires a lower-case letter")},
	{Name: SettingPasswordRequireUppercase, Default: "true", DisplayName: t("密码必须包含大写字母", "Password requires an upper-case letter")},
	{Name: SettingPasswordRequireNonAlphanumeric, Default: "true", DisplayName: t("密码必须包含特殊字符", "Password requires a non-alphanumeric character")},
}

// PasswordRules are the rules a new password must pass.
type PasswordRules struct {
	RequiredLength         int
	RequireDigit           bool
	RequireLowercase       bool
	RequireUppercase       bool
	RequireNonAlphanumeric bool
}

// DefaultPasswordRules are the rules when no setting says otherwise.
var DefaultPasswordRules = PasswordRules{RequiredLength: MinPasswordLength, RequireDigit: true,
	RequireLowercase: true, RequireUppercase: true, RequireNonAlphanumeric: true}

// PasswordRules returns the rules in force in the ctx tenant (the defaults without settings).
func (s *Service) PasswordRules(ctx context.Context) (PasswordRules, error) {
	if s.settings == nil {
		return DefaultPasswordRules, nil
	}
	var r PasswordRules
	var err error
	if r.RequiredLength, err = s.settings.Int(ctx, SettingPasswordRequiredLength); err != nil {
		return r, fmt.Errorf("password rules: %w", err)
	}
	for name, dst := range map[string]*bool{
		SettingPasswordRequireDigit:           &r.RequireDigit,
		SettingPasswordRequireLowercase:       &r.RequireLowercase,
		SettingPasswordRequireUppercase:       &r.RequireUppercase,
		SettingPasswordRequireNonAlphanumeric: &r.RequireNonAlphanumeric,
	} {
		if *dst, err = s.settings.Bool(ctx, name); err != nil {
			return r, fmt.Errorf("password rules: %w", err)
		}
	}
	return r, nil
}

// Check returns the message keys (with their arguments) of every rule password breaks.
// Letters and digits are the ASCII ones, as ASP.NET Identity counts them: any other
// character is non-alphanumeric.
func (r PasswordRules) Check(password string) []apperr.FieldError {
	var out []apperr.FieldError
	add := func(key string, args ...any) { out = append(out, apperr.FieldError{Key: key, Args: args}) }
	if utf8.RuneCountInString(password) < r.RequiredLength {
		add(KeyPasswordTooShort, r.RequiredLength)
	}
	var digit, lower, upper, other bool
	for _, c := range password {
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		default:
			other = true
		}
	}
	if r.RequireNonAlphanumeric && !other {
		add(KeyPasswordRequiresNonAlphanumeric)
	}
	if r.RequireDigit && !digit {
		add(KeyPasswordRequiresDigit)
	}
	if r.RequireLowercase && !lower {
		add(KeyPasswordRequiresLower)
	}
	if r.RequireUppercase && !upper {
		add(KeyPasswordRequiresUpper)
	}
	return out
}

// ValidatePassword checks password against the rules in force in the ctx tenant: nil, or a
// validation error on field with one localised message per broken rule. User creation, an
// administrator setting a password, ChangePassword and the account area's phone register and
// reset all use it.
func (s *Service) ValidatePassword(ctx context.Context, field, password string) error {
	ve := &apperr.ValidationError{}
	if err := s.checkPassword(ctx, ve, field, password); err != nil {
		return err
	}
	return ve.OrNil()
}

// checkPassword adds the broken rules to ve; it answers an error only when the rules cannot
// be read.
func (s *Service) checkPassword(ctx context.Context, ve *apperr.ValidationError, field, password string) error {
	rules, err := s.PasswordRules(ctx)
	if err != nil {
		return err
	}
	for _, f := range rules.Check(password) {
		ve.Add(field, f.Key, f.Args...)
	}
	return nil
}
