package texttemplate

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/httpapi"
)

type definitionsInput struct {
	FilterText     string `query:"filterText" doc:"A part of the name or display name"`
	SkipCount      int    `query:"skipCount" minimum:"0"`
	MaxResultCount int    `query:"maxResultCount" minimum:"0" maximum:"1000" default:"20"`
}

type contentInput struct {
	TemplateName string `query:"templateName" required:"true" maxLength:"128"`
	CultureName  string `query:"cultureName" maxLength:"32" doc:"Empty: the template's default culture"`
}

type updateInput struct {
	Body struct {
		TemplateName string `json:"templateName" maxLength:"128"`
		CultureName  string `json:"cultureName,omitempty" maxLength:"32"`
		Content      string `json:"content,omitempty" maxLength:"100000"`
	}
}

type restoreInput struct {
	Body struct {
		TemplateName string `json:"templateName" maxLength:"128"`
		CultureName  string `json:"cultureName,omitempty" maxLength:"32"`
	}
}

// previewInput renders a content the editor has not saved (empty: the current one).
type previewInput struct {
	Body struct {
		TemplateName string `json:"templateName" maxLength:"128"`
		CultureName  string `json:"cultureName,omitempty" maxLength:"32"`
		Content      string `json:"content,omitempty" maxLength:"100000"`
	}
}

// Preview is a rendered template.
type Preview struct {
	HTML string `json:"html"`
}

func (m *Module) register(api *httpapi.API) {
	tags := []string{"text-templates"}
	const base = "/api/text-template-management"
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/template-definitions",
		Summary: "Text template definitions", Tags: tags}, httpapi.Perm(PermTextTemplates), m.definitions)
	httpapi.Register(api, huma.Operation{Method: http.MethodGet, Path: base + "/template-contents",
		Summary: "A template's content in one culture (the tenant's own, else the default)", Tags: tags},
		httpapi.Perm(PermTextTemplates), m.getContent)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: base + "/template-contents",
		Summary: "Store the tenant's content of one culture", Tags: tags}, httpapi.Perm(PermEditContents), m.updateContent)
	httpapi.Register(api, huma.Operation{Method: http.MethodPut, Path: base + "/template-contents/restore-to-default",
		Summary: "Delete the tenant's content of one culture (the default answers again)", Tags: tags, DefaultStatus: http.StatusNoContent},
		httpapi.Perm(PermEditContents), m.restore)
	httpapi.Register(api, huma.Operation{Method: http.MethodPost, Path: base + "/template-contents/preview",
		Summary: "Render a content with the template's sample model, inside its layout (the editor's preview)", Tags: tags},
		httpapi.Perm(PermTextTemplates), m.preview)
}

func (m *Module) definitions(ctx context.Context, in *definitionsInput) (*httpapi.Body[httpapi.Paged[DefinitionDto]], error) {
	all := m.svc.Definitions(ctx, in.FilterText)
	limit := in.MaxResultCount
	if limit <= 0 {
		limit = 20
	}
	page := all[min(in.SkipCount, len(all)):min(in.SkipCount+limit, len(all))]
	return httpapi.ReplyPage(page, len(all), nil)
}

func (m *Module) getContent(ctx context.Context, in *contentInput) (*httpapi.Body[ContentDto], error) {
	return httpapi.Reply(m.svc.GetContent(ctx, in.TemplateName, in.CultureName))
}

func (m *Module) updateContent(ctx context.Context, in *updateInput) (*httpapi.Body[ContentDto], error) {
	return httpapi.Reply(m.svc.UpdateContent(ctx, UpdateContentInput{TemplateName: in.Body.TemplateName,
		CultureName: in.Body.CultureName, Content: in.Body.Content}))
}

func (m *Module) restore(ctx context.Context, in *restoreInput) (*struct{}, error) {
	return httpapi.NoContent(m.svc.RestoreToDefault(ctx, in.Body.TemplateName, in.Body.CultureName))
}

func (m *Module) preview(ctx context.Context, in *previewInput) (*httpapi.Body[Preview], error) {
	html, err := m.svc.Preview(ctx, in.Body.TemplateName, in.Body.CultureName, in.Body.Content)
	if err != nil {
		return nil, err
	}
	return &httpapi.Body[Preview]{Body: Preview{HTML: html}}, nil
}
