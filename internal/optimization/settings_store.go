package optimization

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// settingsStore holds the settings' queries, scoped to the current tenant and to live rows
// by platform/db. A missing row unwraps to db.ErrNotFound (with KeyNotFound), a unique
// index's refusal to db.ErrDuplicate. No method answers (nil, nil).
type settingsStore struct {
	idb bun.IDB
	db  *db.DB
}

func (s *Service) settings() settingsStore { return settingsStore{idb: s.db, db: s.db} }

// inTx runs fn with a store bound to one transaction (the current one, when s already is).
func (s settingsStore) inTx(ctx context.Context, fn func(ctx context.Context, tx settingsStore) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, settingsStore{idb: tx, db: s.db}) })
}

// Sorting whitelists (API name → column); each column has an index led by the tenant
// (optimization/0001_settings).
var (
	importSettingSorting = map[string]string{"name": "name", "fileType": "file_type", "creationTime": "creation_time"}
	parameterSorting     = map[string]string{"name": "name", "creationTime": "creation_time"}
	machineSorting       = map[string]string{"name": "name", "creationTime": "creation_time"}
)

// settingsOrder is the lists' order when none is asked for: creation order (UUID v7 ids).
const settingsOrder = "id ASC"

// settingRow is one of the three setting tables.
type settingRow interface {
	ImportFileSetting | ParameterSetting | MachineSetting
}

type settingPtr[T settingRow] interface {
	*T
	db.Stamped
	entity() *db.Entity
}

func (r *ImportFileSetting) entity() *db.Entity       { return &r.Entity }
func (r *ParameterSetting) entity() *db.Entity        { return &r.Entity }
func (r *MachineSetting) entity() *db.Entity          { return &r.Entity }
func (r *ImportFileSettingDetail) entity() *db.Entity { return &r.Entity }

func listSettings[T settingRow](ctx context.Context, s settingsStore, q SettingsQuery, sorting map[string]string) ([]T, int, error) {
	order, err := db.Order(q.Sorting, sorting, settingsOrder)
	if err != nil {
		return nil, 0, err
	}
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time")
	}}
	rows, n, err := db.List[T](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(sq, q.FilterText, "name", "remark")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list settings: %w", err)
	}
	return rows, n, nil
}

func getSetting[T settingRow](ctx context.Context, s settingsStore, id uuid.UUID) (*T, error) {
	r := new(T)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, settingNotFound(err, "setting "+id.String())
	}
	return r, nil
}

// defaultSetting answers the tenant's default row of T.
func defaultSetting[T settingRow](ctx context.Context, s settingsStore) (*T, error) {
	r := new(T)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.is_default = ?", true).Limit(1).Scan(ctx); err != nil {
		return nil, settingNotFound(err, "default setting")
	}
	return r, nil
}

func deleteSetting[T settingRow, P settingPtr[T]](ctx context.Context, s settingsStore, id uuid.UUID) error {
	r := P(new(T))
	r.entity().ID = id
	if err := db.SoftDelete(ctx, s.idb, r); err != nil {
		return settingKeyed(err)
	}
	return nil
}

func updateSetting(ctx context.Context, s settingsStore, r db.Stamped, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, r, stamp); err != nil {
		return settingKeyed(err)
	}
	return nil
}

// countSettings answers how many live rows of model's table there are.
func (s settingsStore) count(ctx context.Context, model any) (int, error) {
	n, err := db.Select(ctx, s.idb, model).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count settings: %w", err)
	}
	return int(n), nil
}

// lockDefaults makes the transactions that change one kind's default (or its rows) in a
// tenant wait for each other, so two "set default" at once leave exactly one default.
func (s settingsStore) lockDefaults(ctx context.Context, kind string) error {
	tenant := "host"
	if id := tenancy.ID(ctx); id != nil {
		tenant = id.String()
	}
	return db.LockInTx(ctx, s.idb, "optimization-default:"+tenant+":"+kind)
}

