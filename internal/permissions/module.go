package permissions

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the permissions area needs from the app.
type Deps struct {
	DB          *db.DB
	Registry    *permission.Registry
	Permissions *permission.Service
	Directory   Directory // the identity service
}

// Module is the permission-management area.
type Module struct {
	module.Base
	svc *Service
	api *httpapi.API
}

// New builds the area.
func New(d Deps) *Module {
	return &Module{svc: &Service{db: d.DB, registry: d.Registry, permissions: d.Permissions, directory: d.Directory}}
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string              { return "permissions" }
func (m *Module) Texts() localization.Texts { return texts }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Register mounts the area's operations. Each needs the permission to manage either
// roles' or users' permissions; the handler then checks the one of the requested provider.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	tags := []string{"permissions"}
	access := httpapi.Perm(identity.PermRolesPermissions, identity.PermUsersPermissions)
	mw := huma.Middlewares{m.providerAccess}
	const needs = "R needs " + identity.PermRolesPermissions + ", U needs " + identity.PermUsersPermissions + "."
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/permission-management/permissions",
		Summary: "Permissions of a role (R) or user (U) in the current tenant", Description: needs, Tags: tags, Middlewares: mw}, access, m.get)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/permission-management/permissions",
		Summary: "Grant and revoke permissions of a role (R) or user (U)", Description: needs, Tags: tags, Middlewares: mw}, access, m.update)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/menu/permission-feature/permission-list",
		Summary: "Permissions of a role (R) or user (U) as one tree of groups and permissions", Description: needs, Tags: tags, Middlewares: mw}, access, m.tree)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/menu/permission-feature/update-permission-list",
		Summary: "Set the complete list of permissions a role (R) or user (U) is granted", Description: needs, Tags: tags, Middlewares: mw}, access, m.replace)
	m.registerPages(api, tags)
}

// providerAccess checks, before the body is read, the permission that manages the
// requested provider's grants, so a caller who may not manage them gets 403 whatever
// they send.
func (m *Module) providerAccess(hctx huma.Context, next func(huma.Context)) {
	q := ProviderQuery{ProviderName: hctx.Query("providerName")}
	if err := m.authorize(hctx.Context(), &q); err != nil {
		body := m.api.Error(hctx.Context(), err)
		hctx.SetHeader("Content-Type", "application/json; charset=utf-8")
		hctx.SetStatus(body.Status())
		_ = json.NewEncoder(hctx.BodyWriter()).Encode(body)
		return
	}
	next(hctx)
}

// ProviderQuery names the entity whose grants are read or changed.
type ProviderQuery struct {
	ProviderName string `query:"providerName" doc:"R for a role, U for a user"`
	ProviderKey  string `query:"providerKey" doc:"Role name, or user id"`
}

// normalize accepts r and u for R and U.
func (q *ProviderQuery) normalize() {
	q.ProviderName = strings.ToUpper(strings.TrimSpace(q.ProviderName))
}

// authorize checks the permission that manages the requested provider's grants.
func (m *Module) authorize(ctx context.Context, q *ProviderQuery) error {
	q.normalize()
	need := ManagePermission(q.ProviderName)
	if need == "" {
		return apperr.Invalid("providerName", KeyUnknownProvider, q.ProviderName)
	}
	return m.api.Authorize(ctx, need)
}

func (m *Module) get(ctx context.Context, in *ProviderQuery) (*httpapi.Body[PermissionListResult], error) {
	in.normalize() // access checked by providerAccess
	r, err := m.svc.GetPermissions(ctx, in.ProviderName, in.ProviderKey)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[PermissionListResult]{Body: *r}, nil
}

type updateInput struct {
	ProviderQuery
	Body UpdatePermissionsInput
}

func (m *Module) update(ctx context.Context, in *updateInput) (*struct{}, error) {
	in.normalize() // access checked by providerAccess
	return nil, m.svc.UpdatePermissions(ctx, in.ProviderName, in.ProviderKey, in.Body.Permissions)
}

func (m *Module) tree(ctx context.Context, in *ProviderQuery) (*httpapi.Body[PermissionTree], error) {
	in.normalize() // access checked by providerAccess
	r, err := m.svc.PermissionTree(ctx, in.ProviderName, in.ProviderKey)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[PermissionTree]{Body: *r}, nil
}

type replaceInput struct {
	ProviderQuery
	Body UpdatePermissionListInput
}

func (m *Module) replace(ctx context.Context, in *replaceInput) (*struct{}, error) {
	in.normalize() // access checked by providerAccess
	return nil, m.svc.ReplacePermissions(ctx, in.ProviderName, in.ProviderKey, in.Body.GrantedNames)
}
