package catalog

import (
	"context"
	"net/http"

	"kerf/internal/platform/httpapi"
)

type standardListInput struct {
	httpapi.PageQuery
	IsEnable string `query:"isEnable" doc:"true: enabled rows only"`
}

func (m *Module) listStandard(ctx context.Context, in *standardListInput) (*httpapi.Body[httpapi.Paged[StandardProduct]], error) {
	en, err := optBool("isEnable", in.IsEnable)
	if err != nil {
		return nil, err
	}
	return httpapi.ReplyPage(m.svc.ListStandardProducts(ctx, StandardProductQuery{IsEnable: en, Filter: in.Filter,
		Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
}

func (m *Module) registerStandard(api *httpapi.API) {
	const base = "/api/sales-order/sales-order-catalog-products"
	read := httpapi.Perm(PermStandardProducts)
	httpapi.Register(api, op(http.MethodGet, "/api/split-order/catalog-products", "Standard products (picker list)"), read, m.listStandard)
	httpapi.Register(api, op(http.MethodGet, base, "Standard products"), read, m.listStandard)
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One standard product"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[StandardProduct], error) {
			return httpapi.Reply(m.svc.GetStandardProduct(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a standard product"), httpapi.Perm(PermStandardProductsCreate),
		func(ctx context.Context, in *bodyInput[CreateStandardProductInput]) (*httpapi.Body[StandardProduct], error) {
			return httpapi.Reply(m.svc.CreateStandardProduct(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a standard product (the whole row)"), httpapi.Perm(PermStandardProductsEdit),
		func(ctx context.Context, in *idBodyInput[UpdateStandardProductInput]) (*httpapi.Body[StandardProduct], error) {
			return httpapi.Reply(m.svc.UpdateStandardProduct(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a standard product"), httpapi.Perm(PermStandardProductsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteStandardProduct(ctx, in.ID))
		})
}
