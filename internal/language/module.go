// Package language keeps the languages the product offers and the texts administrators
// override (spec 002 §7.7, decision 0014): every module's texts and the web client's
// bundled ones, per culture. It is the catalog's source of overrides, so a changed text
// reaches the server's own messages and application-localization.
package language

import (
	"context"
	"io/fs"

	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the language area needs from the app.
type Deps struct {
	DB      *db.DB
	Bus     *bus.Bus // drops every replica's cached languages and overrides on a change
	Catalog *localization.Catalog
	Web     fs.FS // the web client's locale files (web.Locales); nil: no Web.* resources
}

// Module is the language area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area: it adds the web client's texts to the catalog and becomes its
// source of overrides and languages.
func New(d Deps) (*Module, error) {
	if err := addWebTexts(d.Catalog, d.Web); err != nil {
		return nil, err
	}
	svc := NewService(d.DB, d.Bus, d.Catalog)
	d.Catalog.SetOverrides(svc)
	return &Module{deps: d, svc: svc}, nil
}

// Service returns the area's service for other areas and tests.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                              { return "language" }
func (m *Module) Migrations() []db.Migration                { return migrations }
func (m *Module) Permissions() []permission.Group           { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry                 { return menus }
func (m *Module) Texts() localization.Texts                 { return texts }
func (m *Module) Seed(ctx context.Context, demo bool) error { return m.seed(ctx) }