// clearDefaults unsets the default of model's rows other than keep.
func (s settingsStore) clearDefaults(ctx context.Context, model any, keep uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, model).Set("is_default = ?", false).
		Where("?TableAlias.is_default = ? AND ?TableAlias.id <> ?", true, keep).Exec(ctx)
	if err != nil {
		return fmt.Errorf("clear defaults: %w", err)
	}
	return nil
}

// firstOther answers the id of model's oldest live row other than not (uuid.Nil: none).
func (s settingsStore) firstOther(ctx context.Context, model any, not uuid.UUID) (uuid.UUID, error) {
	var id uuid.UUID
	err := db.Select(ctx, s.idb, model).Column("id").Where("?TableAlias.id <> ?", not).
		OrderExpr("?TableAlias.creation_time ASC, ?TableAlias.id ASC").Limit(1).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return uuid.Nil, nil
	}
	if err != nil {
		return uuid.Nil, fmt.Errorf("next default: %w", err)
	}
	return id, nil
}

// makeDefault sets is_default on model's row id.
func (s settingsStore) makeDefault(ctx context.Context, model any, id uuid.UUID) error {
	_, err := db.Update(ctx, s.idb, model).Set("is_default = ?", true).Where("?TableAlias.id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("make default: %w", err)
	}
	return nil
}

// importSettingByName answers the live setting called name.
func (s settingsStore) importSettingByName(ctx context.Context, name string) (*ImportFileSetting, error) {
	r := new(ImportFileSetting)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.name = ?", name).Limit(1).Scan(ctx); err != nil {
		return nil, settingNotFound(err, "setting "+name)
	}
	return r, nil
}

// nameTaken reports whether another live import-file setting than not is called name.
func (s settingsStore) nameTaken(ctx context.Context, name string, not uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*ImportFileSetting)(nil)).Where("?TableAlias.name = ? AND ?TableAlias.id <> ?", name, not).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("setting name: %w", err)
	}
	return ok, nil
}

// details answers the details of the settings ids by column index.
func (s settingsStore) details(ctx context.Context, ids ...uuid.UUID) ([]ImportFileSettingDetail, error) {
	rows := []ImportFileSettingDetail{}
	if len(ids) == 0 {
		return rows, nil
	}
	err := db.Select(ctx, s.idb, &rows).ExcludeColumn("deleter_id", "deletion_time").
		Where("?TableAlias.setting_id IN (?)", bun.In(ids)).
		OrderExpr("?TableAlias.setting_id ASC, ?TableAlias.column_index ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("setting details: %w", err)
	}
	return rows, nil
}

// listDetails answers a page of one setting's details by column index, and their count.
func (s settingsStore) listDetails(ctx context.Context, q DetailsQuery) ([]ImportFileSettingDetail, int, error) {
	page := db.Page{Order: "column_index ASC", Skip: q.Skip, Limit: q.Limit, Shape: func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.ExcludeColumn("deleter_id", "deletion_time")
	}}
	rows, n, err := db.List[ImportFileSettingDetail](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		return sq.Where("?TableAlias.setting_id = ?", q.ImportFileSettingID)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list setting details: %w", err)
	}
	return rows, n, nil
}

func (s settingsStore) detail(ctx context.Context, id uuid.UUID) (*ImportFileSettingDetail, error) {
	r := new(ImportFileSettingDetail)
	if err := db.Select(ctx, s.idb, r).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, settingNotFound(err, "setting detail "+id.String())
	}
	return r, nil
}

// dropDetails soft-deletes every detail of setting id.
func (s settingsStore) dropDetails(ctx context.Context, id uuid.UUID) error {
	rows, err := s.details(ctx, id)
	if err != nil {
		return err
	}
	for i := range rows {
		if err := db.SoftDelete(ctx, s.idb, &rows[i]); err != nil {
			return fmt.Errorf("drop details: %w", err)
		}
	}
	return nil
}

func (s settingsStore) insert(ctx context.Context, model any) error {
	return db.Insert(ctx, s.idb, model)
}

func settingNotFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), KeyNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func settingKeyed(err error) error {
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyNotFound)
	}
	return err
}
