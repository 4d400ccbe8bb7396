package notifications

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuGroup is the name of the menu group 消息中心 (Messages): the chat area adds its page
// under it (Parent: MenuGroup).
const MenuGroup = "im"

var menus = []module.MenuEntry{
	{Name: MenuGroup, Path: "/im", Component: "Layout", Icon: "message", Order: 600,
		DisplayName: localization.Text{ZhHans: "消息中心", En: "Messages"}},
	{Name: MenuGroup + ".notifications", Parent: MenuGroup, Path: "/im/notifications", Component: "im/notifications/index",
		Icon: "notification", Order: 1, Permission: PermClient,
		DisplayName: localization.Text{ZhHans: "通知", En: "Notifications"}},
}
