package oidc

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ory/fosite"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// fclient is a stored client as fosite sees it.
type fclient struct {
	row       Client
	grants    []string
	scopes    []string
	redirects []string
	origins   []string
	secrets   [][]byte // base64 SHA-256 values, unexpired
}

var _ fosite.ClientWithCustomTokenLifespans = (*fclient)(nil)

func (c *fclient) GetID() string                   { return c.row.ClientID }
func (c *fclient) IsPublic() bool                  { return !c.row.RequireClientSecret }
func (c *fclient) GetAudience() fosite.Arguments   { return nil }
func (c *fclient) GetRedirectURIs() []string       { return c.redirects }
func (c *fclient) GetScopes() fosite.Arguments     { return c.scopes }
func (c *fclient) GetGrantTypes() fosite.Arguments { return c.grants }

// GetHashedSecret returns the first secret; the others are "rotated" ones fosite also accepts.
func (c *fclient) GetHashedSecret() []byte {
	if len(c.secrets) == 0 {
		return nil
	}
	return c.secrets[0]
}

func (c *fclient) GetRotatedHashes() [][]byte {
	if len(c.secrets) < 2 {
		return nil
	}
	return c.secrets[1:]
}

func (c *fclient) GetResponseTypes() fosite.Arguments {
	if slices.Contains(c.grants, GrantAuthorizationCode) {
		return fosite.Arguments{"code"}
	}
	return nil
}

// GetEffectiveLifespan gives fosite the client's lifetimes (in seconds in the row).
func (c *fclient) GetEffectiveLifespan(_ fosite.GrantType, tt fosite.TokenType, fallback time.Duration) time.Duration {
	sec := func(n int) time.Duration {
		if n <= 0 {
			return fallback
		}
		return time.Duration(n) * time.Second
	}
	switch tt {
	case fosite.AccessToken:
		return sec(c.row.AccessTokenLifetime)
	case fosite.IDToken:
		return sec(c.row.IdentityTokenLifetime)
	case fosite.AuthorizeCode:
		return sec(c.row.AuthorizationCodeLifetime)
	case fosite.RefreshToken:
		if c.row.RefreshTokenExpiration == RefreshSliding && c.row.SlidingRefreshTokenLifetime > 0 {
			return sec(c.row.SlidingRefreshTokenLifetime)
		}
		return sec(c.row.AbsoluteRefreshTokenLifetime)
	}
	return fallback
}

// refreshExpiry is when a refresh token issued now ends: the sliding lifetime from now
// (for sliding clients), never after the chain's absolute end.
func (c *fclient) refreshExpiry(now, familyEnd time.Time) time.Time {
	end := familyEnd
	if c.row.RefreshTokenExpiration == RefreshSliding && c.row.SlidingRefreshTokenLifetime > 0 {
		if s := now.Add(time.Duration(c.row.SlidingRefreshTokenLifetime) * time.Second); s.Before(end) {
			end = s
		}
	}
	return end.Round(time.Second)
}

// absoluteEnd is when a chain of refresh tokens started now must end.
func (c *fclient) absoluteEnd(now time.Time) time.Time {
	n := c.row.AbsoluteRefreshTokenLifetime
	if n <= 0 {
		n = 2592000
	}
	return now.Add(time.Duration(n) * time.Second).Round(time.Second)
}

// TopicClients drops cached clients on every replica; the payload is a client id, or "*"
// for all. Whoever writes client rows (the seed, the identity-server screens) publishes it
// after the write commits.
const TopicClients = "oidc.clients"

// clients loads clients from their tables through a per-replica cache (the token endpoint
// reads one per request), dropped through the bus when a client changes.
type clients struct {
	db    *db.DB
	bus   *bus.Bus
	cache *bus.Cache[string, *fclient]
}

func newClients(d *db.DB, b *bus.Bus) *clients {
	return &clients{db: d, bus: b,
		cache: bus.NewCache[string, *fclient](b, TopicClients, func(id, payload string) bool { return id == payload })}
}

// get returns an enabled client by client id, or fosite.ErrNotFound (which is not cached).
func (cs *clients) get(ctx context.Context, clientID string) (*fclient, error) {
	return cs.cache.Get(ctx, clientID, func(ctx context.Context) (*fclient, error) { return cs.load(ctx, clientID) })
}

// changed drops the cached client clientID ("*": all) on every replica, after the current
// transaction commits.
func (cs *clients) changed(ctx context.Context, clientID string) error {
	if err := cs.bus.Publish(ctx, TopicClients, clientID); err != nil {
		return fmt.Errorf("announce client change: %w", err)
	}
	return nil
}

func (cs *clients) load(ctx context.Context, clientID string) (*fclient, error) {
	host := tenancy.WithTenant(ctx, tenancy.Tenant{}) // clients are host rows
	c := &fclient{}
	err := db.Select(host, cs.db, &c.row).Where("client_id = ?", clientID).Where("enabled = ?", true).Scan(host)
	if err != nil {
		if errors.Is(db.NotFound(err, ""), db.ErrNotFound) {
			return nil, fosite.ErrNotFound
		}
		return nil, fmt.Errorf("load client %s: %w", clientID, err)
	}
	id := c.row.ID
	if err := cs.db.NewSelect().Model((*ClientGrantType)(nil)).Column("grant_type").Where("client_id = ?", id).Scan(ctx, &c.grants); err != nil {
		return nil, fmt.Errorf("client grant types: %w", err)
	}
	if err := cs.db.NewSelect().Model((*ClientScope)(nil)).Column("scope").Where("client_id = ?", id).Scan(ctx, &c.scopes); err != nil {
		return nil, fmt.Errorf("client scopes: %w", err)
	}
	if err := cs.db.NewSelect().Model((*ClientRedirectURI)(nil)).Column("redirect_uri").Where("client_id = ?", id).Scan(ctx, &c.redirects); err != nil {
		return nil, fmt.Errorf("client redirect uris: %w", err)
	}
	if err := cs.db.NewSelect().Model((*ClientCorsOrigin)(nil)).Column("origin").Where("client_id = ?", id).Scan(ctx, &c.origins); err != nil {
		return nil, fmt.Errorf("client cors origins: %w", err)
	}
	var secrets []ClientSecret
	if err := cs.db.NewSelect().Model(&secrets).Where("client_id = ?", id).Scan(ctx); err != nil {
		return nil, fmt.Errorf("client secrets: %w", err)
	}
	for _, s := range secrets {
		if s.Expiration == nil || s.Expiration.After(time.Now()) {
			c.secrets = append(c.secrets, []byte(s.Value))
		}
	}
	return c, nil
}

// HashSecret returns the stored form of a client secret: base64 of its SHA-256, as
// IdentityServer's Sha256() does, so secrets entered on the client screens work alike.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// secretHasher is fosite's Hasher over HashSecret.
type secretHasher struct{}

func (secretHasher) Compare(_ context.Context, hash, data []byte) error {
	if subtle.ConstantTimeCompare(hash, []byte(HashSecret(string(data)))) == 1 {
		return nil
	}
	return errors.New("client secret mismatch")
}

func (secretHasher) Hash(_ context.Context, data []byte) ([]byte, error) {
	return []byte(HashSecret(string(data))), nil
}
