// Package settings serves the settings groups of the settings page (spec 002 §7.10;
// docs/decisions/0014): e-mailing, identity, account, two-factor, reCAPTCHA, external
// providers, WeChat official account, sales orders, optimisation and basic setup. Each group
// is a struct whose fields name their setting (tag `setting`) and state their rules in the
// tags huma also puts in /openapi.json (minimum, maximum, minLength, maxLength, enum) plus
// `check` (email, url, uuid); the area declares no setting of its own except the basic
// setup's — the areas that use a setting declare it — and reads and writes them through
// platform/setting (a name no area declares stops the server at start-up). A GET answers the values resolved for the caller (tenant, else the
// installation, else the default); a write stores every field of the group at the caller's
// provider (a tenant's administrator: the tenant, the host: the installation) in one
// transaction, after every field passed its rule. Secret fields are answered "" with a
// sibling flag (tag `isset`) and written only when a new value is given.
package settings

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// The basic setup's settings, the settings area's own: the client's request timeout (spec 002
// §9, seconds, at least 30) and the app download address the navbar's QR code shows (spec 000
// §2); SalesOrder.WebLogo is the logo the client shows (empty: its own).
const (
	SettingHTTPTimeoutPeriod = "BasicSetup.HttpTimeoutPeriod"
	SettingAppDownloadURL    = "App.DownloadUrl"
	SettingWebLogo           = "SalesOrder.WebLogo"
)

var definitions = []setting.Definition{
	{Name: SettingHTTPTimeoutPeriod, Default: "30", GlobalOnly: true, DisplayName: localization.Text{ZhHans: "请求超时（秒）", En: "Request timeout (seconds)"}},
	{Name: SettingAppDownloadURL, GlobalOnly: true, DisplayName: localization.Text{ZhHans: "App 下载地址", En: "App download URL"}},
	{Name: SettingWebLogo, DisplayName: localization.Text{ZhHans: "网站 Logo 地址", En: "Web logo URL"}},
}

// EmailingSettings is ABP's e-mailing group (GET/POST /api/setting-management/emailing).
type EmailingSettings struct {
	DefaultFromAddress        string `json:"defaultFromAddress" setting:"Abp.Mailing.DefaultFromAddress" minLength:"1" maxLength:"256" check:"email"`
	DefaultFromDisplayName    string `json:"defaultFromDisplayName" setting:"Abp.Mailing.DefaultFromDisplayName" minLength:"1" maxLength:"128"`
	SMTPHost                  string `json:"smtpHost" setting:"Abp.Mailing.Smtp.Host" maxLength:"256" doc:"Empty: messages go to the development mailbox"`
	SMTPPort                  int    `json:"smtpPort" setting:"Abp.Mailing.Smtp.Port" minimum:"1" maximum:"65535"`
	SMTPUserName              string `json:"smtpUserName" setting:"Abp.Mailing.Smtp.UserName" maxLength:"256"`
	SMTPPassword              string `json:"smtpPassword" setting:"Abp.Mailing.Smtp.Password" maxLength:"256" doc:"Never answered (empty); a new value replaces the stored one, empty keeps it"`
	SMTPPasswordIsSet         bool   `json:"smtpPasswordIsSet" isset:"Abp.Mailing.Smtp.Password" readOnly:"true" doc:"A password is stored"`
	SMTPDomain                string `json:"smtpDomain" setting:"Abp.Mailing.Smtp.Domain" maxLength:"256"`
	SMTPEnableSsl             bool   `json:"smtpEnableSsl" setting:"Abp.Mailing.Smtp.EnableSsl"`
	SMTPUseDefaultCredentials bool   `json:"smtpUseDefaultCredentials" setting:"Abp.Mailing.Smtp.UseDefaultCredentials"`
}

// IdentitySettings is ABP's identity group (GET/PUT /api/identity/settings); identity reads
// the rules at once (the next password change, the next failed login).
type IdentitySettings struct {
	Password PasswordSettings `json:"password"`
	Lockout  LockoutSettings  `json:"lockout"`
	SignIn   SignInSettings   `json:"signIn"`
	User     UserSettings     `json:"user"`
}

