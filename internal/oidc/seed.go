package oidc

import (
	"context"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// Seeded clients.
const (
	WebClientID = "kerf-web"
	// DemoServiceClientID and DemoServiceSecret are the confidential demo client of the
	// client_credentials grant (seeded with the demo data only; docs/decisions/0002-oidc.md).
	DemoServiceClientID = "kerf-demo-service"
	DemoServiceSecret   = "kerf-demo-service-secret"
)

// WebScopes are the scopes of the web client.
var WebScopes = []string{ScopeOpenID, ScopeProfile, ScopeEmail, ScopePhone, ScopeRole, ScopeOfflineAccess, ScopeAPI}

// webRedirects are where the web client may receive authorization codes: the built app
// served by kerf and the Vite development server (loopback ports are free, RFC 8252).
var webRedirects = []string{"http://127.0.0.1:8080/auth-redirect", "http://localhost:8080/auth-redirect",
	"http://localhost:5173/auth-redirect"}

// clientSeed is a client with its lists.
type clientSeed struct {
	Client
	grants, scopes, redirects, origins []string
	secret                             string
}

func (m *Module) seed(ctx context.Context, demo bool) error {
	web := clientSeed{
		Client: Client{ClientID: WebClientID, ClientName: "Kerf", Description: "Kerf web application", Enabled: true,
			ProtocolType: "oidc", RequireClientSecret: false, RequirePkce: true, AllowRememberConsent: true,
			AllowAccessTokensViaBrowser: true, AllowOfflineAccess: true, FrontChannelLogoutSessionRequired: true,
			BackChannelLogoutSessionRequired: true, IdentityTokenLifetime: 300, AccessTokenLifetime: 3600,
			AuthorizationCodeLifetime: 300, AbsoluteRefreshTokenLifetime: 2592000, SlidingRefreshTokenLifetime: 1296000,
			RefreshTokenUsage: RefreshOneTime, RefreshTokenExpiration: RefreshSliding, UpdateAccessTokenClaimsOnRefresh: true,
			AccessTokenType: AccessTokenJwt, EnableLocalLogin: true, IncludeJwtID: true, ClientClaimsPrefix: "client_",
			DeviceCodeLifetime: 300},
		grants:    []string{GrantPassword, GrantRefreshToken, GrantPhoneVerify, GrantImpersonation, GrantAuthorizationCode, GrantWeChat},
		scopes:    WebScopes,
		redirects: webRedirects,
		origins:   []string{"http://127.0.0.1:8080", "http://localhost:8080", "http://localhost:5173"},
	}
	seeds := []clientSeed{web}
	if demo {
		seeds = append(seeds, clientSeed{
			Client: Client{ClientID: DemoServiceClientID, ClientName: "Kerf demo service",
				Description: "Demo of a server-to-server client (client_credentials)", Enabled: true, ProtocolType: "oidc",
				RequireClientSecret: true, RequirePkce: true, AllowRememberConsent: true, IdentityTokenLifetime: 300,
				AccessTokenLifetime: 3600, AuthorizationCodeLifetime: 300, AbsoluteRefreshTokenLifetime: 2592000,
				SlidingRefreshTokenLifetime: 1296000, RefreshTokenUsage: RefreshOneTime, RefreshTokenExpiration: RefreshAbsolute,
				AccessTokenType: AccessTokenJwt, EnableLocalLogin: true, IncludeJwtID: true, ClientClaimsPrefix: "client_",
				FrontChannelLogoutSessionRequired: true, BackChannelLogoutSessionRequired: true, DeviceCodeLifetime: 300},
			grants: []string{GrantClientCredentials},
			scopes: []string{ScopeAPI},
			secret: DemoServiceSecret,
		})
	}
	host := tenancy.WithTenant(ctx, tenancy.Tenant{})
	for _, s := range seeds {
		if err := m.ensureClient(host, s); err != nil {
			return err
		}
	}
	return m.clients.changed(ctx, bus.All)
}

// ensureClient adds a client with its lists unless a client of that id exists (an
// administrator may have changed it since; the seed does not undo that).
func (m *Module) ensureClient(ctx context.Context, s clientSeed) error {
	exists, err := db.Select(ctx, m.deps.DB, (*Client)(nil)).Where("client_id = ?", s.ClientID).Exists(ctx)
	if err != nil {
		return fmt.Errorf("seed client %s: %w", s.ClientID, err)
	}
	if exists {
		return nil
	}
	return m.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		c := s.Client
		if err := db.Insert(ctx, tx, &c); err != nil {
			return err
		}
		var rows []any
		for _, g := range s.grants {
			rows = append(rows, &ClientGrantType{ClientID: c.ID, GrantType: g})
		}
		for _, sc := range s.scopes {
			rows = append(rows, &ClientScope{ClientID: c.ID, Scope: sc})
		}
		for _, u := range s.redirects {
			rows = append(rows, &ClientRedirectURI{ClientID: c.ID, RedirectURI: u})
		}
		for _, o := range s.origins {
			rows = append(rows, &ClientCorsOrigin{ClientID: c.ID, Origin: o})
		}
		if s.secret != "" {
			rows = append(rows, &ClientSecret{ClientID: c.ID, Type: "SharedSecret", Value: HashSecret(s.secret), Description: "demo secret"})
		}
		for _, r := range rows {
			if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
				return fmt.Errorf("seed client %s: %w", s.ClientID, err)
			}
		}
		return nil
	})
}

var _ = errors.New
