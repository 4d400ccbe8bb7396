package salesorder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// store holds every query of the sales orders. Each is scoped to the current tenant and to
// live rows by platform/db, and answers errors that keep their kind: a missing row unwraps
// to db.ErrNotFound (carrying the message key the client sees), a unique index's refusal to
// db.ErrDuplicate, anything else is passed on with context. No method answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// with answers a store bound to idb (a caller's transaction).
func (s store) with(idb bun.IDB) store { return store{idb: idb, db: s.db} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is),
// committed when fn returns nil.
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, s.with(tx)) })
}

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their kind.
func notFound(err error, what, key string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ---- orders ----

// getOrder answers one order of the current tenant.
func (s store) getOrder(ctx context.Context, id uuid.UUID) (*SalesOrder, error) {
	o := new(SalesOrder)
	if err := db.Select(ctx, s.idb, o).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "sales order", KeyOrderNotFound)
	}
	return o, nil
}

// updateOrder writes the given columns of o when its stored stamp equals expected ("" skips
// the check) and gives it a new stamp.
func (s store) updateOrder(ctx context.Context, o *SalesOrder, expected string, columns ...string) error {
	if err := db.UpdateStamped(ctx, s.idb, o, expected, columns...); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return notFound(err, "update sales order", KeyOrderNotFound)
		}
		return fmt.Errorf("update sales order: %w", err)
	}
	return nil
}

// insertOrder stores a new order.
func (s store) insertOrder(ctx context.Context, o *SalesOrder) error {
	if err := db.Insert(ctx, s.idb, o); err != nil {
		return fmt.Errorf("insert sales order: %w", err)
	}
	return nil
}

// deleteOrder soft-deletes an order.
func (s store) deleteOrder(ctx context.Context, o *SalesOrder) error {
	if err := db.SoftDelete(ctx, s.idb, o); err != nil {
		return notFound(err, "delete sales order", KeyOrderNotFound)
	}
	return nil
}

// orderSorting maps the list's sortable fields (their JSON names) to columns; each has an
// index led by tenant_id and is_deleted (migration 0001).
var orderSorting = map[string]string{
	"salesOrderId":       "?TableAlias.sales_order_id",
	"creationTime":       "?TableAlias.creation_time",
	"status":             "?TableAlias.status",
	"customerName":       "?TableAlias.customer_name",
	"dealerName":         "?TableAlias.dealer_name",
	"orderdate":          "?TableAlias.order_date",
	"paydate":            "?TableAlias.pay_date",
	"deliveryDate":       "?TableAlias.delivery_date",
	"secondDeliveryDate": "?TableAlias.second_delivery_date",
	"actualDeliveryDate": "?TableAlias.actual_delivery_date",
	"transferDate":       "?TableAlias.transfer_date",
	"closeFileDate":      "?TableAlias.close_file_date",
	"finalPaymentTime":   "?TableAlias.final_payment_time",
	"totalPrice":         "?TableAlias.total_price",
	"totalSumPrice":      "?TableAlias.total_sum_price",
	"differencePrice":    "?TableAlias.difference_price",
	"payTotal":           "?TableAlias.pay_total",
	"logisticsPrice":     "?TableAlias.logistics_price",
	"discountTotal":      "?TableAlias.discount_total",
	"bill":               "?TableAlias.bill",
}

// defaultOrderSorting is the list's order when the client asks for none: newest first.
const defaultOrderSorting = "?TableAlias.creation_time DESC"

// listOrders answers the page of orders q selects, sorted by order (built by db.Order), and
// their count. userID is the caller (the own scope); pending are the statuses of the pending
// scope.
func (s store) listOrders(ctx context.Context, q OrderQuery, order string, userID *uuid.UUID, pending []Status) ([]SalesOrder, int, error) {
	rows, n, err := db.List[SalesOrder](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			switch q.Scope {
			case ScopeOwn:
				if userID == nil {
					sq = sq.Where("1 = 0")
				} else {
					sq = sq.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
						return g.Where("?TableAlias.creator_id = ?", *userID).WhereOr("?TableAlias.salesman_id = ?", *userID)
					})
				}
			case ScopePending:
				sq = whereStatuses(sq, pending)
			case ScopeHistory:
				sq = whereStatuses(sq, []Status{StatusShipped, StatusClosed, StatusCancelled})
			}
			if len(q.Statuses) > 0 {
				sq = whereStatuses(sq, q.Statuses)
			}
			if q.OrderTypeID != nil {
				sq = sq.Where("?TableAlias.order_type_id = ?", *q.OrderTypeID)
			}
			if q.ProductTypeID != nil {
				sq = sq.Where("?TableAlias.product_type_id = ?", *q.ProductTypeID)
			}
			for _, f := range q.Texts {
				sq = db.WhereContains(sq, f.Value, f.Column)
			}
			for _, f := range q.Numbers {
				if f.Min != nil {
					sq = sq.Where("?TableAlias.? >= ?", bun.Ident(f.Column), *f.Min)
				}
				if f.Max != nil {
					sq = sq.Where("?TableAlias.? <= ?", bun.Ident(f.Column), *f.Max)
				}
			}
			for _, f := range q.Dates {
				if f.From != nil {
					sq = sq.Where("?TableAlias.? >= ?", bun.Ident(f.Column), *f.From)
				}
				if f.To != nil {
					sq = sq.Where("?TableAlias.? < ?", bun.Ident(f.Column), *f.To)
				}
			}
			for _, f := range q.Bools {
				sq = sq.Where("?TableAlias.? = ?", bun.Ident(f.Column), f.Value)
			}
			return db.WhereContains(sq, q.Filter, "sales_order_id", "customer_name", "dealer_name", "customer_phone")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list sales orders: %w", err)
	}
	return rows, n, nil
}