// PasswordSettings are the rules a new password must pass.
type PasswordSettings struct {
	RequiredLength         int  `json:"requiredLength" setting:"Abp.Identity.Password.RequiredLength" minimum:"1" maximum:"128"`
	RequiredUniqueChars    int  `json:"requiredUniqueChars" setting:"Abp.Identity.Password.RequiredUniqueChars" minimum:"1" maximum:"128"`
	RequireNonAlphanumeric bool `json:"requireNonAlphanumeric" setting:"Abp.Identity.Password.RequireNonAlphanumeric"`
	RequireLowercase       bool `json:"requireLowercase" setting:"Abp.Identity.Password.RequireLowercase"`
	RequireUppercase       bool `json:"requireUppercase" setting:"Abp.Identity.Password.RequireUppercase"`
	RequireDigit           bool `json:"requireDigit" setting:"Abp.Identity.Password.RequireDigit"`
}

// LockoutSettings are how wrong passwords lock a user.
type LockoutSettings struct {
	AllowedForNewUsers      bool `json:"allowedForNewUsers" setting:"Abp.Identity.Lockout.AllowedForNewUsers"`
	LockoutDuration         int  `json:"lockoutDuration" setting:"Abp.Identity.Lockout.LockoutDuration" minimum:"1" maximum:"31536000" doc:"Seconds"`
	MaxFailedAccessAttempts int  `json:"maxFailedAccessAttempts" setting:"Abp.Identity.Lockout.MaxFailedAccessAttempts" minimum:"1" maximum:"100"`
}

// SignInSettings are what a sign-in requires.
type SignInSettings struct {
	RequireConfirmedEmail         bool `json:"requireConfirmedEmail" setting:"Abp.Identity.SignIn.RequireConfirmedEmail"`
	EnablePhoneNumberConfirmation bool `json:"enablePhoneNumberConfirmation" setting:"Abp.Identity.SignIn.EnablePhoneNumberConfirmation"`
	RequireConfirmedPhoneNumber   bool `json:"requireConfirmedPhoneNumber" setting:"Abp.Identity.SignIn.RequireConfirmedPhoneNumber"`
}

// UserSettings are what users may change of themselves.
type UserSettings struct {
	IsUserNameUpdateEnabled bool `json:"isUserNameUpdateEnabled" setting:"Abp.Identity.User.IsUserNameUpdateEnabled"`
	IsEmailUpdateEnabled    bool `json:"isEmailUpdateEnabled" setting:"Abp.Identity.User.IsEmailUpdateEnabled"`
	RequireUniqueEmail      bool `json:"requireUniqueEmail" setting:"Abp.Identity.User.RequireUniqueEmail"`
}

// AccountSettings is ABP's account group (GET/PUT /api/account-admin/settings).
type AccountSettings struct {
	IsSelfRegistrationEnabled bool `json:"isSelfRegistrationEnabled" setting:"Abp.Account.IsSelfRegistrationEnabled"`
	EnableLocalLogin          bool `json:"enableLocalLogin" setting:"Abp.Account.EnableLocalLogin"`
}

// TwoFactorSettings is ABP's two-factor group (…/two-factor); twoFactorBehaviour is ABP's
// enum: 0 Optional, 1 Disabled, 2 Forced (stored by name).
type TwoFactorSettings struct {
	TwoFactorBehaviour       int  `json:"twoFactorBehaviour" setting:"Abp.Identity.TwoFactor.Behaviour" names:"Optional,Disabled,Forced" minimum:"0" maximum:"2" doc:"0 Optional, 1 Disabled, 2 Forced"`
	IsRememberBrowserEnabled bool `json:"isRememberBrowserEnabled" setting:"Abp.Identity.TwoFactor.IsRememberBrowserEnabled"`
	UsersCanChange           bool `json:"usersCanChange" setting:"Abp.Identity.TwoFactor.UsersCanChange"`
}

// RecaptchaSettings is ABP's reCAPTCHA group (…/recaptcha), installation-wide.
type RecaptchaSettings struct {
	UseCaptchaOnLogin        bool    `json:"useCaptchaOnLogin" setting:"Abp.Account.Captcha.UseCaptchaOnLogin"`
	UseCaptchaOnRegistration bool    `json:"useCaptchaOnRegistration" setting:"Abp.Account.Captcha.UseCaptchaOnRegistration"`
	VerifyBaseURL            string  `json:"verifyBaseUrl" setting:"Abp.Account.Captcha.VerifyBaseUrl" minLength:"1" maxLength:"512" check:"url"`
	SiteKey                  string  `json:"siteKey" setting:"Abp.Account.Captcha.SiteKey" maxLength:"256"`
	SiteSecret               string  `json:"siteSecret" setting:"Abp.Account.Captcha.SiteSecret" maxLength:"256" doc:"Never answered (empty); a new value replaces the stored one, empty keeps it"`
	SiteSecretIsSet          bool    `json:"siteSecretIsSet" isset:"Abp.Account.Captcha.SiteSecret" readOnly:"true"`
	Version                  int     `json:"version" setting:"Abp.Account.Captcha.Version" minimum:"2" maximum:"3"`
	Score                    float64 `json:"score" setting:"Abp.Account.Captcha.Score" minimum:"0" maximum:"1"`
}

