package pageconfig

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
)

// Register mounts the area's operations at the contract's paths (spec 001 §7, 002 §7.9): the
// administrators' list and edits under /api/pageConfiguration, what applies to the caller and
// the caller's own and the side's default under /api/pageconfiguration. Handlers bind, call
// the service and answer; every operation declares its access rule here.
func (m *Module) Register(api *httpapi.API) {
	m.registerMine(api)
	m.registerAdmin(api)
}

// op builds an operation of this area. Bodies drop their empty-string members, and are not
// validated against the schema by huma: the service checks them and answers localised
// messages naming each member.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"page-configuration"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
		o.SkipValidateBody = true
	}
	return o
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type routePath struct {
	RouteKey string `path:"routeKey" doc:"The route path with every / replaced by zzz: letters, digits, _ and -, at most 256"`
}

type bodyInput[T any] struct {
	Body T
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type listInput struct {
	httpapi.PageQuery
	RouteKey string `query:"routeKey" doc:"Only this route"`
	Kind     string `query:"kind" doc:"user, role or tenant; empty: all"`
}

// registerMine mounts what any logged-in user needs: the configuration that applies to them,
// and saving or dropping their own. The side's default is read and saved by administrators.
func (m *Module) registerMine(api *httpapi.API) {
	const base = "/api/pageconfiguration"
	httpapi.Register(api, op(http.MethodGet, base+"/config/{routeKey}", "The configuration of a route that applies to the caller: theirs, else their role's, else the side's default, else none"),
		httpapi.LoggedIn(),
		func(ctx context.Context, in *routePath) (*httpapi.Body[Applied], error) {
			return httpapi.Reply(m.svc.ConfigFor(ctx, auth.FromContext(ctx), in.RouteKey))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/save-config", "Save the caller's own configuration of a route"),
		httpapi.LoggedIn(),
		func(ctx context.Context, in *bodyInput[SaveConfigInput]) (*httpapi.Body[Saved], error) {
			return httpapi.Reply(m.svc.SaveOwn(ctx, auth.FromContext(ctx), in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/config/{routeKey}", "Drop the caller's own configuration of a route (back to what applies otherwise)"),
		httpapi.LoggedIn(),
		func(ctx context.Context, in *routePath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.ResetOwn(ctx, auth.FromContext(ctx), in.RouteKey))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/tenant-config/{routeKey}", "The side's default configuration of a route"),
		httpapi.Perm(PermPageConfiguration),
		func(ctx context.Context, in *routePath) (*httpapi.Body[TenantConfig], error) {
			return httpapi.Reply(m.svc.TenantConfig(ctx, in.RouteKey))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/save-tenant-config", "Save the side's default configuration of a route"),
		httpapi.Perm(PermPageConfigurationUpdate),
		func(ctx context.Context, in *bodyInput[SaveTenantConfigInput]) (*httpapi.Body[Saved], error) {
			return httpapi.Reply(m.svc.SaveTenant(ctx, in.Body))
		})
}

// registerAdmin mounts the administrators' list and edits of every row of the side.
func (m *Module) registerAdmin(api *httpapi.API) {
	const base = "/api/pageConfiguration"
	httpapi.Register(api, op(http.MethodGet, base, "The side's page configurations (filter: part of the route key)"),
		httpapi.Perm(PermPageConfiguration),
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[Item]], error) {
			return httpapi.ReplyPage(m.svc.List(ctx, Query{Filter: in.Filter, RouteKey: in.RouteKey, Kind: in.Kind,
				Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a role configuration, or the side's default of a route"),
		httpapi.Perm(PermPageConfigurationCreate),
		func(ctx context.Context, in *bodyInput[CreateInput]) (*httpapi.Body[Item], error) {
			return httpapi.Reply(m.svc.Create(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Change a page configuration"),
		httpapi.Perm(PermPageConfigurationUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateInput]) (*httpapi.Body[Item], error) {
			return httpapi.Reply(m.svc.Update(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a page configuration"),
		httpapi.Perm(PermPageConfigurationDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.Delete(ctx, in.ID))
		})
}
