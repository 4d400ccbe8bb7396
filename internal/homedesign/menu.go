package homedesign

import (
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// MenuViewer is the menu entry of the design viewer: the page ViewerPath leads to. It is a
// root entry whose path holds a placeholder, so the web app routes it but the sidebar skips
// it (as the order screen's /sales/orders/:id). The web app renders the page without the
// shell (its BARE_PAGES): the audit-design tab of the order screen opens it in an iframe. It needs the design review's read permission, AuditDesign (named by string, as the design
// call in http.go does: this area imports no other). A user who may only pick plans
// (HomeDesign.Plans) sees their pictures in the picker and has no page to open.
const MenuViewer = "homeDesign.viewer"

// PermViewer is the permission of the viewer's menu entry (auditdesign's read permission).
const PermViewer = "AuditDesign"

var menus = []module.MenuEntry{
	{Name: MenuViewer, Path: ViewerPath + ":planId", Component: "home-design/viewer", Icon: "picture", Order: 90,
		Permission: PermViewer, NoCache: true, DisplayName: localization.Text{ZhHans: "设计方案", En: "Design"}},
}
