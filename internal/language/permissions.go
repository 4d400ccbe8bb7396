package language

import "kerf/internal/platform/permission"

// Permissions of the language area; the host's only (the languages and texts are the
// installation's).
const (
	PermLanguages              = "LanguageManagement.Languages"
	PermLanguagesCreate        = "LanguageManagement.Languages.Create"
	PermLanguagesEdit          = "LanguageManagement.Languages.Edit"
	PermLanguagesDelete        = "LanguageManagement.Languages.Delete"
	PermLanguagesChangeDefault = "LanguageManagement.Languages.ChangeDefault"
	PermTexts                  = "LanguageManagement.LanguageTexts"
	PermTextsEdit              = "LanguageManagement.LanguageTexts.Edit"
)

var permissionGroups = []permission.Group{
	{Name: "LanguageManagement", DisplayName: t("语言管理", "Language management"), Permissions: []permission.Definition{
		{Name: PermLanguages, DisplayName: t("语言", "Languages"), Side: permission.HostOnly},
		{Name: PermLanguagesCreate, Parent: PermLanguages, DisplayName: t("创建", "Create"), Side: permission.HostOnly},
		{Name: PermLanguagesEdit, Parent: PermLanguages, DisplayName: t("编辑", "Edit"), Side: permission.HostOnly},
		{Name: PermLanguagesDelete, Parent: PermLanguages, DisplayName: t("删除", "Delete"), Side: permission.HostOnly},
		{Name: PermLanguagesChangeDefault, Parent: PermLanguages, DisplayName: t("设为默认", "Change default"), Side: permission.HostOnly},
		{Name: PermTexts, DisplayName: t("语言文本", "Language texts"), Side: permission.HostOnly},
		{Name: PermTextsEdit, Parent: PermTexts, DisplayName: t("编辑", "Edit"), Side: permission.HostOnly},
	}},
}
