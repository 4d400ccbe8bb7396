package identity

import (
	"context"
	"net/http"

	"kerf/internal/platform/httpapi"
)

type roleListInput struct {
	httpapi.PageQuery
}

// registerRoles mounts the role administration operations (spec 000 §7 Roles).
func (m *Module) registerRoles(api *httpapi.API) {
	const base = "/api/identity/roles"
	read := httpapi.Perm(PermRoles)
	httpapi.Register(api, op(http.MethodGet, base, "Roles of the tenant (MaxResultCount=999 reads them all)"), read,
		func(ctx context.Context, in *roleListInput) (*httpapi.Body[httpapi.Paged[RoleDto]], error) {
			return httpapi.ReplyPage(m.svc.ListRoles(ctx, RoleQuery{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/all", "Every role of the tenant"), read,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[RoleDto]], error) {
			return httpapi.ReplyList(m.svc.AllRoles(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One role"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[RoleDto], error) {
			return httpapi.Reply(m.svc.RoleDetail(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a role"), httpapi.Perm(PermRolesCreate),
		func(ctx context.Context, in *bodyInput[CreateRoleInput]) (*httpapi.Body[RoleDto], error) {
			return httpapi.Reply(m.svc.CreateRole(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Change a role; a rename moves its permissions (a static role keeps its name)"),
		httpapi.Perm(PermRolesUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateRoleInput]) (*httpapi.Body[RoleDto], error) {
			return httpapi.Reply(m.svc.UpdateRole(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a role with its user links and permissions (not a static role)"),
		httpapi.Perm(PermRolesDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteRole(ctx, in.ID))
		})
}
