package importmapping

import (
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/sheetmap"
)

// maxUpload is the largest preview request: the file limit and room for the form.
var maxUpload = sheetmap.DefaultLimits.MaxBytes + 64<<10

type previewInput struct {
	ID      uuid.UUID      `path:"id"`
	RawBody multipart.Form `contentType:"multipart/form-data"`
}

// limitUpload refuses a request whose declared size is over the limit before reading it,
// and stops reading one that grows past it.
func (m *Module) limitUpload(ctx huma.Context, next func(huma.Context)) {
	r, w := humachi.Unwrap(ctx)
	if r.ContentLength > maxUpload {
		body := m.api.Error(ctx.Context(), apperr.User(localization.KeySheetTooLarge, sheetmap.DefaultLimits.MaxBytes>>20))
		ctx.SetHeader("Content-Type", "application/json")
		ctx.SetStatus(body.Status())
		_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	next(ctx)
}

func (m *Module) registerPreview(api *httpapi.API) {
	o := huma.Operation{Method: http.MethodPost, Path: ruleBase + "/{id}/preview", Tags: []string{"importmapping"},
		Summary:     "Read a file (multipart field file) through a rule mapping: the first 20 typed rows and every error, localised",
		Middlewares: huma.Middlewares{m.limitUpload}}
	httpapi.Register(api, o, httpapi.Perm(PermRuleMappings),
		func(ctx context.Context, in *previewInput) (*httpapi.Body[Preview], error) {
			files := in.RawBody.File["file"]
			switch {
			case len(files) == 0:
				return nil, apperr.User(KeyNoFile)
			case len(files) > 1:
				return nil, apperr.User(KeyOneFile)
			}
			f, err := files[0].Open()
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return httpapi.Reply(m.svc.Preview(ctx, in.ID, files[0].Filename, sizedFile{f, files[0].Size}))
		})
}

// sizedFile tells sheetmap the upload's size, so one over the limit is refused unread.
type sizedFile struct {
	multipart.File
	size int64
}

func (f sizedFile) Size() int64 { return f.size }
