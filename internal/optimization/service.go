package optimization

import (
	"context"

	"kerf/internal/auditdesign"
	"kerf/internal/platform/db"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/setting"
	"kerf/internal/warehouse"
)

// Service holds the area's rules; each part of the area adds its methods in its own files
// (settings_*.go, materials_*.go). It knows no HTTP.
type Service struct {
	db    *db.DB
	texts *localization.Catalog
	perms *permission.Service
	jobs  *jobs.Queue // set by Module.Jobs; nil: runs cannot start
	// reviews reads the passed review sheets' design JSON; nil: that import is not offered.
	reviews *auditdesign.Service
	// stock is the warehouse: what is on hand of a counted board, bookings of runs.
	stock *warehouse.Service
	// finished sends the "optimisation finished" e-mail (runs_finished_mail.go).
	finished      finishedMailer
	settingValues *setting.Service // nil: no optimisation settings (settings_defaults.go)
	notifier      Notifier         // nil: no one is told of runs' ends (runs_notify.go)
	progress      ProgressPusher   // nil: progress is only polled (runs_live.go)
}

// NewService returns the area's service.
func NewService(deps Deps) *Service {
	stock := deps.Stock
	if stock == nil {
		stock = warehouse.NewService(deps.DB)
	}
	return &Service{db: deps.DB, texts: deps.Catalog, perms: deps.Permissions, reviews: deps.Reviews, stock: stock, settingValues: deps.Settings, notifier: deps.Notifier, progress: deps.Progress,
		finished: finishedMailer{mail: deps.Mail, templates: deps.Templates, recipient: deps.Recipient, publicURL: deps.PublicURL}}
}

func (s *Service) t(ctx context.Context, key string, args ...any) string {
	if s.texts == nil {
		return key
	}
	return s.texts.T(ctx, key, args...)
}