// whereStatuses keeps the rows in one of statuses (none: no row).
func whereStatuses(sq *bun.SelectQuery, statuses []Status) *bun.SelectQuery {
	switch len(statuses) {
	case 0:
		return sq.Where("1 = 0")
	case 1:
		return sq.Where("?TableAlias.status = ?", statuses[0])
	}
	return sq.Where("?TableAlias.status IN (?)", bun.In(statuses))
}

// ---- numbering ----

// nextNumber answers the next sequence number of day (yyyyMMdd) on the current side, in the
// store's transaction: transactions numbering the same side and day wait for each other
// (db.LockInTx), and the counter row is created on the day's first order.
func (s store) nextNumber(ctx context.Context, side, day string) (int, error) {
	if err := db.LockInTx(ctx, s.idb, "salesorder-number:"+side+":"+day); err != nil {
		return 0, err
	}
	row := new(orderNumber)
	err := db.Select(ctx, s.idb, row).Where("?TableAlias.day = ?", day).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		row = &orderNumber{Day: day, LastSeq: 1}
		if err := db.Insert(ctx, s.idb, row); err != nil {
			return 0, fmt.Errorf("insert order number counter: %w", err)
		}
		return 1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read order number counter: %w", err)
	}
	row.LastSeq++
	if err := db.UpdateStamped(ctx, s.idb, row, "", "last_seq"); err != nil {
		return 0, fmt.Errorf("update order number counter: %w", err)
	}
	return row.LastSeq, nil
}

// ---- status log ----

func (s store) insertLog(ctx context.Context, l *StatusLog) error {
	if err := db.Insert(ctx, s.idb, l); err != nil {
		return fmt.Errorf("insert status log: %w", err)
	}
	return nil
}

// logsOf answers an order's status moves, oldest first.
func (s store) logsOf(ctx context.Context, orderID uuid.UUID) ([]StatusLog, error) {
	rows, _, err := db.List[StatusLog](ctx, s.idb, db.Page{Order: "?TableAlias.creation_time ASC"},
		func(sq *bun.SelectQuery) *bun.SelectQuery { return sq.Where("?TableAlias.order_id = ?", orderID) })
	if err != nil {
		return nil, fmt.Errorf("list status logs: %w", err)
	}
	return rows, nil
}

// ---- files ----

func (s store) insertFile(ctx context.Context, f *OrderFile) error {
	if err := db.Insert(ctx, s.idb, f); err != nil {
		return fmt.Errorf("insert order file: %w", err)
	}
	return nil
}

// filesOf answers an order's files of category ("" every category), oldest first.
func (s store) filesOf(ctx context.Context, orderID uuid.UUID, category string) ([]OrderFile, error) {
	rows, _, err := db.List[OrderFile](ctx, s.idb, db.Page{Order: "?TableAlias.creation_time ASC"},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			sq = sq.Where("?TableAlias.order_id = ?", orderID)
			if category != "" {
				sq = sq.Where("?TableAlias.category = ?", category)
			}
			return sq
		})
	if err != nil {
		return nil, fmt.Errorf("list order files: %w", err)
	}
	return rows, nil
}

// getFile answers one file of an order.
func (s store) getFile(ctx context.Context, orderID, fileID uuid.UUID) (*OrderFile, error) {
	f := new(OrderFile)
	err := db.Select(ctx, s.idb, f).Where("?TableAlias.id = ? AND ?TableAlias.order_id = ?", fileID, orderID).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "order file", KeyFileNotFound)
	}
	return f, nil
}

// lineFiles answers the files of category line of an order whose id is among ids.
func (s store) lineFiles(ctx context.Context, orderID uuid.UUID, ids []uuid.UUID) ([]OrderFile, error) {
	rows, _, err := db.List[OrderFile](ctx, s.idb, db.Page{Order: "?TableAlias.creation_time ASC"},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			return sq.Where("?TableAlias.order_id = ?", orderID).Where("?TableAlias.category = ?", CategoryLine).
				Where("?TableAlias.id IN (?)", bun.In(ids))
		})
	if err != nil {
		return nil, fmt.Errorf("list line files: %w", err)
	}
	return rows, nil
}

func (s store) deleteFile(ctx context.Context, f *OrderFile) error {
	if err := db.SoftDelete(ctx, s.idb, f); err != nil {
		return notFound(err, "delete order file", KeyFileNotFound)
	}
	return nil
}
