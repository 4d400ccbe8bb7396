package optimization

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
	"kerf/internal/warehouse"
)

// materialsStore holds every query of the materials part. Each is scoped to the current
// tenant and to live rows by platform/db, and answers errors that keep their kind: a missing
// row unwraps to db.ErrNotFound (carrying the message key the client sees), a unique index's
// refusal to db.ErrDuplicate, anything else is passed on with context.
type materialsStore struct {
	idb   bun.IDB // the database, or the transaction a method of inTx runs in
	db    *db.DB
	stock *warehouse.Service // what is on hand of a counted board
}

func newMaterialsStore(d *db.DB, stock *warehouse.Service) materialsStore {
	return materialsStore{idb: d, db: d, stock: stock}
}

// inTx runs fn with a store bound to one transaction (the current one, when s already is),
// committed when fn returns nil.
func (s materialsStore) inTx(ctx context.Context, fn func(ctx context.Context, tx materialsStore) error) error {
	if _, ok := s.idb.(bun.Tx); ok {
		return fn(ctx, s)
	}
	return s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return fn(ctx, materialsStore{idb: tx, db: s.db, stock: s.stock})
	})
}

// materialsNotFound turns a missing row into db.ErrNotFound carrying key; other errors keep
// their kind.
func materialsNotFound(err error, what, key string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) || errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(fmt.Errorf("%s: %w", what, db.ErrNotFound), key, args...)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// materialsSide names the current tenant ("host" for the host), for locks.
func materialsSide(ctx context.Context) string {
	if id := tenancy.ID(ctx); id != nil {
		return id.String()
	}
	return "host"
}

// ---- materials ----

// materialSorting is the sorting whitelist of the material list: API name → column. Each
// column has an index led by the tenant (optimization/0002_materials).
var materialSorting = map[string]string{
	"code": "code", "name": "name", "thickness": "thickness", "color": "color",
	"isEnable": "is_enable", "creationTime": "creation_time",
}

const materialOrder = "code ASC"

func (s materialsStore) listMaterials(ctx context.Context, q MaterialQuery, order string) ([]Material, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit}
	rows, n, err := db.List[Material](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		if q.IsEnable != nil {
			sq = sq.Where("?TableAlias.is_enable = ?", *q.IsEnable)
		}
		return db.WhereContains(sq, q.Filter, "code", "name", "color")
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list materials: %w", err)
	}
	return rows, n, nil
}

func (s materialsStore) getMaterial(ctx context.Context, id uuid.UUID) (*Material, error) {
	m := new(Material)
	if err := db.Select(ctx, s.idb, m).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, materialsNotFound(err, "material "+id.String(), KeyMaterialNotFound)
	}
	return m, nil
}

// materialsByID answers the live materials of ids (any order).
func (s materialsStore) materialsByID(ctx context.Context, ids []uuid.UUID) ([]Material, error) {
	rows := []Material{}
	if len(ids) == 0 {
		return rows, nil
	}
	if err := db.Select(ctx, s.idb, &rows).Where("?TableAlias.id IN (?)", bun.In(ids)).
		OrderExpr("?TableAlias.code ASC, ?TableAlias.id ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("read materials: %w", err)
	}
	return rows, nil
}

// materialsByCodes answers the live materials whose code is one of codes, without regard to
// case.
func (s materialsStore) materialsByCodes(ctx context.Context, codes []string) ([]Material, error) {
	rows := []Material{}
	if len(codes) == 0 {
		return rows, nil
	}
	lower := make([]string, len(codes))
	for i, c := range codes {
		lower[i] = strings.ToLower(strings.TrimSpace(c))
	}
	const chunk = 500
	for start := 0; start < len(lower); start += chunk {
		var part []Material
		err := db.Select(ctx, s.idb, &part).Where("lower(?TableAlias.code) IN (?)", bun.In(lower[start:min(start+chunk, len(lower))])).
			Scan(ctx)
		if err != nil {
			return nil, fmt.Errorf("read materials by code: %w", err)
		}
		rows = append(rows, part...)
	}
	return rows, nil
}

// lockMaterialCodes makes other transactions checking the side's material codes wait until
// this one ends, so two materials created at once with one code get one row and one clear
// refusal.
func (s materialsStore) lockMaterialCodes(ctx context.Context) error {
	return db.LockInTx(ctx, s.idb, "optimization-material-codes:"+materialsSide(ctx))
}

// materialCodeTaken reports whether a live material other than self has code (without regard
// to case).
func (s materialsStore) materialCodeTaken(ctx context.Context, code string, self uuid.UUID) (bool, error) {
	ok, err := db.Select(ctx, s.idb, (*Material)(nil)).
		Where("lower(?TableAlias.code) = ? AND ?TableAlias.id <> ?", strings.ToLower(code), self).Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check material code: %w", err)
	}
	return ok, nil
}

func (s materialsStore) insertMaterial(ctx context.Context, m *Material) error {
	return db.Insert(ctx, s.idb, m)
}

func (s materialsStore) updateMaterial(ctx context.Context, m *Material, stamp string) error {
	err := db.UpdateStamped(ctx, s.idb, m, stamp, "code", "name", "thickness", "grain", "color", "edge_allowance", "is_enable")
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyMaterialNotFound)
	}
	return err
}

