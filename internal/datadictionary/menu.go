package datadictionary

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuBasicSetup is the name of the "Basic setup" group every configuration screen of issue 11
// sits in (docs/decisions/0010); this area owns it.
const MenuBasicSetup = "basicSetup"

var menus = []module.MenuEntry{
	{Name: MenuBasicSetup, Path: "/basic-setup", Component: "Layout", Icon: "tool", Order: 700,
		DisplayName: localization.Text{ZhHans: "基础设置", En: "Basic setup"}},
	{Name: MenuBasicSetup + ".dataDictionary", Parent: MenuBasicSetup, Path: "/basic-setup/data-dictionary",
		Component: "basic-setup/data-dictionary/index", Icon: "book", Order: 1, Permission: PermDataDictionary,
		DisplayName: localization.Text{ZhHans: "数据字典", En: "Data dictionaries"}},
}
