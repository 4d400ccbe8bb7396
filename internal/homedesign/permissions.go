package homedesign

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// PermPlans reads the design platform's plans and designs. Binding an account needs only
// a logged-in user.
const PermPlans = "HomeDesign.Plans"

var permissionGroups = []permission.Group{{
	Name:        "HomeDesign",
	DisplayName: localization.Text{ZhHans: "设计平台", En: "Design platform"},
	Permissions: []permission.Definition{{
		Name: PermPlans, DisplayName: localization.Text{ZhHans: "查看设计方案", En: "View design plans"},
	}},
}}

// Settings of the platform (decision 0012). Provider is "development" (the default: plans
// in Kerf's tables) or "http" (a remote platform at Url, signing with Key and Secret).
const (
	SettingProvider = "HomeDesign.Provider"
	SettingURL      = "HomeDesign.Url"
	SettingKey      = "HomeDesign.Key"
	SettingSecret   = "HomeDesign.Secret"
)

var settingDefinitions = []setting.Definition{
	{Name: SettingProvider, Default: ProviderDevelopment, DisplayName: localization.Text{ZhHans: "设计平台（development 或 http）", En: "Design platform (development or http)"}},
	{Name: SettingURL, DisplayName: localization.Text{ZhHans: "设计平台地址", En: "Design platform URL"}},
	{Name: SettingKey, DisplayName: localization.Text{ZhHans: "设计平台密钥 ID", En: "Design platform key"}},
	{Name: SettingSecret, DisplayName: localization.Text{ZhHans: "设计平台密钥", En: "Design platform secret"}},
}
