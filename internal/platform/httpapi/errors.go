package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/validation"

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
	case errors.Is(err, apperr.ErrDuplicate):
		return &ErrorBody{status: http.StatusConflict, Info: ErrorInfo{Message: msgOr(localization.KeyDuplicate)}}
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
				field, key, args := humaDetail(d)
				ve.Add(field, key, args...)
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

// humaMessage is one of huma's validation messages (the formats of huma/v2/validation, and
// the parameter parsers' texts in huma.go) and the catalogue key that says it.
type humaMessage struct {
	format string // huma's text; %d, %v and %s stand for its arguments
	key    string
	kind   string // for KeyExpected: the key of what was expected
	member bool   // the argument names a member of the object at the location (a missing property)
}

// humaMessages is tried in order; the first format the message fits is used.
var humaMessages = []humaMessage{
	{format: validation.MsgExpectedRequiredProperty, key: localization.KeyRequired, member: true},
	{format: "required %s parameter is missing", key: localization.KeyRequired},
	{format: validation.MsgUnexpectedProperty, key: localization.KeyUnexpectedProperty},
	{format: "unknown query parameter", key: localization.KeyUnexpectedProperty},
	{format: validation.MsgExpectedMaxLength, key: localization.KeyTooLong},
	{format: validation.MsgExpectedMinLength, key: localization.KeyTooShort},
	{format: validation.MsgExpectedMinimumNumber, key: localization.KeyMinimum},
	{format: validation.MsgExpectedExclusiveMinimumNumber, key: localization.KeyGreaterThan},
	{format: validation.MsgExpectedMaximumNumber, key: localization.KeyMaximum},
	{format: validation.MsgExpectedExclusiveMaximumNumber, key: localization.KeyLessThan},
	{format: validation.MsgExpectedNumberBeMultipleOf, key: localization.KeyMultipleOf},
	{format: validation.MsgExpectedOneOf, key: localization.KeyOneOf},
	{format: validation.MsgExpectedMinItems, key: localization.KeyMinItems},
	{format: validation.MsgExpectedMaxItems, key: localization.KeyMaxItems},
	{format: validation.MsgExpectedArrayItemsUnique, key: localization.KeyDistinctItems},
	{format: validation.MsgExpectedRFC4122UUID, key: localization.KeyExpected, kind: localization.KeyKindUUID},
	{format: validation.MsgExpectedRFC3339DateTime, key: localization.KeyExpected, kind: localization.KeyKindDateTime},
	{format: validation.MsgExpectedRFC3339Date, key: localization.KeyExpected, kind: localization.KeyKindDate},
	{format: validation.MsgExpectedRFC3339Time, key: localization.KeyExpected, kind: localization.KeyKindTime},
	{format: validation.MsgExpectedRFC5322Email, key: localization.KeyExpected, kind: localization.KeyKindEmail},
	{format: validation.MsgExpectedRFC3986URI, key: localization.KeyExpected, kind: localization.KeyKindURI},
	{format: validation.MsgExpectedNumber, key: localization.KeyExpected, kind: localization.KeyKindNumber},
	{format: validation.MsgExpectedInteger, key: localization.KeyExpected, kind: localization.KeyKindInteger},
	{format: validation.MsgExpectedBoolean, key: localization.KeyExpected, kind: localization.KeyKindBoolean},
	{format: validation.MsgExpectedString, key: localization.KeyExpected, kind: localization.KeyKindString},
	{format: validation.MsgExpectedArray, key: localization.KeyExpected, kind: localization.KeyKindArray},
	{format: validation.MsgExpectedObject, key: localization.KeyExpected, kind: localization.KeyKindObject},
	{format: "invalid integer", key: localization.KeyExpected, kind: localization.KeyKindInteger},
	{format: "invalid float", key: localization.KeyExpected, kind: localization.KeyKindNumber},
	{format: "invalid floating value", key: localization.KeyExpected, kind: localization.KeyKindNumber},
	{format: "invalid boolean", key: localization.KeyExpected, kind: localization.KeyKindBoolean},
	{format: "invalid character %s", key: localization.KeyNotJSON},
	{format: "unexpected end of JSON input", key: localization.KeyNotJSON},
	{format: validation.MsgExpectedMatchPattern, key: localization.KeyPattern},
	// Last: "expected string to be %s" also fits every format message above.
	{format: validation.MsgExpectedBePattern, key: localization.KeyPattern},
}

// humaDetail says one of huma's error details as a member, a catalogue key and its
// arguments: {0} the member (its JSON path without "body." or "query."), then what the
// message carries (a limit, the allowed values, the key of the expected kind). A message
// of no known format keeps huma's text inside the generic "invalid value".
func humaDetail(d *huma.ErrorDetail) (field, key string, args []any) {
	field = d.Location
	for _, in := range []string{"body", "query", "path", "header", "cookie"} {
		if field == in {
			field = ""
			break
		}
		if rest, ok := strings.CutPrefix(field, in+"."); ok {
			field = rest
			break
		}
	}
	for _, m := range humaMessages {
		margs, ok := fitFormat(m.format, d.Message)
		if !ok {
			continue
		}
		if m.key == localization.KeyNotJSON {
			return field, m.key, nil
		}
		if m.member && len(margs) == 1 {
			if field != "" {
				field += "."
			}
			field += margs[0]
			margs = nil
		}
		label := any(field)
		if field == "" {
			label = localization.KeyFieldBody // the body itself: "请求内容…" / "The request body …"
		}
		switch {
		case m.kind != "":
			return field, m.key, []any{label, m.kind}
		case m.key == localization.KeyRequired || m.key == localization.KeyUnexpectedProperty || m.key == localization.KeyPattern:
			return field, m.key, []any{label} // their argument is a name we already show, or a regular expression
		}
		args = []any{label}
		for _, a := range margs {
			args = append(args, a)
		}
		return field, m.key, args
	}
	return field, localization.KeyInvalidValue, []any{field + " (" + d.Message + ")"}
}

// fitFormat reports whether msg is format with its verbs (%d, %v, %s) filled in, and the
// text each verb stands for.
func fitFormat(format, msg string) ([]string, bool) {
	var literals []string
	rest := format
	for {
		i := strings.IndexByte(rest, '%')
		if i < 0 || i == len(rest)-1 {
			literals = append(literals, rest)
			break
		}
		literals = append(literals, rest[:i])
		rest = rest[i+2:]
	}
	if len(literals) == 1 {
		return nil, msg == format
	}
	first, last := literals[0], literals[len(literals)-1]
	if len(msg) < len(first)+len(last) || !strings.HasPrefix(msg, first) || !strings.HasSuffix(msg, last) {
		return nil, false
	}
	body := msg[len(first) : len(msg)-len(last)]
	var args []string
	for _, lit := range literals[1 : len(literals)-1] {
		i := strings.Index(body, lit)
		if i < 0 {
			return nil, false
		}
		args = append(args, body[:i])
		body = body[i+len(lit):]
	}
	return append(args, body), true
}
