package homedesign

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuViewer is the menu entry of the design viewer: the page ViewerPath leads to. It is a
// root entry whose path holds a placeholder, so the web app routes it but the sidebar skips
// it (as the order screen's /sales/orders/:id); it needs only a login because the design call
// behind it admits HomeDesign.Plans or AuditDesign (reviewers need not hold the first). The
// page draws itself without the shell when it is shown in a frame (the order screen's iframe).
const MenuViewer = "homeDesign.viewer"

var menus = []module.MenuEntry{
	{Name: MenuViewer, Path: ViewerPath + ":planId", Component: "home-design/viewer", Icon: "picture", Order: 90,
		NoCache: true, DisplayName: localization.Text{ZhHans: "设计方案", En: "Design"}},
}
