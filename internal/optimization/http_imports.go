package optimization

import (
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

type importFilesInput struct {
	Filter         string `query:"filter" doc:"File name or order number contains it"`
	Status         string `query:"status" doc:"0 imported, 1 verified, 2 optimised"`
	Sorting        string `query:"sorting" doc:"creationTime, fileName or status, with asc or desc"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0"`
}

type importDetailsInput struct {
	ImportFileID   string `query:"importFileId" required:"true"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" doc:"Default 50, at most 1000"`
}

type importIDPath struct {
	ID uuid.UUID `path:"id"`
}

type reviewSheetsInput struct {
	Body struct {
		AuditIDs []uuid.UUID `json:"auditIds"`
	}
}

type uploadImportInput struct {
	RawBody multipart.Form `contentType:"multipart/form-data"`
}

// maxImportUpload is the largest upload read: a cut list at sheetmap's limit and the form.
const maxImportUpload = 10<<20 + 1<<20

// registerImports mounts the import files' calls (decision 0013, "Calls").
func (m *Module) registerImports(api *httpapi.API) {
	const base = "/api/optimization/import-files"
	op := func(method, path, summary string) huma.Operation {
		return huma.Operation{Method: method, Path: path, Summary: summary, Tags: []string{"optimization"}}
	}
	httpapi.Register(api, op(http.MethodGet, base, "Import files, newest first"), httpapi.Perm(PermImportFiles).Feature(FeatureOptimization),
		func(ctx context.Context, in *importFilesInput) (*httpapi.Body[httpapi.Paged[ImportFile]], error) {
			q := ImportFileQuery{Filter: in.Filter, Sorting: in.Sorting, Skip: in.SkipCount, Max: in.MaxResultCount}
			if s := strings.TrimSpace(in.Status); s != "" {
				n, ok := map[string]int{"0": 0, "1": 1, "2": 2}[s]
				if !ok {
					return nil, apperr.Invalid("status", localization.KeyInvalidValue, "status")
				}
				q.Status = &n
			}
			return httpapi.ReplyPage(m.svc.ListImportFiles(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/optimization/import-file-details", "An import file's part rows in row order"),
		httpapi.Perm(PermImportFiles).Feature(FeatureOptimization),
		func(ctx context.Context, in *importDetailsInput) (*httpapi.Body[httpapi.Paged[ImportFileDetail]], error) {
			id, err := uuid.Parse(strings.TrimSpace(in.ImportFileID))
			if err != nil {
				return nil, apperr.Invalid("importFileId", localization.KeyInvalidValue, "importFileId")
			}
			limit := in.MaxResultCount
			if limit <= 0 || limit > 1000 {
				limit = 50
			}
			return httpapi.ReplyPage(m.svc.ImportFileDetails(ctx, id, in.SkipCount, limit))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete an import file and its rows"), httpapi.Perm(PermImportFilesDelete).Feature(FeatureOptimization),
		func(ctx context.Context, in *importIDPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteImportFile(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/optimization/{id}/verification", "Every problem of an import file's rows before a run"),
		httpapi.Perm(PermImportFiles).Feature(FeatureOptimization),
		func(ctx context.Context, in *importIDPath) (*httpapi.Body[Verification], error) {
			return httpapi.Reply(m.svc.VerifyImportFile(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base+"/from-audit-designs", "Import the passed review sheets among auditIds as one file "+
		"(their design JSON read in-process; needs AuditDesign.Download too; not in the contract)"), httpapi.Perm(PermImportFilesUpload).Feature(FeatureOptimization),
		func(ctx context.Context, in *reviewSheetsInput) (*httpapi.Body[ImportFile], error) {
			return httpapi.Reply(m.svc.ImportReviewSheets(ctx, in.Body.AuditIDs))
		})
	upload := op(http.MethodPost, base, "Upload a cut list (.xlsx, .csv) or a design JSON through an import-file setting: multipart "+
		"fields file and importFileSettingId; the rows are stored in one transaction (not in the contract: the upload)")
	upload.Middlewares = huma.Middlewares{limitBody(api, maxImportUpload)}
	httpapi.Register(api, upload, httpapi.Perm(PermImportFilesUpload).Feature(FeatureOptimization),
		func(ctx context.Context, in *uploadImportInput) (*httpapi.Body[ImportFile], error) {
			defer func() { _ = in.RawBody.RemoveAll() }()
			id, err := uuid.Parse(strings.TrimSpace(first(in.RawBody.Value["importFileSettingId"])))
			if err != nil {
				return nil, apperr.Invalid("importFileSettingId", localization.KeyRequired, "importFileSettingId")
			}
			files := in.RawBody.File["file"]
			if len(files) != 1 {
				return nil, apperr.Invalid("file", localization.KeyRequired, "file")
			}
			r, err := files[0].Open()
			if err != nil {
				return nil, err
			}
			defer r.Close()
			data, err := io.ReadAll(io.LimitReader(r, sheetmap.DefaultLimits.MaxBytes+1))
			if err != nil {
				return nil, err
			}
			if int64(len(data)) > sheetmap.DefaultLimits.MaxBytes {
				return nil, apperr.User(localization.KeyTooLarge)
			}
			parts, err := m.svc.ReadCutList(ctx, id, files[0].Filename, data)
			if err != nil {
				return nil, err
			}
			return httpapi.Reply(m.svc.SaveImport(ctx, ImportInput{FileName: files[0].Filename, SettingID: &id, Source: SourceUpload, Parts: parts}))
		})
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

// limitBody refuses a request whose declared size is over n before reading it, and stops
// reading one that grows past it.
func limitBody(api *httpapi.API, n int64) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humachi.Unwrap(ctx)
		if r.ContentLength > n {
			body := api.Error(ctx.Context(), apperr.User(localization.KeyTooLarge))
			ctx.SetHeader("Content-Type", "application/json")
			ctx.SetStatus(body.Status())
			_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, n)
		next(ctx)
	}
}
