package saas

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area. Editions and tenants are host rows: every method reads
// and writes them on the host's side, whatever ctx's tenant.
type store struct {
	idb bun.IDB // the database, or the transaction a method of inTx runs in
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

// host is ctx on the host's side, where editions and tenants live.
func host(ctx context.Context) context.Context { return tenancy.WithTenant(ctx, tenancy.Tenant{}) }

// notFound turns a missing row into db.ErrNotFound carrying key; other errors keep their kind.
func notFound(err error, what, key string) error {
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%s: %w", what, apperr.WithKey(db.ErrNotFound, key))
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Sorting whitelists (API name → column).
var (
	editionSorting = map[string]string{"displayName": "display_name", "creationTime": "creation_time"}
	tenantSorting  = map[string]string{"name": "name", "creationTime": "creation_time", "isActive": "is_active"}
)

func (s store) listEditions(ctx context.Context, p db.Page, filter string) ([]Edition, int, error) {
	return db.List[Edition](host(ctx), s.idb, p, func(q *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(q, filter, "display_name")
	})
}

func (s store) edition(ctx context.Context, id uuid.UUID) (*Edition, error) {
	e := new(Edition)
	err := db.Select(host(ctx), s.idb, e).Where("?TableAlias.id = ?", id).Limit(1).Scan(ctx)
	if err := db.NotFound(err, "get edition"); err != nil {
		return nil, notFound(err, "edition "+id.String(), KeyEditionNotFound)
	}
	return e, nil
}

// editionNames answers the display names of the live editions among ids.
func (s store) editionNames(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]string, error) {
	out := map[uuid.UUID]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Edition
	if err := db.Select(host(ctx), s.idb, &rows).Column("id", "display_name").Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("edition names: %w", err)
	}
	for _, e := range rows {
		out[e.ID] = e.DisplayName
	}
	return out, nil
}

// editionNamed reports whether a live edition other than self has the normalised name.
func (s store) editionNamed(ctx context.Context, normalized string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(host(ctx), s.idb, (*Edition)(nil)).Where("normalized_display_name = ?", normalized).
		Where("?TableAlias.id <> ?", self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check edition name: %w", err)
	}
	return ok, nil
}

func (s store) insertEdition(ctx context.Context, e *Edition) error {
	if err := db.Insert(host(ctx), s.idb, e); err != nil {
		return fmt.Errorf("create edition: %w", err)
	}
	return nil
}

func (s store) updateEdition(ctx context.Context, e *Edition, stamp string) error {
	if err := db.UpdateStamped(host(ctx), s.idb, e, stamp, "display_name", "normalized_display_name"); err != nil {
		return notFound(err, "update edition", KeyEditionNotFound)
	}
	return nil
}

func (s store) deleteEdition(ctx context.Context, e *Edition) error {
	if err := db.SoftDelete(host(ctx), s.idb, e); err != nil {
		return notFound(err, "delete edition", KeyEditionNotFound)
	}
	return nil
}

// tenantsOfEdition counts the live tenants of an edition.
func (s store) tenantsOfEdition(ctx context.Context, id uuid.UUID) (int, error) {
	n, err := db.Select(host(ctx), s.idb, (*identity.Tenant)(nil)).Where("edition_id = ?", id).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count tenants of edition: %w", err)
	}
	return int(n), nil
}

func (s store) listTenants(ctx context.Context, p db.Page, filter string) ([]identity.Tenant, int, error) {
	return db.List[identity.Tenant](host(ctx), s.idb, p, func(q *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(q, filter, "name")
	})
}

func (s store) tenant(ctx context.Context, id uuid.UUID) (*identity.Tenant, error) {
	t := new(identity.Tenant)
	err := db.Select(host(ctx), s.idb, t).Where("?TableAlias.id = ?", id).Limit(1).Scan(ctx)
	if err := db.NotFound(err, "get tenant"); err != nil {
		return nil, notFound(err, "tenant "+id.String(), KeyTenantNotFound)
	}
	return t, nil
}

// tenantNamed reports whether a live tenant other than self has the normalised name.
func (s store) tenantNamed(ctx context.Context, normalized string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(host(ctx), s.idb, (*identity.Tenant)(nil)).Where("normalized_name = ?", normalized).
		Where("?TableAlias.id <> ?", self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check tenant name: %w", err)
	}
	return ok, nil
}

func (s store) insertTenant(ctx context.Context, t *identity.Tenant) error {
	if err := db.Insert(host(ctx), s.idb, t); err != nil {
		return fmt.Errorf("create tenant: %w", err)
	}
	return nil
}

func (s store) updateTenant(ctx context.Context, t *identity.Tenant, stamp string) error {
	err := db.UpdateStamped(host(ctx), s.idb, t, stamp, "name", "normalized_name", "edition_id", "is_active", "activation_message")
	if err != nil {
		return notFound(err, "update tenant", KeyTenantNotFound)
	}
	return nil
}

func (s store) deleteTenant(ctx context.Context, t *identity.Tenant) error {
	if err := db.SoftDelete(host(ctx), s.idb, t); err != nil {
		return notFound(err, "delete tenant", KeyTenantNotFound)
	}
	return nil
}
