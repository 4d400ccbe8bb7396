package language

import "kerf/internal/platform/localization"

// Message keys of the language area.
const (
	KeyLanguageNotFound = "Languages:NotFound"
	KeyDuplicateCulture = "Languages:DuplicateCulture"
	KeyUnknownCulture   = "Languages:UnknownCulture"
	KeyStaticDelete     = "Languages:StaticDelete"
	KeyDefaultDelete    = "Languages:DefaultDelete"
	KeyDefaultDisable   = "Languages:DefaultDisable"
	KeyUnknownResource  = "LanguageTexts:UnknownResource"
	KeyUnknownText      = "LanguageTexts:UnknownText"
	KeyUnknownLanguage  = "LanguageTexts:UnknownLanguage"

	FieldCultureName   = "Languages:Field:CultureName"
	FieldUICultureName = "Languages:Field:UICultureName"
	FieldDisplayName   = "Languages:Field:DisplayName"
	FieldFlagIcon      = "Languages:Field:FlagIcon"
	FieldValue         = "LanguageTexts:Field:Value"
)

func t(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

var texts = localization.Texts{
	KeyLanguageNotFound: t("语言不存在", "The language does not exist"),
	KeyDuplicateCulture: t("语言 {0} 已存在", "The language {0} already exists"),
	KeyUnknownCulture:   t("{0} 不是支持的区域：{1}", "{0} is not a known culture: {1}"),
	KeyStaticDelete:     t("内置语言 {0} 不能删除", "The built-in language {0} cannot be deleted"),
	KeyDefaultDelete:    t("默认语言不能删除", "The default language cannot be deleted"),
	KeyDefaultDisable:   t("默认语言不能停用", "The default language cannot be disabled"),
	KeyUnknownResource:  t("资源 {0} 不存在", "The resource {0} does not exist"),
	KeyUnknownText:      t("资源 {0} 中没有文本 {1}", "The resource {0} has no text {1}"),
	KeyUnknownLanguage:  t("语言 {0} 不存在", "The language {0} does not exist"),

	FieldCultureName:   t("区域名称", "Culture name"),
	FieldUICultureName: t("界面区域名称", "UI culture name"),
	FieldDisplayName:   t("显示名称", "Display name"),
	FieldFlagIcon:      t("旗帜图标", "Flag icon"),
	FieldValue:         t("值", "Value"),
}
