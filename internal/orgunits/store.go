package orgunits

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/identity"
	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
	"kerf/internal/platform/tenancy"
)

// store holds every query of the area. Each is scoped to the current tenant and to live rows
// by platform/db, and answers errors that keep their kind: a missing row unwraps to
// db.ErrNotFound (with the message key the client sees), anything else is passed on with
// context. It reads the users and roles tables (identity's exported row types) to list a
// unit's members and roles, page by page with a filter, and to check that the ids a request
// names exist in the tenant; it never writes them.
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

// lockTree makes the tree writes of one tenant (create, move, delete) wait for each other
// until the transaction ends, so that two moves at the same moment cannot make a cycle and two
// creates under one parent do not pick one code. SQLite runs one writing transaction at a time
// already (Kerf begins them IMMEDIATE); on PostgreSQL every live unit of the tenant is locked,
// in id order (so two writers never deadlock). A tenant without units has nothing to lock:
// creates there retry when the code index refuses a code (CreateUnit).
func (s store) lockTree(ctx context.Context) error {
	if s.db.Kind != db.Postgres {
		return nil
	}
	var ids []uuid.UUID
	err := db.Select(ctx, s.idb, (*OrganizationUnit)(nil)).Column("id").OrderExpr("?TableAlias.id").For("UPDATE").Scan(ctx, &ids)
	if err != nil {
		return fmt.Errorf("lock organisation units: %w", err)
	}
	return nil
}

// ---- units ----

// unitSorting is the sorting whitelist of unit lists: API name → column.
var unitSorting = map[string]string{"code": "code", "displayName": "display_name", "creationTime": "creation_time"}

// unitOrder is the default order of unit lists: the tree, depth first.
const unitOrder = "code ASC"

// listUnits answers a page of the tenant's units, filtered on the display name.
func (s store) listUnits(ctx context.Context, q Query, order string) ([]OrganizationUnit, int, error) {
	rows, n, err := db.List[OrganizationUnit](ctx, s.idb, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit},
		func(sq *bun.SelectQuery) *bun.SelectQuery { return db.WhereContains(sq, q.Filter, "display_name") })
	if err != nil {
		return nil, 0, fmt.Errorf("list organisation units: %w", err)
	}
	return rows, n, nil
}

func (s store) getUnit(ctx context.Context, id uuid.UUID) (*OrganizationUnit, error) {
	u := new(OrganizationUnit)
	if err := db.Select(ctx, s.idb, u).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err, "organisation unit "+id.String(), KeyUnitNotFound)
	}
	return u, nil
}

// children answers the live units directly under parent (nil: the roots).
func (s store) children(ctx context.Context, parent *uuid.UUID) ([]OrganizationUnit, error) {
	var rows []OrganizationUnit
	q := db.Select(ctx, s.idb, &rows).Column("id", "code", "display_name")
	if parent == nil {
		q = q.Where("?TableAlias.parent_id IS NULL")
	} else {
		q = q.Where("?TableAlias.parent_id = ?", *parent)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("read child units: %w", err)
	}
	return rows, nil
}

// subtree answers the ids of the live units below the unit of code.
func (s store) subtree(ctx context.Context, code string) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	if err := db.Select(ctx, s.idb, (*OrganizationUnit)(nil)).Column("id").
		Where("?TableAlias.code LIKE ?", code+".%").Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("read subtree: %w", err)
	}
	return ids, nil
}

// insertUnit adds a unit; a code the unique index refuses unwraps to db.ErrDuplicate.
func (s store) insertUnit(ctx context.Context, u *OrganizationUnit) error {
	return db.Insert(ctx, s.idb, u)
}

// updateUnit writes the unit's name, parent and code when its stamp is stamp (none: no check).
func (s store) updateUnit(ctx context.Context, u *OrganizationUnit, stamp string) error {
	if err := db.UpdateStamped(ctx, s.idb, u, stamp, "display_name", "parent_id", "code"); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return apperr.WithKey(err, KeyUnitNotFound)
		}
		return err
	}
	return nil
}

// recode gives every live unit below the unit whose code was from the code to, keeping what
// follows: "from.00003" becomes "to.00003".
func (s store) recode(ctx context.Context, from, to string) error {
	_, err := db.Update(ctx, s.idb, (*OrganizationUnit)(nil)).
		Set("code = ? || SUBSTR(code, ?)", to, len(from)+1).
		Set("concurrency_stamp = ?", db.NewStamp()).
		Set("last_modification_time = ?", time.Now().UTC()).Set("last_modifier_id = ?", auth.UserID(ctx)).
		Where("?TableAlias.code LIKE ?", from+".%").Exec(ctx)
	if err != nil {
		return fmt.Errorf("recode subtree of %s: %w", from, err)
	}
	return nil
}

