package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Register mounts the area's operations.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	m.registerCatalogs(api)
	m.registerProducts(api)
	m.registerParts(api)
	m.registerLinks(api)
	m.registerStandard(api)
	m.registerExcel(api)
}

// op builds an operation of this area; bodies drop their empty-string members.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"catalog"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 8 << 20
	}
	return o
}

// ---- query parsing ----

func optBool(name, s string) (*bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &b, nil
}

func uuids(name string, values ...string) ([]uuid.UUID, error) {
	var out []uuid.UUID
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				continue
			}
			id, err := uuid.Parse(s)
			if err != nil {
				return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
			}
			out = append(out, id)
		}
	}
	return out, nil
}

// ---- catalogues ----

type catalogListInput struct {
	httpapi.PageQuery
	ModuleName string `query:"moduleName" doc:"product or matter"`
	IsEnable   string `query:"isEnable" doc:"true: enabled directories only"`
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type catalogCreateInput struct {
	Body CreateCatalogInput
}

type catalogUpdateInput struct {
	ID   uuid.UUID `path:"id"`
	Body UpdateCatalogInput
}

type catalogDeleteInput struct {
	ID      uuid.UUID `path:"id"`
	Cascade bool      `query:"cascade" doc:"Also delete sub-directories and their products or parts"`
}

func (m *Module) registerCatalogs(api *httpapi.API) {
	anyRead := httpapi.Perm(PermProducts, PermParts)
	httpapi.Register(api, op(http.MethodGet, "/api/salesorder/catalogs", "Directories of a catalogue (flat, by code)"), anyRead,
		func(ctx context.Context, in *catalogListInput) (*httpapi.Body[httpapi.Paged[Catalog]], error) {
			if err := m.authorizeModule(ctx, in.ModuleName, func(p perms) string { return p.Read }); err != nil {
				return nil, err
			}
			en, err := optBool("isEnable", in.IsEnable)
			if err != nil {
				return nil, err
			}
			rows, n, err := m.svc.ListCatalogs(ctx, CatalogQuery{ModuleName: in.ModuleName, IsEnable: en, Filter: in.Filter,
				Skip: in.SkipCount, Limit: in.Limit()})
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.Paged[Catalog]]{Body: httpapi.Paged[Catalog]{Items: rows, TotalCount: n}}, nil
		})
	httpapi.Register(api, op(http.MethodGet, "/api/salesorder/catalogs/tree", "Directories of a catalogue nested by parentId"), anyRead,
		func(ctx context.Context, in *catalogListInput) (*httpapi.Body[httpapi.List[*CatalogNode]], error) {
			if err := m.authorizeModule(ctx, in.ModuleName, func(p perms) string { return p.Read }); err != nil {
				return nil, err
			}
			en, err := optBool("isEnable", in.IsEnable)
			if err != nil {
				return nil, err
			}
			tree, err := m.svc.CatalogTree(ctx, in.ModuleName, en)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.List[*CatalogNode]]{Body: httpapi.List[*CatalogNode]{Items: tree}}, nil
		})
	httpapi.Register(api, op(http.MethodGet, "/api/salesorder/catalogs/{id}", "One directory"), anyRead,
		func(ctx context.Context, in *idPath) (*httpapi.Body[Catalog], error) {
			c, err := m.svc.GetCatalog(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			if err := m.authorizeModule(ctx, c.ModuleName, func(p perms) string { return p.Read }); err != nil {
				return nil, err
			}
			return &httpapi.Body[Catalog]{Body: *c}, nil
		})
	httpapi.Register(api, op(http.MethodPost, "/api/salesorder/catalogs", "Create a directory"),
		httpapi.Perm(PermProductsCreate, PermPartsCreate),
		func(ctx context.Context, in *catalogCreateInput) (*httpapi.Body[Catalog], error) {
			if err := m.authorizeModule(ctx, in.Body.ModuleName, func(p perms) string { return p.Create }); err != nil {
				return nil, err
			}
			c, err := m.svc.CreateCatalog(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Catalog]{Body: *c}, nil
		})
	httpapi.Register(api, op(http.MethodPut, "/api/salesorder/catalogs/{id}", "Rename a directory"),
		httpapi.Perm(PermProductsEdit, PermPartsEdit),
		func(ctx context.Context, in *catalogUpdateInput) (*httpapi.Body[Catalog], error) {
			if err := m.authorizeCatalog(ctx, in.ID, func(p perms) string { return p.Edit }); err != nil {
				return nil, err
			}
			c, err := m.svc.UpdateCatalog(ctx, in.ID, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Catalog]{Body: *c}, nil
		})
	httpapi.Register(api, op(http.MethodDelete, "/api/salesorder/catalogs/{id}",
		"Delete a directory; one that is not empty needs cascade=true"),
		httpapi.Perm(PermProductsDelete, PermPartsDelete),
		func(ctx context.Context, in *catalogDeleteInput) (*struct{}, error) {
			if err := m.authorizeCatalog(ctx, in.ID, func(p perms) string { return p.Delete }); err != nil {
				return nil, err
			}
			return nil, m.svc.DeleteCatalog(ctx, in.ID, in.Cascade)
		})
}

