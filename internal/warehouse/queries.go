package warehouse

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// Factories are the tenant's factories, the default first.
func (s *Service) Factories(ctx context.Context) ([]Factory, error) {
	var fs []Factory
	if err := db.Select(ctx, s.db, &fs).OrderExpr("?TableAlias.is_default DESC, ?TableAlias.code ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("factories: %w", err)
	}
	return fs, nil
}

func (s *Service) rowsByID(ctx context.Context, idb bun.IDB) (map[uuid.UUID]Row, error) {
	var rows []Row
	if err := db.Select(ctx, idb, &rows).Scan(ctx); err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	out := make(map[uuid.UUID]Row, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// binFill answers the pieces on hand per bin.
func (s *Service) binFill(ctx context.Context, idb bun.IDB) (map[uuid.UUID]int, error) {
	var sums []struct {
		BinID  uuid.UUID `bun:"bin_id"`
		OnHand int       `bun:"on_hand"`
	}
	err := db.Select(ctx, idb, (*StockItem)(nil)).ColumnExpr("?TableAlias.bin_id AS bin_id").
		ColumnExpr("SUM(?TableAlias.on_hand) AS on_hand").
		Where("?TableAlias.bin_id IS NOT NULL").Where("?TableAlias.on_hand > 0").
		GroupExpr("?TableAlias.bin_id").Scan(ctx, &sums)
	if err != nil {
		return nil, fmt.Errorf("bin fill: %w", err)
	}
	out := make(map[uuid.UUID]int, len(sums))
	for _, x := range sums {
		out[x.BinID] = x.OnHand
	}
	return out, nil
}

// RowList answers the storehouse rows (of one factory when factoryID is set) with their
// shelves, each with its bins, the bins holding something and the pieces on hand.
func (s *Service) RowList(ctx context.Context, factoryID *uuid.UUID) ([]RowView, error) {
	factories, err := s.Factories(ctx)
	if err != nil {
		return nil, err
	}
	names := map[uuid.UUID]string{}
	for _, f := range factories {
		names[f.ID] = f.Name
	}
	var rows []Row
	q := db.Select(ctx, s.db, &rows).OrderExpr("?TableAlias.sort ASC, ?TableAlias.code ASC")
	if factoryID != nil {
		q = q.Where("?TableAlias.factory_id = ?", *factoryID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	var shelves []Shelf
	if err := db.Select(ctx, s.db, &shelves).OrderExpr("?TableAlias.code ASC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("shelves: %w", err)
	}
	var bins []Bin
	if err := db.Select(ctx, s.db, &bins).Column("id", "shelf_id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("bins: %w", err)
	}
	fill, err := s.binFill(ctx, s.db)
	if err != nil {
		return nil, err
	}
	type count struct{ bins, used, onHand int }
	per := map[uuid.UUID]*count{}
	for _, b := range bins {
		c := per[b.ShelfID]
		if c == nil {
			c = &count{}
			per[b.ShelfID] = c
		}
		c.bins++
		if n := fill[b.ID]; n > 0 {
			c.used++
			c.onHand += n
		}
	}
	out := make([]RowView, 0, len(rows))
	at := map[uuid.UUID]int{}
	for _, r := range rows {
		at[r.ID] = len(out)
		out = append(out, RowView{Row: r, FactoryName: names[r.FactoryID], Shelves: []ShelfView{}})
	}
	for _, sh := range shelves {
		i, ok := at[sh.RowID]
		if !ok {
			continue
		}
		v := ShelfView{Shelf: sh}
		if c := per[sh.ID]; c != nil {
			v.Bins, v.UsedBins, v.OnHand = c.bins, c.used, c.onHand
		}
		out[i].Shelves = append(out[i].Shelves, v)
	}
	return out, nil
}

// ShelvesInfo answers the shelf of code (with storageType, only if it holds that type), or
// without a code every shelf of storageType: each with its bins by level and position and
// the items on hand in each.
func (s *Service) ShelvesInfo(ctx context.Context, code string, storageType *int) ([]ShelfInfo, error) {
	code = strings.TrimSpace(code)
	if storageType != nil && *storageType != StorageBoards && *storageType != StorageOffcuts {
		return nil, apperr.Invalid("storageType", KeyStorageType)
	}
	if code == "" && storageType == nil {
		return nil, apperr.Invalid("code", KeyCodeRequired)
	}
	var shelves []Shelf
	q := db.Select(ctx, s.db, &shelves).OrderExpr("?TableAlias.code ASC")
	if code != "" {
		q = q.Where("lower(?TableAlias.code) = ?", strings.ToLower(code))
	}
	if storageType != nil {
		q = q.Where("?TableAlias.storage_type = ?", *storageType)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, fmt.Errorf("shelves: %w", err)
	}
	if code != "" && len(shelves) == 0 {
		return nil, apperr.WithKey(apperr.ErrNotFound, KeyShelfNotFound, code)
	}
	rows, err := s.rowsByID(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := make([]ShelfInfo, 0, len(shelves))
	for _, sh := range shelves {
		var bins []Bin
		if err := db.Select(ctx, s.db, &bins).Where("?TableAlias.shelf_id = ?", sh.ID).
			OrderExpr("?TableAlias.level ASC, ?TableAlias.position ASC").Scan(ctx); err != nil {
			return nil, fmt.Errorf("bins: %w", err)
		}
		ids := make([]uuid.UUID, len(bins))
		for i, b := range bins {
			ids[i] = b.ID
		}
		var items []StockItem
		if len(ids) > 0 {
			if err := db.Select(ctx, s.db, &items).Where("?TableAlias.bin_id IN (?)", bun.In(ids)).
				Where("?TableAlias.on_hand > 0").
				OrderExpr("?TableAlias.material_code ASC, ?TableAlias.creation_time ASC, ?TableAlias.id ASC").Scan(ctx); err != nil {
				return nil, fmt.Errorf("bin items: %w", err)
			}
		}
		byBin := map[uuid.UUID][]StockItem{}
		for _, it := range items {
			byBin[*it.BinID] = append(byBin[*it.BinID], it)
		}
		info := ShelfInfo{Shelf: sh, RowCode: rows[sh.RowID].Code, Bins: make([]BinInfo, 0, len(bins))}
		for _, b := range bins {
			bi := BinInfo{ID: b.ID, Code: b.Code, Level: b.Level, Position: b.Position, Items: byBin[b.ID]}
			if bi.Items == nil {
				bi.Items = []StockItem{}
			}
			for _, it := range bi.Items {
				bi.OnHand += it.OnHand
			}
			info.Bins = append(info.Bins, bi)
		}
		out = append(out, info)
	}
	return out, nil
}

// parseDay reads a day: yyyy-MM-dd is that day in the server's time zone; a date-time with an
// offset is its own date in its own offset. next gives the start of the following day (To
// is inclusive).
func parseDay(member, v string, next bool) (*time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		if t, err = time.ParseInLocation("2006-01-02", v, time.Local); err != nil {
			return nil, apperr.Invalid(member, KeyBadDate, v)
		}
	}
	y, m, d := t.Date()
	if next {
		d++
	}
	start := time.Date(y, m, d, 0, 0, 0, 0, t.Location()).UTC()
	return &start, nil
}

// ParseNumber reads an optional number of a query ("" is none).
func ParseNumber(member, v string) (*float64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return nil, apperr.Invalid(member, KeyBadNumber, v)
	}
	return &f, nil
}

// ParseInt reads an optional whole number of a query ("" is none).
func ParseInt(member, v string) (*int, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return nil, apperr.Invalid(member, KeyBadNumber, v)
	}
	return &n, nil
}

// Statistics sums the log per material, thickness and kind over [From, To] (days, To
// inclusive): pieces and m² in and out; and what is on hand now.
func (s *Service) Statistics(ctx context.Context, q StatQuery) (*Statistics, error) {
	if q.Kind != nil && *q.Kind != KindBoard && *q.Kind != KindOffcut {
		return nil, apperr.Invalid("kind", KeyKind)
	}
	from, err := parseDay("from", q.From, false)
	if err != nil {
		return nil, err
	}
	to, err := parseDay("to", q.To, true)
	if err != nil {
		return nil, err
	}
	filter := func(sq *bun.SelectQuery) *bun.SelectQuery {
		sq = db.WhereContains(sq, q.MaterialCode, "material_code")
		if q.Kind != nil {
			sq = sq.Where("?TableAlias.kind = ?", *q.Kind)
		}
		return sq.GroupExpr("?TableAlias.material_code, ?TableAlias.thickness, ?TableAlias.kind")
	}
	type key struct {
		material  string
		thickness float64
		kind      int
	}
	var moved []struct {
		MaterialCode string  `bun:"material_code"`
		Thickness    float64 `bun:"thickness"`
		Kind         int     `bun:"kind"`
		InQuantity   int     `bun:"in_quantity"`
		InArea       float64 `bun:"in_area"`
		OutQuantity  int     `bun:"out_quantity"`
		OutArea      float64 `bun:"out_area"`
	}
	lq := db.Select(ctx, s.db, (*StockLog)(nil)).
		ColumnExpr("?TableAlias.material_code AS material_code, ?TableAlias.thickness AS thickness, ?TableAlias.kind AS kind").
		ColumnExpr("SUM(CASE WHEN ?TableAlias.direction = 0 THEN ?TableAlias.quantity ELSE 0 END) AS in_quantity").
		ColumnExpr("SUM(CASE WHEN ?TableAlias.direction = 0 THEN ?TableAlias.quantity * ?TableAlias.length * ?TableAlias.width ELSE 0 END) / 1000000.0 AS in_area").
		ColumnExpr("SUM(CASE WHEN ?TableAlias.direction = 1 THEN ?TableAlias.quantity ELSE 0 END) AS out_quantity").
		ColumnExpr("SUM(CASE WHEN ?TableAlias.direction = 1 THEN ?TableAlias.quantity * ?TableAlias.length * ?TableAlias.width ELSE 0 END) / 1000000.0 AS out_area")
	if from != nil {
		lq = lq.Where("?TableAlias.booked_at >= ?", *from)
	}
	if to != nil {
		lq = lq.Where("?TableAlias.booked_at < ?", *to)
	}
	if err := filter(lq).Scan(ctx, &moved); err != nil {
		return nil, fmt.Errorf("statistics moves: %w", err)
	}
	var held []struct {
		MaterialCode string  `bun:"material_code"`
		Thickness    float64 `bun:"thickness"`
		Kind         int     `bun:"kind"`
		OnHand       int     `bun:"on_hand"`
		OnHandArea   float64 `bun:"on_hand_area"`
	}
	iq := db.Select(ctx, s.db, (*StockItem)(nil)).
		ColumnExpr("?TableAlias.material_code AS material_code, ?TableAlias.thickness AS thickness, ?TableAlias.kind AS kind").
		ColumnExpr("SUM(?TableAlias.on_hand) AS on_hand").
		ColumnExpr("SUM(?TableAlias.on_hand * ?TableAlias.length * ?TableAlias.width) / 1000000.0 AS on_hand_area").
		Where("?TableAlias.on_hand > 0")
	if err := filter(iq).Scan(ctx, &held); err != nil {
		return nil, fmt.Errorf("statistics stock: %w", err)
	}
	rows := map[key]*StatRow{}
	var order []key
	get := func(k key) *StatRow {
		r := rows[k]
		if r == nil {
			r = &StatRow{MaterialCode: k.material, Thickness: k.thickness, Kind: k.kind}
			rows[k] = r
			order = append(order, k)
		}
		return r
	}
	for _, m := range moved {
		r := get(key{m.MaterialCode, m.Thickness, m.Kind})
		r.InQuantity, r.InArea, r.OutQuantity, r.OutArea = m.InQuantity, m.InArea, m.OutQuantity, m.OutArea
	}
	for _, h := range held {
		r := get(key{h.MaterialCode, h.Thickness, h.Kind})
		r.OnHand, r.OnHandArea = h.OnHand, h.OnHandArea
	}
	out := &Statistics{Items: make([]StatRow, 0, len(order))}
	for _, k := range order {
		out.Items = append(out.Items, *rows[k])
	}
	sortStats(out.Items)
	for i := range out.Items {
		r := &out.Items[i]
		r.InArea, r.OutArea, r.OnHandArea = area(r.InArea), area(r.OutArea), area(r.OnHandArea)
		t := &out.Totals
		t.InQuantity += r.InQuantity
		t.OutQuantity += r.OutQuantity
		t.OnHand += r.OnHand
		t.InArea += r.InArea
		t.OutArea += r.OutArea
		t.OnHandArea += r.OnHandArea
	}
	out.Totals.InArea, out.Totals.OutArea, out.Totals.OnHandArea = area(out.Totals.InArea), area(out.Totals.OutArea), area(out.Totals.OnHandArea)
	return out, nil
}

// area rounds m² to three decimals.
func area(v float64) float64 { return float64(int64(v*1000+0.5)) / 1000 }

func sortStats(rows []StatRow) {
	slices.SortFunc(rows, func(a, b StatRow) int {
		return cmp.Or(cmp.Compare(a.MaterialCode, b.MaterialCode), cmp.Compare(a.Thickness, b.Thickness), cmp.Compare(a.Kind, b.Kind))
	})
}

// The sortable columns of the two lists.
var (
	stockSorting = map[string]string{
		"materialCode": "?TableAlias.material_code", "thickness": "?TableAlias.thickness", "length": "?TableAlias.length",
		"width": "?TableAlias.width", "binCode": "?TableAlias.bin_code", "onHand": "?TableAlias.on_hand",
		"planNo": "?TableAlias.plan_no", "kind": "?TableAlias.kind", "creationTime": "?TableAlias.creation_time",
	}
	logSorting = map[string]string{
		"time": "?TableAlias.booked_at", "materialCode": "?TableAlias.material_code", "quantity": "?TableAlias.quantity",
		"planNo": "?TableAlias.plan_no", "binCode": "?TableAlias.bin_code",
	}
)

// StockData answers a page of the stock rows with pieces on hand.
func (s *Service) StockData(ctx context.Context, q StockQuery) ([]StockItem, int, error) {
	if q.Kind != nil && *q.Kind != KindBoard && *q.Kind != KindOffcut {
		return nil, 0, apperr.Invalid("kind", KeyKind)
	}
	order, err := db.Order(q.Sorting, stockSorting, "?TableAlias.material_code ASC")
	if err != nil {
		return nil, 0, err
	}
	return db.List[StockItem](ctx, s.db, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit}, func(sq *bun.SelectQuery) *bun.SelectQuery {
		sq = db.WhereContains(sq, q.MaterialCode, "material_code")
		sq = db.WhereContains(sq, q.BinCode, "bin_code")
		if q.Kind != nil {
			sq = sq.Where("?TableAlias.kind = ?", *q.Kind)
		}
		if q.Thickness != nil {
			sq = sq.Where("?TableAlias.thickness = ?", round(*q.Thickness))
		}
		return sq.Where("?TableAlias.on_hand > 0")
	})
}

// Logs answers a page of the in/out log, newest first unless sorted otherwise.
func (s *Service) Logs(ctx context.Context, q LogQuery) ([]StockLog, int, error) {
	for _, v := range []struct {
		p    *int
		name string
		key  string
	}{{q.Kind, "kind", KeyKind}, {q.Direction, "direction", KeyDirection}} {
		if v.p != nil && *v.p != 0 && *v.p != 1 {
			return nil, 0, apperr.Invalid(v.name, v.key)
		}
	}
	from, err := parseDay("from", q.From, false)
	if err != nil {
		return nil, 0, err
	}
	to, err := parseDay("to", q.To, true)
	if err != nil {
		return nil, 0, err
	}
	order, err := db.Order(q.Sorting, logSorting, "?TableAlias.booked_at DESC")
	if err != nil {
		return nil, 0, err
	}
	return db.List[StockLog](ctx, s.db, db.Page{Order: order, Skip: q.Skip, Limit: q.Limit}, func(sq *bun.SelectQuery) *bun.SelectQuery {
		sq = db.WhereContains(sq, q.MaterialCode, "material_code")
		sq = db.WhereContains(sq, q.BinCode, "bin_code")
		sq = db.WhereContains(sq, q.PlanNo, "plan_no")
		if q.Kind != nil {
			sq = sq.Where("?TableAlias.kind = ?", *q.Kind)
		}
		if q.Direction != nil {
			sq = sq.Where("?TableAlias.direction = ?", *q.Direction)
		}
		if from != nil {
			sq = sq.Where("?TableAlias.booked_at >= ?", *from)
		}
		if to != nil {
			sq = sq.Where("?TableAlias.booked_at < ?", *to)
		}
		return sq
	})
}
