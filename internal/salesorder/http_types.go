package salesorder

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

type typeListInput struct {
	httpapi.PageQuery
	IsEnable string `query:"isEnable" doc:"true: enabled types only; false: disabled ones"`
}

func (in *typeListInput) query() (TypeQuery, error) {
	en, err := optBool("isEnable", in.IsEnable)
	return TypeQuery{Filter: in.Filter, IsEnable: en, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}, err
}

// typeOps are the calls of one kind of type.
type typeOps[T any] struct {
	list   func(ctx context.Context, q TypeQuery) ([]T, int, error)
	get    func(ctx context.Context, id uuid.UUID) (*T, error)
	create func(ctx context.Context, in TypeInput) (*T, error)
	update func(ctx context.Context, id uuid.UUID, in TypeInput) (*T, error)
	delete func(ctx context.Context, id uuid.UUID) error
}

// registerTypeOps mounts list, enabled, get, create, update and delete of one kind of type
// under base, with its read, create, edit and delete permissions. The enabled list (for the
// order form's selects) is open to whoever reads orders too.
func registerTypeOps[T any](api *httpapi.API, base, what string, read, create, edit, del string, ops typeOps[T]) {
	httpapi.Register(api, op(http.MethodGet, base, what+" (paged)"), httpapi.Perm(read),
		func(ctx context.Context, in *typeListInput) (*httpapi.Body[httpapi.Paged[T]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(ops.list(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/enabled", "The enabled "+what+" in order (selects)"), httpapi.Perm(read, PermOrders),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[T]], error) {
			en := true
			rows, _, err := ops.list(ctx, TypeQuery{IsEnable: &en})
			return httpapi.ReplyList(rows, err)
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One of the "+what), httpapi.Perm(read),
		func(ctx context.Context, in *idPath) (*httpapi.Body[T], error) {
			return httpapi.Reply(ops.get(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create one of the "+what), httpapi.Perm(create),
		func(ctx context.Context, in *bodyInput[TypeInput]) (*httpapi.Body[T], error) {
			return httpapi.Reply(ops.create(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update one of the "+what), httpapi.Perm(edit),
		func(ctx context.Context, in *idBodyInput[TypeInput]) (*httpapi.Body[T], error) {
			return httpapi.Reply(ops.update(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete one of the "+what+" (refused while an order uses it)"), httpapi.Perm(del),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(ops.delete(ctx, in.ID))
		})
}

func (m *Module) registerTypes(api *httpapi.API) {
	s := m.svc
	registerTypeOps(api, "/api/app/sales-order-types", "order types", PermOrderTypes, PermOrderTypesCreate,
		PermOrderTypesEdit, PermOrderTypesDelete, typeOps[OrderType]{s.ListOrderTypes, s.GetOrderType,
			s.CreateOrderType, s.UpdateOrderType, s.DeleteOrderType})
	registerTypeOps(api, "/api/app/product-types", "product types", PermProductTypes, PermProductTypesCreate,
		PermProductTypesEdit, PermProductTypesDelete, typeOps[ProductType]{s.ListProductTypes, s.GetProductType,
			s.CreateProductType, s.UpdateProductType, s.DeleteProductType})
}
