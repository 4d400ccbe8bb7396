package permissions

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
)

// registerPages mounts GET and PUT /api/pagepermission.
func (m *Module) registerPages(api *httpapi.API, tags []string) {
	const needs = "R needs " + identity.PermRolesPermissions + ", U needs " + identity.PermUsersPermissions + "."
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/pagepermission",
		Summary: "Page actions (create, importExcel, clear, select, export) of one route for a role (R) or user (U)",
		Description: "Without providerName: the caller's own effective page actions of the route (granted to them or to a " +
			"role they hold now), for any logged-in user. With it: " + needs, Tags: tags}, httpapi.LoggedIn(), m.getPage)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/pagepermission",
		Summary:     "Grant and revoke page actions of one route for a role (R) or user (U)",
		Description: needs + " Actions not listed keep their state; one unknown action changes nothing.", Tags: tags,
		Middlewares: huma.Middlewares{m.providerAccess}, SkipValidateBody: true},
		httpapi.Perm(identity.PermRolesPermissions, identity.PermUsersPermissions), m.updatePage)
}

func (m *Module) getPage(ctx context.Context, in *PagePermissionQuery) (*httpapi.Body[PagePermission], error) {
	if in.ProviderName == "" && in.ProviderKey == "" {
		p := auth.FromContext(ctx)
		if p.ClientOnly {
			return nil, apperr.ErrForbidden
		}
		return httpapi.Reply(m.svc.MyPagePermission(ctx, p.UserID, in.RouteKey))
	}
	q := ProviderQuery{ProviderName: in.ProviderName, ProviderKey: in.ProviderKey}
	if err := m.authorize(ctx, &q); err != nil {
		return nil, err
	}
	return httpapi.Reply(m.svc.GetPagePermission(ctx, q.ProviderName, q.ProviderKey, in.RouteKey))
}

type updatePageInput struct {
	PagePermissionQuery
	Body UpdatePagePermissionInput
}

func (m *Module) updatePage(ctx context.Context, in *updatePageInput) (*httpapi.Body[PagePermission], error) {
	q := ProviderQuery{ProviderName: in.ProviderName, ProviderKey: in.ProviderKey}
	q.normalize() // access checked by providerAccess
	return httpapi.Reply(m.svc.UpdatePagePermission(ctx, q.ProviderName, q.ProviderKey, in.RouteKey, in.Body.Actions))
}
