package menus

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
)

// Permission names of the container area (spec 002 §6).
const (
	PermLayout = "Platform.Layout"
	PermMenus  = "Platform.Menus"
)

func text(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

// Menus are host rows shared by every tenant, so only the host may edit them.
var permissionGroups = []permission.Group{
	{Name: "Platform", DisplayName: text("平台", "Platform"), Permissions: []permission.Definition{
		{Name: PermLayout, DisplayName: text("布局管理", "Layouts")},
		{Name: PermMenus, DisplayName: text("菜单管理", "Menus"), Side: permission.HostOnly},
	}},
}
