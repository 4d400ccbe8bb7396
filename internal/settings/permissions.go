package settings

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Permissions of the settings groups (ABP's names where ABP has one). Every group also needs
// AbpSettingManagement.Settings (declared by identity; the settings page's menu entry), and
// the e-mailing group AbpSettingManagement.Emailing (declared by platform/email). Groups of
// installation-wide settings are host only: reCAPTCHA and the external providers (the login
// page asks them before a tenant is known), the WeChat official account and the basic setup
// (the app's download address, the client's request timeout).
const (
	PermSettings          = "AbpSettingManagement.Settings"
	PermEmailing          = "AbpSettingManagement.Emailing"
	PermIdentitySettings  = "AbpIdentity.SettingManagement"
	PermAccountSettings   = "AbpAccount.SettingManagement"
	PermRecaptcha         = "AbpAccount.SettingManagement.Recaptcha"
	PermExternalProviders = "AbpAccount.SettingManagement.ExternalProviders"
	PermWeChat            = "AbpSettingManagement.WeChat"
	PermSalesOrder        = "SalesOrder.SalesOrderSetting"
	PermOptimization      = "Optimization.OptimizationSetting"
	PermBasicSetup        = "AbpSettingManagement.BasicSetup"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

// The group's own name: identity owns "AbpSettingManagement" and groups of one name are not
// merged in the permission screens.
var permissionGroups = []permission.Group{
	{Name: "SettingGroups", DisplayName: t("设置分组", "Setting groups"), Permissions: []permission.Definition{
		{Name: PermIdentitySettings, DisplayName: t("身份标识设置", "Identity settings")},
		{Name: PermAccountSettings, DisplayName: t("账户设置（含双因素）", "Account settings (and two-factor)")},
		{Name: PermRecaptcha, Parent: PermAccountSettings, DisplayName: t("reCAPTCHA 设置", "reCAPTCHA settings"), Side: permission.HostOnly},
		{Name: PermExternalProviders, Parent: PermAccountSettings, DisplayName: t("外部登录设置", "External provider settings"), Side: permission.HostOnly},
		{Name: PermWeChat, DisplayName: t("微信公众号设置", "WeChat official account settings"), Side: permission.HostOnly},
		{Name: PermSalesOrder, DisplayName: t("销售订单设置", "Sales order settings")},
		{Name: PermOptimization, DisplayName: t("优化设置", "Optimisation settings")},
		{Name: PermBasicSetup, DisplayName: t("基础设置", "Basic setup"), Side: permission.HostOnly},
	}},
}

// The settings page, in the admin group (spec 002 §2.4: /admin/settings).
var menus = []module.MenuEntry{
	{Name: "admin.settings", Parent: "admin", Path: "/admin/settings", Component: "admin/settings/index",
		Icon: "setting", Order: 19, Permission: PermSettings, DisplayName: t("设置", "Settings")},
}
