package warehouse

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/auth"
	"kerf/internal/platform/db"
)

// Limits of a move.
const (
	MaxQuantity     = 100000
	maxMaterialCode = 64
	maxReason       = 256
	maxBinCode      = 64
	maxPlanNo       = 64
)

// Service holds the warehouse's rules. It knows no HTTP.
type Service struct {
	db *db.DB
}

// NewService returns the warehouse service on d.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// round keeps a size to a tenth of a millimetre, so that the same board is always the same
// item whatever the arithmetic that produced its size.
func round(v float64) float64 { return math.Round(v*10) / 10 }

// field names a member of move i among n ("kind" for one move, "moves[2].kind" for many).
func field(i, n int, name string) string {
	if n == 1 {
		return name
	}
	return fmt.Sprintf("moves[%d].%s", i, name)
}

// normalise trims and rounds a move and reports every invalid member.
func normalise(moves []Move, planNo string) ([]Move, error) {
	if len(moves) == 0 {
		return nil, apperr.User(KeyNoMoves)
	}
	ve := &apperr.ValidationError{}
	if len([]rune(planNo)) > maxPlanNo {
		ve.Add("planNo", KeyTooLong, "planNo", maxPlanNo)
	}
	out := make([]Move, len(moves))
	for i, m := range moves {
		f := func(name string) string { return field(i, len(moves), name) }
		m.MaterialCode = strings.TrimSpace(m.MaterialCode)
		m.BinCode = strings.TrimSpace(m.BinCode)
		m.Reason = strings.TrimSpace(m.Reason)
		m.Thickness, m.Length, m.Width = round(m.Thickness), round(m.Length), round(m.Width)
		if m.Kind != KindBoard && m.Kind != KindOffcut {
			ve.Add(f("kind"), KeyKind)
		}
		if m.Direction != DirectionIn && m.Direction != DirectionOut {
			ve.Add(f("direction"), KeyDirection)
		}
		switch {
		case m.MaterialCode == "":
			ve.Add(f("materialCode"), KeyMaterial)
		case len([]rune(m.MaterialCode)) > maxMaterialCode:
			ve.Add(f("materialCode"), KeyTooLong, f("materialCode"), maxMaterialCode)
		}
		for _, d := range []struct {
			name string
			v    float64
		}{{"thickness", m.Thickness}, {"length", m.Length}, {"width", m.Width}} {
			if !(d.v > 0) || math.IsInf(d.v, 0) {
				ve.Add(f(d.name), KeyPositive, f(d.name))
			}
		}
		if m.Quantity < 1 || m.Quantity > MaxQuantity {
			ve.Add(f("quantity"), KeyQuantity, MaxQuantity)
		}
		if len([]rune(m.BinCode)) > maxBinCode {
			ve.Add(f("binCode"), KeyTooLong, f("binCode"), maxBinCode)
		}
		if len([]rune(m.Reason)) > maxReason {
			ve.Add(f("reason"), KeyTooLong, f("reason"), maxReason)
		}
		out[i] = m
	}
	return out, ve.OrNil()
}

// Book books moves in tx, the caller's transaction (a run's finishing one): an in adds to
// the item of the same kind, material, thickness, size and bin or creates it (an offcut
// without a bin goes to the first bins of offcut shelves with room, BinCapacity pieces a
// bin, the rest unassigned; a board without a bin stays unassigned); an out takes from the
// matching items, oldest first, and is refused with a message naming the material and size
// when not enough is on hand. Every piece booked writes its log row. On an error nothing
// of the moves is to be kept: the caller rolls tx back.
//
// Bookings of a tenant wait for each other (a transaction lock on PostgreSQL; SQLite writes
// one transaction at a time), and every out is a guarded decrement, so two outs of the
// last piece never both succeed.
func (s *Service) Book(ctx context.Context, tx bun.IDB, planNo string, moves []Move) error {
	_, err := s.book(ctx, tx, planNo, moves)
	return err
}

