package httpapi

import "errors"

// errNoResult is a service that answered neither a value nor an error; it is a bug,
// answered 500.
var errNoResult = errors.New("httpapi: the service answered no value and no error")

// Reply ends a handler: the service's value as the body, or its error. A handler is
// then one line, e.g.
//
//	return httpapi.Reply(m.svc.GetProduct(ctx, in.ID))
func Reply[T any](v *T, err error) (*Body[T], error) {
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, errNoResult
	}
	return &Body[T]{Body: *v}, nil
}

// ReplyPage ends a list handler: {"items": rows, "totalCount": total}, or the error.
func ReplyPage[T any](rows []T, total int, err error) (*Body[Paged[T]], error) {
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []T{}
	}
	return &Body[Paged[T]]{Body: Paged[T]{Items: rows, TotalCount: total}}, nil
}

// ReplyList ends an unpaged list handler: {"items": rows}, or the error.
func ReplyList[T any](rows []T, err error) (*Body[List[T]], error) {
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []T{}
	}
	return &Body[List[T]]{Body: List[T]{Items: rows}}, nil
}

// NoContent ends a handler that answers no body (204 for DELETE), or the error.
func NoContent(err error) (*struct{}, error) {
	return nil, err
}
