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
	"kerf/internal/platform/config"
	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
	"kerf/internal/platform/localization"
	"kerf/internal/platform/module"
	"kerf/internal/platform/permission"
	"kerf/web"
)

// App is a built server: database, API and the areas mounted on it.
type App struct {
	Config      config.Config
	DB          *db.DB
	Blob        blob.Store // files, under <data dir>/blobs
	API         *httpapi.API
	Catalog     *localization.Catalog
	Registry    *permission.Registry
	Permissions *permission.Service
	Modules     []module.Module
	Identity    *identity.Service
	audit       *audit.Writer
}

// New opens the database and builds every area; it does not migrate or seed.
func New(ctx context.Context, cfg config.Config) (*App, error) {
	d, err := db.Open(ctx, cfg.Database)
	if err != nil {
		return nil, err
	}
	store, err := blob.NewLocal(filepath.Join(cfg.DataDir, "blobs"))
	if err != nil {
		_ = d.Close()
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Blob: store, Catalog: localization.NewCatalog(), Registry: permission.NewRegistry()}
	a.Permissions = &permission.Service{DB: d, Registry: a.Registry}
	a.audit = audit.NewWriter(d)
	go a.audit.Run()
	a.API = httpapi.New(httpapi.Config{
		Catalog: a.Catalog, Checker: a.Permissions, Audit: a.audit,
		Title: "Kerf API", Version: cfg.Version,
	})
	mods, err := a.modules(ctx)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.Modules = mods
	for _, m := range mods {
		a.Registry.Add(m.Permissions()...)
		a.Catalog.Add(m.Texts())
	}
	for _, m := range mods {
		m.Register(a.API)
	}
	a.API.Finish()
	a.API.Router.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		httpapi.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return nil, fmt.Errorf("web app: %w", err)
	}
	notFound := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.API.WriteError(w, r, fmt.Errorf("no route %s %s: %w", r.Method, r.URL.Path, db.ErrNotFound))
	})
	a.API.Router.NotFound(spa(dist, notFound).ServeHTTP)
	return a, nil
}

// Migrate applies the migrations of the platform and of every area.
func (a *App) Migrate(ctx context.Context) error {
	ms := append([]db.Migration{}, permission.Migrations...)
	ms = append(ms, audit.Migrations...)
	for _, m := range a.Modules {
		ms = append(ms, m.Migrations()...)
	}
	return a.DB.Migrate(ctx, ms)
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

// Handler is the HTTP handler of the whole server.
func (a *App) Handler() http.Handler { return a.API.Router }

// FlushAudit writes the queued audit rows now (for tests and shutdown).
func (a *App) FlushAudit() { a.audit.Flush() }

// Close flushes the audit log and closes the database.
func (a *App) Close() {
	a.audit.Close()
	_ = a.Blob.Close()
	_ = a.DB.Close()
}

// Fresh reports whether no migration has been applied yet (an empty database).
func (a *App) Fresh(ctx context.Context) (bool, error) {
	var n int
	err := a.DB.NewRaw("SELECT COUNT(*) FROM schema_migrations").Scan(ctx, &n)
	if err != nil {
		return true, nil // the table does not exist yet
	}
	return n == 0, nil
}