// BookManual books one manual receipt or issue in its own transaction and answers its log rows.
func (s *Service) BookManual(ctx context.Context, m Move) ([]StockLog, error) {
	var logs []StockLog
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		logs, err = s.book(ctx, tx, "", []Move{m})
		return err
	})
	if err != nil {
		return nil, err
	}
	return logs, nil
}

// booking is one Book call's state.
type booking struct {
	s        *Service
	tx       bun.IDB
	planNo   string
	operator string
	now      time.Time
	logs     []StockLog
}

func (s *Service) book(ctx context.Context, tx bun.IDB, planNo string, moves []Move) ([]StockLog, error) {
	planNo = strings.TrimSpace(planNo)
	moves, err := normalise(moves, planNo)
	if err != nil {
		return nil, err
	}
	if err := s.LockStock(ctx, tx); err != nil {
		return nil, err
	}
	b := &booking{s: s, tx: tx, planNo: planNo, now: time.Now().UTC().Truncate(time.Microsecond)}
	if p := auth.FromContext(ctx); p != nil {
		b.operator = p.UserName
	}
	for i, m := range moves {
		if m.Direction == DirectionIn {
			err = b.receive(ctx, i, len(moves), m)
		} else {
			err = b.issue(ctx, i, len(moves), m)
		}
		if err != nil {
			return nil, err
		}
	}
	return b.logs, nil
}

// binByCode finds a bin of the tenant by code, without regard to case, with its shelf's
// storage type and its row's factory.
func (s *Service) binByCode(ctx context.Context, idb bun.IDB, code string) (*Bin, *Shelf, *Row, error) {
	var bin Bin
	err := db.Select(ctx, idb, &bin).Where("lower(?TableAlias.code) = ?", strings.ToLower(code)).Limit(1).Scan(ctx)
	if err = db.NotFound(err, "bin"); err != nil {
		return nil, nil, nil, err
	}
	var shelf Shelf
	if err := db.Select(ctx, idb, &shelf).Where("?TableAlias.id = ?", bin.ShelfID).Scan(ctx); err != nil {
		return nil, nil, nil, db.NotFound(err, "shelf")
	}
	var row Row
	if err := db.Select(ctx, idb, &row).Where("?TableAlias.id = ?", shelf.RowID).Scan(ctx); err != nil {
		return nil, nil, nil, db.NotFound(err, "row")
	}
	return &bin, &shelf, &row, nil
}

// kindKey is the message key naming what a kind of stock is (or a shelf holds).
func kindKey(kind int) string {
	if kind == KindOffcut {
		return KeyKindOffcut
	}
	return KeyKindBoard
}

// bin resolves a move's bin and checks that its shelf holds the move's kind.
func (b *booking) bin(ctx context.Context, i, n int, m Move) (*Bin, *Row, error) {
	bin, shelf, row, err := b.s.binByCode(ctx, b.tx, m.BinCode)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return nil, nil, apperr.Invalid(field(i, n, "binCode"), KeyBinNotFound, m.BinCode)
		}
		return nil, nil, err
	}
	if shelf.StorageType != m.Kind {
		return nil, nil, apperr.Invalid(field(i, n, "binCode"), KeyBinWrongShelf, bin.Code, kindKey(shelf.StorageType), kindKey(m.Kind))
	}
	return bin, row, nil
}

func (b *booking) receive(ctx context.Context, i, n int, m Move) error {
	if m.BinCode != "" {
		bin, row, err := b.bin(ctx, i, n, m)
		if err != nil {
			return err
		}
		factory := row.FactoryID
		return b.add(ctx, m, bin, &factory, m.Quantity)
	}
	left := m.Quantity
	if m.Kind == KindOffcut {
		rooms, err := b.s.offcutRoom(ctx, b.tx)
		if err != nil {
			return err
		}
		for _, r := range rooms {
			if left == 0 {
				break
			}
			q := min(left, r.room)
			factory := r.factory
			if err := b.add(ctx, m, &r.bin, &factory, q); err != nil {
				return err
			}
			left -= q
		}
	}
	if left == 0 {
		return nil
	}
	factory, err := b.s.defaultFactory(ctx, b.tx)
	if err != nil {
		return err
	}
	return b.add(ctx, m, nil, factory, left)
}

