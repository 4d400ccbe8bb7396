package claimtypes

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area. Each is scoped to the current tenant and to live rows
// by platform/db, and answers errors that keep their kind: a missing row unwraps to
// db.ErrNotFound (with the message key the client sees), anything else is passed on with
// context. It reads the tenants table (identity's exported row type) to seed every side.
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
func notFound(err error, what, key string) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// ---- claim types ----

// typeSorting is the sorting whitelist of the claim type list: API name → column. Only the
// name (the default) has a sort index: a tenant keeps tens of claim types, not thousands.
var typeSorting = map[string]string{
	"name": "name", "valueType": "value_type", "required": "required", "isStatic": "is_static",
	"description": "description", "creationTime": "creation_time",
}

// typeOrder is the default order of claim type lists.
const typeOrder = "name ASC"

// listTypes answers a page of the tenant's claim types, filtered on the name and description.
func (s store) listTypes(ctx context.Context, q Query, order string) ([]ClaimType, int, error) {
	rows, n, err := db.List[ClaimType](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery {
			return db.WhereContains(sq, q.Filter, "name", "description")
		})
	if err != nil {
		return nil, 0, fmt.Errorf("list claim types: %w", err)
	}
	return rows, n, nil
}

// allTypes answers every live claim type of the tenant, by name.
func (s store) allTypes(ctx context.Context) ([]ClaimType, error) {
	rows := []ClaimType{}
	if err := db.Select(ctx, s.idb, &rows).OrderExpr("?TableAlias.name ASC, ?TableAlias.id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read claim types: %w", err)
	}
	return rows, nil
}

// typesNamed answers the live claim types of the tenant among names, by name.
func (s store) typesNamed(ctx context.Context, names []string) (map[string]ClaimType, error) {
	return s.readTypesNamed(ctx, names, "")
}

// typesNamedShared is typesNamed for a claim write: on PostgreSQL the types read stay
// locked (FOR SHARE) until the transaction ends, so a type renamed or deleted at the same
// moment (typeForUpdate) either waits for the claims written under its name, and takes them
// with it, or is seen renamed or deleted here.
func (s store) typesNamedShared(ctx context.Context, names []string) (map[string]ClaimType, error) {
	return s.readTypesNamed(ctx, names, "SHARE")
}

func (s store) readTypesNamed(ctx context.Context, names []string, lock string) (map[string]ClaimType, error) {
	out := make(map[string]ClaimType, len(names))
	if len(names) == 0 {
		return out, nil
	}
	var rows []ClaimType
	q := db.Select(ctx, s.idb, &rows).Where("?TableAlias.name IN (?)", bun.In(names))
	if lock != "" && s.db.Kind == db.Postgres {
		q = q.For(lock)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read claim types: %w", err)
	}
	for _, r := range rows {
		out[r.Name] = r
	}
	return out, nil
}

func (s store) getType(ctx context.Context, id uuid.UUID) (*ClaimType, error) {
	return s.readType(ctx, id, "")
}

// typeForUpdate reads a type to rename or delete it; on PostgreSQL its row stays locked until
// the transaction ends (see typesNamedShared).
func (s store) typeForUpdate(ctx context.Context, id uuid.UUID) (*ClaimType, error) {
	return s.readType(ctx, id, "UPDATE")
}

func (s store) readType(ctx context.Context, id uuid.UUID, lock string) (*ClaimType, error) {
	t := new(ClaimType)
	q := db.Select(ctx, s.idb, t).Where("?TableAlias.id = ?", id)
	if lock != "" && s.db.Kind == db.Postgres {
		q = q.For(lock)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err, "claim type "+id.String(), KeyTypeNotFound)
	}
	return t, nil
}

// nameTaken reports whether another live claim type of the tenant (not self) has the name.
func (s store) nameTaken(ctx context.Context, name string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*ClaimType)(nil)).Where("?TableAlias.name = ?", name).
		Where("?TableAlias.id <> ?", self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check claim type name: %w", err)
	}
	return ok, nil
}

// insertType adds a claim type; a name the unique index refuses unwraps to db.ErrDuplicate.
func (s store) insertType(ctx context.Context, t *ClaimType) error {
	return db.Insert(ctx, s.idb, t)
}

// insertTypes adds claim types (a slice) in one statement.
func (s store) insertTypes(ctx context.Context, types *[]ClaimType) error {
	return db.Insert(ctx, s.idb, types)
}

// updateType writes the type's fields when its stamp is stamp (none: no check).
func (s store) updateType(ctx context.Context, t *ClaimType, stamp string) error {
	err := db.UpdateStamped(ctx, s.idb, t, stamp, "name", "value_type", "required", "regex", "regex_description", "description")
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyTypeNotFound)
	}
	return err
}

// deleteType soft-deletes the type.
func (s store) deleteType(ctx context.Context, t *ClaimType) error {
	err := db.SoftDelete(ctx, s.idb, t)
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyTypeNotFound)
	}
	return err
}

