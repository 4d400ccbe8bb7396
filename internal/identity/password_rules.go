package identity

import (
	"context"
	"fmt"
	"strconv"
	"time"
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
	SettingPasswordRequiredUniqueChars    = "Abp.Identity.Password.RequiredUniqueChars"
)

// The lockout, sign-in, user and two-factor rules (ABP's names), read by identity at once.
const (
	SettingLockoutAllowedForNewUsers         = "Abp.Identity.Lockout.AllowedForNewUsers"
	SettingLockoutDuration                   = "Abp.Identity.Lockout.LockoutDuration" // seconds
	SettingLockoutMaxFailedAccessAttempts    = "Abp.Identity.Lockout.MaxFailedAccessAttempts"
	SettingSignInRequireConfirmedEmail       = "Abp.Identity.SignIn.RequireConfirmedEmail"
	SettingSignInRequireConfirmedPhone       = "Abp.Identity.SignIn.RequireConfirmedPhoneNumber"
	SettingSignInEnablePhoneConfirmation     = "Abp.Identity.SignIn.EnablePhoneNumberConfirmation"
	SettingUserIsUserNameUpdateEnabled       = "Abp.Identity.User.IsUserNameUpdateEnabled"
	SettingUserIsEmailUpdateEnabled          = "Abp.Identity.User.IsEmailUpdateEnabled"
	SettingUserRequireUniqueEmail            = "Abp.Identity.User.RequireUniqueEmail"
	SettingTwoFactorBehaviour                = "Abp.Identity.TwoFactor.Behaviour" // Optional, Disabled, Forced
	SettingTwoFactorIsRememberBrowserEnabled = "Abp.Identity.TwoFactor.IsRememberBrowserEnabled"
	SettingTwoFactorUsersCanChange           = "Abp.Identity.TwoFactor.UsersCanChange"
)

// MinPasswordLength is the default shortest password.
const MinPasswordLength = 6

var settingDefinitions = []setting.Definition{
	{Name: SettingPasswordRequiredLength, Default: strconv.Itoa(MinPasswordLength), DisplayName: t("密码最小长度", "Required password length")},
	{Name: SettingPasswordRequireDigit, Default: "true", DisplayName: t("密码必须包含数字", "Password requires a digit")},
	{Name: SettingPasswordRequireLowercase, Default: "true", DisplayName: t("密码必须包含小写字母", "Password requires a lower-case letter")},
	{Name: SettingPasswordRequireUppercase, Default: "true", DisplayName: t("密码必须包含大写字母", "Password requires an upper-case letter")},
	{Name: SettingPasswordRequireNonAlphanumeric, Default: "true", DisplayName: t("密码必须包含特殊字符", "Password requires a non-alphanumeric character")},
	{Name: SettingPasswordRequiredUniqueChars, Default: "1", DisplayName: t("密码最少不同字符数", "Required unique characters")},
	{Name: SettingLockoutAllowedForNewUsers, Default: "true", DisplayName: t("新用户启用锁定", "Lockout for new users")},
	{Name: SettingLockoutDuration, Default: strconv.Itoa(int(LockoutDuration.Seconds())), DisplayName: t("锁定时长（秒）", "Lockout duration (seconds)")},
	{Name: SettingLockoutMaxFailedAccessAttempts, Default: strconv.Itoa(MaxFailedAccessAttempts), DisplayName: t("最大失败登录次数", "Max failed access attempts")},
	{Name: SettingSignInRequireConfirmedEmail, Default: "false", DisplayName: t("登录需要已确认的邮箱", "Sign-in requires a confirmed e-mail")},
	{Name: SettingSignInRequireConfirmedPhone, Default: "false", DisplayName: t("登录需要已确认的手机号", "Sign-in requires a confirmed phone number")},
	{Name: SettingSignInEnablePhoneConfirmation, Default: "true", DisplayName: t("启用手机号确认", "Enable phone number confirmation")},
	{Name: SettingUserIsUserNameUpdateEnabled, Default: "true", DisplayName: t("允许修改用户名", "Users may change their user name")},
	{Name: SettingUserIsEmailUpdateEnabled, Default: "true", DisplayName: t("允许修改邮箱", "Users may change their e-mail")},
	// On by default: Kerf has always refused a second user with an address, and the password
	// reset by e-mail finds the user by it.
	{Name: SettingUserRequireUniqueEmail, Default: "true", DisplayName: t("邮箱必须唯一", "E-mail addresses must be unique")},
	{Name: SettingTwoFactorBehaviour, Default: "Optional", DisplayName: t("双因素认证", "Two-factor behaviour")},
	{Name: SettingTwoFactorIsRememberBrowserEnabled, Default: "true", DisplayName: t("允许记住浏览器", "Remember the browser")},
	{Name: SettingTwoFactorUsersCanChange, Default: "true", DisplayName: t("用户可更改双因素设置", "Users can change two-factor")},
}

// LockoutRules are how wrong passwords lock a user.
type LockoutRules struct {
	MaxFailedAccessAttempts int
	Duration                time.Duration
}

// LockoutRules returns the lockout rules in force in the ctx tenant (the defaults without
// settings).
func (s *Service) LockoutRules(ctx context.Context) (LockoutRules, error) {
	r := LockoutRules{MaxFailedAccessAttempts: MaxFailedAccessAttempts, Duration: LockoutDuration}
	if s.settings == nil {
		return r, nil
	}
	n, err := s.settings.Int(ctx, SettingLockoutMaxFailedAccessAttempts)
	if err != nil {
		return r, fmt.Errorf("lockout rules: %w", err)
	}
	secs, err := s.settings.Int(ctx, SettingLockoutDuration)
	if err != nil {
		return r, fmt.Errorf("lockout rules: %w", err)
	}
	if n > 0 {
		r.MaxFailedAccessAttempts = n
	}
	if secs > 0 {
		r.Duration = time.Duration(secs) * time.Second
	}
	return r, nil
}

// PasswordRules are the rules a new password must pass.
type PasswordRules struct {
	RequiredLength         int
	RequireDigit           bool
	RequireLowercase       bool
	RequireUppercase       bool
	RequireNonAlphanumeric bool
	RequiredUniqueChars    int
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
	if r.RequiredUniqueChars, err = s.settings.Int(ctx, SettingPasswordRequiredUniqueChars); err != nil {
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
	unique := map[rune]bool{}
	for _, c := range password {
		unique[c] = true
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
	if r.RequiredUniqueChars > 1 && len(unique) < r.RequiredUniqueChars {
		add(KeyPasswordRequiresUniqueChars, r.RequiredUniqueChars)
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

// userRule reads one of the user rules (Abp.Identity.User.*) of the ctx tenant; without
// settings, def.
func (s *Service) userRule(ctx context.Context, name string, def bool) (bool, error) {
	if s.settings == nil {
		return def, nil
	}
	v, err := s.settings.Bool(ctx, name)
	if err != nil {
		return def, fmt.Errorf("user rule %s: %w", name, err)
	}
	return v, nil
}
