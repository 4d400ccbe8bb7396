package language

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

// Register mounts the languages and the language texts (spec 002 §7.7). Every operation
// needs a permission of LanguageManagement, which only the host can hold.
func (m *Module) Register(api *httpapi.API) {
	m.registerLanguages(api)
	m.registerTexts(api)
}

// op builds an operation of this area. Bodies drop their empty-string members and are
// checked by the service, which answers localised messages naming each member.
func op(method, p, summary, tag string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{tag}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.SkipValidateBody = true
	}
	return o
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type bodyInput[T any] struct {
	Body T
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type listInput struct {
	httpapi.PageQuery
}

func (m *Module) registerLanguages(api *httpapi.API) {
	const base, tag = "/api/language-management/languages", "languages"
	read := httpapi.Perm(PermLanguages)
	httpapi.Register(api, op(http.MethodGet, base, "Languages (filter on culture and display name), by culture", tag), read,
		func(ctx context.Context, in *listInput) (*httpapi.Body[httpapi.Paged[Language]], error) {
			return httpapi.ReplyPage(m.svc.ListLanguages(ctx, Query{Filter: in.Filter, Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodGet, base+"/culture-list", "The cultures a language may be created for", tag), read,
		func(context.Context, *struct{}) (*httpapi.Body[[]Culture], error) {
			return &httpapi.Body[[]Culture]{Body: m.svc.CultureList()}, nil
		})
	httpapi.Register(api, op(http.MethodGet, base+"/resources", "Every localisation resource: each module's and the web client's (Web.<feature>)", tag),
		httpapi.Perm(PermLanguages, PermTexts),
		func(context.Context, *struct{}) (*httpapi.Body[[]Resource], error) {
			return &httpapi.Body[[]Resource]{Body: m.svc.Resources()}, nil
		})
	httpapi.Register(api, op(http.MethodGet, base+"/{id}", "One language", tag), read,
		func(ctx context.Context, in *idPath) (*httpapi.Body[Language], error) {
			return httpapi.Reply(m.svc.GetLanguage(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, base, "Create a language of the culture list", tag), httpapi.Perm(PermLanguagesCreate),
		func(ctx context.Context, in *bodyInput[CreateLanguageInput]) (*httpapi.Body[Language], error) {
			return httpapi.Reply(m.svc.CreateLanguage(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}", "Update a language's display name, flag and enabled state", tag), httpapi.Perm(PermLanguagesEdit),
		func(ctx context.Context, in *idBodyInput[UpdateLanguageInput]) (*httpapi.Body[Language], error) {
			return httpapi.Reply(m.svc.UpdateLanguage(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, base+"/{id}", "Delete a language (not zh-Hans, en or the default) with its texts", tag), httpapi.Perm(PermLanguagesDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteLanguage(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{id}/set-as-default", "Make a language the default", tag), httpapi.Perm(PermLanguagesChangeDefault),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.SetDefault(ctx, in.ID))
		})
}

type textsInput struct {
	httpapi.PageQuery
	ResourceName       string `query:"resourceName" doc:"One resource; empty: all"`
	BaseCultureName    string `query:"baseCultureName" doc:"Culture shown beside; default en"`
	TargetCultureName  string `query:"targetCultureName" doc:"Culture edited; default the request's"`
	GetOnlyEmptyValues bool   `query:"getOnlyEmptyValues" doc:"Only texts the target culture has no value for"`
}

type textPath struct {
	Resource string `path:"resource"`
	Culture  string `path:"culture"`
	Name     string `path:"name"`
}

type setTextInput struct {
	Resource string `path:"resource"`
	Culture  string `path:"culture"`
	Name     string `path:"name"`
	Value    string `query:"value" doc:"The new text"`
}

func (m *Module) registerTexts(api *httpapi.API) {
	const base, tag = "/api/language-management/language-texts", "language-texts"
	httpapi.Register(api, op(http.MethodGet, base, "Texts of a target culture beside a base culture, by resource and name", tag), httpapi.Perm(PermTexts),
		func(ctx context.Context, in *textsInput) (*httpapi.Body[httpapi.Paged[LanguageText]], error) {
			return httpapi.ReplyPage(m.svc.ListTexts(ctx, TextQuery{Filter: in.Filter, ResourceName: in.ResourceName,
				BaseCultureName: in.BaseCultureName, TargetCultureName: in.TargetCultureName, GetOnlyEmptyValues: in.GetOnlyEmptyValues,
				Skip: in.SkipCount, Limit: in.Limit()}))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{resource}/{culture}/{name}", "Override one text of a culture", tag), httpapi.Perm(PermTextsEdit),
		func(ctx context.Context, in *setTextInput) (*struct{}, error) {
			return httpapi.NoContent(m.svc.SetText(ctx, in.Resource, in.Culture, in.Name, in.Value))
		})
	httpapi.Register(api, op(http.MethodPut, base+"/{resource}/{culture}/{name}/restore", "Restore the shipped text (delete the override)", tag), httpapi.Perm(PermTextsEdit),
		func(ctx context.Context, in *textPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.RestoreText(ctx, in.Resource, in.Culture, in.Name))
		})
}
