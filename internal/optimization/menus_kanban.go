package optimization

import "kerf/internal/platform/module"

// kanbanMenus are the saw kanban's entries (owned by the kanban page's slice).
var kanbanMenus []module.MenuEntry
