package oidc

import (
	"context"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/ory/fosite"
	"github.com/ory/fosite/handler/openid"

	"kerf/internal/identity"
	"kerf/internal/platform/bus"
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
	DB *db.DB
	// Secret encrypts the signing keys stored in the database (config.Secret); empty: a
	// random one created once in DataDir/secret. DataDir is also where earlier versions
	// kept the keys (DataDir/oidc), imported on first start.
	Secret  string
	DataDir string
	// KeyRotation is the age at which a new signing key takes over; 0: only by hand.
	KeyRotation time.Duration
	Bus         *bus.Bus // tells every replica of new keys and ended logins; nil: none
	Identity    *identity.Service
	Permissions *permission.Service
	SecurityLog *securitylog.Service
	PhoneCodes  PhoneCodeChecker
	WeChat      ExternalSignIn // the wechat grant; nil: refused
	// Disconnect closes a user's realtime connections on every replica (after the caller's
	// commit); force-offline calls it. nil: none.
	Disconnect func(ctx context.Context, userID uuid.UUID) error
	Options    Options
}

// Options tune the area; the zero value is production's.
type Options struct {
	Now func() time.Time // clock of lockout, token and code checks (tests move it)
	// IPLimit limits token requests per client IP, UserLimit login attempts per user
	// name or phone number; nil gives the defaults, ratelimit.New(d, name, 0, 0) none.
	IPLimit, UserLimit *ratelimit.Limiter
}

// Default limits, counted in the database for every replica: a burst of 30 token
// requests per IP then 5 a second; a burst of 10 login attempts per user name then one
// every 6 seconds (10 a minute).
func defaultIPLimit(d *db.DB) *ratelimit.Limiter { return ratelimit.New(d, "oidc.ip", 5, 30) }
func defaultUserLimit(d *db.DB) *ratelimit.Limiter {
	return ratelimit.Every(d, "oidc.login", 6*time.Second, 10)
}

// Module is the OAuth 2.0 / OpenID Connect area.
type Module struct {
	module.Base
	deps      Deps
	now       func() time.Time
	api       *httpapi.API
	keys      *keyring
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

// New builds the area. The keys are read from the database when the server starts (Seed,
// which every start runs), so that a wrong secret stops the server there.
func New(deps Deps) *Module {
	m := &Module{deps: deps, now: deps.Options.Now, ipLimit: deps.Options.IPLimit, userLimit: deps.Options.UserLimit}
	if m.now == nil {
		m.now = time.Now
	}
	if m.ipLimit == nil {
		m.ipLimit = defaultIPLimit(deps.DB)
	}
	if m.userLimit == nil {
		m.userLimit = defaultUserLimit(deps.DB)
	}
	m.dummyHash, _ = identity.HashPassword("not-a-real-password")
	m.clients = newClients(deps.DB, deps.Bus)
	m.store = &store{db: deps.DB, clients: m.clients, now: m.now, bus: deps.Bus}
	m.store.lastSweep.Store(m.now().Unix())
	m.keys = newKeyring(deps.DB, deps.Bus, deps.Secret, deps.DataDir, deps.KeyRotation, m.now)
	m.provider = m.newProvider(m.keys)
	m.verifier = newVerifier(m.strategy, m.store, deps.Bus, deps.Identity.GetTenant)
	return m
}

// Verifier returns the access-token verifier.
func (m *Module) Verifier() *Verifier { return m.verifier }

// RotateKey makes a new signing key, which signs from now on; the older keys verify until
// the tokens they signed have expired.
func (m *Module) RotateKey(ctx context.Context) (KeyInfo, error) { return m.keys.rotate(ctx) }

// SigningKeys describes the stored signing keys, newest (the signing one) first.
func (m *Module) SigningKeys(ctx context.Context) ([]KeyInfo, error) { return m.keys.list(ctx) }

// Name implements module.Module.
func (m *Module) Name() string { return "oidc" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration {
	return slices.Concat(migrations, keysMigrations, wechatMigrations)
}

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register mounts the OAuth endpoints and makes this area the API's token verifier.
func (m *Module) Register(api *httpapi.API) {
	m.api = api
	api.SetVerifier(m.verifier)
	m.register(api)
}

// Seed implements module.Module: the signing keys (made, imported or checked against the
// secret; rotated when due), the web client always, the demo service client with the
// demo data.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if err := m.keys.start(ctx); err != nil {
		return err
	}
	return m.seed(ctx, demo)
}
