package catalog

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

type catalogListInput struct {
	httpapi.PageQuery
	ModuleName string `query:"moduleName" doc:"product or matter"`
	IsEnable   string `query:"isEnable" doc:"true: enabled directories only"`
}

func (in *catalogListInput) query() (CatalogQuery, error) {
	en, err := optBool("isEnable", in.IsEnable)
	if err != nil {
		return CatalogQuery{}, err
	}
	return CatalogQuery{ModuleName: in.ModuleName, IsEnable: en, Filter: in.Filter, Skip: in.SkipCount, Limit: in.Limit()}, nil
}

type catalogDeleteInput struct {
	ID      uuid.UUID `path:"id"`
	Cascade bool      `query:"cascade" doc:"Also delete sub-directories and their products or parts"`
}

func read(p perms) string   { return p.Read }
func create(p perms) string { return p.Create }
func edit(p perms) string   { return p.Edit }
func remove(p perms) string { return p.Delete }

// registerCatalogs mounts the directory operations. They are registered with "any of
// the two trees' permissions" and then check the tree of the directory in question.
func (m *Module) registerCatalogs(api *httpapi.API) {
	const base = "/api/salesorder/catalogs"
	anyRead := httpapi.Perm(PermProducts, PermParts)
	httpapi.Register(api, op(http.MethodGet, base, "Directories of a catalogue (flat, by code)"), anyRead,
		func(ctx context.Context, in *catalogListInput) (*httpapi.Body[httpapi.Paged[Catalog]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			if err := m.authorizeModule(ctx, in.ModuleName, read); err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListCatalogs(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/tree", "Directories of a catalogue nested by parentId"), anyRead,
		func(ctx context.Context, in *catalogListInput) (*httpapi.Body[httpapi.List[*CatalogNode]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			if err := m.authorizeModule(ctx, in.ModuleName, read); err != nil {
				return nil, err
			}
			return httpapi.ReplyList(m.svc.CatalogTree(ctx, q.ModuleName, q.IsEnable))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One directory"), anyRead,
		func(ctx context.Context, in *idPath) (*httpapi.Body[Catalog], error) {
			if err := m.authorizeCatalog(ctx, in.ID, read); err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.GetCatalog(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a directory"), httpapi.Perm(PermProductsCreate, PermPartsCreate),
		func(ctx context.Context, in *bodyInput[CreateCatalogInput]) (*httpapi.Body[Catalog], error) {
			if err := m.authorizeModule(ctx, in.Body.ModuleName, create); err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.CreateCatalog(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Rename a directory"), httpapi.Perm(PermProductsEdit, PermPartsEdit),
		func(ctx context.Context, in *idBodyInput[UpdateCatalogInput]) (*httpapi.Body[Catalog], error) {
			if err := m.authorizeCatalog(ctx, in.ID, edit); err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.UpdateCatalog(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a directory; one that is not empty needs cascade=true"),
		httpapi.Perm(PermProductsDelete, PermPartsDelete),
		func(ctx context.Context, in *catalogDeleteInput) (*struct{}, error) {
			if err := m.authorizeCatalog(ctx, in.ID, remove); err != nil {
				return nil, err
			}
			return httpapi.NoContent(m.svc.DeleteCatalog(ctx, in.ID, in.Cascade))
		})
}
