package optimization

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuGroup is the route group of the optimisation screens (spec 002 §2.4).
const MenuGroup = "engineOptimization"

func menuText(zh, en string) localization.Text { return localization.Text{ZhHans: zh, En: en} }

// menus are the group and each part's pages.
func menus() []module.MenuEntry {
	out := []module.MenuEntry{{Name: MenuGroup, Path: "/engineOptimization", Component: "Layout", Icon: "scissor",
		Order: 40, DisplayName: menuText("优化排版", "Optimisation")}}
	out = append(out, settingsMenus...)
	out = append(out, materialsMenus...)
	out = append(out, runsMenus...)
	out = append(out, kanbanMenus...)
	return append(out, utilisationMenus...)
}
