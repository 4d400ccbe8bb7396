// Package tenantdb keeps the tenants' connection strings and puts a tenant on a database of
// its own: apply-database-migrations migrates it and moves the tenant's rows there, and
// platform/db routes the tenant's statements to it from then on (docs/decisions/0014,
// "Tenants on their own databases").
package tenantdb

import (
	"context"

	"github.com/google/uuid"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
)

// PermManageConnectionStrings is identity's AbpTenantManagement.Tenants.ManageConnectionStrings
// (host only).
const PermManageConnectionStrings = "AbpTenantManagement.Tenants.ManageConnectionStrings"

// tenantPool is the connection pool of each tenant's own database, per replica.
var tenantPool = db.Pool{MaxOpen: 8}

// Deps is what the area needs from the app.
type Deps struct {
	DB      *db.DB
	Bus     *bus.Bus
	Tenants Tenants
	DataDir string // SQLite files of tenants are relative to it
	// Migrations lists every migration of the installation (the app's), applied to a
	// tenant's database as to the host's.
	Migrations func() []db.Migration
}

// Module is the tenants' databases area.
type Module struct {
	module.Base
	svc *Service
}

// New builds the area, marks the host tables and makes d route the statements of tenants
// with a database of their own there (forgotten on every replica through the bus).
func New(d Deps) *Module {
	for name := range hostTables {
		db.HostTable(name)
	}
	s := &Service{db: d.DB, bus: d.Bus, tenants: d.Tenants, dataDir: d.DataDir, migrations: d.Migrations}
	d.DB.UseTenantDatabases(s.Resolve, tenantPool)
	d.Bus.Subscribe(Topic, func(payload string) {
		if id, err := uuid.Parse(payload); err == nil {
			d.DB.ForgetTenant(id)
			return
		}
		d.DB.ForgetTenants() // "*": messages may have been lost
	})
	return &Module{svc: s}
}

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

// Name implements module.Module.
func (m *Module) Name() string { return "tenantdb" }

// Migrations implements module.Module.
func (m *Module) Migrations() []db.Migration { return migrations }

// Texts implements module.Module.
func (m *Module) Texts() localization.Texts { return texts }

// Register implements module.Module.
func (m *Module) Register(api *httpapi.API) { m.register(api) }

// Seed implements module.Module: nothing to seed.
func (m *Module) Seed(context.Context, bool) error { return nil }
