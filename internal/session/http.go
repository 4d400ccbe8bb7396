package session

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/httpapi"
)

func (m *Module) register(api *httpapi.API) {
	tags := []string{"session"}
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/abp/application-configuration",
		Summary: "The caller's application configuration (ABP shape): policies, user, tenant, texts, settings", Tags: tags},
		httpapi.Public(), m.getConfiguration)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/abp/application-localization",
		Summary: "Every text of a culture", Tags: tags}, httpapi.Public(), m.getLocalization)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/tenantextend/check-tenant",
		Summary: "State and activation message of the current tenant, or of the tenant named (the login page's check)", Tags: tags},
		httpapi.Public(), m.checkTenant)
}

func (m *Module) getConfiguration(ctx context.Context, _ *struct{}) (*httpapi.Body[ApplicationConfiguration], error) {
	c, err := m.svc.Configuration(ctx)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[ApplicationConfiguration]{Body: *c}, nil
}

type localizationInput struct {
	CultureName  string `query:"cultureName" doc:"Culture, e.g. zh-Hans or en; empty: the request's Accept-Language"`
	OnlyDynamics bool   `query:"onlyDynamics" doc:"Accepted for ABP clients; Kerf has no dynamic texts yet"`
}

func (m *Module) getLocalization(ctx context.Context, in *localizationInput) (*httpapi.Body[ApplicationLocalization], error) {
	return &httpapi.Body[ApplicationLocalization]{Body: *m.svc.Localization(ctx, in.CultureName)}, nil
}

type checkTenantInput struct {
	TenantName string `query:"tenantName" maxLength:"64" doc:"A tenant's name; empty: the request's tenant (the host for an anonymous caller)"`
}

func (m *Module) checkTenant(ctx context.Context, in *checkTenantInput) (*httpapi.Body[TenantCheck], error) {
	c, err := m.svc.CheckTenant(ctx, in.TenantName)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[TenantCheck]{Body: *c}, nil
}
