package catalog

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

// store holds every query of the catalogue. Each is scoped to the current tenant and to
// live rows by platform/db (db.Select, db.Update, db.List…), and answers errors that keep
// their kind: a missing row unwraps to db.ErrNotFound (carrying the message key the
// client sees), a unique index's refusal to db.ErrDuplicate, and anything else (a
// database outage) is passed on with context, never taken for "not found". No method
// answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// inTx runs fn with a store bound to one transaction (the current one, when s already
// is), committed when fn returns nil.
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their
// kind.
func notFound(err error, what, key string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ---- directories ----

// listCatalogs answers the directories q selects in code order, and their count.
func (s store) listCatalogs(ctx context.Context, q CatalogQuery) ([]Catalog, int, error) {
	rows, n, err := db.List[Catalog](ctx, s.idb, db.Page{Order: "?TableAlias.code ASC", Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			sq = sq.Where("?TableAlias.module_name = ?", q.ModuleName)
			if q.IsEnable != nil {
				sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
			}
			return db.WhereContains(sq, q.Filter, "display_name", "code")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list catalogs: %w", err)
	}
	return rows, n, nil
}

func (s store) getCatalog(ctx context.Context, id uuid.UUID) (*Catalog, error) {
	c := new(Catalog)
	if err := db.Select(ctx, s.idb, c).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "catalog "+id.String(), KeyCatalogNotFound)
	}
	return c, nil
}

// hasCatalogs reports whether the tenant has any live directory.
func (s store) hasCatalogs(ctx context.Context) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*Catalog)(nil)).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("read catalogs: %w", err)
	}
	return ok, nil
}

// siblingCodes answers the codes of the live directories under parent, for a new child's
// code: it first makes other transactions numbering the same parent wait until this one ends,
// so directories created at the same moment get distinct codes without retrying.
func (s store) siblingCodes(ctx context.Context, module string, parent uuid.UUID) ([]string, error) {
	tenant := "host"
	if id := tenancy.ID(ctx); id != nil {
		tenant = id.String()
	}
	if err := db.LockInTx(ctx, s.idb, "catalog-codes:"+tenant+":"+module+":"+parent.String()); err != nil {
		return nil, err
	}
	var codes []string
	err := db.Select(ctx, s.idb, (*Catalog)(nil)).Column("code").
		Where("?TableAlias.module_name = ? AND ?TableAlias.parent_id = ?", module, parent).Scan(ctx, &codes)
	if err != nil {
		return nil, fmt.Errorf("read sibling codes: %w", err)
	}
	return codes, nil
}

// tree answers the id and parent of every directory of module.
func (s store) tree(ctx context.Context, module string) ([]Catalog, error) {
	var all []Catalog
	if err := db.Select(ctx, s.idb, &all).Column("id", "parent_id").
		Where("?TableAlias.module_name = ?", module).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read tree: %w", err)
	}
	return all, nil
}

func (s store) insertCatalog(ctx context.Context, c *Catalog) error {
	return db.Insert(ctx, s.idb, c)
}

func (s store) updateCatalog(ctx context.Context, c *Catalog, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, c, stamp, "display_name", "catalog_name", "is_enable"); err != nil {
		return notFoundKeyed(err, KeyCatalogNotFound)
	}
	return nil
}

func (s store) deleteCatalog(ctx context.Context, c *Catalog) error {
	if err := db.SoftDelete(ctx, s.idb, c); err != nil {
		return notFoundKeyed(err, KeyCatalogNotFound)
	}
	return nil
}

// notFoundKeyed gives a write's ErrNotFound its message key; other errors pass.
func notFoundKeyed(err error, key string) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, key)
	}
	return err
}

// countChildren answers how many live directories are directly under id.
func (s store) countChildren(ctx context.Context, id uuid.UUID) (int, error) {
	return s.count(ctx, (*Catalog)(nil), "?TableAlias.parent_id = ?", id)
}

// countItems answers how many live items of module a directory holds.
func (s store) countItems(ctx context.Context, module string, catalogID uuid.UUID) (int, error) {
	return s.count(ctx, itemModel(module), "?TableAlias.catalog_id = ?", catalogID)
}

