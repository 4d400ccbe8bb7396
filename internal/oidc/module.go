package oidc

import (
	"context"
	"log/slog"
	"time"

	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/openid"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/securitylog"
)

// PhoneCodeChecker checks a code sent by SMS (the account area implements it). A wrong,
// expired or exhausted code is an *apperr.UserError with a localised key.
type PhoneCodeChecker interface {
	CheckCode(ctx context.Context, purpose int, phone, code string) error
}

// Deps is what the OIDC area needs from the app.
type Deps struct {
	DB          *db.DB
	DataDir     string // the signing key and token secret live in DataDir/oidc
	Identity    *identity.Service
	Permissions *permission.Service
	SecurityLog *securitylog.Service
	PhoneCodes  PhoneCodeChecker
	Options     Options
}

// Options tune the area; the zero value is production's.
type Options struct {
	Now func() time.Time // clock of lockout, token and code checks (tests move it)
	// IPLimit limits token requests per client IP, UserLimit login attempts per user
	// name or phone number; nil gives the defaults, ratelimit.New(0, 0) none.
	IPLimit, UserLimit *ratelimit.Limiter
}

// Default limits: a burst of 30 token requests per IP then 5 a second; a burst of 10
// login attempts per user name then one every 6 seconds (10 a minute).
func defaultIPLimit() *ratelimit.Limiter   { return ratelimit.New(5, 30) }
func defaultUserLimit() *ratelimit.Limiter { return ratelimit.Every(6*time.Second, 10) }

// Module is the OAuth 2.0 / OpenID Connect area.
type Module struct {
	module.Base
	deps      Deps
	now       func() time.Time
	api       *httpapi.API
	keys      *keys
	keyErr    error
	clients   *clients
	store     *store
	strategy  *strategy
	idHelper  *openid.IDTokenHandleHelper
	provider  fosite.OAuth2Provider
	verifier  *Verifier
	ipLimit   *ratelimit.Limiter
	userLimit *ratelimit.Limiter
	dummyHash string
}

// New builds the area. A signing key that cannot be read or created is reported by Seed
// (every start seeds), so the server refuses to start without one.
func New(deps Deps) *Module {
	m := &Module{deps: deps, now: deps.Options.Now, ipLimit: deps.Options.IPLimit, userLimit: deps.Options.UserLimit}
	if m.now == nil {
		m.now = time.Now
	}
	if m.ipLimit == nil {
		m.ipLimit = defaultIPLimit()
	}
	if m.userLimit == nil {
		m.userLimit = defaultUserLimit()
	}
	m.dummyHash, _ = identity.HashPassword("not-a-real-password")
	m.clients = newClients(deps.DB)
	m.store = &store{db: deps.DB, clients: m.clients, now: m.now}
	m.store.lastSweep.Store(m.now().Unix())
	m.keys, m.keyErr = loadKeys(deps.DataDir)
	if m.keyErr != nil {
		return m
	}
	m.provider, m.keyErr = m.newProvider(m.keys)
	if m.keyErr != nil {
		return m
	}
	m.verifier = newVerifier(m.strategy, m.store, deps.Identity.GetTenant, m.now)
	m.store.onRevoke = m.verifier.forget
	return m
}

// Verifier returns the access-token verifier (nil when the key could not be loaded).
func (m *Module) Verifier() *Verifier { return m.verifier }

// Name implements module.Module.
func (m *Module) Name() string { return "oidc" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register mounts the OAuth endpoints and makes this area the API's token verifier.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	if m.keyErr != nil {
		slog.Error("oidc: no signing key; the token endpoints are not mounted", "err", m.keyErr)
		return
	}
	api.SetVerifier(m.verifier)
	m.register(api)
}

// Seed implements module.Module: the web client always, the demo service client with
// the demo data.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if m.keyErr != nil {
		return m.keyErr
	}
	return m.seed(ctx, demo)
}
