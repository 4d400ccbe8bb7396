// Package auditlogging lets administrators read and delete the audit log: the requests the
// platform recorded and, with each, the operation it ran and the entity changes its writes
// made. It keeps the log within its retention (SettingRetentionDays).
package auditlogging

import (
	"context"

	"kerf/internal/identity"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/setting"
)

// Deps is what the audit logging area needs from the app.
type Deps struct {
	DB       *db.DB
	Identity *identity.Service
	Settings *setting.Service
}

// Module is the audit logging area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area.
func New(d Deps) *Module { return &Module{deps: d, svc: NewService(d.DB, d.Settings)} }

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                   { return "auditlogging" }
func (m *Module) Menus() []module.MenuEntry      { return menus }
func (m *Module) Texts() localization.Texts      { return texts }
func (m *Module) Settings() []setting.Definition { return settings }
func (m *Module) Register(api *httpapi.API)      { m.api = api; m.register(api) }

// Start runs the retention (shortly after start, then hourly) until the returned stop is
// called; stop waits for a run in progress to end.
func (m *Module) Start() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.svc.runRetention(ctx, retentionFirst, retentionInterval)
	}()
	return func() { cancel(); <-done }
}
