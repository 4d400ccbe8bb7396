package orderdetail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
	"kerf/internal/salesorder"
)

// ListLines answers a page of one table's lines of an order, in line order.
func (s *Service) ListLines(ctx context.Context, table string, q LineQuery) ([]Line, int, error) {
	t, err := lineTableOf(table)
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.order(ctx, q.SalesOrderID); err != nil {
		return nil, 0, err
	}
	if q.Limit <= 0 || q.Limit > MaxPage {
		q.Limit = MaxPage
	}
	return t.list(ctx, s.store.idb, q)
}

// AddLines adds lines to one table of an order: each item either picked from the catalogue
// ({sourceId}: name, code, sizes, colour, unit and price copied, count 1; the table's select
// action) or typed in (the create action). Amounts and computed columns are the server's; the
// order's total follows, in the same transaction. It answers the lines added.
func (s *Service) AddLines(ctx context.Context, table string, in AddLinesInput) ([]Line, error) {
	t, err := lineTableOf(table)
	if err != nil {
		return nil, err
	}
	if len(in.Items) == 0 {
		return nil, apperr.Invalid("items", KeyNoItems)
	}
	if len(in.Items) > MaxAddItems {
		return nil, apperr.Invalid("items", KeyTooManyLines, MaxAddItems)
	}
	o, err := s.editable(ctx, in.SalesOrderID)
	if err != nil {
		return nil, err
	}
	row, c, err := s.tableOf(ctx, o.OrderTypeID, table)
	if err != nil {
		return nil, err
	}
	picked, typed := false, false
	for _, it := range in.Items {
		if it.SourceID != nil {
			picked = true
		} else {
			typed = true
		}
	}
	if picked {
		if err := s.requireAction(ctx, table, row, ActionSelect); err != nil {
			return nil, err
		}
	}
	if typed {
		if err := s.requireAction(ctx, table, row, ActionCreate); err != nil {
			return nil, err
		}
	}
	visible, err := s.visibility(ctx, c)
	if err != nil {
		return nil, err
	}
	lines := make([]Line, len(in.Items))
	givens := make([]map[string]bool, len(in.Items))
	ve := &apperr.ValidationError{}
	for i := range in.Items {
		it := &in.Items[i]
		if it.SourceID == nil {
			lines[i], givens[i] = fromInput(c, it, visible)
			continue
		}
		l, given, err := s.fromCatalog(ctx, table, *it.SourceID)
		if errors.Is(err, db.ErrNotFound) {
			ve.Add(fmt.Sprintf("items[%d].sourceId", i), KeySourceNotFound, s.tableLabel(ctx, table), i+1)
			continue
		}
		if err != nil {
			return nil, err
		}
		lines[i], givens[i] = l, given
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOrder(ctx, o.ID); err != nil {
			return err
		}
		last, err := t.maxLineNo(ctx, tx.idb, o.ID)
		if err != nil {
			return err
		}
		checks := make([]fileCheck, len(lines))
		for i := range lines {
			lines[i].Table, lines[i].SalesOrderID, lines[i].LineNo = table, o.ID, last+i+1
			member := fmt.Sprintf("items[%d].", i)
			s.addLineProblems(ctx, ve, c, member, lines[i].LineNo, settle(c, &lines[i], givens[i]))
			checks[i] = fileCheck{line: &lines[i], member: member}
		}
		if len(ve.Fields) == 0 {
			if err := s.checkFiles(ctx, tx, o.ID, c, checks, ve); err != nil {
				return err
			}
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		if err := t.insert(ctx, tx.idb, lines); err != nil {
			return err
		}
		_, err = s.settleTotal(ctx, tx, o.ID, "")
		return err
	})
	if err != nil {
		return nil, err
	}
	return lines, nil
}

// fromCatalog makes a line of table from the catalogue row id: a product (the product table
// and the sales list), a part (matter) or a standard product (its width, depth and height as
// length, width and height; it has no price). given tells the settlement that the count is
// to be its default (1), and the price too when the row has none.
func (s *Service) fromCatalog(ctx context.Context, table string, id uuid.UUID) (Line, map[string]bool, error) {
	l := Line{Table: table, Values: map[string]any{}}
	l.SourceID = &id
	given := map[string]bool{"count": false}
	var price *float64
	switch table {
	case TableMatter:
		p, err := s.catalog.GetPart(ctx, id)
		if err != nil {
			return l, nil, err
		}
		l.Name, l.Code, l.Color, l.Unit = p.Name, p.Code, p.Color, p.Unit
		l.Length, l.Width, l.Height, price = p.Length, p.Width, p.Height, p.Price
	case TableStandardProduct:
		p, err := s.catalog.GetStandardProduct(ctx, id)
		if err != nil {
			return l, nil, err
		}
		l.Name, l.Code = p.ProductName, p.ProductCode
		l.Length, l.Width, l.Height = p.ProductWidth, p.ProductDepth, p.ProductHeight
	default:
		p, err := s.catalog.GetProduct(ctx, id)
		if err != nil {
			return l, nil, err
		}
		l.Name, l.Code, l.Color, l.Unit = p.Name, p.Code, p.Color, p.Unit
		l.Length, l.Width, l.Height, price = p.Length, p.Width, p.Height, p.Price
	}
	given["price"] = price != nil
	l.setNumber("price", price)
	return l, given, nil
}

