package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"kerf/internal/platform/db"
	"kerf/internal/platform/httpapi"
)

// startLock is the name of the lock replicas take around migrating and seeding.
const startLock = "kerf/start"

// Prepare makes the database ready to serve, once across replicas starting together:
// holding the start-up lock, it notes whether the database is empty, applies the
// migrations and runs every area's seed, with the demo data when demo is set and the
// database was empty. A replica that waited for the lock finds the work done and only
// reruns the seeds, which add what is missing. A database it cannot read is an error,
// never taken for an empty one.
func (a *App) Prepare(ctx context.Context, demo bool) error {
	return a.Exclusive(ctx, func(ctx context.Context) error {
		fresh, err := a.Fresh(ctx)
		if err != nil {
			return err
		}
		if err := a.Migrate(ctx); err != nil {
			return err
		}
		return a.Seed(ctx, demo && fresh)
	})
}

// Exclusive runs fn holding the start-up lock (kerf migrate and kerf seed take it too).
func (a *App) Exclusive(ctx context.Context, fn func(ctx context.Context) error) error {
	return a.DB.Exclusive(ctx, startLock, fn)
}

// Fresh reports whether no migration has been applied yet (an empty database). The
// migrations table is looked up in the catalogue of the current schema, so a database
// that fails answers its error instead of "empty".
func (a *App) Fresh(ctx context.Context) (bool, error) {
	exists, err := a.migrationsTable(ctx)
	if err != nil {
		return false, err
	}
	if !exists {
		return true, nil
	}
	var n int
	if err := a.DB.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil {
		return false, fmt.Errorf("count applied migrations: %w", err)
	}
	return n == 0, nil
}

func (a *App) migrationsTable(ctx context.Context) (bool, error) {
	q := "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
	if a.DB.Kind == db.Postgres {
		q = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'"
	}
	var n int
	if err := a.DB.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return false, fmt.Errorf("look for the migrations table: %w", err)
	}
	return n > 0, nil
}

// readyTimeout bounds the database ping of /readyz.
const readyTimeout = 2 * time.Second

// readiness answers /readyz: the database answers a ping, and every migration the app
// lists has been applied (remembered once true: migrations are never undone).
type readiness struct {
	app      *App
	migrated atomic.Bool
}

// ServeHTTP answers 200 {"status":"ready"} or 503 {"status":"unavailable","reason":…};
// the reason is short (the cause, which may name hosts, goes to the log).
func (r *readiness) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	reason, err := r.check(req.Context())
	if err != nil {
		slog.WarnContext(req.Context(), "not ready", "reason", reason, "err", err)
		httpapi.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": reason})
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// check returns nil when the app can serve, or a short reason and the cause.
func (r *readiness) check(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if err := r.app.DB.PingContext(ctx); err != nil {
		return "database unreachable", err
	}
	if r.migrated.Load() {
		return "", nil
	}
	exists, err := r.app.migrationsTable(ctx)
	if err != nil {
		return "database unreadable", err
	}
	if !exists {
		return "database not migrated", errors.New("no migrations table")
	}
	applied, err := r.app.appliedMigrations(ctx)
	if err != nil {
		return "database unreadable", err
	}
	missing := 0
	first := ""
	for _, m := range r.app.Migrations() {
		if !applied[m.ID] {
			if missing == 0 {
				first = m.ID
			}
			missing++
		}
	}
	if missing > 0 {
		return fmt.Sprintf("database not migrated: %d migrations pending", missing), fmt.Errorf("first pending: %s", first)
	}
	r.migrated.Store(true)
	return "", nil
}

// appliedMigrations returns the IDs in the migrations table.
func (a *App) appliedMigrations(ctx context.Context) (map[string]bool, error) {
	rows, err := a.DB.QueryContext(ctx, "SELECT id FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("read applied migrations: %w", err)
	}
	defer rows.Close()
	applied := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("read applied migrations: %w", err)
		}
		applied[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read applied migrations: %w", err)
	}
	return applied, nil
}
