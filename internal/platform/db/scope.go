package db

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/uptrace/bun"

	"kerf/internal/platform/auth"
	"kerf/internal/platform/tenancy"
)

// Select starts a query over model's table that only sees the current tenant's rows
// and hides soft-deleted ones. Stores use it (and Update, Delete, Count) instead of
// bun's NewSelect so that no caller can forget the tenant.
//
// Handed the root database, a statement on a tenant-scoped table runs on the database of
// ctx's tenant when it has one of its own (tenants.go); the same holds for every wrapper.
func Select(ctx context.Context, idb bun.IDB, model any) *bun.SelectQuery {
	idb, err := routed(ctx, idb, model)
	q := idb.NewSelect().Model(model)
	if err != nil {
		q = q.Err(err)
	}
	return q.ApplyQueryBuilder(scope(ctx, q.GetModel()))
}

// Update starts an update of model scoped like Select.
func Update(ctx context.Context, idb bun.IDB, model any) *bun.UpdateQuery {
	idb, err := routed(ctx, idb, model)
	q := idb.NewUpdate().Model(model)
	if err != nil {
		q = q.Err(err)
	}
	return q.ApplyQueryBuilder(scope(ctx, q.GetModel()))
}

// Delete starts a hard delete of model's rows, scoped like Select, for rows that are not
// soft-deletable (logs, links).
func Delete(ctx context.Context, idb bun.IDB, model any) *bun.DeleteQuery {
	idb, err := routed(ctx, idb, model)
	q := idb.NewDelete().Model(model)
	if err != nil {
		q = q.Err(err)
	}
	return q.ApplyQueryBuilder(scope(ctx, q.GetModel()))
}

func scope(ctx context.Context, m bun.Model) func(bun.QueryBuilder) bun.QueryBuilder {
	tm, ok := m.(bun.TableModel)
	return func(qb bun.QueryBuilder) bun.QueryBuilder {
		if !ok {
			return qb
		}
		t := tm.Table()
		if t.HasField("tenant_id") && tenancy.Filtered(ctx) {
			if id := tenancy.ID(ctx); id != nil {
				qb = qb.Where("?TableAlias.tenant_id = ?", *id)
			} else {
				qb = qb.Where("?TableAlias.tenant_id IS NULL")
			}
		}
		if t.HasField("is_deleted") && !showsDeleted(ctx) {
			qb = qb.Where("?TableAlias.is_deleted = ?", false)
		}
		return qb
	}
}

// Insert inserts model (a struct or slice pointer); the Entity hook fills the audit fields.
// A row a unique index refuses answers an error that unwraps to ErrDuplicate. Rows that
// embed Entity are recorded as Created entity changes when the database has a recorder
// (changes.go), all of them with one statement per table.
func Insert(ctx context.Context, idb bun.IDB, model any) error {
	idb, err := routed(ctx, idb, model)
	if err != nil {
		return fmt.Errorf("insert: %w", err)
	}
	rec, a := recording(idb, model)
	if a == nil {
		return insert(ctx, idb, model)
	}
	return withRecording(ctx, idb, func(ctx context.Context, idb bun.IDB) error {
		if err := insert(ctx, idb, model); err != nil {
			return err
		}
		return record(ctx, idb, rec, a.created(model, time.Now().UTC()))
	})
}

func insert(ctx context.Context, idb bun.IDB, model any) error {
	if _, err := idb.NewInsert().Model(model).Exec(ctx); err != nil {
		return writeError("insert", err)
	}
	return nil
}

// recording answers the recorder of idb's database and how model's rows are recorded, or
// a nil *audited when nothing is to be recorded.
func recording(idb bun.IDB, model any) (ChangeRecorder, *audited) {
	rec := recorderOf(idb)
	if rec == nil {
		return nil, nil
	}
	t := modelType(model)
	if t == nil {
		return nil, nil
	}
	a := auditedOf(idb, t)
	if a == nil || a.entry < 0 {
		return nil, nil
	}
	return rec, a
}

func record(ctx context.Context, idb bun.IDB, rec ChangeRecorder, changes []EntityChange) error {
	if len(changes) == 0 {
		return nil
	}
	if err := rec.RecordChanges(ctx, idb, changes); err != nil {
		return fmt.Errorf("record entity changes: %w", err)
	}
	return nil
}

