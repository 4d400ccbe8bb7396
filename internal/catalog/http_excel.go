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
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// ---- Excel ----

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

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
		api.Handle(http.MethodPost, importPath, "Import "+k.name+" from one .xlsx file (multipart field file) into a directory, or the root (all-zero id); all rows or none",
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
