// Package auth carries the authenticated caller through a request and defines how a
// bearer token is turned into one.
package auth

import (
	"context"
	"errors"

	"github.com/google/uuid"
)

// Principal is the caller of a request.
type Principal struct {
	UserID               uuid.UUID
	TenantID             *uuid.UUID
	TenantName           string
	UserName             string
	Roles                []string
	ClientID             string
	ImpersonatorUserID   *uuid.UUID
	ImpersonatorTenantID *uuid.UUID
	// ClientOnly is true for client_credentials tokens, which have no user.
	ClientOnly bool
}

// Authenticated reports whether a user or a client is behind the request.
func (p *Principal) Authenticated() bool { return p != nil && (p.UserID != uuid.Nil || p.ClientOnly) }

// ErrInvalidToken is returned by a Verifier for a missing, malformed or expired token.
var ErrInvalidToken = errors.New("auth: invalid token")

// Verifier checks a bearer access token.
type Verifier interface {
	Verify(ctx context.Context, token string) (*Principal, error)
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the caller, or nil for an anonymous request.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}

// UserID returns the caller's user id, or nil when anonymous.
func UserID(ctx context.Context) *uuid.UUID {
	p := FromContext(ctx)
	if p == nil || p.UserID == uuid.Nil {
		return nil
	}
	id := p.UserID
	return &id
}
