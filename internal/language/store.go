package language

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// store holds every query of the area. The tables are host-level (no tenant_id), so the
// platform's scope adds no tenant filter: every tenant reads the same rows. Errors keep
// their kind: a missing row unwraps to db.ErrNotFound, a unique index's refusal to
// db.ErrDuplicate, anything else is passed on with context.
type store struct {
	idb bun.IDB
	db  *db.DB
}

func newStore(d *db.DB) store { return store{idb: d, db: d} }

func (s store) inTx(ctx context.Context, fn func(ctx context.Context, tx store) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, store{idb: tx, db: s.db}) })
}

func notFound(err error, what, key string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key, args...)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// listLanguages answers a page of the languages (culture or display name contains the
// filter), by culture name. The table holds a handful of rows.
func (s store) listLanguages(ctx context.Context, q Query) ([]Language, int, error) {
	rows := []Language{}
	sq := db.Select(ctx, s.idb, &rows)
	sq = db.WhereContains(sq, q.Filter, "culture_name", "display_name")
	n, err := sq.OrderExpr("?TableAlias.culture_name ASC").Offset(int64(q.Skip)).Limit(int64(q.Limit)).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list languages: %w", err)
	}
	return rows, int(n), nil
}

// allLanguages answers every language, by culture name.
func (s store) allLanguages(ctx context.Context) ([]Language, error) {
	rows := []Language{}
	if err := db.Select(ctx, s.idb, &rows).OrderExpr("?TableAlias.culture_name ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read languages: %w", err)
	}
	return rows, nil
}

func (s store) getLanguage(ctx context.Context, id uuid.UUID) (*Language, error) {
	row := new(Language)
	if err := db.Select(ctx, s.idb, row).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "read language", KeyLanguageNotFound)
	}
	return row, nil
}

func (s store) languageByCulture(ctx context.Context, culture string) (*Language, error) {
	row := new(Language)
	if err := db.Select(ctx, s.idb, row).Where("?TableAlias.culture_name = ?", culture).Scan(ctx); err != nil {
		return nil, notFound(err, "read language "+culture, KeyUnknownLanguage, culture)
	}
	return row, nil
}

func (s store) insertLanguage(ctx context.Context, row *Language) error {
	if row.ID == uuid.Nil {
		row.ID = db.NewID()
	}
	row.CreationTime = now()
	row.ConcurrencyStamp = db.NewStamp()
	if err := db.Insert(ctx, s.idb, row); err != nil {
		return fmt.Errorf("insert language %s: %w", row.CultureName, err)
	}
	return nil
}

// updateLanguage writes columns of row when its stamp is still expected (empty: no check).
func (s store) updateLanguage(ctx context.Context, row *Language, expected string, columns ...string) error {
	t := now()
	row.LastModificationTime = &t
	old := row.ConcurrencyStamp
	row.ConcurrencyStamp = db.NewStamp()
	q := db.Update(ctx, s.idb, row).Column(append(columns, "last_modification_time", "concurrency_stamp")...).
		Where("?TableAlias.id = ?", row.ID)
	if expected != "" {
		q = q.Where("?TableAlias.concurrency_stamp = ?", expected)
	} else {
		q = q.Where("?TableAlias.concurrency_stamp = ?", old)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return fmt.Errorf("update language: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("update language %s: %w", row.CultureName, apperr.ErrConflict)
	}
	return nil
}

// clearDefault makes no language the default (the caller then marks one).
func (s store) clearDefault(ctx context.Context) error {
	if _, err := db.Update(ctx, s.idb, (*Language)(nil)).Set("is_default = ?", false).Where("is_default = ?", true).Exec(ctx); err != nil {
		return fmt.Errorf("clear default language: %w", err)
	}
	return nil
}

// deleteLanguage deletes the language and the overrides of its culture.
func (s store) deleteLanguage(ctx context.Context, row *Language) error {
	if _, err := db.Delete(ctx, s.idb, (*TextOverride)(nil)).Where("culture_name = ?", row.CultureName).Exec(ctx); err != nil {
		return fmt.Errorf("delete texts of %s: %w", row.CultureName, err)
	}
	if _, err := db.Delete(ctx, s.idb, (*Language)(nil)).Where("id = ?", row.ID).Exec(ctx); err != nil {
		return fmt.Errorf("delete language %s: %w", row.CultureName, err)
	}
	return nil
}

// overridesOf answers every override of culture.
func (s store) overridesOf(ctx context.Context, culture string) ([]TextOverride, error) {
	rows := []TextOverride{}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.culture_name = ?", culture).Scan(ctx); err != nil {
		return nil, fmt.Errorf("read text overrides of %s: %w", culture, err)
	}
	return rows, nil
}

// setOverride writes the override of (resource, culture, name).
func (s store) setOverride(ctx context.Context, resource, culture, name, value string) error {
	return s.inTx(ctx, func(ctx context.Context, tx store) error {
		row := new(TextOverride)
		err := db.Select(ctx, tx.idb, row).Where("?TableAlias.culture_name = ?", culture).
			Where("?TableAlias.resource_name = ?", resource).Where("?TableAlias.name = ?", name).Scan(ctx)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			row = &TextOverride{ID: db.NewID(), CreationTime: now(), ResourceName: resource, CultureName: culture, Name: name, Value: value}
			if err := db.Insert(ctx, tx.idb, row); err != nil {
				return fmt.Errorf("insert text %s/%s/%s: %w", resource, culture, name, err)
			}
			return nil
		case err != nil:
			return fmt.Errorf("read text %s/%s/%s: %w", resource, culture, name, err)
		}
		t := now()
		row.Value, row.LastModificationTime = value, &t
		if _, err := db.Update(ctx, tx.idb, row).Column("value", "last_modification_time").Where("?TableAlias.id = ?", row.ID).Exec(ctx); err != nil {
			return fmt.Errorf("update text %s/%s/%s: %w", resource, culture, name, err)
		}
		return nil
	})
}

// deleteOverride removes the override of (resource, culture, name), if any.
func (s store) deleteOverride(ctx context.Context, resource, culture, name string) error {
	if _, err := db.Delete(ctx, s.idb, (*TextOverride)(nil)).Where("culture_name = ?", culture).
		Where("resource_name = ?", resource).Where("name = ?", name).Exec(ctx); err != nil {
		return fmt.Errorf("delete text %s/%s/%s: %w", resource, culture, name, err)
	}
	return nil
}
