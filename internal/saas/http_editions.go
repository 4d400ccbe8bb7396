package saas

import (
	"context"
	"net/http"

	"kerf/internal/platform/httpapi"
)

type createEditionInput struct {
	Body CreateEditionInput
}

func (m *Module) registerEditions(api *httpapi.API) {
	const base, tag = "/api/saas/editions", "editions"
	read := httpapi.Perm(PermEditions)
	httpapi.Register(api, op(http.MethodGet, base, "Editions (display name containing the filter; up to 1000 a page; host only)", tag), read,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[EditionDto]], error) {
			return httpapi.ReplyPage(m.svc.ListEditions(ctx, in.query()))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One edition (host only)", tag), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[EditionDto], error) {
			return httpapi.Reply(m.svc.GetEdition(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create an edition (host only)", tag), httpapi.Perm(PermEditionsCreate),
		func(ctx context.Context, in *createEditionInput) (*httpapi.Body[EditionDto], error) {
			return httpapi.Reply(m.svc.CreateEdition(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Rename an edition (host only)", tag), httpapi.Perm(PermEditionsUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateEditionInput]) (*httpapi.Body[EditionDto], error) {
			return httpapi.Reply(m.svc.UpdateEdition(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete an edition no tenant uses, with its feature values (host only)", tag),
		httpapi.Perm(PermEditionsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteEdition(ctx, in.ID))
		})
}