// Stamped is a row with a concurrency stamp, as Entity is.
type Stamped interface {
	stamp() *Entity
}

func (e *Entity) stamp() *Entity { return e }

// UpdateStamped writes the given columns of row when its stored concurrency stamp
// equals expected (an empty expected skips the check), and gives it a new stamp.
// A stale stamp answers ErrConflict; a missing row ErrNotFound; a value a unique index
// refuses ErrDuplicate.
//
// With a recorder, the columns written are read first (in the same transaction, locked on
// PostgreSQL) and those whose value changed are recorded as an Updated entity change.
func UpdateStamped(ctx context.Context, idb bun.IDB, row Stamped, expected string, columns ...string) error {
	idb, err := routed(ctx, idb, row)
	if err != nil {
		return fmt.Errorf("update: %w", err)
	}
	rec, a := recording(idb, row)
	if a == nil {
		return updateStamped(ctx, idb, row, expected, columns...)
	}
	return withRecording(ctx, idb, func(ctx context.Context, idb bun.IDB) error {
		v := reflect.ValueOf(row).Elem()
		props := a.columns(columns)
		old, err := a.readBefore(ctx, idb, v.Type(), row.stamp().ID, props)
		if err != nil {
			return fmt.Errorf("update: %w", err)
		}
		if err := updateStamped(ctx, idb, row, expected, columns...); err != nil || !old.IsValid() {
			return err
		}
		if c, ok := a.updated(old, v, props, time.Now().UTC()); ok {
			return record(ctx, idb, rec, []EntityChange{c})
		}
		return nil
	})
}

func updateStamped(ctx context.Context, idb bun.IDB, row Stamped, expected string, columns ...string) error {
	e := row.stamp()
	fresh := NewStamp()
	e.ConcurrencyStamp = fresh
	q := Update(ctx, idb, row).WherePK()
	if expected != "" {
		q = q.Where("?TableAlias.concurrency_stamp = ?", expected)
	}
	if len(columns) > 0 {
		q = q.Column(append(columns, "concurrency_stamp", "last_modification_time", "last_modifier_id")...)
	} else {
		q = q.ExcludeColumn("id", "tenant_id", "creation_time", "creator_id", "is_deleted", "deleter_id", "deletion_time")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return writeError("update", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		exists, err := Select(ctx, idb, row).WherePK().Exists(ctx)
		if err != nil {
			return fmt.Errorf("update: %w", err)
		}
		if exists {
			return fmt.Errorf("update: stale concurrency stamp: %w", ErrConflict)
		}
		return fmt.Errorf("update: %w", ErrNotFound)
	}
	return nil
}

// SoftDelete marks row (with its id set) deleted, within the current tenant. With a
// recorder, the row is read first (in the same transaction) and recorded as a Deleted
// entity change with the values it held.
func SoftDelete(ctx context.Context, idb bun.IDB, row Stamped) error {
	idb, err := routed(ctx, idb, row)
	if err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	rec, a := recording(idb, row)
	if a == nil {
		return softDelete(ctx, idb, row)
	}
	return withRecording(ctx, idb, func(ctx context.Context, idb bun.IDB) error {
		id := row.stamp().ID
		old, err := a.readBefore(ctx, idb, reflect.TypeOf(row).Elem(), id, a.columns(nil))
		if err != nil {
			return fmt.Errorf("delete: %w", err)
		}
		if err := softDelete(ctx, idb, row); err != nil || !old.IsValid() {
			return err
		}
		return record(ctx, idb, rec, []EntityChange{a.deleted(old, id, time.Now().UTC())})
	})
}

func softDelete(ctx context.Context, idb bun.IDB, row Stamped) error {
	e := row.stamp()
	now := time.Now().UTC()
	e.IsDeleted, e.DeletionTime, e.DeleterID = true, &now, auth.UserID(ctx)
	res, err := Update(ctx, idb, row).WherePK().Column("is_deleted", "deletion_time", "deleter_id").Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("delete: %w", ErrNotFound)
	}
	return nil
}
