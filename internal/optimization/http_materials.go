package optimization

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// The materials part's calls (spec 002 §7.11, decision 0013): materials under
// /api/optimization/materials (http_materials.go) and boards under /api/optimization/boards
// (http_boards.go). Handlers only bind the input, call the service and answer; every operation
// declares its access rule where it is registered.

const materialsBase = "/api/optimization/materials"

const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// registerMaterials mounts the materials' and the boards' calls.
func (m *Module) registerMaterials(api *httpapi.API) {
	m.registerMaterialCalls(api)
	m.registerMaterialFiles(api)
	m.registerBoards(api)
}

// materialsOp builds an operation of the part. Bodies drop their empty-string members and are
// not validated against the schema by huma: the service checks them and answers localised
// messages naming each member.
func materialsOp(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"optimization"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 8 << 20
		o.SkipValidateBody = true
	}
	return o
}

type materialIDPath struct {
	ID uuid.UUID `path:"id"`
}

type materialsBody[T any] struct {
	Body T
}

type materialIDBody[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type materialListInput struct {
	httpapi.PageQuery
	FilterText string `query:"filterText" maxLength:"128" doc:"A substring of the code, name or colour (filter is the same)"`
	IsEnable   string `query:"isEnable" doc:"true: enabled materials only; false: disabled only"`
}

// optMaterialsBool reads a true/false query value; blank is none.
func optMaterialsBool(name, v string) (*bool, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &b, nil
}

func (m *Module) registerMaterialCalls(api *httpapi.API) {
	httpapi.Register(api, materialsOp(http.MethodGet, materialsBase, "Materials (paged; filterText matches code, name or colour)"),
		httpapi.Perm(PermMaterials).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialListInput) (*httpapi.Body[httpapi.Paged[Material]], error) {
			en, err := optMaterialsBool("isEnable", in.IsEnable)
			if err != nil {
				return nil, err
			}
			filter := in.FilterText
			if strings.TrimSpace(filter) == "" {
				filter = in.Filter
			}
			return httpapi.ReplyPage(m.svc.ListMaterials(ctx, MaterialQuery{Filter: filter, IsEnable: en, Sorting: in.Sorting,
				Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, materialsOp(http.MethodGet, materialsBase+"/{id}", "A material with its boards"),
		httpapi.Perm(PermMaterials).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDPath) (*httpapi.Body[MaterialWithBoards], error) {
			return httpapi.Reply(m.svc.GetMaterial(ctx, in.ID))
		})
	httpapi.Register(api, materialsOp(http.MethodPost, materialsBase, "Create a material with its boards"),
		httpapi.Perm(PermMaterialsCreate).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialsBody[CreateMaterialInput]) (*httpapi.Body[MaterialWithBoards], error) {
			return httpapi.Reply(m.svc.CreateMaterial(ctx, in.Body))
		})
	httpapi.Register(api, materialsOp(http.MethodPut, materialsBase+"/{id}", "Update a material; with boards, its boards become those"),
		httpapi.Perm(PermMaterialsEdit).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDBody[UpdateMaterialInput]) (*httpapi.Body[MaterialWithBoards], error) {
			return httpapi.Reply(m.svc.UpdateMaterial(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, materialsOp(http.MethodDelete, materialsBase+"/{id}", "Delete a material and its boards (refused while an offcut of it is in stock)"),
		httpapi.Perm(PermMaterialsDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteMaterial(ctx, in.ID))
		})
	httpapi.Register(api, materialsOp(http.MethodPost, materialsBase+"/batch", "Upsert materials by code with their boards (by code within the material); all or none"),
		httpapi.Perm(PermMaterialsImport).Feature(FeatureOptimization),
		func(ctx context.Context, in *materialsBody[MaterialBatchInput]) (*httpapi.Body[MaterialsSaveResult], error) {
			return httpapi.Reply(m.svc.SaveMaterials(ctx, in.Body.Items))
		})
}

// registerMaterialFiles mounts the workbook's import and export (plain handlers: multipart in,
// a file out).
func (m *Module) registerMaterialFiles(api *httpapi.API) {
	api.Handle(http.MethodPost, materialsBase+"/import-materials",
		"Import materials and boards from one .xlsx (multipart field file; sheets 材料/Materials and 板材/Boards, headers in either language); all rows or none",
		httpapi.Perm(PermMaterialsImport).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			data, err := readMaterialsUpload(w, r)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			res, err := m.svc.ImportMaterials(r.Context(), bytes.NewReader(data))
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.WriteJSON(w, http.StatusOK, res)
		})
	api.Handle(http.MethodPost, materialsBase+"/export-materials",
		"Export materials and their boards as .xlsx (JSON body {ids?}; none: every material); headers in the caller's language",
		httpapi.Perm(PermMaterialsImport).Feature(FeatureOptimization), func(w http.ResponseWriter, r *http.Request) {
			var in MaterialsExportInput
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				api.WriteError(w, r, fmt.Errorf("read body: %w", err))
				return
			}
			if len(bytes.TrimSpace(body)) > 0 {
				if err := json.Unmarshal(body, &in); err != nil {
					api.WriteError(w, r, apperr.Invalid("ids", localization.KeyInvalidValue, "ids"))
					return
				}
			}
			var buf bytes.Buffer
			if err := m.svc.ExportMaterials(r.Context(), in.IDs, &buf); err != nil {
				api.WriteError(w, r, err)
				return
			}
			httpapi.SendFile(w, "materials.xlsx", xlsxContentType, buf.Bytes())
		})
}

// readMaterialsUpload reads the one .xlsx file of a multipart request.
func readMaterialsUpload(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	limit := int64(MaxMaterialsImportBytes + 1<<20)
	if r.ContentLength > limit {
		return nil, apperr.User(localization.KeyMaxUpload)
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.User(KeyMaterialsXlsxOnly)
	}
	var data []byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, apperr.User(localization.KeyMaxUpload)
		}
		if err != nil {
			return nil, apperr.User(KeyMaterialsXlsxOnly)
		}
		if part.FileName() == "" {
			continue
		}
		if data != nil || !strings.EqualFold(path.Ext(part.FileName()), ".xlsx") {
			return nil, apperr.User(KeyMaterialsXlsxOnly) // exactly one .xlsx
		}
		data, err = io.ReadAll(io.LimitReader(part, MaxMaterialsImportBytes+1))
		if errors.As(err, &tooLarge) || len(data) > MaxMaterialsImportBytes {
			return nil, apperr.User(localization.KeyMaxUpload)
		}
		if err != nil {
			return nil, fmt.Errorf("read upload: %w", err)
		}
		if data == nil {
			data = []byte{}
		}
	}
	if data == nil {
		return nil, apperr.User(KeyMaterialsNoFile)
	}
	return data, nil
}
