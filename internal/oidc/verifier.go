package oidc

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Verifier checks Kerf access tokens for the HTTP edge (auth.Verifier): the signature
// with the server key, the type (at+jwt), the audience and the expiry; then that the
// token's login (sid) was not revoked and its tenant is still available. Both lookups
// are cached for cacheTTL, so a revocation by another replica, or a tenant switched
// off, takes effect within that time; revocations by this process take effect at once.
type Verifier struct {
	strategy *strategy
	store    *store
	tenant   func(ctx context.Context, id uuid.UUID) (tenancy.Tenant, error)
	now      func() time.Time
	ttl      time.Duration

	mu       sync.Mutex
	families map[string]cached[bool]
	tenants  map[uuid.UUID]cached[tenancy.Tenant]
}

type cached[T any] struct {
	v  T
	at time.Time
}

var _ auth.Verifier = (*Verifier)(nil)

const cacheTTL = 30 * time.Second

func newVerifier(st *strategy, s *store, tenant func(context.Context, uuid.UUID) (tenancy.Tenant, error), now func() time.Time) *Verifier {
	return &Verifier{strategy: st, store: s, tenant: tenant, now: now, ttl: cacheTTL,
		families: map[string]cached[bool]{}, tenants: map[uuid.UUID]cached[tenancy.Tenant]{}}
}

// Verify implements auth.Verifier.
func (v *Verifier) Verify(ctx context.Context, token string) (*auth.Principal, error) {
	c, err := v.strategy.parse(token)
	if err != nil {
		return nil, auth.ErrInvalidToken
	}
	if c.SessionID != "" {
		active, err := v.familyActive(ctx, c.SessionID)
		if err != nil {
			return nil, err
		}
		if !active {
			return nil, auth.ErrInvalidToken
		}
	}
	p := &auth.Principal{ClientID: c.ClientID, UserName: c.PreferredUserName, Roles: c.Role}
	if c.Subject == "" {
		p.ClientOnly = true
		return p, nil
	}
	if p.UserID, err = uuid.Parse(c.Subject); err != nil {
		return nil, auth.ErrInvalidToken
	}
	if c.TenantID != "" {
		tid, err := uuid.Parse(c.TenantID)
		if err != nil {
			return nil, auth.ErrInvalidToken
		}
		t, ok, err := v.tenantOf(ctx, tid)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		p.TenantID, p.TenantName = &tid, t.Name
	}
	if c.ImpersonatorUserID != "" {
		if id, err := uuid.Parse(c.ImpersonatorUserID); err == nil {
			p.ImpersonatorUserID = &id
		}
		if id, err := uuid.Parse(c.ImpersonatorTenantID); err == nil {
			p.ImpersonatorTenantID = &id
		}
	}
	return p, nil
}

// scopes returns the scopes of a valid access token (userinfo needs them; a Principal
// does not carry them).
func (v *Verifier) scopes(token string) []string {
	c, err := v.strategy.parse(token)
	if err != nil {
		return nil
	}
	return strings.Fields(c.Scope)
}

func (v *Verifier) familyActive(ctx context.Context, id string) (bool, error) {
	now := v.now()
	v.mu.Lock()
	e, ok := v.families[id]
	v.mu.Unlock()
	if ok && now.Sub(e.at) < v.ttl {
		return e.v, nil
	}
	active, err := v.store.familyActive(ctx, id)
	if err != nil {
		return false, err
	}
	v.mu.Lock()
	if len(v.families) > 50000 {
		clear(v.families)
	}
	v.families[id] = cached[bool]{v: active, at: now}
	v.mu.Unlock()
	return active, nil
}

// forget drops a family from the cache (it was just revoked here).
func (v *Verifier) forget(id string) {
	v.mu.Lock()
	delete(v.families, id)
	v.mu.Unlock()
}

func (v *Verifier) tenantOf(ctx context.Context, id uuid.UUID) (tenancy.Tenant, bool, error) {
	now := v.now()
	v.mu.Lock()
	e, ok := v.tenants[id]
	v.mu.Unlock()
	if !ok || now.Sub(e.at) >= v.ttl {
		t, err := v.tenant(ctx, id)
		if errors.Is(err, db.ErrNotFound) {
			t, err = tenancy.Tenant{}, nil
		}
		if err != nil {
			return tenancy.Tenant{}, false, err
		}
		e = cached[tenancy.Tenant]{v: t, at: now}
		v.mu.Lock()
		if len(v.tenants) > 10000 {
			clear(v.tenants)
		}
		v.tenants[id] = e
		v.mu.Unlock()
	}
	return e.v, e.v.ID != nil && e.v.IsActive, nil
}
