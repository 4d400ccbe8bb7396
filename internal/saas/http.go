package saas

import (
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"kerf/internal/platform/httpapi"
)

// op builds an operation of this area. Bodies drop their empty-string members and are
// checked by the service, which answers localised messages naming each member.
func op(method, p, summary, tag string) huma.Operation {
	o := huma.Operation{Method: method, Path: p, Summary: summary, Tags: []string{tag}}
	if method == http.MethodPost || method == http.MethodPut {
		o.Middlewares = huma.Middlewares{httpapi.DropEmptyStrings}
		o.SkipValidateBody = true
	}
	if method == http.MethodDelete {
		o.DefaultStatus = http.StatusNoContent
	}
	return o
}

type idPath struct {
	ID uuid.UUID `path:"id"`
}

type idBodyInput[T any] struct {
	ID   uuid.UUID `path:"id"`
	Body T
}

type listInput struct {
	httpapi.PageQuery
}

func (q listInput) query() Query {
	return Query{Filter: strings.TrimSpace(q.Filter), Sorting: q.Sorting, Skip: q.SkipCount, Limit: q.Limit()}
}
