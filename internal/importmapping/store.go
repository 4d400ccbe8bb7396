package importmapping

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area, scoped to the current tenant and to live rows by
// platform/db. A missing row unwraps to db.ErrNotFound (with KeyNotFound), a unique
// index's refusal to db.ErrDuplicate; anything else (an outage) is passed on with
// context. No method answers (nil, nil).
type store struct {
	idb bun.IDB
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is).
func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

// row is one of the area's table rows: its rules are JSON text in the table and a slice in
// the answer.
type row interface {
	ImportRuleMapping | FormFieldMapping | ImportSplitMapping
}

type rowPtr[T row] interface {
	*T
	db.Stamped
	decode() error
	encode() error
	entity() *db.Entity
}

func (m *ImportRuleMapping) entity() *db.Entity  { return &m.Entity }
func (m *FormFieldMapping) entity() *db.Entity   { return &m.Entity }
func (m *ImportSplitMapping) entity() *db.Entity { return &m.Entity }

func decodeRules[T any](text string, out *[]T) error {
	*out = []T{}
	if text == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(text), out); err != nil {
		return fmt.Errorf("stored rules: %w", err)
	}
	return nil
}

func encodeRules[T any](rules []T) (string, error) {
	if rules == nil {
		rules = []T{}
	}
	b, err := json.Marshal(rules)
	if err != nil {
		return "", fmt.Errorf("encode rules: %w", err)
	}
	return string(b), nil
}

func (m *ImportRuleMapping) decode() error  { return decodeRules(m.RulesJSON, &m.MappingRules) }
func (m *FormFieldMapping) decode() error   { return decodeRules(m.RulesJSON, &m.MappingRules) }
func (m *ImportSplitMapping) decode() error { return decodeRules(m.RulesJSON, &m.Rules) }

func (m *ImportRuleMapping) encode() (err error) {
	m.RulesJSON, err = encodeRules(m.MappingRules)
	return err
}
func (m *FormFieldMapping) encode() (err error) {
	m.RulesJSON, err = encodeRules(m.MappingRules)
	return err
}
func (m *ImportSplitMapping) encode() (err error) {
	m.RulesJSON, err = encodeRules(m.Rules)
	return err
}

// Sorting whitelists (API name → column). Each column has an index led by the tenant
// (importmapping/0001), so a sorted page is read from an index.
var (
	ruleSorting  = map[string]string{"name": "name", "moduleType": "module_type", "creationTime": "creation_time"}
	formSorting  = map[string]string{"name": "name", "mappingType": "mapping_type", "creationTime": "creation_time"}
	splitSorting = map[string]string{"name": "name", "creationTime": "creation_time"}
)

// defaultOrder is the lists' order when none is asked for: creation order (ids are UUID v7).
const defaultOrder = "id ASC"

// list answers a page of T's rows in order, filtered by q, and their count; typeColumn
// is the column ModuleType filters (empty: none).
func list[T row, P rowPtr[T]](ctx context.Context, s store, q ListQuery, order, typeColumn string, hasDefault bool) ([]T, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time")
	}}
	rows, n, err := db.List[T](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		if q.ModuleType != nil && typeColumn != "" {
			sq = sq.Where("?TableAlias.? = ?", bun.Ident(typeColumn), *q.ModuleType)
		}
		if q.IsEnable != nil {
			sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
		}
		if q.IsDefault != nil && hasDefault {
			sq = sq.Where("?TableAlias.is_default = ?", *q.IsDefault)
		}
		return db.WhereContains(sq, q.Filter, "name", "description")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list mappings: %w", err)
	}
	for i := range rows {
		if err := P(&rows[i]).decode(); err != nil {
			return nil, 0, err
		}
	}
	return rows, n, nil
}

// get answers one row of the current tenant.
func get[T row, P rowPtr[T]](ctx context.Context, s store, id uuid.UUID) (*T, error) {
	r := new(T)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "mapping "+id.String())
	}
	if err := P(r).decode(); err != nil {
		return nil, err
	}
	return r, nil
}

