package datadictionary

import (
	"context"
	"net/http"

	"kerf/internal/platform/httpapi"
)

type dictionaryListInput struct {
	httpapi.PageQuery
	Code        string `query:"code" maxLength:"64" doc:"A substring of the code"`
	DisplayName string `query:"displayName" maxLength:"128" doc:"A substring of the name"`
}

type codePath struct {
	Code string `path:"code" maxLength:"64" doc:"The dictionary's code (without regard to case)"`
}

// registerDictionaries mounts the dictionary operations (spec 001 §7) and the two reads every
// logged-in user may make: a dictionary's choices by code, and every dictionary.
func (m *Module) registerDictionaries(api *httpapi.API) {
	const base = "/api/dataDictionary"
	httpapi.Register(api, op(http.MethodGet, base, "Data dictionaries (paged; filter matches code or name)"),
		httpapi.Perm(PermDataDictionary),
		func(ctx context.Context, in *dictionaryListInput) (*httpapi.Body[httpapi.Paged[Dictionary]], error) {
			return httpapi.ReplyPage(m.svc.ListDictionaries(ctx, DictionaryQuery{Filter: in.Filter, Code: in.Code,
				DisplayName: in.DisplayName, Sorting: in.Sorting, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/all", "Every data dictionary with its enabled details, in order"),
		httpapi.LoggedIn(),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[DictionaryWithDetails]], error) {
			return httpapi.ReplyList(m.svc.All(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, "/api/datadictionary/details/{code}", "The enabled details of a dictionary, by order then label"),
		httpapi.LoggedIn(),
		func(ctx context.Context, in *codePath) (*httpapi.Body[httpapi.List[Detail]], error) {
			return httpapi.ReplyList(m.svc.Details(ctx, in.Code))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One data dictionary with every detail"), httpapi.Perm(PermDataDictionary),
		func(ctx context.Context, in *idPath) (*httpapi.Body[DictionaryWithDetails], error) {
			return httpapi.Reply(m.svc.GetDictionary(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a data dictionary, with its details when given"), httpapi.Perm(PermDataDictionaryCreate),
		func(ctx context.Context, in *bodyInput[CreateDictionaryInput]) (*httpapi.Body[DictionaryWithDetails], error) {
			return httpapi.Reply(m.svc.CreateDictionary(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a data dictionary (a built-in one keeps its code)"), httpapi.Perm(PermDataDictionaryUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateDictionaryInput]) (*httpapi.Body[Dictionary], error) {
			return httpapi.Reply(m.svc.UpdateDictionary(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a data dictionary and its details (not a built-in one)"), httpapi.Perm(PermDataDictionaryDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteDictionary(ctx, in.ID))
		})
}
