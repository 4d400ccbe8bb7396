package salesorder

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/db"
)

// typeRow is an order type or a product type: the two small lists share their fields and
// rules, and differ only in their table, messages, permissions and the order column that
// refers to them (typeKind).
type typeRow[T any] interface {
	*T
	db.Stamped
	fields() *TypeFields
	entity() *db.Entity
}

func (r *OrderType) fields() *TypeFields   { return &r.TypeFields }
func (r *OrderType) entity() *db.Entity    { return &r.Entity }
func (r *ProductType) fields() *TypeFields { return &r.TypeFields }
func (r *ProductType) entity() *db.Entity  { return &r.Entity }

// typeKind says what differs between the two kinds of type.
type typeKind struct {
	what        string // for error contexts
	notFoundKey string
	orderColumn string // the sales_orders column that refers to it
	label       string // the field's label key
}

var (
	orderTypeKind   = typeKind{what: "order type", notFoundKey: KeyOrderTypeNotFound, orderColumn: "order_type_id", label: FieldOrderTypeID}
	productTypeKind = typeKind{what: "product type", notFoundKey: KeyProductTypeNotFound, orderColumn: "product_type_id", label: FieldProductTypeID}
)

// typeSorting maps the type lists' sortable fields to columns (each indexed, migration 0001).
var typeSorting = map[string]string{
	"code":         "?TableAlias.code",
	"name":         "?TableAlias.name",
	"sort":         "?TableAlias.sort_order",
	"isEnable":     "?TableAlias.is_enable",
	"creationTime": "?TableAlias.creation_time",
}

const defaultTypeSorting = "?TableAlias.sort_order ASC"

func listTypes[T any, P typeRow[T]](ctx context.Context, s store, k typeKind, q TypeQuery, order string) ([]T, int, error) {
	rows, n, err := db.List[T](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.IsEnable != nil {
				sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
			}
			return db.WhereContains(sq, q.Filter, "code", "name")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list %ss: %w", k.what, err)
	}
	return rows, n, nil
}

func getType[T any, P typeRow[T]](ctx context.Context, s store, k typeKind, id uuid.UUID) (P, error) {
	row := P(new(T))
	if err := db.Select(ctx, s.idb, row).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, k.what, k.notFoundKey)
	}
	return row, nil
}

// typeCodeTaken reports whether another live type of the side has code (without regard to
// case); self is the type being updated (uuid.Nil on create).
func typeCodeTaken[T any, P typeRow[T]](ctx context.Context, s store, code string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, P(nil)).Where("lower(?TableAlias.code) = lower(?)", code).
		Where("?TableAlias.id <> ?", self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check type code: %w", err)
	}
	return ok, nil
}

// typeInUse reports whether a live order of the side refers to type id.
func (s store) typeInUse(ctx context.Context, k typeKind, id uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*SalesOrder)(nil)).Where("?TableAlias.? = ?", bun.Ident(k.orderColumn), id).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check %s in use: %w", k.what, err)
	}
	return ok, nil
}

// typeNames answers the names of the side's order types and product types by id.
func (s store) typeNames(ctx context.Context) (map[uuid.UUID]string, error) {
	out := map[uuid.UUID]string{}
	ots, _, err := db.List[OrderType](ctx, s.idb, db.Page{Columns: []string{"id", "name"}}, nil)
	if err != nil {
		return nil, fmt.Errorf("order type names: %w", err)
	}
	for _, t := range ots {
		out[t.ID] = t.Name
	}
	pts, _, err := db.List[ProductType](ctx, s.idb, db.Page{Columns: []string{"id", "name"}}, nil)
	if err != nil {
		return nil, fmt.Errorf("product type names: %w", err)
	}
	for _, t := range pts {
		out[t.ID] = t.Name
	}
	return out, nil
}
