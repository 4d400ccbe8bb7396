package optimization

import "kerf/internal/platform/module"

// runsMenus are the import files' and runs' pages (owned by the runs pages' slice).
var runsMenus []module.MenuEntry
