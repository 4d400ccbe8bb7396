package importmapping

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Paths of the area (the contract's spellings).
const (
	ruleBase  = "/api/basic-setup/import-rule-mappings"
	formBase  = "/api/app/formFieldMappings"
	splitBase = "/api/split-order/import-split-mappings"
)

// Register mounts the area's operations, one function per resource; each declares its
// access rule where it is registered.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	m.registerRuleMappings(api)
	m.registerPreview(api)
	m.registerFormMappings(api)
	m.registerSplitMappings(api)
}

// op builds an operation of this area. Bodies drop their empty-string members, and are
// checked by the service (localised messages naming each member), not by huma.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"importmapping"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 1 << 20
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

// ruleListInput is the query of the rule mappings' list.
type ruleListInput struct {
	httpapi.PageQuery
	ModuleType string `query:"moduleType" doc:"Only this module type"`
	IsEnable   string `query:"isEnable" doc:"true or false"`
	IsDefault  string `query:"isDefault" doc:"true or false"`
}

// formListInput is the query of the form field mappings' list.
type formListInput struct {
	httpapi.PageQuery
	MappingType string `query:"mappingType" doc:"Only this mapping type"`
	IsEnable    string `query:"isEnable" doc:"true or false"`
}

// splitListInput is the query of the split mappings' list.
type splitListInput struct {
	httpapi.PageQuery
	IsEnable  string `query:"isEnable" doc:"true or false"`
	IsDefault string `query:"isDefault" doc:"true or false"`
}

func optBool(name, s string) (*bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &b, nil
}

func optInt(name, s string) (*int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &n, nil
}

// listQuery reads the filters of a list's query (empty: not filtered).
func listQuery(p httpapi.PageQuery, typeName, moduleType, isEnable, isDefault string) (ListQuery, error) {
	mt, err := optInt(typeName, moduleType)
	if err != nil {
		return ListQuery{}, err
	}
	en, err := optBool("isEnable", isEnable)
	if err != nil {
		return ListQuery{}, err
	}
	def, err := optBool("isDefault", isDefault)
	if err != nil {
		return ListQuery{}, err
	}
	return ListQuery{Filter: p.Filter, ModuleType: mt, IsEnable: en, IsDefault: def, Sorting: p.Sorting,
		Skip: p.SkipCount, Limit: p.Limit()}, nil
}

type moduleTypeQuery struct {
	ModuleType string `query:"moduleType" required:"true" doc:"A module type (see …/module-types)"`
}