// deleteUnits soft-deletes the units ids and removes their members and roles.
func (s store) deleteUnits(ctx context.Context, ids []uuid.UUID) error {
	if _, err := db.Delete(ctx, s.idb, (*userUnit)(nil)).Where("organization_unit_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return fmt.Errorf("delete unit members: %w", err)
	}
	if _, err := db.Delete(ctx, s.idb, (*unitRole)(nil)).Where("organization_unit_id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return fmt.Errorf("delete unit roles: %w", err)
	}
	_, err := db.Update(ctx, s.idb, (*OrganizationUnit)(nil)).
		Set("is_deleted = ?", true).Set("deletion_time = ?", time.Now().UTC()).Set("deleter_id = ?", auth.UserID(ctx)).
		Where("?TableAlias.id IN (?)", bun.In(ids)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete units: %w", err)
	}
	return nil
}

// ---- which named rows exist ----

// existing answers which of ids are live rows of model's table in the tenant.
func (s store) existing(ctx context.Context, model any, ids []uuid.UUID) (map[uuid.UUID]bool, error) {
	out := make(map[uuid.UUID]bool, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var found []uuid.UUID
	if err := db.Select(ctx, s.idb, model).Column("id").Where("?TableAlias.id IN (?)", bun.In(ids)).Scan(ctx, &found); err != nil {
		return nil, fmt.Errorf("read ids: %w", err)
	}
	for _, id := range found {
		out[id] = true
	}
	return out, nil
}

// userExists checks the path's user: db.ErrNotFound (identity's message) when it is not a
// live user of the tenant.
func (s store) userExists(ctx context.Context, id uuid.UUID) error {
	ok, err := s.existing(ctx, (*identity.User)(nil), []uuid.UUID{id})
	if err != nil {
		return err
	}
	if !ok[id] {
		return apperr.WithKey(fmt.Errorf("user %s: %w", id, db.ErrNotFound), identity.KeyUserNotFound)
	}
	return nil
}

// roleExists checks the path's role like userExists.
func (s store) roleExists(ctx context.Context, id uuid.UUID) error {
	ok, err := s.existing(ctx, (*identity.Role)(nil), []uuid.UUID{id})
	if err != nil {
		return err
	}
	if !ok[id] {
		return apperr.WithKey(fmt.Errorf("role %s: %w", id, db.ErrNotFound), identity.KeyRoleNotFound)
	}
	return nil
}

// ---- pages through a link table ----

// page answers one page of T's live rows of the tenant that filter selects, in order (the id
// breaks ties), and how many filter selects. The lists read through a link table use it
// rather than db.List, whose totals a replica keeps until the listed table itself is written:
// adding a member writes the link table, not the users, and must change the total at once.
func page[T any](ctx context.Context, idb bun.IDB, order string, q Query, columns []string,
	filter func(*bun.SelectQuery) *bun.SelectQuery) ([]T, int, error) {
	rows := []T{}
	sq := filter(db.Select(ctx, idb, &rows))
	if len(columns) > 0 {
		sq = sq.Column(columns...)
	}
	sq = sq.OrderExpr(order).OrderExpr("?TableAlias.id ASC").Offset(int64(q.Skip))
	if q.Limit > 0 {
		sq = sq.Limit(int64(q.Limit))
	}
	n, err := sq.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("list: %w", err)
	}
	return rows, int(n), nil
}

// Subqueries that select the rows linked to one unit, user or role.
const (
	usersOfUnit = "?TableAlias.id IN (SELECT user_id FROM identity_user_organization_units WHERE organization_unit_id = ?)"
	rolesOfUnit = "?TableAlias.id IN (SELECT role_id FROM identity_organization_unit_roles WHERE organization_unit_id = ?)"
	unitsOfUser = "?TableAlias.id IN (SELECT organization_unit_id FROM identity_user_organization_units WHERE user_id = ?)"
	unitsOfRole = "?TableAlias.id IN (SELECT organization_unit_id FROM identity_organization_unit_roles WHERE role_id = ?)"
)

// memberSorting is the sorting whitelist of a unit's members.
var memberSorting = map[string]string{
	"userName": "user_name", "name": "name", "surname": "surname", "email": "email",
	"phoneNumber": "phone_number", "creationTime": "creation_time",
}

// memberColumns are the columns a member answers (never the password hash).
var memberColumns = []string{"id", "user_name", "name", "surname", "email", "phone_number"}

// listMembers answers a page of the unit's live users, filtered on user name, name, surname,
// e-mail and phone.
func (s store) listMembers(ctx context.Context, unitID uuid.UUID, q Query, order string) ([]identity.User, int, error) {
	return page[identity.User](ctx, s.idb, order, q, memberColumns, func(sq *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(sq.Where(usersOfUnit, unitID), q.Filter, "user_name", "name", "surname", "email", "phone_number")
	})
}

// roleSorting is the sorting whitelist of a unit's roles.
var roleSorting = map[string]string{
	"name": "name", "isDefault": "is_default", "isPublic": "is_public", "isStatic": "is_static", "creationTime": "creation_time",
}

// listRoles answers a page of the unit's live roles, filtered on the name.
func (s store) listRoles(ctx context.Context, unitID uuid.UUID, q Query, order string) ([]identity.Role, int, error) {
	return page[identity.Role](ctx, s.idb, order, q, nil, func(sq *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(sq.Where(rolesOfUnit, unitID), q.Filter, "name")
	})
}

