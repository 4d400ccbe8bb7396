package wechat

import (
	"context"
	"net/http"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
)

// Deps is what the WeChat area needs from the app.
type Deps struct {
	DB       *db.DB
	Settings *setting.Service // the official account's app id and secret
	// HTTPClient calls WeChat's API; nil: a client with a 10 s timeout.
	HTTPClient *http.Client
	// Provider, when set, is used whatever the settings say (tests).
	Provider Provider
	Now      func() time.Time // nil: time.Now
}

// Module is the WeChat area.
type Module struct {
	module.Base
	svc *Service
	api *httpapi.API
}

// New builds the area.
func New(d Deps) *Module {
	official := func(appID, secret string) Provider { return NewOfficial(appID, secret, d.HTTPClient) }
	return &Module{svc: NewService(d.DB, d.Settings, official, d.Provider, d.Now)}
}

// Service returns the service (the OIDC area's wechat grant signs in through it).
func (m *Module) Service() *Service { return m.svc }

// Name implements module.Module.
func (m *Module) Name() string { return "wechat" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Permissions implements module.Module.
func (m *Module) Permissions() []permission.Group { return permissionGroups }

// Settings implements module.Module.
func (m *Module) Settings() []setting.Definition { return Settings() }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }

// Seed implements module.Module: nothing to seed.
func (m *Module) Seed(context.Context, bool) error { return nil }