// deleteSubtree soft-deletes the directories ids of module, their items and the
// product–part links of those items.
func (s store) deleteSubtree(ctx context.Context, module string, ids []uuid.UUID) error {
	linkColumn, itemTable := "product_id", "catalog_products"
	if module == ModuleMatter {
		linkColumn, itemTable = "part_id", "catalog_parts"
	}
	if _, err := s.softDeleteWhere(ctx, (*ProductPart)(nil),
		"?TableAlias."+linkColumn+" IN (SELECT id FROM "+itemTable+" WHERE catalog_id IN (?))", bun.In(ids)); err != nil {
		return err
	}
	if _, err := s.softDeleteWhere(ctx, itemModel(module), "?TableAlias.catalog_id IN (?)", bun.In(ids)); err != nil {
		return err
	}
	_, err := s.softDeleteWhere(ctx, (*Catalog)(nil), "?TableAlias.id IN (?)", bun.In(ids))
	return err
}

// ---- products and parts ----

// itemRow is a product or a part row.
type itemRow interface{ Product | Part }

// itemPtr is a pointer to an item row.
type itemPtr[T itemRow] interface {
	*T
	db.Stamped
	fields() *ItemFields
	entity() *db.Entity
}

func (p *Product) fields() *ItemFields { return &p.ItemFields }
func (p *Product) entity() *db.Entity  { return &p.Entity }
func (p *Part) fields() *ItemFields    { return &p.ItemFields }
func (p *Part) entity() *db.Entity     { return &p.Entity }

// itemModel is the table model of module's items.
func itemModel(module string) any {
	if module == ModuleMatter {
		return (*Part)(nil)
	}
	return (*Product)(nil)
}

// itemSorting is the sorting whitelist of products and parts: API name → column. Each
// column has an index led by the tenant (catalog/0003), so a sorted page is read from
// an index.
var itemSorting = map[string]string{
	"name": "name", "code": "code", "erpCode": "erp_code", "length": "length", "width": "width",
	"height": "height", "price": "price", "creationTime": "creation_time", "isEnable": "is_enable",
}

// itemOrder is the default order of products and parts: creation order (ids are UUID v7).
const itemOrder = "id ASC"

// listItems answers the items q selects in order (built by db.Order), and their count.
func listItems[T itemRow](ctx context.Context, s store, q ItemQuery, order string) ([]T, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time") // never answered
	}}
	rows, n, err := db.List[T](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		if len(q.CatalogIDs) > 0 {
			sq = sq.Where("?TableAlias.catalog_id IN (?)", bun.In(q.CatalogIDs))
		}
		if q.IsEnable != nil {
			sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
		}
		return db.WhereContains(sq, q.Filter, "name", "code")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list items: %w", err)
	}
	return rows, n, nil
}

// getItem answers one item of the current tenant.
func getItem[T itemRow](ctx context.Context, s store, id uuid.UUID) (*T, error) {
	row := new(T)
	if err := db.Select(ctx, s.idb, row).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "item "+id.String(), KeyItemNotFound)
	}
	return row, nil
}

// insertBatch is how many rows one INSERT carries, under both databases' limits on bound
// parameters.
const insertBatch = 500

// insertItems inserts rows in batches.
func insertItems[T itemRow](ctx context.Context, s store, rows []T) error {
	for start := 0; start < len(rows); start += insertBatch {
		chunk := rows[start:min(start+insertBatch, len(rows))]
		if err := db.Insert(ctx, s.idb, &chunk); err != nil {
			return err
		}
	}
	return nil
}

// insertItem inserts one product or part.
func (s store) insertItem(ctx context.Context, row any) error {
	return db.Insert(ctx, s.idb, row)
}

// updateItem writes every column of row when its stamp is stamp (none: no check).
func (s store) updateItem(ctx context.Context, row db.Stamped, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, row, stamp); err != nil {
		return notFoundKeyed(err, KeyItemNotFound)
	}
	return nil
}

// deleteItem soft-deletes one item and its product–part links (linkColumn names its
// side of the link).
func deleteItem[T itemRow, P itemPtr[T]](ctx context.Context, s store, id uuid.UUID, linkColumn string) error {
	row := new(T)
	P(row).entity().ID = id
	if err := db.SoftDelete(ctx, s.idb, P(row)); err != nil {
		return notFoundKeyed(err, KeyItemNotFound)
	}
	_, err := s.softDeleteWhere(ctx, (*ProductPart)(nil), "?TableAlias."+linkColumn+" = ?", id)
	return err
}

// ---- product–part links ----

