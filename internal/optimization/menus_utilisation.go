package optimization

import "kerf/internal/platform/module"

// utilisationMenus are the utilisation pages' entries.
var utilisationMenus []module.MenuEntry