// BatchUpdate saves what the order screen changed when the user leaves it: per table the
// changed lines (with their id) and new lines (without), and the ids of lines removed, in
// one transaction with the order's stamp checked; computed columns are re-evaluated on the
// server (the client's computed values are ignored) and the files a line's file columns bring
// in must be line files of the order. The line files uploaded and dropped during the edit
// (removedFileIds) are deleted in the same transaction, after the lines are written (one a
// saved line still names is refused), and their bytes once it has committed. Nothing is
// changed when anything is wrong. It answers the order with its new totals and stamp (a body
// with no line change, only files, leaves the order's stamp as it is).
func (s *Service) BatchUpdate(ctx context.Context, in BatchUpdateInput) (*salesorder.SalesOrder, error) {
	ve := &apperr.ValidationError{}
	n := 0
	for key, ls := range in.Tables {
		if !IsLineTable(key) {
			ve.Add("tables."+key, KeyUnknownTable, key)
		}
		n += len(ls)
	}
	for key := range in.Deleted {
		if !IsLineTable(key) {
			ve.Add("deleted."+key, KeyUnknownTable, key)
		}
	}
	if n > MaxBatchLines {
		ve.Add("tables", KeyTooManyLines, MaxBatchLines)
	}
	if len(in.RemovedFileIDs) > MaxRemovedFiles {
		ve.Add("removedFileIds", KeyTooManyRemovedFiles, MaxRemovedFiles)
	}
	changes := n > 0
	for _, ids := range in.Deleted {
		changes = changes || len(ids) > 0
	}
	if err := ve.OrNil(); err != nil {
		return nil, err
	}
	o, err := s.editable(ctx, in.SalesOrderID)
	if err != nil {
		return nil, err
	}
	if in.ConcurrencyStamp != "" && in.ConcurrencyStamp != o.ConcurrencyStamp {
		return nil, fmt.Errorf("sales order %s: stale concurrency stamp: %w", o.ID, apperr.ErrConflict)
	}
	cfg, err := s.resolved(ctx, &o.OrderTypeID)
	if err != nil {
		return nil, err
	}
	type plan struct {
		table   lineTable
		c       *compiled
		visible visibility
	}
	plans := map[string]plan{}
	for _, key := range LineTables {
		ls := in.Tables[key]
		if len(ls) == 0 {
			continue
		}
		row := cfg[key]
		if row == nil || !row.Shown {
			return nil, apperr.User(KeyTableNotShown, s.tableLabel(ctx, key))
		}
		for _, l := range ls {
			if l.ID == nil {
				if err := s.requireAction(ctx, key, row, ActionCreate); err != nil {
					return nil, err
				}
				break
			}
		}
		c, err := compile(key, row)
		if err != nil {
			return nil, err
		}
		visible, err := s.visibility(ctx, c)
		if err != nil {
			return nil, err
		}
		plans[key] = plan{tables[key], c, visible}
	}
	var saved *salesorder.SalesOrder
	var dropped []salesorder.OrderFile
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOrder(ctx, o.ID); err != nil {
			return err
		}
		for _, key := range LineTables {
			if ids := in.Deleted[key]; len(ids) > 0 {
				if _, err := tables[key].remove(ctx, tx.idb, o.ID, ids); err != nil {
					return err
				}
			}
			p, ok := plans[key]
			if !ok {
				continue
			}
			if err := s.saveTable(ctx, tx, o.ID, key, p.table, p.c, p.visible, in.Tables[key], ve); err != nil {
				return err
			}
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		var err error
		if dropped, err = s.removeFiles(ctx, tx, o.ID, in.RemovedFileIDs, ve); err != nil {
			return err
		}
		if err := ve.OrNil(); err != nil {
			return err
		}
		if !changes {
			return nil
		}
		saved, err = s.settleTotal(ctx, tx, o.ID, in.ConcurrencyStamp)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(dropped) > 0 {
		// The files' rows are gone with the save; bytes that cannot be removed now are only
		// unused storage, so that is logged, not a failure of the save.
		if err := s.orders.DropFileBytes(context.WithoutCancel(ctx), dropped); err != nil {
			slog.ErrorContext(ctx, "orderdetail: delete the bytes of files removed during a line edit", "order", o.ID, "err", err)
		}
	}
	if saved == nil {
		return s.order(ctx, o.ID)
	}
	return saved, nil
}

// saveTable writes one table's changed and new lines of a batch update; what is wrong goes
// to ve (the caller rolls back).
func (s *Service) saveTable(ctx context.Context, tx store, orderID uuid.UUID, key string, t lineTable, c *compiled,
	visible visibility, inputs []LineInput, ve *apperr.ValidationError) error {
	var ids []uuid.UUID
	for _, in := range inputs {
		if in.ID != nil {
			ids = append(ids, *in.ID)
		}
	}
	stored, err := t.byIDs(ctx, tx.idb, orderID, ids)
	if err != nil {
		return err
	}
	byID := make(map[uuid.UUID]Line, len(stored))
	for _, l := range stored {
		byID[l.ID] = l
	}
	last, err := t.maxLineNo(ctx, tx.idb, orderID)
	if err != nil {
		return err
	}
	type change struct {
		line   Line
		stored Line
		stamp  string
		member string
	}
	var added []Line
	var addedAt []string
	var changed []change
	for i := range inputs {
		in := &inputs[i]
		member := fmt.Sprintf("tables.%s[%d].", key, i)
		if in.ID == nil {
			l, given := fromInput(c, in, visible)
			last++
			l.Table, l.SalesOrderID, l.LineNo = key, orderID, last
			if ps := settle(c, &l, given); len(ps) > 0 {
				s.addLineProblems(ctx, ve, c, member, l.LineNo, ps)
				continue
			}
			added, addedAt = append(added, l), append(addedAt, member)
			continue
		}
		cur, ok := byID[*in.ID]
		if !ok {
			ve.Add(member+"id", KeyLineOfOtherTable)
			continue
		}
		l, given := applyInput(c, cur, in, visible)
		if ps := settle(c, &l, given); len(ps) > 0 {
			s.addLineProblems(ctx, ve, c, member, l.LineNo, ps)
			continue
		}
		changed = append(changed, change{line: l, stored: cur, stamp: in.ConcurrencyStamp, member: member})
	}
	if len(ve.Fields) > 0 {
		return nil // nothing is written once a line is wrong
	}
	checks := make([]fileCheck, 0, len(added)+len(changed))
	for i := range added {
		checks = append(checks, fileCheck{line: &added[i], member: addedAt[i]})
	}
	for i := range changed {
		checks = append(checks, fileCheck{line: &changed[i].line, stored: &changed[i].stored, member: changed[i].member})
	}
	if err := s.checkFiles(ctx, tx, orderID, c, checks, ve); err != nil || len(ve.Fields) > 0 {
		return err
	}
	for i := range changed {
		if err := t.update(ctx, tx.idb, &changed[i].line, changed[i].stamp); err != nil {
			return err
		}
	}
	if len(added) == 0 {
		return nil
	}
	return t.insert(ctx, tx.idb, added)
}

// Clear removes every line of one table of an order (the table's clear action) and answers
// the order with its new totals.
func (s *Service) Clear(ctx context.Context, in ClearInput) (*salesorder.SalesOrder, error) {
	t, err := lineTableOf(in.Table)
	if err != nil {
		return nil, err
	}
	o, err := s.editable(ctx, in.SalesOrderID)
	if err != nil {
		return nil, err
	}
	row, _, err := s.tableOf(ctx, o.OrderTypeID, in.Table)
	if err != nil {
		return nil, err
	}
	if err := s.requireAction(ctx, in.Table, row, ActionClear); err != nil {
		return nil, err
	}
	var saved *salesorder.SalesOrder
	err = s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockOrder(ctx, o.ID); err != nil {
			return err
		}
		if err := t.clear(ctx, tx.idb, o.ID); err != nil {
			return err
		}
		var err error
		saved, err = s.settleTotal(ctx, tx, o.ID, "")
		return err
	})
	return saved, err
}

