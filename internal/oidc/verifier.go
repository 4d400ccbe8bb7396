package oidc

import (
	"context"
	"crypto/sha256"
	"errors"
	"slices"
	"strings"
	"sync"

	"github.com/google/uuid"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Verifier checks Kerf access tokens for the HTTP edge (auth.Verifier): the signature
// with the server key the token names, the type (at+jwt), the audience and the expiry;
// then that the token's login (sid) was not revoked and its tenant is still available.
// Logins are cached per replica and dropped on every replica through the bus when one ends
// (TopicLogins); tenants come from the identity area's cache, dropped the same way.
//
// A client sends the same access token for up to an hour, so the outcome of the
// cryptographic part (signature, header and claims) is kept per replica under the SHA-256
// of the token, never the token, until the token's exp; the login and tenant checks run on
// every request all the same.
type Verifier struct {
	strategy *strategy
	store    *store
	tenant   func(ctx context.Context, id uuid.UUID) (tenancy.Tenant, error)
	logins   *bus.Cache[string, bool] // family id → still active
	parse    func(ctx context.Context, token string) (*accessClaims, error)
	verified verifiedTokens
}

// maxVerified bounds the verified-token cache of a replica.
const maxVerified = 10_000

// verifiedTokens maps the SHA-256 of a token that passed the cryptographic checks to its
// claims (never changed once kept). Entries past their exp are never used and are dropped
// when the cache is full; if that is not enough, an arbitrary quarter goes.
type verifiedTokens struct {
	mu sync.RWMutex
	m  map[[sha256.Size]byte]*accessClaims
}

func (t *verifiedTokens) get(key [sha256.Size]byte) *accessClaims {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.m[key]
}

func (t *verifiedTokens) put(key [sha256.Size]byte, c *accessClaims, now int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = make(map[[sha256.Size]byte]*accessClaims)
	}
	if _, ok := t.m[key]; !ok && len(t.m) >= maxVerified {
		for k, v := range t.m {
			if v.Expiry <= now {
				delete(t.m, k)
			}
		}
		for k := range t.m { // map order is arbitrary
			if len(t.m) < maxVerified*3/4 {
				break
			}
			delete(t.m, k)
		}
	}
	t.m[key] = c
}

func (t *verifiedTokens) drop(key [sha256.Size]byte) {
	t.mu.Lock()
	delete(t.m, key)
	t.mu.Unlock()
}

func (t *verifiedTokens) len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.m)
}

// TopicLogins is the bus topic of an ended login (token family); the payload is its id.
const TopicLogins = "oidc.logins"

var _ auth.Verifier = (*Verifier)(nil)

func newVerifier(st *strategy, s *store, b *bus.Bus, tenant func(context.Context, uuid.UUID) (tenancy.Tenant, error)) *Verifier {
	return &Verifier{strategy: st, store: s, tenant: tenant, parse: st.parse,
		logins: bus.NewCache[string, bool](b, TopicLogins, func(id, payload string) bool { return id == payload })}
}

// claims returns the claims of an access token that passes the cryptographic checks
// (strategy.parse), from the verified-token cache when it holds the token and the
// token's exp, checked against the verifier's clock each time, has not passed. The key
// is the SHA-256 of the token; kept says whether the claims came from the cache.
func (v *Verifier) claims(ctx context.Context, token string) (c *accessClaims, key [sha256.Size]byte, kept bool, err error) {
	key = tokenKey(token)
	if c := v.verified.get(key); c != nil {
		if c.Expiry <= v.strategy.now().Unix() {
			v.verified.drop(key)
			return c, key, true, errTokenExpired
		}
		return c, key, true, nil
	}
	c, err = v.parse(ctx, token)
	return c, key, false, err
}

// tokenKey is the verified-token cache's key of a token.
func tokenKey(token string) [sha256.Size]byte { return sha256.Sum256([]byte(token)) }

// Verify implements auth.Verifier.
func (v *Verifier) Verify(ctx context.Context, token string) (*auth.Principal, error) {
	c, key, kept, err := v.claims(ctx, token)
	if err != nil {
		return nil, auth.ErrInvalidToken
	}
	p, err := v.principal(ctx, c)
	if err == nil && !kept { // only a token that passed every check is kept
		v.verified.put(key, c, v.strategy.now().Unix())
	}
	return p, err
}

// principal checks the login and tenant of a token's claims (on every request) and
// returns its principal.
func (v *Verifier) principal(ctx context.Context, c *accessClaims) (*auth.Principal, error) {
	var err error
	if c.SessionID != "" {
		active, err := v.familyActive(ctx, c.SessionID)
		if err != nil {
			return nil, err
		}
		if !active {
			return nil, auth.ErrInvalidToken
		}
	}
	p := &auth.Principal{ClientID: c.ClientID, UserName: c.PreferredUserName, Roles: slices.Clone(c.Role)}
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
func (v *Verifier) scopes(ctx context.Context, token string) []string {
	c, _, _, err := v.claims(ctx, token)
	if err != nil {
		return nil
	}
	return strings.Fields(c.Scope)
}

func (v *Verifier) familyActive(ctx context.Context, id string) (bool, error) {
	return v.logins.Get(ctx, id, func(ctx context.Context) (bool, error) { return v.store.familyActive(ctx, id) })
}

// tenantOf returns the tenant of a token and whether it is still available.
func (v *Verifier) tenantOf(ctx context.Context, id uuid.UUID) (tenancy.Tenant, bool, error) {
	t, err := v.tenant(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return tenancy.Tenant{}, false, nil
	}
	if err != nil {
		return tenancy.Tenant{}, false, err
	}
	return t, t.ID != nil && t.IsActive, nil
}
