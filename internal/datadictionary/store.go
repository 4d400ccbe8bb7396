package datadictionary

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area. Each is scoped to the current tenant and to live rows
// by platform/db (db.Select, db.Update, db.List…), and answers errors that keep their kind: a
// missing row unwraps to db.ErrNotFound (carrying the message key the client sees), a unique
// index's refusal to db.ErrDuplicate, and anything else (a database outage) is passed on with
// context, never taken for "not found". No method answers (nil, nil).
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is),
// committed when fn returns nil.
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their kind.
func notFound(err error, what, key string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key, args...)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// notFoundKeyed gives a write's ErrNotFound its message key; other errors pass.
func notFoundKeyed(err error, key string) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, key)
	}
	return err
}

// side names the current tenant ("host" for the host), for locks and cache keys.
func side(ctx context.Context) string {
	if id := tenancy.ID(ctx); id != nil {
		return id.String()
	}
	return "host"
}

// ---- dictionaries ----

// dictionarySorting is the sorting whitelist of the dictionary list: API name → column. Each
// column has an index led by the tenant (datadictionary/0001).
var dictionarySorting = map[string]string{
	"code": "code", "displayName": "display_name", "description": "description",
	"isStatic": "is_static", "creationTime": "creation_time",
}

// dictionaryOrder is the default order of the dictionary list.
const dictionaryOrder = "code ASC"

func (s store) listDictionaries(ctx context.Context, q DictionaryQuery, order string) ([]Dictionary, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time") // never answered
	}}
	rows, n, err := db.List[Dictionary](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		sq = db.WhereContains(sq, q.Code, "code")
		sq = db.WhereContains(sq, q.DisplayName, "display_name")
		return db.WhereContains(sq, q.Filter, "code", "display_name")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list data dictionaries: %w", err)
	}
	return rows, n, nil
}

func (s store) getDictionary(ctx context.Context, id uuid.UUID) (*Dictionary, error) {
	d := new(Dictionary)
	if err := db.Select(ctx, s.idb, d).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "data dictionary "+id.String(), KeyDictionaryNotFound)
	}
	return d, nil
}

// dictionaryByCode answers the live dictionary whose code is code without regard to case.
func (s store) dictionaryByCode(ctx context.Context, code string) (*Dictionary, error) {
	d := new(Dictionary)
	err := db.Select(ctx, s.idb, d).Where("lower(?TableAlias.code) = ?", strings.ToLower(code)).Limit(1).Scan(ctx)
	if err != nil {
		return nil, notFound(err, "data dictionary "+code, KeyCodeNotFound, code)
	}
	return d, nil
}

// codeTaken reports whether a live dictionary other than self has code (without regard to
// case). It first makes other transactions checking codes of the same side wait until this one
// ends, so two dictionaries created at once with one code get one row and one clear refusal.
func (s store) codeTaken(ctx context.Context, code string, self uuid.UUID) (bool, error) {
	if err := db.LockInTx(ctx, s.idb, "datadictionary-codes:"+side(ctx)); err != nil {
		return false, err
	}
	ok, err := db.Select(ctx, s.idb, (*Dictionary)(nil)).
		Where("lower(?TableAlias.code) = ? AND ?TableAlias.id <> ?", strings.ToLower(code), self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check data dictionary code: %w", err)
	}
	return ok, nil
}

// allDictionaries answers every live dictionary of the side in code order.
func (s store) allDictionaries(ctx context.Context) ([]Dictionary, error) {
	var rows []Dictionary
	if err := db.Select(ctx, s.idb, &rows).OrderExpr("?TableAlias.code ASC, ?TableAlias.id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read data dictionaries: %w", err)
	}
	return rows, nil
}

func (s store) insertDictionary(ctx context.Context, d *Dictionary) error {
	return db.Insert(ctx, s.idb, d)
}

func (s store) updateDictionary(ctx context.Context, d *Dictionary, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, d, stamp, "code", "display_name", "description", "is_static"); err != nil {
		return notFoundKeyed(err, KeyDictionaryNotFound)
	}
	return nil
}

// deleteDictionary soft-deletes a dictionary and its details.
func (s store) deleteDictionary(ctx context.Context, d *Dictionary) error {
	if err := db.SoftDelete(ctx, s.idb, d); err != nil {
		return notFoundKeyed(err, KeyDictionaryNotFound)
	}
	_, err := s.softDeleteWhere(ctx, (*Detail)(nil), "?TableAlias.data_dictionary_id = ?", d.ID)
	return err
}

// ---- details ----

// detailSorting is the sorting whitelist of a dictionary's detail list.
var detailSorting = map[string]string{
	"order": "sort_order", "code": "code", "label": "label", "value": "value",
	"isEnable": "is_enable", "isDefault": "is_default", "creationTime": "creation_time",
}

// detailOrder is the order details are offered in: by order, then label.
const detailOrder = "sort_order ASC, label ASC"