// add puts q pieces of m into bin (nil: unassigned): onto the matching item, or a new one.
func (b *booking) add(ctx context.Context, m Move, bin *Bin, factory *uuid.UUID, q int) error {
	code := ""
	if bin != nil {
		code = bin.Code
	}
	var items []StockItem
	err := match(db.Select(ctx, b.tx, &items), m).Where("?TableAlias.bin_code = ?", code).
		OrderExpr("?TableAlias.creation_time ASC, ?TableAlias.id ASC").Limit(1).Scan(ctx)
	if err != nil {
		return fmt.Errorf("find stock item: %w", err)
	}
	var item StockItem
	if len(items) == 1 {
		item = items[0]
		_, err := db.Update(ctx, b.tx, &item).Set("on_hand = on_hand + ?", q).
			Set("concurrency_stamp = ?", db.NewStamp()).Set("last_modification_time = ?", b.now).
			Where("?TableAlias.id = ?", item.ID).Exec(ctx)
		if err != nil {
			return fmt.Errorf("add to stock item: %w", err)
		}
		item.OnHand += q
	} else {
		item = StockItem{Kind: m.Kind, MaterialCode: m.MaterialCode, Thickness: m.Thickness, Length: m.Length,
			Width: m.Width, BinCode: code, OnHand: q, PlanNo: b.planNo, FactoryID: factory}
		if bin != nil {
			id := bin.ID
			item.BinID = &id
		}
		if err := db.Insert(ctx, b.tx, &item); err != nil {
			return fmt.Errorf("create stock item: %w", err)
		}
	}
	return b.log(ctx, &item, m, DirectionIn, q)
}

func (b *booking) log(ctx context.Context, item *StockItem, m Move, direction, q int) error {
	l := StockLog{ItemID: item.ID, Kind: item.Kind, MaterialCode: item.MaterialCode, Thickness: item.Thickness,
		Length: item.Length, Width: item.Width, BinCode: item.BinCode, Direction: direction, Quantity: q,
		PlanNo: b.planNo, Reason: m.Reason, OperatorName: b.operator, Time: b.now}
	if err := db.Insert(ctx, b.tx, &l); err != nil {
		return fmt.Errorf("write stock log: %w", err)
	}
	b.logs = append(b.logs, l)
	return nil
}

// match filters a stock item query by a move's kind, material, thickness and size.
func match(q *bun.SelectQuery, m Move) *bun.SelectQuery {
	return q.Where("?TableAlias.material_code = ?", m.MaterialCode).
		Where("?TableAlias.thickness = ?", m.Thickness).
		Where("?TableAlias.kind = ?", m.Kind).
		Where("?TableAlias.length = ?", m.Length).
		Where("?TableAlias.width = ?", m.Width)
}