func (m *Module) registerRuleMappings(api *httpapi.API) {
	httpapi.Register(api, op(http.MethodGet, ruleBase+"/module-types", "Module types and their fields, in the caller's language"), httpapi.LoggedIn(),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[ModuleTypeInfo]], error) {
			return httpapi.ReplyList(m.svc.ModuleTypes(ctx), nil)
		})
	httpapi.Register(api, op(http.MethodGet, ruleBase+"/mapping-rules", "Enabled rule mappings of a module type, the default first"), httpapi.LoggedIn(),
		func(ctx context.Context, in *moduleTypeQuery) (*httpapi.Body[httpapi.List[ImportRuleMapping]], error) {
			mt, err := optInt("moduleType", in.ModuleType)
			if err != nil {
				return nil, err
			}
			if mt == nil {
				return nil, apperr.Invalid("moduleType", localization.KeyRequired, FieldModuleType)
			}
			return httpapi.ReplyList(m.svc.MappingRules(ctx, *mt))
		})
	httpapi.Register(api, op(http.MethodGet, ruleBase, "Import rule mappings"), httpapi.Perm(PermRuleMappings),
		func(ctx context.Context, in *ruleListInput) (*httpapi.Body[httpapi.Paged[ImportRuleMapping]], error) {
			q, err := listQuery(in.PageQuery, "moduleType", in.ModuleType, in.IsEnable, in.IsDefault)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListRuleMappings(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, ruleBase+"/{id}", "One import rule mapping"), httpapi.Perm(PermRuleMappings),
		func(ctx context.Context, in *idPath) (*httpapi.Body[ImportRuleMapping], error) {
			return httpapi.Reply(m.svc.GetRuleMapping(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, ruleBase, "Create an import rule mapping (a default one becomes its module type's only default)"),
		httpapi.Perm(PermRuleMappingsCreate),
		func(ctx context.Context, in *bodyInput[ImportRuleMappingInput]) (*httpapi.Body[ImportRuleMapping], error) {
			return httpapi.Reply(m.svc.CreateRuleMapping(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, ruleBase+"/{id}", "Update an import rule mapping (the whole row)"), httpapi.Perm(PermRuleMappingsUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateImportRuleMappingInput]) (*httpapi.Body[ImportRuleMapping], error) {
			return httpapi.Reply(m.svc.UpdateRuleMapping(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, ruleBase+"/{id}", "Delete an import rule mapping"), httpapi.Perm(PermRuleMappingsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteRuleMapping(ctx, in.ID))
		})
}

func (m *Module) registerFormMappings(api *httpapi.API) {
	httpapi.Register(api, op(http.MethodGet, formBase, "Form field mappings"), httpapi.Perm(PermFormMappings),
		func(ctx context.Context, in *formListInput) (*httpapi.Body[httpapi.Paged[FormFieldMapping]], error) {
			q, err := listQuery(in.PageQuery, "mappingType", in.MappingType, in.IsEnable, "")
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListFormMappings(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, formBase+"/{id}", "One form field mapping"), httpapi.Perm(PermFormMappings),
		func(ctx context.Context, in *idPath) (*httpapi.Body[FormFieldMapping], error) {
			return httpapi.Reply(m.svc.GetFormMapping(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, formBase, "Create a form field mapping"), httpapi.Perm(PermFormMappingsCreate),
		func(ctx context.Context, in *bodyInput[FormFieldMappingInput]) (*httpapi.Body[FormFieldMapping], error) {
			return httpapi.Reply(m.svc.CreateFormMapping(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, formBase+"/{id}", "Update a form field mapping (the whole row)"), httpapi.Perm(PermFormMappingsUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateFormFieldMappingInput]) (*httpapi.Body[FormFieldMapping], error) {
			return httpapi.Reply(m.svc.UpdateFormMapping(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, formBase+"/{id}", "Delete a form field mapping"), httpapi.Perm(PermFormMappingsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteFormMapping(ctx, in.ID))
		})
}

func (m *Module) registerSplitMappings(api *httpapi.API) {
	httpapi.Register(api, op(http.MethodGet, splitBase+"/enabled", "Enabled split mappings, the default first (the split-order import dialog)"), httpapi.LoggedIn(),
		func(ctx context.Context, _ *struct{}) (*httpapi.Body[httpapi.List[ImportSplitMapping]], error) {
			return httpapi.ReplyList(m.svc.EnabledSplitMappings(ctx))
		})
	httpapi.Register(api, op(http.MethodGet, splitBase, "Import split mappings"), httpapi.Perm(PermSplitMappings),
		func(ctx context.Context, in *splitListInput) (*httpapi.Body[httpapi.Paged[ImportSplitMapping]], error) {
			q, err := listQuery(in.PageQuery, "", "", in.IsEnable, in.IsDefault)
			if err != nil {
				return nil, err
			}
			return httpapi.ReplyPage(m.svc.ListSplitMappings(ctx, q))
		})
	httpapi.Register(api, op(http.MethodGet, splitBase+"/{id}", "One import split mapping"), httpapi.Perm(PermSplitMappings),
		func(ctx context.Context, in *idPath) (*httpapi.Body[ImportSplitMapping], error) {
			return httpapi.Reply(m.svc.GetSplitMapping(ctx, in.ID))
		})
	httpapi.Register(api, op(http.MethodPost, splitBase, "Create an import split mapping (a default one becomes the only default)"),
		httpapi.Perm(PermSplitMappingsCreate),
		func(ctx context.Context, in *bodyInput[ImportSplitMappingInput]) (*httpapi.Body[ImportSplitMapping], error) {
			return httpapi.Reply(m.svc.CreateSplitMapping(ctx, in.Body))
		})
	httpapi.Register(api, op(http.MethodPut, splitBase+"/{id}", "Update an import split mapping (the whole row)"), httpapi.Perm(PermSplitMappingsUpdate),
		func(ctx context.Context, in *idBodyInput[UpdateImportSplitMappingInput]) (*httpapi.Body[ImportSplitMapping], error) {
			return httpapi.Reply(m.svc.UpdateSplitMapping(ctx, in.ID, in.Body))
		})
	httpapi.Register(api, op(http.MethodDelete, splitBase+"/{id}", "Delete an import split mapping"), httpapi.Perm(PermSplitMappingsDelete),
		func(ctx context.Context, in *idPath) (*struct{}, error) {
			return httpapi.NoContent(m.svc.DeleteSplitMapping(ctx, in.ID))
		})
}
