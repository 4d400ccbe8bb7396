package db

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// Migration is one versioned change of the schema. IDs are "module/NNNN_name" and are
// applied once each, in the order the modules list them.
type Migration struct {
	ID string
	Up func(ctx context.Context, tx bun.Tx, d *DB) error
}

// The bookkeeping table, frozen like the migrations (what bun emitted for appliedMigration
// when it was first released).
const (
	createMigrationsSQLite   = `CREATE TABLE IF NOT EXISTS "schema_migrations" ("id" VARCHAR NOT NULL, "applied_at" TIMESTAMP NOT NULL, PRIMARY KEY ("id"))`
	createMigrationsPostgres = `CREATE TABLE IF NOT EXISTS "schema_migrations" ("id" VARCHAR NOT NULL, "applied_at" TIMESTAMPTZ NOT NULL, PRIMARY KEY ("id"))`
)

type appliedMigration struct {
	bun.BaseModel `bun:"table:schema_migrations"`
	ID            string    `bun:"id,pk"`
	AppliedAt     time.Time `bun:"applied_at,notnull"`
}

// Migrate applies every migration not yet applied, each in its own transaction.
func (d *DB) Migrate(ctx context.Context, migrations []Migration) error {
	create := createMigrationsSQLite
	if d.Kind == Postgres {
		create = createMigrationsPostgres
	}
	if _, err := d.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("create migrations table: %w", err)
	}
	var done []string
	if err := d.NewSelect().Model((*appliedMigration)(nil)).Column("id").Scan(ctx, &done); err != nil {
		return fmt.Errorf("read applied migrations: %w", err)
	}
	applied := make(map[string]bool, len(done))
	for _, id := range done {
		applied[id] = true
	}
	seen := map[string]bool{}
	for _, m := range migrations {
		if seen[m.ID] {
			return fmt.Errorf("migration %s listed twice", m.ID)
		}
		seen[m.ID] = true
		if applied[m.ID] {
			continue
		}
		err := d.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := m.Up(ctx, tx, d); err != nil {
				return err
			}
			_, err := tx.NewInsert().Model(&appliedMigration{ID: m.ID, AppliedAt: time.Now().UTC()}).Exec(ctx)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.ID, err)
		}
		slog.DebugContext(ctx, "migration applied", "id", m.ID)
	}
	return nil
}

// Steps runs several migration steps in order.
func Steps(steps ...func(ctx context.Context, tx bun.Tx, d *DB) error) func(ctx context.Context, tx bun.Tx, d *DB) error {
	return func(ctx context.Context, tx bun.Tx, d *DB) error {
		for _, s := range steps {
			if err := s(ctx, tx, d); err != nil {
				return err
			}
		}
		return nil
	}
}

// DDL is a migration step written out per dialect: frozen statements, never derived
// from today's structs, so a released migration builds the same schema forever.
// Statements are separated by ";\n".
func DDL(sqlite, postgres string) func(ctx context.Context, tx bun.Tx, d *DB) error {
	return func(ctx context.Context, tx bun.Tx, d *DB) error {
		src := sqlite
		if d.Kind == Postgres {
			src = postgres
		}
		for _, stmt := range strings.Split(src, ";\n") {
			if stmt = strings.TrimSpace(stmt); stmt == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("%s: %w", stmt, err)
			}
		}
		return nil
	}
}

// SameDDL is DDL whose statements read the same on both dialects.
func SameDDL(sql string) func(ctx context.Context, tx bun.Tx, d *DB) error { return DDL(sql, sql) }
