// Package db opens the database (SQLite or PostgreSQL), applies versioned migrations and
// gives stores queries that are already scoped to the current tenant and hide soft-deleted
// rows.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"kerf/internal/platform/apperr"
)

// Dialect names.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DB is the application's database handle.
type DB struct {
	*bun.DB
	Kind string // SQLite or Postgres
}

// Open connects to url: sqlite://path/to/file.db or postgres://... .
func Open(ctx context.Context, rawURL string) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		sqldb, err := sql.Open("pgx", rawURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqldb.SetMaxOpenConns(20)
		d := &DB{DB: bun.NewDB(sqldb, pgdialect.New()), Kind: Postgres}
		if err := d.PingContext(ctx); err != nil {
			_ = d.Close()
			return nil, fmt.Errorf("connect postgres: %w", err)
		}
		return d, nil
	case strings.HasPrefix(rawURL, "sqlite://"), strings.HasPrefix(rawURL, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite://"), "sqlite:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if path != ":memory:" {
			if dir := filepath.Dir(path); dir != "." {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return nil, fmt.Errorf("create database folder: %w", err)
				}
			}
		}
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Set("_txlock", "immediate")
		sqldb, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		// One writer at a time is SQLite's rule; a small pool keeps reads concurrent.
		sqldb.SetMaxOpenConns(4)
		d := &DB{DB: bun.NewDB(sqldb, sqlitedialect.New()), Kind: SQLite}
		if err := d.PingContext(ctx); err != nil {
			_ = d.Close()
			return nil, fmt.Errorf("connect sqlite: %w", err)
		}
		return d, nil
	default:
		return nil, fmt.Errorf("database url %q: want sqlite://FILE or postgres://...", rawURL)
	}
}

// InTx runs fn in one transaction, committing when fn returns nil.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	return d.DB.RunInTx(ctx, nil, fn)
}

// Errors stores return; the HTTP edge maps them to status codes.
var (
	ErrNotFound = apperr.ErrNotFound
	ErrConflict = apperr.ErrConflict
)

// NotFound wraps sql.ErrNoRows into ErrNotFound and passes other errors through.
func NotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}
