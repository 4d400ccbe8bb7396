package claimtypes

import (
	"context"
	"net/http"

	"kerf/internal/identity"
	"kerf/internal/platform/httpapi"
)

type listInput struct {
	httpapi.PageQuery
}

// registerTypes mounts the claim types (spec 002 §7.2); every operation needs
// AbpIdentity.IdentityClaimTypes.
func (m *Module) registerTypes(api *httpapi.API) {
	const base, tag = "/api/identity/claim-types", "claim-types"
	perm := httpapi.Perm(identity.PermClaimTypes)
	httpapi.Register(api, op(http.MethodGet, base, "Claim types of the tenant (filter on name and description; sorting default name)", tag), perm,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[ClaimType]], error) {
			return httpapi.ReplyPage(m.svc.ListTypes(ctx, Query{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/actived-list", "Every claim type of the tenant, by name", tag), perm,
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[ClaimType]], error) {
			return httpapi.ReplyList(m.svc.AllTypes(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One claim type", tag), perm,
		func(ctx context.Context, in *idPath) (*httpapi.Body[ClaimType], error) {
			return httpapi.Reply(m.svc.GetType(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a claim type (a regex must compile)", tag), perm,
		func(ctx context.Context, in *bodyInput[CreateClaimTypeInput]) (*httpapi.Body[ClaimType], error) {
			return httpapi.Reply(m.svc.CreateType(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a claim type (a static type keeps its name; a renamed type's claims follow it)", tag), perm,
		func(ctx context.Context, in *idBodyInput[UpdateClaimTypeInput]) (*httpapi.Body[ClaimType], error) {
			return httpapi.Reply(m.svc.UpdateType(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a claim type that is not static, with the claims of that type", tag), perm,
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteType(ctx, in.ID))
		})
}