// renameClaims gives every claim of the tenant's users and roles of type from the type to.
func (s store) renameClaims(ctx context.Context, from, to string) error {
	for _, model := range []any{(*UserClaim)(nil), (*RoleClaim)(nil)} {
		if _, err := db.Update(ctx, s.idb, model).Set("claim_type = ?", to).Where("claim_type = ?", from).Exec(ctx); err != nil {
			return fmt.Errorf("rename claims of %s: %w", from, err)
		}
	}
	return nil
}

// deleteClaimsOfType removes every claim of the tenant's users and roles of the type.
func (s store) deleteClaimsOfType(ctx context.Context, name string) error {
	for _, model := range []any{(*UserClaim)(nil), (*RoleClaim)(nil)} {
		if _, err := db.Delete(ctx, s.idb, model).Where("claim_type = ?", name).Exec(ctx); err != nil {
			return fmt.Errorf("delete claims of %s: %w", name, err)
		}
	}
	return nil
}

// ---- claims ----

// owner is whose claims a query reads or writes: a user's or a role's.
type owner struct {
	role bool
	id   uuid.UUID
}

// model answers the owner's claims table; column the column naming the owner.
func (o owner) model() any {
	if o.role {
		return (*RoleClaim)(nil)
	}
	return (*UserClaim)(nil)
}

func (o owner) column() string {
	if o.role {
		return "role_id"
	}
	return "user_id"
}

func tenantOf(ctx context.Context) *uuid.UUID {
	if !tenancy.Filtered(ctx) {
		return nil
	}
	return tenancy.ID(ctx)
}

// lockOwner makes the claim writes of one user or role (add, replace) wait for each other until
// the transaction ends, so that a replace never meets the claims another wrote between its
// delete and its insert. SQLite runs one writing transaction at a time already (Kerf begins
// them IMMEDIATE); on PostgreSQL the owner's row is locked (FOR NO KEY UPDATE: other writes of
// the row wait, reads and foreign-key checks do not).
func (s store) lockOwner(ctx context.Context, o owner) error {
	if s.db.Kind != db.Postgres {
		return nil
	}
	var model any = (*identity.User)(nil)
	if o.role {
		model = (*identity.Role)(nil)
	}
	var ids []uuid.UUID
	if err := db.Select(ctx, s.idb, model).Column("id").Where("?TableAlias.id = ?", o.id).For("NO KEY UPDATE").Scan(ctx, &ids); err != nil {
		return fmt.Errorf("lock claims owner: %w", err)
	}
	return nil
}

// claims answers the owner's claims in the order they were given.
func (s store) claims(ctx context.Context, o owner) ([]Claim, error) {
	out := []Claim{}
	err := db.Select(ctx, s.idb, o.model()).Column("claim_type", "claim_value").
		Where("?TableAlias."+o.column()+" = ?", o.id).OrderExpr("?TableAlias.id ASC").Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("read claims: %w", err)
	}
	return out, nil
}

// hasClaim reports whether the owner holds the claim already.
func (s store) hasClaim(ctx context.Context, o owner, c Claim) (bool, error) {
	ok, err := db.Select(ctx, s.idb, o.model()).Where("?TableAlias."+o.column()+" = ?", o.id).
		Where("?TableAlias.claim_type = ? AND ?TableAlias.claim_value = ?", c.ClaimType, c.ClaimValue).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("read claim: %w", err)
	}
	return ok, nil
}

// insertClaims gives the owner the claims, in their order; one the owner holds already (also
// given at the same moment) unwraps to db.ErrDuplicate.
func (s store) insertClaims(ctx context.Context, o owner, claims []Claim) error {
	if len(claims) == 0 {
		return nil
	}
	tenant := tenantOf(ctx)
	var model any
	if o.role {
		rows := make([]RoleClaim, len(claims))
		for i, c := range claims {
			rows[i] = RoleClaim{ID: db.NewID(), TenantID: tenant, RoleID: o.id, ClaimType: c.ClaimType, ClaimValue: c.ClaimValue}
		}
		model = &rows
	} else {
		rows := make([]UserClaim, len(claims))
		for i, c := range claims {
			rows[i] = UserClaim{ID: db.NewID(), TenantID: tenant, UserID: o.id, ClaimType: c.ClaimType, ClaimValue: c.ClaimValue}
		}
		model = &rows
	}
	if err := db.Insert(ctx, s.idb, model); err != nil {
		return fmt.Errorf("add claims: %w", err)
	}
	return nil
}

// removeClaims takes from the owner the claim c, or every claim when c is nil; none is not an
// error.
func (s store) removeClaims(ctx context.Context, o owner, c *Claim) error {
	q := db.Delete(ctx, s.idb, o.model()).Where(o.column()+" = ?", o.id)
	if c != nil {
		q = q.Where("claim_type = ? AND claim_value = ?", c.ClaimType, c.ClaimValue)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("remove claims: %w", err)
	}
	return nil
}