// listUnitsWhere answers a page of the live units that where (one of unitsOfUser,
// unitsOfRole) selects for id, filtered on the display name.
func (s store) listUnitsWhere(ctx context.Context, where string, id uuid.UUID, q Query, order string) ([]OrganizationUnit, int, error) {
	return page[OrganizationUnit](ctx, s.idb, order, q, nil, func(sq *bun.SelectQuery) *bun.SelectQuery {
		return db.WhereContains(sq.Where(where, id), q.Filter, "display_name")
	})
}

// ---- links ----

func tenantOf(ctx context.Context) *uuid.UUID {
	if !tenancy.Filtered(ctx) {
		return nil
	}
	return tenancy.ID(ctx)
}

// addMembers makes the users members of the unit; those that are members already stay.
func (s store) addMembers(ctx context.Context, unitID uuid.UUID, userIDs []uuid.UUID) error {
	links := make([]userUnit, len(userIDs))
	for i, id := range userIDs {
		links[i] = userUnit{TenantID: tenantOf(ctx), UserID: id, OrganizationUnitID: unitID}
	}
	return s.insertLinks(ctx, &links)
}

// addRoles gives the unit the roles; those it has already stay.
func (s store) addRoles(ctx context.Context, unitID uuid.UUID, roleIDs []uuid.UUID) error {
	links := make([]unitRole, len(roleIDs))
	for i, id := range roleIDs {
		links[i] = unitRole{TenantID: tenantOf(ctx), OrganizationUnitID: unitID, RoleID: id}
	}
	return s.insertLinks(ctx, &links)
}

// insertLinks inserts link rows, skipping those that exist (also when a request at the same
// moment added them).
func (s store) insertLinks(ctx context.Context, links any) error {
	if _, err := s.idb.NewInsert().Model(links).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("add links: %w", err)
	}
	return nil
}

// removeMember ends one membership; none is not an error.
func (s store) removeMember(ctx context.Context, unitID, userID uuid.UUID) error {
	if _, err := db.Delete(ctx, s.idb, (*userUnit)(nil)).
		Where("organization_unit_id = ? AND user_id = ?", unitID, userID).Exec(ctx); err != nil {
		return fmt.Errorf("remove member: %w", err)
	}
	return nil
}

// removeRole takes one role from a unit; none is not an error.
func (s store) removeRole(ctx context.Context, unitID, roleID uuid.UUID) error {
	if _, err := db.Delete(ctx, s.idb, (*unitRole)(nil)).
		Where("organization_unit_id = ? AND role_id = ?", unitID, roleID).Exec(ctx); err != nil {
		return fmt.Errorf("remove role: %w", err)
	}
	return nil
}

// setUserUnits makes unitIDs the user's whole set of units.
func (s store) setUserUnits(ctx context.Context, userID uuid.UUID, unitIDs []uuid.UUID) error {
	q := db.Delete(ctx, s.idb, (*userUnit)(nil)).Where("user_id = ?", userID)
	if len(unitIDs) > 0 {
		q = q.Where("organization_unit_id NOT IN (?)", bun.In(unitIDs))
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("set user units: %w", err)
	}
	if len(unitIDs) == 0 {
		return nil
	}
	links := make([]userUnit, len(unitIDs))
	for i, id := range unitIDs {
		links[i] = userUnit{TenantID: tenantOf(ctx), UserID: userID, OrganizationUnitID: id}
	}
	return s.insertLinks(ctx, &links)
}

// setRoleUnits makes unitIDs the role's whole set of units.
func (s store) setRoleUnits(ctx context.Context, roleID uuid.UUID, unitIDs []uuid.UUID) error {
	q := db.Delete(ctx, s.idb, (*unitRole)(nil)).Where("role_id = ?", roleID)
	if len(unitIDs) > 0 {
		q = q.Where("organization_unit_id NOT IN (?)", bun.In(unitIDs))
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("set role units: %w", err)
	}
	if len(unitIDs) == 0 {
		return nil
	}
	links := make([]unitRole, len(unitIDs))
	for i, id := range unitIDs {
		links[i] = unitRole{TenantID: tenantOf(ctx), OrganizationUnitID: id, RoleID: roleID}
	}
	return s.insertLinks(ctx, &links)
}

// roleNamesOf answers the names of the live roles of the live units the user is a member of
// (the units themselves: a unit's roles do not pass to the units below it).
func (s store) roleNamesOf(ctx context.Context, userID uuid.UUID) ([]string, error) {
	var names []string
	err := db.Select(ctx, s.idb, (*identity.Role)(nil)).Column("name").
		Where(`?TableAlias.id IN (SELECT our.role_id FROM identity_organization_unit_roles AS our
			JOIN identity_user_organization_units AS uou ON uou.organization_unit_id = our.organization_unit_id
			JOIN identity_organization_units AS ou ON ou.id = our.organization_unit_id AND ou.is_deleted = ?
			WHERE uou.user_id = ?)`, false, userID).
		OrderExpr("?TableAlias.name").Scan(ctx, &names)
	if err != nil {
		return nil, fmt.Errorf("roles of the units of %s: %w", userID, err)
	}
	return names, nil
}
