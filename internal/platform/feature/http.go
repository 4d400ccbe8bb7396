package feature

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/tenancy"
)

type providerQuery struct {
	ProviderName string `query:"providerName" doc:"E (an edition) or T (a tenant)"`
	ProviderKey  string `query:"providerKey" doc:"The edition's or tenant's id"`
}

// UpdateInput is the body of PUT /api/feature-management/features.
type UpdateInput struct {
	Features []NameValue `json:"features"`
}

type updateInput struct {
	ProviderName string `query:"providerName" doc:"E (an edition) or T (a tenant)"`
	ProviderKey  string `query:"providerKey" doc:"The edition's or tenant's id"`
	Body         UpdateInput
}

// Register mounts GET, PUT and DELETE /api/feature-management/features (host only).
func (s *Service) Register(api *httpapi.API) {
	tags := []string{"feature-management"}
	access := httpapi.Perm(PermManageHostFeatures)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: "/api/feature-management/features",
		Summary: "Every feature with its value for an edition or a tenant (host only)", Tags: tags}, access,
		func(ctx context.Context, in *providerQuery) (*httpapi.Body[ListResult], error) {
			if err := hostOnly(ctx); err != nil {
				return nil, err
			}
			return httpapi.Reply(s.List(ctx, in.ProviderName, in.ProviderKey))
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: "/api/feature-management/features",
		Summary: "Store feature values for an edition or a tenant: all or none (host only)", Tags: tags,
		DefaultStatus: http.StatusNoContent}, access,
		func(ctx context.Context, in *updateInput) (*struct{}, error) {
			if err := hostOnly(ctx); err != nil {
				return nil, err
			}
			return httpapi.NoContent(s.Set(ctx, in.ProviderName, in.ProviderKey, in.Body.Features))
		})
	httpapi.Register(api, huma.Operation{Method: http.MethodDelete, Path: "/api/feature-management/features",
		Summary: "Drop every value stored for an edition or a tenant: it follows its edition or the defaults again (host only)",
		Tags:    tags}, access,
		func(ctx context.Context, in *providerQuery) (*struct{}, error) {
			if err := hostOnly(ctx); err != nil {
				return nil, err
			}
			return httpapi.NoContent(s.Reset(ctx, in.ProviderName, in.ProviderKey))
		})
}

// hostOnly refuses a tenant's caller: features limit tenants, only the host sets them.
func hostOnly(ctx context.Context) error {
	if tenancy.ID(ctx) != nil {
		return apperr.ErrForbidden
	}
	return nil
}
