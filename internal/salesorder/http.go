package salesorder

import (
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Register mounts the area's operations: one file per resource (http_orders.go,
// http_types.go, http_files.go). Handlers only bind the input, call the service and answer
// through httpapi.Reply; every operation declares its access rule where it is registered.
func (m *Module) Register(api *httpapi.API) {
	m.registerOrders(api)
	m.registerTypes(api)
	m.registerFiles(api)
}

// op builds an operation of this area. Bodies drop their empty-string members (0004) and are
// not validated against the schema by huma: the service checks them and answers localised
// messages naming each field.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"salesorder"}}
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

// optBool reads an optional boolean query value.
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

// optID reads an optional id query value (empty or the all-zero id: none).
func optID(name, s string) (*uuid.UUID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	if id == uuid.Nil {
		return nil, nil
	}
	return &id, nil
}

// queryValues answers the non-empty string fields of v (a struct) by their query names.
func queryValues(v any) map[string]string {
	out := map[string]string{}
	rv := reflect.Indirect(reflect.ValueOf(v))
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Type().Field(i)
		if name := f.Tag.Get("query"); name != "" && f.Type.Kind() == reflect.String {
			if s := rv.Field(i).String(); s != "" {
				out[name] = s
			}
		}
	}
	return out
}
