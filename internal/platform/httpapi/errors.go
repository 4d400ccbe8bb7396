package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/localization"
)

// ErrorBody is the ABP error shape: {"error": {...}}.
type ErrorBody struct {
	status int
	Info   ErrorInfo `json:"error"`
}

// ErrorInfo is the inside of the ABP error shape.
// Every key is always present (null when empty), as ABP answers.
type ErrorInfo struct {
	Code             *string           `json:"code"`
	Message          string            `json:"message"`
	Details          *string           `json:"details"`
	Data             map[string]any    `json:"data"`
	ValidationErrors []ValidationEntry `json:"validationErrors"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// ValidationEntry is one invalid field.
type ValidationEntry struct {
	Message string   `json:"message"`
	Members []string `json:"members"`
}

func (e *ErrorBody) Error() string  { return e.Info.Message }
func (e *ErrorBody) GetStatus() int { return e.status }

// Status returns the HTTP status of the error.
func (e *ErrorBody) Status() int { return e.status }

// toBody maps any error a handler returns to its status and localised ABP body.
func (a *API) toBody(ctx context.Context, err error) *ErrorBody {
	var body *ErrorBody
	if errors.As(err, &body) {
		return body
	}
	t := func(key string, args ...any) string { return a.Catalog.T(ctx, key, args...) }
	var (
		ve    *apperr.ValidationError
		ue    *apperr.UserError
		keyed *apperr.Keyed
	)
	msgOr := func(def string) string {
		if errors.As(err, &keyed) {
			return t(keyed.Key, keyed.Args...)
		}
		return t(def)
	}
	switch {
	case errors.As(err, &ve):
		out := &ErrorBody{status: http.StatusBadRequest, Info: ErrorInfo{Message: t(localization.KeyValidation)}}
		var msgs []string
		for _, f := range ve.Fields {
			args := make([]any, len(f.Args))
			for i, a := range f.Args {
				if s, ok := a.(string); ok && strings.Contains(s, ":") {
					a = t(s) // an argument may itself be a key, e.g. a field's label
				}
				args[i] = a
			}
			m := t(f.Key, args...)
			msgs = append(msgs, m)
			out.Info.ValidationErrors = append(out.Info.ValidationErrors, ValidationEntry{Message: m, Members: []string{f.Field}})
		}
		out.Info.Details = optional(strings.Join(msgs, "\n"))
		return out
	case errors.As(err, &ue):
		return &ErrorBody{status: http.StatusBadRequest, Info: ErrorInfo{Code: optional(ue.Code), Message: t(ue.Key, ue.Args...), Details: optional(ue.Details)}}
	case errors.Is(err, apperr.ErrNotFound):
		return &ErrorBody{status: http.StatusNotFound, Info: ErrorInfo{Message: msgOr(localization.KeyNotFound)}}
	case errors.Is(err, apperr.ErrConflict):
		return &ErrorBody{status: http.StatusConflict, Info: ErrorInfo{Message: msgOr(localization.KeyConcurrency)}}
	case errors.Is(err, apperr.ErrForbidden):
		return &ErrorBody{status: http.StatusForbidden, Info: ErrorInfo{Message: msgOr(localization.KeyForbidden)}}
	case errors.Is(err, apperr.ErrUnauthorized):
		return &ErrorBody{status: http.StatusUnauthorized, Info: ErrorInfo{Message: msgOr(localization.KeyUnauthorized)}}
	case errors.Is(err, apperr.ErrTooManyRequests):
		return &ErrorBody{status: http.StatusTooManyRequests, Info: ErrorInfo{Message: msgOr(localization.KeyTooFast)}}
	case errors.Is(err, context.Canceled):
		return &ErrorBody{status: 499, Info: ErrorInfo{Message: "canceled"}}
	}
	slog.ErrorContext(ctx, "request failed", "err", err)
	return &ErrorBody{status: http.StatusInternalServerError, Info: ErrorInfo{Message: t(localization.KeyInternal)}}
}

// Error returns the localised ABP body for err, recording it for the audit log.
func (a *API) Error(ctx context.Context, err error) *ErrorBody {
	audit.SetException(ctx, err)
	return a.toBody(ctx, err)
}

// WriteError writes err as an ABP error response; for plain net/http handlers.
func (a *API) WriteError(w http.ResponseWriter, r *http.Request, err error) {
	body := a.Error(r.Context(), err)
	writeJSON(w, body.status, body)
}

// humaError turns huma's own errors (bad JSON, failed schema validation) into the
// ABP shape with localised messages.
func (a *API) humaError(hctx huma.Context, status int, msg string, errs ...error) huma.StatusError {
	ctx := hctx.Context()
	if status == http.StatusUnprocessableEntity || status == http.StatusBadRequest {
		ve := &apperr.ValidationError{}
		for _, e := range errs {
			var d *huma.ErrorDetail
			if errors.As(e, &d) {
				field := strings.TrimPrefix(strings.TrimPrefix(d.Location, "body."), "query.")
				field = strings.TrimPrefix(strings.TrimPrefix(field, "path."), "body")
				ve.Add(field, localization.KeyInvalidValue, field+" ("+d.Message+")")
			}
		}
		if len(ve.Fields) == 0 {
			ve.Add("", localization.KeyBadRequest)
		}
		return a.Error(ctx, ve)
	}
	switch status {
	case http.StatusNotFound:
		return a.Error(ctx, apperr.ErrNotFound)
	case http.StatusRequestEntityTooLarge:
		return &ErrorBody{status: status, Info: ErrorInfo{Message: a.Catalog.T(ctx, localization.KeyTooLarge)}}
	case http.StatusUnauthorized:
		return a.Error(ctx, apperr.ErrUnauthorized)
	case http.StatusForbidden:
		return a.Error(ctx, apperr.ErrForbidden)
	}
	if status >= 500 {
		var cause error = errors.New(msg)
		if len(errs) > 0 {
			cause = errs[0]
		}
		return a.Error(ctx, cause)
	}
	return &ErrorBody{status: status, Info: ErrorInfo{Message: msg}}
}
