package db

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// moveBatch is how many rows one INSERT of MoveTenant carries.
const moveBatch = 200

// TenantTables answers the tenant-scoped tables of d (a tenant_id column, not a HostTable),
// by name.
func (d *DB) TenantTables(ctx context.Context) ([]string, error) {
	q := `SELECT m.name FROM sqlite_master AS m WHERE m.type = 'table'
		AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) AS c WHERE c.name = 'tenant_id') ORDER BY m.name`
	if d.Kind == Postgres {
		q = `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema()
			AND column_name = 'tenant_id' ORDER BY table_name`
	}
	rows, err := d.DB.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("list tenant tables: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("list tenant tables: %w", err)
		}
		if !IsHostTable(name) {
			out = append(out, name)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tenant tables: %w", err)
	}
	return out, nil
}

// MoveReport tells what MoveTenant moved: rows per table (tables without rows left out).
type MoveReport struct {
	Tables map[string]int
	Rows   int
}

// MoveTenant moves every row of tenant id in d's tenant-scoped tables (TenantTables) into
// to, a database of the same dialect with the same migrations applied:
//
//  1. in one transaction of d, which keeps writers of those tables out until it ends (on
//     SQLite the write lock, on PostgreSQL LOCK TABLE … IN SHARE MODE), the rows are read
//     and, in one transaction of to, the tenant's rows already there are deleted (left by a
//     move that stopped halfway) and the rows read are inserted; that transaction commits;
//  2. then, still in d's transaction, done runs (it marks the tenant's database active, so
//     the next statements of the tenant go there) and the rows are deleted from d; d's
//     transaction commits.
//
// A failure before 1 commits changes nothing; one between 1 and 2 leaves the rows in both
// databases with d's still in use, and running MoveTenant again copies them anew.
func (d *DB) MoveTenant(ctx context.Context, to *DB, id uuid.UUID, done func(ctx context.Context, tx bun.Tx) error) (MoveReport, error) {
	rep := MoveReport{Tables: map[string]int{}}
	if to.Kind != d.Kind {
		return rep, fmt.Errorf("move tenant %s: a %s database cannot take the rows of a %s one", id, to.Kind, d.Kind)
	}
	tables, err := d.TenantTables(ctx)
	if err != nil {
		return rep, err
	}
	theirs, err := to.TenantTables(ctx)
	if err != nil {
		return rep, err
	}
	for _, t := range tables {
		if !slices.Contains(theirs, t) {
			return rep, fmt.Errorf("move tenant %s: the tenant's database has no table %s (apply the migrations first)", id, t)
		}
	}
	host := d.DB
	err = host.RunInTx(ctx, nil, func(ctx context.Context, htx bun.Tx) error {
		if d.Kind == Postgres {
			for _, t := range tables {
				if _, err := htx.ExecContext(ctx, "LOCK TABLE "+quoteIdent(t)+" IN SHARE MODE"); err != nil {
					return fmt.Errorf("lock %s: %w", t, err)
				}
			}
		}
		err := to.DB.RunInTx(ctx, nil, func(ctx context.Context, ttx bun.Tx) error {
			for _, t := range tables {
				if _, err := ttx.ExecContext(ctx, "DELETE FROM "+quoteIdent(t)+" WHERE tenant_id = ?", id); err != nil {
					return fmt.Errorf("clear %s: %w", t, err)
				}
				n, err := copyRows(ctx, htx, ttx, t, id)
				if err != nil {
					return err
				}
				if n > 0 {
					rep.Tables[t] = n
					rep.Rows += n
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if err := done(ctx, htx); err != nil {
			return err
		}
		for _, t := range tables {
			if _, err := htx.ExecContext(ctx, "DELETE FROM "+quoteIdent(t)+" WHERE tenant_id = ?", id); err != nil {
				return fmt.Errorf("delete %s: %w", t, err)
			}
		}
		return nil
	})
	if err != nil {
		return MoveReport{}, fmt.Errorf("move tenant %s: %w", id, err)
	}
	return rep, nil
}

// copyRows inserts the rows of tenant id in table from `from` into `to`, moveBatch a statement.
func copyRows(ctx context.Context, from, to bun.Tx, table string, id uuid.UUID) (int, error) {
	rows, err := from.QueryContext(ctx, "SELECT * FROM "+quoteIdent(table)+" WHERE tenant_id = ?", id)
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", table, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", table, err)
	}
	types, err := rows.ColumnTypes()
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", table, err)
	}
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = quoteIdent(c)
	}
	head := "INSERT INTO " + quoteIdent(table) + " (" + strings.Join(quoted, ", ") + ") VALUES "
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	var args []any
	n, inBatch := 0, 0
	flush := func() error {
		if inBatch == 0 {
			return nil
		}
		q := head + strings.TrimSuffix(strings.Repeat(one+", ", inBatch), ", ")
		if _, err := to.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("write %s: %w", table, err)
		}
		args, inBatch = args[:0], 0
		return nil
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return n, fmt.Errorf("read %s: %w", table, err)
		}
		for i, v := range vals {
			vals[i] = asWritten(v, types[i])
		}
		args = append(args, vals...)
		inBatch++
		n++
		if inBatch == moveBatch {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("read %s: %w", table, err)
	}
	return n, flush()
}

// asWritten turns a value read back into one that writes the same: text read as bytes (JSON
// and text columns on PostgreSQL) is written as text, not as a binary string.
func asWritten(v any, t *sql.ColumnType) any {
	b, ok := v.([]byte)
	if !ok {
		return v
	}
	switch strings.ToUpper(t.DatabaseTypeName()) {
	case "BYTEA", "BLOB":
		return b
	default:
		return string(b)
	}
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