// deleteMaterial soft-deletes a material and its boards.
func (s materialsStore) deleteMaterial(ctx context.Context, m *Material) error {
	if err := db.SoftDelete(ctx, s.idb, m); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return apperr.WithKey(err, KeyMaterialNotFound)
		}
		return err
	}
	_, err := db.Update(ctx, s.idb, (*Board)(nil)).
		Set("is_deleted = ?", true).Set("deletion_time = ?", time.Now().UTC()).Set("deleter_id = ?", auth.UserID(ctx)).
		Where("?TableAlias.material_id = ?", m.ID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete the boards of material %s: %w", m.ID, err)
	}
	return nil
}

// ---- boards ----

// boardSorting is the sorting whitelist of the boards list.
var boardSorting = map[string]string{
	"code": "code", "length": "length", "width": "width", "cost": "cost", "quantity": "quantity",
	"planNo": "plan_no", "binCode": "bin_code", "creationTime": "creation_time",
}

const boardOrder = "creation_time DESC"

func (s materialsStore) listBoards(ctx context.Context, q BoardQuery, order string) ([]Board, int, error) {
	page := db.Page{Order: order, Skip: q.Skip, Limit: q.Limit}
	rows, n, err := db.List[Board](ctx, s.idb, page, func(sq *bun.SelectQuery) *bun.SelectQuery {
		if q.MaterialID != nil {
			sq = sq.Where("?TableAlias.material_id = ?", *q.MaterialID)
		}
		if strings.TrimSpace(q.MaterialCode) != "" {
			sub := db.WhereContains(db.Select(ctx, s.idb, (*Material)(nil)).Column("id"), q.MaterialCode, "code")
			sq = sq.Where("ob.material_id IN (?)", sub) // named: the subquery formats ?TableAlias as its own
		}
		sq = db.WhereContains(sq, q.Code, "code")
		sq = db.WhereContains(sq, q.PlanNo, "plan_no")
		sq = db.WhereContains(sq, q.BinCode, "bin_code")
		for _, r := range []struct {
			v  *float64
			op string
		}{{q.LengthMin, "?TableAlias.length >= ?"}, {q.LengthMax, "?TableAlias.length <= ?"},
			{q.WidthMin, "?TableAlias.width >= ?"}, {q.WidthMax, "?TableAlias.width <= ?"}} {
			if r.v != nil {
				sq = sq.Where(r.op, *r.v)
			}
		}
		return sq
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list boards: %w", err)
	}
	if err := s.withStock(ctx, rows); err != nil {
		return nil, 0, err
	}
	return rows, n, nil
}

// boardsOf answers the live boards of the materials ids: offcuts last, then by code.
func (s materialsStore) boardsOf(ctx context.Context, ids ...uuid.UUID) ([]Board, error) {
	rows := []Board{}
	if len(ids) == 0 {
		return rows, nil
	}
	const chunk = 500
	for start := 0; start < len(ids); start += chunk {
		var part []Board
		err := db.Select(ctx, s.idb, &part).Where("?TableAlias.material_id IN (?)", bun.In(ids[start:min(start+chunk, len(ids))])).
			OrderExpr("?TableAlias.material_id ASC, ?TableAlias.is_offcut ASC, ?TableAlias.code ASC, ?TableAlias.id ASC").Scan(ctx)
		if err != nil {
			return nil, fmt.Errorf("read boards: %w", err)
		}
		rows = append(rows, part...)
	}
	if err := s.withStock(ctx, rows); err != nil {
		return nil, err
	}
	return rows, nil
}

func (s materialsStore) getBoard(ctx context.Context, id uuid.UUID) (*Board, error) {
	b := new(Board)
	if err := db.Select(ctx, s.idb, b).Where("?TableAlias.id = ?", id).Scan(ctx); err != nil {
		return nil, materialsNotFound(err, "board "+id.String(), KeyBoardNotFound)
	}
	one := []Board{*b}
	if err := s.withStock(ctx, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}

// lockBoards makes other transactions changing the boards of the material wait until this one
// ends (their code checks then see each other's rows).
func (s materialsStore) lockBoards(ctx context.Context, materialID uuid.UUID) error {
	return db.LockInTx(ctx, s.idb, "optimization-boards:"+materialID.String())
}

// insertBoards inserts boards (one statement per batch).
func (s materialsStore) insertBoards(ctx context.Context, rows []Board) error {
	const batch = 500
	for start := 0; start < len(rows); start += batch {
		chunk := rows[start:min(start+batch, len(rows))]
		if err := db.Insert(ctx, s.idb, &chunk); err != nil {
			return err
		}
	}
	return s.settleStock(ctx, rows)
}

func (s materialsStore) updateBoard(ctx context.Context, b *Board, stamp string) error {
	err := db.UpdateStamped(ctx, s.idb, b, stamp, "code", "length", "width", "cost", "quantity", "is_offcut", "plan_no", "bin_code")
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyBoardNotFound)
	}
	if err != nil {
		return err
	}
	return s.settleStock(ctx, []Board{*b})
}

func (s materialsStore) deleteBoard(ctx context.Context, b *Board) error {
	err := db.SoftDelete(ctx, s.idb, b)
	if errors.Is(err, db.ErrNotFound) {
		return apperr.WithKey(err, KeyBoardNotFound)
	}
	return err
}
