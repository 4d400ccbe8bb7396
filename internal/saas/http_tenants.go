package saas

import (
	"context"
	"net/http"

	"kerf/internal/identity"
	"kerf/internal/platform/httpapi"
)

type createTenantInput struct {
	Body CreateTenantInput
}

func (m *Module) registerTenants(api *httpapi.API) {
	const base, tag = "/api/saas/tenants", "tenants"
	read := httpapi.Perm(identity.PermTenants)
	httpapi.Register(api, op(http.MethodGet, base, "Tenants (name containing the filter) with their editions (host only)", tag), read,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[TenantDto]], error) {
			return httpapi.ReplyPage(m.svc.ListTenants(ctx, in.query()))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One tenant (host only)", tag), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[TenantDto], error) {
			return httpapi.Reply(m.svc.GetTenant(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base,
		"Create a tenant with its administrator (user admin) and what every tenant starts with, in one transaction; "+
			"then e-mail the administrator (host only)", tag), httpapi.Perm(identity.PermTenantsCreate),
		func(ctx context.Context, in *createTenantInput) (*httpapi.Body[TenantDto], error) {
			return httpapi.Reply(m.svc.CreateTenant(ctx, in.Body, m.deps.PublicURL+"/login"))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Change a tenant's name, edition, state and activation message (host only)", tag),
		httpapi.Perm(identity.PermTenantsUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateTenantInput]) (*httpapi.Body[TenantDto], error) {
			return httpapi.Reply(m.svc.UpdateTenant(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a tenant (soft): its users can no longer log in (host only)", tag),
		httpapi.Perm(identity.PermTenantsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteTenant(ctx, in.ID))
		})
}
