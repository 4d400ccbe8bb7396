package db

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"
)

// Migration is one versioned change of the schema. IDs are "module/NNNN_name" and are
// applied once each, in the order the modules list them.
type Migration struct {
	ID string
	Up func(ctx context.Context, tx bun.Tx, d *DB) error
}

type appliedMigration struct {
	bun.BaseModel `bun:"table:schema_migrations"`
	ID            string    `bun:"id,pk"`
	AppliedAt     time.Time `bun:"applied_at,notnull"`
}

// Migrate applies every migration not yet applied, each in its own transaction.
func (d *DB) Migrate(ctx context.Context, migrations []Migration) error {
	if _, err := d.NewCreateTable().Model((*appliedMigration)(nil)).IfNotExists().Exec(ctx); err != nil {
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

// CreateTables is a migration step creating the tables of models (struct pointers).
func CreateTables(models ...any) func(ctx context.Context, tx bun.Tx, d *DB) error {
	return func(ctx context.Context, tx bun.Tx, _ *DB) error {
		for _, m := range models {
			if _, err := tx.NewCreateTable().Model(m).Exec(ctx); err != nil {
				return fmt.Errorf("create table for %T: %w", m, err)
			}
		}
		return nil
	}
}

// Index describes an index to create.
type Index struct {
	Table   string
	Name    string
	Unique  bool
	Columns []string
}

// CreateIndexes is a migration step creating indexes.
func CreateIndexes(idx ...Index) func(ctx context.Context, tx bun.Tx, d *DB) error {
	return func(ctx context.Context, tx bun.Tx, _ *DB) error {
		for _, i := range idx {
			q := tx.NewCreateIndex().Table(i.Table).Index(i.Name).Column(i.Columns...)
			if i.Unique {
				q = q.Unique()
			}
			if _, err := q.Exec(ctx); err != nil {
				return fmt.Errorf("create index %s: %w", i.Name, err)
			}
		}
		return nil
	}
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
