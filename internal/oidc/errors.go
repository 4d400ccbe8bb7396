package oidc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/ory/fosite"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
)

// oauthError is an RFC 6749 error with the message key of its error_description.
type oauthError struct {
	rfc  *fosite.RFC6749Error
	key  string
	args []any
}

func (e *oauthError) Error() string { return fmt.Sprintf("%s: %s %v", e.rfc.ErrorField, e.key, e.args) }
func (e *oauthError) Unwrap() error { return e.rfc }

func oerr(base *fosite.RFC6749Error, key string, args ...any) error {
	return &oauthError{rfc: base, key: key, args: args}
}

// errTooManyRequests is the RFC 6749-shaped answer to a rate-limited client.
var errTooManyRequests = &fosite.RFC6749Error{ErrorField: "too_many_requests",
	DescriptionField: "Too many requests.", CodeField: http.StatusTooManyRequests}

// fromUserError carries a business rule broken elsewhere (a phone code, ...) as invalid_grant.
func fromUserError(err error) error {
	var ue *apperr.UserError
	if errors.As(err, &ue) {
		return oerr(fosite.ErrInvalidGrant, ue.Key, ue.Args...)
	}
	var ve *apperr.ValidationError
	if errors.As(err, &ve) && len(ve.Fields) > 0 {
		return oerr(fosite.ErrInvalidRequest, ve.Fields[0].Key, ve.Fields[0].Args...)
	}
	if errors.Is(err, apperr.ErrTooManyRequests) {
		return oerr(errTooManyRequests, localization.KeyTooFast)
	}
	return fosite.ErrServerError.WithWrap(err)
}

// describe maps any error of the OAuth endpoints to its RFC 6749 code, status and
// localised description.
func (m *Module) describe(ctx context.Context, grant string, err error) (code string, status int, description string) {
	rfc := fosite.ErrorToRFC6749Error(err)
	code, status = rfc.ErrorField, rfc.CodeField
	if status == 0 {
		status = http.StatusBadRequest
	}
	key, args := "", []any(nil)
	var oe *oauthError
	if errors.As(err, &oe) {
		key, args = oe.key, oe.args
	} else {
		switch {
		case code == "invalid_grant" && grant == GrantRefreshToken && errors.Is(err, fosite.ErrInactiveToken):
			key = KeyRefreshReused
		case code == "invalid_grant" && grant == GrantRefreshToken && errors.Is(err, fosite.ErrTokenExpired):
			key = KeyRefreshExpired
		case code == "invalid_grant" && grant == GrantRefreshToken:
			key = KeyRefreshInvalid
		case code == "invalid_grant" && grant == GrantAuthorizationCode:
			key = KeyCodeInvalid
		case code == "invalid_grant":
			key = KeyInvalidGrant
		case code == "invalid_client":
			key = KeyInvalidClient
		case code == "invalid_scope":
			key = KeyInvalidScope
		case code == "unauthorized_client":
			key = KeyUnauthorizedClient
		case code == "unsupported_grant_type":
			key, args = KeyUnsupportedGrantType, []any{grant}
		case code == "access_denied" || code == "request_forbidden":
			key = KeyAccessDenied
		case code == "invalid_request" && grant == GrantRefreshToken:
			key = KeyRefreshInvalid // e.g. two refreshes racing with one token
		case code == "invalid_request":
			key = KeyInvalidRequest
		default:
			code, status, key = "server_error", http.StatusInternalServerError, KeyServerError
			slog.ErrorContext(ctx, "oauth request failed", "err", err, "debug", rfc.DebugField, "grant", grant)
		}
	}
	if code == "error" { // fosite's "unknown" error name
		code = "invalid_request"
	}
	return code, status, m.api.Catalog.T(ctx, key, args...)
}

// writeError answers err in the RFC 6749 shape: {"error", "error_description"}.
func (m *Module) writeError(ctx context.Context, w http.ResponseWriter, grant string, err error) {
	code, status, desc := m.describe(ctx, grant, err)
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	if status == http.StatusUnauthorized && code == "invalid_client" {
		w.Header().Set("WWW-Authenticate", `Basic realm="kerf"`)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	httpapi.WriteJSON(w, status, map[string]string{"error": code, "error_description": desc})
}

// writeTooFast answers a rate-limited request with 429 and Retry-After.
func (m *Module) writeTooFast(ctx context.Context, w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(wait.Seconds(), 1)))))
	w.Header().Set("Cache-Control", "no-store")
	httpapi.WriteJSON(w, http.StatusTooManyRequests, map[string]string{"error": "too_many_requests",
		"error_description": m.api.Catalog.T(ctx, localization.KeyTooFast)})
}
