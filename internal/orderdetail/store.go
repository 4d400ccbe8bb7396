package orderdetail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area. Each is scoped to the current tenant and to live rows
// by platform/db, and answers errors that keep their kind: a missing row unwraps to
// db.ErrNotFound (carrying the message key the client sees), anything else is passed on with
// context. No method answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// with answers a store bound to idb (a caller's transaction).
func (s store) with(idb bun.IDB) store { return store{idb: idb, db: s.db} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is).
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, s.with(tx)) })
}

// lockOrder makes the transactions that change one order's lines wait for each other (line
// numbers are the highest one plus one; on SQLite write transactions are serial already).
func (s store) lockOrder(ctx context.Context, orderID uuid.UUID) error {
	return db.LockInTx(ctx, s.idb, "orderdetail:"+orderID.String())
}

// ---- line tables ----

// lineModel is a line table's row type (productLine, partLine, …).
type lineModel[T any] interface {
	*T
	line() *Line
}

// lineTable holds the queries of one line table; makeTable builds them for its row type.
type lineTable struct {
	key       string
	list      func(ctx context.Context, idb bun.IDB, q LineQuery) ([]Line, int, error)
	all       func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) ([]Line, error)
	byIDs     func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, ids []uuid.UUID) ([]Line, error)
	insert    func(ctx context.Context, idb bun.IDB, lines []Line) error
	update    func(ctx context.Context, idb bun.IDB, l *Line, stamp string) error
	remove    func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, ids []uuid.UUID) (int, error)
	clear     func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) error
	maxLineNo func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) (int, error)
	amounts   func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) ([]float64, error)
	exists    func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) (bool, error)
	// mentioning answers the order's lines whose values' JSON contains any of texts (ids).
	mentioning func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, texts []string) ([]Line, error)
}

// insertBatch is how many lines one INSERT writes (SQLite takes at most 32,766 parameters;
// a line has 27 columns).
const insertBatch = 500

// lineColumns are the columns an update of a line writes.
var lineColumns = []string{"name", "code", "length", "width", "height", "color", "unit", "price", "count",
	"amount", "remark", "cabinet", "values"}

