package feature

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Message keys.
const (
	KeyNotEnabled  = "Feature:NotEnabled"
	KeyLimit       = "Feature:Limit"
	KeyBadProvider = "Feature:BadProvider"
	KeyNoTenant    = "Feature:NoTenant"
	KeyUnknown     = "Feature:Unknown"
	KeyNotBool     = "Feature:NotBool"
	KeyNotInRange  = "Feature:NotInRange"
	KeyTooLong     = "Feature:TooLong"
)

// Texts are the package's messages; the app adds them to its catalogue.
var Texts = localization.Texts{
	KeyNotEnabled:  {ZhHans: "当前租户未启用功能「{0}」", En: `The feature "{0}" is not enabled for your tenant`},
	KeyLimit:       {ZhHans: "超出「{0}」的上限：上限为 {1}，本次为 {2}", En: `Over the limit "{0}": the limit is {1}, this is {2}`},
	KeyBadProvider: {ZhHans: "providerName 必须是 E（版本）或 T（租户）", En: "providerName must be E (edition) or T (tenant)"},
	KeyNoTenant:    {ZhHans: "租户 {0} 不存在", En: "There is no tenant {0}"},
	KeyUnknown:     {ZhHans: "未知的功能 {0}", En: "Unknown feature {0}"},
	KeyNotBool:     {ZhHans: "「{0}」的值必须是 true 或 false", En: `The value of "{0}" must be true or false`},
	KeyNotInRange:  {ZhHans: "「{0}」的值必须是 {1} 到 {2} 之间的整数", En: `The value of "{0}" must be a whole number from {1} to {2}`},
	KeyTooLong:     {ZhHans: "「{0}」的值最多 {1} 个字符", En: `The value of "{0}" may have at most {1} characters`},
}

// Permission names: managing features is the host's.
const (
	PermGroup              = "FeatureManagement"
	PermManageHostFeatures = "FeatureManagement.ManageHostFeatures"
)

// Permissions are the package's permission groups; the app registers them.
var Permissions = []permission.Group{{
	Name:        PermGroup,
	DisplayName: localization.Text{ZhHans: "功能管理", En: "Feature management"},
	Permissions: []permission.Definition{{Name: PermManageHostFeatures,
		DisplayName: localization.Text{ZhHans: "管理功能", En: "Manage features"}, Side: permission.HostOnly}},
}}
