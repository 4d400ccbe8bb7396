package catalog

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

// Register mounts the area's operations: one file per resource (http_catalogs.go,
// http_items.go, http_standard.go, http_excel.go). Handlers only bind the input, call
// the service and answer through httpapi.Reply; every operation declares its access
// rule where it is registered.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	m.registerCatalogs(api)
	m.registerProducts(api)
	m.registerParts(api)
	m.registerLinks(api)
	m.registerStandard(api)
	m.registerExcel(api)
}

// op builds an operation of this area. Bodies drop their empty-string members (0004),
// and are not validated against the schema by huma: the service checks them (the same
// rules the Excel import uses) and answers localised messages naming each field.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"catalog"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 8 << 20
		o.SkipValidateBody = true
	}
	return o
}

// ---- inputs shared by the resources ----

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

type batchBody[T any] struct {
	Items []T `json:"items" minItems:"1"`
}

// ---- query parsing ----

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

// uuids reads ids given as repeated keys or separated by commas.
func uuids(name string, values ...string) ([]uuid.UUID, error) {
	var out []uuid.UUID
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			s = strings.TrimSpace(s)
			if s == "" {
				continue
			}
			id, err := uuid.Parse(s)
			if err != nil {
				return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
			}
			out = append(out, id)
		}
	}
	return out, nil
}

// ---- access by tree ----

// authorizeModule checks the caller's permission of one kind for a module's tree.
func (m *Module) authorizeModule(ctx context.Context, module string, pick func(perms) string) error {
	p, ok := modulePerms[module]
	if !ok {
		return apperr.Invalid("moduleName", KeyModuleName)
	}
	return m.api.Authorize(ctx, pick(p))
}

// authorizeCatalog checks the caller's permission for the tree a directory belongs to.
func (m *Module) authorizeCatalog(ctx context.Context, id uuid.UUID, pick func(perms) string) error {
	c, err := m.svc.GetCatalog(ctx, id)
	if err != nil {
		return err
	}
	return m.authorizeModule(ctx, c.ModuleName, pick)
}
