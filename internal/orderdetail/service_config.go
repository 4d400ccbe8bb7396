package orderdetail

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/google/uuid"

	"kerf/internal/platform/apperr"
	"kerf/internal/platform/db"
)

// ---- which tables an order shows ----

// resolved answers, per table key, the configuration row that applies to orders of
// orderType: the row of that type, else the row of every type; keys without either are
// absent.
func (s *Service) resolved(ctx context.Context, orderType *uuid.UUID) (map[string]*DetailTable, error) {
	rows, err := s.store.configRows(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]*DetailTable{}
	for i := range rows {
		r := &rows[i]
		switch {
		case r.OrderTypeID == nil:
			if _, ok := out[r.Key]; !ok {
				out[r.Key] = r
			}
		case orderType != nil && *r.OrderTypeID == *orderType:
			out[r.Key] = r
		}
	}
	return out, nil
}

// compile answers the compiled configuration of a line table from its row (nil: no columns,
// amount = price × count). A stored row was checked when it was saved.
func compile(key string, row *DetailTable) (*compiled, error) {
	if row == nil {
		return compiledDefault(key), nil
	}
	cols := slices.Clone(row.Columns)
	c, problems := checkTable(key, cols, row.Actions, nil, "")
	if len(problems) > 0 {
		return nil, fmt.Errorf("stored configuration of %s is not valid: %v", key, problems[0])
	}
	return c, nil
}

// tableOf answers the configuration row and the compiled table of one line table for orders
// of orderType.
func (s *Service) tableOf(ctx context.Context, orderType uuid.UUID, table string) (*DetailTable, *compiled, error) {
	cfg, err := s.resolved(ctx, &orderType)
	if err != nil {
		return nil, nil, err
	}
	row := cfg[table]
	c, err := compile(table, row)
	if err != nil {
		return nil, nil, err
	}
	return row, c, nil
}

// ShownTables answers the tables an order of orderType shows, in their order, with the
// columns the caller may see (titles in the caller's language) and the actions the caller
// holds.
func (s *Service) ShownTables(ctx context.Context, orderType *uuid.UUID) ([]ShownTable, error) {
	cfg, err := s.resolved(ctx, orderType)
	if err != nil {
		return nil, err
	}
	out := []ShownTable{}
	for _, key := range TableKeys {
		row := cfg[key]
		if row == nil || !row.Shown {
			continue
		}
		c, err := compile(key, row)
		if err != nil {
			return nil, err
		}
		visible, err := s.visibility(ctx, c)
		if err != nil {
			return nil, err
		}
		t := ShownTable{Key: key, DisplayName: s.tableLabel(ctx, key), Required: row.Required, Sort: row.Sort,
			Columns: []Column{}, Actions: row.Actions, GrantedActions: []string{}}
		for i := range row.Columns {
			col := row.Columns[i]
			if !visible(&col) {
				continue
			}
			label := s.fieldLabel(ctx, c, col.Key)
			if col.DisplayName == "" {
				col.DisplayName = label
			}
			if col.Title == "" {
				col.Title = col.DisplayName
			}
			t.Columns = append(t.Columns, col)
		}
		for _, a := range ActionNames {
			ok, err := s.granted(ctx, row.Actions.of(a))
			if err != nil {
				return nil, fmt.Errorf("check the actions of %s: %w", key, err)
			}
			if ok {
				t.GrantedActions = append(t.GrantedActions, a)
			}
		}
		t.ShowActions = len(t.Columns) > 0 && len(t.GrantedActions) > 0
		out = append(out, t)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Sort < out[j].Sort })
	return out, nil
}

// ---- the configuration ----

// Config answers the side's configuration rows, in their order.
func (s *Service) Config(ctx context.Context) ([]DetailTable, error) {
	rows, err := s.store.configRows(ctx)
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []DetailTable{}
	}
	return rows, nil
}

// checkConfig checks a whole configuration: known keys, one row per table and order type,
// order types of the side, and each table's columns and actions (checkTable). Every problem
// names the table and the column, localised.
func (s *Service) checkConfig(ctx context.Context, in *ConfigInput) error {
	ve := &apperr.ValidationError{}
	seen := map[configKey]bool{}
	types := map[uuid.UUID]bool{}
	for i := range in.Items {
		it := &in.Items[i]
		p := fmt.Sprintf("items[%d].", i)
		if !isTableKey(it.Key) {
			ve.Add(p+"key", KeyUnknownTable, it.Key)
			continue
		}
		k := keyOf(it.Key, it.OrderTypeID)
		if seen[k] {
			ve.Add(p+"orderTypeId", KeyConfigDuplicate, s.tableLabel(ctx, it.Key))
		}
		seen[k] = true
		if it.Sort < 0 || it.Sort > MaxSort {
			ve.Add(p+"sort", KeySort, s.tableLabel(ctx, it.Key))
		}
		if it.OrderTypeID != nil && *it.OrderTypeID != uuid.Nil {
			ok, known := types[*it.OrderTypeID]
			if !known {
				exists, err := s.orderTypeExists(ctx, *it.OrderTypeID)
				if err != nil {
					return err
				}
				ok, types[*it.OrderTypeID] = exists, exists
			}
			if !ok {
				ve.Add(p+"orderTypeId", KeyConfigOrderType, s.tableLabel(ctx, it.Key))
			}
		}
		_, problems := checkTable(it.Key, it.Columns, it.Actions, s.permissionExists, p)
		for _, pr := range problems {
			args := make([]any, len(pr.args))
			for j, a := range pr.args {
				switch v := a.(type) {
				case exprMessage:
					args[j] = s.t(ctx, v.key, v.args...)
				case string:
					if j == 0 || (pr.key == KeyActionPermission && j == 1) {
						args[j] = s.t(ctx, v) // the table's (and the action's) label key
					} else {
						args[j] = v
					}
				default:
					args[j] = a
				}
			}
			ve.Add(pr.member, pr.key, args...)
		}
	}
	return ve.OrNil()
}

