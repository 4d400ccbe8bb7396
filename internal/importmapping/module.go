// Package importmapping keeps how files and forms map to Kerf's fields: import rule mappings
// (spreadsheet columns to fields), form field mappings and import split mappings (which lines
// of an order a spreadsheet row becomes).
package importmapping

import (
	"kerf/internal/datadictionary"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/db"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB           *db.DB
	Bus          *bus.Bus
	Catalog      *localization.Catalog
	Permissions  *permission.Service
	Dictionaries *datadictionary.Module // value mappings may take a dictionary's items
}

// Module is the import mapping area.
type Module struct {
	module.Base
	deps Deps
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps} }

func (m *Module) Name() string { return "importmapping" }
