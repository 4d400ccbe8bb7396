package claimtypes

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/identity"
	"kerf/internal/platform/httpapi"
)

type claimQuery struct {
	ID         uuid.UUID `path:"id"`
	ClaimType  string    `query:"claimType" required:"true" doc:"The claim's type"`
	ClaimValue string    `query:"claimValue" doc:"The claim's value (absent: the empty value)"`
}

// registerClaims mounts the claims of users (spec 002 §7.1: reading needs AbpIdentity.Users,
// changing AbpIdentity.Users.Update) and of roles (spec 000 §7: AbpIdentity.Roles,
// AbpIdentity.Roles.Update). Claim lists and the claim types are answered as JSON arrays
// (ABP's List<IdentityUserClaimDto> and List<ClaimTypeDto>).
func (m *Module) registerClaims(api *httpapi.API) {
	sides := []struct {
		base, tag, what string
		read, update    string
		get             func(context.Context, uuid.UUID) ([]Claim, error)
		add             func(context.Context, uuid.UUID, ClaimInput) error
		set             func(context.Context, uuid.UUID, []ClaimInput) error
		remove          func(context.Context, uuid.UUID, string, string) error
	}{
		{"/api/identity/users", "users", "user", identity.PermUsers, identity.PermUsersUpdate,
			m.svc.UserClaims, m.svc.AddUserClaim, m.svc.SetUserClaims, m.svc.RemoveUserClaim},
		{"/api/identity/roles", "roles", "role", identity.PermRoles, identity.PermRolesUpdate,
			m.svc.RoleClaims, m.svc.AddRoleClaim, m.svc.SetRoleClaims, m.svc.RemoveRoleClaim},
	}
	for _, sd := range sides {
		httpapi.Register(api, op(http.MethodGet, sd.base+"/all-claim-types", "Every claim type of the tenant, by name (a JSON array)", sd.tag),
			httpapi.Perm(sd.read),
			func(ctx context.Context, _ *struct{}) (*httpapi.Body[[]ClaimTypeDto], error) {
				return replyArray(m.svc.AllTypeDtos(ctx))
			})
		httpapi.Register(api, op(http.MethodGet, sd.base+"/{id}/claims", "The claims of a "+sd.what+" (a JSON array, in the order given)", sd.tag),
			httpapi.Perm(sd.read),
			func(ctx context.Context, in *idPath) (*httpapi.Body[[]Claim], error) {
				return replyArray(sd.get(ctx, in.ID))
			})
		httpapi.Register(api, op(http.MethodPost, sd.base+"/{id}/claims", "Give a "+sd.what+" one claim, checked against its type", sd.tag),
			httpapi.Perm(sd.update),
			func(ctx context.Context, in *idBodyInput[ClaimInput]) (*struct{}, error) {
				return httpapi.NoContent(sd.add(ctx, in.ID, in.Body))
			})
		httpapi.Register(api, op(http.MethodPut, sd.base+"/{id}/claims", "Replace every claim of a "+sd.what+" with the list given (each checked against its type)", sd.tag),
			httpapi.Perm(sd.update),
			func(ctx context.Context, in *idBodyInput[[]ClaimInput]) (*struct{}, error) {
				return httpapi.NoContent(sd.set(ctx, in.ID, in.Body))
			})
		httpapi.Register(api, op(http.MethodDelete, sd.base+"/{id}/claims", "Take one claim from a "+sd.what+" (none held: nothing changes)", sd.tag),
			httpapi.Perm(sd.update),
			func(ctx context.Context, in *claimQuery) (*struct{}, error) {
				return httpapi.NoContent(sd.remove(ctx, in.ID, in.ClaimType, in.ClaimValue))
			})
	}
}

// replyArray answers rows as a JSON array ([] when none).
func replyArray[T any](rows []T, err error) (*httpapi.Body[[]T], error) {
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []T{}
	}
	return &httpapi.Body[[]T]{Body: rows}, nil
}