func makeTable[T any, P lineModel[T]](key string) lineTable {
	out := func(rows []T) []Line {
		lines := make([]Line, len(rows))
		for i := range rows {
			l := P(&rows[i]).line()
			l.Table = key
			l.decodeValues()
			lines[i] = *l
		}
		return lines
	}
	ofOrder := func(orderID uuid.UUID) func(q *bun.SelectQuery) *bun.SelectQuery {
		return func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("?TableAlias.sales_order_id = ?", orderID)
		}
	}
	return lineTable{
		key: key,
		list: func(ctx context.Context, idb bun.IDB, q LineQuery) ([]Line, int, error) {
			rows, n, err := db.List[T](ctx, idb, db.Page{Order: "?TableAlias.line_no ASC", Skip: q.Skip, Limit: q.Limit},
				ofOrder(q.SalesOrderID))
			if err != nil {
				return nil, 0, fmt.Errorf("list %s lines: %w", key, err)
			}
			return out(rows), n, nil
		},
		all: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) ([]Line, error) {
			rows, _, err := db.List[T](ctx, idb, db.Page{Order: "?TableAlias.line_no ASC"}, ofOrder(orderID))
			if err != nil {
				return nil, fmt.Errorf("read %s lines: %w", key, err)
			}
			return out(rows), nil
		},
		byIDs: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, ids []uuid.UUID) ([]Line, error) {
			if len(ids) == 0 {
				return nil, nil
			}
			var rows []T
			err := db.Select(ctx, idb, &rows).Where("?TableAlias.sales_order_id = ?", orderID).
				Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx)
			if err != nil {
				return nil, fmt.Errorf("read %s lines: %w", key, err)
			}
			return out(rows), nil
		},
		insert: func(ctx context.Context, idb bun.IDB, lines []Line) error {
			for start := 0; start < len(lines); start += insertBatch {
				chunk := lines[start:min(start+insertBatch, len(lines))]
				rows := make([]T, len(chunk))
				for i := range chunk {
					chunk[i].encodeValues()
					*P(&rows[i]).line() = chunk[i]
				}
				if err := db.Insert(ctx, idb, &rows); err != nil {
					return fmt.Errorf("insert %s lines: %w", key, err)
				}
				for i := range rows { // ids, stamps and audit fields the insert filled
					l := P(&rows[i]).line()
					chunk[i].Entity = l.Entity
				}
			}
			return nil
		},
		update: func(ctx context.Context, idb bun.IDB, l *Line, stamp string) error {
			var row T
			l.encodeValues()
			*P(&row).line() = *l
			if err := db.UpdateStamped(ctx, idb, any(P(&row)).(db.Stamped), stamp, lineColumns...); err != nil {
				if errors.Is(err, db.ErrNotFound) {
					return apperr.WithKey(err, KeyLineNotFound)
				}
				return fmt.Errorf("update %s line: %w", key, err)
			}
			l.Entity = P(&row).line().Entity
			return nil
		},
		remove: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, ids []uuid.UUID) (int, error) {
			if len(ids) == 0 {
				return 0, nil
			}
			return softDeleteWhere[T](ctx, idb, func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Where("?TableAlias.sales_order_id = ?", orderID).Where("?TableAlias.id IN (?)", bun.In(ids))
			})
		},
		clear: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) error {
			_, err := softDeleteWhere[T](ctx, idb, func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Where("?TableAlias.sales_order_id = ?", orderID)
			})
			return err
		},
		maxLineNo: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) (int, error) {
			var n sql.NullInt64
			err := db.Select(ctx, idb, (*T)(nil)).ColumnExpr("MAX(?TableAlias.line_no)").
				Where("?TableAlias.sales_order_id = ?", orderID).Scan(ctx, &n)
			if err != nil {
				return 0, fmt.Errorf("read %s line numbers: %w", key, err)
			}
			return int(n.Int64), nil
		},
		amounts: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) ([]float64, error) {
			var out []float64
			err := db.Select(ctx, idb, (*T)(nil)).Column("amount").
				Where("?TableAlias.sales_order_id = ?", orderID).Scan(ctx, &out)
			if err != nil {
				return nil, fmt.Errorf("read %s amounts: %w", key, err)
			}
			return out, nil
		},
		mentioning: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID, texts []string) ([]Line, error) {
			if len(texts) == 0 {
				return nil, nil
			}
			var rows []T
			err := db.Select(ctx, idb, &rows).Where("?TableAlias.sales_order_id = ?", orderID).
				WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
					for _, s := range texts { // ids: hex digits and '-', nothing LIKE reads specially
						q = q.WhereOr("?TableAlias.? LIKE ?", bun.Ident("values"), "%"+s+"%")
					}
					return q
				}).OrderExpr("?TableAlias.line_no ASC").Scan(ctx)
			if err != nil {
				return nil, fmt.Errorf("read %s lines naming files: %w", key, err)
			}
			return out(rows), nil
		},
		exists: func(ctx context.Context, idb bun.IDB, orderID uuid.UUID) (bool, error) {
			ok, err := db.Select(ctx, idb, (*T)(nil)).Where("?TableAlias.sales_order_id = ?", orderID).Exists(ctx)
			if err != nil {
				return false, fmt.Errorf("read %s lines: %w", key, err)
			}
			return ok, nil
		},
	}
}

