package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// Migrations create river's tables with river's migrator for the dialect, each in its
// migration's transaction: jobs/0001_river builds river's schema up to its version 5,
// jobs/0002_river from 6 to 8 (the latest of river v0.51: river_migration, river_job,
// river_leader, river_queue, river_client and, on SQLite, its notification outbox). Two
// migrations because river's version 4 adds a value to a PostgreSQL enum type that its
// version 6 uses, and PostgreSQL refuses a new enum value in the transaction that added
// it. River's migrations are frozen SQL shipped with river; a newer river that needs a
// later version gets a migration of its own here.
var Migrations = []db.Migration{
	{ID: "jobs/0001_river", Up: riverMigration(5)},
	{ID: "jobs/0002_river", Up: riverMigration(8)},
}

// riverMigration applies river's versions up to version.
func riverMigration(version int) func(ctx context.Context, tx bun.Tx, d *db.DB) error {
	return func(ctx context.Context, tx bun.Tx, d *db.DB) error {
		opts := &rivermigrate.MigrateOpts{TargetVersion: version}
		var err error
		switch d.Kind {
		case db.Postgres:
			m, merr := rivermigrate.New(riverdatabasesql.New(d.DB.DB), migratorConfig())
			if merr != nil {
				return fmt.Errorf("river migrator: %w", merr)
			}
			_, err = m.MigrateTx(ctx, tx.Tx, rivermigrate.DirectionUp, opts)
		default:
			m, merr := rivermigrate.New(riversqlite.New(d.DB.DB), migratorConfig())
			if merr != nil {
				return fmt.Errorf("river migrator: %w", merr)
			}
			_, err = m.MigrateTx(ctx, tx.Tx, rivermigrate.DirectionUp, opts)
		}
		if err != nil {
			return fmt.Errorf("river schema %d: %w", version, err)
		}
		return nil
	}
}

// migratorConfig keeps river's migrator to warnings on the app's log (it writes to stdout
// otherwise).
func migratorConfig() *rivermigrate.Config {
	return &rivermigrate.Config{Logger: slog.New(minLevel{slog.Default().Handler(), slog.LevelWarn})}
}
