package language

import "kerf/internal/platform/module"

// The localisation group: languages and their texts, the host's only.
var menus = []module.MenuEntry{
	{Name: "localization", Path: "/localization", Component: "Layout", Icon: "global", Order: 850, HostOnly: true,
		DisplayName: t("本地化", "Localization")},
	{Name: "localization.languages", Parent: "localization", Path: "/localization/languages", Component: "localization/languages/index",
		Icon: "language", Order: 1, Permission: PermLanguages, HostOnly: true, DisplayName: t("语言", "Languages")},
	{Name: "localization.texts", Parent: "localization", Path: "/localization/texts", Component: "localization/texts/index",
		Icon: "file-text", Order: 2, Permission: PermTexts, HostOnly: true, DisplayName: t("语言文本", "Language texts")},
}
