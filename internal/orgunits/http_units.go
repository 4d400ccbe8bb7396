package orgunits

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/httpapi"
)

type listInput struct {
	httpapi.PageQuery
}

type memberPath struct {
	ID       uuid.UUID `path:"id"`
	MemberID uuid.UUID `path:"memberId" doc:"The user"`
}

type rolePath struct {
	ID     uuid.UUID `path:"id"`
	RoleID uuid.UUID `path:"roleId"`
}

// registerUnits mounts the units, their members and their roles (spec 002 §7.6); every
// operation needs AbpIdentity.OrganizationUnits.
func (m *Module) registerUnits(api *httpapi.API) {
	const base = "/api/identity/organization-units"
	perm := httpapi.Perm(identity.PermOrganizationUnits)
	httpapi.Register(api, op(http.MethodGet, base, "Organisation units of the tenant, flat with parentId and code (sorted by code: the tree depth first; MaxResultCount=1000 reads a whole tree)"), perm,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[OrganizationUnit]], error) {
			return httpapi.ReplyPage(m.svc.ListUnits(ctx, Query{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One organisation unit"), perm,
		func(ctx context.Context, in *idPath) (*httpapi.Body[OrganizationUnit], error) {
			return httpapi.Reply(m.svc.GetUnit(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create an organisation unit (a root without parentId)"), perm,
		func(ctx context.Context, in *bodyInput[CreateOrganizationUnitInput]) (*httpapi.Body[OrganizationUnit], error) {
			return httpapi.Reply(m.svc.CreateUnit(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Rename an organisation unit; another parentId moves it with its subtree"), perm,
		func(ctx context.Context, in *idBodyInput[UpdateOrganizationUnitInput]) (*httpapi.Body[OrganizationUnit], error) {
			return httpapi.Reply(m.svc.UpdateUnit(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete an organisation unit with its subtree, their members and roles"), perm,
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteUnit(ctx, in.ID))
		})

	httpapi.Register(api, op(http.MethodGet, base+"/{id}/members", "The users of a unit (sorting default userName)"), perm,
		func(ctx context.Context, in *pageInput) (*httpapi.Body[httpapi.Paged[identity.UserLookup]], error) {
			return httpapi.ReplyPage(m.svc.ListMembers(ctx, in.ID, in.query()))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/members", "Add users to a unit"), perm,
		func(ctx context.Context, in *idBodyInput[MembersInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.AddMembers(ctx, in.ID, in.Body.UserIDs))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}/members/{memberId}", "Take a user out of a unit"), perm,
		func(ctx context.Context, in *memberPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.RemoveMember(ctx, in.ID, in.MemberID))
		})

	httpapi.Register(api, op(http.MethodGet, base+"/{id}/roles", "The roles of a unit, which its members hold (sorting default name)"), perm,
		func(ctx context.Context, in *pageInput) (*httpapi.Body[httpapi.Paged[UnitRoleDto]], error) {
			return httpapi.ReplyPage(m.svc.ListUnitRoles(ctx, in.ID, in.query()))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/roles", "Give a unit roles"), perm,
		func(ctx context.Context, in *idBodyInput[RolesInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.AddRoles(ctx, in.ID, in.Body.RoleIDs))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}/roles/{roleId}", "Take a role from a unit"), perm,
		func(ctx context.Context, in *rolePath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.RemoveRole(ctx, in.ID, in.RoleID))
		})
}
