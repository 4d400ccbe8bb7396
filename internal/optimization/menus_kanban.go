package optimization

import "kerf/internal/platform/module"

// kanbanMenus are the saw kanban's entries (web/src/features/saw-kanban).
var kanbanMenus = []module.MenuEntry{
	{Name: MenuGroup + ".sawKanban", Parent: MenuGroup, Path: "/engineOptimization/sawKanban",
		Component: "saw-kanban/index", Icon: "kanban", Order: 7, Permission: PermKanban,
		DisplayName: menuText("锯看板", "Saw kanban")},
}
