package datadictionary

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// Register mounts the area's operations: the dictionaries and what other screens read
// (http_dictionaries.go), and their details under both spellings of the contract
// (http_details.go). Handlers only bind the input, call the service and answer through
// httpapi.Reply; every operation declares its access rule where it is registered.
func (m *Module) Register(api *httpapi.API) {
	m.registerDictionaries(api)
	m.registerDetails(api)
}

// op builds an operation of this area. Bodies drop their empty-string members, and are not
// validated against the schema by huma: the service checks them and answers localised
// messages naming each member.
func op(method, p, summary string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{"datadictionary"}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.MaxBodyBytes = 2 << 20
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

// optID reads an id given in the query; blank is none.
func optID(name, s string) (*uuid.UUID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return nil, apperr.Invalid(name, localization.KeyInvalidValue, name)
	}
	return &id, nil
}