// SaveConfig replaces the side's configuration with in, in one transaction: rows of a table
// and order type already there are changed (keeping their id), new ones added, missing ones
// removed. A bad expression, an unknown column or permission is refused naming the table and
// the column, and nothing is changed.
func (s *Service) SaveConfig(ctx context.Context, in ConfigInput) ([]DetailTable, error) {
	for i := range in.Items {
		if in.Items[i].OrderTypeID != nil && *in.Items[i].OrderTypeID == uuid.Nil {
			in.Items[i].OrderTypeID = nil
		}
		if in.Items[i].Columns == nil {
			in.Items[i].Columns = []Column{}
		}
		in.Items[i].Actions.normalise()
	}
	if err := s.checkConfig(ctx, &in); err != nil {
		return nil, err
	}
	err := s.store.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockConfig(ctx); err != nil {
			return err
		}
		current, err := tx.configRows(ctx)
		if err != nil {
			return err
		}
		byKey := map[configKey]*DetailTable{}
		for i := range current {
			byKey[keyOf(current[i].Key, current[i].OrderTypeID)] = &current[i]
		}
		var added []DetailTable
		for _, it := range in.Items {
			k := keyOf(it.Key, it.OrderTypeID)
			row, ok := byKey[k]
			if !ok {
				added = append(added, DetailTable{Key: it.Key, OrderTypeID: it.OrderTypeID, Shown: it.Shown,
					Required: it.Required, Sort: it.Sort, Columns: it.Columns, Actions: it.Actions})
				continue
			}
			delete(byKey, k)
			row.Shown, row.Required, row.Sort, row.Columns, row.Actions = it.Shown, it.Required, it.Sort, it.Columns, it.Actions
			if err := tx.updateConfig(ctx, row); err != nil {
				return err
			}
		}
		for _, row := range byKey {
			if err := tx.deleteConfig(ctx, row); err != nil {
				return err
			}
		}
		return tx.insertConfig(ctx, added)
	})
	if err != nil {
		return nil, err
	}
	return s.Config(ctx)
}

// EnsureDefaults gives the side of ctx the default configuration when it has never had one.
func (s *Service) EnsureDefaults(ctx context.Context) error { return ensureDefaults(ctx, s.store) }

// ensureDefaults is EnsureDefaults through st (in the transaction st is bound to, if any).
func ensureDefaults(ctx context.Context, st store) error {
	return st.inTx(ctx, func(ctx context.Context, tx store) error {
		if err := tx.lockConfig(ctx); err != nil {
			return err
		}
		has, err := tx.hasConfig(ctx)
		if err != nil || has {
			return err
		}
		return tx.insertConfig(ctx, DefaultConfig())
	})
}

// defaultActions grants every action of a line table to the area's action permissions.
func defaultActions() Actions {
	return Actions{Create: []string{PermDetailsCreate}, ImportExcel: []string{PermDetailsImportExcel},
		Clear: []string{PermDetailsClear}, Select: []string{PermDetailsSelect}, Export: []string{PermDetailsExport}}
}

// DefaultConfig is the configuration a side starts with (every order type): products
// (required), parts with their area, standard products and the sales list, each with amount
// = price × count, and the review tab.
func DefaultConfig() []DetailTable {
	text := func(key string, width int) Column { return Column{Key: key, DisplayWidth: width} }
	num := func(key string, width int) Column { return Column{Key: key, DisplayWidth: width} }
	count := Column{Key: "count", DisplayWidth: 90, Widget: WidgetNumber}
	price := Column{Key: "price", DisplayWidth: 100, Widget: WidgetNumber, DefaultValue: "0"}
	amount := Column{Key: "amount", DisplayWidth: 110, Widget: WidgetNumber, Compute: "price * count"}
	sizes := []Column{num("length", 90), num("width", 90), num("height", 90)}
	line := func(extra ...Column) []Column {
		cols := []Column{text("name", 200), text("code", 140)}
		cols = append(cols, sizes...)
		cols = append(cols, text("color", 100))
		cols = append(cols, extra...)
		return append(cols, count, price, amount, text("remark", 200))
	}
	area := Column{Key: "area", DisplayWidth: 100, Widget: WidgetNumber, Compute: "round(length * width / 1000000, 3)"}
	return []DetailTable{
		{Key: TableProduct, Shown: true, Required: true, Sort: 1, Columns: line(text("cabinet", 120)), Actions: defaultActions()},
		{Key: TableMatter, Shown: true, Sort: 2, Columns: line(area), Actions: defaultActions()},
		{Key: TableStandardProduct, Shown: true, Sort: 3, Columns: line(), Actions: defaultActions()},
		{Key: TableSalesLists, Shown: true, Sort: 4,
			Columns: []Column{text("name", 200), text("code", 140), text("unit", 80), count, price, amount, text("remark", 200)},
			Actions: Actions{Create: []string{PermDetailsCreate}, ImportExcel: []string{}, Clear: []string{PermDetailsClear},
				Select: []string{}, Export: []string{PermDetailsExport}}},
		{Key: TableExamine, Shown: true, Sort: 5, Columns: []Column{}, Actions: Actions{}},
	}
}

// orderTypeExists reports whether id is an order type of the side.
func (s *Service) orderTypeExists(ctx context.Context, id uuid.UUID) (bool, error) {
	_, err := s.orders.GetOrderType(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