// softDeleteWhere marks the live rows of T that where selects deleted, in one statement, and
// answers how many.
func softDeleteWhere[T any](ctx context.Context, idb bun.IDB, where func(*bun.UpdateQuery) *bun.UpdateQuery) (int, error) {
	now := time.Now().UTC()
	q := db.Update(ctx, idb, (*T)(nil)).Set("is_deleted = ?", true).Set("deletion_time = ?", now).
		Set("deleter_id = ?", auth.UserID(ctx))
	res, err := where(q).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete lines: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// tables are the line tables by key.
var tables = map[string]lineTable{
	TableProduct:         makeTable[productLine](TableProduct),
	TableMatter:          makeTable[partLine](TableMatter),
	TableStandardProduct: makeTable[standardLine](TableStandardProduct),
	TableSalesLists:      makeTable[salesListLine](TableSalesLists),
}

// ---- detail-table configuration ----

// configRows answers the side's configuration rows, in sort order.
func (s store) configRows(ctx context.Context) ([]DetailTable, error) {
	var rows []DetailTable
	if err := db.Select(ctx, s.idb, &rows).OrderExpr("?TableAlias.sort ASC, ?TableAlias.table_key ASC, ?TableAlias.id ASC").
		Scan(ctx); err != nil {
		return nil, fmt.Errorf("read detail tables: %w", err)
	}
	for i := range rows {
		rows[i].decode()
	}
	return rows, nil
}

// hasConfig reports whether the side has any configuration row, deleted ones included (a side
// whose administrator removed every row keeps it so).
func (s store) hasConfig(ctx context.Context) (bool, error) {
	ok, err := db.Select(db.WithDeleted(ctx), s.idb, (*DetailTable)(nil)).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("read detail tables: %w", err)
	}
	return ok, nil
}

func (s store) insertConfig(ctx context.Context, rows []DetailTable) error {
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		rows[i].encode()
	}
	if err := db.Insert(ctx, s.idb, &rows); err != nil {
		return fmt.Errorf("insert detail tables: %w", err)
	}
	return nil
}

func (s store) updateConfig(ctx context.Context, t *DetailTable) error {
	t.encode()
	if err := db.UpdateStamped(ctx, s.idb, t, "", "shown", "required", "sort", "columns", "actions"); err != nil {
		return fmt.Errorf("update detail table: %w", err)
	}
	return nil
}

func (s store) deleteConfig(ctx context.Context, t *DetailTable) error {
	if err := db.SoftDelete(ctx, s.idb, t); err != nil {
		return fmt.Errorf("delete detail table: %w", err)
	}
	return nil
}

// ---- quotation tokens ----

func (s store) insertQuoteToken(ctx context.Context, t *quoteToken) error {
	// Expired tokens of every side go first: they are never read again.
	if _, err := db.Delete(tenancy.AllTenants(ctx), s.idb, (*quoteToken)(nil)).
		Where("?TableAlias.expires_at < ?", time.Now().UTC()).Exec(ctx); err != nil {
		return fmt.Errorf("expire quotation tokens: %w", err)
	}
	if err := db.Insert(ctx, s.idb, t); err != nil {
		return fmt.Errorf("issue quotation token: %w", err)
	}
	return nil
}

// quoteToken answers the live token tok of order id, of any side (the download carries no
// login): ErrForbidden when there is none.
func (s store) quoteToken(ctx context.Context, tok string, id uuid.UUID) (*quoteToken, error) {
	invalid := apperr.WithKey(apperr.ErrForbidden, KeyQuoteTokenInvalid)
	if tok == "" {
		return nil, invalid
	}
	t := new(quoteToken)
	err := db.Select(tenancy.AllTenants(ctx), s.idb, t).Where("?TableAlias.token = ?", tok).
		Where("?TableAlias.sales_order_id = ?", id).Where("?TableAlias.expires_at >= ?", time.Now().UTC()).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, invalid
	}
	if err != nil {
		return nil, fmt.Errorf("read quotation token: %w", err)
	}
	return t, nil
}

// lockConfig makes the transactions that write the side's configuration wait for each other.
func (s store) lockConfig(ctx context.Context) error {
	side := "host"
	if id := tenancy.ID(ctx); id != nil {
		side = id.String()
	}
	return db.LockInTx(ctx, s.idb, "orderdetail-config:"+side)
}
