package pageconfig

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// menus: the page configuration screen, in the Basic setup group the datadictionary area
// defines (docs/decisions/0010).
var menus = []module.MenuEntry{
	{Name: "basicSetup.pageConfiguration", Parent: "basicSetup", Path: "/basic-setup/page-configuration",
		Component: "basic-setup/page-configuration/index", Icon: "page", Order: 2, Permission: PermPageConfiguration,
		DisplayName: localization.Text{ZhHans: "页面配置", En: "Page configuration"}},
}