// authorizeModule checks the caller's permission of one kind for a module's tree.
func (m *Module) authorizeModule(ctx context.Context, module string, pick func(perms) string) error {
	p, ok := modulePerms[module]
	if !ok {
		return apperr.Invalid("moduleName", KeyModuleName)
	}
	return m.api.Authorize(ctx, pick(p))
}

// authorizeCatalog checks the caller's permission for the tree a directory belongs to.
func (m *Module) authorizeCatalog(ctx context.Context, id uuid.UUID, pick func(perms) string) error {
	c, err := m.svc.GetCatalog(ctx, id)
	if err != nil {
		return err
	}
	return m.authorizeModule(ctx, c.ModuleName, pick)
}

// ---- products and parts ----

type itemListInput struct {
	httpapi.PageQuery
	CatalogIDs []string `query:"catalogIds,explode" doc:"Directories to list (repeat the key or separate with commas)"`
	CatalogID  string   `query:"catalogId" doc:"One directory (CatalogIds wins when both are given)"`
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

type bodyInput[T any] struct {
	Body T
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type batchBody[T any] struct {
	Items []T `json:"items" minItems:"1"`
}

func (m *Module) registerProducts(api *httpapi.API) {
	const base = "/api/salesorder/products"
	httpapi.Register(api, op(http.MethodGet, base, "Products of directories"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *itemListInput) (*httpapi.Body[httpapi.Paged[Product]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			rows, n, err := m.svc.ListProducts(ctx, q)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.Paged[Product]]{Body: httpapi.Paged[Product]{Items: rows, TotalCount: n}}, nil
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One product"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *idPath) (*httpapi.Body[Product], error) {
			p, err := m.svc.GetProduct(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Product]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a product"), httpapi.Perm(PermProductsCreate),
		func(ctx context.Context, in *bodyInput[ProductInput]) (*httpapi.Body[Product], error) {
			p, err := m.svc.CreateProduct(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Product]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/batch-update", "Update several products at once (move)"),
		httpapi.Perm(PermProductsEdit, PermProductsImport),
		func(ctx context.Context, in *bodyInput[batchBody[ProductBatchItem]]) (*httpapi.Body[httpapi.List[Product]], error) {
			rows, err := m.svc.BatchUpdateProducts(ctx, in.Body.Items)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.List[Product]]{Body: httpapi.List[Product]{Items: rows}}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a product (the whole row)"),
		httpapi.Perm(PermProductsEdit, PermProductsImport),
		func(ctx context.Context, in *idBodyInput[ProductInput]) (*httpapi.Body[Product], error) {
			p, err := m.svc.UpdateProduct(ctx, in.ID, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Product]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a product"), httpapi.Perm(PermProductsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return nil, m.svc.DeleteProduct(ctx, in.ID)
		})
}

func (m *Module) registerParts(api *httpapi.API) {
	const base = "/api/salesorder/parts"
	httpapi.Register(api, op(http.MethodGet, base, "Parts (materials) of directories"), httpapi.Perm(PermParts),
		func(ctx context.Context, in *itemListInput) (*httpapi.Body[httpapi.Paged[Part]], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			rows, n, err := m.svc.ListParts(ctx, q)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.Paged[Part]]{Body: httpapi.Paged[Part]{Items: rows, TotalCount: n}}, nil
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One part"), httpapi.Perm(PermParts),
		func(ctx context.Context, in *idPath) (*httpapi.Body[Part], error) {
			p, err := m.svc.GetPart(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Part]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a part"), httpapi.Perm(PermPartsCreate),
		func(ctx context.Context, in *bodyInput[PartInput]) (*httpapi.Body[Part], error) {
			p, err := m.svc.CreatePart(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Part]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/batch-update", "Update several parts at once (move)"),
		httpapi.Perm(PermPartsEdit, PermPartsImport),
		func(ctx context.Context, in *bodyInput[batchBody[PartBatchItem]]) (*httpapi.Body[httpapi.List[Part]], error) {
			rows, err := m.svc.BatchUpdateParts(ctx, in.Body.Items)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.List[Part]]{Body: httpapi.List[Part]{Items: rows}}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a part (the whole row)"),
		httpapi.Perm(PermPartsEdit, PermPartsImport),
		func(ctx context.Context, in *idBodyInput[PartInput]) (*httpapi.Body[Part], error) {
			p, err := m.svc.UpdatePart(ctx, in.ID, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[Part]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a part"), httpapi.Perm(PermPartsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return nil, m.svc.DeletePart(ctx, in.ID)
		})
}

// ---- product–part links ----

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
	httpapi.Register(api, op(http.MethodGet, base+"/parts", "Parts linked to a product, with counts"), httpapi.Perm(PermProducts),
		func(ctx context.Context, in *linkListInput) (*httpapi.Body[httpapi.Paged[ProductPart]], error) {
			rows, n, err := m.svc.ListProductParts(ctx, in.ProductID, in.SkipCount, in.Limit())
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[httpapi.Paged[ProductPart]]{Body: httpapi.Paged[ProductPart]{Items: rows, TotalCount: n}}, nil
		})
	httpapi.Register(api, op(http.MethodPost, base+"/part", "Link a part to a product"),
		httpapi.Perm(PermProductsEdit, PermProductsCreate),
		func(ctx context.Context, in *bodyInput[CreateProductPartInput]) (*httpapi.Body[ProductPart], error) {
			l, err := m.svc.CreateProductPart(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[ProductPart]{Body: *l}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{productId}/part", "Change the count of a product's part"),
		httpapi.Perm(PermProductsEdit, PermProductsCreate),
		func(ctx context.Context, in *linkUpdateInput) (*httpapi.Body[ProductPart], error) {
			l, err := m.svc.UpdateProductPart(ctx, in.ProductID, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[ProductPart]{Body: *l}, nil
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{productId}/part/{partId}", "Unlink a part from a product"),
		httpapi.Perm(PermProductsEdit, PermProductsCreate, PermProductsDelete),
		func(ctx context.Context, in *linkDeleteInput) (*struct{}, error) {
			return nil, m.svc.DeleteProductPart(ctx, in.ProductID, in.PartID)
		})
}

// ---- standard products ----

type standardListInput struct {
	httpapi.PageQuery
	IsEnable string `query:"isEnable"`
}

func (m *Module) listStandard(ctx context.Context, in *standardListInput) (*httpapi.Body[httpapi.Paged[StandardProduct]], error) {
	en, err := optBool("isEnable", in.IsEnable)
	if err != nil {
		return nil, err
	}
	rows, n, err := m.svc.ListStandardProducts(ctx, StandardProductQuery{IsEnable: en, Filter: in.Filter, Sorting: in.Sorting,
		Skip: in.SkipCount, Limit: in.Limit()})
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[httpapi.Paged[StandardProduct]]{Body: httpapi.Paged[StandardProduct]{Items: rows, TotalCount: n}}, nil
}

func (m *Module) registerStandard(api *httpapi.API) {
	const base = "/api/sales-order/sales-order-catalog-products"
	read := httpapi.Perm(PermStandardProducts)
	httpapi.Register(api, op(http.MethodGet, "/api/split-order/catalog-products", "Standard products (picker list)"), read, m.listStandard)
	httpapi.Register(api, op(http.MethodGet, base, "Standard products"), read, m.listStandard)
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One standard product"), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[StandardProduct], error) {
			p, err := m.svc.GetStandardProduct(ctx, in.ID)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[StandardProduct]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a standard product"), httpapi.Perm(PermStandardProductsCreate),
		func(ctx context.Context, in *bodyInput[StandardProductInput]) (*httpapi.Body[StandardProduct], error) {
			p, err := m.svc.CreateStandardProduct(ctx, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[StandardProduct]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a standard product (the whole row)"), httpapi.Perm(PermStandardProductsEdit),
		func(ctx context.Context, in *idBodyInput[StandardProductInput]) (*httpapi.Body[StandardProduct], error) {
			p, err := m.svc.UpdateStandardProduct(ctx, in.ID, in.Body)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[StandardProduct]{Body: *p}, nil
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a standard product"), httpapi.Perm(PermStandardProductsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return nil, m.svc.DeleteStandardProduct(ctx, in.ID)
		})
}

// ---- Excel ----

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// ImportResult answers an import.
type ImportResult struct {
	Count int `json:"count"`
}

func attachment(w http.ResponseWriter, name string) {
	w.Header().Set("Content-Type", xlsxType)
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q; filename*=UTF-8''%s", name, url.PathEscape(name)))
	w.Header().Set("Cache-Control", "no-store")
}

func (m *Module) registerExcel(api *httpapi.API) {
	for _, k := range []struct {
		module, base, name string
		p                  perms
		imp                func(context.Context, uuid.UUID, io.Reader) (int, error)
	}{
		{ModuleProduct, "/api/salesorder/products", "products", modulePerms[ModuleProduct],
			func(ctx context.Context, id uuid.UUID, f io.Reader) (int, error) {
				return m.svc.ImportProducts(ctx, id, f)
			}},
		{ModuleMatter, "/api/salesorder/parts", "parts", modulePerms[ModuleMatter],
			func(ctx context.Context, id uuid.UUID, f io.Reader) (int, error) {
				return m.svc.ImportParts(ctx, id, f)
			}},
	} {
		api.Handle(http.MethodGet, k.base+"/excel", "Import template of "+k.name+" (.xlsx, headers in the caller's language)",
			httpapi.Perm(k.p.Import, k.p.Create), func(w http.ResponseWriter, r *http.Request) {
				attachment(w, k.name+"-import-template.xlsx")
				if err := m.svc.WriteTemplate(r.Context(), k.module, w); err != nil {
					api.WriteError(w, r, err)
				}
			})
		api.Handle(http.MethodGet, k.base+"/export", "Export "+k.name+" to .xlsx (same query as the list, no paging)",
			httpapi.Perm(k.p.Read), func(w http.ResponseWriter, r *http.Request) {
				q := r.URL.Query()
				ids, err := uuids("catalogIds", append(q["catalogIds"], q.Get("catalogId"))...)
				if err != nil {
					api.WriteError(w, r, err)
					return
				}
				en, err := optBool("isEnable", q.Get("isEnable"))
				if err != nil {
					api.WriteError(w, r, err)
					return
				}
				iq := ItemQuery{CatalogIDs: ids, IsEnable: en, Filter: q.Get("filter"), Sorting: q.Get("sorting")}
				attachment(w, k.name+".xlsx")
				if k.module == ModuleProduct {
					err = m.svc.ExportProducts(r.Context(), iq, w)
				} else {
					err = m.svc.ExportParts(r.Context(), iq, w)
				}
				if err != nil {
					w.Header().Del("Content-Disposition")
					api.WriteError(w, r, err)
				}
			})
		importPath := k.base + "/import/{catalogId}"
		if k.module == ModuleMatter {
			importPath = k.base + "/import/{id}"
		}
		api.Handle(http.MethodPost, importPath, "Import "+k.name+" from one .xlsx file (multipart field file); all rows or none",
			httpapi.Perm(k.p.Import), func(w http.ResponseWriter, r *http.Request) {
				param := chi.URLParam(r, "catalogId")
				if param == "" {
					param = chi.URLParam(r, "id")
				}
				id, err := uuid.Parse(param)
				if err != nil {
					api.WriteError(w, r, apperr.Invalid("catalogId", KeyCatalogNotFound))
					return
				}
				n, err := m.importUpload(w, r, id, k.imp)
				if err != nil {
					api.WriteError(w, r, err)
					return
				}
				httpapi.WriteJSON(w, http.StatusOK, ImportResult{Count: n})
			})
	}
}

// importUpload reads the one spreadsheet of a multipart request and imports it.
func (m *Module) importUpload(w http.ResponseWriter, r *http.Request, catalogID uuid.UUID,
	imp func(context.Context, uuid.UUID, io.Reader) (int, error)) (int, error) {
	if r.ContentLength > MaxImportBytes+1<<20 {
		return 0, apperr.User(localization.KeyMaxUpload)
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxImportBytes+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		return 0, apperr.User(KeyXlsxOnly)
	}
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return 0, apperr.User(localization.KeyMaxUpload)
		}
		if err != nil {
			return 0, apperr.User(KeyXlsxOnly)
		}
		if part.FileName() == "" {
			continue
		}
		if data != nil {
			return 0, apperr.User(KeyXlsxOnly) // exactly one file
		}
		if !strings.EqualFold(path.Ext(part.FileName()), ".xlsx") {
			return 0, apperr.User(KeyXlsxOnly)
		}
		data, err = io.ReadAll(io.LimitReader(part, MaxImportBytes+1))
		if errors.As(err, &tooLarge) || len(data) > MaxImportBytes {
			return 0, apperr.User(localization.KeyMaxUpload)
		}
		if err != nil {
			return 0, fmt.Errorf("read upload: %w", err)
		}
		if data == nil {
			data = []byte{}
		}
	}
	if data == nil {
		return 0, apperr.User(KeyNoFile)
	}
	return imp(r.Context(), catalogID, bytes.NewReader(data))
}