func (b *booking) issue(ctx context.Context, i, n int, m Move) error {
	q := match(db.Select(ctx, b.tx, (*StockItem)(nil)), m).Where("?TableAlias.on_hand > 0")
	if m.BinCode != "" {
		bin, _, err := b.bin(ctx, i, n, m)
		if err != nil {
			return err
		}
		q = q.Where("?TableAlias.bin_code = ?", bin.Code)
	}
	var items []StockItem
	// Oldest first; unassigned pieces before the ones in bins only when they are older.
	if err := q.OrderExpr("?TableAlias.creation_time ASC, ?TableAlias.id ASC").Scan(ctx, &items); err != nil {
		return fmt.Errorf("find stock items: %w", err)
	}
	have := 0
	for _, it := range items {
		have += it.OnHand
	}
	notEnough := apperr.User(KeyNotEnough, m.MaterialCode, fmtSize(m.Length), fmtSize(m.Width), fmtSize(m.Thickness), m.Quantity, have)
	if have < m.Quantity {
		return notEnough
	}
	left := m.Quantity
	for _, it := range items {
		if left == 0 {
			break
		}
		take := min(left, it.OnHand)
		res, err := db.Update(ctx, b.tx, &it).Set("on_hand = on_hand - ?", take).
			Set("concurrency_stamp = ?", db.NewStamp()).Set("last_modification_time = ?", b.now).
			Where("?TableAlias.id = ?", it.ID).Where("?TableAlias.on_hand >= ?", take).Exec(ctx)
		if err != nil {
			return fmt.Errorf("take from stock item: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notEnough // taken meanwhile by another booking
		}
		it.OnHand -= take
		if err := b.log(ctx, &it, m, DirectionOut, take); err != nil {
			return err
		}
		left -= take
	}
	return nil
}

// fmtSize writes a size without a needless decimal (2440, 18.5).
func fmtSize(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") }

// room is an offcut bin with space left.
type room struct {
	bin     Bin
	factory uuid.UUID
	room    int
}

// offcutRoom lists the bins of offcut shelves in order (shelf code, level, position) with
// the pieces each can still take.
func (s *Service) offcutRoom(ctx context.Context, idb bun.IDB) ([]room, error) {
	var shelves []Shelf
	if err := db.Select(ctx, idb, &shelves).Where("?TableAlias.storage_type = ?", StorageOffcuts).
		OrderExpr("?TableAlias.code ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("offcut shelves: %w", err)
	}
	if len(shelves) == 0 {
		return nil, nil
	}
	rows, err := s.rowsByID(ctx, idb)
	if err != nil {
		return nil, err
	}
	fill, err := s.binFill(ctx, idb)
	if err != nil {
		return nil, err
	}
	var out []room
	for _, sh := range shelves {
		var bins []Bin
		if err := db.Select(ctx, idb, &bins).Where("?TableAlias.shelf_id = ?", sh.ID).
			OrderExpr("?TableAlias.level ASC, ?TableAlias.position ASC").Scan(ctx); err != nil {
			return nil, fmt.Errorf("offcut bins: %w", err)
		}
		for _, bn := range bins {
			if left := BinCapacity - fill[bn.ID]; left > 0 {
				out = append(out, room{bin: bn, factory: rows[sh.RowID].FactoryID, room: left})
			}
		}
	}
	return out, nil
}

// defaultFactory is the tenant's default factory (else its first), or nil without one.
func (s *Service) defaultFactory(ctx context.Context, idb bun.IDB) (*uuid.UUID, error) {
	var fs []Factory
	if err := db.Select(ctx, idb, &fs).OrderExpr("?TableAlias.is_default DESC, ?TableAlias.code ASC").Limit(1).Scan(ctx); err != nil {
		return nil, fmt.Errorf("default factory: %w", err)
	}
	if len(fs) == 0 {
		return nil, nil
	}
	id := fs[0].ID
	return &id, nil
}

// Offcuts are the reusable offcuts on hand of a material and thickness, largest first, for
// a run that cuts from stock first.
func (s *Service) Offcuts(ctx context.Context, materialCode string, thickness float64) ([]StockItem, error) {
	var items []StockItem
	err := db.Select(ctx, s.db, &items).Where("?TableAlias.kind = ?", KindOffcut).
		Where("?TableAlias.material_code = ?", strings.TrimSpace(materialCode)).
		Where("?TableAlias.thickness = ?", round(thickness)).Where("?TableAlias.on_hand > 0").
		OrderExpr("?TableAlias.length * ?TableAlias.width DESC, ?TableAlias.bin_code ASC, ?TableAlias.id ASC").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("offcuts: %w", err)
	}
	return items, nil
}
