package account

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/setting"
)

// The account settings (ABP's names; the settings area serves them on
// /api/account-admin/settings, …/recaptcha and …/external-provider).
const (
	SettingIsSelfRegistrationEnabled = "Abp.Account.IsSelfRegistrationEnabled"
	SettingEnableLocalLogin          = "Abp.Account.EnableLocalLogin"

	SettingCaptchaUseOnLogin        = "Abp.Account.Captcha.UseCaptchaOnLogin"
	SettingCaptchaUseOnRegistration = "Abp.Account.Captcha.UseCaptchaOnRegistration"
	SettingCaptchaVerifyBaseURL     = "Abp.Account.Captcha.VerifyBaseUrl"
	SettingCaptchaSiteKey           = "Abp.Account.Captcha.SiteKey"
	SettingCaptchaSiteSecret        = "Abp.Account.Captcha.SiteSecret"
	SettingCaptchaVersion           = "Abp.Account.Captcha.Version"
	SettingCaptchaScore             = "Abp.Account.Captcha.Score"
)

// ExternalProviders are the external sign-in providers an installation may configure: for
// each, Abp.Account.ExternalProviders.<name>.Enabled, .ClientId and .ClientSecret (secret).
var ExternalProviders = []string{"WeChat", "GitHub"}

// ExternalProviderSetting names one setting of an external provider (Enabled, ClientId,
// ClientSecret).
func ExternalProviderSetting(provider, property string) string {
	return "Abp.Account.ExternalProviders." + provider + "." + property
}

func settingDefinitions() []setting.Definition {
	tx := func(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }
	defs := []setting.Definition{
		{Name: SettingIsSelfRegistrationEnabled, Default: "true", DisplayName: tx("允许自行注册", "Self-registration")},
		{Name: SettingEnableLocalLogin, Default: "true", DisplayName: tx("允许本地账号登录", "Local login")},
		// reCAPTCHA is installation-wide: the login page asks it before a tenant is known.
		{Name: SettingCaptchaUseOnLogin, Default: "false", GlobalOnly: true, DisplayName: tx("登录时使用验证码", "Captcha on login")},
		{Name: SettingCaptchaUseOnRegistration, Default: "false", GlobalOnly: true, DisplayName: tx("注册时使用验证码", "Captcha on registration")},
		{Name: SettingCaptchaVerifyBaseURL, Default: "https://www.google.com/", GlobalOnly: true, DisplayName: tx("验证服务地址", "Verify base URL")},
		{Name: SettingCaptchaSiteKey, GlobalOnly: true, DisplayName: tx("站点密钥（Site key）", "Site key")},
		{Name: SettingCaptchaSiteSecret, GlobalOnly: true, Secret: true, DisplayName: tx("站点密钥（Secret）", "Site secret")},
		{Name: SettingCaptchaVersion, Default: "3", GlobalOnly: true, DisplayName: tx("reCAPTCHA 版本", "reCAPTCHA version")},
		{Name: SettingCaptchaScore, Default: "0.5", GlobalOnly: true, DisplayName: tx("最低分数", "Minimum score")},
	}
	for _, p := range ExternalProviders {
		defs = append(defs,
			setting.Definition{Name: ExternalProviderSetting(p, "Enabled"), Default: "false", GlobalOnly: true, DisplayName: tx(p+" 登录", p+" sign-in")},
			setting.Definition{Name: ExternalProviderSetting(p, "ClientId"), GlobalOnly: true, DisplayName: tx(p+" 客户端 ID", p+" client id")},
			setting.Definition{Name: ExternalProviderSetting(p, "ClientSecret"), GlobalOnly: true, Secret: true, DisplayName: tx(p+" 客户端密钥", p+" client secret")},
		)
	}
	return defs
}

// Settings are the account setting definitions.
func (m *Module) Settings() []setting.Definition { return settingDefinitions() }
