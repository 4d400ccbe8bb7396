package menus

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the menus area needs from the app.
type Deps struct {
	DB          *db.DB
	Registry    *permission.Registry
	Permissions *permission.Service
	// Entries returns the menu entries every module declares; it is called at seed time,
	// once the module list is complete.
	Entries      func() []module.MenuEntry
	MultiTenancy bool
}

// Module is the menus area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area.
func New(d Deps) *Module {
	return &Module{svc: &Service{db: d.DB, registry: d.Registry, permissions: d.Permissions, entries: d.Entries,
		multiTenancy: d.MultiTenancy}}
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "menus" }
func (m *Module) Migrations() []db.Migration      { return migrations }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Texts() localization.Texts       { return texts }
func (m *Module) Menus() []module.MenuEntry       { return menuEntries }

// Seed writes every module's declared menu entries (see Sync); demo adds nothing more.
func (m *Module) Seed(ctx context.Context, _ bool) error { return m.svc.Sync(ctx) }

// Menu entry names of this area.
const (
	MenuContainer = "container"
	MenuMenus     = "container.menus"
)

var menuEntries = []module.MenuEntry{
	{Name: MenuContainer, Path: "/container", Component: LayoutComponent, Icon: "appstore", Order: 900,
		DisplayName: text("容器", "Container")},
	{Name: MenuMenus, Parent: MenuContainer, Path: "/container/menus", Component: "container/menus/index", Icon: "menu",
		Order: 20, Permission: PermMenus, DisplayName: text("菜单管理", "Menus")},
}

// Register mounts the area's operations.
func (m *Module) Register(api *httpapi.API) {
	tags := []string{"menus"}
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/menu/getWebMenu",
		Summary: "The menu tree the caller may see", Tags: tags}, httpapi.LoggedIn(), m.getWebMenu)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/menu",
		Summary: "List menu rows", Tags: tags}, httpapi.Perm(PermMenus), m.list)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/menu/{id}",
		Summary: "One menu row", Tags: tags}, httpapi.Perm(PermMenus), m.get)
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/menu",
		Summary: "Create a menu row", Tags: tags}, httpapi.Perm(PermMenus), m.create)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/menu/{id}",
		Summary: "Change a menu row (absent fields keep their value)", Tags: tags}, httpapi.Perm(PermMenus), m.update)
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: "/api/menu/{id}",
		Summary: "Delete a menu row without children", Tags: tags}, httpapi.Perm(PermMenus), m.delete)
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: "/api/menu/initdataasync",
		Summary: "Restore every module-declared menu entry as declared (revives deleted ones, undoes edits)", Tags: tags},
		httpapi.Perm(PermMenus), m.restore)
}

func (m *Module) restore(ctx context.Context, _ *struct{}) (*struct{}, error) {
	return httpapi.NoContent(m.svc.RestoreDeclared(ctx))
}

func (m *Module) getWebMenu(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[MenuItem]], error) {
	return httpapi.ReplyList(m.svc.WebMenu(ctx))
}

// listInput is the query of the admin list.
type listInput struct {
	httpapi.PageQuery
	ParentID string `query:"parentId" doc:"Only the children of this menu (all-zero UUID: the roots)"`
}

func (m *Module) list(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[MenuDto]], error) {
	q := ListMenusQuery{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
	if in.ParentID != "" {
		id, err := uuid.Parse(in.ParentID)
		if err != nil {
			return nil, apperr.Invalid("parentId", localization.KeyInvalidValue, "parentId")
		}
		q.ParentID = &id
	}
	return httpapi.ReplyPage(m.svc.ListMenus(ctx, q))
}

type idInput struct {
	ID uuid.UUID `path:"id"`
}

func (m *Module) get(ctx context.Context, in *idInput) (*httpapi.Body[MenuDto], error) {
	return httpapi.Reply(m.svc.GetMenu(ctx, in.ID))
}

func (m *Module) create(ctx context.Context, in *httpapi.Body[CreateMenuInput]) (*httpapi.Body[MenuDto], error) {
	return httpapi.Reply(m.svc.CreateMenu(ctx, in.Body))
}

type updateInput struct {
	ID   uuid.UUID `path:"id"`
	Body UpdateMenuInput
}

func (m *Module) update(ctx context.Context, in *updateInput) (*httpapi.Body[MenuDto], error) {
	return httpapi.Reply(m.svc.UpdateMenu(ctx, in.ID, in.Body))
}

func (m *Module) delete(ctx context.Context, in *idInput) (*struct{}, error) {
	return httpapi.NoContent(m.svc.DeleteMenu(ctx, in.ID))
}
