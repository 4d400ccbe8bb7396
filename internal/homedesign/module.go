package homedesign

import (
	"context"
	"net/http"

	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
)

// Deps is what the design platform needs from the app.
type Deps struct {
	DB       *db.DB
	Settings *setting.Service // HomeDesign.Provider, Url, Key, Secret; nil: the development provider
	Tenants  tenancy.Resolver // finds the demo tenant for the demo seed; may be nil
	Client   *http.Client     // the http provider's client; nil: a 10 s timeout
}

// Module is the design platform area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(d Deps) *Module {
	return &Module{deps: d, svc: NewService(d.DB, d.Settings, d.Client)}
}

// Service returns the area's service (auditdesign reads plans and designs through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "homedesign" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Settings() []setting.Definition            { return settingDefinitions }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }
