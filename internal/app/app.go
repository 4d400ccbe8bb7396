// Package app wires the platform and every area of Kerf into one server.
package app

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"path/filepath"

	"kerf/internal/identity"
	"kerf/internal/platform/audit"
	"kerf/internal/platform/blob"
	"kerf/internal/platform/bus"
	"kerf/internal/platform/config"
	"kerf/internal/platform/db"
	"kerf/internal/platform/expr"
	"kerf/internal/platform/feature"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/jobs"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/metrics"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/internal/platform/ratelimit"
	"kerf/internal/platform/realtime"
	"kerf/internal/platform/setting"
	"kerf/web"
)

// App is a built server: database, API and the areas mounted on it.
type App struct {
	Config      config.Config
	DB          *db.DB
	Blob        blob.Store // files: --blob, else under <data dir>/blobs
	Bus         *bus.Bus   // cache invalidations across replicas
	API         *httpapi.API
	Catalog     *localization.Catalog
	Registry    *permission.Registry
	Permissions *permission.Service
	Settings    *setting.Service // values areas declare, stored per installation or tenant
	Features    *feature.Service // what each tenant may use, per edition or tenant
	Modules     []module.Module
	Identity    *identity.Service
	Metrics     *metrics.Metrics // served at /metrics
	Jobs        *jobs.Queue      // the job queue; works jobs once StartJobs is called
	Realtime    *realtime.Server // the SignalR hubs; areas declare theirs with Realtime.Hub
	audit       *audit.Writer
	stops       []func() // of the modules' background work (background), run by Close
}

// background is a module with work of its own between requests (the audit log's
// retention): the app starts it once every area is built, and Close stops it and waits.
type background interface {
	Start() (stop func())
}

// New opens the database and builds every area; it does not migrate or seed.
func New(ctx context.Context, cfg config.Config) (*App, error) {
	proxies, err := httpapi.ParseTrustedProxies(cfg.TrustedProxies)
	if err != nil {
		return nil, err
	}
	d, err := db.OpenPool(ctx, cfg.Database, db.Pool{MaxOpen: cfg.DBMaxOpenConns, MaxIdle: cfg.DBMaxIdleConns,
		MaxLifetime: cfg.DBConnMaxLifetime, MaxIdleTime: cfg.DBConnMaxIdleTime})
	if err != nil {
		return nil, err
	}
	blobURL := cfg.Blob // --blob: a folder or bucket every replica reaches
	if blobURL == "" {
		blobURL = "file://" + filepath.Join(cfg.DataDir, "blobs")
	}
	store, err := blob.Open(ctx, blobURL)
	if err != nil {
		_ = d.Close()
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Blob: store, Catalog: localization.NewCatalog(), Registry: permission.NewRegistry()}
	// Messages of platform packages that areas pass on to the user as they are (computed fields).
	a.Catalog.Add(expr.Texts)
	a.Bus = bus.New(d)
	d.SetCounts(bus.NewCounts(a.Bus))        // list totals kept per replica, dropped by every committed write
	d.SetChangeRecorder(audit.NewRecorder()) // entity changes of every write, in its transaction
	if err := a.Bus.Start(ctx); err != nil {
		_ = store.Close()
		_ = d.Close()
		return nil, err
	}
	a.Permissions = &permission.Service{DB: d, Registry: a.Registry, Bus: a.Bus}
	a.Settings = setting.New(d, a.Bus)
	a.Features = feature.New(d, a.Bus, a.editionOf)
	a.Permissions.Features = a.Features // a switched-off feature's permissions are not granted
	a.Catalog.Add(feature.Texts)
	a.Realtime = realtime.New(realtime.Options{DB: d, Bus: a.Bus, Checker: a.Permissions})
	if err := a.Realtime.Start(ctx); err != nil {
		_ = a.Bus.Close()
		_ = store.Close()
		_ = d.Close()
		return nil, err
	}
	a.Catalog.Add(realtime.Texts)
	a.audit = audit.NewWriter(d, cfg.AuditReads)
	go a.audit.Run()
	if a.Jobs, err = jobs.New(d, jobs.ConfigFromEnv()); err != nil {
		a.Close()
		return nil, err
	}
	a.Metrics = metrics.New()
	if err := a.Metrics.WatchDB("kerf", d.DB.DB, d.Reconnects); err != nil {
		a.Close()
		return nil, err
	}
	a.API = httpapi.New(httpapi.Config{
		Catalog: a.Catalog, Checker: a.Permissions, Audit: a.audit, Features: a.Features,
		Title: "Kerf API", Version: cfg.Version, TrustedProxies: proxies, Metrics: a.Metrics.Middleware,
		Use: []func(http.Handler) http.Handler{a.Features.Middleware}, // feature.IsEnabled, Int and CheckLimit
	})
	mods, err := a.modules(ctx)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.Modules = mods
	for _, m := range mods {
		a.Registry.Add(m.Permissions()...)
		a.Settings.Define(m.Settings()...)
		a.Catalog.AddResource(m.Name(), m.Texts()) // resource = module name (language texts page)
	}
	a.Registry.Add(feature.Permissions...)
	a.defineFeatures()
	if err := a.registerJobs(); err != nil {
		a.Close()
		return nil, err
	}
	for _, m := range mods {
		m.Register(a.API)
	}
	a.Features.Register(a.API)
	a.Realtime.Register(a.API) // the hubs' routes; each hub is looked up per request
	a.API.Finish()
	a.API.Router.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		httpapi.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	a.API.Router.Get("/readyz", (&readiness{app: a}).ServeHTTP)
	a.API.Router.Method(http.MethodGet, "/metrics", a.Metrics.Handler())
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return nil, fmt.Errorf("web app: %w", err)
	}
	notFound := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.API.WriteError(w, r, fmt.Errorf("no route %s %s: %w", r.Method, r.URL.Path, db.ErrNotFound))
	})
	a.API.Router.NotFound(spa(dist, notFound).ServeHTTP)
	for _, m := range mods {
		if b, ok := m.(background); ok {
			a.stops = append(a.stops, b.Start())
		}
	}
	return a, nil
}

