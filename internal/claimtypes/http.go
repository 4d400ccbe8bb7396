package claimtypes

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

// Register mounts the area's operations: the claim types (http_types.go) and the claims of
// users and roles (http_claims.go). Every operation declares its access rule where it is
// registered.
func (m *Module) Register(api *httpapi.API) {
	m.registerTypes(api)
	m.registerClaims(api)
}

// op builds an operation of this area. Bodies drop their empty-string members, and are not
// validated against the schema by huma: the service checks them and answers localised
// messages naming each member.
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
