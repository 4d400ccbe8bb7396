package datadictionary

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

type detailListInput struct {
	httpapi.PageQuery
	DataDictionaryID string `query:"dataDictionaryId" required:"true" doc:"The dictionary whose details are listed"`
	IsEnable         string `query:"isEnable" doc:"true: enabled details only; false: disabled only"`
}

type detailDeleteInput struct {
	ID               uuid.UUID `path:"id"`
	DataDictionaryID string    `query:"dataDictionaryId" doc:"When given, the dictionary the detail must belong to (another answers 404)"`
}

type itemPath struct {
	ID     uuid.UUID `path:"id" doc:"The dictionary"`
	ItemID uuid.UUID `path:"itemId" doc:"The detail"`
}

type itemBodyInput[T any] struct {
	ID     uuid.UUID `path:"id" doc:"The dictionary"`
	ItemID uuid.UUID `path:"itemId" doc:"The detail"`
	Body   T
}

// registerDetails mounts the detail operations under both spellings of the contract:
// /api/dataDictionaryDetail (the dictionary named in the query or body) and
// /api/dataDictionary/{id}/items (named by the path; an item of another dictionary is 404).
func (m *Module) registerDetails(api *httpapi.API) {
	const base = "/api/dataDictionaryDetail"
	httpapi.Register(api, op(http.MethodGet, base, "The details of a data dictionary (paged; by order, then label)"),
		httpapi.Perm(PermDataDictionary),
		func(ctx context.Context, in *detailListInput) (*httpapi.Body[httpapi.Paged[Detail]], error) {
			id, err := optID("dataDictionaryId", in.DataDictionaryID)
			if err != nil {
				return nil, err
			}
			if id == nil {
				return nil, apperr.Invalid("dataDictionaryId", localization.KeyRequired, FieldDataDictionaryID)
			}
			en, err := optBool("isEnable", in.IsEnable)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListDetails(ctx, DetailQuery{DataDictionaryID: *id, Filter: in.Filter, IsEnable: en,
				Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	create := func(ctx context.Context, in *bodyInput[CreateDetailInput]) (*httpapi.Body[Detail], error) {
		return httpapi.Reply(m.svc.CreateDetail(ctx, in.Body))
	}
	httpapi.Register(api, op(http.MethodPost, base+"/", "Create a detail of a data dictionary"), httpapi.Perm(PermDataDictionaryCreate), create)
	noSlash := op(http.MethodPost, base, "Create a detail of a data dictionary (the contract's path without its trailing slash)")
	noSlash.OperationID = "post-api-dataDictionaryDetail-no-slash"
	httpapi.Register(api, noSlash, httpapi.Perm(PermDataDictionaryCreate), create)
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a detail (every field)"), httpapi.Perm(PermDataDictionaryUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateDetailInput]) (*httpapi.Body[Detail], error) {
			return httpapi.Reply(m.svc.UpdateDetail(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a detail"), httpapi.Perm(PermDataDictionaryDelete),
		func(ctx context.Context, in *detailDeleteInput) (*struct{}, error) {
			dict, err := optID("dataDictionaryId", in.DataDictionaryID)
			if err != nil {
				return nil, err
			}
			return httpapi.NoContent(m.svc.DeleteDetail(ctx, in.ID, dict))
		})

	const items = "/api/dataDictionary/{id}/items"
	httpapi.Register(api, op(http.MethodPost, items, "Add a detail (item) to a data dictionary"), httpapi.Perm(PermDataDictionaryCreate),
		func(ctx context.Context, in *idBodyInput[DetailFieldsInput]) (*httpapi.Body[Detail], error) {
			return httpapi.Reply(m.svc.AddItem(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, items+"/{itemId}", "Update a detail (item) of a data dictionary"), httpapi.Perm(PermDataDictionaryUpdate),
		func(ctx context.Context, in *itemBodyInput[UpdateDetailInput]) (*httpapi.Body[Detail], error) {
			return httpapi.Reply(m.svc.UpdateItem(ctx, in.ID, in.ItemID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, items+"/{itemId}", "Delete a detail (item) of a data dictionary"), httpapi.Perm(PermDataDictionaryDelete),
		func(ctx context.Context, in *itemPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteDetail(ctx, in.ItemID, &in.ID))
		})
}
