package importmapping

import (
	"context"

	"kerf/internal/datadictionary"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/tenancy"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB           *db.DB
	Bus          *bus.Bus
	Catalog      *localization.Catalog
	Permissions  *permission.Service
	Dictionaries *datadictionary.Module // value mappings may take a dictionary's items
	Tenants      tenancy.Resolver       // finds the demo tenant for the demo seed; may be nil (the host only)
}

// Module is the import mapping area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
	api  *httpapi.API
}

// New builds the area.
func New(deps Deps) *Module {
	var dicts Dictionaries
	if deps.Dictionaries != nil {
		dicts = dictionaries{deps.Dictionaries}
	}
	return &Module{deps: deps, svc: NewService(deps.DB, deps.Catalog, dicts)}
}

// Service returns the area's service for other areas (sales orders and optimisation read
// their files through it).
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "importmapping" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx, demo) }

// dictionaries adapts the datadictionary area's service to what this area needs.
type dictionaries struct{ m *datadictionary.Module }

func (d dictionaries) Details(ctx context.Context, code string) ([]DictionaryItem, error) {
	rows, err := d.m.Service().Details(ctx, code)
	if err != nil {
		return nil, err
	}
	out := make([]DictionaryItem, len(rows))
	for i, r := range rows {
		out[i] = DictionaryItem{Code: r.Code, Label: r.Label, Value: r.Value}
	}
	return out, nil
}
