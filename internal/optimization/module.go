// Package optimization is the panel-saw optimisation service (docs/decisions/0013): import-file
// settings, optimise and machine parameters, materials and their boards, import files and
// their parts, runs through the job queue, their results, diagrams, labels and saw files, the
// saw kanban and the utilisation figures. The engine is internal/cutting.
package optimization

import (
	"context"

	"kerf/internal/auditdesign"
	"kerf/internal/platform/db"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/platform/tenancy"
	"kerf/internal/texttemplate"
	"kerf/internal/warehouse"
)

// Deps is what the area needs from the app.
type Deps struct {
	DB          *db.DB
	Catalog     *localization.Catalog
	Permissions *permission.Service
	Tenants     tenancy.Resolver // finds the demo tenant for the demo seed; may be nil
	// Reviews reads the design JSON of passed review sheets (import-files/from-audit-designs).
	Reviews *auditdesign.Service
	// Stock is the warehouse, the one record of what is on hand (nil: one on DB).
	Stock *warehouse.Service
	// Mail, Templates and Recipient send the starter of a run the "optimisation finished" e-mail
	// (Kerf.OptimizationFinished) in the finishing transaction, linking to PublicURL's runs
	// page; any of them nil: none is sent.
	Mail      MailTx
	Templates *texttemplate.Service
	Recipient Recipient
	PublicURL string
	// Settings answers the optimisation settings (the settings page's optimisation tab): the
	// parameters and machine a run takes when none is named, the labels' layout; nil: the rows
	// marked default and the A4 sheet.
	Settings *setting.Service
	// Notifier tells the starter of a run that it finished or failed (runs_notify.go); nil: no one.
	Notifier Notifier
	// Progress pushes a run's progress to its starter on the notifications hub as it is
	// written (runs_live.go); nil: the page only polls.
	Progress ProgressPusher
}

var _ module.Module = (*Module)(nil)

// Module is the optimisation area.
type Module struct {
	module.Base
	deps Deps
	svc  *Service
}

// New builds the area.
func New(deps Deps) *Module { return &Module{deps: deps, svc: NewService(deps)} }

// Service returns the area's service.
func (m *Module) Service() *Service { return m.svc }

func (m *Module) Name() string                    { return "optimization" }
func (m *Module) Permissions() []permission.Group { return permissionGroups }
func (m *Module) Menus() []module.MenuEntry {
	return module.WithFeature(FeatureOptimization, menus())
}

// Features of the area (docs/decisions/0014): the whole area is a switch; a run's pieces are limited.
const (
	FeatureOptimization    = "Kerf.Optimization"
	FeatureMaxPartsPerRun  = "Kerf.Optimization.MaxPartsPerRun"
	defaultMaxPartsPerRun  = "20000"
	featureMaxPartsCeiling = 10_000_000
)

// Features declares the area's switch and its parts-per-run limit.
func (m *Module) Features() []feature.Group {
	return []feature.Group{{Name: FeatureOptimization, DisplayName: menuText("优化排版", "Optimisation"),
		Features: []feature.Definition{
			{Name: FeatureOptimization, Type: feature.TypeBool, Default: "true",
				DisplayName: menuText("优化排版", "Optimisation"),
				Description: menuText("导入文件、优化方案、锯看板和利用率", "Import files, runs, the saw kanban and utilisation")},
			{Name: FeatureMaxPartsPerRun, Parent: FeatureOptimization, Type: feature.TypeInt, Default: defaultMaxPartsPerRun,
				Min: 0, Max: featureMaxPartsCeiling, DisplayName: menuText("每次优化的最多板件数", "Parts per run"),
				Description: menuText("一次优化的板件总数上限（0 为不限）", "The most pieces one run may have (0: no limit)")},
		}}}
}

// Migrations are the import files' tables, then the settings', the materials', the runs' (the
// order they were released in; each slice frozen once released, a change a new migration at its end).
func (m *Module) Migrations() []db.Migration {
	out := append(append([]db.Migration{}, importMigrations...), settingsMigrations...)
	out = append(out, materialsMigrations...)
	return append(out, runsMigrations...)
}

// Texts are the area's messages, one map per part of the area.
func (m *Module) Texts() localization.Texts {
	out := localization.Texts{}
	for _, part := range []localization.Texts{texts, settingsTexts, materialsTexts, importTexts, problemTexts, runTexts, kanbanTexts, runExcelTexts, printTexts, utilisationTexts, finishedMailTexts, notifyTexts} {
		for k, v := range part {
			out[k] = v
		}
	}
	return out
}

// Register mounts the area's calls.
func (m *Module) Register(api *httpapi.API) {
	m.registerSettings(api)
	m.registerMaterials(api)
	m.registerImports(api)
	m.registerRuns(api)
	m.registerPrint(api)
	m.registerUtilisation(api)
}

// Seed writes the demo tenant's settings, materials and boards when demo is true.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if err := m.seedSettings(ctx, demo); err != nil {
		return err
	}
	return m.seedMaterials(ctx, demo)
}
