package warehouse

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

// Paths of the storehouse's set-up (not in the contract; ABP's create/update/delete on the
// contract's /api/app/factory and beside /api/app/storehouse).
const (
	factoryPath = "/api/app/factory"
	rowsPath    = "/api/app/storehouse/rows"
	shelvesPath = "/api/app/storehouse/shelves"
)

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type factoryBody struct {
	Body FactoryInput
}

type factoryIDBody struct {
	ID   uuid.UUID `path:"id"`
	Body FactoryInput
}

type rowBody struct {
	Body RowInput
}

type rowIDBody struct {
	ID   uuid.UUID `path:"id"`
	Body RowInput
}

type shelfBody struct {
	Body ShelfInput
}

type shelfIDBody struct {
	ID   uuid.UUID `path:"id"`
	Body ShelfInput
}

// registerStructure mounts the create, update and delete of factories, rows and shelves.
// Bad input answers 400 with a localised message per member (validationErrors: code, name,
// address, sort, factoryId, rowId, storageType, levels, binsPerLevel, isDefault); a stale
// concurrencyStamp 409; an id of no live row of the tenant 404; a delete of something that
// holds stock 400 with a message naming the bin.
func (m *Module) registerStructure(api *httpapi.API) {
	httpapi.Register(api, op(http.MethodPost, factoryPath, "Create a factory (the first, or one marked default, becomes the only default) (not in the contract)"),
		httpapi.Perm(PermShelvesCreate).Feature(FeatureWarehouse), func(ctx context.Context, in *factoryBody) (*httpapi.Body[Factory], error) {
			return httpapi.Reply(m.svc.CreateFactory(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, factoryPath+"/{id}", "Update a factory (making it default clears the other; the default cannot be unset) (not in the contract)"),
		httpapi.Perm(PermShelvesEdit).Feature(FeatureWarehouse), func(ctx context.Context, in *factoryIDBody) (*httpapi.Body[Factory], error) {
			return httpapi.Reply(m.svc.UpdateFactory(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, factoryPath+"/{id}", "Delete a factory with its rows, shelves and bins; refused while it holds stock (a deleted default passes to the first other by code) (not in the contract)"),
		httpapi.Perm(PermShelvesDelete).Feature(FeatureWarehouse), func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteFactory(ctx, in.ID))
		})

	httpapi.Register(api, op(http.MethodPost, rowsPath, "Create a storehouse row of a factory (code unique in the factory) (not in the contract)"),
		httpapi.Perm(PermShelvesCreate).Feature(FeatureWarehouse), func(ctx context.Context, in *rowBody) (*httpapi.Body[Row], error) {
			return httpapi.Reply(m.svc.CreateRow(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, rowsPath+"/{id}", "Update a storehouse row's code, name and order (not in the contract)"),
		httpapi.Perm(PermShelvesEdit).Feature(FeatureWarehouse), func(ctx context.Context, in *rowIDBody) (*httpapi.Body[Row], error) {
			return httpapi.Reply(m.svc.UpdateRow(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, rowsPath+"/{id}", "Delete a storehouse row with its shelves and bins; refused while it holds stock (not in the contract)"),
		httpapi.Perm(PermShelvesDelete).Feature(FeatureWarehouse), func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteRow(ctx, in.ID))
		})

	httpapi.Register(api, op(http.MethodPost, shelvesPath, "Create a shelf with its levels × positions bins ({code}-{level}-{position}) (not in the contract)"),
		httpapi.Perm(PermShelvesCreate).Feature(FeatureWarehouse), func(ctx context.Context, in *shelfBody) (*httpapi.Body[Shelf], error) {
			return httpapi.Reply(m.svc.CreateShelf(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, shelvesPath+"/{id}", "Update a shelf: bins added or removed to the new size (a bin holding stock is not removed), renamed with its code (not in the contract)"),
		httpapi.Perm(PermShelvesEdit).Feature(FeatureWarehouse), func(ctx context.Context, in *shelfIDBody) (*httpapi.Body[Shelf], error) {
			return httpapi.Reply(m.svc.UpdateShelf(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, shelvesPath+"/{id}", "Delete a shelf with its bins; refused while it holds stock (not in the contract)"),
		httpapi.Perm(PermShelvesDelete).Feature(FeatureWarehouse), func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteShelf(ctx, in.ID))
		})
}
