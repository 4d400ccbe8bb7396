package orgunits

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/httpapi"
)

// Register mounts the area's operations: the units with their members and roles
// (http_units.go), and the units seen from a user and from a role (http_links.go). Every
// operation declares its access rule where it is registered.
func (m *Module) Register(api *httpapi.API) {
	m.registerUnits(api)
	m.registerUserSide(api)
	m.registerRoleSide(api)
}

// op builds an operation of this area. Bodies drop their empty-string members, and are not
// validated against the schema by huma: the service checks them and answers localised
// messages naming each member.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"organization-units"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.SkipValidateBody = true
	}
	return o
}

// ---- inputs shared by the operations ----

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type bodyInput[T any] struct {
	Body T
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type pageInput struct {
	ID uuid.UUID `path:"id"`
	httpapi.PageQuery
}

func (in *pageInput) query() Query {
	return Query{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
}

// ---- the units seen from a user and from a role ----

type userUnitPath struct {
	ID     uuid.UUID `path:"id" doc:"The user"`
	UnitID uuid.UUID `path:"unitId"`
}

type roleUnitPath struct {
	ID     uuid.UUID `path:"id" doc:"The role"`
	UnitID uuid.UUID `path:"unitId"`
}

// registerUserSide mounts the units of a user (spec 002 §7.1): reading needs
// AbpIdentity.Users, changing AbpIdentity.Users.Update.
func (m *Module) registerUserSide(api *httpapi.API) {
	const base = "/api/identity/users"
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/organization-units", "The organisation units a user is a member of"),
		httpapi.Perm(identity.PermUsers),
		func(ctx context.Context, in *pageInput) (*httpapi.Body[httpapi.Paged[OrganizationUnit]], error) {
			return httpapi.ReplyPage(m.svc.UserUnits(ctx, in.ID, in.query()))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}/organization-units/{unitId}", "Take a user out of an organisation unit"),
		httpapi.Perm(identity.PermUsersUpdate),
		func(ctx context.Context, in *userUnitPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.RemoveUserUnit(ctx, in.ID, in.UnitID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/organization-units/{id}", "Set the organisation units of the user {id} (replaces them)"),
		httpapi.Perm(identity.PermUsersUpdate),
		func(ctx context.Context, in *idBodyInput[UnitsInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.SetUserUnits(ctx, in.ID, in.Body.OrganizationUnitIDs))
		})
}

// registerRoleSide mounts the units of a role (spec 000 §7): reading needs AbpIdentity.Roles,
// changing AbpIdentity.Roles.Update.
func (m *Module) registerRoleSide(api *httpapi.API) {
	const base = "/api/identity/roles"
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/organization-units", "The organisation units that have a role"),
		httpapi.Perm(identity.PermRoles),
		func(ctx context.Context, in *pageInput) (*httpapi.Body[httpapi.Paged[OrganizationUnit]], error) {
			return httpapi.ReplyPage(m.svc.RoleUnits(ctx, in.ID, in.query()))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}/organization-units/{unitId}", "Take a role from an organisation unit"),
		httpapi.Perm(identity.PermRolesUpdate),
		func(ctx context.Context, in *roleUnitPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.RemoveRoleUnit(ctx, in.ID, in.UnitID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/organization-units/{id}", "Set the organisation units that have the role {id} (replaces them)"),
		httpapi.Perm(identity.PermRolesUpdate),
		func(ctx context.Context, in *idBodyInput[UnitsInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.SetRoleUnits(ctx, in.ID, in.Body.OrganizationUnitIDs))
		})
}