func insert[T row, P rowPtr[T]](ctx context.Context, s store, r P) error {
	if err := r.encode(); err != nil {
		return err
	}
	return db.Insert(ctx, s.idb, r)
}

// update writes every column of r when its stamp is stamp (none: no check).
func update[T row, P rowPtr[T]](ctx context.Context, s store, r P, stamp string) error {
	if err := r.encode(); err != nil {
		return err
	}
	if err := db.UpdateStamped(ctx, s.idb, r, stamp); err != nil {
		return keyed(err)
	}
	return nil
}

func remove[T row, P rowPtr[T]](ctx context.Context, s store, id uuid.UUID) error {
	r := P(new(T))
	r.entity().ID = id
	if err := db.SoftDelete(ctx, s.idb, r); err != nil {
		return keyed(err)
	}
	return nil
}

// lockDefaults makes transactions that change the defaults of one kind (and module type)
// wait for each other, so two "set default" at once leave exactly one default instead of
// one of them failing on the unique index.
func (s store) lockDefaults(ctx context.Context, kind string, moduleType int) error {
	tenant := "host"
	if id := tenancy.ID(ctx); id != nil {
		tenant = id.String()
	}
	return db.LockInTx(ctx, s.idb, fmt.Sprintf("importmapping-default:%s:%s:%d", tenant, kind, moduleType))
}

// clearRuleDefaults unsets the default of moduleType's rule mappings other than keep.
func (s store) clearRuleDefaults(ctx context.Context, moduleType int, keep uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, (*ImportRuleMapping)(nil)).Set("is_default = ?", false).
		Where("?TableAlias.module_type = ? AND ?TableAlias.is_default = ? AND ?TableAlias.id <> ?", moduleType, true, keep).Exec(ctx)
	if err != nil {
		return fmt.Errorf("clear defaults: %w", err)
	}
	return nil
}

// clearSplitDefaults unsets the default of split mappings other than keep.
func (s store) clearSplitDefaults(ctx context.Context, keep uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, (*ImportSplitMapping)(nil)).Set("is_default = ?", false).
		Where("?TableAlias.is_default = ? AND ?TableAlias.id <> ?", true, keep).Exec(ctx)
	if err != nil {
		return fmt.Errorf("clear defaults: %w", err)
	}
	return nil
}

// enabledRuleMappings answers the enabled rule mappings of moduleType, the default first,
// then by name.
func (s store) enabledRuleMappings(ctx context.Context, moduleType int) ([]ImportRuleMapping, error) {
	var rows []ImportRuleMapping
	err := db.Select(ctx, s.idb, &rows).ExcludeColumn("deleter_id", "deletion_time").
		Where("?TableAlias.module_type = ? AND ?TableAlias.is_enable = ?", moduleType, true).
		OrderExpr("?TableAlias.is_default DESC, ?TableAlias.name ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list enabled mappings: %w", err)
	}
	for i := range rows {
		if err := rows[i].decode(); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// enabledSplitMappings answers the enabled split mappings, the default first, then by name.
func (s store) enabledSplitMappings(ctx context.Context) ([]ImportSplitMapping, error) {
	var rows []ImportSplitMapping
	err := db.Select(ctx, s.idb, &rows).ExcludeColumn("deleter_id", "deletion_time").
		Where("?TableAlias.is_enable = ?", true).
		OrderExpr("?TableAlias.is_default DESC, ?TableAlias.name ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list enabled split mappings: %w", err)
	}
	for i := range rows {
		if err := rows[i].decode(); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// count answers how many live rows of model's table match where.
func (s store) count(ctx context.Context, model any, where string, args ...any) (int, error) {
	n, err := db.Select(ctx, s.idb, model).Where(where, args...).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return int(n), nil
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), KeyNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func keyed(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyNotFound)
	}
	return err
}