// Migrations lists the migrations of the platform and of every area, in the order they apply.
func (a *App) Migrations() []db.Migration {
	ms := append([]db.Migration{}, permission.Migrations...)
	ms = append(ms, audit.Migrations...)
	ms = append(ms, ratelimit.Migrations...)
	ms = append(ms, setting.Migrations...)
	ms = append(ms, jobs.Migrations...)
	ms = append(ms, feature.Migrations...)
	ms = append(ms, realtime.Migrations...)
	for _, m := range a.Modules {
		ms = append(ms, m.Migrations()...)
	}
	return ms
}

// Migrate applies the migrations of the platform and of every area.
func (a *App) Migrate(ctx context.Context) error {
	return a.DB.Migrate(ctx, a.Migrations())
}

// Seed runs every area's seed in order; demo adds the demo data.
func (a *App) Seed(ctx context.Context, demo bool) error {
	for _, m := range a.Modules {
		if err := m.Seed(ctx, demo); err != nil {
			return fmt.Errorf("seed %s: %w", m.Name(), err)
		}
	}
	return nil
}

// Handler is the HTTP handler of the whole server (every request the host's with
// multi-tenancy off).
func (a *App) Handler() http.Handler {
	if !a.Config.MultiTenancy {
		return singleTenant(a.API.Router)
	}
	return a.API.Router
}

// FlushAudit writes the queued audit rows now (for tests and shutdown).
func (a *App) FlushAudit() { a.audit.Flush() }

// Close stops the job queue (see StopJobs) and the modules' background work, flushes the
// audit log and closes the database.
func (a *App) Close() {
	a.StopJobs()
	for _, stop := range a.stops {
		stop()
	}
	a.stops = nil
	a.audit.Close()
	a.Realtime.Close()
	_ = a.Bus.Close()
	_ = a.Blob.Close()
	_ = a.DB.Close()
}
