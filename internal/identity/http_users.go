package identity

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

type userListInput struct {
	httpapi.PageQuery
}

func (in *userListInput) query() UserQuery {
	return UserQuery{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}
}

type userNameInput struct {
	Name string `path:"name"`
}

type lockInput struct {
	ID    uuid.UUID `path:"id"`
	Value string    `path:"value" doc:"Lockout end: an RFC 3339 date-time or a date; a time not in the future unlocks"`
}

type twoFactorInput struct {
	ID    uuid.UUID `path:"id"`
	Value bool      `path:"value"`
}

// UserRolesInput is the body of PUT /api/identity/users/{id}/roles.
type UserRolesInput struct {
	RoleNames []string `json:"roleNames" required:"true" doc:"Every role the user is to have; [] removes all"`
}

// SetPasswordInput is the body of PUT /api/identity/users/{id}/change-password.
type SetPasswordInput struct {
	NewPassword string `json:"newPassword,omitempty" required:"true" maxLength:"128" doc:"Checked against the password rules"`
}

// registerUsers mounts the user administration operations (spec 002 §7.1, 000 §7).
func (m *Module) registerUsers(api *httpapi.API) {
	const base = "/api/identity/users"
	read, update := httpapi.Perm(PermUsers), httpapi.Perm(PermUsersUpdate)
	httpapi.Register(api, op(http.MethodGet, base, "Users of the tenant, with their roles (filter over user name, name, surname, e-mail, phone)"), read,
		func(ctx context.Context, in *userListInput) (*httpapi.Body[httpapi.Paged[UserDto]], error) {
			return httpapi.ReplyPage(m.svc.ListUsers(ctx, in.query()))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/lookup/search", "Find users of the tenant (any logged-in user)"), httpapi.LoggedIn(),
		func(ctx context.Context, in *userListInput) (*httpapi.Body[httpapi.Paged[UserLookup]], error) {
			return httpapi.ReplyPage(m.svc.LookupUsers(ctx, in.query()))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/assignable-roles", "The roles the caller may give users: every role of the tenant"), read,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[RoleDto]], error) {
			return httpapi.ReplyList(m.svc.AllRoles(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/by-username/{name}", "One user by user name"), read,
		func(ctx context.Context, in *userNameInput) (*httpapi.Body[UserDto], error) {
			return httpapi.Reply(m.svc.UserByName(ctx, in.Name))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One user"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[UserDto], error) {
			return httpapi.Reply(m.svc.UserDetail(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a user; without roleNames it gets the default roles"), httpapi.Perm(PermUsersCreate),
		func(ctx context.Context, in *bodyInput[CreateUserInput]) (*httpapi.Body[UserDto], error) {
			u, err := m.svc.CreateUser(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.UserDetail(ctx, u.ID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Change a user (concurrencyStamp: 409 when stale)"), update,
		func(ctx context.Context, in *idBodyInput[UpdateUserInput]) (*httpapi.Body[UserDto], error) {
			return httpapi.Reply(m.svc.UpdateUser(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a user (not the built-in admin, not oneself); signs it out everywhere"),
		httpapi.Perm(PermUsersDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteUser(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/lock/{value}", "Lock a user until a time (signs it out everywhere); a past time unlocks"), update,
		func(ctx context.Context, in *lockInput) (*struct{}, error) {
			end, err := ParseLockoutEnd(in.Value)
			if err != nil {
				return nil, err
			}
			return httpapi.NoContent(m.svc.LockUser(ctx, in.ID, end))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/two-factor-enabled", "Whether the user logs in with two factors"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[bool], error) {
			on, err := m.svc.TwoFactorEnabled(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[bool]{Body: on}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/two-factor/{value}", "Switch two-factor login of a user"), update,
		func(ctx context.Context, in *twoFactorInput) (*struct{}, error) {
			return httpapi.NoContent(m.svc.SetTwoFactorEnabled(ctx, in.ID, in.Value))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}/roles", "The roles given to a user"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[httpapi.List[RoleDto]], error) {
			return httpapi.ReplyList(m.svc.UserRoles(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/roles", "Replace the roles of a user (effective on its next request)"), update,
		func(ctx context.Context, in *idBodyInput[UserRolesInput]) (*struct{}, error) {
			if in.Body.RoleNames == nil {
				return nil, apperr.Invalid("roleNames", localization.KeyRequired, KeyFieldRoleNames)
			}
			return httpapi.NoContent(m.svc.SetUserRoles(ctx, in.ID, in.Body.RoleNames))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/change-password", "Set a user's password (signs it out everywhere)"), update,
		func(ctx context.Context, in *idBodyInput[SetPasswordInput]) (*struct{}, error) {
			return httpapi.NoContent(m.svc.ResetPassword(ctx, in.ID, in.Body.NewPassword))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/userextend/get-user-list", "Users of the tenant with their roles, for pickers (any logged-in user)"),
		httpapi.LoggedIn(),
		func(ctx context.Context, in *userListInput) (*httpapi.Body[httpapi.Paged[UserListItem]], error) {
			return httpapi.ReplyPage(m.svc.UserList(ctx, in.query()))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/app/salesorder/issystemadmin", "Whether the caller holds the side's built-in admin role"),
		httpapi.LoggedIn(),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[bool], error) {
			p := auth.FromContext(ctx)
			if p.ClientOnly {
				return &httpapi.Body[bool]{Body: false}, nil
			}
			yes, err := m.svc.IsSystemAdmin(ctx, p.UserID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[bool]{Body: yes}, nil
		})
}