// DeleteLinesOf removes every line of the four tables of order o, in the caller's transaction
// tx (registered with salesorder.Service.OnDelete: a deleted order takes its lines with it).
func (s *Service) DeleteLinesOf(ctx context.Context, tx bun.IDB, o *salesorder.SalesOrder) error {
	st := s.store.with(tx)
	if err := st.lockOrder(ctx, o.ID); err != nil {
		return err
	}
	for _, key := range LineTables {
		if err := tables[key].clear(ctx, tx, o.ID); err != nil {
			return fmt.Errorf("delete the %s lines of order %s: %w", key, o.ID, err)
		}
	}
	return nil
}

// allLines answers every line of the order's line tables, by table, in line order.
func (s *Service) allLines(ctx context.Context, orderID uuid.UUID) (map[string][]Line, error) {
	out := map[string][]Line{}
	for _, key := range LineTables {
		ls, err := tables[key].all(ctx, s.store.idb, orderID)
		if err != nil {
			return nil, err
		}
		out[key] = ls
	}
	return out, nil
}

// sortedKeys answers the keys of cfg in their configured order.
func sortedKeys(cfg map[string]*DetailTable) []string {
	keys := make([]string, 0, len(cfg))
	for k := range cfg {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if cfg[keys[i]].Sort != cfg[keys[j]].Sort {
			return cfg[keys[i]].Sort < cfg[keys[j]].Sort
		}
		return keys[i] < keys[j]
	})
	return keys
}
