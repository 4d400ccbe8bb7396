package salesorder

import (
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// maxUploadRequest is the largest upload request read: ten files at the limit and room for
// one more (a file over the limit is reported on its own, the others still stored), and for
// the form around them.
func maxUploadRequest() int64 { return (MaxFilesPerRequest+1)*maxFileSize + 1<<20 }

type uploadInput struct {
	ID      uuid.UUID      `path:"id"`
	RawBody multipart.Form `contentType:"multipart/form-data"`
}

type fileListInput struct {
	ID       uuid.UUID `path:"id"`
	Category string    `query:"category" doc:"order, examine or line; none: every file"`
}

type filePath struct {
	ID     uuid.UUID `path:"id"`
	FileID uuid.UUID `path:"fileId"`
}

type uploadAnswer = []UploadResult

type fileListAnswer = []OrderFile

// limitUpload refuses a request whose declared size is over the limit before reading it,
// and stops reading one that grows past it.
func (m *Module) limitUpload(api *httpapi.API) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humachi.Unwrap(ctx)
		if r.ContentLength > maxUploadRequest() {
			body := api.Error(ctx.Context(), apperr.User(localization.KeyTooLarge))
			ctx.SetHeader("Content-Type", "application/json")
			ctx.SetStatus(body.Status())
			_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxUploadRequest())
		next(ctx)
	}
}

func (m *Module) registerFiles(api *httpapi.API) {
	const base = "/api/app/salesorder/multifile/{id}"
	read, write := httpapi.Perm(PermOrders), httpapi.Perm(PermOrdersFiles)
	upload := huma.Operation{Method: http.MethodPost, Path: base, Tags: []string{"salesorder"},
		Summary: "Upload files to an order: multipart field files (at most 10, each at most 50 MB), optional field category " +
			"(order, the default, examine, or line: a file for a line's file column, put on the line by the batch update); one entry per file, in order",
		Middlewares: huma.Middlewares{m.limitUpload(api)}}
	httpapi.Register(api, upload, write, func(ctx context.Context, in *uploadInput) (*httpapi.Body[uploadAnswer], error) {
		defer func() { _ = in.RawBody.RemoveAll() }()
		category := ""
		if c := in.RawBody.Value["category"]; len(c) > 0 {
			category = c[0]
		}
		var uploads []Upload
		for _, fh := range in.RawBody.File["files"] {
			uploads = append(uploads, Upload{Name: fh.Filename, Size: fh.Size,
				Open: func() (io.ReadCloser, error) { return fh.Open() }})
		}
		rows, err := m.svc.UploadFiles(ctx, in.ID, category, uploads)
		if err != nil {
			return nil, err
		}
		return &httpapi.Body[uploadAnswer]{Body: rows}, nil
	})
	httpapi.Register(api, op(http.MethodGet, base, "An order's files (of one category, or all)"), read,
		func(ctx context.Context, in *fileListInput) (*httpapi.Body[fileListAnswer], error) {
			rows, err := m.svc.Files(ctx, in.ID, in.Category)
			if err != nil {
				return nil, err
			}
			return &httpapi.Body[fileListAnswer]{Body: rows}, nil
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{fileId}", "A token to download one order file: the page opens url?token="), read,
		func(ctx context.Context, in *filePath) (*httpapi.Body[FileDownload], error) {
			return httpapi.Reply(m.svc.FileDownload(ctx, in.ID, in.FileID))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{fileId}", "Delete one order file and its bytes"), write,
		func(ctx context.Context, in *filePath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteFile(ctx, in.ID, in.FileID))
		})
}
