package db

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode"

	"github.com/uptrace/bun"
)

// Counts keeps List's totals per replica. The app sets one with SetCounts once its bus exists
// (the bus package implements it); without one every total is counted by the database.
type Counts interface {
	// Count answers the total of the count statement key (its SQL with the arguments written
	// in, so the tenant and the filter are part of it) over table, calling load when it is not
	// kept. It keeps nothing read inside a transaction.
	Count(ctx context.Context, table, key string, load func(ctx context.Context) (int, error)) (int, error)
	// Changed announces, on every replica and only once the transaction of ctx commits (at once
	// outside one, and never after a rollback: db.AfterCommit), that rows of table changed;
	// table "" means any table.
	Changed(ctx context.Context, table string)
}

// SetCounts makes List keep its totals in c and installs the query hook that announces every
// write (INSERT, UPDATE, DELETE, … through bun, in or outside a transaction) to c. Call it once,
// before the database is used concurrently.
func (d *DB) SetCounts(c Counts) {
	d.counts = c
	d.AddQueryHook(countsHook{c})
}

// countRows answers the number of rows q selects, through the counts of idb's DB when it has
// some. Inside a bun.Tx the database counts: the transaction sees its own writes.
func countRows(ctx context.Context, idb bun.IDB, q *bun.SelectQuery) (int, error) {
	load := func(ctx context.Context) (int, error) {
		n, err := q.Count(ctx)
		return int(n), err
	}
	d, ok := idb.(*DB)
	if !ok || d.counts == nil {
		return load(ctx)
	}
	key, err := q.AppendQuery(d.QueryGen(), nil)
	if err != nil {
		return load(ctx)
	}
	return d.counts.Count(ctx, q.GetTableName(), string(key), load)
}

// countsHook announces the table a successful write changed; it does nothing (and allocates
// nothing) for reads.
type countsHook struct{ c Counts }

func (countsHook) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (h countsHook) AfterQuery(ctx context.Context, e *bun.QueryEvent) {
	if e.Err != nil && !errors.Is(e.Err, sql.ErrNoRows) {
		return // a failed statement changed nothing (its transaction, if any, rolls back)
	}
	if table, ok := writtenTable(e); ok {
		h.c.Changed(ctx, table)
	}
}

// writtenTable answers whether e wrote rows and, when it tells, the table ("" = unknown: any).
func writtenTable(e *bun.QueryEvent) (string, bool) {
	switch e.IQuery.(type) {
	case *bun.InsertQuery, *bun.UpdateQuery, *bun.DeleteQuery, *bun.MergeQuery, *bun.TruncateTableQuery:
		if tm, ok := e.Model.(bun.TableModel); ok && tm.Table() != nil {
			return tm.Table().Name, true
		}
		return "", true // a table named in SQL text: drop every count
	case nil, *bun.RawQuery: // ExecContext, QueryContext, NewRaw: the statement tells
		return "", rawWrite(e.Query)
	default: // SELECT, DDL (migrations run before any count is kept)
		return "", false
	}
}

// rawWrite reports whether a raw statement may write rows: its first word is one of the
// writing statements, or WITH (a CTE may write). BEGIN, COMMIT, SELECT, SET, … do not.
func rawWrite(query string) bool {
	query = strings.TrimLeftFunc(query, unicode.IsSpace)
	if i := strings.IndexFunc(query, unicode.IsSpace); i > 0 {
		query = query[:i]
	}
	for _, op := range [...]string{"INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "REPLACE", "WITH", "UPSERT"} {
		if strings.EqualFold(query, op) {
			return true
		}
	}
	return false
}
