package catalog

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

type itemListInput struct {
	httpapi.PageQuery
	CatalogIDs []string `query:"catalogIds,explode" doc:"Directories to list (repeat the key or separate with commas); the all-zero UUID lists the root's items; none: every directory"`
	CatalogID  string   `query:"catalogId" doc:"One directory (added to catalogIds)"`
	IsEnable   string   `query:"isEnable" doc:"true: enabled rows only (select mode)"`
}

func (in *itemListInput) query() (ItemQuery, error) {
	ids, err := uuids("catalogIds", append(in.CatalogIDs, in.CatalogID)...)
	if err != nil {
		return ItemQuery{}, err
	}
	en, err := optBool("isEnable", in.IsEnable)
	if err != nil {
		return ItemQuery{}, err
	}
	return ItemQuery{CatalogIDs: ids, IsEnable: en, Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}, nil
}

func (m *Module) registerProducts(api *httpapi.API) {
	const base = "/api/salesorder/products"
	move := httpapi.Perm(PermProductsEdit, PermProductsImport) // §6 gives move to Import
	httpapi.Register(api, op(http.MethodGet, base, "Products of directories"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *itemListInput) (*httpapi.Body[httpapi.Paged[Product]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListProducts(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One product"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *idPath) (*httpapi.Body[Product], error) {
			return httpapi.Reply(m.svc.GetProduct(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a product"), httpapi.Perm(PermProductsCreate),
		func(ctx context.Context, in *bodyInput[CreateProductInput]) (*httpapi.Body[Product], error) {
			return httpapi.Reply(m.svc.CreateProduct(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/batch-update", "Update several products at once (move; catalogId all-zero: the root)"), move,
		func(ctx context.Context, in *bodyInput[batchBody[ProductBatchItem]]) (*httpapi.Body[httpapi.List[Product]], error) {
			return httpapi.ReplyList(m.svc.BatchUpdateProducts(ctx, in.Body.Items))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a product (the whole row)"), move,
		func(ctx context.Context, in *idBodyInput[UpdateProductInput]) (*httpapi.Body[Product], error) {
			return httpapi.Reply(m.svc.UpdateProduct(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a product"), httpapi.Perm(PermProductsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteProduct(ctx, in.ID))
		})
}

func (m *Module) registerParts(api *httpapi.API) {
	const base = "/api/salesorder/parts"
	move := httpapi.Perm(PermPartsEdit, PermPartsImport)
	httpapi.Register(api, op(http.MethodGet, base, "Parts (materials) of directories"), httpapi.Perm(PermParts),
		func(ctx context.Context, in *itemListInput) (*httpapi.Body[httpapi.Paged[Part]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListParts(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One part"), httpapi.Perm(PermParts),
		func(ctx context.Context, in *idPath) (*httpapi.Body[Part], error) {
			return httpapi.Reply(m.svc.GetPart(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a part"), httpapi.Perm(PermPartsCreate),
		func(ctx context.Context, in *bodyInput[CreatePartInput]) (*httpapi.Body[Part], error) {
			return httpapi.Reply(m.svc.CreatePart(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/batch-update", "Update several parts at once (move; catalogId all-zero: the root)"), move,
		func(ctx context.Context, in *bodyInput[batchBody[PartBatchItem]]) (*httpapi.Body[httpapi.List[Part]], error) {
			return httpapi.ReplyList(m.svc.BatchUpdateParts(ctx, in.Body.Items))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a part (the whole row)"), move,
		func(ctx context.Context, in *idBodyInput[UpdatePartInput]) (*httpapi.Body[Part], error) {
			return httpapi.Reply(m.svc.UpdatePart(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a part"), httpapi.Perm(PermPartsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeletePart(ctx, in.ID))
		})
}

type linkListInput struct {
	httpapi.PageQuery
	ProductID uuid.UUID `query:"productId" required:"true"`
}

type linkUpdateInput struct {
	ProductID uuid.UUID `path:"productId"`
	Body      UpdateProductPartInput
}

type linkDeleteInput struct {
	ProductID uuid.UUID `path:"productId"`
	PartID    uuid.UUID `path:"partId" doc:"The part's id or the link's id"`
}

func (m *Module) registerLinks(api *httpapi.API) {
	const base = "/api/salesorder/products"
	change := httpapi.Perm(PermProductsEdit, PermProductsCreate)
	httpapi.Register(api, op(http.MethodGet, base+"/parts", "Parts linked to a product, with counts"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *linkListInput) (*httpapi.Body[httpapi.Paged[ProductPart]], error) {
			return httpapi.ReplyPage(m.svc.ListProductParts(ctx, in.ProductID, in.SkipCount, in.Limit()))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/part", "Link a part to a product"), change,
		func(ctx context.Context, in *bodyInput[CreateProductPartInput]) (*httpapi.Body[ProductPart], error) {
			return httpapi.Reply(m.svc.CreateProductPart(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{productId}/part", "Change the count of a product's part"), change,
		func(ctx context.Context, in *linkUpdateInput) (*httpapi.Body[ProductPart], error) {
			return httpapi.Reply(m.svc.UpdateProductPart(ctx, in.ProductID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{productId}/part/{partId}", "Unlink a part from a product"),
		httpapi.Perm(PermProductsEdit, PermProductsCreate, PermProductsDelete),
		func(ctx context.Context, in *linkDeleteInput) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteProductPart(ctx, in.ProductID, in.PartID))
		})
}
