// Package apperr holds the error kinds every module returns. The HTTP edge maps each
// kind to a status code and a localised message; services never speak HTTP.
package apperr

import (
	"errors"
	"fmt"
	"strings"
)

// Sentinel kinds; domain errors wrap one of them.
var (
	ErrNotFound        = errors.New("not found")
	ErrConflict        = errors.New("conflict")
	ErrDuplicate       = errors.New("already exists") // a unique index refused the row
	ErrForbidden       = errors.New("forbidden")
	ErrUnauthorized    = errors.New("unauthorized")
	ErrTooManyRequests = errors.New("too many requests")
)

// FieldError is one invalid field: the member name as the client sends it, a message
// key from the localisation catalogue and its arguments.
type FieldError struct {
	Field string
	Key   string
	Args  []any
}

// ValidationError is bad input: answered 400 with every field's message.
type ValidationError struct {
	Fields []FieldError
}

func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		parts[i] = fmt.Sprintf("%s: %s %v", f.Field, f.Key, f.Args)
	}
	return "validation: " + strings.Join(parts, "; ")
}

// Add records one invalid field.
func (e *ValidationError) Add(field, key string, args ...any) {
	e.Fields = append(e.Fields, FieldError{Field: field, Key: key, Args: args})
}

// OrNil returns e when it holds at least one field, else nil.
func (e *ValidationError) OrNil() error {
	if e == nil || len(e.Fields) == 0 {
		return nil
	}
	return e
}

// Invalid returns a ValidationError for one field.
func Invalid(field, key string, args ...any) error {
	return &ValidationError{Fields: []FieldError{{Field: field, Key: key, Args: args}}}
}

// UserError is a business rule the request broke (400), with a message key for the user
// and optional details key.
type UserError struct {
	Key     string
	Args    []any
	Details string // already-localised or plain details, optional
	Code    string
}

func (e *UserError) Error() string { return fmt.Sprintf("user error: %s %v", e.Key, e.Args) }

// User returns a UserError.
func User(key string, args ...any) error { return &UserError{Key: key, Args: args} }

// Keyed wraps a sentinel kind with a message key, e.g. NotFound with "Catalog:NotFound".
type Keyed struct {
	Kind error
	Key  string
	Args []any
}

func (e *Keyed) Error() string { return fmt.Sprintf("%v: %s", e.Kind, e.Key) }
func (e *Keyed) Unwrap() error { return e.Kind }

// WithKey returns kind carrying a message key.
func WithKey(kind error, key string, args ...any) error {
	return &Keyed{Kind: kind, Key: key, Args: args}
}