// listLinks answers a page of a product's links in the order they were made.
func (s store) listLinks(ctx context.Context, productID uuid.UUID, skip, limit int) ([]ProductPart, int, error) {
	links, n, err := db.List[ProductPart](ctx, s.idb, db.Page{Order: "id ASC", Skip: skip, Limit: limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery { return sq.Where("?TableAlias.product_id = ?", productID) })
	if err != nil {
		return nil, 0, fmt.Errorf("list product parts: %w", err)
	}
	return links, n, nil
}

// getLink answers one of a product's links.
func (s store) getLink(ctx context.Context, productID, id uuid.UUID) (*ProductPart, error) {
	link := new(ProductPart)
	err := db.Select(ctx, s.idb, link).Where("?TableAlias.id = ? AND ?TableAlias.product_id = ?", id, productID).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "product part "+id.String(), KeyItemNotFound)
	}
	return link, nil
}

// linked reports whether part is linked to product.
func (s store) linked(ctx context.Context, productID, partID uuid.UUID) (bool, error) {
	n, err := s.count(ctx, (*ProductPart)(nil), "?TableAlias.product_id = ? AND ?TableAlias.part_id = ?", productID, partID)
	return n > 0, err
}

// insertLink adds a link; one a unique index refuses unwraps to db.ErrDuplicate.
func (s store) insertLink(ctx context.Context, link *ProductPart) error {
	return db.Insert(ctx, s.idb, link)
}

func (s store) updateLinkCount(ctx context.Context, link *ProductPart) error {
	if err := db.UpdateStamped(ctx, s.idb, link, "", "count"); err != nil {
		return notFoundKeyed(err, KeyItemNotFound)
	}
	return nil
}

// deleteLink removes a product's link to a part, by the part's id or the link's; a
// missing one unwraps to db.ErrNotFound.
func (s store) deleteLink(ctx context.Context, productID, id uuid.UUID) error {
	n, err := s.softDeleteWhere(ctx, (*ProductPart)(nil),
		"?TableAlias.product_id = ? AND (?TableAlias.part_id = ? OR ?TableAlias.id = ?)", productID, id, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.WithKey(fmt.Errorf("product part %s: %w", id, db.ErrNotFound), KeyItemNotFound)
	}
	return nil
}

// partsByID answers the live parts of ids, by id.
func (s store) partsByID(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]*Part, error) {
	out := make(map[uuid.UUID]*Part, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var parts []Part
	if err := db.Select(ctx, s.idb, &parts).Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read linked parts: %w", err)
	}
	for i := range parts {
		out[parts[i].ID] = &parts[i]
	}
	return out, nil
}

// ---- standard products ----

// standardSorting is the sorting whitelist of standard products.
var standardSorting = map[string]string{
	"productName": "product_name", "productCode": "product_code", "creationTime": "creation_time",
	"productWidth": "product_width", "productHeight": "product_height", "productDepth": "product_depth",
}

func (s store) listStandard(ctx context.Context, q StandardProductQuery, order string) ([]StandardProduct, int, error) {
	rows, n, err := db.List[StandardProduct](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			if q.IsEnable != nil {
				sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
			}
			return db.WhereContains(sq, q.Filter, "product_name", "product_code")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list standard products: %w", err)
	}
	return rows, n, nil
}

func (s store) getStandard(ctx context.Context, id uuid.UUID) (*StandardProduct, error) {
	p := new(StandardProduct)
	if err := db.Select(ctx, s.idb, p).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "standard product "+id.String(), KeyItemNotFound)
	}
	return p, nil
}

func (s store) insertStandard(ctx context.Context, p *StandardProduct) error {
	return db.Insert(ctx, s.idb, p)
}

func (s store) updateStandard(ctx context.Context, p *StandardProduct, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, p, stamp); err != nil {
		return notFoundKeyed(err, KeyItemNotFound)
	}
	return nil
}

func (s store) deleteStandard(ctx context.Context, id uuid.UUID) error {
	if err := db.SoftDelete(ctx, s.idb, &StandardProduct{Entity: db.Entity{ID: id}}); err != nil {
		return notFoundKeyed(err, KeyItemNotFound)
	}
	return nil
}

// ---- shared ----

// softDeleteWhere marks every live row of model's table matching where deleted, within
// the current tenant, and answers how many it marked.
func (s store) softDeleteWhere(ctx context.Context, model any, where string, args ...any) (int64, error) {
	res, err := db.Update(ctx, s.idb, model).
		Set("is_deleted = ?", true).Set("deletion_time = ?", time.Now().UTC()).Set("deleter_id = ?", auth.UserID(ctx)).
		Where(where, args...).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// count answers how many live rows of model's table match where, within the tenant.
func (s store) count(ctx context.Context, model any, where string, args ...any) (int, error) {
	n, err := db.Select(ctx, s.idb, model).Where(where, args...).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return int(n), nil
}