func (s store) listDetails(ctx context.Context, q DetailQuery, order string) ([]Detail, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time")
	}}
	rows, n, err := db.List[Detail](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		sq = sq.Where("?TableAlias.data_dictionary_id = ?", q.DataDictionaryID)
		if q.IsEnable != nil {
			sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
		}
		return db.WhereContains(sq, q.Filter, "code", "label", "value")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list data dictionary details: %w", err)
	}
	return rows, n, nil
}

// enabledDetails answers the enabled details of the dictionaries ids, each dictionary's in
// order (then label).
func (s store) enabledDetails(ctx context.Context, ids ...uuid.UUID) ([]Detail, error) {
	rows := []Detail{}
	if len(ids) == 0 {
		return rows, nil
	}
	err := db.Select(ctx, s.idb, &rows).ExcludeColumn("deleter_id", "deletion_time").
		Where("?TableAlias.data_dictionary_id IN (?) AND ?TableAlias.is_enable = ?", bun.In(ids), true).
		OrderExpr("?TableAlias.sort_order ASC, ?TableAlias.label ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read data dictionary details: %w", err)
	}
	return rows, nil
}

// allDetails answers every detail of a dictionary in order.
func (s store) allDetails(ctx context.Context, dictionaryID uuid.UUID) ([]Detail, error) {
	rows, _, err := s.listDetails(ctx, DetailQuery{DataDictionaryID: dictionaryID}, detailOrder)
	return rows, err
}

func (s store) getDetail(ctx context.Context, id uuid.UUID) (*Detail, error) {
	d := new(Detail)
	if err := db.Select(ctx, s.idb, d).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "data dictionary detail "+id.String(), KeyDetailNotFound)
	}
	return d, nil
}

// detailOf answers the detail id; with dictionaryID set, a detail of another dictionary is
// not found.
func (s store) detailOf(ctx context.Context, id uuid.UUID, dictionaryID *uuid.UUID) (*Detail, error) {
	d, err := s.getDetail(ctx, id)
	if err != nil {
		return nil, err
	}
	if dictionaryID != nil && *dictionaryID != d.DataDictionaryID {
		return nil, notFound(db.ErrNotFound, "data dictionary detail "+id.String(), KeyDetailNotFound)
	}
	return d, nil
}

// lockDictionary makes other transactions changing the details of the dictionary wait until
// this one ends (their code and default checks then see each other's rows).
func (s store) lockDictionary(ctx context.Context, id uuid.UUID) error {
	return db.LockInTx(ctx, s.idb, "datadictionary-details:"+id.String())
}

// detailCodeTaken reports whether a live detail of the dictionary other than self has code
// (without regard to case).
func (s store) detailCodeTaken(ctx context.Context, dictionaryID uuid.UUID, code string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*Detail)(nil)).
		Where("?TableAlias.data_dictionary_id = ? AND lower(?TableAlias.code) = ? AND ?TableAlias.id <> ?",
			dictionaryID, strings.ToLower(code), self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check data dictionary detail code: %w", err)
	}
	return ok, nil
}

// clearDefault makes no live detail of the dictionary other than self its default.
func (s store) clearDefault(ctx context.Context, dictionaryID, self uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, (*Detail)(nil)).Set("is_default = ?", false).
		Set("last_modification_time = ?", time.Now().UTC()).Set("last_modifier_id = ?", auth.UserID(ctx)).
		Set("concurrency_stamp = ?", db.NewStamp()).
		Where("?TableAlias.data_dictionary_id = ? AND ?TableAlias.is_default = ? AND ?TableAlias.id <> ?", dictionaryID, true, self).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("clear the default detail: %w", err)
	}
	return nil
}

// insertDetail inserts one detail.
func (s store) insertDetail(ctx context.Context, d *Detail) error {
	return db.Insert(ctx, s.idb, d)
}

// insertDetails inserts details (one statement per batch).
func (s store) insertDetails(ctx context.Context, rows []Detail) error {
	const batch = 500
	for start := 0; start < len(rows); start += batch {
		chunk := rows[start:min(start+batch, len(rows))]
		if err := db.Insert(ctx, s.idb, &chunk); err != nil {
			return err
		}
	}
	return nil
}

func (s store) updateDetail(ctx context.Context, d *Detail, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, d, stamp, "code", "label", "value", "sort_order", "is_enable", "is_default", "description"); err != nil {
		return notFoundKeyed(err, KeyDetailNotFound)
	}
	return nil
}

func (s store) deleteDetail(ctx context.Context, d *Detail) error {
	if err := db.SoftDelete(ctx, s.idb, d); err != nil {
		return notFoundKeyed(err, KeyDetailNotFound)
	}
	return nil
}

// ---- shared ----

// softDeleteWhere marks every live row of model's table matching where deleted, within the
// current tenant, and answers how many it marked.
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