// ExternalProviderSettings is ABP's external provider group (…/external-provider).
type ExternalProviderSettings struct {
	Settings []ExternalProvider `json:"settings"`
}

// ExternalProvider is one external sign-in provider.
type ExternalProvider struct {
	Name             string             `json:"name" maxLength:"64"`
	Enabled          bool               `json:"enabled"`
	Properties       []ProviderProperty `json:"properties"`
	SecretProperties []ProviderProperty `json:"secretProperties" doc:"Values never answered (empty, isSet says whether one is stored); empty keeps the stored one"`
}

// ProviderProperty is one property of an external provider.
type ProviderProperty struct {
	Name  string `json:"name" maxLength:"64"`
	Value string `json:"value" maxLength:"512"`
	IsSet bool   `json:"isSet,omitempty" readOnly:"true" doc:"Secret properties: a value is stored"`
}

// WeChatSettings is the WeChat official account (GET/POST /api/setting-management/wechat;
// declared by the wechat area), installation-wide. With no app id the development provider
// answers.
type WeChatSettings struct {
	AppID          string `json:"appId" setting:"WeChat.Official.AppId" maxLength:"64"`
	AppSecret      string `json:"appSecret" setting:"WeChat.Official.AppSecret" maxLength:"128" doc:"Never answered (empty); a new value replaces the stored one, empty keeps it"`
	AppSecretIsSet bool   `json:"appSecretIsSet" isset:"WeChat.Official.AppSecret" readOnly:"true"`
	Token          string `json:"token" setting:"WeChat.Official.Token" maxLength:"64"`
	EncodingAESKey string `json:"encodingAesKey" setting:"WeChat.Official.EncodingAESKey" maxLength:"43"`
}

// SalesOrderSettings are the sales order settings (GET/PUT /api/salesorder/salesordersetting).
type SalesOrderSettings struct {
	DisableQuotationStatusCheck bool   `json:"disableQuotationStatusCheck" setting:"SalesOrder.DisableQuotationStatusCheck" doc:"Quotations may be made from sheets that have not passed review"`
	WebLogo                     string `json:"webLogo" setting:"SalesOrder.WebLogo" maxLength:"512" check:"url" doc:"The logo the web client shows; empty: its own"`
}

// OptimizationSettings are the optimisation settings (GET/PUT /api/app/optimization-setting).
type OptimizationSettings struct {
	DefaultOptimizeParameterSettingID string `json:"defaultOptimizeParameterSettingId" setting:"Optimization.DefaultOptimizeParameterSettingId" check:"uuid" doc:"Empty: the parameter setting marked default"`
	DefaultMachineParameterSettingID  string `json:"defaultMachineParameterSettingId" setting:"Optimization.DefaultMachineParameterSettingId" check:"uuid" doc:"Empty: the machine marked default"`
	UseStockOffcuts                   bool   `json:"useStockOffcuts" setting:"Optimization.UseStockOffcuts"`
	LabelLayout                       string `json:"labelLayout" setting:"Optimization.LabelLayout" enum:"sheet,roll" doc:"sheet: A4, 3 × 8 labels; roll: one 100 × 60 mm label a page"`
}

// BasicSetupSettings is the basic setup (GET /api/app/basic-setup-setting, any logged-in user;
// PUT, host only, not in the contract).
type BasicSetupSettings struct {
	HTTPTimeoutPeriod int    `json:"httpTimeoutPeriod" setting:"BasicSetup.HttpTimeoutPeriod" minimum:"30" maximum:"3600" doc:"The client's request timeout, seconds"`
	DownloadURL       string `json:"downloadUrl" setting:"App.DownloadUrl" maxLength:"512" check:"url" doc:"The app download address the navbar's QR code shows; empty: no QR code"`
}
